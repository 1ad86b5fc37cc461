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
 * @summary The fabric's start begins jdk.fastrmi.fabric.startDelay after the
 *          fabric is first wanted, so that a fresh JVM's first calls run
 *          over tcp without the start's CPU beside them, and a fabric
 *          set-up that must wait for the start ends the delay. (late) With
 *          a delay of 10 minutes at both ends, a client calls for 3 s and
 *          its stub's new connections stay tcp: its start has not run.
 *          (needed) A client without delay reaches a server whose delay is
 *          10 minutes: once the client's own start is done, its first
 *          call sets up a fabric connection, the server waits for its start,
 *          which begins at once, and the call is answered within 30 s over
 *          the fabric (a set-up that failed would have left the stub on tcp
 *          for good).
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.startDelay=600000 FabricStartDelayTest late
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.startDelay=0 FabricStartDelayTest needed
 */

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import grande.test.Echoes;
import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expectEquals;

public class FabricStartDelayTest {

    static final String TEN_MINUTES = "-Djdk.fastrmi.fabric.startDelay=600000";

    public static final class EchoImpl extends Echoes.Impl { }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "server" -> ChildJvm.serveUntilStop("echo", new EchoImpl(), 120);
            case "late" -> late();
            case "needed" -> needed();
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /* Both ends wait 10 minutes (the server inherits this JVM's property). */
    static void late() throws Exception {
        try (ChildJvm server = ChildJvm.startServer(FabricStartDelayTest.class.getName(), List.of(), "server")) {
            Echoes echo = server.lookup("echo");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            for (int i = 0; System.nanoTime() < end; i++) {
                expectEquals(i, echo.echoInt(i), "echo " + i);
                Thread.sleep(10);
            }
            expectEquals("tcp", FastRMI.technology(echo), "the technology of new connections after 3 s");
            server.stop(30);
        }
        System.out.println("PASSED late");
    }

    /* This JVM starts at once; the server would wait 10 minutes unless a set-up needs its start. */
    static void needed() throws Exception {
        try (ChildJvm server = ChildJvm.startServer(FabricStartDelayTest.class.getName(),
                                                    List.of(TEN_MINUTES), "server")) {
            Echoes echo = server.lookup("echo");
            ChildJvm.expectTechnology("fabric:shm", echo, "the technology once this JVM's start is done");
            int back = CompletableFuture.supplyAsync(() -> {
                try {
                    return echo.echoInt(42);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).get(ChildJvm.seconds(30), TimeUnit.SECONDS);
            expectEquals(42, back, "the first call over the fabric");
            expectEquals("fabric:shm", FastRMI.technology(echo), "the technology after the first fabric call");
            server.stop(30);
        }
        System.out.println("PASSED needed");
    }
}
