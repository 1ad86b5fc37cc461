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

/**
 * A way of moving calls between JVMs, KaRMI's transport technology
 * (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI
 * for Java", section 4.3): tcp, the native fabric, or others. The runtime
 * asks every technology it has to listen when an object is exported,
 * advertises all their endpoints in the object's remote references, and a
 * client connects through the first technology in its own preference order
 * that the reference also lists.
 *
 * <p>A technology moves frames and does its own connection setup; the
 * runtime does the marshalling (one object stream per connection and
 * direction, see {@link Handshake}) and the dispatch. Technologies are
 * made by {@link TechnologyProvider}s; the package description says how
 * to write one.
 *
 * @since 25
 */
public interface Technology {

    /** @return the id endpoints carry, such as {@code "tcp"} */
    String id();

    /**
     * Serves incoming connections on {@code port} (0: a port the technology
     * chooses and shares between exports), if it does not already. A
     * technology whose listeners are not on the export's port (another
     * kind of address, or a port of its own beside tcp's) has one listener
     * per port asked for and passes that port to the acceptor.
     *
     * @param port the port asked for by the export, 0 for any
     * @param acceptor what runs each incoming connection
     * @return the endpoint to advertise
     * @throws IOException if the technology cannot listen there
     */
    Endpoint listen(int port, Acceptor acceptor) throws IOException;

    /**
     * Stops serving {@code port}: the last object exported on it was
     * unexported, and stock RMI then closes its server socket.
     *
     * @param port a port given to {@link #listen} before, not 0
     */
    default void unlisten(int port) {
    }

    /**
     * Whether this technology can connect to {@code endpoint} from here
     * (for instance shared memory only between processes on one host).
     *
     * @param endpoint an endpoint of this technology
     * @return true if {@link #connect} may succeed
     */
    boolean reaches(Endpoint endpoint);

    /**
     * Whether this technology has finished starting. One that starts in the
     * background (loading a native library, probing devices) returns false
     * until it has: a connection asked for meanwhile goes over the
     * reference's next technology, and later connections try this one
     * again, so that no call waits for the start.
     *
     * @return true (the default) once {@link #connect} need not wait for
     *         the technology's start
     */
    default boolean started() {
        return true;
    }

    /**
     * Opens a connection and exchanges the handshake.
     *
     * @param endpoint where
     * @param hello what this end says: its serialization and stream header
     * @return the transport; {@link Handshake.Connected#peer} has the server's answer
     * @throws TechnologyUnavailableException if the peer was reached but
     *         this technology cannot carry calls to it (the runtime falls
     *         back to the reference's next technology)
     * @throws IOException if the connection or the handshake fails
     */
    Handshake.Connected connect(Endpoint endpoint, Handshake hello) throws IOException;

    /**
     * The endpoint at which the objects exported on {@code port} of
     * {@code host} are reached, for a technology whose addresses are a host
     * and a port: what {@code LocateRegistry.getRegistry(host, port)} calls.
     * The runtime asks its technologies in order of preference.
     *
     * @param host a host name or address
     * @param port a port given to {@link #listen} by the exporter
     * @return the endpoint, or null (the default) if this technology's
     *         addresses need more than a host and a port
     */
    default Endpoint endpoint(String host, int port) {
        return null;
    }

    /**
     * The port an endpoint of this technology serves: the one its listener
     * passes to the {@link Acceptor}, which the registry exported on that
     * port is known by.
     *
     * @param endpoint an endpoint of this technology
     * @return the port, or 0 (the default) if the endpoint does not tell
     * @throws IllegalArgumentException if the endpoint is malformed
     */
    default int port(Endpoint endpoint) {
        return 0;
    }

    /**
     * The host an endpoint of this technology is on, in a form that
     * compares equal for endpoints of one host: when a connection to it
     * fails, the runtime drops the idle connections, of every technology,
     * to that host.
     *
     * @param endpoint an endpoint of this technology
     * @return the host, or null (the default) if the endpoint does not tell
     * @throws IllegalArgumentException if the endpoint is malformed
     */
    default String host(Endpoint endpoint) {
        return null;
    }

    /**
     * What a connection to {@code endpoint} runs over, for diagnostics: the
     * id, and for a technology with several ways the one it would take
     * (the fabric technology says {@code fabric:shm}).
     *
     * @param endpoint an endpoint of this technology
     * @return the description
     */
    default String describe(Endpoint endpoint) {
        return id();
    }

    /**
     * The distributed garbage collector references reached through this
     * technology use.
     *
     * @return the collector's kind
     */
    DistributedGC.Kind gcKind();

    /** Runs incoming connections of a technology. */
    @FunctionalInterface
    interface Acceptor {
        /**
         * Answers the client's handshake and serves its calls until the
         * connection ends; runs in a thread of the technology's.
         *
         * @param transport the connection
         * @param clientHello the client's handshake
         * @param port the port the connection came in on: the one the
         *        export asked for, or the one a listener for port 0 got
         *        (0 if the technology has no ports); the registry exported
         *        on that port is the one a registry call reaches
         * @return the server side of the connection, or null to refuse it
         */
        Session accept(Transport transport, Handshake clientHello, int port);

        /**
         * Serves a connection whose client opened with the header of JRMP,
         * Java RMI's standard protocol (magic {@code JRMI}, version 2), for
         * one of JRMP's own protocols: a JVM without jdk.fastrmi, or one
         * that uses JRMP for this endpoint. The technology hands the
         * connection over as a blocking stream socket whose input gives
         * every byte read so far again; the acceptor serves it in a thread
         * of its own or closes it. By default it is closed.
         *
         * @param socket the connection
         * @param port the port it came in on, as for {@link #accept}
         */
        default void acceptJrmp(java.net.Socket socket, int port) {
            try {
                socket.close();
            } catch (java.io.IOException ignore) {
                // closed anyway
            }
        }
    }

    /** The server side of one accepted connection. */
    interface Session {
        /** @return the handshake to answer with */
        Handshake answer();

        /** Serves calls until the connection ends; never throws. */
        void serve();
    }
}
