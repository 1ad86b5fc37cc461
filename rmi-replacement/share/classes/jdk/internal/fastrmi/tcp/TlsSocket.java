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

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

import jdk.fastrmi.spi.WaitPolicy;

/**
 * A TLS connection on a socket channel: an {@link SSLEngine} over a
 * non-blocking channel, read as this technology's receivers wait (polling
 * as the wait policy says before a blocking read), behind the blocking
 * {@code Socket} API that {@link SocketTransport} and the stock JRMP
 * transport use. What javax.rmi.ssl's factories make is an
 * {@code SSLSocket}, which has no channel: every wait for a reply there is
 * a blocked read and a thread's wake-up on each end.
 *
 * <p>As an {@code SSLSocket}: the handshake runs at the first read or
 * write, its reads bounded by {@code SO_TIMEOUT}; a read times out with
 * {@link SocketTimeoutException} after {@code SO_TIMEOUT}, and the socket
 * stays usable; the end of the peer's data (its close_notify, or the
 * connection's end) reads as -1; closing sends close_notify, or the alert
 * of a handshake that failed, unless a write is under way. One reading
 * and one writing thread at a time may use it.
 */
final class TlsSocket extends DelegatingSocket {

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private final SocketChannel ch;
    private final SSLEngine engine;
    private final ChannelIo io;
    private final ReentrantLock readLock = new ReentrantLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    /* guarded by readLock: bytes from the channel not unwrapped yet, and plaintext not taken yet (both read mode) */
    private ByteBuffer netIn;
    private ByteBuffer appIn;
    /* guarded by writeLock: records to write (write mode while wrapping) */
    private ByteBuffer netOut;
    private volatile boolean handshaken;
    /* SO_TIMEOUT: this socket's own, as the channel's adaptor's is set for each timed read of the channel */
    private volatile int soTimeout;
    private boolean inboundDone;        // guarded by readLock
    private final InputStream in = new In();
    private final OutputStream out = new Out();

