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

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.SocketFactoryTechnology;
import jdk.fastrmi.spi.Technology;

/**
 * Exports and references with an application's RMI socket factories (SSL,
 * the JMX connector's {@code javax.rmi.ssl} ones, say): they run on the
 * first technology of this JVM that can run over a factory's sockets
 * ({@link SocketFactoryTechnology}, tcp's). The server listens through the
 * server factory; a reference carries the client factory, as stock RMI's
 * do, and its stubs connect through it.
 *
 * <p>On the client, each distinct client factory (by {@code equals}, as
 * stock's endpoints compare them) is a technology of this JVM of its own,
 * {@link Through}, with a local id ({@code tcp+factory1}, ...): its
 * endpoints, local names of the exporter's {@code tcp:host:port}, key the
 * connection pools and the distributed GC's bookkeeping apart from the
 * plain ones. They never travel: a reference is written with the
 * exporter's endpoint and the factory. A factory's technology lives as
 * long as a pool or a stub uses it (the maps hold it weakly), so the
 * factories a peer's references bring cost nothing once dropped.
 */
final class SocketFactories {

    private static final String LOCAL_ID = "+factory";

    private final SocketFactoryTechnology base;
    /* client factory -> its technology (which holds the factory: the entry goes with it); guarded by this */
    private final Map<RMIClientSocketFactory, WeakReference<Through>> byFactory = new WeakHashMap<>();
    /* local id -> technology; guarded by this */
    private final Map<String, WeakReference<Through>> byId = new HashMap<>();
    /* the technologies made, for their ids (never reused); guarded by this */
    private long made;

    private SocketFactories(SocketFactoryTechnology base) {
        this.base = base;
    }

    /* Those of the first technology that runs over socket factories, or null if none does. */
    static SocketFactories of(List<Technology> technologies) {
        for (Technology t : technologies) {
            if (t instanceof SocketFactoryTechnology s) {
                return new SocketFactories(s);
            }
        }
        return null;
    }

    SocketFactoryTechnology base() {
        return base;
    }

    /** Listens on port through ssf; the endpoint is the base technology's. */
    Endpoint listen(int port, RMIServerSocketFactory ssf, Technology.Acceptor acceptor) throws IOException {
        return base.listen(port, ssf, acceptor);
    }

    void unlisten(int port, RMIServerSocketFactory ssf) {
        base.unlisten(port, ssf);
    }

    /*
     * The technology and local endpoint a reference with a client factory is
     * reached at (its first endpoint of the base technology), or of a local
     * endpoint of one (a well-known object there, such as the exporter's
     * DGC); null if it names none.
     */
    synchronized Through.Reached reach(RemoteReference reference) {
        RMIClientSocketFactory csf = reference.clientSocketFactory();
        for (Endpoint e : reference.endpoints()) {
            if (csf != null && e.technology().equals(base.id())) {
                Through t = through(csf);
                return new Through.Reached(t, new Endpoint(t.id, e.address()));
            }
            Through t = csf == null ? byLocalId(e.technology()) : null;
            if (t != null) {
                return new Through.Reached(t, e);
            }
        }
        return null;
    }

    /* Whether an endpoint is the local name of one reached through a factory. */
    synchronized boolean isLocal(Endpoint e) {
        return byId.containsKey(e.technology());
    }

    private Through byLocalId(String id) {
        WeakReference<Through> r = byId.get(id);
        return r == null ? null : r.get();
    }

    private Through through(RMIClientSocketFactory csf) {
        WeakReference<Through> r = byFactory.get(csf);
        Through t = r == null ? null : r.get();
        if (t == null) {
            t = new Through(base, csf, base.id() + LOCAL_ID + ++made);
            byFactory.put(csf, new WeakReference<>(t));
            byId.values().removeIf(w -> w.get() == null);
            byId.put(t.id, new WeakReference<>(t));
        }
        return t;
    }

    /**
     * The base technology through one client factory's sockets: what a pool
     * of this JVM connects with. Endpoints are local names of the base's.
     */
    static final class Through implements Technology {

        /* A technology and the local endpoint a reference is reached at. */
        record Reached(Through technology, Endpoint endpoint) { }

        private final SocketFactoryTechnology base;
        private final RMIClientSocketFactory csf;
        private final String id;

        Through(SocketFactoryTechnology base, RMIClientSocketFactory csf, String id) {
            this.base = base;
            this.csf = csf;
            this.id = id;
        }

        RMIClientSocketFactory clientSocketFactory() {
            return csf;
        }

        /* The exporter's endpoint a local one names. */
        private Endpoint wire(Endpoint local) {
            return new Endpoint(base.id(), local.address());
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public Endpoint listen(int port, Acceptor acceptor) throws IOException {
            throw new IOException("a client factory's technology does not listen");
        }

        @Override
        public boolean reaches(Endpoint endpoint) {
            return endpoint.technology().equals(id);
        }

        @Override
        public Handshake.Connected connect(Endpoint endpoint, Handshake hello) throws IOException {
            return base.connect(wire(endpoint), csf, hello);
        }

        @Override
        public int port(Endpoint endpoint) {
            return base.port(wire(endpoint));
        }

        @Override
        public String host(Endpoint endpoint) {
            return base.host(wire(endpoint));
        }

        @Override
        public String describe(Endpoint endpoint) {
            return base.describe(wire(endpoint)) + " through " + csf.getClass().getName();
        }

        @Override
        public DistributedGC.Kind gcKind() {
            return base.gcKind();
        }

        @Override
        public String toString() {
            return id + " (" + csf + ")";
        }
    }
}
