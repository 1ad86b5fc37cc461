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
 * @summary A client JVM killed (SIGKILL) while its call blocks in the server:
 *          the server keeps serving another client meanwhile, its thread
 *          for the dead client's connection ends once the call returns (the
 *          reply goes to a dead peer), so its count of fastrmi-tcp-conn-
 *          threads returns to the baseline; it serves a third client after
 *          that and exits on its own when told to stop.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* ChildJvm FaultService FaultServer FaultClient
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm ClientKilledMidCallTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp ClientKilledMidCallTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      ClientKilledMidCallTest
 */

import java.util.List;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ClientKilledMidCallTest {

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = ChildJvm.start("server", List.of(), "FaultServer", "120")) {
            int port = server.awaitServerPort();
            int baseline = server.connectionThreads();
            System.out.println("server connection threads before any client: " + baseline);

            try (ChildJvm victim = ChildJvm.start("victim", List.of(), "FaultClient",
                                                  Integer.toString(port), "block")) {
                server.awaitLine("BLOCKED", ChildJvm.scaledMillis(60));
                int during = server.connectionThreads();
                expect(during > baseline, "the blocked call holds a connection thread: "
                                          + during + " > " + baseline);
                victim.kill();
            }

            // The dead client's call still occupies its server thread.
            echoClient(port, "other", 100);
            expect(!server.hasLine("UNBLOCKED"),
                   "another client was served while the killed client's call was still blocked");

            server.send("release");
            server.awaitLine("UNBLOCKED", ChildJvm.scaledMillis(30));
            ChildJvm.ThreadCount after = server.awaitConnectionThreads(baseline, ChildJvm.scaledMillis(20));
            expectEquals(baseline, after.threads(),
                         "server connection threads once the killed client's call ended (after "
                         + after.afterMillis() + " ms)");

            echoClient(port, "third", 10);
            after = server.awaitConnectionThreads(baseline, ChildJvm.scaledMillis(20));
            expectEquals(baseline, after.threads(), "server connection threads after the third client");

            server.closeInput();
            server.awaitLine("STOPPED", ChildJvm.scaledMillis(30));
            expectEquals(0, server.awaitExit(ChildJvm.scaledMillis(30)),
                         "the server's exit code (it exits on its own once everything is unexported)");
        }
    }

    /** Runs a client JVM that makes that many echo calls; it must exit on its own. */
    static void echoClient(int port, String name, int calls) throws Exception {
        try (ChildJvm client = ChildJvm.start(name, List.of(), "FaultClient",
                                              Integer.toString(port), "echo", Integer.toString(calls))) {
            client.awaitLine("ECHOED " + calls, ChildJvm.scaledMillis(60));
            expectEquals(0, client.awaitExit(ChildJvm.scaledMillis(30)), "the " + name + " client's exit code");
        }
    }
}