    /*
     * ch: connected, non-blocking after this; engine: in its mode (client
     * or server) with its parameters, before its handshake.
     */
    TlsSocket(SocketChannel ch, SSLEngine engine, WaitPolicy.Waiter waiter) throws IOException {
        super(ch.socket());
        this.ch = ch;
        this.engine = engine;
        this.io = new ChannelIo(ch, waiter);
        ch.configureBlocking(false);
        SSLSession session = engine.getSession();
        netIn = ByteBuffer.allocate(session.getPacketBufferSize()).flip();
        appIn = ByteBuffer.allocate(session.getApplicationBufferSize()).flip();
        netOut = ByteBuffer.allocate(session.getPacketBufferSize());
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout < 0");
        }
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        soTimeout = timeout;
    }

    @Override
    public int getSoTimeout() throws SocketException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        return soTimeout;
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        return in;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        return out;
    }

    // --------------------------------------------------------- handshake --

    /* Runs the handshake if it has not run: at the first read or write, as an SSLSocket does. */
    private void handshake() throws IOException {
        if (handshaken) {
            return;
        }
        readLock.lock();
        try {
            writeLock.lock();
            try {
                if (!handshaken) {
                    engine.beginHandshake();
                    finishHandshake();
                    handshaken = true;
                }
            } finally {
                writeLock.unlock();
            }
        } catch (IOException e) {
            closeQuietly();
            throw e;
        } finally {
            readLock.unlock();
        }
    }

    /* With both locks: drives the engine until it no longer handshakes. */
    private void finishHandshake() throws IOException {
        while (true) {
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP -> wrapAndWrite(NOTHING);
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    if (unwrap() == SSLEngineResult.Status.CLOSED) {
                        throw new EOFException("TLS connection closed during the handshake");
                    }
                }
                case NEED_TASK -> runTasks();
                default -> {
                    return;         // FINISHED, NOT_HANDSHAKING
                }
            }
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    // ------------------------------------------------------------ reading --

    /*
     * With readLock: unwraps one record into appIn, reading from the
     * channel (as the wait policy says, up to SO_TIMEOUT) until a whole one
     * is there. CLOSED once the peer's close_notify came.
     */
    private SSLEngineResult.Status unwrap() throws IOException {
        while (true) {
            SSLEngineResult r;
            appIn.compact();
            try {
                r = engine.unwrap(netIn, appIn);
            } finally {
                appIn.flip();
            }
            switch (r.getStatus()) {
                case OK, CLOSED -> {
                    return r.getStatus();
                }
                case BUFFER_OVERFLOW -> appIn = grown(appIn, engine.getSession().getApplicationBufferSize());
                case BUFFER_UNDERFLOW -> {
                    int packet = engine.getSession().getPacketBufferSize();
                    if (netIn.capacity() < packet) {
                        netIn = grown(netIn, packet);
                    }
                    readNet();
                }
            }
        }
    }

    /* A buffer in read mode with room for at least more bytes after what it holds. */
    private static ByteBuffer grown(ByteBuffer b, int more) {
        ByteBuffer larger = ByteBuffer.allocate(b.remaining() + more);
        larger.put(b).flip();
        return larger;
    }

    /* With readLock: more bytes from the channel into netIn; EOFException at its end. */
    private void readNet() throws IOException {
        int timeout = soTimeout;
        long deadline = timeout == 0 ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        netIn.compact();
        int n;
        try {
            n = io.read(netIn, deadline);
        } finally {
            netIn.flip();
        }
        if (n < 0) {
            throw new EOFException("TLS connection closed by the peer without close_notify");
        }
    }

    /* With readLock: plaintext into appIn; false at the end of the peer's data. */
    private boolean fillApp() throws IOException {
        while (!appIn.hasRemaining()) {
            if (inboundDone) {
                return false;
            }
            SSLEngineResult.Status s;
            try {
                s = unwrap();
            } catch (EOFException e) {
                if (!handshaken) {
                    throw e;
                }
                inboundDone = true;     // the end of the connection: read as the end of the data
                return false;
            }
            if (s == SSLEngineResult.Status.CLOSED) {
                inboundDone = true;
                return appIn.hasRemaining();
            }
            afterRecord();
        }
        return true;
    }

    /*
     * After a record read past the handshake: what TLS may ask then (a
     * key update's answer, a new handshake of TLS 1.2).
     */
    private void afterRecord() throws IOException {
        SSLEngineResult.HandshakeStatus hs = engine.getHandshakeStatus();
        if (hs == SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING
                || hs == SSLEngineResult.HandshakeStatus.FINISHED) {
            return;
        }
        writeLock.lock();
        try {
            finishHandshake();
        } finally {
            writeLock.unlock();
        }
    }

    private final class In extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            handshake();
            readLock.lock();
            try {
                if (isClosed()) {
                    throw new SocketException("Socket is closed");
                }
                if (!fillApp()) {
                    return -1;
                }
                int n = Math.min(len, appIn.remaining());
                appIn.get(b, off, n);
                return n;
            } catch (SocketTimeoutException e) {
                throw e;            // the connection stays usable, as a socket's after SO_TIMEOUT
            } catch (IOException e) {
                if (!(e instanceof EOFException)) {
                    closeQuietly();
                }
                throw e;
            } finally {
                readLock.unlock();
            }
        }

        @Override
        public int available() {
            if (!readLock.tryLock()) {
                return 0;
            }
            try {
                return appIn.remaining();
            } finally {
                readLock.unlock();
            }
        }

        @Override
        public void close() throws IOException {
            TlsSocket.this.close();
        }
    }

    // ------------------------------------------------------------ writing --

    /*
     * With writeLock: src as records, written whole. Records are gathered
     * in netOut and written when it cannot take another.
     */
    private void wrapAndWrite(ByteBuffer src) throws IOException {
        do {
            SSLEngineResult r = engine.wrap(src, netOut);
            switch (r.getStatus()) {
                case OK -> {
                    if (netOut.remaining() < engine.getSession().getPacketBufferSize()) {
                        flush();
                    }
                }
                case BUFFER_OVERFLOW -> {
                    if (netOut.position() > 0) {
                        flush();
                    } else {
                        netOut = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
                    }
                }
                case CLOSED -> {
                    flush();
                    if (src.hasRemaining()) {
                        throw new SocketException("TLS connection closed");
                    }
                    return;
                }
                case BUFFER_UNDERFLOW -> throw new SSLException("wrap underflow");
            }
        } while (src.hasRemaining());
        flush();
    }

    /* With writeLock: what netOut holds onto the channel, blocking while the socket's buffer is full. */
    private void flush() throws IOException {
        netOut.flip();
        try {
            ChannelIo.writeFully(ch, netOut);
        } finally {
            netOut.clear();
        }
    }

    private final class Out extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            handshake();
            writeLock.lock();
            try {
                if (isClosed()) {
                    throw new SocketException("Socket is closed");
                }
                wrapAndWrite(ByteBuffer.wrap(b, off, len));
            } catch (IOException e) {
                closeQuietly();
                throw e;
            } finally {
                writeLock.unlock();
            }
        }

        @Override
        public void close() throws IOException {
            TlsSocket.this.close();
        }
    }

    // ------------------------------------------------------------ closing --

    /*
     * Sends what TLS has to say last, if no write is under way (a writer
     * blocked on a full socket must not hold the close up): the alert of
     * a handshake that failed, which tells the peer why, or close_notify.
     * Then closes the channel.
     */
    @Override
    public void close() throws IOException {
        if (ch.isOpen() && writeLock.tryLock()) {
            try {
                engine.closeOutbound();
                netOut.clear();
                while (!engine.isOutboundDone()) {
                    SSLEngineResult r = engine.wrap(NOTHING, netOut);
                    if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW || r.bytesProduced() == 0) {
                        break;
                    }
                }
                netOut.flip();
                ch.write(netOut);           // best effort: what the socket takes at once
            } catch (IOException | RuntimeException ignore) {
                // closed below anyway
            } finally {
                netOut.clear();
                writeLock.unlock();
            }
        }
        ch.close();
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException ignore) {
            // closed anyway
        }
    }

    @Override
    public String toString() {
        return "TlsSocket[" + adaptor + ", " + engine.getSession().getProtocol() + "]";
    }
}
