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
 * @test id=deadlines
 * @summary jdk.fastrmi's deadlines beyond stock, over every technology
 *          (grande.test.Technologies): a stub made by
 *          FastRMI.withResponseTimeout ends a call whose reply does not come
 *          in time with stock's exception (UnmarshalException caused by a
 *          SocketTimeoutException), not before the bound, and its next call
 *          works; the stub it was made from keeps waiting as long as the
 *          call takes; FastRMI.callAsync with a deadline completes its
 *          future with the same exception, and with the result when the
 *          reply is in time; the shorter of a call's deadline and its stub's
 *          bound wins; bad arguments get IllegalArgumentException.
 * @modules java.rmi jdk.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* DeadlineTest FaultService FaultServer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies DeadlineTest deadlines
 */

/*
 * @test id=jrmp
 * @summary The same deadlines on a fast stub's calls to an endpoint that
 *          speaks JRMP only, which it calls over JRMP (a registry stub of
 *          getRegistry for a stock JVM's registry whose lookup answers
 *          late): FastRMI.withResponseTimeout and callAsync's deadline end
 *          the call with the same UnmarshalException caused by a
 *          SocketTimeoutException, not before the bound, and the next call
 *          works.
 * @modules java.rmi/sun.rmi.server java.rmi/sun.rmi.transport jdk.fastrmi
 * @library /lib
 * @build grande.test.* DeadlineTest FaultService FaultServer SlowJrmpRegistry
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 DeadlineTest jrmp
 */

