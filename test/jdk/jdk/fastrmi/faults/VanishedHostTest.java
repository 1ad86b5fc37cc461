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
 * @test id=fastrmi-tcp
 * @summary A server host that vanishes without a FIN, on jdk.fastrmi's tcp
 *          with keep-alive tuned (jdk.fastrmi.tcp.keepAliveIdle=2,
 *          keepAliveInterval=1, keepAliveCount=3) and
 *          sun.rmi.transport.proxy.connectTimeout=2000. The server runs in a
 *          network namespace the test makes, behind a veth pair
 *          (169.254.77.1/30 here, 169.254.77.2/30 there); while a call is
 *          in flight in a server method that blocks (its request
 *          acknowledged), the namespace's end of the pair goes down. The
 *          call ends in java.rmi.UnmarshalException caused by an
 *          IOException within 20 s of that (2 + 1 * 3 s of keep-alive, and
 *          a margin); each of the next two calls ends in
 *          java.rmi.ConnectIOException or ConnectException caused by a
 *          SocketTimeoutException within 5 s (the connect time-out, and a
 *          margin), never in an UnmarshalException of a dead pooled
 *          connection; then the client has no more RMI threads, file
 *          descriptors and shm regions than before the call. Then the same
 *          with a new namespace, the link taken down first and a call sent
 *          at once on the pooled connection, its request never
 *          acknowledged: keep-alive does not probe such a connection, the
 *          TCP_USER_TIMEOUT jdk.fastrmi derives from it ends the call in the
 *          same bound (without it the call waited for the kernel's
 *          retransmissions, about 15 min). Skipped where
 *          the machine refuses network namespaces or veth pairs (not root,
 *          no ip(8)).
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* VanishedHostTest FaultService FaultServer jtreg.SkippedException
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp
 *      -Djdk.fastrmi.tcp.keepAliveIdle=2 -Djdk.fastrmi.tcp.keepAliveInterval=1
 *      -Djdk.fastrmi.tcp.keepAliveCount=3 -Dsun.rmi.transport.proxy.connectTimeout=2000
 *      VanishedHostTest
 */

/*
 * @test id=fastrmi-fabric-tcp
 * @summary The same on jdk.fastrmi's fabric over libfabric's tcp;ofi_rxm
 *          (FI_TCP_IFACE naming each side's end of the pair): the fabric's
 *          control connection, a tcp connection with the same keep-alive,
 *          tells that the peer is gone, and the call in flight on the
 *          fabric ends within the same bound.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* VanishedHostTest FaultService FaultServer jtreg.SkippedException
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=tcp;ofi_rxm
 *      -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      -Djdk.fastrmi.tcp.keepAliveIdle=2 -Djdk.fastrmi.tcp.keepAliveInterval=1
 *      -Djdk.fastrmi.tcp.keepAliveCount=3 -Dsun.rmi.transport.proxy.connectTimeout=2000
 *      VanishedHostTest
 */

/*
 * No stock RMI variant: stock sets SO_KEEPALIVE on its sockets but cannot
 * tune it, so a call in flight to a vanished host waits for the operating
 * system's keep-alive (on Linux net.ipv4.tcp_keepalive_time, 2 h, then 9
 * probes 75 s apart), which no test can wait for; and JDK 25's stock
 * transport no longer reads sun.rmi.transport.proxy.connectTimeout (it went
 * with RMI over HTTP), so its connect to a vanished host waits for the
 * system's SYN retries (about 2 min on Linux).
 *
 * The shm fabric is not a variant either: shared memory does not go through
 * the veth pair, so taking the link down does not make that host vanish.
 */

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import grande.test.Checks;
import grande.test.ChildJvm;
import grande.test.NetNamespace;
import grande.test.Resources;
import grande.test.Technologies;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrowsWithin;

public class VanishedHostTest {

    /** This host's end of the pair and the vanishing host's: a black hole once its end is down (NetNamespace). */
    static final String HERE = NetNamespace.HERE;
    static final String THERE = NetNamespace.THERE;

    /** What is added to the keep-alive's own time (idle + interval * count) for the in-flight call's bound. */
    static final long KEEPALIVE_MARGIN_MILLIS = 15_000;

    /** What is added to the connect time-out for the bound of a call after the host vanished. */
    static final long CONNECT_MARGIN_MILLIS = 3_000;

    /*
     * How long the test waits between the server's "BLOCKED" and taking the
     * link down, in ms: long enough for the server's delayed ACK of the
     * call (at most 200 ms on Linux) to have reached the client. Keep-alive
     * only probes a connection with nothing unacknowledged; a request still
     * unacknowledged when the host vanishes is retransmitted instead, for
     * net.ipv4.tcp_retries2 (about 15 min), unless TCP_USER_TIMEOUT bounds it.
     */
    static final long ACKED_MILLIS = 1_000;

