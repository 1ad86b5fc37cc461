/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;

/**
 * The base of the remote objects that the benchmarks' server JVMs export:
 * their answer to the {@code configuration()} of their remote interfaces
 * (PingService, BulkService, AppService), the RMI of the JVM that exported
 * them, the same for all. A class, not a default method, so that the remote
 * interfaces stay plain for the stubs; not itself Remote, so that a stub's
 * interfaces are those its subclass names.
 */
public abstract class ServedObject {

    /** The RMI properties of this JVM and the implementation of this object's stub. */
    public String configuration() throws RemoteException {
        return RmiConfiguration.describe(RemoteObject.toStub((Remote) this));
    }
}
