/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;

import org.grandejdk.bench.rmi.RmiConfiguration;

/**
 * The base of every application kernel's remote object: its answer to
 * {@link AppService#configuration()}, the same for all (a class, not a
 * default method, so that the remote interface stays plain for the stubs).
 */
abstract class AppServiceImpl implements AppService {

    @Override
    public String configuration() throws RemoteException {
        return RmiConfiguration.describe(RemoteObject.toStub(this));
    }
}
