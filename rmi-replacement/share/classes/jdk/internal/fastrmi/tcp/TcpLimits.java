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
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import java.nio.file.Files;
import java.nio.file.Path;

import jdk.fastrmi.spi.Timeouts;
import jdk.net.ExtendedSocketOptions;

/**
 * What a tcp peer may hold of this JVM, and how long either end waits for
 * the other: stock RMI's time-outs ({@link Timeouts}) and bounds of
 * jdk.fastrmi's own, where stock has none:
 * <ul>
 * <li>{@code jdk.fastrmi.tcp.maxConnections}: the most incoming
 *     connections served at once, each with its thread; a connection
 *     beyond it is closed at once, and logged (stock's
 *     {@code sun.rmi.transport.tcp.maxConnectionThreads} lowers it when
 *     set). By default the process's limit of open files less
 *     {@value #RESERVED_DESCRIPTORS} (4096 where the limit is unknown):
 *     stock counts nothing and serves connections until the descriptors
 *     run out, at which point everything else of the process that opens a
 *     file fails too; this serves as many, and refuses the rest while the
 *     process still has descriptors of its own.</li>
 * <li>{@code jdk.fastrmi.tcp.keepAliveIdle}, {@code keepAliveInterval}
 *     (seconds) and {@code keepAliveCount} (probes): TCP keep-alive of
 *     every connection, the fabric's control connections included. Stock
 *     turns keep-alive on with the system's settings (on Linux 7200 s idle,
 *     then 9 probes 75 s apart: a host that vanished without a FIN is found
 *     after 2 h 11 min); so do these by default. Set, a call waiting on a
 *     vanished host fails after idle + interval &times; count seconds, and
 *     so does one whose request the host never acknowledged: the same bound
 *     is the connection's {@code TCP_USER_TIMEOUT}, where the system has it
 *     (keep-alive probes wait while data is unacknowledged).</li>
 * </ul>
 *
 * @param timeouts stock RMI's time-outs
 * @param maxConnections the most connections served at once, at least 1
 * @param keepAlive the keep-alive of every connection
 */
record TcpLimits(Timeouts timeouts, int maxConnections, KeepAlive keepAlive) {

    /** Descriptors left to the rest of the process by the default of maxConnections. */
    static final int RESERVED_DESCRIPTORS = 128;
    static final int DEFAULT_MAX_CONNECTIONS = defaultMaxConnections();

    /* The soft limit of open files (Linux: /proc/self/limits) less the reserve; 4096 if unknown. */
    private static int defaultMaxConnections() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    long limit = soft.equals("unlimited") ? 1 << 20 : Long.parseLong(soft);
                    return (int) Math.max(64, Math.min(1 << 20, limit - RESERVED_DESCRIPTORS));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the fixed default
        }
        return 4096;
    }

    /**
     * TCP keep-alive: a socket option each, 0 for the system's.
     *
     * @param idleSeconds how long a connection is idle before the first probe
     * @param intervalSeconds the time between probes
     * @param count the unanswered probes after which the connection fails
     */
    record KeepAlive(int idleSeconds, int intervalSeconds, int count) {

        /* The kernel's limits of the three options (Linux: 32767 s, 32767 s, 127). */
        private static final int MAX_SECONDS = 32_767;
        private static final int MAX_COUNT = 127;

        KeepAlive {
            if (idleSeconds < 0 || idleSeconds > MAX_SECONDS || intervalSeconds < 0
                    || intervalSeconds > MAX_SECONDS || count < 0 || count > MAX_COUNT) {
                throw new IllegalArgumentException("keep-alive out of range: " + idleSeconds + " s, "
                                                   + intervalSeconds + " s, " + count);
            }
        }

        static KeepAlive fromSystemProperties() {
            return new KeepAlive(property("jdk.fastrmi.tcp.keepAliveIdle", MAX_SECONDS),
                                 property("jdk.fastrmi.tcp.keepAliveInterval", MAX_SECONDS),
                                 property("jdk.fastrmi.tcp.keepAliveCount", MAX_COUNT));
        }

        private static int property(String name, int max) {
            String v = System.getProperty(name);
            if (v == null || v.isBlank()) {
                return 0;
            }
            try {
                int n = Integer.parseInt(v.trim());
                if (n < 1 || n > max) {
                    throw new IllegalArgumentException(name + "=" + v + ": out of range 1.." + max);
                }
                return n;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + "=" + v + ": not a number", e);
            }
        }

        /*
         * Turns keep-alive on, with the options that are set; if any is, the
         * time it takes to give up on a silent peer also bounds data left
         * unacknowledged (TCP_USER_TIMEOUT), from the socket's values.
         */
        void apply(NetworkChannel ch) throws IOException {
            ch.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
            // none set: the system's settings, as stock RMI's sockets have them (compared
            // field by field: a record's equals bootstraps through ObjectMethods at first
            // use, spinning seven method handle classes on the first connection's path)
            if (idleSeconds == 0 && intervalSeconds == 0 && count == 0) {
                return;
            }
            if (idleSeconds > 0) {
                ch.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, idleSeconds);
            }
            if (intervalSeconds > 0) {
                ch.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, intervalSeconds);
            }
            if (count > 0) {
                ch.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, count);
            }
            if (ch.supportedOptions().contains(ExtendedSocketOptions.TCP_USER_TIMEOUT)) {
                long seconds = ch.getOption(ExtendedSocketOptions.TCP_KEEPIDLE)
                               + (long) ch.getOption(ExtendedSocketOptions.TCP_KEEPINTERVAL)
                                 * ch.getOption(ExtendedSocketOptions.TCP_KEEPCOUNT);
                int millis = (int) Math.min(seconds * 1000, Integer.MAX_VALUE);
                ch.setOption(ExtendedSocketOptions.TCP_USER_TIMEOUT, millis);
            }
        }
    }

    /**
     * Reads stock RMI's properties and jdk.fastrmi's keep-alive.
     *
     * @param maxConnections jdk.fastrmi's cap before stock's lowers it
     * @return the limits
     * @throws IllegalArgumentException if a property is not a number in range
     */
    static TcpLimits read(int maxConnections) {
        // read as stock reads it
        int stockThreads = Integer.getInteger("sun.rmi.transport.tcp.maxConnectionThreads", Integer.MAX_VALUE);
        return new TcpLimits(Timeouts.fromSystemProperties(), Math.max(1, Math.min(maxConnections, stockThreads)),
                             KeepAlive.fromSystemProperties());
    }
}
