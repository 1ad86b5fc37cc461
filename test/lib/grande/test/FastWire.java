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

package grande.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/**
 * jdk.fastrmi's tcp wire format, for tests that speak it from a raw socket
 * (rmi-replacement/README.md, "tcp wire format"): its constants, a real
 * registry call recorded on its way, and the byte helpers around them.
 */
public final class FastWire {
    /** What a client sends first: JRMP's magic and version, then jdk.fastrmi's protocol byte. */
    public static final byte[] JRMP_HEADER = {'J', 'R', 'M', 'I', 0, 2, 0x46};
    /** A jdk.fastrmi server's answer to it (JRMP's ProtocolAck); a JRMP server answers 0x4F. */
    public static final byte PROTOCOL_ACK = 0x4E;
    public static final byte[] MAGIC = "FRMI".getBytes(StandardCharsets.US_ASCII);
    public static final byte VERSION = 1;
    public static final byte SERIALIZATION_FAST = 0;
    public static final byte SERIALIZATION_JDK = 1;
    /** Where a request frame's arguments start: length, object id, method number, method hash. */
    public static final int ARGUMENTS_OFFSET = 4 + 8 + 4 + 8;
    public static final long REGISTRY_ID = 0;
    public static final long DGC_ID = 1;
    /** The name recordLookup looks up; no test binds it. */
    public static final String MISSING_NAME = "no-such-name";

    private FastWire() { }

    /** A real call as a client sent it: its handshake's stream header and its request frame. */
    public record Recorded(byte[] clientHeader, byte[] frame) { }

    /**
     * A registry lookup of a missing name ({@link #MISSING_NAME}) made by
     * this JVM's RMI, to the registry at {@code port}, through a relay that
     * records what the client sends. (A lookup that found a stub would leave
     * a DGC connection behind.)
     */
    public static Recorded recordLookup(int port) throws Exception {
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        List<Socket> sockets = new ArrayList<>();
        try (ServerSocket relay = new ServerSocket(0, 1, InetAddress.getByName(ChildJvm.HOST))) {
            relay.setSoTimeout((int) ChildJvm.millis(30));
            Thread relaying = new Thread(() -> {
                try {
                    Socket client = relay.accept();
                    Socket upstream = new Socket(ChildJvm.HOST, port);
                    synchronized (sockets) {
                        sockets.add(client);
                        sockets.add(upstream);
                    }
                    Thread back = new Thread(() -> copy(upstream, client, null), "relay-back");
                    back.setDaemon(true);
                    back.start();
                    copy(client, upstream, sent);
                } catch (IOException e) {
                    System.out.println("relay: " + e);
                }
            }, "relay");
            relaying.setDaemon(true);
            relaying.start();
            try {
                var stub = LocateRegistry.getRegistry(ChildJvm.HOST, relay.getLocalPort()).lookup(MISSING_NAME);
                throw new AssertionError("a lookup of " + MISSING_NAME + " returned " + stub);
            } catch (NotBoundException e) {
                System.out.println("a lookup through the relay: " + e);
            }
        } finally {
            synchronized (sockets) {
                for (Socket s : sockets) {
                    s.close();
                }
            }
        }
        byte[] bytes;
        synchronized (sent) {
            bytes = sent.toByteArray();
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        byte[] jrmpHeader = new byte[JRMP_HEADER.length];
        b.get(jrmpHeader);
        expect(Arrays.equals(JRMP_HEADER, jrmpHeader), "the client opens with JRMP's header and jdk.fastrmi's"
               + " protocol byte: " + hex(bytes, 16));
        byte[] magic = new byte[4];
        b.get(magic);
        expect(Arrays.equals(MAGIC, magic) && b.get() == VERSION && b.get() == SERIALIZATION_FAST,
               "the client's handshake: " + hex(bytes, 16));
        byte[] clientHeader = new byte[b.getInt()];
        b.get(clientHeader);
        int start = b.position();
        int length = b.getInt();
        long objectId = b.getLong();
        expectEquals(REGISTRY_ID, objectId, "the object id of a registry call");
        expect(length >= 20 && start + 4 + length <= bytes.length, "a whole request frame of " + length + " bytes");
        byte[] frame = Arrays.copyOfRange(bytes, start, start + 4 + length);
        System.out.println("recorded: client header " + hex(clientHeader, 16) + ", lookup " + hex(frame, 64));
        return new Recorded(clientHeader, frame);
    }

    /** Copies from one socket to another until either ends; records what passes if asked. */
    public static void copy(Socket from, Socket to, ByteArrayOutputStream record) {
        byte[] buf = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buf)) > 0) {
                if (record != null) {
                    synchronized (record) {
                        record.write(buf, 0, n);
                    }
                }
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed
        }
    }

    /**
     * A connection to port at {@link ChildJvm#HOST} for a test that speaks
     * the wire itself: connect and reads are bounded (scaled) so that a
     * server that hangs fails the test, and no Nagle delay holds back the
     * parts of a frame.
     */
    public static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(ChildJvm.HOST, port), (int) ChildJvm.millis(10));
        s.setSoTimeout((int) ChildJvm.millis(20));
        s.setTcpNoDelay(true);
        return s;
    }

    /** Writes the parts in one write and flushes them. */
    public static void send(Socket s, byte[]... parts) throws IOException {
        s.getOutputStream().write(concat(parts));
        s.getOutputStream().flush();
    }

    /** A request frame with the head of frame (object, method, hash) and other arguments. */
    public static byte[] withArguments(byte[] frame, byte[] arguments) {
        byte[] head = Arrays.copyOfRange(frame, 4, ARGUMENTS_OFFSET);
        return concat(le32(head.length + arguments.length), head, arguments);
    }

    public static byte[] le32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    public static String hex(byte[] b, int max) {
        String h = HexFormat.of().formatHex(b, 0, Math.min(b.length, max));
        return b.length > max ? h + "..." : h;
    }
}
