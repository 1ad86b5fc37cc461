/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.load;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The remote interface of {@link LoadServer}. */
public interface Load extends Remote {

    /** Returns x: the probe call whose latency is measured. */
    int ping(int x) throws RemoteException;

    /** Holds the caller (and a server thread and connection) for millis, then returns millis. */
    long hold(long millis) throws RemoteException;

    /**
     * What the server holds now: live threads, heap used after a GC (bytes)
     * and open file descriptors.
     */
    long[] stats() throws RemoteException;
}
