/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/**
 * The server JVM of {@link RemoteCallBench}: a registry with a
 * {@link PingService} bound as {@value #NAME}, on whatever RMI this JVM's
 * properties select (the benchmark's, see {@link ServerProcess}). Prints
 * {@code PORT n} (the registry's port) when ready; unexports everything and
 * exits when its standard input ends.
 */
public final class PingServer {

    static final String NAME = "ping";

    /** Attempts at a free port for the registry (another program may take it first). */
    private static final int REGISTRY_ATTEMPTS = 20;

    static final class PingServiceImpl extends ServedObject implements PingService {
        private volatile Pong pong;

        @Override
        public void ping() {
        }

        @Override
        public void ping(int a, int b) {
        }

        @Override
        public void ping(int a, int b, float x, float y) {
        }

        @Override
        public void voidPing(Object value) {
        }

        @Override
        public Object ping(Object value) {
            return value;
        }

        @Override
        public void voidPingpong(Object value) throws RemoteException {
            callback().voidPong(value);
        }

        @Override
        public Object pingpong(Object value) throws RemoteException {
            return callback().pong(value);
        }

        private Pong callback() {
            Pong callback = pong;
            if (callback == null) {
                throw new IllegalStateException("pingpong before setPong");
            }
            return callback;
        }

        @Override
        public void setPong(Pong pong) {
            this.pong = pong;
        }
    }

    private PingServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> ServerProcess.serveUntilEndOfInput(NAME, new PingServiceImpl()));
    }

    /**
     * A registry on a free port, stored in port[0]. The stock API cannot say
     * which port createRegistry(0) took, so a port is found free first.
     */
    public static Registry createRegistry(int[] port) throws IOException {
        RemoteException last = null;
        for (int i = 0; i < REGISTRY_ATTEMPTS; i++) {
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port[0] = probe.getLocalPort();
            }
            try {
                return LocateRegistry.createRegistry(port[0]);
            } catch (RemoteException e) {
                last = e;   // taken in between (ExportException): try another
            }
        }
        throw last;
    }
}
