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

package jdk.fastserial.node;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A node connected to a {@link TcpNodeServer}. Copies are staged by a
 * {@link CopyEncoder} and written to the socket whole. The peer never sends
 * anything but, when it drops the connection, one UTF string saying why; a
 * watcher thread reads it, or the end of the connection, so that the next
 * {@code copy} fails with the reason instead of writing into a dead socket.
 */
final class TcpNode implements Node {

    /** How long a failed write waits for the watcher to read the peer's reason. */
    private static final long REASON_WAIT_MILLIS = 1000;

    private final Socket socket;
    private final OutputStream out;
    private final String name;
    private final Thread watcher;

    private final ReentrantLock copyLock = new ReentrantLock();
    private final CopyEncoder encoder;    // guarded by copyLock

    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile IOException lostCause;
    private volatile String lostReason;   // written after lostCause

    static TcpNode connect(InetSocketAddress peer) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            socket.connect(peer);
            return new TcpNode(socket);
        } catch (Throwable t) {
            closeQuietly(socket);
            throw t;
        }
    }

    private TcpNode(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.name = socket.getLocalSocketAddress() + " -> " + socket.getRemoteSocketAddress();
        this.encoder = new CopyEncoder();
        // the header now, so the server's reader is ready for the first copy
        encoder.staged().writeTo(out);
        out.flush();
        encoder.staged().clear();
        watcher = Nodes.newThread("watcher " + name, null, this::watch);
        watcher.start();
    }

    @Override
    public void copy(Serializable object) throws IOException {
        Objects.requireNonNull(object, "object");
        copyLock.lock();
        try {
            ensureUsable();
            try {
                encoder.encode(object);
            } catch (Throwable t) {
                if (encoder.failure() != null) {
                    abort();
                }
                throw t;
            }
            try {
                encoder.staged().writeTo(out);
                out.flush();
            } catch (IOException e) {
                throw lost(e);
            } finally {
                encoder.staged().clear();
            }
        } finally {
            copyLock.unlock();
        }
    }

    private void ensureUsable() throws IOException {
        if (closed.get()) {
            throw new IOException(name + ": node closed");
        }
        String reason = lostReason;
        if (reason != null) {
            throw new IOException(name + ": " + reason, lostCause);
        }
    }

    /** The exception for a failed write, with the peer's reason if it gave one. */
    private IOException lost(IOException writeFailure) {
        // The peer's end of the connection is here by now: let the watcher read it
        try {
            watcher.join(REASON_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        abort();
        if (closed.get()) {
            return new IOException(name + ": node closed", writeFailure);
        }
        String reason = lostReason;
        return new IOException(name + ": " + (reason != null ? reason : "connection lost"), writeFailure);
    }

    private void watch() {
        String reason;
        IOException cause = null;
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            reason = "peer dropped the connection: " + in.readUTF();
        } catch (EOFException e) {
            reason = "peer closed the connection";
        } catch (IOException e) {
            reason = "connection lost";
            cause = e;
        }
        if (closed.get()) {
            return;     // our own close ended the read
        }
        lostCause = cause;
        lostReason = reason;
        abort();        // a copy blocked in a write fails now
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // The end marker tells the server this was an orderly close. A copy
        // in progress on another thread is not waited for: it fails.
        if (copyLock.tryLock()) {
            try {
                if (lostReason == null) {
                    encoder.encodeEnd();
                    encoder.staged().writeTo(out);
                    out.flush();
                }
            } catch (IOException e) {
                // the connection is gone: nobody left to tell
            } finally {
                copyLock.unlock();
            }
        }
        abort();
        Nodes.awaitEnd(watcher);
    }

    private void abort() {
        closeQuietly(socket);
    }

    static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // closing: nothing to do about it
        }
    }

    @Override
    public String toString() {
        return "Node[" + name + "]";
    }
}
