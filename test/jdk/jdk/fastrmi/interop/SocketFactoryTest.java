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
 * @summary Exports with socket factories (plain sockets through an
 *          application's counting factories, and SSL through
 *          javax.rmi.ssl's): a server and a client of each kind (stock
 *          Temurin 25, the image with jdk.fastrmi) look up through the
 *          registry's factories, call, pass objects by value (1 MiB
 *          arrays among them) and a
 *          callback exported with the same factories. Between two
 *          jdk.fastrmi JVMs the calls run jdk.fastrmi's tcp protocol
 *          through the client factory (its sockets counted) and the server
 *          runs no JRMP connection thread; a stock client reaches the
 *          jdk.fastrmi server over JRMP on the same port through the same
 *          factories; a jdk.fastrmi client of a stock server falls back to
 *          JRMP through its factory. A connection that says nothing,
 *          open all along, delays none of it.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.*
 * @compile --release 17 InteropApp.java SocketFactoryApp.java
 * @run main/othervm/timeout=600 SocketFactoryTest counting
 * @run main/othervm/timeout=600 SocketFactoryTest ssl
 */

import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import grande.test.Checks;
import grande.test.ChildJvm;
import grande.test.TlsKeys;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class SocketFactoryTest {

    record Kind(String name, Path javaHome, List<String> options) { }

    public static void main(String[] args) throws Exception {
        String factories = args[0];
        Path stockHome = Path.of(Checks.requiredEnv("GRANDE_STOCK_JDK"));
        expect(Files.isExecutable(stockHome.resolve("bin/java")), "GRANDE_STOCK_JDK has bin/java: " + stockHome);
        Path image = Path.of(System.getProperty("java.home"));
        List<String> ssl = factories.equals("ssl") ? TlsKeys.jvmOptions() : List.of();
        List<Kind> kinds = List.of(new Kind("stock", stockHome, ssl),
                                   new Kind("fastrmi", image, with(ssl, "-Djava.rmi.provider=fastrmi")));
        for (Kind server : kinds) {
            for (Kind client : kinds) {
                runCell(server, client, factories);
            }
        }
    }

    static List<String> with(List<String> options, String more) {
        List<String> all = new ArrayList<>(options);
        all.add(more);
        return all;
    }

    /*
     * How the client's registry and greeter stubs call: through the client
     * factory on jdk.fastrmi's tcp between two jdk.fastrmi JVMs; JRMP for a
     * stock client; a jdk.fastrmi registry stub that found a JRMP server
     * says so, and returns that server's JRMP stubs.
     */
    static String expectedProtocol(Kind server, Kind client) {
        if (client.name().equals("stock")) {
            return "registry=jrmp greeter=jrmp";
        }
        if (server.name().equals("fastrmi")) {
            return "registry=fastrmi:tcp through \\S+ greeter=fastrmi:tcp through \\S+";
        }
        return "registry=fastrmi:jrmp greeter=jrmp";
    }

    static void runCell(Kind server, Kind client, String factories) throws Exception {
        System.out.println("==== " + factories + ": server " + server.name() + ", client " + client.name());
        int port = ChildJvm.freePort();
        try (ChildJvm s = ChildJvm.startOn(server.javaHome(), "server-" + server.name(), server.options(),
                                           "SocketFactoryApp", "server", String.valueOf(port), factories)) {
            s.awaitLine("READY", 60);
            // a peer that connects and says nothing (no TLS handshake either) holds up no one else
            try (Socket silent = new Socket(ChildJvm.HOST, port);
                 ChildJvm c = ChildJvm.startOn(client.javaHome(), "client-" + client.name(), client.options(),
                                               "SocketFactoryApp", "client", String.valueOf(port), factories)) {
                for (String check : List.of("lookup", "greet", "by-value", "1 MiB arrays", "callback",
                                            "repeated calls")) {
                    c.awaitLine("CHECK " + check, 60);
                }
                String protocol = c.awaitLine("PROTOCOL ", 10).trim();
                expect(protocol.matches(expectedProtocol(server, client)),
                       "how the client's stubs call: " + protocol);
                int sockets = Integer.parseInt(c.awaitLine("SOCKETS ", 10).trim());
                if (factories.equals("counting")) {
                    expect(sockets > 0, "the client's calls went through its factory's sockets: " + sockets);
                }
                expectEquals(0, c.awaitExit(60), "the client's exit status");
            }
            s.closeInput();
            int jrmpThreads = Integer.parseInt(s.awaitLine("JRMP-THREADS ", 30).trim());
            if (server.name().equals("fastrmi") && client.name().equals("fastrmi")) {
                expectEquals(0, jrmpThreads, "JRMP connection threads of a jdk.fastrmi server with jdk.fastrmi clients");
            } else {
                expect(jrmpThreads > 0, "a JRMP client was served over JRMP: " + jrmpThreads + " threads");
            }
            expectEquals(0, s.awaitExit(60), "the server's exit status");
        }
        System.out.println("==== ok: " + factories + ": server " + server.name() + ", client " + client.name());
    }
}
