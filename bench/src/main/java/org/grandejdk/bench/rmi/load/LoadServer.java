/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.load;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.stream.Stream;

import org.grandejdk.bench.rmi.PingServer;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * The server JVM of {@link ServerLoad}: a registry with a {@link Load}
 * bound as {@value #NAME}, on whatever RMI this JVM's properties select.
 * Prints {@code PORT n} when ready; exits when its standard input ends.
 */
public final class LoadServer implements Load {

    static final String NAME = "load";

    @Override
    public int ping(int x) {
        return x;
    }

    @Override
    public long hold(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return millis;
    }

    @Override
    public long[] stats() {
        System.gc();
        long threads = ManagementFactory.getThreadMXBean().getThreadCount();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long fds;
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            fds = s.count();
        } catch (IOException e) {
            fds = -1;
        }
        return new long[] {threads, heap, fds};
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> {
            LoadServer server = new LoadServer();
            Load stub = (Load) UnicastRemoteObject.exportObject(server, 0);
            int[] port = new int[1];
            Registry registry = PingServer.createRegistry(port);
            registry.bind(NAME, stub);
            System.out.println("PORT " + port[0]);
            System.out.flush();
            ServerProcess.awaitEndOfInput();
            UnicastRemoteObject.unexportObject(server, true);
            UnicastRemoteObject.unexportObject(registry, true);
        });
    }
}
