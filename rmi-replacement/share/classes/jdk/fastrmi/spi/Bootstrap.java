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
 * What a technology offers other technologies that set their connections
 * up over its connections: it listens for them, and a connection whose
 * client first sends a registered <em>upgrade magic</em> is handed to that
 * upgrade, which exchanges what its technology needs (addresses, keys) and
 * returns the transport the calls then run on. The handshake (see
 * {@link Handshake}) follows on this technology's connection, which stays
 * open as the other's {@link ControlChannel}: a peer that dies closes it.
 *
 * <p>A technology offers a bootstrap by implementing this interface beside
 * {@link Technology}; another one gets it with
 * {@link TechnologyProvider.Context#bootstrap}. jdk.fastrmi's tcp technology
 * is the bootstrap of its fabric technology: the fabric's endpoints are the
 * export's tcp address and a host id, and a fabric connection starts as a
 * tcp connection to the export's port.
 *
 * @since 25
 */
public interface Bootstrap {

    /**
     * Serves incoming connections on {@code port} as
     * {@link Technology#listen} does (the same listener, if the technology
     * listens there already).
     *
     * @param port the port asked for by the export, 0 for any
     * @param acceptor what runs each incoming connection after its upgrade
     * @return this technology's endpoint there
     * @throws IOException if it cannot listen there
     */
    Endpoint listen(int port, Technology.Acceptor acceptor) throws IOException;

    /**
     * Stops serving {@code port}, as {@link Technology#unlisten} does.
     *
     * @param port a port given to {@link #listen} before, not 0
     */
    void unlisten(int port);

    /**
     * Whether {@code endpoint} is served by a listener of this JVM: its
     * port is one this technology listens on here (its host is not
     * looked at).
     *
     * @param endpoint an endpoint of this technology
     * @return true if this JVM listens there
     * @throws IllegalArgumentException if the endpoint is malformed
     */
    boolean listensOn(Endpoint endpoint);

    /**
     * The port an endpoint of this technology serves, as
     * {@link Technology#port}.
     *
     * @param endpoint an endpoint of this technology
     * @return the port
     * @throws IllegalArgumentException if the endpoint is malformed
     */
    int port(Endpoint endpoint);

    /**
     * The host an endpoint of this technology is on, as
     * {@link Technology#host}.
     *
     * @param endpoint an endpoint of this technology
     * @return the host
     * @throws IllegalArgumentException if the endpoint is malformed
     */
    String host(Endpoint endpoint);

    /**
     * Hands the incoming connections whose client sends {@code magic} first
     * to {@code upgrade}, on every listener, before their handshake.
     *
     * @param magic the client's first four bytes, little-endian; not the
     *        technology's own handshake magic
     * @param upgrade the server side of the upgrade
     * @throws IllegalArgumentException if the magic is the technology's
     *         own, or another upgrade has it
     */
    void addUpgrade(int magic, Upgrade upgrade);

    /**
     * Opens a connection to {@code endpoint}, runs {@code upgrade} on it
     * (which starts by sending its magic), then exchanges the handshake on
     * it.
     *
     * @param endpoint an endpoint of this technology
     * @param hello what this end says
     * @param upgrade the client side of the upgrade
     * @return the upgrade's transport and the server's answer
     * @throws IOException if the connection, the upgrade or the handshake
     *         fails
     */
    Handshake.Connected connect(Endpoint endpoint, Handshake hello, Upgrade upgrade) throws IOException;

    /**
     * One side of an upgrade: runs over a new connection of the bootstrap
     * before its handshake (on the client after connecting, on the server
     * after reading the magic).
     */
    @FunctionalInterface
    interface Upgrade {
        /**
         * Runs the upgrade protocol.
         *
         * @param control the bootstrap's connection; it stays open as long
         *        as the returned transport, and the handshake follows the
         *        upgrade on it
         * @return the transport the calls run on; it closes
         *         {@code control} when it is closed
         * @throws IOException if the upgrade fails
         */
        Transport upgrade(ControlChannel control) throws IOException;
    }
}
