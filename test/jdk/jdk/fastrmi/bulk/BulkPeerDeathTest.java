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
 * @test id=tcp
 * @summary A server JVM killed (SIGKILL) in the middle of a 16 MiB echo
 *          over jdk.fastrmi's tcp. Each server's round trips (byte[] of
 *          0, 1, 100, rendezvous threshold - 1, threshold, threshold + 1,
 *          1 MiB and 16 MiB, and a double[512][4096]) come back equal, and
 *          FastRMI.technology names tcp before and after them. A warm-up
 *          server makes its round trips and stops. (a) A fresh server makes
 *          its round trips, then prints the length and hash of the 16 MiB
 *          argument of a call it holds, as sent; killed then, the waiting
 *          call ends with a java.rmi.UnmarshalException (stock RMI's for a
 *          reply that breaks off) within 10 s of the kill. (b) A fresh
 *          server makes its round trips and is frozen (SIGSTOP); a 16 MiB
 *          echo to it has not ended 500 ms later; killed then, the call
 *          ends with a MarshalException or an UnmarshalException (which one
 *          depends on how much of the frame the transport could put away)
 *          within 10 s of the kill. (c) A fresh server makes its round
 *          trips. After each kill, within 10 s: no thread named fastrmi-*
 *          that was not alive after the warm-up is alive. After the warm-up
 *          server's exit and after each kill, within 10 s, collecting
 *          garbage (a mapping goes once nothing reaches it): this JVM has
 *          no more open descriptors and no more mappings of
 *          "/memfd:fastrmi-bulk" (the bulk regions, its own and its
 *          peers') and "/memfd:fastrmi-doorbell" (shm's doorbells) than
 *          at its start. The bounds are multiplied by the
 *          timeout factor.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer BulkPeerDeathTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Djdk.fastrmi.tcp.idleTimeout=2000
 *      -Dtest.fastrmi.technology=tcp BulkPeerDeathTest
 */

/*
 * @test id=shm
 * @summary The same over the fabric's shared memory (fabric:shm), where a
 *          frame longer than the rendezvous threshold goes through the
 *          sender's bulk region (made with memfd_create, mapped by the
 *          peer through /proc): the client's descriptors and mappings of
 *          "/memfd:fastrmi-bulk", of its own regions and of the dead
 *          server's, and of the doorbells ("/memfd:fastrmi-doorbell"),
 *          must go with the connection, and neither call may be
 *          left waiting for the dead server. Skipped where libfabric offers
 *          no shm.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer BulkPeerDeathTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=shm
 *      -Djdk.fastrmi.tcp.idleTimeout=2000 -Dtest.fastrmi.technology=fabric:shm BulkPeerDeathTest
 */

/*
 * @test id=tcp-ofi_rxm
 * @summary The same over libfabric's tcp provider (fabric:tcp;ofi_rxm,
 *          FI_TCP_IFACE=lo from the environment, which the servers
 *          inherit), where a 16 MiB frame goes through libfabric as an
 *          eager message of 64 KiB and bulk messages of up to 1 MiB: in (b)
 *          the frozen server takes none of them, and once it is killed the
 *          call must end with a MarshalException or an
 *          UnmarshalException within 10 s, as over tcp. Skipped where
 *          libfabric offers no tcp;ofi_rxm.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer BulkPeerDeathTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=tcp;ofi_rxm
 *      -Djdk.fastrmi.tcp.idleTimeout=2000 -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm BulkPeerDeathTest
 */

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import grande.test.Checks;
import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/*
 * The test JVM is the client; its @run line configures both JVMs (ChildJvm
 * passes every jdk.fastrmi.* property on). jdk.fastrmi.tcp.idleTimeout is
 * short so that the warm-up server's idle connection, and with it what the
 * client holds of bulk regions, ends within the bounds below once that
 * server has exited; a connection in a call is not idle, so no call here is
 * affected.
 */
public class BulkPeerDeathTest {

    /** The bound (seconds, scaled) on the end of a call after its server was killed. */
    static final long CALL_BOUND = 10;

    /** The bound (seconds, scaled) on the threads, descriptors and mappings of a dead connection. */
    static final long CLEANUP_BOUND = 10;

    /**
     * What the kernel shows for a bulk region (a file made with
     * memfd_create, named fastrmi-bulk), as the target of a descriptor's
     * link in /proc/self/fd and as a mapping's path in /proc/self/maps,
     * followed there by " (deleted)".
     */
    static final String BULK_REGION = "/memfd:fastrmi-bulk";

    /** The same for a doorbell, a page each end of a shm connection sleeps on and the peer maps. */
    static final String DOORBELL = "/memfd:fastrmi-doorbell";

    static final String THREAD_PREFIX = "fastrmi-";

    /** The name of the test's thread that makes the call in flight at the kill. */
    static final String CALL_THREAD = "call-in-flight";

