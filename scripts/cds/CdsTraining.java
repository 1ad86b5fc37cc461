/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package grande.cdstraining;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The training run behind the image's default CDS archive (scripts/cds/
 * train.sh): an RMI server JVM and a client JVM of the image do what an
 * unchanged java.rmi program does in its first seconds (registry, lookup,
 * calls with primitives, strings, arrays, collections and objects, a
 * remote exception, a callback, calls within the JVM), once on the stock
 * provider and once on jdk.fastrmi with its default technologies until
 * calls run on the fabric.
 * Each JVM writes the classes it loaded ({@code -XX:DumpLoadedClassList});
 * train.sh adds them to the JDK's own class list, and the archive dumped
 * from it loads them at start-up instead of from the modules.
 *
 * <p>{@code CdsTraining OUTDIR} runs the rounds; {@code server} and
 * {@code client PORT} are the two JVMs of a round.
 */
public final class CdsTraining {

    /** What a remote interface of an application looks like. */
    public interface Service extends Remote {
        void ping() throws RemoteException;

        int add(int a, int b) throws RemoteException;

        String greet(String name) throws RemoteException;

        double[] scale(double[] values, double factor) throws RemoteException;

        byte[] echo(byte[] data) throws RemoteException;

        Map<String, List<Point>> group(List<Point> points) throws RemoteException;

        void fail(String message) throws RemoteException, TrainingException;

        int callBack(Listener listener, int times) throws RemoteException;
    }

    /** A callback the client exports. */
    public interface Listener extends Remote {
        void notify(Point point) throws RemoteException;
    }

    /** An application's value class. */
    public record Point(int x, int y, String label) implements Serializable {
    }

    /** An application's checked exception. */
    public static final class TrainingException extends Exception {
        private static final long serialVersionUID = 1L;

        public TrainingException(String message) {
            super(message);
        }
    }

    private static final String NAME = "training";
    private static final int PINGS = 3000;
    private static final long ROUND_SECONDS = 120;
    private static final long FABRIC_WAIT_MILLIS = 15_000;

    private CdsTraining() {
    }

    public static void main(String[] args) throws Exception {
        switch (args.length > 0 ? args[0] : "") {
            case "server" -> serve();
            case "client" -> call(Integer.parseInt(args[1]));
            default -> {
                if (args.length != 1) {
                    throw new IllegalArgumentException("usage: CdsTraining OUTDIR");
                }
                Path out = Path.of(args[0]);
                round(out, "stock", List.of());
                round(out, "fastrmi", List.of("-Djava.rmi.provider=fastrmi"));
            }
        }
    }

    /** A server JVM and a client JVM of this image, each writing its class list. */
    private static void round(Path out, String name, List<String> options) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classPath = System.getProperty("java.class.path");
        // -Xshare:off: the lists are the same whether the archive is the
        // JDK's or an earlier training's
        List<String> common = new ArrayList<>(List.of(java.toString(),
                "-Djava.rmi.server.hostname=127.0.0.1", "-Xshare:off", "-cp", classPath));
        common.addAll(options);

