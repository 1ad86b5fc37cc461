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
 * @summary A client JVM killed (SIGKILL), over every technology
 *          (grande.test.Technologies): (a) while its call blocks in the
 *          server: the server keeps serving another client meanwhile, its
 *          thread for the dead client's connection ends once the call
 *          returns (the reply goes to a dead peer), so its count of
 *          connection threads returns to the baseline; it serves a third
 *          client after that and exits on its own when told to stop.
 *          (b) while its connections are idle: the server's connection
 *          threads end within seconds, and it serves a new client and exits
 *          on its own at the end.
 * @modules java.rmi jdk.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* ClientKilledMidCallTest FaultService FaultServer FaultClient fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies ClientKilledMidCallTest
 */

import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ClientKilledMidCallTest {

    /** "Within seconds": the bound for the end of an idle client's connections, before scaling. */
    static final long SECONDS = 10;

    public static void main(String[] args) throws Exception {
        killedInCall();
        killedIdle();
    }

    /** (a) */
    static void killedInCall() throws Exception {
        try (ChildJvm server = FaultServer.start(List.of())) {
            int baseline = FaultServer.connectionThreads(server);
            System.out.println("server connection threads before any client: " + baseline);

            try (ChildJvm victim = FaultClient.start(server, "victim", "block")) {
                server.awaitLine("BLOCKED", 60);
                int during = FaultServer.connectionThreads(server);
                expect(during > baseline, "the blocked call holds a connection thread: "
                                          + during + " > " + baseline);
                victim.kill();
            }

            // The dead client's call still occupies its server thread.
            FaultClient.echo(server, "other", 100);
            expect(!server.printed("UNBLOCKED"),
                   "another client was served while the killed client's call was still blocked");

            server.send("release");
            server.awaitLine("UNBLOCKED", 30);
            FaultServer.ThreadCount after = FaultServer.awaitConnectionThreads(server, baseline, ChildJvm.millis(20));
            expectEquals(baseline, after.threads(),
                         "server connection threads once the killed client's call ended (after "
                         + after.afterMillis() + " ms)");

            FaultClient.echo(server, "third", 10);
            after = FaultServer.awaitConnectionThreads(server, baseline, ChildJvm.millis(20));
            expectEquals(baseline, after.threads(), "server connection threads after the third client");

            FaultServer.stop(server);
        }
    }

    /** (b) */
    static void killedIdle() throws Exception {
        try (ChildJvm server = FaultServer.start(List.of())) {
            int baseline = FaultServer.connectionThreads(server);
            System.out.println("server connection threads before any client: " + baseline);

            try (ChildJvm idle = FaultClient.start(server, "idle", "hold", "50")) {
                idle.awaitLine("ECHOED 50", 60);
                int during = FaultServer.connectionThreads(server);
                expect(during > baseline, "the idle client holds a connection thread: " + during + " > " + baseline);
                idle.kill();
            }
            FaultServer.ThreadCount after = FaultServer.awaitConnectionThreads(server, baseline,
                                                                               ChildJvm.millis(SECONDS));
            expectEquals(baseline, after.threads(),
                         "server connection threads once the idle client was killed (after "
                         + after.afterMillis() + " ms)");

            FaultClient.echo(server, "other", 10);
            FaultServer.stop(server);
        }
    }
}
