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
 * @summary JMX over RMI across the image's jdk.fastrmi and a stock JDK
 *          (Temurin 25, Debian's OpenJDK 17): the management agent
 *          (com.sun.management.jmxremote.port) of a JVM on jdk.fastrmi and
 *          of stock JVMs, and a connector
 *          server made with JMXConnectorServerFactory on jdk.fastrmi, each
 *          reached by a stock JMX client and by one on jdk.fastrmi:
 *          connect, an attribute, a notification delivered to a listener,
 *          a thousand calls. Between two JVMs on jdk.fastrmi no server
 *          thread serves a JRMP connection (the JDK's own exports, through
 *          UnicastServerRef, run on jdk.fastrmi); a stock client is served
 *          over JRMP on the same port. The same for the agent of a JVM on
 *          jdk.fastrmi with JMX over SSL (com.sun.management.jmxremote.ssl,
 *          the connector exported through javax.rmi.ssl's factories): its
 *          calls from a jdk.fastrmi client run on jdk.fastrmi too.
 * @modules java.rmi java.management
 * @library /lib
 * @build grande.test.*
 * @compile --release 17 JmxApp.java
 * @run main/othervm/timeout=600 JmxInteropTest
 */

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import grande.test.Checks;
import grande.test.ChildJvm;
import grande.test.TlsKeys;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class JmxInteropTest {

    static final List<String> FAST = List.of("-Djava.rmi.provider=fastrmi");

    public static void main(String[] args) throws Exception {
        Path stock = Path.of(Checks.requiredEnv("GRANDE_STOCK_JDK"));
        Path old = Path.of(Checks.requiredEnv("GRANDE_OLD_JDK"));
        Path image = Path.of(System.getProperty("java.home"));
        Map<String, Path> homes = Map.of("stock", stock, "jdk17", old, "fastrmi", image);
        List<String> tls = TlsKeys.jvmOptions();
        for (String server : List.of("agent-fastrmi", "agent-stock", "agent-jdk17", "connector-fastrmi",
                                     "agentssl-fastrmi")) {
            for (String client : List.of("stock", "jdk17", "fastrmi")) {
                if (server.endsWith("jdk17") && client.equals("jdk17")) {
                    continue;       // nothing of ours in that pair
                }
                run(server, client, homes, server.startsWith("agentssl") ? tls : List.of());
            }
        }
    }

    /* tls: both sides' key and trust store options, for the agent with SSL */
    static void run(String serverKind, String clientKind, Map<String, Path> homes, List<String> tls)
            throws Exception {
        System.out.println("==== server " + serverKind + ", client " + clientKind);
        int port = ChildJvm.freePort();
        List<String> options = new ArrayList<>(serverKind.endsWith("fastrmi") ? FAST : List.of());
        options.addAll(tls);
        String url;
        String[] serverArgs;
        if (serverKind.startsWith("agent")) {
            options.addAll(List.of("-Dcom.sun.management.jmxremote.port=" + port,
                                   "-Dcom.sun.management.jmxremote.authenticate=false",
                                   "-Dcom.sun.management.jmxremote.ssl=" + !tls.isEmpty()));
            url = "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi";
            serverArgs = new String[] {"agent"};
        } else {
            url = "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/app";
            serverArgs = new String[] {"connector", String.valueOf(port)};
        }
        Path serverHome = homes.get(serverKind.substring(serverKind.indexOf('-') + 1));
        try (ChildJvm server = ChildJvm.startOn(serverHome, "server", options, "JmxApp", serverArgs)) {
            server.awaitLine("READY", 60);
            Path clientHome = homes.get(clientKind);
            List<String> clientOptions = new ArrayList<>(clientKind.equals("fastrmi") ? FAST : List.of());
            clientOptions.addAll(tls);
            try (ChildJvm client = ChildJvm.startOn(clientHome, "client", clientOptions, "JmxApp", "client", url)) {
                for (String check : List.of("connect", "notification", "calls")) {
                    client.awaitLine("CHECK " + check, 120);
                }
                int jrmpThreads = Integer.parseInt(client.awaitLine("JRMP-THREADS ", 30).trim());
                if (serverKind.endsWith("fastrmi") && clientKind.equals("fastrmi")) {
                    expectEquals(0, jrmpThreads, "server threads serving JRMP connections between two jdk.fastrmi JVMs");
                } else {
                    expect(jrmpThreads > 0, "a JRMP client is served by JRMP connection threads: " + jrmpThreads);
                }
                expectEquals(0, client.awaitExit(60), "the client's exit status");
            }
            server.closeInput();
            expectEquals(0, server.awaitExit(60), "the server's exit status");
        }
        System.out.println("==== ok: server " + serverKind + ", client " + clientKind);
    }
}
