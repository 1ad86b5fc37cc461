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
 * @summary A technology that is still starting (Technology.started false:
 *          the fabric while it loads libfabric) carries no call and makes
 *          none wait: a connection asked for meanwhile is the reference's
 *          next technology's (tcp), and once it has started, the next new
 *          connection is its own. The test technology (testtech/) starts
 *          for 10 s in the client JVM only: calls of every kind and calls
 *          back succeed meanwhile while it opens no connection; after it,
 *          the next call opens one of its own, and the calls work over it.
 * @modules java.rmi jdk.fastrmi
 * @library /lib .. testtech
 * @build grande.test.* GraphNode fastrmi.testtech.* TechnologySpiTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=test -Dtest.fastrmi.startMillis=10000 TechnologyStartTest
 */

import java.rmi.server.UnicastRemoteObject;
import java.util.List;

import fastrmi.testtech.TestTechnologyProvider;
import grande.test.ChildJvm;
import grande.test.Events.Listener;

import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class TechnologyStartTest {

    private static final long START_MILLIS = 10_000;

    public static void main(String[] args) throws Exception {
        long made = System.nanoTime();
        try (ChildJvm server = ChildJvm.startServer("TechnologySpiTest$Server", List.of())) {
            // not server.lookup: it waits for the expected technology
            TechnologySpiTest.Service service = (TechnologySpiTest.Service) server.registry().lookup("service");
            expectEquals("tcp", FastRMI.technology(service), "the stub's technology while the test one starts");
            TechnologySpiTest.calls(service);
            TechnologySpiTest.RecordingListener listener = new TechnologySpiTest.RecordingListener();
            Listener stub = (Listener) UnicastRemoteObject.exportObject(listener, 0);
            try {
                expectEquals(0 + 10 + 20, service.publish(stub, "early", 3), "three calls back during a call");
                synchronized (listener) {
                    expectEquals(List.of("early0", "early1", "early2"), listener.events, "the events received");
                }
            } finally {
                UnicastRemoteObject.unexportObject(listener, true);
            }
            long during = (System.nanoTime() - made) / 1_000_000;
            if (during >= START_MILLIS) {
                // calls that took longer than the start may have waited for it: the test cannot tell
                throw new AssertionError("the calls took " + during + " ms, longer than the start");
            }
            expectEquals(0, TestTechnologyProvider.connectionsOpened(),
                         "connections of the test technology while it started");

            ChildJvm.expectTechnology("test", service, "the stub's technology once the test one has started");
            expectEquals(5, service.add(2, 3), "add(2, 3) once the technology has started");
            expect(TestTechnologyProvider.connectionsOpened() >= 1,
                   "a connection of the test technology once it has started");
            TechnologySpiTest.calls(service);
            expectEquals("test", FastRMI.technology(service), "the stub's technology");
            server.stop(30);
        }
    }
}
