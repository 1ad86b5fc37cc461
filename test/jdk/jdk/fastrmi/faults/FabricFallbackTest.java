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
 * @summary When the fabric cannot carry calls to a peer that was reached,
 *          jdk.fastrmi goes on over tcp instead of failing the call: a
 *          server in a network namespace the test makes (grande.test.
 *          NetNamespace; the same kernel and host name, so the client takes
 *          the peer for a process of its own host and offers shared memory)
 *          refuses shared memory to a peer that is not on its host; the
 *          client's stub, which FastRMI.technology reports as fabric:shm
 *          before its first call (once the client's fabric has started),
 *          makes every call correctly over tcp, reports tcp after it, and a
 *          stub looked up later goes over tcp from its first call. Default
 *          technologies on both ends. Skipped where the machine refuses
 *          network namespaces.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* jtreg.SkippedException FabricFallbackTest FaultService FaultServer
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=169.254.77.1
 *      FabricFallbackTest
 */

import java.util.List;
import java.util.Map;

import grande.test.ChildJvm;
import grande.test.NetNamespace;
import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FabricFallbackTest {

    public static void main(String[] args) throws Exception {
        try (NetNamespace ns = NetNamespace.create();
             ChildJvm server = FaultServer.start(ns.launcher(Map.of()),
                                                 List.of("-Djava.rmi.server.hostname=" + NetNamespace.THERE))) {
            FaultService service = server.lookup(NetNamespace.THERE, "service");
            // once its fabric has started (until then it says tcp)
            ChildJvm.expectTechnology("fabric:shm", service,
                                      "the client offers shared memory to a peer of the same kernel and host name");
            FaultServer.echoes(service, 50, "the fabric refused, over tcp");
            expectEquals("tcp", FastRMI.technology(service), "the stub's calls go over tcp from then on");
            long waited = service.block(100);
            expect(waited >= 90, "a call that waits in the server returns what it waited: " + waited);
            server.awaitLine("BLOCKED", 30);
            server.awaitLine("UNBLOCKED", 30);

            FaultService again = server.lookup(NetNamespace.THERE, "service");
            expectEquals("tcp", FastRMI.technology(again), "a stub looked up later, before its first call");
            FaultServer.echoes(again, 10, "the later stub");
            FaultServer.stop(server);
        }
    }
}
