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

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.TechnologyProvider;
import jdk.fastrmi.spi.WaitPolicy;

/**
 * Makes the tcp technology, which reaches every peer and is the
 * {@link jdk.fastrmi.spi.Bootstrap} of the fabric's connections. Its
 * settings: {@code jdk.fastrmi.tcp.bindAddress} (the address to listen on;
 * default all), {@code jdk.fastrmi.tcp.spinMicros} (the longest a
 * receiver polls before it blocks, as {@code jdk.fastrmi.wait} decides;
 * default 50), {@code jdk.fastrmi.tcp.dgc}
 * ({@code lease}, the default, or {@code cluster}),
 * {@code jdk.fastrmi.tcp.tls} (how connections through javax.rmi.ssl's
 * factories run their TLS: {@code engine}, the default, on channels of the
 * technology's whose receivers poll before they block; {@code socket}, the
 * factories' own sockets, which block), and the limits of
 * {@link TcpLimits}.
 */
public final class TcpTechnologyProvider implements TechnologyProvider {

    /** Called by the service loader. */
    public TcpTechnologyProvider() { }

    @Override
    public String id() {
        return TcpTechnology.ID;
    }

    @Override
    public int preference() {
        return TCP_PREFERENCE;
    }

    /* jdk.fastrmi.tcp.tls: engine (default) or socket. */
    private static boolean tlsEngines(String value) {
        if (value == null || value.isEmpty() || value.equals("engine")) {
            return true;
        }
        if (value.equals("socket")) {
            return false;
        }
        throw new IllegalArgumentException("jdk.fastrmi.tcp.tls must be engine or socket: " + value);
    }

    @Override
    public Technology create(Context context) {
        String bind = context.property("bindAddress");
        TcpLimits limits = TcpLimits.read((int) context.longProperty("maxConnections",
                                                                    TcpLimits.DEFAULT_MAX_CONNECTIONS,
                                                                    1, Integer.MAX_VALUE));
        return new TcpTechnology(bind == null || bind.isEmpty() ? null : bind,
                                 WaitPolicy.of(WaitPolicy.configuredMode(),
                                               context.longProperty("spinMicros", 50, 0, 1_000_000) * 1000),
                                 limits, context.gcKind(DistributedGC.Kind.LEASE), tlsEngines(context.property("tls")));
    }
}
