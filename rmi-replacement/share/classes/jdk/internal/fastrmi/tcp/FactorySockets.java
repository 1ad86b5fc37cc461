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
import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationTargetException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIFailureHandler;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RMISocketFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import javax.rmi.ssl.SslRMIServerSocketFactory;

import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Technology;

/**
 * The tcp technology over the sockets of an application's RMI socket
 * factories ({@link jdk.fastrmi.spi.SocketFactoryTechnology}): a listener
 * per port and server factory, whose connections speak the tcp protocol
 * ({@link SocketTransport}) or, if they open with JRMP's header for one of
 * JRMP's own protocols, are handed to the stock transport; and the client
 * side, a connection through a client factory. The cap on connections
 * served and the time-outs are the tcp technology's.
 *
 * <p>javax.rmi.ssl's factories are served on channels of this package's
 * instead ({@link TlsSocket}, {@link TlsEngines}), unless
 * {@code jdk.fastrmi.tcp.tls} is {@code socket}: the same TLS, but a
 * receiver polls as the wait policy says before it blocks.
 */
final class FactorySockets {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /* A listener's identity: stock RMI's too (a port and an equal server factory). */
    private record Key(int port, RMIServerSocketFactory ssf) { }

    private final TcpTechnology tcp;
    /* A server socket and the exports that use it. */
    private static final class Listener {
        final ServerSocket socket;
        int users;

        Listener(ServerSocket socket) {
            this.socket = socket;
        }
    }

    /* the listeners, by the port asked for (0: shared by equal factories) and factory; guarded by this */
    private final Map<Key, Listener> listeners = new HashMap<>();

    /* whether javax.rmi.ssl's factories are served on TlsSockets */
    private final boolean tlsEngines;

    FactorySockets(TcpTechnology tcp, boolean tlsEngines) {
        this.tcp = tcp;
        this.tlsEngines = tlsEngines;
    }

    synchronized Endpoint listen(int port, RMIServerSocketFactory ssf, Technology.Acceptor acceptor)
            throws IOException {
        Key key = new Key(port, ssf);
        Listener l = listeners.get(key);
        if (l == null || l.socket.isClosed()) {
            RMIServerSocketFactory factory = ssf != null ? ssf : defaultFactory();
            SslRMIServerSocketFactory tls = tlsEngines && TlsEngines.serves(ssf) ? (SslRMIServerSocketFactory) ssf : null;
            if (tls != null) {
                TlsEngines.prepare(tls);
            }
            ServerSocket server = tls != null ? tlsListener(port)
                                  : Objects.requireNonNull(factory.createServerSocket(port), "the factory's server socket");
            int actual = server.getLocalPort();
            Listener fresh = new Listener(server);
            if (l != null) {
                // one an accept failure closed: its exports are still counted, and unlisten here
                fresh.users = l.users;
            }
            l = fresh;
            try {
                Thread.ofPlatform().daemon(true).name("fastrmi-tcp-accept-" + actual + (tls != null ? "-tls" : "-factory"))
                      .start(() -> acceptLoop(server, tls, acceptor, actual));
            } catch (RuntimeException | Error e) {
                TcpTechnology.closeQuietly(server);
                throw e;
            }
            listeners.put(key, l);
        }
        l.users++;
        return tcp.endpoint(tcp.advertisedHost(), l.socket.getLocalPort());
    }

    /*
     * What SslRMIServerSocketFactory.createServerSocket(port) binds (all
     * addresses, a backlog of 50, SO_REUSEADDR as a ServerSocket's), as a
     * channel: its adaptor accepts the channels of TlsSockets.
     */
    private static ServerSocket tlsListener(int port) throws IOException {
        ServerSocketChannel ch = ServerSocketChannel.open();
        try {
            ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            ch.bind(new InetSocketAddress(port), 50);
            return ch.socket();
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /* One export fewer on the listener of port and ssf; the last closes it. */
    synchronized void unlisten(int port, RMIServerSocketFactory ssf) {
        Key key = new Key(port, ssf);
        Listener l = listeners.get(key);
        if (l != null && --l.users <= 0) {
            listeners.remove(key);
            TcpTechnology.closeQuietly(l.socket);      // its accept thread ends
        }
    }

    /* The factory of a listener or a connection whose export has none on that side: RMI's. */
    private static RMISocketFactory defaultFactory() {
        RMISocketFactory f = RMISocketFactory.getSocketFactory();
        return f != null ? f : RMISocketFactory.getDefaultSocketFactory();
    }

    /*
     * Accepts until the server socket is closed, or, after a failure of
     * accept (a factory's socket may throw anything), until the
     * application's RMIFailureHandler says to stop: then the server socket
     * is closed, as stock's accept loop does.
     */
    private void acceptLoop(ServerSocket server, SslRMIServerSocketFactory tls, Technology.Acceptor acceptor,
                            int port) {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
                if (tls != null) {
                    s = tlsSocket(s.getChannel(), tls);
                }
            } catch (Throwable e) {
                if (server.isClosed()) {
                    return;
                }
                if (!continueAfter(e, port)) {
                    // left in the map, closed: its exports' unlisten counts there (or in a successor's)
                    TcpTechnology.closeQuietly(server);
                    return;
                }
                continue;
            }
            Socket accepted = s;
            String kind = tls != null ? "-tls" : "-factory";
            if (!tcp.serveCounted(s, port, service -> TcpTechnology.connectionThread(kind, service),
                                  () -> serve(accepted, acceptor, port))) {
                return;
            }
        }
    }

