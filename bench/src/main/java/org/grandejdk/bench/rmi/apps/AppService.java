/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * What every remote object of the application kernels (Philippsen,
 * Haumacher and Nester, "More Efficient Serialization and RMI for Java",
 * section 6.1c) answers besides its own calls: the RMI configuration of the JVM
 * that exported it, for the master's set-up check ({@link Workers#lookup}).
 */
public interface AppService extends Remote {

    /**
     * The worker's RMI configuration: its properties and the class of the
     * stub of its own exported object.
     */
    String configuration() throws RemoteException;
}
