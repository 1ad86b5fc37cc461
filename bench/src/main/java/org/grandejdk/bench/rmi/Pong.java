/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The client's callback of {@link PingService#pingpong} and {@link PingService#voidPingpong}. */
public interface Pong extends Remote {

    /** Returns its argument. */
    Object pong(Object value) throws RemoteException;

    /** Takes its argument (the callback of void pingpong). */
    void voidPong(Object value) throws RemoteException;
}