    public static void main(String[] args) throws Exception {
        String expected = Bulk.technology();
        BulkHeld atStart = BulkHeld.now();
        System.out.println("the client is process " + ProcessHandle.current().pid() + "; it holds " + atStart);
        long start = System.nanoTime();

        warmUp(expected, atStart);
        // every thread of the runtime that outlives one connection runs now
        Set<Long> baseline = fastrmiThreads().keySet();
        System.out.println("fastrmi threads after the warm-up: " + fastrmiThreads().values());

        killedWaitingForReply(expected, atStart, baseline);
        killedWhileFrozen(expected, atStart, baseline);
        try (ChildJvm server = ChildJvm.startServer("BulkServer", Bulk.SERVER_OPTIONS)) {
            calledService(expected, server, "a third server, after the second one's death");
            server.stop(60);
        }
        System.out.printf("done in %d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /**
     * A first server, called over the technology and then stopped: the
     * runtime's JVM-wide threads (DGC, watchdog, and any the technology
     * starts at its first connection or large frame) are running after it,
     * so that a thread new after it belongs to a later connection. Its
     * connection ends when the watchdog finds it idle; what the client
     * holds of bulk regions must then be back to what it was, the baseline
     * of the later checks.
     */
    static void warmUp(String expected, BulkHeld atStart) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("BulkServer", Bulk.SERVER_OPTIONS)) {
            calledService(expected, server, "the warm-up server");
            server.stop(60);
        }
        expectHeldBack(atStart, "after the warm-up server exited");
    }

    /** (a) */
    static void killedWaitingForReply(String expected, BulkHeld atStart, Set<Long> baseline)
            throws Exception {
        try (ChildJvm server = ChildJvm.startServer("BulkServer", Bulk.SERVER_OPTIONS)) {
            BulkService service = calledService(expected, server, "the first server to be killed");

            byte[] b = Bulk.bytes(Bulk.LARGE, 42);
            Checks.Background call = Checks.inBackground(CALL_THREAD,
                    () -> service.receiveAndHold(b, ChildJvm.millis(120)));
            expectEquals(b.length + " " + Arrays.hashCode(b), server.awaitLine("RECEIVED ", 60),
                         "what the server received (length and hash) before it holds the call");
            RemoteException e = killDuring(server, call, "the call waiting for the killed server's reply");
            // the request was delivered whole: stock RMI's exception for a reply that breaks off
            expectEquals(UnmarshalException.class, e.getClass(), "the exception's class");

            expectNoNewThreads(baseline, "after the server's death during a call");
            expectHeldBack(atStart, "after the server's death during a call");
        }
    }

    /** (b) */
    static void killedWhileFrozen(String expected, BulkHeld atStart, Set<Long> baseline)
            throws Exception {
        try (ChildJvm server = ChildJvm.startServer("BulkServer", Bulk.SERVER_OPTIONS)) {
            // the client's runtime after a peer's death still serves a fresh one
            BulkService service = calledService(expected, server, "a fresh server, after the first one's death");

            server.signal("STOP");
            byte[] b = Bulk.bytes(Bulk.LARGE, 43);
            Checks.Background call = Checks.inBackground(CALL_THREAD, () -> service.echoBytes(b));
            // time to fill what the transport holds of the frame; the frozen server reads nothing
            Thread.sleep(500);
            expect(!call.isDone(), "the 16 MiB call to the frozen server has not ended after 500 ms");
            RemoteException e = killDuring(server, call, "the call to the frozen, then killed, server");
            expect(e.getClass() == MarshalException.class || e.getClass() == UnmarshalException.class,
                   "a MarshalException (sending) or an UnmarshalException (waiting for the reply): "
                   + e.getClass().getName());

            expectNoNewThreads(baseline, "after the frozen server's death");
            expectHeldBack(atStart, "after the frozen server's death");
        }
    }

    /** The server's bulk service, after roundTrips over it. */
    static BulkService calledService(String expected, ChildJvm server, String what) throws Exception {
        BulkService service = server.lookup("bulk");
        roundTrips(expected, service, what);
        return service;
    }

    /**
     * Kills the server while call is in flight: the RemoteException call
     * ends in (expectCallEnds), printed.
     */
    static RemoteException killDuring(ChildJvm server, Checks.Background call, String what) throws Exception {
        System.out.println("before the kill, with " + what + " in flight, the client holds " + BulkHeld.now());
        long killed = System.nanoTime();
        server.kill();
        RemoteException e = expectCallEnds(call, killed, what);
        e.printStackTrace(System.out);
        return e;
    }

    /**
     * Small calls, calls across the rendezvous threshold and a 16 MiB one:
     * the connection has done what a bulk transfer sets up before the test
     * kills its server; checks the technology before and after.
     */
    static void roundTrips(String expected, BulkService service, String what) throws RemoteException {
        Bulk.expectTechnology(expected, service, "of " + what + ", before its calls");
        int threshold = Bulk.rendezvousBytes();
        for (int n : new int[] {0, 1, 100, threshold - 1, threshold, threshold + 1, 1 << 20}) {
            byte[] b = Bulk.bytes(n, n);
            Bulk.expectEcho(b, service.echoBytes(b), what + ": byte[" + n + "]");
        }
        byte[] large = Bulk.bytes(Bulk.LARGE, 7);
        Bulk.expectEcho(large, service.echoBytes(large), what + ": byte[16 Mi]");
        double[][] m = Bulk.matrix(Bulk.LARGE / Double.BYTES / Bulk.ROW, 8);
        Bulk.expectEcho(m, service.echoMatrix(m), what + ": double[512][4096]");
        Bulk.expectTechnology(expected, service, "of " + what + ", after its calls");
    }

    /** The live threads named fastrmi-*: their ids and names. */
    static Map<Long, String> fastrmiThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(THREAD_PREFIX))
                .collect(Collectors.toMap(Thread::threadId, Thread::getName));
    }

    /**
     * Waits (scaled CLEANUP_BOUND) until every live fastrmi-* thread was
     * alive at the baseline; else an AssertionError with the stacks of the
     * others: threads left behind for a dead peer.
     */
    static void expectNoNewThreads(Set<Long> baseline, String when) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(ChildJvm.seconds(CLEANUP_BOUND));
        Map<Thread, StackTraceElement[]> left = newThreads(baseline);
        while (!left.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(100);
            left = newThreads(baseline);
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (!left.isEmpty()) {
            StringBuilder sb = new StringBuilder("expected: no fastrmi thread started after the warm-up is alive "
                                                 + when + " (waited " + ms + " ms), but:");
            left.forEach((t, stack) -> sb.append("\n  ").append(describe(t, stack)));
            throw new AssertionError(sb.toString());
        }
        System.out.println("ok: no fastrmi thread started after the warm-up is alive " + when
                           + " (after " + ms + " ms)");
    }

    private static Map<Thread, StackTraceElement[]> newThreads(Set<Long> baseline) {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().isAlive() && e.getKey().getName().startsWith(THREAD_PREFIX)
                             && !baseline.contains(e.getKey().threadId()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /**
     * call's RemoteException within CALL_BOUND (scaled) of killed; if it is
     * still running then, the AssertionError comes after the stacks of the
     * calling thread and of the fastrmi threads: where the client waits
     * for a peer that is gone.
     */
    static RemoteException expectCallEnds(Checks.Background call, long killed, String what)
            throws InterruptedException {
        try {
            return call.expectThrows(RemoteException.class, killed, ChildJvm.millis(CALL_BOUND), what).exception();
        } catch (AssertionError e) {
            Thread.getAllStackTraces().forEach((t, stack) -> {
                if (t.getName().equals(CALL_THREAD) || t.getName().startsWith(THREAD_PREFIX)) {
                    System.out.println(describe(t, stack));
                }
            });
            throw e;
        }
    }

    static String describe(Thread t, StackTraceElement[] stack) {
        StringBuilder sb = new StringBuilder("\"").append(t.getName()).append("\" ").append(t.getState());
        for (StackTraceElement frame : stack) {
            sb.append("\n      at ").append(frame);
        }
        return sb.toString();
    }

    /**
     * What this JVM holds of bulk regions and doorbells, its own and those
     * of peers it mapped: its open descriptors of them (links in
     * /proc/self/fd) and its mappings of them (lines of /proc/self/maps).
     */
    record BulkHeld(int descriptors, int mappings) {
        static BulkHeld now() throws IOException {
            int descriptors = 0;
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                for (Path fd : fds.toList()) {
                    try {
                        if (isSharedMemory(Files.readSymbolicLink(fd).toString())) {
                            descriptors++;
                        }
                    } catch (IOException e) {
                        // closed since the listing
                    }
                }
            }
            int mappings;
            try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
                // address, permissions, offset, device, inode, then the path (which may hold spaces)
                mappings = (int) maps.map(line -> line.strip().split("\\s+", 6))
                                     .filter(fields -> fields.length == 6 && isSharedMemory(fields[5]))
                                     .count();
            }
            return new BulkHeld(descriptors, mappings);
        }

        /** Whether the kernel's name of a file is a bulk region's or a doorbell's, maybe with " (deleted)". */
        static boolean isSharedMemory(String name) {
            return name.equals(BULK_REGION) || name.startsWith(BULK_REGION + " ")
                   || name.equals(DOORBELL) || name.startsWith(DOORBELL + " ");
        }

        boolean within(BulkHeld baseline) {
            return descriptors <= baseline.descriptors && mappings <= baseline.mappings;
        }

        @Override
        public String toString() {
            return descriptors + " descriptors and " + mappings + " mappings of " + BULK_REGION + " and " + DOORBELL;
        }
    }

    /**
     * Waits (scaled CLEANUP_BOUND) until this JVM holds no more of bulk
     * regions than at baseline (the start), collecting garbage while it
     * waits (a mapping may be released only once nothing reaches its
     * memory), then checks it.
     */
    static void expectHeldBack(BulkHeld baseline, String when) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(ChildJvm.seconds(CLEANUP_BOUND));
        BulkHeld now = BulkHeld.now();
        while (!now.within(baseline) && System.nanoTime() - deadline < 0) {
            System.gc();
            Thread.sleep(200);
            now = BulkHeld.now();
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        expect(now.within(baseline), "the client holds of bulk regions " + when + " (waited " + ms + " ms) no more "
               + "than at the start: " + baseline + "; now " + now);
    }
}
