/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote interface of the two-node kernels of Philippsen, Haumacher and
 * Nester, "More Efficient Serialization and RMI for Java", section 6.1,
 * implemented by {@link PingServer} in the server JVM.
 */
public interface PingService extends Remote {

    void ping() throws RemoteException;

    void ping(int a, int b) throws RemoteException;

    void ping(int a, int b, float x, float y) throws RemoteException;

    /** The paper's void ping(obj): the object travels there only. */
    void voidPing(Object value) throws RemoteException;

    /** Returns its argument: the object travels there and back. */
    Object ping(Object value) throws RemoteException;

    /**
     * The paper's void pingpong(obj): calls {@link Pong#voidPong} with the
     * object on the callback set with {@link #setPong} (a remote object in
     * the client JVM): both calls complete before this one returns.
     */
    void voidPingpong(Object value) throws RemoteException;

    /**
     * Calls {@link Pong#pong} on the callback set with {@link #setPong}
     * and returns what it returned: the object travels to the server, back
     * to the client, to the server and back again.
     */
    Object pingpong(Object value) throws RemoteException;

    /** The callback of {@link #pingpong}, exported by the client. */
    void setPong(Pong pong) throws RemoteException;

    /**
     * The server's RMI configuration: its properties and the class of the
     * stub of its own exported object, for the benchmark's set-up check.
     */
    String configuration() throws RemoteException;
}
