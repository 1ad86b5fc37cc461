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

/**
 * What a tcp peer may hold of this JVM, and how long either end waits for
 * the other. The times are stock RMI's properties, with stock's defaults,
 * so that a setting made for JRMP holds for jdk.fastrmi's tcp too:
 * <ul>
 * <li>{@code sun.rmi.transport.tcp.handshakeTimeout} (ms, default 60000):
 *     how long either end waits for the other's handshake;</li>
 * <li>{@code sun.rmi.transport.tcp.readTimeout} (ms, default 7200000, two
 *     hours): how long a server's connection waits for the next call before
 *     it is closed, and how long a frame, once begun, may take to arrive
 *     whole (a peer that sends a call byte by byte does not hold a thread
 *     longer than that);</li>
 * <li>{@code sun.rmi.transport.tcp.responseTimeout} (ms, default 0: none):
 *     how long a client waits for a reply;</li>
 * </ul>
 * and one of jdk.fastrmi's own, where stock has no bound:
 * <ul>
 * <li>{@code jdk.fastrmi.tcp.maxConnections} (default 4096): the most
 *     incoming connections served at once, each with its thread; a
 *     connection beyond it is closed at once, and logged (stock's
 *     {@code sun.rmi.transport.tcp.maxConnectionThreads} lowers it when
 *     set).</li>
 * </ul>
 *
 * @param handshakeTimeoutMillis the handshake time-out, at least 1
 * @param readTimeoutMillis the server's read time-out, 0 for none
 * @param responseTimeoutMillis the client's reply time-out, 0 for none
 * @param maxConnections the most connections served at once, at least 1
 */
record TcpLimits(long handshakeTimeoutMillis, long readTimeoutMillis, long responseTimeoutMillis,
                 int maxConnections) {

    static final int DEFAULT_MAX_CONNECTIONS = 4096;

    /* Long enough for any whole-number millisecond time-out to be a deadline in nanoseconds. */
    private static final long MAX_MILLIS = Long.MAX_VALUE / 4_000_000;

    /**
     * Reads stock RMI's properties.
     *
     * @param maxConnections jdk.fastrmi's cap before stock's lowers it
     * @return the limits
     * @throws IllegalArgumentException if a property is not a number in range
     */
    static TcpLimits read(int maxConnections) {
        long stockThreads = TcpTechnologyProvider.stockProperty("sun.rmi.transport.tcp.maxConnectionThreads",
                                                                Integer.MAX_VALUE, 1, Integer.MAX_VALUE);
        return new TcpLimits(
                TcpTechnologyProvider.stockProperty("sun.rmi.transport.tcp.handshakeTimeout", 60_000, 1, MAX_MILLIS),
                TcpTechnologyProvider.stockProperty("sun.rmi.transport.tcp.readTimeout", 2 * 3600 * 1000, 0, MAX_MILLIS),
                TcpTechnologyProvider.stockProperty("sun.rmi.transport.tcp.responseTimeout", 0, 0, MAX_MILLIS),
                (int) Math.min(maxConnections, stockThreads));
    }
}
