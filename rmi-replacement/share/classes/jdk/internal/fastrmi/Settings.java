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

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Handshake;

/**
 * The system properties of jdk.fastrmi, read once (documented in
 * {@link jdk.fastrmi.FastRMI}).
 *
 * @param serialization {@code jdk.fastrmi.serialization}: fast or jdk
 * @param bindAddress {@code jdk.fastrmi.tcp.bindAddress}, or null for the wildcard
 * @param spinNanos {@code jdk.fastrmi.tcp.spinMicros}, in ns
 * @param idleTimeoutMillis {@code jdk.fastrmi.tcp.idleTimeout}
 * @param maxFrameBytes {@code jdk.fastrmi.tcp.maxFrameBytes}
 * @param leaseMillis {@code java.rmi.dgc.leaseValue}
 * @param technologies {@code jdk.fastrmi.technologies}, in order of preference
 * @param tcpGc {@code jdk.fastrmi.tcp.dgc}: the distributed GC of tcp references
 * @param handshakeTimeoutMillis {@code sun.rmi.transport.tcp.handshakeTimeout}, as stock RMI
 * @param fabricLocal {@code jdk.fastrmi.fabric.local}: the libfabric provider
 *        between JVMs of one host
 * @param fabricRemote {@code jdk.fastrmi.fabric.remote}: the provider to other
 *        hosts, or null: those go over the next technology (tcp)
 * @param fabricSpinNanos {@code jdk.fastrmi.fabric.spinMicros}, in ns
 * @param fabricGc {@code jdk.fastrmi.fabric.dgc}: the distributed GC of fabric references
 */
public record Settings(int serialization, String bindAddress, long spinNanos,
                       long idleTimeoutMillis, int maxFrameBytes, long leaseMillis,
                       String[] technologies, DistributedGC.Kind tcpGc, long handshakeTimeoutMillis,
                       String fabricLocal, String fabricRemote, long fabricSpinNanos,
                       DistributedGC.Kind fabricGc) {

    static Settings read() {
        String ser = System.getProperty("jdk.fastrmi.serialization", "fast").trim();
        int serialization = switch (ser) {
            case "fast" -> Handshake.FAST;
            case "jdk" -> Handshake.JDK;
            default -> throw new IllegalArgumentException("jdk.fastrmi.serialization=" + ser
                                                          + ": expected fast or jdk");
        };
        String bind = System.getProperty("jdk.fastrmi.tcp.bindAddress");
        return new Settings(serialization,
                            bind == null || bind.isBlank() ? null : bind.trim(),
                            number("jdk.fastrmi.tcp.spinMicros", 50, 0, 1_000_000) * 1000,
                            number("jdk.fastrmi.tcp.idleTimeout", 15_000, 1, Long.MAX_VALUE / 2),
                            (int) number("jdk.fastrmi.tcp.maxFrameBytes", 256 << 20, 64, Integer.MAX_VALUE - 8),
                            number("java.rmi.dgc.leaseValue", 600_000, 1, Long.MAX_VALUE / 4),
                            System.getProperty("jdk.fastrmi.technologies", "fabric,tcp").trim().split("\\s*,\\s*"),
                            gcKind("jdk.fastrmi.tcp.dgc", DistributedGC.Kind.LEASE),
                            number("sun.rmi.transport.tcp.handshakeTimeout", 60_000, 1, Long.MAX_VALUE / 2_000_000),
                            provider("jdk.fastrmi.fabric.local", "shm"),
                            provider("jdk.fastrmi.fabric.remote", "verbs;ofi_rxm"),
                            number("jdk.fastrmi.fabric.spinMicros", 100, 0, 1_000_000) * 1000,
                            gcKind("jdk.fastrmi.fabric.dgc", DistributedGC.Kind.LEASE));
    }

    /* A libfabric provider name; "none" (or empty) for none. */
    private static String provider(String name, String dflt) {
        String v = System.getProperty(name, dflt).trim();
        if (v.isEmpty() || v.equals("none")) {
            return null;
        }
        if (v.length() > 64 || !v.matches("[A-Za-z0-9_;.-]+")) {
            throw new IllegalArgumentException(name + "=" + v + ": not a libfabric provider name");
        }
        return v;
    }

    private static DistributedGC.Kind gcKind(String name, DistributedGC.Kind dflt) {
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

    private static long number(String name, long dflt, long min, long max) {
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
