/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.internal.fastrmi.tcp;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.Arrays;

import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.JrmpPeerException;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.Transport;

/**
 * The tcp technology's protocol over a socket of an application's socket
 * factory (an SSL socket, say), which has no channel: the same bytes as
 * {@link TcpTechnology.TcpTransport}'s (JRMP's header with jdk.fastrmi's
 * protocol byte, the handshake, frames), read and written through the
 * socket's blocking streams. A receiver blocks in the socket; time-outs
 * are the socket's {@code SO_TIMEOUT}, set before each read from what is
 * left of the deadline.
 */
final class SocketTransport implements Transport {

    private static final int INPUT_BYTES = 8 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final long handshakeTimeoutMillis;
    private final long readTimeoutNanos;    // 0: none
    private final String peerHost;
    private final boolean peerLocal;
    private final byte[] four = new byte[4];
    /*
     * A server's acknowledgement of the JRMP header, held back to go in
     * front of the answer when the client's hello came with the header:
     * one record (TLS) or segment, one wait for the client.
     */
    private boolean ackPending;
    private volatile boolean open = true;
    /* the deadline of what is being read, 0 for none */
    private long deadline;

    /*
     * readTimeoutMillis bounds the wait for a frame to begin and, once
     * begun, to arrive whole; 0 for no bound.
     */
    SocketTransport(Socket socket, long handshakeTimeoutMillis, long readTimeoutMillis) throws IOException {
        this.socket = socket;
        this.handshakeTimeoutMillis = handshakeTimeoutMillis;
        this.readTimeoutNanos = readTimeoutMillis * 1_000_000;
        // as stock's transport sets the sockets of its factories
        socket.setTcpNoDelay(true);
        socket.setKeepAlive(true);
        this.in = new BufferedInputStream(socket.getInputStream(), INPUT_BYTES);
        this.out = socket.getOutputStream();
        InetAddress peer = socket.getInetAddress();
        this.peerHost = peer == null ? "unknown" : peer.getHostAddress();
        this.peerLocal = peer != null && TcpTechnology.TcpTransport.isLocal(peer);
    }

    // ----------------------------------------------------------- opening --

    /*
     * A client's: JRMP's header with jdk.fastrmi's protocol and the hello
     * in one write, then the acknowledgement and the server's answer; null
     * if the server refused the hello. A JRMP server's refusal of the
     * protocol is a JrmpPeerException.
     */
    Handshake open(Handshake hello, String peerName) throws IOException {
        ByteBuffer h = TcpTechnology.handshakeBytes(-1, hello);
        byte[] first = new byte[TcpTechnology.JRMP_HEADER.length + h.remaining()];
        System.arraycopy(TcpTechnology.JRMP_HEADER, 0, first, 0, TcpTechnology.JRMP_HEADER.length);
        h.get(first, TcpTechnology.JRMP_HEADER.length, h.remaining());
        // before the first write: a factory's socket may shake hands in it (TLS)
        setDeadline(handshakeTimeoutMillis * 1_000_000);
        int ack;
        try {
            write(first, first.length);
            ack = in.read();
        } catch (SocketTimeoutException e) {
            close();
            throw timedOut(peerName);
        }
        if (ack < 0) {
            throw new EOFException("connection to " + peerName + " closed before its protocol acknowledgement");
        }
        if (ack == (TcpTechnology.PROTOCOL_NACK & 0xFF)) {
            close();
            throw new JrmpPeerException(peerName + " speaks JRMP only");
        }
        if (ack != TcpTechnology.PROTOCOL_ACK) {
            throw new IOException("not a jdk.fastrmi or JRMP peer: " + peerName + " answered 0x"
                                  + Integer.toHexString(ack));
        }
        return readHandshake(hello.serialization(), peerName);
    }

    /*
     * A server's, first: null if the client opened with JRMP's header for
     * jdk.fastrmi's protocol (then acknowledged); else the bytes it sent,
     * at most the header's length, which the JRMP server that takes the
     * socket over must read again.
     */
    byte[] acceptJrmpHeader() throws IOException {
        setDeadline(handshakeTimeoutMillis * 1_000_000);
        byte[] first;
        try {
            first = in.readNBytes(TcpTechnology.JRMP_HEADER.length);     // fewer only at the end
        } catch (SocketTimeoutException e) {
            throw timedOut(peerHost);
        }
        if (!Arrays.equals(first, TcpTechnology.JRMP_HEADER)) {
            return first;
        }
        if (in.available() >= Integer.BYTES) {
            ackPending = true;
        } else {
            write(new byte[] {TcpTechnology.PROTOCOL_ACK}, 1);     // a client that awaits it before it says more
        }
        return null;
    }

    /* A server's, after the acknowledgement: the client's hello, null if unsupported. */
    Handshake readHello() throws IOException {
        return readHandshake(-1, peerHost);
    }

    /* status: the server's answer, 0 accepted, 1 refused */
    void writeAnswer(int status, Handshake h) throws IOException {
        ByteBuffer b = TcpTechnology.handshakeBytes(status, h);
        write(b.array(), b.remaining());
    }

