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
 * @summary The tcp technology bounds what a peer may hold of a server JVM:
 *          a connection that says nothing after its handshake is closed
 *          after sun.rmi.transport.tcp.readTimeout, as stock closes one; a
 *          frame sent byte by byte is cut off once it has taken longer than
 *          that; a flood of connections gets no more than
 *          jdk.fastrmi.tcp.maxConnections served at once (the others are
 *          closed at once, without a thread); the client's pooled
 *          connection, closed by the server while idle, is replaced
 *          without the application noticing. After each case an ordinary
 *          call is served and the server's connection threads are back to
 *          the baseline.
 * @modules java.rmi jdk.fastserial
 * @library /lib ../faults
 * @build grande.test.* FaultService FaultServer
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp TcpLimitsTest
 */

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.FastWire.connect;
import static grande.test.FastWire.le32;

public class TcpLimitsTest {

    static final int READ_TIMEOUT_MILLIS = 2000;
    static final int MAX_CONNECTIONS = 12;

    static ChildJvm server;
    static FaultService service;

    public static void main(String[] args) throws Exception {
        try (ChildJvm s = FaultServer.start(List.of(
                "-Djdk.fastrmi.technologies=tcp",
                "-Dsun.rmi.transport.tcp.readTimeout=" + READ_TIMEOUT_MILLIS,
                "-Dsun.rmi.transport.tcp.handshakeTimeout=" + ChildJvm.millis(30),
                "-Djdk.fastrmi.tcp.maxConnections=" + MAX_CONNECTIONS))) {
            server = s;
            service = (FaultService) LocateRegistry.getRegistry(ChildJvm.HOST, server.port()).lookup("service");
            expectEquals(1, service.echo(1), "an ordinary call");

            idleConnectionClosed();
            slowFrameCutOff();
            pooledConnectionReplaced();
            flood();

            FaultServer.stop(server);
        }
    }

    /** A raw connection that has said the handshake and then nothing is closed after the read time-out. */
    static void idleConnectionClosed() throws Exception {
        try (Socket raw = handshaken()) {
            long start = System.nanoTime();
            raw.setSoTimeout((int) ChildJvm.millis(30));
            int read = readOrEnd(raw.getInputStream());
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            expectEquals(-1, read, "the server closes a silent connection");
            expect(elapsed >= READ_TIMEOUT_MILLIS / 2, "not before the read time-out: after " + elapsed + " ms");
        }
        stillServing("a silent connection");
    }

    /*
     * A frame whose length says 1000 bytes, then one byte every 250 ms: the
     * server cuts it off once it has taken longer than the read time-out,
     * although bytes keep coming.
     */
    static void slowFrameCutOff() throws Exception {
        int sent = 0;
        boolean ended = false;
        try (Socket raw = handshaken()) {
            raw.getOutputStream().write(le32(1000));
            raw.setSoTimeout(250);
            InputStream in = raw.getInputStream();
            while (sent < 60 && !ended) {
                try {
                    raw.getOutputStream().write(0);
                    sent++;
                } catch (IOException e) {
                    ended = true;
                    break;
                }
                try {
                    ended = in.read() < 0;
                } catch (SocketTimeoutException e) {
                    // nothing yet: send the next byte
                } catch (IOException e) {
                    ended = true;   // reset
                }
            }
        }
        expect(ended, "the server cut off a frame sent byte by byte (" + sent + " bytes in "
                      + sent * 250 + " ms)");
        expect(sent < 40, "within about the read time-out of " + READ_TIMEOUT_MILLIS + " ms: after "
                          + sent + " bytes, one per 250 ms");
        stillServing("a frame sent byte by byte");
    }

    /* The client's idle connection, closed by the server after the read time-out, is replaced. */
    static void pooledConnectionReplaced() throws Exception {
        expectEquals(7, service.echo(7), "a call opens (or reuses) a pooled connection");
        FaultServer.ThreadCount count = FaultServer.awaitConnectionThreads(server, 0, ChildJvm.millis(30));
        expectEquals(0, count.threads(), "the server closed every idle connection after "
                                         + count.afterMillis() + " ms");
        for (int i = 0; i < 100; i++) {
            expectEquals(i, service.echo(i), "call " + i + " after the server closed the pooled connection");
        }
    }

    /*
     * Three times the cap of raw connections at once: no more than the cap
     * get a thread; the rest are closed at once by the server. When they
     * are gone, ordinary calls are served again.
     */
    static void flood() throws Exception {
        List<Socket> flood = new ArrayList<>();
        int closedAtOnce = 0;
        try {
            for (int i = 0; i < 3 * MAX_CONNECTIONS; i++) {
                Socket raw = connect(server.port());
                flood.add(raw);
            }
            // the connections the server refused read the end soon; the others stay open
            for (Socket raw : flood) {
                raw.setSoTimeout(1000);
                try {
                    if (readOrEnd(raw.getInputStream()) == -1) {
                        closedAtOnce++;
                    }
                } catch (SocketTimeoutException e) {
                    // served: waiting for its handshake
                }
            }
            int threads = FaultServer.connectionThreads(server);
            expect(threads <= MAX_CONNECTIONS, "connection threads during the flood: " + threads
                                                + " <= " + MAX_CONNECTIONS);
            expect(closedAtOnce >= 2 * MAX_CONNECTIONS, "connections closed at once: " + closedAtOnce
                                                        + " of " + flood.size());
        } finally {
            for (Socket raw : flood) {
                raw.close();
            }
        }
        stillServing("a flood of " + flood.size() + " connections");
    }

    /** An ordinary call is served, and the server's connection threads drop back to at most one. */
    static void stillServing(String what) throws Exception {
        FaultServer.ThreadCount count = FaultServer.awaitConnectionThreads(server, 1, ChildJvm.millis(30));
        expect(count.threads() <= 1, "after " + what + ": server connection threads " + count.threads()
                                     + " (after " + count.afterMillis() + " ms)");
        expectEquals(42, service.echo(42), "after " + what + ": an ordinary call");
    }

    /*
     * A raw connection that has said the handshake (integers little-endian:
     * "FRMI", version 1, serialization 1 (the JDK's streams, whose header is
     * empty), u4 header length 0) and read the server's answer.
     */
    static Socket handshaken() throws IOException {
        Socket s = connect(server.port());
        s.getOutputStream().write(new byte[] {'F', 'R', 'M', 'I', 1, 1, 0, 0, 0, 0});
        byte[] answer = s.getInputStream().readNBytes(10);
        expect(answer.length == 10 && answer[0] == 'F' && answer[3] == 'I' && answer[5] == 0,
               "the server accepts the handshake: " + Arrays.toString(answer));
        return s;
    }

    /** The next byte, or -1 at the end of the connection (a reset too). */
    static int readOrEnd(InputStream in) throws IOException {
        try {
            return in.read();
        } catch (SocketTimeoutException e) {
            throw e;
        } catch (IOException e) {
            return -1;
        }
    }
}
