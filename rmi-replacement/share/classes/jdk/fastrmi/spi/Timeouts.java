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

/**
 * Stock RMI's time-outs, which every technology honours as stock's own tcp
 * transport does, read from the system properties operators already set
 * for stock RMI, with stock's defaults:
 * <ul>
 * <li>{@systemProperty sun.rmi.transport.proxy.connectTimeout} (ms, default
 *     0: none, the operating system's): how long opening a connection may
 *     take. JDK 25's own transport no longer reads it (it went with RMI over
 *     HTTP), so by default a connection to a host that does not answer waits
 *     as stock's does, about two minutes on Linux; set, it ends with a
 *     {@link java.rmi.ConnectIOException} caused by a
 *     {@link java.net.SocketTimeoutException};</li>
 * <li>{@systemProperty sun.rmi.transport.tcp.handshakeTimeout} (ms,
 *     default 60000): how long either end waits for the other's part of
 *     the connection set-up;</li>
 * <li>{@systemProperty sun.rmi.transport.tcp.readTimeout} (ms, default
 *     7200000, two hours; 0 for none): how long a server's connection waits
 *     for the next call before it is closed, and a frame, once begun, may
 *     take to arrive whole;</li>
 * <li>{@systemProperty sun.rmi.transport.tcp.responseTimeout} (ms, default
 *     0: none): how long a client waits for a reply, and a reply, once
 *     begun, may take to arrive whole.</li>
 * </ul>
 * A receive that times out throws {@link java.net.SocketTimeoutException}
 * and closes its connection; a client's call then ends with the stock
 * exception, an {@link java.rmi.UnmarshalException} caused by it.
 *
 * @param connectMillis the time-out of opening a connection, 0 for none
 * @param handshakeMillis the set-up time-out, at least 1
 * @param readMillis the server's time-out, 0 for none
 * @param responseMillis the client's time-out, 0 for none
 * @since 25
 */
public record Timeouts(long connectMillis, long handshakeMillis, long readMillis, long responseMillis) {

    /**
     * The largest time-out, in ms: any of them as a deadline stays in
     * {@link System#nanoTime}'s range.
     */
    public static final long MAX_MILLIS = Long.MAX_VALUE / 4_000_000;

    /**
     * Checks the values.
     *
     * @param connectMillis the time-out of opening a connection
     * @param handshakeMillis the set-up time-out
     * @param readMillis the server's time-out
     * @param responseMillis the client's time-out
     * @throws IllegalArgumentException if one is out of range
     */
    public Timeouts {
        if (connectMillis < 0 || connectMillis > MAX_MILLIS || handshakeMillis < 1 || handshakeMillis > MAX_MILLIS
                || readMillis < 0 || readMillis > MAX_MILLIS || responseMillis < 0 || responseMillis > MAX_MILLIS) {
            throw new IllegalArgumentException("time-outs out of range: " + connectMillis + ", " + handshakeMillis
                                               + ", " + readMillis + ", " + responseMillis);
        }
    }

    /**
     * A caller's bound of one receive
     * ({@link Transport#receive(Frame, long)}) in nanoseconds.
     *
     * @param timeoutMillis the bound in ms, at least 1; above
     *        {@link #MAX_MILLIS} it is that
     * @return the bound in ns
     * @throws IllegalArgumentException if {@code timeoutMillis} is below 1
     */
    public static long receiveNanos(long timeoutMillis) {
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("time-out " + timeoutMillis + " ms");
        }
        return Math.min(timeoutMillis, MAX_MILLIS) * 1_000_000;
    }

    /**
     * Reads the system properties.
     *
     * @return the time-outs they set
     * @throws IllegalArgumentException if a property is not a number in range
     */
    public static Timeouts fromSystemProperties() {
        return new Timeouts(property("sun.rmi.transport.proxy.connectTimeout", 0, 0),
                            property("sun.rmi.transport.tcp.handshakeTimeout", 60_000, 1),
                            property("sun.rmi.transport.tcp.readTimeout", 2 * 3600 * 1000, 0),
                            property("sun.rmi.transport.tcp.responseTimeout", 0, 0));
    }

    private static long property(String name, long defaultValue, long min) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n < min || n > MAX_MILLIS) {
                throw new IllegalArgumentException(name + "=" + v + ": out of range " + min + ".." + MAX_MILLIS);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + v + ": not a number", e);
        }
    }
}
