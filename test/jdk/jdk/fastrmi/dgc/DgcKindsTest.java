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
 * @summary jdk.fastrmi's two distributed collectors, chosen by the
 *          technology's kind (jdk.fastrmi.tcp.dgc and jdk.fastrmi.fabric.dgc,
 *          as the clients take the fabric by default): with leases a client
 *          that holds a stub for several lease periods keeps the object
 *          referenced (renewals), dropping the stub makes the server call
 *          unreferenced(), and a killed client's lease expires; without
 *          leases (cluster) a killed client's reference stays, and a clean
 *          on collection still ends it. A server admits references without
 *          a lease only over a technology it runs as cluster too (here both:
 *          its lease clients still get leases); security/DgcLeaseTest has
 *          the refusal. Server and clients in separate JVMs.
 * @run main/othervm/timeout=240 DgcKindsTest
 */

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

public class DgcKindsTest {

    // Clients renew at half the lease. A renewal that waits for a core,
    // or for the fabric's start, for more than half a lease lets the lease
    // lapse while the stub is held: with 1 s leases that happened in 2 of 4
    // runs on a 2-core machine running another test beside it.
    static final long LEASE = 3000;

    public interface Counter extends Remote {
        int next() throws RemoteException;
    }

    static final class CounterImpl implements Counter, Unreferenced {
        private final String name;
        private final PrintStream out;
        private int n;

        CounterImpl(String name, PrintStream out) {
            this.name = name;
            this.out = out;
        }

        public synchronized int next() {
            return ++n;
        }

        public void unreferenced() {
            out.println("UNREFERENCED " + name);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("server")) {
            server(Integer.parseInt(args[1]));
            return;
        }
        if (args.length > 0 && args[0].equals("client")) {
            client(Integer.parseInt(args[1]), args[2], args[3]);
            return;
        }
        int port = freePort();
        Process server = start(List.of("-Djava.rmi.dgc.leaseValue=" + LEASE, "-Djdk.fastrmi.tcp.dgc=cluster",
                                       "-Djdk.fastrmi.fabric.dgc=cluster"), "server", String.valueOf(port));
        BlockingQueue<String> serverOut = lines(server, "server");
        try {
            await(serverOut, "READY", 30);
            // lease: held for 3 leases (renewed), then dropped: unreferenced
            holdThenDrop(port, "lease", serverOut, "a", 3 * LEASE);

            // lease: a killed client's reference expires
            Process c2 = startClient(port, "lease", "b", "hold");
            await(lines(c2, "client b"), "HOLDING", 30);
            expectNone(serverOut, "UNREFERENCED b", 2 * LEASE);
            c2.destroyForcibly().waitFor();
            await(serverOut, "UNREFERENCED b", 20);

            // cluster: no renewals, so a killed client's reference stays...
            Process c3 = startClient(port, "cluster", "c", "hold");
            await(lines(c3, "client c"), "HOLDING", 30);
            c3.destroyForcibly().waitFor();
            expectNone(serverOut, "UNREFERENCED c", 4 * LEASE);
            // ...and a clean on collection ends one
            holdThenDrop(port, "cluster", serverOut, "d", 3 * LEASE);
            System.out.println("PASSED");
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    static void server(int port) throws Exception {
        Registry registry = LocateRegistry.createRegistry(port);
        List<Remote> keep = new ArrayList<>();
        for (String name : new String[] {"a", "b", "c", "d"}) {
            CounterImpl impl = new CounterImpl(name, System.out);
            keep.add(impl);
            registry.bind(name, UnicastRemoteObject.exportObject(impl, 0));
        }
        System.out.println("READY");
        Thread.sleep(200_000);     // the test destroys this JVM
    }

    static void client(int port, String name, String mode) throws Exception {
        Counter c = (Counter) LocateRegistry.getRegistry("127.0.0.1", port).lookup(name);
        if (c.next() != 1) {
            throw new AssertionError("first call");
        }
        System.out.println("HOLDING");
        if (mode.equals("hold")) {
            Thread.sleep(200_000);     // killed by the test
            return;
        }
        System.in.read();
        c.next();
        c = null;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(200);
        }
        System.out.println("DROPPED");
        Thread.sleep(1500);            // time for the DGC thread's clean call
    }

    /** A client JVM with the collector dgc that takes name's object and holds or drops it (mode). */
    static Process startClient(int port, String dgc, String name, String mode) throws Exception {
        return start(List.of("-Djdk.fastrmi.tcp.dgc=" + dgc, "-Djdk.fastrmi.fabric.dgc=" + dgc),
                     "client", String.valueOf(port), name, mode);
    }

    /**
     * A client with the collector dgc holds name's object: the server must
     * not report it unreferenced for heldMillis; once the client drops it,
     * the server must.
     */
    static void holdThenDrop(int port, String dgc, BlockingQueue<String> serverOut, String name,
                             long heldMillis) throws Exception {
        Process c = startClient(port, dgc, name, "drop");
        BlockingQueue<String> out = lines(c, "client " + name);
        await(out, "HOLDING", 30);
        expectNone(serverOut, "UNREFERENCED " + name, heldMillis);
        c.getOutputStream().write('\n');
        c.getOutputStream().flush();
        await(out, "DROPPED", 30);
        await(serverOut, "UNREFERENCED " + name, 20);
        c.waitFor(30, TimeUnit.SECONDS);
    }

    static Process start(List<String> opts, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(System.getProperty("test.vm.opts", "").split("\\s+")).stream()
                       .filter(s -> !s.isBlank()).toList());
        cmd.add("-Djava.rmi.provider=fastrmi");
        cmd.add("-Djava.rmi.server.hostname=127.0.0.1");
        cmd.addAll(opts);
        cmd.add("-cp");
        cmd.add(System.getProperty("test.class.path"));
        cmd.add(DgcKindsTest.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    static BlockingQueue<String> lines(Process p, String who) {
        BlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
                for (String line; (line = r.readLine()) != null; ) {
                    System.out.println("[" + who + "] " + line);
                    q.add(line);
                }
            } catch (Exception e) {
                // the process ended
            }
        });
        return q;
    }

    static void await(BlockingQueue<String> q, String line, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            String s = q.poll(100, TimeUnit.MILLISECONDS);
            if (line.equals(s)) {
                System.out.println("ok: " + line);
                return;
            }
        }
        throw new AssertionError("no \"" + line + "\" within " + seconds + " s");
    }

    static void expectNone(BlockingQueue<String> q, String line, long millis) throws Exception {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < end) {
            String s = q.poll(50, TimeUnit.MILLISECONDS);
            if (line.equals(s)) {
                throw new AssertionError("\"" + line + "\" too early");
            }
        }
        System.out.println("ok: no " + line + " for " + millis + " ms");
    }

    static int freePort() throws Exception {
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