    /** A property the children need that ChildJvm does not pass on (it passes java.rmi.provider and jdk.fastrmi.*). */
    static final String CONNECT_TIMEOUT = "sun.rmi.transport.proxy.connectTimeout";

    /*
     * The test JVM makes the namespace and the pair, runs the client in a
     * JVM of its own (its FI_TCP_IFACE must name this side's end; jtreg's
     * is lo) and removes both; the client starts the server in the
     * namespace and takes the link down.
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("client")) {
            try {
                client(args[1], args[2], args[3].equals("unacknowledged"));
            } catch (Throwable t) {
                t.printStackTrace(System.out);
                System.exit(1);
            }
            System.exit(0);    // the subject is the calls; the stub of the vanished host is still referenced
        }
        // a host that vanishes while a call waits in it; then one that vanishes as a call is sent
        for (String when : List.of("acknowledged", "unacknowledged")) {
            System.out.println("---- the request " + when + " when the host vanishes");
            try (NetNamespace ns = NetNamespace.create()) {
                List<String> options = new ArrayList<>(Technologies.fromJtreg());
                options.add("-Djava.rmi.server.hostname=" + HERE);
                options.add("-D" + CONNECT_TIMEOUT + "=" + System.getProperty(CONNECT_TIMEOUT));
                var launcher = new ChildJvm.Launcher(List.of(), Map.of("FI_TCP_IFACE", ns.hereLink()));
                try (ChildJvm client = ChildJvm.start(launcher, "client", options, "VanishedHostTest",
                                                      "client", ns.name(), ns.thereLink(), when)) {
                    expectEquals(0, client.awaitExit(180), "the client's exit code");
                }
            }
        }
    }

    /*
     * unacknowledged: the link goes down first and a call is sent at once
     * on the pooled connection, so that its request is never acknowledged:
     * keep-alive does not probe such a connection, TCP_USER_TIMEOUT (set
     * to the keep-alive's bound) ends it.
     */
    static void client(String namespace, String thereLink, boolean unacknowledged) throws Exception {
        long idle = Long.getLong("jdk.fastrmi.tcp.keepAliveIdle");
        long interval = Long.getLong("jdk.fastrmi.tcp.keepAliveInterval");
        long count = Long.getLong("jdk.fastrmi.tcp.keepAliveCount");
        long connectTimeout = Long.getLong(CONNECT_TIMEOUT);
        long keepAliveBound = TimeUnit.SECONDS.toMillis(idle + interval * count) + KEEPALIVE_MARGIN_MILLIS;
        long connectBound = connectTimeout + CONNECT_MARGIN_MILLIS;

        var there = NetNamespace.launcher(namespace, Map.of("FI_TCP_IFACE", thereLink));
        try (ChildJvm server = FaultServer.start(there, List.of("-Djava.rmi.server.hostname=" + THERE,
                                                                "-D" + CONNECT_TIMEOUT + "=" + connectTimeout))) {
            FaultService service = server.lookup(THERE, "service");
            FaultServer.echoes(service, 20, "before the host vanishes");
            Resources.Snapshot baseline = Resources.snapshot();
            System.out.println("baseline: " + baseline);

            Checks.Background call;
            long vanished;
            if (unacknowledged) {
                vanished = System.nanoTime();
                NetNamespace.ipIn(namespace, "link", "set", thereLink, "down");
                System.out.println("the server's host vanished: " + thereLink + " is down");
                call = Checks.inBackground("the call sent to the vanished host", () -> service.echo(3));
            } else {
                call = Checks.inBackground("the blocked call", () -> service.block(120_000));
                server.awaitLine("BLOCKED", 30);
                Thread.sleep(ACKED_MILLIS);
                vanished = System.nanoTime();
                NetNamespace.ipIn(namespace, "link", "set", thereLink, "down");
                System.out.println("the server's host vanished: " + thereLink + " is down");
            }

            var inFlight = call.expectThrows(UnmarshalException.class, vanished, keepAliveBound,
                                             "the call in flight to the vanished host, within " + keepAliveBound
                                             + " ms (keep-alive " + idle + " s + " + interval + " s * " + count
                                             + ")");
            expect(inFlight.exception().getCause() instanceof IOException,
                   "caused by an IOException: " + inFlight.exception().getCause());

            for (int i = 0; i < 2; i++) {
                var next = expectThrowsWithin(RemoteException.class, connectBound, () -> service.echo(1),
                                              "call " + i + " after the host vanished, within " + connectBound
                                              + " ms (connect time-out " + connectTimeout + " ms)");
                Throwable e = next.exception();
                expect(e instanceof ConnectIOException || e instanceof ConnectException,
                       "a ConnectIOException or ConnectException: " + e);
                expect(e.getCause() instanceof SocketTimeoutException,
                       "caused by a SocketTimeoutException: " + e.getCause());
            }

            Resources.expectBack(baseline, 10_000, "after the host vanished and the calls failed");
        }
    }
}
