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

import jdk.fastrmi.spi.Timeouts;

/**
 * What a tcp peer may hold of this JVM, and how long either end waits for
 * the other: stock RMI's time-outs ({@link Timeouts}) and one bound of
 * jdk.fastrmi's own, where stock has none:
 * <ul>
 * <li>{@code jdk.fastrmi.tcp.maxConnections} (default 4096): the most
 *     incoming connections served at once, each with its thread; a
 *     connection beyond it is closed at once, and logged (stock's
 *     {@code sun.rmi.transport.tcp.maxConnectionThreads} lowers it when
 *     set).</li>
 * </ul>
 *
 * @param timeouts stock RMI's time-outs
 * @param maxConnections the most connections served at once, at least 1
 */
record TcpLimits(Timeouts timeouts, int maxConnections) {

    static final int DEFAULT_MAX_CONNECTIONS = 4096;

    /**
     * Reads stock RMI's properties.
     *
     * @param maxConnections jdk.fastrmi's cap before stock's lowers it
     * @return the limits
     * @throws IllegalArgumentException if a property is not a number in range
     */
    static TcpLimits read(int maxConnections) {
        // read as stock reads it
        int stockThreads = Integer.getInteger("sun.rmi.transport.tcp.maxConnectionThreads", Integer.MAX_VALUE);
        return new TcpLimits(Timeouts.fromSystemProperties(), Math.max(1, Math.min(maxConnections, stockThreads)));
    }
}
