/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.cold;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote interface of the cold-start program ({@link ColdStart}),
 * implemented by {@link ColdServer} in the server JVM.
 */
public interface ColdService extends Remote {

    void ping() throws RemoteException;

    /**
     * Blocks until {@link #release} or millis have passed, as a listener's
     * long poll does (JMX's fetchNotifications); true if released.
     */
    boolean await(long millis) throws RemoteException;

    /** Ends every {@link #await}, now and later. */
    void release() throws RemoteException;

    /**
     * How many pings had arrived when the first {@link #await} did, or -1
     * if none has: whether a background waiter was there from the start.
     */
    long pingsBeforeWaiter() throws RemoteException;

    /** The RMI of the server's JVM (RmiConfiguration.describe). */
    String configuration() throws RemoteException;
}
