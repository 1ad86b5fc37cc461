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

import java.lang.System.Logger.Level;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;

/**
 * The client side of the distributed GC, one per kind: counts this JVM's
 * live stubs per remote object, tells the exporter when the first appears
 * (dirty) and when the last is collected (clean), and with leases renews
 * every half lease. Its thread, fastrmi-dgc, does the calls, so that
 * unmarshalling a stub never waits for one.
 */
public final class DgcClient implements DistributedGC {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    private final DgcHost runtime;
    private final Kind kind;
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final Set<StubReference> live = new HashSet<>();
    /* endpoint -> object id -> live stubs */
    private final Map<Endpoint, Map<Long, int[]>> counts = new HashMap<>();
    private final Map<Endpoint, Set<Long>> dirty = new HashMap<>();
    private final Map<Endpoint, Set<Long>> clean = new HashMap<>();
    private final Map<Endpoint, Integer> failures = new HashMap<>();   // calls failed in a row
    private Thread thread;

    /** Failed dirty and clean calls to an endpoint are tried again this often, as stock RMI does. */
    private static final int MAX_ATTEMPTS = 5;
    private static final long RETRY_MILLIS = 200;

    /**
     * Creates a collector.
     *
     * @param runtime the runtime
     * @param kind its kind
     */
    public DgcClient(DgcHost runtime, Kind kind) {
        this.runtime = runtime;
        this.kind = kind;
    }

    @Override
    public Kind kind() {
        return kind;
    }

    private static final class StubReference extends PhantomReference<Object> {
        final Endpoint endpoint;
        final long objectId;

        StubReference(Object stub, ReferenceQueue<Object> q, Endpoint endpoint, long objectId) {
            super(stub, q);
            this.endpoint = endpoint;
            this.objectId = objectId;
        }
    }

    @Override
    public synchronized void track(Object stub, Endpoint endpoint, long objectId) {
        live.add(new StubReference(stub, queue, endpoint, objectId));
        int[] n = counts.computeIfAbsent(endpoint, k -> new HashMap<>()).computeIfAbsent(objectId, k -> new int[1]);
        if (n[0]++ == 0) {
            Set<Long> c = clean.get(endpoint);
            if (c != null) {
                c.remove(objectId);
            }
            dirty.computeIfAbsent(endpoint, k -> new HashSet<>()).add(objectId);
            if (thread == null) {
                thread = Thread.ofPlatform().daemon(true).name("fastrmi-dgc").start(this::run);
            }
            notifyAll();
        }
    }

    private void run() {
        long lease = runtime.leaseMillis();
        long renewEvery = Math.max(10, lease / 2) * 1_000_000;
        long nextRenewal = System.nanoTime() + renewEvery;
        while (true) {
            Map<Endpoint, List<long[]>> toDirty;
            Map<Endpoint, List<long[]>> toClean;
            synchronized (this) {
                try {
                    if (dirty.isEmpty()) {
                        wait(Math.min(200, renewEvery / 1_000_000 + 1));
                    }
                } catch (InterruptedException e) {
                    return;
                }
                for (Object r; (r = queue.poll()) != null; ) {
                    StubReference s = (StubReference) r;
                    live.remove(s);
                    Map<Long, int[]> m = counts.get(s.endpoint);
                    int[] n = m == null ? null : m.get(s.objectId);
                    if (n != null && --n[0] == 0) {
                        // a dirty still queued is sent first: the exporter then sees
                        // both, in order, as a stub dropped right after arriving needs
                        m.remove(s.objectId);
                        clean.computeIfAbsent(s.endpoint, k -> new HashSet<>()).add(s.objectId);
                    }
                }
                if (kind == Kind.LEASE && System.nanoTime() - nextRenewal >= 0) {
                    nextRenewal = System.nanoTime() + renewEvery;
                    for (Map.Entry<Endpoint, Map<Long, int[]>> e : counts.entrySet()) {
                        dirty.computeIfAbsent(e.getKey(), k -> new HashSet<>()).addAll(e.getValue().keySet());
                    }
                }
                toDirty = drain(dirty);
                toClean = drain(clean);
            }
            long asked = kind == Kind.LEASE ? lease : 0;
            boolean retry = false;
            for (Map.Entry<Endpoint, List<long[]>> e : toDirty.entrySet()) {
                for (long[] ids : e.getValue()) {
                    try {
                        long granted = runtime.dgcStub(e.getKey()).dirty(ids, runtime.id(), asked);
                        succeeded(e.getKey());
                        if (kind == Kind.LEASE && granted > 0 && granted * 1_000_000 / 2 < renewEvery) {
                            // the exporter's lease is shorter than ours: renew in time for it
                            renewEvery = Math.max(10, granted / 2) * 1_000_000;
                            nextRenewal = Math.min(nextRenewal, System.nanoTime() + renewEvery);
                        }
                    } catch (RemoteException | RuntimeException ex) {
                        LOG.log(Level.DEBUG, () -> "DGC dirty to " + e.getKey() + " failed: " + ex);
                        retry |= failed(e.getKey(), ids, true);
                    }
                }
            }
            for (Map.Entry<Endpoint, List<long[]>> e : toClean.entrySet()) {
                for (long[] ids : e.getValue()) {
                    try {
                        runtime.dgcStub(e.getKey()).clean(ids, runtime.id());
                        succeeded(e.getKey());
                    } catch (RemoteException | RuntimeException ex) {
                        LOG.log(Level.DEBUG, () -> "DGC clean to " + e.getKey() + " failed: " + ex);
                        retry |= failed(e.getKey(), ids, false);
                    }
                }
            }
            if (retry) {
                try {
                    Thread.sleep(RETRY_MILLIS);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    private synchronized void succeeded(Endpoint endpoint) {
        failures.remove(endpoint);
    }

    /*
     * Queues a failed call's objects again (those still held for a dirty,
     * those not held again for a clean), unless the endpoint failed
     * MAX_ATTEMPTS times in a row: an exporter that is gone needs nothing,
     * and a lease renewal retries dirty calls anyway. True if queued.
     */
    private synchronized boolean failed(Endpoint endpoint, long[] ids, boolean wasDirty) {
        int n = failures.merge(endpoint, 1, Integer::sum);
        if (n >= MAX_ATTEMPTS) {
            failures.remove(endpoint);
            return false;
        }
        Map<Long, int[]> held = counts.get(endpoint);
        Set<Long> again = (wasDirty ? dirty : clean).computeIfAbsent(endpoint, k -> new HashSet<>());
        for (long id : ids) {
            boolean stillHeld = held != null && held.containsKey(id);
            if (stillHeld == wasDirty) {
                again.add(id);
            }
        }
        return true;
    }

    /* The pending ids per endpoint, in calls of at most the server's array limit (stock's too). */
    private static Map<Endpoint, List<long[]>> drain(Map<Endpoint, Set<Long>> pending) {
        Map<Endpoint, List<long[]>> out = new HashMap<>();
        for (Map.Entry<Endpoint, Set<Long>> e : pending.entrySet()) {
            List<Long> ids = new ArrayList<>(e.getValue());
            List<long[]> calls = new ArrayList<>();
            for (int from = 0; from < ids.size(); from += DgcServer.MAX_IDS_PER_CALL) {
                long[] a = new long[Math.min(DgcServer.MAX_IDS_PER_CALL, ids.size() - from)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = ids.get(from + i);
                }
                calls.add(a);
            }
            if (!calls.isEmpty()) {
                out.put(e.getKey(), calls);
            }
        }
        pending.clear();
        return out;
    }
}
