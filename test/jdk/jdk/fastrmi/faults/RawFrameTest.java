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
 * @summary A raw socket speaks jdk.fastrmi's tcp wire format to a server JVM
 *          (at its registry's port) and breaks it: a request frame whose
 *          length is huge, negative, below 13 or above maxFrameBytes; a
 *          frame or a handshake cut short; a wrong magic, an HTTP request, a
 *          huge handshake header; garbage with a plausible length. The server
 *          drops the connection (the socket reads EOF within a bound) or, for
 *          the garbage, answers with a status-2 reply; an unknown version is
 *          refused or dropped. JRMP's header with jdk.fastrmi's protocol
 *          byte is acknowledged (0x4E) before the handshake; with JRMP's
 *          stream protocol the stock transport answers it; an unknown
 *          protocol gets JRMP's refusal (0x4F); a wrong version or a header
 *          cut short is dropped. A registry lookup of a missing name recorded on
 *          the way (through a relay) and replayed as it is gets the
 *          NotBoundException back, which shows that the raw client speaks the
 *          protocol; replayed with garbage, cut or mutated arguments it gets
 *          a reply or a drop, never a hang. After
 *          each case the server still serves an ordinary client and its
 *          count of fastrmi-tcp-conn- threads is back to the baseline; twenty
 *          silent connections do not keep a new client from being served.
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* FaultService FaultServer FaultClient
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.tcp.idleTimeout=600000 RawFrameTest
 */

/* Not over grande.test.Technologies: the subject is tcp's wire format, which the raw socket speaks. */

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import grande.test.ChildJvm;
import grande.test.FastWire.Recorded;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.FastWire.*;
import static grande.test.Checks.expectEquals;

public class RawFrameTest {

    /** The server's jdk.fastrmi.tcp.maxFrameBytes, small enough to cross. */
    static final int MAX_FRAME_BYTES = 1 << 20;

    static final byte STATUS_THROWN = 1;
    static final byte STATUS_RUNTIME_EXCEPTION = 2;
    /** What exchange() returns when the server dropped the connection instead of answering. */
    static final int DROPPED = -1;

    /** What a raw connection may send: a step of a case. */
    interface Action {
        void run(Socket socket) throws IOException;
    }


    /** What came back on a raw connection until it ended, or until the bound. */
    record Outcome(boolean ended, String how, byte[] received) {
        @Override
        public String toString() {
            return (ended ? "ended (" + how + ")" : "still open after " + how) + " after "
                   + received.length + " bytes " + hex(received, 32);
        }
    }

    static ChildJvm server;
    static int port;
    static FaultService service;
    static int baseline;
    static byte[] fastHeader;
    static final Random random = new Random(Long.getLong("seed", 20260501L));

    public static void main(String[] args) throws Exception {
        // The client's object-stream header of the handshake: what a fast stream starts with.
        fastHeader = new FastObjectOutputStream().toByteArray();
        try (ChildJvm s = FaultServer.start(List.of("-Djdk.fastrmi.tcp.maxFrameBytes=" + MAX_FRAME_BYTES))) {
            server = s;
            port = server.port();
            int before = FaultServer.connectionThreads(server);
            Recorded lookup = recordLookup(port);
            expect(FaultServer.awaitConnectionThreads(server, before, ChildJvm.millis(20)).threads() <= before,
                   "the relay's connection ended in the server");
            service = (FaultService) LocateRegistry.getRegistry(ChildJvm.HOST, port).lookup("service");
            // the default technologies: once this JVM's fabric has started, so that the
            // connections counted at the baseline are those the test's calls keep using
            ChildJvm.expectTechnology("fabric:shm", service, "the stub's technology");
            expectEquals(1, service.echo(1), "an ordinary call");
            // This JVM's own connections (the call's, the DGC's) stay open (idleTimeout): part of the baseline.
            // The DGC's first dirty call runs in its own thread, on the call's connection or, if that is
            // busy at the moment, on one more: let it happen before counting.
            Thread.sleep(1000);
            baseline = FaultServer.connectionThreads(server);
            System.out.println("server connection threads with this client connected: " + baseline);

            badLengths();
            cutShort();
            badHandshakes();
            garbage();
            replays(lookup, 30);
            // after the seeded cases, whose random bytes it would shift
            jrmpHeaders();
            silentConnections(20);

            FaultServer.stop(server);
        }
    }

    /** (a) A valid handshake, then a request frame with a length the server must refuse. */
    static void badLengths() throws Exception {
        for (int length : new int[] {0x7fffffff, -1, Integer.MIN_VALUE, 0, 1, 12, MAX_FRAME_BYTES + 1}) {
            dropped("a request frame of length " + length + " (" + Integer.toHexString(length) + ")", s -> {
                handshake(s);
                // The length, then what could be the start of a request.
                send(s, le32(length), new byte[20]);
            });
        }
    }

    /** (b) A frame or a handshake that stops half-way. */
    static void cutShort() throws Exception {
        dropped("a request frame of 1000 bytes cut after 10", s -> {
            handshake(s);
            send(s, le32(1000), randomBytes(10));
            s.shutdownOutput();
        });
        abandoned("a request frame of 1000 bytes cut after 10, then reset", s -> {
            handshake(s);
            send(s, le32(1000), randomBytes(10));
        });
        dropped("a handshake cut after the version", s -> {
            send(s, MAGIC, new byte[] {VERSION});
            s.shutdownOutput();
        });
        dropped("a handshake cut in its stream header", s -> {
            send(s, MAGIC, new byte[] {VERSION, SERIALIZATION_FAST}, le32(fastHeader.length), new byte[1]);
            s.shutdownOutput();
        });
    }

    /** (c) Handshakes that are not the protocol. */
    static void badHandshakes() throws Exception {
        dropped("a wrong magic", s -> send(s, "FRMX".getBytes(StandardCharsets.US_ASCII),
                new byte[] {VERSION, SERIALIZATION_FAST}, le32(fastHeader.length), fastHeader));
        dropped("an HTTP request", s -> send(s,
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        dropped("a handshake whose header length is 0x7fffffff", s -> send(s, MAGIC,
                new byte[] {VERSION, SERIALIZATION_FAST}, le32(0x7fffffff), fastHeader));
        dropped("a handshake whose header length is negative", s -> send(s, MAGIC,
                new byte[] {VERSION, SERIALIZATION_FAST}, le32(-4), fastHeader));
        dropped("a handshake with serialization 7", s -> send(s, MAGIC,
                new byte[] {VERSION, 7}, le32(fastHeader.length), fastHeader));

        // A version the server does not speak: refused (status 1) or dropped, then closed.
        String what = "a handshake with version 99";
        try (Socket s = connect(port)) {
            send(s, MAGIC, new byte[] {99, SERIALIZATION_FAST}, le32(fastHeader.length), fastHeader);
            Outcome outcome = readToEnd(s);
            expect(outcome.ended(), what + ": the connection ends: " + outcome);
            byte[] r = outcome.received();
            if (r.length > 0) {
                expect(r.length >= 6 && Arrays.equals(MAGIC, Arrays.copyOf(r, 4)) && r[5] == 1,
                       what + ": refused with status 1: " + outcome);
            }
        }
        stillServing(what);
    }

    /**
     * (c') JRMP's header: with jdk.fastrmi's protocol byte the server
     * acknowledges (0x4E) and the handshake follows; with JRMP's stream
     * protocol the stock transport answers as it answers a stock client
     * (ProtocolAck, the client's host and port); an unknown protocol gets
     * JRMP's refusal (0x4F); a wrong version or a cut header is dropped.
     */
    static void jrmpHeaders() throws Exception {
        String what = "JRMP's header with jdk.fastrmi's protocol, then a handshake";
        try (Socket s = connect(port)) {
            send(s, JRMP_HEADER);
            byte[] ack = new byte[1];
            Outcome o = readAtMost(s.getInputStream(), ack);
            expect(o.received().length == 1 && ack[0] == PROTOCOL_ACK, what + ": acknowledged with 0x4E: " + o);
            handshake(s);
            int value = random.nextInt();
            expectEquals(value, service.echo(value), what + ": an ordinary call meanwhile");
        }
        stillServing(what);

        what = "JRMP's header with JRMP's stream protocol (a stock client)";
        try (Socket s = connect(port)) {
            send(s, Arrays.copyOf(JRMP_HEADER, 6), new byte[] {0x4B});
            byte[] answer = new byte[3];
            Outcome o = readAtMost(s.getInputStream(), answer);
            // ProtocolAck, then the host the server sees the client at (writeUTF: u2 length, bytes) and its port
            expect(o.received().length == 3 && answer[0] == PROTOCOL_ACK
                   && ((answer[1] & 0xFF) << 8 | (answer[2] & 0xFF)) == ChildJvm.HOST.length(),
                   what + ": the stock transport's acknowledgement: " + o);
        }
        stillServing(what);

        what = "JRMP's header with an unknown protocol 0x99";
        try (Socket s = connect(port)) {
            send(s, Arrays.copyOf(JRMP_HEADER, 6), new byte[] {(byte) 0x99});
            Outcome o = readToEnd(s);
            expect(o.ended() && o.received().length == 1 && o.received()[0] == 0x4F,
                   what + ": JRMP's refusal (0x4F), then the end: " + o);
        }
        stillServing(what);

        dropped("JRMP's header with version 1", s -> send(s, Arrays.copyOf(JRMP_HEADER, 5), new byte[] {1, 0x46}));
        dropped("JRMP's header cut after the magic", s -> {
            send(s, Arrays.copyOf(JRMP_HEADER, 4));
            s.shutdownOutput();
        });
    }

    /** (d) Requests of a plausible length whose content is garbage. */
    static void garbage() throws Exception {
        garbage("an unknown object id", request(0x5eed_0000_0001L, 0, random.nextLong(), randomBytes(40)));
        garbage("the registry, method number 999", request(REGISTRY_ID, 999, random.nextLong(), randomBytes(40)));
        garbage("the registry, method number -1", request(REGISTRY_ID, -1, random.nextLong(), randomBytes(40)));
        garbage("the registry, method 0, a wrong hash, garbage arguments",
                request(REGISTRY_ID, 0, random.nextLong(), randomBytes(64)));
        garbage("the DGC, method 0, a wrong hash, garbage arguments",
                request(DGC_ID, 0, random.nextLong(), randomBytes(64)));
        // Longer than the minimum, shorter than object id + method + hash.
        garbage("a request frame of 16 bytes", concat(le32(16), randomBytes(16)));
        garbage("a request frame of 13 bytes", concat(le32(13), randomBytes(13)));
    }

    /** (e) Connections that never say anything must not keep others from being served. */
    static void silentConnections(int count) throws Exception {
        List<Socket> silent = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                silent.add(connect(port));
            }
            FaultClient.echo(server, "client", 5);
            System.out.println("a new client was served while " + count + " silent connections were open");
        } finally {
            for (Socket s : silent) {
                s.close();
            }
        }
        stillServing(count + " silent connections");
    }

    /** Runs a case whose connection the server must close. */
    static void dropped(String what, Action action) throws Exception {
        System.out.println("case: " + what);
        try (Socket s = connect(port)) {
            action.run(s);
            Outcome outcome = readToEnd(s);
            expect(outcome.ended(), what + ": the server drops the connection: " + outcome);
        }
        stillServing(what);
    }

    /** Runs a case, then resets the connection without reading. */
    static void abandoned(String what, Action action) throws Exception {
        System.out.println("case: " + what);
        try (Socket s = connect(port)) {
            action.run(s);
            s.setSoLinger(true, 0);
        }
        stillServing(what);
    }

    /** Sends a request after a valid handshake: a status-2 reply, or the connection dropped. */
    static void garbage(String what, byte[] frame) throws Exception {
        int status = exchange(what, fastHeader, frame);
        expect(status == DROPPED || status == STATUS_RUNTIME_EXCEPTION,
               what + ": dropped or answered with status 2, got " + status);
    }

    /**
     * Sends a request after a valid handshake with clientHeader; returns the
     * reply's status, or DROPPED.
     */
    static int exchange(String what, byte[] clientHeader, byte[] frame) throws Exception {
        System.out.println("case: " + what + ": " + hex(frame, 24));
        lastReply = null;
        int status;
        try (Socket s = connect(port)) {
            byte[] serverHeader = handshake(s, clientHeader);
            send(s, frame);
            InputStream in = s.getInputStream();
            byte[] length = new byte[4];
            Outcome start = readAtMost(in, length);
            if (start.ended() && start.received().length == 0) {
                System.out.println(what + ": dropped (" + start.how() + ")");
                status = DROPPED;
            } else {
                expect(start.received().length == 4, what + ": a reply or the connection dropped: " + start);
                int n = ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getInt();
                expect(n >= 1 && n <= MAX_FRAME_BYTES, what + ": the reply's length " + n);
                byte[] reply = new byte[n];
                Outcome rest = readAtMost(in, reply);
                expect(rest.received().length == n, what + ": the whole reply: " + rest);
                status = reply[0];
                System.out.println(what + ": answered with status " + status + ", " + describe(serverHeader, reply));
            }
        }
        stillServing(what);
        return status;
    }

    /** (d) The recorded lookup, as it is, then with broken arguments. */
    static void replays(Recorded lookup, int mutations) throws Exception {
        byte[] frame = lookup.frame();
        byte[] header = lookup.clientHeader();
        expectEquals((int) STATUS_THROWN, exchange("the recorded lookup, replayed", header, frame),
                     "the recorded lookup replayed on a new connection: the reply's status");
        expectEquals(NotBoundException.class, lastReply == null ? null : lastReply.getClass(),
                     "the recorded lookup replayed: what the reply holds: " + lastReply);

        int status = exchange("the lookup with garbage arguments", header,
                              withArguments(frame, randomBytes(frame.length - ARGUMENTS_OFFSET + 8)));
        expect(status == DROPPED || status == STATUS_RUNTIME_EXCEPTION,
               "the lookup with garbage arguments: dropped or answered with status 2, got " + status);
        int arguments = frame.length - ARGUMENTS_OFFSET;
        status = exchange("the lookup with its arguments cut in half", header,
                          withArguments(frame, Arrays.copyOfRange(frame, ARGUMENTS_OFFSET,
                                                                  ARGUMENTS_OFFSET + arguments / 2)));
        expect(status == DROPPED || status == STATUS_RUNTIME_EXCEPTION,
               "the lookup with its arguments cut in half: dropped or answered with status 2, got " + status);

        // Mutated arguments may still decode (a lookup of another name), so any answer will do.
        TreeMap<Integer, Integer> outcomes = new TreeMap<>();
        for (int i = 0; i < mutations; i++) {
            byte[] mutated = frame.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                mutated[ARGUMENTS_OFFSET + random.nextInt(arguments)] = (byte) random.nextInt(256);
            }
            status = exchange("mutated lookup " + i, header, mutated);
            expect(status == DROPPED || (status >= 0 && status <= 2), "mutated lookup " + i + ": status " + status);
            outcomes.merge(status, 1, Integer::sum);
        }
        System.out.println("mutated lookups, by status (-1: dropped): " + outcomes);
    }

    /** The server serves an ordinary call, and its connection threads are back to the baseline. */
    static void stillServing(String what) throws Exception {
        int value = random.nextInt();
        expectEquals(value, service.echo(value), "after " + what + ": an ordinary call");
        FaultServer.ThreadCount count = FaultServer.awaitConnectionThreads(server, baseline, ChildJvm.millis(20));
        expect(count.threads() <= baseline, "after " + what + ": server connection threads "
               + count.threads() + " <= " + baseline + " (after " + count.afterMillis() + " ms)");
    }

    /** A valid handshake with a fast stream header; returns the server's header. */
    static byte[] handshake(Socket s) throws IOException {
        return handshake(s, fastHeader);
    }

    /** A valid handshake with the given stream header; returns the server's header. */
    static byte[] handshake(Socket s, byte[] clientHeader) throws IOException {
        send(s, MAGIC, new byte[] {VERSION, SERIALIZATION_FAST}, le32(clientHeader.length), clientHeader);
        InputStream in = s.getInputStream();
        byte[] answer = new byte[10];
        Outcome outcome = readAtMost(in, answer);
        int n = ByteBuffer.wrap(answer, 6, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        // Checked quietly: every case starts with one.
        if (outcome.received().length != 10 || !Arrays.equals(MAGIC, Arrays.copyOf(answer, 4))
                || answer[4] != VERSION || answer[5] != 0 || n < 0 || n > 1024) {
            throw new AssertionError("expected: the server accepts the handshake: " + outcome);
        }
        byte[] header = new byte[n];
        outcome = readAtMost(in, header);
        if (outcome.received().length != n) {
            throw new AssertionError("expected: the server's stream header of " + n + " bytes: " + outcome);
        }
        return header;
    }

    /** A request frame: length, object id, method number, method hash, arguments. */
    static byte[] request(long objectId, int method, long hash, byte[] arguments) {
        ByteBuffer frame = ByteBuffer.allocate(4 + 20 + arguments.length).order(ByteOrder.LITTLE_ENDIAN);
        frame.putInt(20 + arguments.length).putLong(objectId).putInt(method).putLong(hash).put(arguments);
        return frame.array();
    }

    /** Reads into buf until it is full, the peer ends the connection, or the bound passes. */
    static Outcome readAtMost(InputStream in, byte[] buf) {
        int filled = 0;
        try {
            while (filled < buf.length) {
                int n = in.read(buf, filled, buf.length - filled);
                if (n < 0) {
                    return new Outcome(true, "EOF", Arrays.copyOf(buf, filled));
                }
                filled += n;
            }
            return new Outcome(false, "a full buffer", buf.clone());
        } catch (SocketTimeoutException e) {
            return new Outcome(false, "the bound of " + ChildJvm.millis(20) + " ms",
                               Arrays.copyOf(buf, filled));
        } catch (IOException e) {
            // A reset also ends the connection.
            return new Outcome(true, e.toString(), Arrays.copyOf(buf, filled));
        }
    }

    /** Reads until the peer ends the connection or the bound passes (at most 1 MB). */
    static Outcome readToEnd(Socket s) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] buf = new byte[4096];
        while (all.size() < (1 << 20)) {
            Outcome o = readAtMost(in, buf);
            all.write(o.received());
            if (o.ended() || o.received().length < buf.length) {
                return new Outcome(o.ended(), o.how(), all.toByteArray());
            }
        }
        return new Outcome(false, "1 MB", all.toByteArray());
    }

    /** The object the last reply of exchange() held, or null. */
    static Object lastReply;

    /** Reads what a reply holds with the server's stream header into lastReply; describes it. */
    static String describe(byte[] serverHeader, byte[] reply) {
        lastReply = null;
        String bytes = (reply.length - 1) + " bytes " + hex(Arrays.copyOfRange(reply, 1, reply.length), 24);
        try (var in = new FastObjectInputStream(concat(serverHeader, Arrays.copyOfRange(reply, 1, reply.length)))) {
            lastReply = in.readObject();
            return bytes + ": " + lastReply;
        } catch (Exception | Error e) {
            return bytes + " (not decoded: " + e + ")";
        }
    }

    static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
