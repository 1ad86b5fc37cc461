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

import java.io.IOException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expectEquals;

/**
 * A client JVM of the fault tests: looks up FaultServer's "service" at
 * 127.0.0.1:port, then either "block" (prints "CALLING" and makes a call
 * that blocks in the server; it is meant to be killed), "echo n" (makes n
 * calls and prints "ECHOED n") or "hold n" (the same, then keeps its idle
 * connections until it is killed, at most 120 s). It returns from main
 * rather than calling System.exit, so that it exits only if RMI leaves no
 * non-daemon thread.
 *
 * <p>The static methods at the end start it from a test JVM.
 */
public final class FaultClient {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        var service = (FaultService) LocateRegistry.getRegistry(ChildJvm.HOST, port).lookup("service");
        ChildJvm.expectTechnology(service);
        switch (args[1]) {
            case "block" -> {
                System.out.println("CALLING");
                System.out.println("RETURNED " + service.block(120_000));
            }
            case "echo", "hold" -> {
                int calls = Integer.parseInt(args[2]);
                for (int i = 0; i < calls; i++) {
                    int back = service.echo(i);
                    if (back != i) {
                        throw new AssertionError("echo(" + i + ") returned " + back);
                    }
                }
                System.out.println("ECHOED " + calls);
                if (args[1].equals("hold")) {
                    Thread.sleep(120_000);
                }
            }
            default -> throw new IllegalArgumentException(args[1]);
        }
    }

    // ---- used by the tests ----

    /** Starts this program as name, a client of the FaultServer in server, with the given arguments. */
    static ChildJvm start(ChildJvm server, String name, String... args) throws IOException {
        List<String> all = new ArrayList<>();
        all.add(Integer.toString(server.port()));
        all.addAll(List.of(args));
        return ChildJvm.start(name, List.of(), "FaultClient", all.toArray(String[]::new));
    }

    /** Runs a client JVM that makes that many echo calls; it must exit on its own. */
    static void echo(ChildJvm server, String name, int calls) throws Exception {
        try (ChildJvm client = start(server, name, "echo", Integer.toString(calls))) {
            client.awaitLine("ECHOED " + calls, 60);
            expectEquals(0, client.awaitExit(30), "the " + name + " client's exit code");
        }
    }
}
