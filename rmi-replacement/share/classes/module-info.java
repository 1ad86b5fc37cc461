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

/**
 * A KaRMI-style implementation of Java RMI for GrandeJDK (Philippsen,
 * Haumacher, Nester): generated stubs and skeletons, clean layers between
 * reference and transport, pluggable transport technologies, local-call
 * shortcuts and pluggable distributed garbage collection.
 *
 * <p>With the system property {@systemProperty java.rmi.provider}{@code =fastrmi}
 * the stock entry points ({@code UnicastRemoteObject}, {@code LocateRegistry},
 * {@code Naming}, {@code RemoteObject.toStub},
 * {@code RemoteServer.getClientHost}) run on this module; see
 * {@link jdk.fastrmi.FastRMI} for the other properties.
 *
 * <p>{@link jdk.fastrmi.node} exchanges object graphs one-sidedly (JToe:
 * Chaumette et al., "JToe: a Java API for Object Exchange") on the same
 * fast streams and the tcp technology's connections.
 *
 * <p>Transport technologies are services: the module finds every
 * {@link jdk.fastrmi.spi.TechnologyProvider} (its own tcp and fabric, and
 * others on the module or class path); see {@link jdk.fastrmi.spi}.
 *
 * @provides sun.rmi.server.RemoteProvider
 * @provides sun.rmi.server.MarshalStreamProvider
 * @provides jdk.fastrmi.spi.TechnologyProvider
 * @uses jdk.fastrmi.spi.TechnologyProvider
 * @moduleGraph
 * @since 25
 */
module jdk.fastrmi {
    requires transitive java.rmi;
    requires jdk.fastserial;
    requires jdk.net;

    exports jdk.fastrmi;
    exports jdk.fastrmi.node;
    exports jdk.fastrmi.spi;

    uses jdk.fastrmi.spi.TechnologyProvider;

    provides jdk.fastrmi.spi.TechnologyProvider with
        jdk.internal.fastrmi.fabric.FabricTechnologyProvider,
        jdk.internal.fastrmi.tcp.TcpTechnologyProvider;
    provides sun.rmi.server.RemoteProvider with
        jdk.internal.fastrmi.FastRemoteProvider;
    // Stock RMI's call streams on jdk.fastserial (-Djdk.rmi.fastSerialization=true).
    provides sun.rmi.server.MarshalStreamProvider with
        jdk.internal.fastrmi.jrmp.FastMarshalStreamProvider;
}
