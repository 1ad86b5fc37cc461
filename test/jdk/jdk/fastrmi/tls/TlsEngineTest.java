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
 * @summary Connections through javax.rmi.ssl's factories run their TLS on
 *          jdk.fastrmi's own channels (SSLEngine; jdk.fastrmi.tcp.tls,
 *          default engine) with the factories' semantics: both ends'
 *          listeners and the client's connections take the engine, and
 *          talk to the factories' own sockets (tls=socket) either way; a
 *          server factory's own SSLContext is the one used; a server that
 *          needs a client certificate refuses a client without one, as
 *          with the factories' sockets; the client checks the server's
 *          host (jdk.rmi.ssl.client.enableEndpointIdentification) as the
 *          client factory does; 4 MiB pass whole. A peer that speaks no
 *          TLS, or begins a handshake and stalls, is closed within the
 *          handshake time-out, and the server still serves.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* TlsEngineApp
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi TlsEngineTest
 */

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import grande.test.ChildJvm;
import grande.test.TlsKeys;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class TlsEngineTest {

    static final String SOCKETS = "-Djdk.fastrmi.tcp.tls=socket";
    /*
     * The servers of hostilePeers only: a first handshake of a client JVM
     * just started took more than 2 s on a loaded 2-core machine (CI,
     * 2026-12-03), so the others keep the default time-out.
     */
    static final String SHORT_HANDSHAKE = "-Dsun.rmi.transport.tcp.handshakeTimeout=5000";
    /* the causes of a client's failure: the connection refused; the server's certificate refused */
    static final String REFUSED = "java.rmi.ConnectIOException";
    static final String WRONG_HOST = "java.rmi.ConnectIOException javax.net.ssl.SSLHandshakeException "
                                     + "java.security.cert.CertificateException";

    public static void main(String[] args) throws Exception {
        Path keys = TlsKeys.store("tls-engine.p12", "ip:127.0.0.1,dns:localhost");
        Path elsewhere = TlsKeys.store("tls-elsewhere.p12", "dns:elsewhere.invalid");
        List<String> both = TlsKeys.storeOptions(keys, true);
        List<String> trustOnly = TlsKeys.storeOptions(keys, false);

        // the engine at both ends: listeners on both sides, the client's connection too
        String[] served = run("engine both ends", both, "default", false, both, null);
        expect(served[0].endsWith("-tls"), "the server's call ran on an engine connection: " + served[0]);
        expect(served[1].endsWith("-tls"), "the client's callback ran on an engine connection: " + served[1]);

        // each end with the factories' own sockets against the other's engine
        served = run("engine server, socket client", both, "default", false, with(both, SOCKETS), null);
        expect(served[0].endsWith("-tls"), "the server's call ran on an engine connection: " + served[0]);
        expect(served[1].endsWith("-factory"), "the client's callback ran on a factory socket: " + served[1]);
        served = run("socket server, engine client", with(both, SOCKETS), "default", false, both, null);
        expect(served[0].endsWith("-factory"), "the server's call ran on a factory socket: " + served[0]);
        expect(served[1].endsWith("-tls"), "the client's callback ran on an engine connection: " + served[1]);

        // the server factory's own context: the server JVM's default one has no key (it trusts, for the callback)
        run("the factory's SSLContext", trustOnly, "context:" + keys, false, both, null);

        // client authentication: refused without a key, as by the factories' sockets; served with one
        // (TLS 1.3: the client may find the refusal as the server's alert or as the connection's end)
        run("client certificate needed, none", both, "default", true, trustOnly, REFUSED);
        run("client certificate needed, none, socket client", both, "default", true, with(trustOnly, SOCKETS),
            REFUSED);
        run("client certificate needed and given", both, "default", true, both, null);

        // the server's host checked as the client factory checks it
        List<String> wrongHost = TlsKeys.storeOptions(elsewhere, true);
        run("certificate for another host", wrongHost, "default", false, wrongHost, WRONG_HOST);
        run("certificate for another host, socket client", wrongHost, "default", false,
            with(wrongHost, SOCKETS), WRONG_HOST);
        // (the server calls the client back: it must not check either)
        List<String> unchecked = with(wrongHost, "-Djdk.rmi.ssl.client.enableEndpointIdentification=false");
        run("certificate for another host, check off", unchecked, "default", false, unchecked, null);

        hostilePeers(both);
    }

    static List<String> with(List<String> options, String more) {
        List<String> all = new ArrayList<>(options);
        all.add(more);
        return all;
    }

    /*
     * A server and a client; failure: null if the client is to succeed,
     * else how its failure's causes begin. Returns the server's and the
     * client's serving thread names (of a success).
     */
    static String[] run(String what, List<String> serverOptions, String keys, boolean needClientAuth,
                        List<String> clientOptions, String failure) throws Exception {
        System.out.println("==== " + what);
        int echoPort = ChildJvm.freePort();
        try (ChildJvm server = ChildJvm.startServer("TlsEngineApp", serverOptions, "server",
                                                    String.valueOf(echoPort), keys, String.valueOf(needClientAuth))) {
            server.awaitLine("BOUND", 60);
            String[] served = client(server.port(), clientOptions, failure);
            server.stop(60);
            System.out.println("==== ok: " + what);
            return served;
        }
    }

    static String[] client(int registryPort, List<String> options, String failure) throws Exception {
        try (ChildJvm c = ChildJvm.start("client", options, "TlsEngineApp", "client", String.valueOf(registryPort))) {
            if (failure != null) {
                String causes = c.awaitLine("FAILED", 120).trim();
                expect(causes.startsWith(failure), "the client's failure: " + causes);
                expect(!c.printed("SERVED-BY "), "no call was served");
                expectEquals(1, c.awaitExit(60), "the client's exit status");
                return null;
            }
            String server = c.awaitLine("SERVED-BY ", 120).trim();
            c.awaitLine("ECHO ok", 120);
            String callback = c.awaitLine("CALLBACK-SERVED-BY ", 120).trim();
            c.awaitLine("DONE", 60);
            expectEquals(0, c.awaitExit(60), "the client's exit status");
            return new String[] {server, callback};
        }
    }

    /*
     * Peers that do not finish a handshake: each closed by the server
     * within its handshake time-out (5 s; waited for up to 60), and a
     * client served after them.
     */
    static void hostilePeers(List<String> keys) throws Exception {
        System.out.println("==== hostile peers");
        int echoPort = ChildJvm.freePort();
        try (ChildJvm server = ChildJvm.startServer("TlsEngineApp", with(keys, SHORT_HANDSHAKE), "server",
                                                    String.valueOf(echoPort), "default", "false")) {
            server.awaitLine("BOUND", 60);
            // JRMP's header in the clear: not a TLS record
            expectClosed(echoPort, new byte[] {'J', 'R', 'M', 'I', 0, 2, 0x4B}, "a peer in the clear");
            // a TLS record header that announces a handshake message and stops
            expectClosed(echoPort, new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01}, "a handshake that stalls");
            // nothing at all
            expectClosed(echoPort, new byte[0], "a silent peer");
            client(server.port(), keys, null);
            server.stop(60);
        }
        System.out.println("==== ok: hostile peers");
    }

    static void expectClosed(int port, byte[] send, String what) throws IOException {
        try (Socket s = new Socket(ChildJvm.HOST, port)) {
            s.setSoTimeout((int) ChildJvm.millis(60));
            OutputStream out = s.getOutputStream();
            out.write(send);
            out.flush();
            InputStream in = s.getInputStream();
            try {
                while (in.read() >= 0) {
                    // an alert may come first; the end must follow
                }
            } catch (SocketTimeoutException e) {
                throw new AssertionError(what + ": still open after 60 s", e);
            } catch (IOException e) {
                // reset: closed too
            }
            System.out.println(what + ": closed by the server");
        }
    }
}
