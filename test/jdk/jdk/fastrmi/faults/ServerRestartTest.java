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
 * @test id=stock
 * @summary The reference, stock RMI on the image: a server whose registry
 *          and service share one port is killed (SIGKILL) and restarted on
 *          that port as a new process. While it is down, each call of the
 *          old stub and a lookup end in java.rmi.ConnectException; once the
 *          new process listens, each call of the old stub ends in
 *          java.rmi.NoSuchObjectException (the new process exported the
 *          service under another object id), never in an
 *          UnmarshalException of a dead pooled connection; a fresh lookup
 *          through the same registry stub works at once, and its stub is
 *          not equal to the old one. Afterwards the client has no more RMI
 *          threads and file descriptors than before the kill, and /dev/shm
 *          holds no region of the killed process.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* ServerRestartTest FaultService FaultServer
 * @run main/othervm/timeout=300 -Djava.rmi.server.hostname=127.0.0.1 ServerRestartTest
 */

/*
 * @test id=fastrmi
 * @summary The same on jdk.fastrmi, over every technology
 *          (grande.test.Technologies) whose endpoints are at the port an
 *          export asks for (fixed-ports: a server restarted on the same port
 *          is then where the old stub looks) and whose connections tell a
 *          dead peer when probed (idle-probe): the stock exceptions, the
 *          pool drops the dead connections, threads and descriptors return
 *          to the baseline. Over the fabric's shm,
 *          besides, the killed server's shm regions, which it could not
 *          unlink, are gone from /dev/shm once the new server and the client
 *          have opened endpoints (libfastfabric reclaims the regions of dead
 *          processes). Idle connections close after 2 s (the default is
 *          15 s), so that a second connection the distributed GC's renewal
 *          opened beside a call is gone within the time the check waits.
 * @modules java.rmi jdk.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* ServerRestartTest FaultService FaultServer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies --requires=fixed-ports --requires=idle-probe
 *      -Djdk.fastrmi.tcp.idleTimeout=2000 ServerRestartTest
 */

import java.rmi.ConnectException;
import java.rmi.NoSuchObjectException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.List;

import grande.test.ChildJvm;
import grande.test.Resources;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrowsWithin;

public class ServerRestartTest {

    /** Calls of the old stub per phase: each must fail the same way (the pool keeps no dead connection). */
    static final int OLD_STUB_CALLS = 3;

    /**
     * The bound for a call that fails at once (a refused connection, an
     * unknown object), in ms; not scaled, it is one the test asserts.
     */
    static final long PROMPT_MILLIS = 5_000;

    /** How long the client may take to let go of dead connections and the killed process's regions, in ms. */
    static final long SETTLE_MILLIS = 10_000;

    /*
     * How long the client rests between its last call and the kill, as a
     * stub does across a restart. A call right after the death races the
     * kernel's FIN on a pooled connection that is handed out without a look
     * (stock pings a cached connection only if its last use is more than
     * about a round trip ago, 5 ms at first; jdk.fastrmi probes one idle for
     * more than 100 ms) and ends in an UnmarshalException on either, stock
     * included; ServerKilledMidCallTest covers calls through a kill.
     */
    static final long IDLE_BEFORE_KILL_MILLIS = 1_000;

    public static void main(String[] args) throws Exception {
        boolean shm = "fabric:shm".equals(System.getProperty(ChildJvm.TECHNOLOGY));
        int port = ChildJvm.freePort();
        Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, port);

        FaultService old;
        Resources.Snapshot baseline;
        long killedPid;
        try (ChildJvm first = FaultServer.startOnPort(port, List.of())) {
            killedPid = first.pid();
            old = lookup(registry);
            FaultServer.echoes(old, 20, "before the restart");
            if (shm) {
                // the regions are where the check after the restart looks for them
                List<String> regions = Resources.shmRegions(killedPid);
                expect(!regions.isEmpty(), "the server's shm regions are in /dev/shm named \""
                       + killedPid + ":...\": " + regions);
            }
            baseline = Resources.snapshot();
            System.out.println("baseline: " + baseline);
            Thread.sleep(IDLE_BEFORE_KILL_MILLIS);
            first.kill();
        }
        // a process killed with SIGKILL cannot unlink its regions: someone else must
        System.out.println("the killed server's shm regions: " + Resources.shmRegions(killedPid));

        for (int i = 0; i < OLD_STUB_CALLS; i++) {
            var e = expectThrowsWithin(ConnectException.class, PROMPT_MILLIS, () -> old.echo(1),
                                       "call " + i + " of the old stub while the server is down").exception();
            expectEquals(ConnectException.class, e.getClass(), "its class");
        }
        var down = expectThrowsWithin(ConnectException.class, PROMPT_MILLIS, () -> registry.lookup("service"),
                                      "a lookup while the server is down").exception();
        expectEquals(ConnectException.class, down.getClass(), "its class");

        try (ChildJvm second = FaultServer.startOnPort(port, List.of())) {
            expect(second.pid() != killedPid, "the new server is another process: " + second.pid());

            for (int i = 0; i < OLD_STUB_CALLS; i++) {
                oldStubFails(old, "call " + i + " of the old stub to the new server");
            }

            // the registry's object id is well known: the old registry stub reaches the new registry
            FaultService fresh = lookup(registry);
            expectEquals(7, fresh.echo(7), "the first call of a fresh stub from the new registry");
            expect(!fresh.equals(old), "the fresh stub is not equal to the old one (another object id)");
            FaultServer.echoes(fresh, 20, "of the fresh stub");
            oldStubFails(old, "a call of the old stub after the fresh stub's calls");
            expectEquals(8, fresh.echo(8), "the fresh stub after that");

            Resources.expectNoShmRegions(killedPid, SETTLE_MILLIS, "once the new server and the client have run");
            Resources.expectBack(baseline, SETTLE_MILLIS, "after the restart, with the new server's connections");

            FaultServer.stop(second);
        }
    }

    /* The service in registry, checked to be of the runtime and the technology under test. */
    static FaultService lookup(Registry registry) throws Exception {
        var service = (FaultService) registry.lookup("service");
        ChildJvm.expectRuntimeStub(service);
        ChildJvm.expectTechnology(service);
        return service;
    }

    /* A call of the old stub to the new server: NoSuchObjectException, as stock, at once. */
    static void oldStubFails(FaultService old, String what) throws InterruptedException {
        var e = expectThrowsWithin(NoSuchObjectException.class, PROMPT_MILLIS, () -> old.echo(2), what).exception();
        expectEquals(NoSuchObjectException.class, e.getClass(), "its class");
    }
}
