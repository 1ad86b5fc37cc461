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

import java.io.ObjectInputFilter;
import java.rmi.Remote;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.Unreferenced;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Skeleton;
import jdk.internal.fastrmi.dgc.Leased;

/**
 * An exported object: its id, skeleton, stub, filter, calls in progress and
 * the clients that hold references to it (the server side of the
 * distributed GC). The implementation is held strongly until unexport.
 */
public final class Target extends FastStub.Local implements Leased {

    private final long id;
    private final Class<?> implClass;
    private final RemoteInterfaces interfaces;
    private final Skeleton skeleton;
    private final ObjectInputFilter filter;
    private final boolean permanent;
    private final int port;
    /* the port its listeners took: port, or the shared listener's for port 0 */
    private final int listenPort;
    /* the exporting thread's context loader: stock RMI serves calls with it */
    private final ClassLoader contextLoader = Thread.currentThread().getContextClassLoader();
    private volatile Object impl;
    private FastStub stub;
    private Remote applicationStub;
    private final AtomicInteger callsInProgress = new AtomicInteger();

    /* client id -> lease expiry (System.nanoTime), or Long.MAX_VALUE without lease */
    private final Map<Long, Long> clients = new HashMap<>();

    /* the socket factories it was exported with, null for none */
    private final RMIClientSocketFactory clientSocketFactory;
    private final RMIServerSocketFactory serverSocketFactory;

    Target(long id, Object impl, RemoteInterfaces interfaces, Skeleton skeleton,
           ObjectInputFilter filter, boolean permanent, int port, int listenPort,
           RMIClientSocketFactory csf, RMIServerSocketFactory ssf) {
        this.clientSocketFactory = csf;
        this.serverSocketFactory = ssf;
        this.id = id;
        this.impl = impl;
        this.implClass = impl.getClass();
        this.interfaces = interfaces;
        this.skeleton = skeleton;
        this.filter = filter;
        this.permanent = permanent;
        this.port = port;
        this.listenPort = listenPort;
    }

    /** @return the object while exported, else null */
    @Override
    public Object impl() {
        return impl;
    }

    long id() {
        return id;
    }

    RemoteInterfaces interfaces() {
        return interfaces;
    }

    Skeleton skeleton() {
        return skeleton;
    }

    /** @return the filter of this object's calls, or null for the JVM-wide one */
    @Override
    public ObjectInputFilter filter() {
        return filter;
    }

    ClassLoader loader() {
        return implClass.getClassLoader();
    }

    ClassLoader contextLoader() {
        return contextLoader;
    }

    boolean permanent() {
        return permanent;
    }

    int port() {
        return port;
    }

    int listenPort() {
        return listenPort;
    }

    RMIClientSocketFactory clientSocketFactory() {
        return clientSocketFactory;
    }

    RMIServerSocketFactory serverSocketFactory() {
        return serverSocketFactory;
    }

    /* Whether it listens through socket factories of the application's. */
    boolean hasSocketFactories() {
        return clientSocketFactory != null || serverSocketFactory != null;
    }

    FastStub stub() {
        return stub;
    }

    /* What the export handed out: the generated stub, or stock's form of it. */
    Remote applicationStub() {
        return applicationStub;
    }

    void setStub(FastStub stub, Remote applicationStub) {
        this.stub = stub;
        this.applicationStub = applicationStub;
    }

    void callStarted() {
        callsInProgress.incrementAndGet();
    }

    void callEnded() {
        callsInProgress.decrementAndGet();
    }

    boolean busy() {
        return callsInProgress.get() > 0;
    }

    /** Stops calls: the stubs of this JVM see no implementation any more. */
    void unexported() {
        impl = null;
        synchronized (clients) {
            clients.clear();
        }
    }

    /**
     * A client holds references: until {@code expiry} (nanoTime), or for
     * good if {@code expiry} is {@code Long.MAX_VALUE}.
     */
    void referenced(long client, long expiry) {
        synchronized (clients) {
            clients.put(client, expiry);
        }
    }

    /** A client dropped its references; true if it was the last one. */
    boolean cleaned(long client) {
        synchronized (clients) {
            return clients.remove(client) != null && clients.isEmpty();
        }
    }

    /** Drops expired leases; true if that left no client. */
    @Override
    public boolean expire(long now) {
        synchronized (clients) {
            boolean removed = false;
            for (Iterator<Long> it = clients.values().iterator(); it.hasNext(); ) {
                long expiry = it.next();
                if (expiry != Long.MAX_VALUE && now - expiry > 0) {
                    it.remove();
                    removed = true;
                }
            }
            return removed && clients.isEmpty();
        }
    }

    /** Calls Unreferenced.unreferenced() in a thread of its own, as stock RMI does. */
    @Override
    public void fireUnreferenced() {
        if (impl instanceof Unreferenced u) {
            Thread.ofPlatform().daemon(false).name("fastrmi-unreferenced-" + id)
                .start(u::unreferenced);
        }
    }
}
