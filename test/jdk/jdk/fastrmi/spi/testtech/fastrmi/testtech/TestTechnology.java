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

package fastrmi.testtech;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.Transport;

/**
 * A small technology written against jdk.fastrmi.spi alone: blocking
 * java.net sockets and length-prefixed frames. It listens on a port of its
 * own for each port an export asks for (beside tcp's listener on that
 * port), so its endpoints are "test:host:port" with ports of its own.
 *
 * <p>Handshake: the client sends "TTEC" (u4, little-endian), its
 * serialization (u1) and its stream header (u2 length, bytes); the server
 * answers a status (u1: 0 accepted, 1 refused), its serialization (u1) and
 * its stream header (u2 length, bytes). Then frames as the runtime writes
 * them: a u4 little-endian length and that many bytes.
 *
 * <p>It honours stock's time-outs as the SPI asks ({@link Timeouts}): a
 * client's receive ends after sun.rmi.transport.tcp.responseTimeout, a
 * server's after sun.rmi.transport.tcp.readTimeout. An idle connection's
 * {@link Transport#probe} reads, for at most 1 ms, to see that the peer
 * has not closed it.
 *
 * <p>With {@code -Dtest.fastrmi.startMillis=N} it says it is still
 * starting ({@link #started}) for N ms after it was made, as a technology
 * that loads a native library in the background does.
 */
final class TestTechnology implements Technology {

    private static final int MAGIC = 0x43455454;    // "TTEC" little-endian

    private final String host;
    private final DistributedGC.Kind gcKind;
    private final Timeouts timeouts;
    private final Map<Integer, ServerSocket> listeners = new HashMap<>();
    private final long startedAt;

    /** The connections this JVM's test technologies opened, as a client. */
    static final AtomicInteger CONNECTIONS = new AtomicInteger();

    TestTechnology(String host, DistributedGC.Kind gcKind, Timeouts timeouts) {
        this.host = host;
        this.gcKind = gcKind;
        this.timeouts = timeouts;
        this.startedAt = System.nanoTime() + Long.getLong("test.fastrmi.startMillis", 0) * 1_000_000;
    }

    @Override
    public boolean started() {
        return System.nanoTime() - startedAt >= 0;
    }

    @Override
    public String id() {
        return TestTechnologyProvider.ID;
    }

    @Override
    public DistributedGC.Kind gcKind() {
        return gcKind;
    }

    @Override
    public synchronized Endpoint listen(int port, Acceptor acceptor) throws IOException {
        ServerSocket server = listeners.get(port);
        if (server == null) {
            server = new ServerSocket(0, 50, InetAddress.getByName(host));
            listeners.put(port, server);
            ServerSocket s = server;
            // the acceptor gets the port asked for: a registry exported on it is known by it
            Thread t = new Thread(() -> acceptLoop(s, acceptor, port), "testtech-accept-" + server.getLocalPort());
            t.setDaemon(true);
            t.start();
        }
        return new Endpoint(id(), host + ":" + server.getLocalPort());
    }

    @Override
    public synchronized void unlisten(int port) {
        ServerSocket server = listeners.remove(port);
        if (server != null) {
            closeQuietly(server);
        }
    }

    @Override
    public boolean reaches(Endpoint endpoint) {
        return true;
    }

    @Override
    public String host(Endpoint endpoint) {
        String a = endpoint.address();
        return a.substring(0, Math.max(0, a.lastIndexOf(':')));
    }

