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

package jdk.fastrmi.spi;

import java.io.IOException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * A technology that also runs over the sockets of an application's RMI
 * socket factories: an object exported with an
 * {@link RMIClientSocketFactory} and an {@link RMIServerSocketFactory}
 * (SSL, say, as the JMX connector's {@code javax.rmi.ssl} factories)
 * listens through the server factory, and its clients connect through
 * the client factory, which its references carry, as stock RMI's do. The
 * bytes on those sockets are the technology's own protocol; a JRMP client
 * that connects through the same factories is handed to
 * {@link Technology.Acceptor#acceptJrmp}.
 *
 * <p>The endpoints are the technology's own ({@code tcp:host:port}); what
 * tells them apart from its plain listener's is the client factory that
 * travels beside them.
 *
 * @since 25
 */
public interface SocketFactoryTechnology extends Technology {

    /**
     * Listens on {@code port} through {@code ssf}: a server socket of its
     * own per port, or, for port 0, one shared by the exports with an equal
     * factory. Each call is one more use of that server socket.
     *
     * @param port the port, 0 for any
     * @param ssf the server socket factory, null for plain sockets
     * @param acceptor who serves the connections
     * @return the endpoint of that listener
     * @throws IOException if the factory cannot listen there
     */
    Endpoint listen(int port, RMIServerSocketFactory ssf, Acceptor acceptor) throws IOException;

    /**
     * Ends one use of the listener {@link #listen(int, RMIServerSocketFactory, Acceptor)}
     * made for the port (0 included) and an equal factory; the last use
     * closes it, as stock RMI closes a server socket none of its exports
     * use.
     *
     * @param port the port
     * @param ssf the server socket factory, null for plain sockets
     */
    void unlisten(int port, RMIServerSocketFactory ssf);

    /**
     * Connects to one of this technology's endpoints through {@code csf}'s
     * sockets and exchanges the handshake.
     *
     * @param endpoint where
     * @param csf the client socket factory
     * @param hello this side's handshake
     * @return the transport and the peer's answer
     * @throws JrmpPeerException if the endpoint speaks JRMP only
     * @throws IOException if the connection or the handshake fails
     */
    Handshake.Connected connect(Endpoint endpoint, RMIClientSocketFactory csf, Handshake hello) throws IOException;
}
