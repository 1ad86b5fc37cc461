/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The methods of Table 1 of Haumacher and Philippsen, "Exploiting Object
 * Locality in JavaParty", called on an object in the same JVM
 * ({@link LocalCallBench}).
 */
public interface LocalService extends Remote {

    void voidFoo() throws RemoteException;

    int intFoo() throws RemoteException;

    void fooInt(int a) throws RemoteException;

    void fooIntInt(int a, int b) throws RemoteException;

    /** Called with an object that need not be copied where RMI knows it is immutable. */
    void fooImmutable(Pair pair) throws RemoteException;

    /** Called with an object that a remote call must copy. */
    void fooCopied(Pair pair) throws RemoteException;

    /** The id of the thread that runs the method, for the set-up check. */
    long threadId() throws RemoteException;
}
