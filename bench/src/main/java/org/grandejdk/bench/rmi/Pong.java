/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The client's callback of {@link PingService#pingpong}. */
public interface Pong extends Remote {

    /** Returns its argument. */
    Object pong(Object value) throws RemoteException;
}
