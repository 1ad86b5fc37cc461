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

import java.rmi.registry.LocateRegistry;

/**
 * A client JVM of the fault tests: looks up FaultServer's "service" at
 * 127.0.0.1:port, then either "block" (prints "CALLING" and makes a call
 * that blocks in the server; it is meant to be killed), "echo n" (makes n
 * calls and prints "ECHOED n") or "hold n" (the same, then keeps its idle
 * connections until it is killed, at most 120 s). It returns from main
 * rather than calling System.exit, so that it exits only if RMI leaves no
 * non-daemon thread.
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
}
