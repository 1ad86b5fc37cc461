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

import java.net.InetSocketAddress;

/**
 * The receiving side of TCP nodes: accepts the connections of
 * {@link Nodes#connect(InetSocketAddress) connected} nodes and delivers what
 * each of them copies to a {@link CopyListener}, one reader thread per
 * connection.
 *
 * @see Nodes#listen(InetSocketAddress, CopyListener, DeliveryOptions)
 * @since 25
 */
public interface NodeServer extends AutoCloseable {

    /**
     * The address the server listens on; its port is the one given to
     * {@code listen}, or the port chosen by the system for port 0.
     *
     * @return the local address
     */
    InetSocketAddress localAddress();

    /**
     * Stops accepting connections, closes every open connection (copies not
     * yet read are lost) and interrupts a listener that is running, then
     * waits for the server's threads to end; a call from the server's own
     * listener does not wait for its own thread. Closing a closed server has
     * no effect.
     */
    @Override
    void close();
}