    @Override
    public Handshake.Connected connect(Endpoint endpoint, Handshake hello) throws IOException {
        CONNECTIONS.incrementAndGet();
        String a = endpoint.address();
        int colon = a.lastIndexOf(':');
        if (colon <= 0) {
            throw new IOException("bad test address " + a);
        }
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(a.substring(0, colon), Integer.parseInt(a.substring(colon + 1))));
            SocketTransport t = new SocketTransport(socket, timeouts.responseMillis());
            t.writeHello(MAGIC, hello);
            int status = t.in.readUnsignedByte();
            Handshake answer = t.readHandshake();
            if (status != 0) {
                t.close();
                throw new IOException("connection refused by " + endpoint);
            }
            return new Handshake.Connected(t, answer);
        } catch (IOException | RuntimeException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    private void acceptLoop(ServerSocket server, Acceptor acceptor, int port) {
        while (!server.isClosed()) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return;         // closed by unlisten
            }
            Thread t = new Thread(() -> serve(socket, acceptor, port, timeouts.readMillis()), "testtech-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void serve(Socket socket, Acceptor acceptor, int port, long readMillis) {
        SocketTransport t = null;
        try {
            t = new SocketTransport(socket, readMillis);
            if (t.readInt() != MAGIC) {
                throw new IOException("not a test technology client");
            }
            Handshake hello = t.readHandshake();
            Session session = acceptor.accept(t, hello, port);
            if (session == null) {
                t.writeAnswer(1, new Handshake(Handshake.FAST, new byte[0]));
                return;
            }
            t.writeAnswer(0, session.answer());
            session.serve();
        } catch (IOException | RuntimeException e) {
            // the connection ends
        } finally {
            if (t != null) {
                t.close();
            }
            closeQuietly(socket);
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignore) {
            // closed anyway
        }
    }

    @Override
    public String toString() {
        return "test[" + host + "]";
    }

    /** One connection: a socket and its streams. */
    private static final class SocketTransport implements Transport {

        private final Socket socket;
        final DataInputStream in;
        private final OutputStream out;
        private final String peerHost;
        private final boolean peerLocal;
        private final long timeoutNanos;    // receive(Frame)'s bound, 0: none
        private volatile boolean open = true;

        /* timeoutMillis: a client's responseTimeout, a server's readTimeout; 0 for none */
        SocketTransport(Socket socket, long timeoutMillis) throws IOException {
            this.socket = socket;
            this.timeoutNanos = timeoutMillis * 1_000_000;
            socket.setTcpNoDelay(true);
            this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
            this.out = socket.getOutputStream();
            InetAddress peer = socket.getInetAddress();
            this.peerHost = peer.getHostAddress();
            this.peerLocal = isLocal(peer);
        }

        private static boolean isLocal(InetAddress a) {
            if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
                return true;
            }
            try {
                return NetworkInterface.getByInetAddress(a) != null;
            } catch (SocketException e) {
                return false;
            }
        }

        int readInt() throws IOException {
            return Integer.reverseBytes(in.readInt());
        }

        void writeHello(int magic, Handshake h) throws IOException {
            byte[] header = h.streamHeader();
            ByteBuffer b = ByteBuffer.allocate(4 + 1 + 2 + header.length).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(magic).put((byte) h.serialization()).putShort((short) header.length).put(header);
            out.write(b.array());
            out.flush();
        }

        void writeAnswer(int status, Handshake h) throws IOException {
            byte[] header = h.streamHeader();
            ByteBuffer b = ByteBuffer.allocate(1 + 1 + 2 + header.length).order(ByteOrder.LITTLE_ENDIAN);
            b.put((byte) status).put((byte) h.serialization()).putShort((short) header.length).put(header);
            out.write(b.array());
            out.flush();
        }

        /* A serialization and a stream header. */
        Handshake readHandshake() throws IOException {
            int serialization = in.readUnsignedByte();
            int length = Short.toUnsignedInt(Short.reverseBytes(in.readShort()));
            if (length > Handshake.MAX_HEADER) {
                throw new IOException("stream header too long: " + length);
            }
            byte[] header = new byte[length];
            in.readFully(header);
            try {
                return new Handshake(serialization, header);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public void send(byte[] frame, int length) throws IOException {
            try {
                out.write(frame, 0, length);        // the frame starts with its length
                out.flush();
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        @Override
        public void receive(Frame frame) throws IOException {
            receiveWithin(frame, timeoutNanos);
        }

        @Override
        public void receive(Frame frame, long timeoutMillis) throws IOException {
            receiveWithin(frame, Timeouts.receiveNanos(timeoutMillis));
        }

        /*
         * timeoutNanos (0: none) bounds the wait for the frame to begin and,
         * once begun, for it to arrive whole: each read waits no longer
         * than the time left.
         */
        private void receiveWithin(Frame frame, long timeoutNanos) throws IOException {
            try {
                long deadline = deadline(timeoutNanos);
                boundRead(deadline);
                int first = in.read();
                if (first < 0) {
                    throw new EOFException("connection closed");
                }
                deadline = deadline(timeoutNanos);      // the frame has begun
                byte[] len = {(byte) first, 0, 0, 0};
                boundRead(deadline);
                in.readFully(len, 1, 3);
                int messageLength = Frame.messageLength(len);
                frame.prepare(messageLength);
                Frame.putMessageLength(frame.data(), messageLength);
                int got = Frame.HEADER;
                while (got < frame.length()) {
                    int end = frame.room(got);      // grows the buffer as bytes arrive
                    boundRead(deadline);
                    int n = in.read(frame.data(), got, end - got);
                    if (n < 0) {
                        throw new EOFException("connection closed mid-frame");
                    }
                    got += n;
                }
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        private static long deadline(long timeoutNanos) {
            return timeoutNanos == 0 ? 0 : System.nanoTime() + timeoutNanos;
        }

        /* Every read sets its own bound, the time left (0: none): what probe set does not stay. */
        private void boundRead(long deadline) throws IOException {
            int millis = 0;
            if (deadline != 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new SocketTimeoutException("no frame from " + peerHost + " within the time-out");
                }
                millis = Math.clamp((left + 999_999) / 1_000_000, 1, Integer.MAX_VALUE);
            }
            socket.setSoTimeout(millis);
        }

        /*
         * A blocking socket tells that the peer closed only to a read, so
         * this reads, for at most 1 ms (the pool probes only a connection
         * idle for longer). Silence means alive; the end, a reset or bytes
         * nobody asked for mean the connection cannot carry a call.
         */
        @Override
        public boolean probe() {
            boolean alive = false;
            try {
                if (isOpen() && in.available() == 0) {
                    socket.setSoTimeout(1);
                    in.read();
                }
            } catch (SocketTimeoutException e) {
                alive = true;
            } catch (IOException e) {
                // not alive
            }
            if (!alive) {
                close();
            }
            return alive;
        }

        @Override
        public String peerHost() {
            return peerHost;
        }

        @Override
        public boolean peerIsLocal() {
            return peerLocal;
        }

        @Override
        public boolean isOpen() {
            return open && !socket.isClosed();
        }

        @Override
        public void close() {
            open = false;
            closeQuietly(socket);
        }
    }
}