        List<String> server = new ArrayList<>(common);
        server.add(1, "-XX:DumpLoadedClassList=" + out.resolve(name + "-server.classlist"));
        server.addAll(List.of(CdsTraining.class.getName(), "server"));
        Process serverProcess = new ProcessBuilder(server)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader lines = new BufferedReader(
                    new InputStreamReader(serverProcess.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return lines.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            String line;
            try {
                line = first.get(ROUND_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new IOException(name + ": the server did not start in " + ROUND_SECONDS + " s");
            }
            if (line == null || !line.startsWith("port ")) {
                throw new IOException(name + ": the server did not start: " + line);
            }
            int port = Integer.parseInt(line.substring(5));

            List<String> client = new ArrayList<>(common);
            client.add(1, "-XX:DumpLoadedClassList=" + out.resolve(name + "-client.classlist"));
            client.addAll(List.of(CdsTraining.class.getName(), "client", Integer.toString(port)));
            Process clientProcess = new ProcessBuilder(client).inheritIO().start();
            if (!clientProcess.waitFor(ROUND_SECONDS, TimeUnit.SECONDS)) {
                clientProcess.destroyForcibly();
                throw new IOException(name + ": the client did not finish in " + ROUND_SECONDS + " s");
            }
            if (clientProcess.exitValue() != 0) {
                throw new IOException(name + ": the client failed (exit " + clientProcess.exitValue() + ")");
            }
            serverProcess.getOutputStream().close();    // the server ends with its input
            if (!serverProcess.waitFor(30, TimeUnit.SECONDS) || serverProcess.exitValue() != 0) {
                throw new IOException(name + ": the server did not end cleanly");
            }
        } finally {
            serverProcess.destroyForcibly();
        }
    }

    private static final class ServiceImpl implements Service {
        @Override
        public void ping() {
        }

        @Override
        public int add(int a, int b) {
            return a + b;
        }

        @Override
        public String greet(String name) {
            return "hello, " + name;
        }

        @Override
        public double[] scale(double[] values, double factor) {
            double[] result = values.clone();
            for (int i = 0; i < result.length; i++) {
                result[i] *= factor;
            }
            return result;
        }

        @Override
        public byte[] echo(byte[] data) {
            return data;
        }

        @Override
        public Map<String, List<Point>> group(List<Point> points) {
            Map<String, List<Point>> groups = new HashMap<>();
            for (Point p : points) {
                groups.computeIfAbsent(p.label(), k -> new ArrayList<>()).add(p);
            }
            return groups;
        }

        @Override
        public void fail(String message) throws TrainingException {
            throw new TrainingException(message);
        }

        @Override
        public int callBack(Listener listener, int times) throws RemoteException {
            for (int i = 0; i < times; i++) {
                listener.notify(new Point(i, -i, "callback"));
            }
            return times;
        }
    }

    private static void serve() throws Exception {
        ServiceImpl impl = new ServiceImpl();
        Service stub = (Service) UnicastRemoteObject.exportObject(impl, 0);
        Registry registry = null;
        int port = 0;
        for (int attempt = 0; registry == null; attempt++) {
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
            try {
                registry = LocateRegistry.createRegistry(port);
            } catch (ExportException e) {
                if (attempt == 5) {
                    throw e;        // the port was taken each time between probe and export
                }
            }
        }
        registry.rebind(NAME, stub);
        System.out.println("port " + port);
        System.out.flush();
        // until the round closes the input
        while (System.in.read() >= 0) {
            // nothing
        }
        registry.unbind(NAME);
        UnicastRemoteObject.unexportObject(impl, true);
        UnicastRemoteObject.unexportObject(registry, true);
    }

    private static final class ListenerImpl implements Listener {
        int notified;

        @Override
        public void notify(Point point) {
            notified++;
        }
    }

    private static void call(int port) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        Service service = (Service) registry.lookup(NAME);
        String technology = waitForFabric(service);
        for (int i = 0; i < PINGS; i++) {
            service.ping();
        }
        check(service.add(2, 3) == 5, "add");
        check(service.greet("cds").equals("hello, cds"), "greet");
        double[] values = new double[1024];
        Arrays.setAll(values, i -> i);
        for (int i = 0; i < 200; i++) {
            check(service.scale(values, 2)[1023] == 2046, "scale");
            check(service.echo(new byte[64 * 1024]).length == 64 * 1024, "echo");
            check(service.add(i, 1) == i + 1, "add");
        }
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            points.add(new Point(i, i * i, "group" + (i % 4)));
        }
        for (int i = 0; i < 100; i++) {
            check(service.group(points).get("group1").size() == 25, "group");
        }
        for (int i = 0; i < 20; i++) {
            try {
                service.fail("expected");
                throw new AssertionError("fail() returned");
            } catch (TrainingException expected) {
                check(expected.getMessage().equals("expected"), "fail");
            }
        }
        ListenerImpl listener = new ListenerImpl();
        Listener listenerStub = (Listener) UnicastRemoteObject.exportObject(listener, 0);
        check(service.callBack(listenerStub, 100) == 100 && listener.notified == 100, "callBack");
        for (int i = 0; i < 100; i++) {
            listenerStub.notify(new Point(i, i, "local"));      // a call within the JVM
        }
        check(listener.notified == 200, "local calls");
        UnicastRemoteObject.unexportObject(listener, true);
        System.out.println("cds training: " + PINGS + " pings and the other calls on "
                           + System.getProperty("java.rmi.provider", "stock RMI")
                           + (technology.isEmpty() ? "" : " (" + technology + ")"));
    }

    /**
     * On jdk.fastrmi, calls until they run on the fabric (it starts in the
     * background), or a while if it never does (no libfabric): the training
     * should load what a program's later calls load.
     */
    private static String waitForFabric(Service service) throws Exception {
        if (!"fastrmi".equals(System.getProperty("java.rmi.provider"))) {
            return "";
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FABRIC_WAIT_MILLIS);
        String technology = jdk.fastrmi.FastRMI.technology(service);
        while (!technology.startsWith("fabric") && System.nanoTime() < deadline) {
            service.ping();
            Thread.sleep(10);
            technology = jdk.fastrmi.FastRMI.technology(service);
        }
        return technology;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("wrong result of " + what);
        }
    }
}
