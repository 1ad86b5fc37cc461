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

package jdk.internal.fastrmi;

import java.util.List;

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Timeouts;

/**
 * The runtime-wide system properties of jdk.fastrmi, read once (documented
 * in {@link jdk.fastrmi.FastRMI}). Each technology reads its own,
 * {@code jdk.fastrmi.<id>.*}, through its
 * {@link jdk.fastrmi.spi.TechnologyProvider.Context}; the two
 * {@code jdk.fastrmi.tcp.*} properties here kept their names from when tcp
 * was the only technology, and apply to every technology.
 *
 * @param serialization {@code jdk.fastrmi.serialization}: fast or jdk
 * @param idleTimeoutMillis {@code jdk.fastrmi.tcp.idleTimeout}: when idle
 *        client connections are closed
 * @param maxFrameBytes {@code jdk.fastrmi.tcp.maxFrameBytes}: the largest
 *        call or reply
 * @param leaseMillis {@code java.rmi.dgc.leaseValue}
 * @param technologies {@code jdk.fastrmi.technologies}: the technologies'
 *        ids in order of preference, or null if the property is not set
 *        (then every technology found, by its declared preference)
 * @param ignoreStubClasses stock's {@code java.rmi.server.ignoreStubClasses}:
 *        exports hand out dynamic proxies, as stock RMI's do with it
 * @param responseTimeoutMillis stock's
 *        {@code sun.rmi.transport.tcp.responseTimeout}, 0 for none, which
 *        each technology honours ({@link Timeouts}); here for the calls of
 *        {@code FastRMI.callAsync} with a deadline, which take the shorter
 */
public record Settings(int serialization, long idleTimeoutMillis, int maxFrameBytes, long leaseMillis,
                       List<String> technologies, boolean ignoreStubClasses, long responseTimeoutMillis) {

    /** The system property that lists the technologies. */
    static final String TECHNOLOGIES = "jdk.fastrmi.technologies";

    static Settings read() {
        String ser = System.getProperty("jdk.fastrmi.serialization", "fast").trim();
        int serialization = switch (ser) {
            case "fast" -> Handshake.FAST;
            case "jdk" -> Handshake.JDK;
            default -> throw new IllegalArgumentException("jdk.fastrmi.serialization=" + ser
                                                          + ": expected fast or jdk");
        };
        String techs = System.getProperty(TECHNOLOGIES);
        return new Settings(serialization,
                            number("jdk.fastrmi.tcp.idleTimeout", 15_000, 1, Long.MAX_VALUE / 2),
                            (int) number("jdk.fastrmi.tcp.maxFrameBytes", 256 << 20, 64, Integer.MAX_VALUE - 8),
                            number("java.rmi.dgc.leaseValue", 600_000, 1, Long.MAX_VALUE / 4),
                            techs == null ? null : List.of(techs.trim().split("\\s*,\\s*")),
                            Boolean.getBoolean("java.rmi.server.ignoreStubClasses"),
                            Timeouts.fromSystemProperties().responseMillis());
    }

    /* A technology's jdk.fastrmi.<id>.dgc. */
    static DistributedGC.Kind gcKind(String name, DistributedGC.Kind dflt) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        return switch (v.trim()) {
            case "lease" -> DistributedGC.Kind.LEASE;
            case "cluster" -> DistributedGC.Kind.CLUSTER;
            default -> throw new IllegalArgumentException(name + "=" + v + ": expected lease or cluster");
        };
    }

    static long number(String name, long dflt, long min, long max) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n < min || n > max) {
                throw new IllegalArgumentException(name + "=" + v + ": out of range " + min + ".." + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + v + ": not a number", e);
        }
    }
}
