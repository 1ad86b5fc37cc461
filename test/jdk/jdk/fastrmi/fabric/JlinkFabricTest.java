/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

/*
 * @test
 * @summary libfastfabric is jdk.fastrmi's native library: `jlink
 *          --add-modules jdk.fastrmi` makes an image that holds
 *          lib/libfastfabric.so and bin/fastfabric-info, and two JVMs of
 *          that image (nothing else on their module path) make remote calls
 *          to each other over the fabric's shared memory.
 * @modules jdk.jlink
 * @run main/othervm/timeout=300 JlinkFabricTest
 */

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;

public class JlinkFabricTest {

    public interface Echo extends Remote {
        byte[] echo(byte[] data) throws RemoteException;
        double[] scale(double[] data, double factor) throws RemoteException;
    }

    static final class EchoImpl implements Echo {
        public byte[] echo(byte[] data) { return data; }
        public double[] scale(double[] data, double factor) {
            double[] r = data.clone();
            for (int i = 0; i < r.length; i++) {
                r[i] *= factor;
            }
            return r;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("server")) {
            server();
            return;
        }
        if (args.length > 0 && args[0].equals("client")) {
            client(Integer.parseInt(args[1]));
            return;
        }
        Path image = Path.of("fabric-image").toAbsolutePath();
        ToolProvider jlink = ToolProvider.findFirst("jlink").orElseThrow();
        int rc = jlink.run(System.out, System.err, "--add-modules", "jdk.fastrmi",
                           "--output", image.toString());
        check(rc == 0, "jlink --add-modules jdk.fastrmi exited " + rc);

        check(Files.isRegularFile(image.resolve("lib/libfastfabric.so")),
              "the jlinked image has lib/libfastfabric.so");
        check(Files.isExecutable(image.resolve("bin/fastfabric-info")),
              "the jlinked image has bin/fastfabric-info");
        String modules = run(List.of(image.resolve("bin/java").toString(), "--list-modules"), 60);
        check(modules.contains("jdk.fastrmi") && !modules.contains("jdk.compiler"),
              "the image holds jdk.fastrmi and not the whole JDK:\n" + modules);
        String info = run(List.of(image.resolve("bin/fastfabric-info").toString()), 60);
        check(info.contains("libfastfabric ") && info.lines().anyMatch(
                      l -> l.startsWith("provider shm") && l.contains("available (as shm")),
              "fastfabric-info of the image finds libfabric's shm provider:\n" + info);

        // A server and a client on the jlinked image, on the loopback.
        List<String> java = List.of(image.resolve("bin/java").toString(),
                "-Djava.rmi.provider=fastrmi", "-Djava.rmi.server.hostname=127.0.0.1",
                "-cp", System.getProperty("test.classes"), "JlinkFabricTest");
        List<String> serverCmd = new ArrayList<>(java);
        serverCmd.add("server");
        Process server = new ProcessBuilder(serverCmd).redirectErrorStream(true).start();
        try {
            var out = new java.io.BufferedReader(new java.io.InputStreamReader(
                    server.getInputStream(), StandardCharsets.UTF_8));
            String line;
            int port = -1;
            while ((line = out.readLine()) != null) {
                System.out.println("[server] " + line);
                if (line.startsWith("ready ")) {
                    port = Integer.parseInt(line.substring(6));
                    break;
                }
            }
            check(port > 0, "the server on the jlinked image started");
            List<String> clientCmd = new ArrayList<>(java);
            clientCmd.addAll(List.of("client", Integer.toString(port)));
            String client = run(clientCmd, 120);
            check(client.contains("technology fabric:shm"),
                  "the client's stub uses the fabric's shared memory:\n" + client);
            check(client.contains("calls ok"), "every call returned its value:\n" + client);
        } finally {
            server.destroyForcibly();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    static void server() throws Exception {
        Echo stub = (Echo) UnicastRemoteObject.exportObject(new EchoImpl(), 0);
        Registry registry = null;
        for (int attempt = 0; registry == null; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            try {
                registry = LocateRegistry.createRegistry(port);
                registry.rebind("echo", stub);
                System.out.println("ready " + port);
            } catch (ExportException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
        // Ends when the test destroys it, or after five minutes at most.
        Thread.sleep(TimeUnit.MINUTES.toMillis(5));
    }

    static void client(int port) throws Exception {
        Echo echo = (Echo) LocateRegistry.getRegistry("127.0.0.1", port).lookup("echo");
        // The first call sets the connection up; the technology is then known.
        byte[] small = { 1, 2, 3 };
        check(Arrays.equals(echo.echo(small), small), "echo of 3 bytes");
        Class<?> fastRmi = Class.forName("jdk.fastrmi.FastRMI");
        // tcp while the fabric starts in the background (FastRMI.technology); then the fabric
        Object technology = null;
        for (int i = 0; i < 3000 && !"fabric:shm".equals(technology); i++) {
            technology = fastRmi.getMethod("technology", Remote.class).invoke(null, echo);
            Thread.sleep(10);
        }
        System.out.println("technology " + technology);
        for (int size : new int[] { 0, 65_536, 1 << 20 }) {
            byte[] data = new byte[size];
            new java.util.Random(size).nextBytes(data);
            check(Arrays.equals(echo.echo(data), data), "echo of " + size + " bytes");
        }
        double[] d = new double[5000];
        Arrays.setAll(d, i -> i * 0.5);
        double[] scaled = echo.scale(d, 2.0);
        for (int i = 0; i < d.length; i++) {
            check(scaled[i] == i, "scale at " + i);
        }
        System.out.println("calls ok");
        System.exit(0);
    }

    static String run(List<String> cmd, long seconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        check(p.waitFor(seconds, TimeUnit.SECONDS), String.join(" ", cmd) + " did not end");
        String text = new String(out, StandardCharsets.UTF_8);
        System.out.println("$ " + String.join(" ", cmd) + "\n" + text);
        check(p.exitValue() == 0, String.join(" ", cmd) + " exited " + p.exitValue());
        return text;
    }

    static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("failed: " + what);
        }
        System.out.println("ok: " + what);
    }
}
