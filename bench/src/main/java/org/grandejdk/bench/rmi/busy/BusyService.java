/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.busy;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote interface of the busy-neighbours driver ({@link
 * BusyNeighbours}), implemented by {@link BusyServer}, whose JVM computes
 * beside the calls as the client's does.
 */
public interface BusyService extends Remote {

    void ping() throws RemoteException;

    /** Pings received so far. */
    long pings() throws RemoteException;

    /** Rounds the server JVM's compute thread has finished so far. */
    long computeRounds() throws RemoteException;

    /** The RMI of the server's JVM (RmiConfiguration.describe). */
    String configuration() throws RemoteException;
}
