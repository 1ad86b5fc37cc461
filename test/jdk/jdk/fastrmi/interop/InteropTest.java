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
 * @summary A stock JVM and the image, with and without jdk.fastrmi, talk
 *          to each other both ways: a server of each kind (stock Temurin
 *          25, Debian's OpenJDK 17, the image's JRMP, the image's
 *          jdk.fastrmi) against a client of each kind, for lookup (and a NotBoundException), objects by
 *          value (a graph with sharing and a cycle), callbacks to an
 *          object the client exported, references passed both ways (the
 *          server's own coming back equal to itself), a declared and an
 *          unchecked exception of the server, a call after unexport
 *          (NoSuchObjectException), and the distributed GC: a counter the
 *          client holds past the server's 2 s lease is not unreferenced
 *          while it holds it, and is once the client has exited. Every
 *          cell must give what the stock pair gives.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.*
 * @compile --release 17 InteropApp.java
 * @run main/othervm/timeout=600 InteropTest stock
 * @run main/othervm/timeout=600 InteropTest jdk17
 * @run main/othervm/timeout=600 InteropTest jrmp
 * @run main/othervm/timeout=600 InteropTest fastrmi
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import grande.test.Checks;
import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class InteropTest {

    /** One kind of JVM: which java, and with which provider. */
    record Kind(String name, Path javaHome, List<String> options, String runtime) {
        ChildJvm start(String role, List<String> more, String... args) throws Exception {
            List<String> all = new ArrayList<>(options);
            all.addAll(more);
            return ChildJvm.startOn(javaHome, role + "-" + name, all, "InteropApp", args);
        }
    }

    static final int LEASE_MILLIS = 2000;

    public static void main(String[] args) throws Exception {
        Path stockHome = Path.of(Checks.requiredEnv("GRANDE_STOCK_JDK"));
        expect(Files.isExecutable(stockHome.resolve("bin/java")), "GRANDE_STOCK_JDK has bin/java: " + stockHome);
        Path oldHome = Path.of(Checks.requiredEnv("GRANDE_OLD_JDK"));
        expect(Files.isExecutable(oldHome.resolve("bin/java")), "GRANDE_OLD_JDK has bin/java: " + oldHome);
        Path image = Path.of(System.getProperty("java.home"));
        List<Kind> kinds = List.of(
            new Kind("stock", stockHome, List.of(), "jrmp 25"),
            new Kind("jdk17", oldHome, List.of(), "jrmp 17"),
            new Kind("jrmp", image, List.of(), "jrmp " + Runtime.version().feature()),
            new Kind("fastrmi", image, List.of("-Djava.rmi.provider=fastrmi"),
                     "fastrmi " + Runtime.version().feature()));
        Kind server = kinds.stream().filter(k -> k.name().equals(args[0])).findFirst().orElseThrow();
        for (Kind client : kinds) {
            runCell(server, client);
        }
    }

    /*
     * A pattern: a stub of jdk.fastrmi calls a server of jdk.fastrmi over one
     * of its technologies (the default order: fabric, tcp) and a JRMP server
     * over JRMP; a JRMP client has JRMP stubs only.
     */
    static String expectedProtocol(Kind serverKind, Kind clientKind) {
        if (!clientKind.name().equals("fastrmi")) {
            return "registry=jrmp hub=jrmp";
        }
        if (serverKind.name().equals("fastrmi")) {
            return "registry=fastrmi:(fabric|tcp)\\S* hub=fastrmi:(fabric|tcp)\\S*";
        }
        // the registry stub learns that the server speaks JRMP; what it returns are the server's JRMP stubs
        return "registry=fastrmi:jrmp hub=jrmp";
    }

    static void runCell(Kind serverKind, Kind clientKind) throws Exception {
        System.out.println("==== server " + serverKind.name() + ", client " + clientKind.name());
        int port = ChildJvm.freePort();
        try (ChildJvm server = serverKind.start("server", List.of("-Djava.rmi.dgc.leaseValue=" + LEASE_MILLIS),
                                                "server", String.valueOf(port))) {
            expectEquals(serverKind.runtime(), server.awaitLine("READY ", 60).trim(), "the server's runtime");
            try (ChildJvm client = clientKind.start("client", List.of(),
                                                    "client", String.valueOf(port), serverKind.runtime())) {
                client.awaitLine("CHECK lookup", 60);
                String protocol = client.awaitLine("PROTOCOL ", 10).trim();
                expect(protocol.matches(expectedProtocol(serverKind, clientKind)),
                       "how the client's registry and hub stubs call: " + protocol);
                for (String check : List.of("runtime", "by-value", "callbacks", "references",
                                            "exceptions", "unexport")) {
                    client.awaitLine("CHECK " + check, 60);
                }
                client.awaitLine("HELD", 60);
                expect(!server.printed("UNREFERENCED dgc"),
                       "the counter the client holds was unreferenced while it held it");
                expectEquals(0, client.awaitExit(60), "the client's exit status");
            }
            // the client's lease lapses: 2 s, checked every 1 s by stock's DGC and jdk.fastrmi's
            server.awaitLine("UNREFERENCED dgc", 60);
            server.closeInput();
            expectEquals(0, server.awaitExit(60), "the server's exit status");
        }
        System.out.println("==== ok: server " + serverKind.name() + ", client " + clientKind.name());
    }
}
