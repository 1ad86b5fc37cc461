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

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.Transport;
import jdk.fastrmi.spi.WaitPolicy;

/**
 * The tcp technology's connections for users other than the RMI runtime:
 * the object exchange nodes of {@code jdk.fastrmi.node} listen, connect,
 * hand-shake and frame through the same code as remote calls, so there is
 * one TCP stack in the JDK's fast RMI, and what it learns (limits, time-outs)
 * its every user gets. A listener here is one of its own, on the address
 * asked for, with threads named by its user and closed with it.
 *
 * <p>Receivers do not spin before they block: a node's reader waits at the
 * sender's pace, and a spinning reader per connection would take the cores
 * the senders need. The handshake time-out and the cap on connections are
 * those of remote calls ({@link TcpLimits}); there is no read time-out.
 */
public final class TcpLinks {

    private static volatile TcpTechnology tcp;

    private TcpLinks() { }

    /* The technology whose code the links run: no spinning, stock's handshake time-out. */
    private static TcpTechnology tcp() {
        TcpTechnology t = tcp;
        if (t == null) {
            synchronized (TcpLinks.class) {
                t = tcp;
                if (t == null) {
                    // no read time-out: a node waits for copies as long as its peer likes
                    TcpLimits stock = TcpLimits.read(TcpLimits.DEFAULT_MAX_CONNECTIONS);
                    Timeouts st = stock.timeouts();
                    TcpLimits limits = new TcpLimits(new Timeouts(st.connectMillis(), st.handshakeMillis(), 0, 0),
                                                     stock.maxConnections(), stock.keepAlive());
                    tcp = t = new TcpTechnology(null, WaitPolicy.of(WaitPolicy.Mode.BLOCK, 0), limits,
                                                DistributedGC.Kind.LEASE, false);
                }
            }
        }
        return t;
    }

    /** A listener of its own: {@link #close} ends its threads and every connection it accepted. */
    public interface Listener extends AutoCloseable {

        /** @return the address it listens on */
        InetSocketAddress localAddress();

        /**
         * Stops listening, closes the connections it accepted and waits for
         * their threads to end (except the calling thread, if it is one).
         */
        @Override
        void close();
    }

    /**
     * Listens on {@code bind}; each connection runs on a thread of its own:
     * the handshake, then the acceptor's session.
     *
     * @param bind the address and port (0: any)
     * @param acceptor what runs each connection; its port argument is the listener's
     * @param acceptThread names the accepting thread, given the address it listens on
     * @param connectionThread names a connection's thread, given the connection
     *        as "remote -> local"
     * @return the listener, listening
     * @throws IOException if the address cannot be bound
     */
    public static Listener listen(InetSocketAddress bind, Technology.Acceptor acceptor,
                                  Function<InetSocketAddress, String> acceptThread,
                                  Function<String, String> connectionThread) throws IOException {
        ServerSocketChannel server = TcpTechnology.openListener(bind);
        try {
            Tracker tracker = new Tracker(server, connectionThread);
            int port = tracker.localAddress().getPort();
            Thread accepting = Thread.ofPlatform().daemon(true)
                    .name(acceptThread.apply(tracker.localAddress())).unstarted(
                    () -> tcp().acceptLoop(server, acceptor, port, tracker));
            tracker.accepting = accepting;
            accepting.start();
            return tracker;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * Connects to a {@link #listen listener} and exchanges the handshake.
     *
     * @param peer its address
     * @param hello what this end says
     * @return the transport and the listener's answer
     * @throws IOException if the connection or the handshake fails
     */
    public static Handshake.Connected connect(InetSocketAddress peer, Handshake hello) throws IOException {
        return tcp().connect(peer, hello, null, peer.toString(), false);
    }

    /**
     * Receives a frame on a transport of these links if one has begun to
     * arrive, else returns false without waiting.
     *
     * @param transport a transport from {@link #connect} or given to an acceptor of {@link #listen}
     * @param frame where to put it
     * @return whether a frame was received
     * @throws java.io.EOFException if the peer closed the connection
     * @throws IOException if the connection failed
     */
    public static boolean poll(Transport transport, Frame frame) throws IOException {
        return ((TcpTechnology.TcpTransport) transport).poll(frame);
    }

    /** A listener's connections and their threads. */
    static final class Tracker implements Listener {

        private final ServerSocketChannel server;
        private final InetSocketAddress localAddress;
        private final Function<String, String> connectionThread;
        private final Map<SocketChannel, Thread> open = new HashMap<>();   // guarded by this
        private boolean closed;                                             // guarded by this
        volatile Thread accepting;

        Tracker(ServerSocketChannel server, Function<String, String> connectionThread) throws IOException {
            this.server = server;
            this.localAddress = (InetSocketAddress) server.getLocalAddress();
            this.connectionThread = connectionThread;
        }

        @Override
        public InetSocketAddress localAddress() {
            return localAddress;
        }

        /* Runs a connection's service on its own thread, unless the listener is closed. */
        void start(SocketChannel ch, Runnable service) {
            String name;
            try {
                name = ch.getRemoteAddress() + " -> " + ch.getLocalAddress();
            } catch (IOException e) {
                TcpTechnology.closeQuietly(ch);     // reset before it could be served
                return;
            }
            Thread thread = Thread.ofPlatform().daemon(true).name(connectionThread.apply(name)).unstarted(() -> {
                try {
                    service.run();
                } finally {
                    synchronized (this) {
                        open.remove(ch);
                    }
                }
            });
            synchronized (this) {
                if (closed) {
                    TcpTechnology.closeQuietly(ch);
                    return;
                }
                open.put(ch, thread);
                thread.start();
            }
        }

        @Override
        public void close() {
            List<Thread> threads = new ArrayList<>();
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
                open.forEach((ch, t) -> {
                    TcpTechnology.closeQuietly(ch);
                    threads.add(t);
                });
            }
            try {
                server.close();         // the accepting thread ends
            } catch (IOException ignore) {
                // closed anyway
            }
            Thread a = accepting;
            if (a != null) {
                threads.add(a);
            }
            awaitEnd(threads);
        }
    }

    /**
     * Waits for the threads to end, but for the calling thread (a close from
     * one of them). An interrupt does not stop the wait; it is kept for the
     * caller.
     *
     * @param threads the threads
     */
    public static void awaitEnd(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t != Thread.currentThread()) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
