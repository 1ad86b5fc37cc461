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

package jdk.internal.fastrmi.dgc;

import java.io.ObjectInputFilter;

/**
 * The server side of the distributed GC: records which clients reference
 * which objects, with a lease (LEASE) or without (CLUSTER), expires leases
 * and calls {@code Unreferenced.unreferenced()} when an object's last
 * client is gone.
 */
public final class DgcServer implements DgcService {

    /** The most object ids one dirty or clean call carries: stock DGC's array limit. */
    public static final int MAX_IDS_PER_CALL = 10_000;

    /**
     * Stock's {@code sun.rmi.transport.dgcFilter} (a system or security
     * property), which may override the built-in allow-list, as in stock
     * DGC; null if unset.
     */
    private static final ObjectInputFilter CONFIGURED_FILTER = configuredFilter();

    /**
     * DGC calls carry long arrays of at most MAX_IDS_PER_CALL ids and
     * nothing else; the configured dgcFilter decides first.
     */
    public static final ObjectInputFilter FILTER = info -> {
        if (CONFIGURED_FILTER != null) {
            ObjectInputFilter.Status status = CONFIGURED_FILTER.checkInput(info);
            if (status != ObjectInputFilter.Status.UNDECIDED) {
                return status;
            }
        }
        Class<?> c = info.serialClass();
        if (info.depth() > 2 || info.references() > 4) {
            return ObjectInputFilter.Status.REJECTED;
        }
        if (c == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        return c == long[].class && info.arrayLength() <= MAX_IDS_PER_CALL
               ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
    };

    private static ObjectInputFilter configuredFilter() {
        String pattern = System.getProperty("sun.rmi.transport.dgcFilter");
        if (pattern == null) {
            pattern = java.security.Security.getProperty("sun.rmi.transport.dgcFilter");
        }
        return pattern == null ? null : ObjectInputFilter.Config.createFilter(pattern);
    }

    private final DgcHost runtime;
    private Thread sweeper;

    /**
     * Creates the service of a runtime.
     *
     * @param runtime the runtime
     */
    public DgcServer(DgcHost runtime) {
        this.runtime = runtime;
    }

    /*
     * As stock's DGCImpl: the lease granted is at most java.rmi.dgc.leaseValue,
     * and a request of 0 or less gets that value; only a client of a
     * technology collected without leases (CLUSTER, which asks for 0) holds
     * for good. Otherwise any peer could pin objects and grow the table of
     * clients for ever.
     */
    @Override
    public long dirty(long[] ids, long client, long leaseMillis) {
        long lease = leaseMillis <= 0 && runtime.callerHoldsWithoutLease() ? 0
                     : leaseMillis <= 0 ? runtime.leaseMillis() : Math.min(leaseMillis, runtime.leaseMillis());
        long expiry = lease == 0 ? Long.MAX_VALUE : System.nanoTime() + lease * 1_000_000;
        runtime.referenced(ids, client, expiry);
        return lease;
    }

    @Override
    public void clean(long[] ids, long client) {
        runtime.cleaned(ids, client);
    }

    /**
     * Starts the sweep of expired leases. Called when the service is
     * exported, before any dirty call can come, so that a client's first
     * dirty call does not wait for a thread to start (about a millisecond
     * in a fresh JVM).
     */
    public synchronized void startSweeper() {
        if (sweeper == null) {
            sweeper = Thread.ofPlatform().daemon(true).name("fastrmi-dgc-server").start(this::sweep);
        }
    }

    /* Leases expire: a client that crashed or was cut off loses its references. */
    private void sweep() {
        long interval = Math.max(10, Math.min(runtime.leaseMillis() / 4, 1000));
        while (true) {
            try {
                Thread.sleep(interval);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Leased t : runtime.leased()) {
                if (t.expire(now)) {
                    t.fireUnreferenced();
                }
            }
        }
    }
}
