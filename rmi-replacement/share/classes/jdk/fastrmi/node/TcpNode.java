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
package jdk.fastrmi.node;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Transport;
import jdk.internal.fastrmi.tcp.TcpLinks;

/**
 * A node connected to a {@link TcpNodeServer} over the tcp technology's
 * connections. The stream header goes in the handshake; each copy is staged
 * by a {@link CopyEncoder} and sent whole, in frames. The server sends
 * nothing but, when it drops the connection, one frame saying why; a copy
 * first looks, without waiting, whether it came (or the connection ended),
 * so that it fails with the reason instead of writing into a dead
 * connection.
 */
final class TcpNode implements Node {

    private final Transport transport;
    private final String name;

    private final ReentrantLock copyLock = new ReentrantLock();
    private final CopyEncoder encoder;                  // guarded by copyLock
    private final FrameStreams.FrameOutput out;         // guarded by copyLock
    private final Frame peerSays = new Frame(256, TcpNodeServer.MAX_REASON_BYTES);   // guarded by copyLock
    private String lostReason;                          // guarded by copyLock
    private IOException lostCause;                      // guarded by copyLock

    private final AtomicBoolean closed = new AtomicBoolean();

    static TcpNode connect(InetSocketAddress peer) throws IOException {
        CopyEncoder encoder = new CopyEncoder();
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        encoder.staged().writeTo(header);
        encoder.staged().clear();
        Handshake.Connected c = TcpLinks.connect(peer, new Handshake(Handshake.FAST, header.toByteArray()));
        return new TcpNode(c.transport(), encoder, "node -> " + peer);
    }

    private TcpNode(Transport transport, CopyEncoder encoder, String name) {
        this.transport = transport;
        this.encoder = encoder;
        this.name = name;
        this.out = new FrameStreams.FrameOutput(transport);
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
                    transport.close();
                }
                throw t;
            }
            try {
                encoder.staged().writeTo(out);
                out.flush();
            } catch (IOException e) {
                out.discard();
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
        if (lostReason == null) {
            listenToPeer();
        }
        if (lostReason != null) {
            throw new IOException(name + ": " + lostReason, lostCause);
        }
    }

    /* Reads, without waiting, why the peer dropped the connection, if it did. */
    private void listenToPeer() {
        try {
            if (!TcpLinks.poll(transport, peerSays)) {
                return;
            }
            byte[] data = peerSays.data();
            lostReason = "peer dropped the connection: "
                         + new String(data, Frame.HEADER, peerSays.length() - Frame.HEADER, StandardCharsets.UTF_8);
        } catch (EOFException e) {
            lostReason = "peer closed the connection";
        } catch (IOException e) {
            lostReason = "connection lost";
            lostCause = e;
        }
        transport.close();
    }

    /* The exception for a failed send, with the peer's reason if it gave one before. */
    private IOException lost(IOException sendFailure) {
        if (closed.get()) {
            return new IOException(name + ": node closed", sendFailure);
        }
        if (lostReason == null) {
            listenToPeer();     // the reason may be buffered, though the connection is closed now
        }
        if (lostReason == null || lostCause != null) {
            lostReason = "connection lost";
            lostCause = sendFailure;
        }
        transport.close();
        return new IOException(name + ": " + lostReason, sendFailure);
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
                if (lostReason == null && encoder.failure() == null) {
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
        transport.close();
    }

    @Override
    public String toString() {
        return "Node[" + name + "]";
    }
}