/*
 * @test id=connect
 * @summary sun.rmi.transport.proxy.connectTimeout on jdk.fastrmi: a call to a
 *          port whose listener answers no connection (its accept queue is
 *          full, so the kernel drops the handshake's SYN, as a vanished host
 *          would) ends with a ConnectIOException caused by a
 *          SocketTimeoutException after about that time; with tcp alone
 *          and with the fabric first (a registry is reached over tcp, and
 *          the fabric's connections begin with the same tcp connect). JDK
 *          25's own transport no longer reads the property: stock waits for
 *          the kernel, about two minutes.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* DeadlineTest
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dsun.rmi.transport.proxy.connectTimeout=1000 DeadlineTest connect
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Dsun.rmi.transport.proxy.connectTimeout=1000 DeadlineTest connect
 */

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.rmi.ConnectIOException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class DeadlineTest {

    /* The bound the tests set, and how long a call blocks in the server when nothing ends it earlier. */
    private static final long BOUND_MILLIS = 1000;
    private static final long BLOCK_MILLIS = 60_000;

    public static void main(String[] args) throws Exception {
        if (args[0].equals("connect")) {
            connectTimeout();
        } else if (args[0].equals("jrmp")) {
            jrmpDeadlines();
        } else {
            deadlines();
        }
    }

    static void deadlines() throws Exception {
        try (ChildJvm server = FaultServer.start(List.of())) {
            deadlines(server, server.lookup("service"));
            FaultServer.stop(server);
        }
    }

    /*
     * The same bounds on a fast stub's calls to an endpoint that speaks JRMP
     * only, which it calls over JRMP: a registry stub of this JVM's
     * (getRegistry) for a stock JVM's registry whose lookup of "slow" answers
     * late.
     */
    static void jrmpDeadlines() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName(ChildJvm.HOST))) {
            port = free.getLocalPort();
        }
        try (ChildJvm server = ChildJvm.start("registry",
                List.of("-D" + ChildJvm.PROVIDER + "=jrmp",
                        "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
                        "--add-exports=java.rmi/sun.rmi.transport=ALL-UNNAMED"),
                "SlowJrmpRegistry", String.valueOf(port))) {
            server.awaitLine("READY", 60);
            Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, port);
            expectThrows(NotBoundException.class, () -> registry.lookup("none"), "a call before any bound");
            expectEquals("jrmp", FastRMI.technology(registry), "the fast stub calls the stock registry over JRMP");

            Registry bounded = FastRMI.withResponseTimeout(registry, Duration.ofMillis(BOUND_MILLIS));
            long start = System.nanoTime();
            UnmarshalException late = expectThrows(UnmarshalException.class, () -> bounded.lookup("slow"),
                                                   "a call past the stub's bound, over JRMP");
            expectTimedOut(late, start, "the stub's bound, over JRMP");
            release(server);
            expectThrows(NotBoundException.class, () -> bounded.lookup("none"),
                         "the bounded stub's next call, on a new connection");

            start = System.nanoTime();
            CompletableFuture<Remote> async = FastRMI.callAsync(() -> registry.lookup("slow"),
                                                                Duration.ofMillis(BOUND_MILLIS));
            expectTimedOut(failureOf(async), start, "callAsync's deadline, over JRMP");
            release(server);
            expectEquals(List.of("slow"), List.of(FastRMI.callAsync(registry::list, Duration.ofSeconds(60))
                                                         .get(ChildJvm.seconds(30), TimeUnit.SECONDS)),
                         "a reply within the deadline completes the future");
            server.send("stop");
        }
    }

    static void deadlines(ChildJvm server, FaultService service) throws Exception {
        {
            expectEquals(7, service.echo(7), "a call before any bound");

            FaultService bounded = FastRMI.withResponseTimeout(service, Duration.ofMillis(BOUND_MILLIS));
            expectEquals(Duration.ofMillis(BOUND_MILLIS), FastRMI.responseTimeout(bounded), "the new stub's bound");
            expectEquals(Duration.ZERO, FastRMI.responseTimeout(service), "the stub it was made from has none");
            expectEquals(FastRMI.technology(service), FastRMI.technology(bounded), "the same technology");
            expect(bounded.equals(service), "the new stub names the same remote object");

            // a reply that does not come in time
            long start = System.nanoTime();
            UnmarshalException late = expectThrows(UnmarshalException.class, () -> bounded.block(BLOCK_MILLIS),
                                                   "a call past the stub's bound");
            expectTimedOut(late, start, "the stub's bound");
            release(server);
            expectEquals(8, bounded.echo(8), "the bounded stub's next call, on a new connection");

            // the original stub waits as long as the call takes
            long waited = service.block(2 * BOUND_MILLIS);
            expect(waited >= 2 * BOUND_MILLIS - 50, "the unbounded stub waited for the reply: " + waited + " ms");
            server.awaitLine("BLOCKED", 30);
            server.awaitLine("UNBLOCKED", 30);

            // a call's deadline
            start = System.nanoTime();
            CompletableFuture<Long> async = FastRMI.callAsync(() -> service.block(BLOCK_MILLIS),
                                                              Duration.ofMillis(BOUND_MILLIS));
            expectTimedOut(failureOf(async), start, "callAsync's deadline");
            release(server);
            expectEquals(3, FastRMI.callAsync(() -> service.echo(3), Duration.ofSeconds(60))
                                   .get(ChildJvm.seconds(30), TimeUnit.SECONDS),
                         "a reply within the deadline completes the future");

            // the stub's bound is shorter than the call's deadline: it wins
            start = System.nanoTime();
            async = FastRMI.callAsync(() -> bounded.block(BLOCK_MILLIS), Duration.ofMillis(BLOCK_MILLIS / 2));
            expectTimedOut(failureOf(async), start, "the stub's bound under a longer deadline");
            release(server);

            // arguments
            expectThrows(IllegalArgumentException.class,
                         () -> FastRMI.withResponseTimeout(service, Duration.ofMillis(-1)), "a negative bound");
            expectThrows(IllegalArgumentException.class,
                         () -> FastRMI.callAsync(() -> service.echo(1), Duration.ZERO), "a zero deadline");
            expectThrows(IllegalArgumentException.class,
                         () -> FastRMI.withResponseTimeout(new Remote() { }, Duration.ofSeconds(1)),
                         "not a jdk.fastrmi stub");
            FaultService unbounded = FastRMI.withResponseTimeout(bounded, Duration.ZERO);
            expectEquals(Duration.ZERO, FastRMI.responseTimeout(unbounded), "Duration.ZERO: the JVM's bound again");
            expectEquals(9, unbounded.echo(9), "a call through it");
        }
    }

    /* e ends a call that waited for a reply for at least about BOUND_MILLIS, and not much longer. */
    private static void expectTimedOut(Throwable e, long start, String what) {
        long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        expect(e instanceof UnmarshalException, what + ": an UnmarshalException: " + e);
        expect(e.getCause() instanceof SocketTimeoutException, what + ": caused by a SocketTimeoutException: "
               + e.getCause());
        expect(elapsed >= BOUND_MILLIS * 3 / 4, what + ": not before the bound: " + elapsed + " ms");
        expect(elapsed < ChildJvm.millis(10), what + ": soon after the bound: " + elapsed + " ms");
        System.out.println(what + ": the call ended after " + elapsed + " ms: " + e);
    }

    private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
        try {
            Object value = future.get(ChildJvm.seconds(30), TimeUnit.SECONDS);
            throw new AssertionError("the future completed with " + value);
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    /* Ends the server's blocked call, which the client gave up on. */
    private static void release(ChildJvm server) throws Exception {
        server.awaitLine("BLOCKED", 30);
        server.send("release");
        server.awaitLine("UNBLOCKED", 30);
    }

    static void connectTimeout() throws Exception {
        InetAddress loopback = InetAddress.getByName(ChildJvm.HOST);
        List<SocketChannel> queued = new ArrayList<>();
        // a listener that never accepts, with the shortest accept queue
        try (ServerSocket listener = new ServerSocket(0, 1, loopback)) {
            InetSocketAddress address = new InetSocketAddress(loopback, listener.getLocalPort());
            // Linux drops the SYN of a connection to a listener whose accept queue is full
            expect(fillAcceptQueue(address, queued), "a connection to the full listener is not established");
            long timeout = Long.getLong("sun.rmi.transport.proxy.connectTimeout");
            var registry = LocateRegistry.getRegistry(ChildJvm.HOST, address.getPort());
            long start = System.nanoTime();
            ConnectIOException e = expectThrows(ConnectIOException.class, registry::list,
                                                "a call to a port that answers no connection");
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            expect(e.getCause() instanceof SocketTimeoutException, "caused by a SocketTimeoutException: "
                   + e.getCause());
            expect(elapsed >= timeout * 3 / 4, "not before the time-out of " + timeout + " ms: " + elapsed + " ms");
            expect(elapsed < ChildJvm.millis(10), "soon after the time-out: " + elapsed + " ms");
            System.out.println("the connect ended after " + elapsed + " ms: " + e);
        } finally {
            for (SocketChannel ch : queued) {
                ch.close();
            }
        }
    }

    /*
     * Connects until a connection is not established within 300 ms (the
     * accept queue is full and the kernel drops its SYN); true if one was not.
     */
    private static boolean fillAcceptQueue(InetSocketAddress address, List<SocketChannel> queued)
            throws IOException, InterruptedException {
        for (int i = 0; i < 32; i++) {
            SocketChannel ch = SocketChannel.open();
            queued.add(ch);
            ch.configureBlocking(false);
            if (ch.connect(address)) {
                continue;
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            boolean connected = false;
            while (!connected && System.nanoTime() - deadline < 0) {
                connected = ch.finishConnect();
                if (!connected) {
                    Thread.sleep(10);
                }
            }
            if (!connected) {
                return true;
            }
        }
        return false;
    }
}
