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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.SequenceInputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import jdk.fastrmi.spi.ControlChannel;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.Transport;
import jdk.internal.fastrmi.tcp.TcpLinks;

/**
 * Accepts connections of {@link TcpNode}s on a listener of the tcp
 * technology's; the thread of each connection reads its copies and hands
 * them to the {@link Receiver}.
 */
final class TcpNodeServer implements NodeServer {

    /** The longest reason sent to a dropped peer, in bytes. */
    static final int MAX_REASON_BYTES = 2000;

    /** How long a dropped connection waits for its peer to close, and how much it reads meanwhile. */
    private static final long DRAIN_MILLIS = 1000;
    private static final long MAX_DRAINED_BYTES = 16 << 20;

    private final Receiver receiver;
    private final TcpLinks.Listener listener;
    private volatile boolean closed;

    static TcpNodeServer listen(InetSocketAddress bind, Receiver receiver) throws IOException {
        return new TcpNodeServer(bind, receiver);
    }

    private TcpNodeServer(InetSocketAddress bind, Receiver receiver) throws IOException {
        this.receiver = receiver;
        this.listener = TcpLinks.listen(bind, this::accept,
                                        local -> Nodes.THREAD_NAME_PREFIX + "accept " + local,
                                        connection -> Nodes.THREAD_NAME_PREFIX + "reader " + connection);
    }

    @Override
    public InetSocketAddress localAddress() {
        return listener.localAddress();
    }

    /* A node's connection, after its handshake. */
    private Technology.Session accept(Transport transport, Handshake hello, int port) {
        if (hello.serialization() != Handshake.FAST) {
            return null;
        }
        String name = transport.peerHost() + " -> " + listener.localAddress();
        return new Technology.Session() {
            @Override
            public Handshake answer() {
                return new Handshake(Handshake.FAST, new byte[0]);
            }

            @Override
            public void serve() {
                read(transport, hello.streamHeader(), name);
            }
        };
    }

    private void read(Transport transport, byte[] streamHeader, String name) {
        Thread.currentThread().setContextClassLoader(receiver.classLoader());
        Throwable failure = null;
        try {
            receiver.receive(new SequenceInputStream(new ByteArrayInputStream(streamHeader),
                                                     new FrameStreams.FrameInput(transport)), name);
        } catch (Throwable t) {
            failure = t;
        }
        boolean serverClosing = closed;
        if (failure != null && !serverClosing) {
            tellPeer(transport, failure);
        }
        transport.close();
        if (failure != null && !serverClosing) {
            receiver.report(name, null, failure);
        }
    }

    /** Sends the peer why its connection is dropped, as far as the connection allows. */
    private static void tellPeer(Transport transport, Throwable failure) {
        byte[] reason = failure.toString().getBytes(StandardCharsets.UTF_8);
        int length = Math.min(reason.length, MAX_REASON_BYTES);
        byte[] frame = new byte[Frame.HEADER + length];
        Frame.putMessageLength(frame, length);
        System.arraycopy(reason, 0, frame, Frame.HEADER, length);
        try {
            transport.send(frame, frame.length);
            // Closing with unread input would reset the connection, and the
            // peer could lose the reason: read until the peer, told, closes
            // its end (at its next copy or close), within bounds
            if (transport instanceof ControlChannel channel) {
                long deadline = System.nanoTime() + DRAIN_MILLIS * 1_000_000;
                long drained = 0;
                long left;
                while (drained < MAX_DRAINED_BYTES && (left = deadline - System.nanoTime()) > 0) {
                    if (channel.awaitReadable(Math.max(1, left / 1_000_000))) {
                        int n = channel.drain();
                        if (n < 0) {
                            break;
                        }
                        drained += n;
                    }
                }
            }
        } catch (IOException e) {
            // the peer is gone
        }
    }

    @Override
    public void close() {
        closed = true;
        listener.close();
    }

    @Override
    public String toString() {
        return "NodeServer[" + listener.localAddress() + "]";
    }
}
