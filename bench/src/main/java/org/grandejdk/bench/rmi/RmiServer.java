/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

import org.grandejdk.bench.Lifecycle;

/**
 * A server JVM ({@link ServerProcess}) that binds one remote object, and
 * this JVM's stub of it, checked: both ends run the RMI this JVM's options
 * select ({@link RmiConfiguration#checkBothEnds}). Closing it ends the
 * server. Public for the bulk area's server (org.grandejdk.bench.bulk).
 *
 * @param <S> the remote interface of the bound object
 */
public final class RmiServer<S extends Remote> implements AutoCloseable {

    /** How to ask the object at the other end which RMI its JVM runs. */
    @FunctionalInterface
    public interface ConfigurationQuery<S> {
        String configuration(S stub) throws RemoteException;
    }

    private final ServerProcess process;
    private S stub;
    private String configuration;

    private RmiServer(ServerProcess process) {
        this.process = process;
    }

    /**
     * Starts mainClass in a new JVM, looks up the object it binds as name
     * in its registry, and checks the RMI of both ends; if any of that
     * fails, ends the server again.
     */
    public static <S extends Remote> RmiServer<S> start(Class<?> mainClass, String name, Class<S> type,
                                                        ConfigurationQuery<S> query) throws Exception {
        RmiServer<S> server = new RmiServer<>(ServerProcess.start(mainClass));
        Lifecycle.setUpOrTearDown(server::close, () -> {
            server.stub = lookup(server.process, name, type);
            S stub = server.stub;
            server.configuration = RmiConfiguration.checkBothEnds("client", "server", stub,
                                                                  () -> query.configuration(stub));
        });
        return server;
    }

    /** The object bound as name in the registry of server (which printed its port). */
    public static <T extends Remote> T lookup(ServerProcess server, String name, Class<T> type)
            throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", server.port());
        return type.cast(registry.lookup(name));
    }

    /** This JVM's stub of the server's object. */
    public S stub() {
        return stub;
    }

    /** The RMI both ends run ({@link RmiConfiguration#describe}), for the log line. */
    public String configuration() {
        return configuration;
    }

    @Override
    public void close() throws Exception {
        process.close();
    }
}