    private Handshake readHandshake(int serialization, String peerName) throws IOException {
        setDeadline(handshakeTimeoutMillis * 1_000_000);
        try {
            if (readIntLE() != TcpTechnology.MAGIC) {
                throw new IOException("not a jdk.fastrmi peer (bad magic)");
            }
            int version = readByte();
            int code = readByte();
            byte[] header = new byte[TcpTechnology.handshakeHeaderLength(readIntLE())];
            readFully(header, 0, header.length);
            return TcpTechnology.handshake(serialization, version, code, header);
        } catch (SocketTimeoutException e) {
            throw timedOut(peerName);
        }
    }

    private SocketTimeoutException timedOut(String peerName) {
        return new SocketTimeoutException("no handshake from " + peerName + " within "
                                          + handshakeTimeoutMillis + " ms");
    }

    // ------------------------------------------------------------ frames --

    @Override
    public void send(byte[] frame, int length) throws IOException {
        if (length < Frame.HEADER || length > frame.length) {
            throw new IllegalArgumentException("frame length " + length);
        }
        write(frame, length);
    }

    /* One write: an SSL socket makes it one record, a plain one one segment if it fits. */
    private void write(byte[] b, int length) throws IOException {
        if (ackPending) {
            ackPending = false;
            byte[] both = new byte[1 + length];
            both[0] = TcpTechnology.PROTOCOL_ACK;
            System.arraycopy(b, 0, both, 1, length);
            b = both;
            length++;
        }
        try {
            out.write(b, 0, length);
            out.flush();
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    @Override
    public void receive(Frame frame) throws IOException {
        receiveWithin(frame, readTimeoutNanos);
    }

    @Override
    public void receive(Frame frame, long timeoutMillis) throws IOException {
        receiveWithin(frame, Timeouts.receiveNanos(timeoutMillis));
    }

    /* timeoutNanos bounds the wait for the frame to begin and, once begun, to arrive whole; 0: none */
    private void receiveWithin(Frame frame, long timeoutNanos) throws IOException {
        try {
            setDeadline(timeoutNanos);
            int b0 = in.read();
            if (b0 < 0) {
                throw new EOFException("connection closed");
            }
            setDeadline(timeoutNanos);          // the frame has begun
            four[0] = (byte) b0;
            readFully(four, 1, 3);
            frame.prepare(fourLE());
            System.arraycopy(four, 0, frame.data(), 0, Frame.HEADER);
            int got = Frame.HEADER;
            int total = frame.length();
            while (got < total) {
                int end = frame.room(got);      // grows the array with what arrives
                int n = readSome(frame.data(), got, end - got);
                got += n;
            }
        } catch (SocketTimeoutException e) {
            close();
            throw new SocketTimeoutException("read timed out: nothing from " + peerHost + " in time");
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private int readByte() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("connection closed during the handshake");
        }
        return b;
    }

    private int readIntLE() throws IOException {
        readFully(four, 0, 4);
        return fourLE();
    }

    private int fourLE() {
        return (four[0] & 0xFF) | (four[1] & 0xFF) << 8 | (four[2] & 0xFF) << 16 | (four[3] & 0xFF) << 24;
    }

    private void readFully(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = readSome(b, off, len);
            off += n;
            len -= n;
        }
    }

    /* At least one byte, before the deadline. */
    private int readSome(byte[] b, int off, int len) throws IOException {
        if (deadline != 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("deadline passed");
            }
            socket.setSoTimeout(millisCeil(left));
        }
        int n = in.read(b, off, len);
        if (n < 0) {
            throw new EOFException("connection closed mid-frame");
        }
        return n;
    }

    /* What follows must arrive within timeoutNanos, 0 for no bound. */
    private void setDeadline(long timeoutNanos) throws IOException {
        deadline = timeoutNanos == 0 ? 0 : System.nanoTime() + timeoutNanos;
        socket.setSoTimeout(timeoutNanos == 0 ? 0 : millisCeil(timeoutNanos));
    }

    /* A positive time in ms, at least 1, for SO_TIMEOUT (where 0 means none). */
    private static int millisCeil(long nanos) {
        return Math.clamp((nanos + 999_999) / 1_000_000, 1, Integer.MAX_VALUE);
    }

    // -------------------------------------------------------------- state --

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

    /*
     * Whether an idle pooled connection may carry a call: nothing unasked
     * for arrived, and the peer did not close it. A blocking socket tells
     * an end only to a read: one of at most 1 ms (the pool probes only a
     * connection idle for longer than a round trip, as stock pings one).
     */
    @Override
    public boolean probe() {
        try {
            if (isOpen() && in.available() == 0) {
                socket.setSoTimeout(1);
                in.read();      // data or the end: either way, not a connection to call on
            }
        } catch (SocketTimeoutException e) {
            return true;        // silence: alive
        } catch (IOException e) {
            // closed below
        }
        close();
        return false;
    }

    @Override
    public void close() {
        open = false;
        try {
            socket.close();
        } catch (IOException ignore) {
            // closed anyway
        }
    }

    /*
     * The socket, for the JRMP server that takes a connection over whose
     * first bytes were not jdk.fastrmi's; this transport is done with it.
     */
    Socket detach() {
        open = false;
        return socket;
    }

    /* The stream the JRMP server must read from, the header's bytes put back by the caller. */
    InputStream input() {
        return in;
    }

    @Override
    public String toString() {
        return "SocketTransport[" + peerHost + ":" + socket.getPort() + "]";
    }
}