    /* An accepted channel with the TLS of the factory's sockets; closed if that fails. */
    private TlsSocket tlsSocket(SocketChannel ch, SslRMIServerSocketFactory tls) throws IOException {
        try {
            return new TlsSocket(ch, TlsEngines.server(tls, (InetSocketAddress) ch.getRemoteAddress()),
                                 tcp.newWaiter());
        } catch (IOException | RuntimeException e) {
            TcpTechnology.closeQuietly(ch);
            throw e;
        }
    }

    /* After a failed accept: the failure handler's answer if there is one, else go on after a pause. */
    private boolean continueAfter(Throwable e, int port) {
        RMIFailureHandler handler = RMISocketFactory.getFailureHandler();
        if (handler != null) {
            return handler.failure(e instanceof Exception x ? x : new InvocationTargetException(e));
        }
        // out of file descriptors, say
        tcp.refusal(() -> "accept failed on port " + port, e);
        return TcpTechnology.backOff();
    }

    private void serve(Socket s, Technology.Acceptor acceptor, int port) {
        SocketTransport t = null;
        boolean handedOver = false;
        try {
            t = new SocketTransport(s, tcp.limits().timeouts().handshakeMillis(),
                                    tcp.limits().timeouts().readMillis());
            byte[] other = t.acceptJrmpHeader();
            if (other != null) {
                // JRMP's own protocols (or anything else): the stock transport answers
                handedOver = true;
                acceptor.acceptJrmp(new ReplaySocket(t.detach(), other, t.input()), port);
                return;
            }
            Handshake hello = t.readHello();
            Technology.Session session = hello == null ? null : acceptor.accept(t, hello, port);
            if (session == null) {
                t.writeAnswer(1, new Handshake(Handshake.FAST, new byte[0]));
                return;
            }
            t.writeAnswer(0, session.answer());
            session.serve();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, () -> "tcp connection through a socket factory on port " + port + " ended: " + e);
        } finally {
            if (!handedOver) {
                if (t != null) {
                    t.close();
                } else {
                    TcpTechnology.closeQuietly(s);
                }
            }
        }
    }

    /* What SslRMIClientSocketFactory.createSocket(host, port) connects, as a TlsSocket. */
    private Socket tlsConnect(String host, int port) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            TcpTechnology.connect(ch, new InetSocketAddress(host, port), tcp.limits().timeouts().connectMillis());
            return new TlsSocket(ch, TlsEngines.client(host, port), tcp.newWaiter());
        } catch (IOException | RuntimeException e) {
            TcpTechnology.closeQuietly(ch);
            throw e;
        }
    }

    /* A connection to a tcp endpoint through csf's sockets, the handshake exchanged. */
    Handshake.Connected connect(Endpoint endpoint, RMIClientSocketFactory csf, Handshake hello)
            throws IOException {
        String host = TcpTechnology.literalHost(tcp.host(endpoint));
        RMIClientSocketFactory factory = csf != null ? csf : defaultFactory();
        int port = tcp.port(endpoint);
        Socket s = tlsEngines && TlsEngines.serves(csf) ? tlsConnect(host, port)
                   : Objects.requireNonNull(factory.createSocket(host, port), "the factory's socket");
        try {
            SocketTransport t = new SocketTransport(s, tcp.limits().timeouts().handshakeMillis(),
                                                    tcp.limits().timeouts().responseMillis());
            Handshake answer = t.open(hello, endpoint.toString());
            if (answer == null) {
                t.close();
                throw new IOException("connection refused by " + endpoint);
            }
            return new Handshake.Connected(t, answer);
        } catch (IOException | RuntimeException e) {
            TcpTechnology.closeQuietly(s);
            throw e;
        }
    }
}
