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
 * every half lease. Its thread, fastrmi-dgc, decides what to send, and each
 * exporter's calls run on a thread of their own, so that unmarshalling a
 * stub never waits for one, and an exporter that does not answer delays
 * no other.
 *
 * <p>A reference is data from a peer, not an order to dial: the exporter
 * a stub names is told only once this JVM has connected to it itself (a
 * call through any stub to it, or the lookup that returned it). Until
 * then its objects are counted, and a stub collected before is forgotten
 * without a word, as the exporter never heard of it. So a peer cannot
 * make this JVM open connections to hosts and ports of its choosing by
 * sending references (stock RMI's DGC dials them at once).
 */
public final class DgcClient implements DistributedGC {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /** Failed dirty and clean calls to an exporter are tried again this often, as stock RMI does. */
    private static final int MAX_ATTEMPTS = 5;
    /** The pause after the first failure, doubled after each further one. */
    private static final long RETRY_MILLIS = 200;

    private final DgcHost runtime;
    private final Kind kind;
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final Set<StubReference> live = new HashSet<>();
    /* the exporters of live stubs, and those still to be told something */
    private final Map<Endpoint, Exporter> exporters = new HashMap<>();
    private long renewEvery;                // ns; shorter when an exporter grants a shorter lease
    private long nextRenewal;               // System.nanoTime() of the next renewal of leases
    private Thread thread;

    /**
     * Creates a collector.
     *
     * @param runtime the runtime
     * @param kind its kind
     */
    public DgcClient(DgcHost runtime, Kind kind) {
        this.runtime = runtime;
        this.kind = kind;
        this.renewEvery = Math.max(10, runtime.leaseMillis() / 2) * 1_000_000;
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

    /* What this JVM holds of one exporter's objects, and what it has yet to tell it. */
    private static final class Exporter {
        final Map<Long, int[]> counts = new HashMap<>();   // object id -> live stubs
        final Set<Long> dirty = new HashSet<>();
        final Set<Long> clean = new HashSet<>();
        boolean reached;        // this JVM has connected to it: it may be called
        boolean busy;           // its calls are under way
        int failures;           // rounds failed in a row
        long retryAt;           // System.nanoTime() before which it is not called again

        boolean due(long now) {
            return reached && !busy && now - retryAt >= 0 && !(dirty.isEmpty() && clean.isEmpty());
        }

        boolean idle() {
            return counts.isEmpty() && dirty.isEmpty() && clean.isEmpty() && !busy;
        }
    }

    @Override
    public synchronized void track(Object stub, Endpoint endpoint, long objectId) {
        live.add(new StubReference(stub, queue, endpoint, objectId));
        Exporter x = exporters.computeIfAbsent(endpoint, k -> new Exporter());
        if (!x.reached) {
            x.reached = runtime.reached(endpoint);
        }
        int[] n = x.counts.computeIfAbsent(objectId, k -> new int[1]);
        if (n[0]++ == 0) {
            x.clean.remove(objectId);
            x.dirty.add(objectId);
            if (thread == null) {
                thread = Thread.ofPlatform().daemon(true).name("fastrmi-dgc").start(this::run);
            }
            notifyAll();
        }
    }

    /**
     * This JVM has connected to {@code endpoint} for the first time: the
     * exporter there is told of the stubs that name it, in the calling
     * thread, before the call the connection was made for (as stock RMI
     * makes its dirty call before it hands out the reference). A failure
     * is left to the collector's thread, which tries again.
     *
     * @param endpoint the endpoint
     */
    public void reached(Endpoint endpoint) {
        Exporter x;
        List<long[]> dirty;
        List<long[]> clean;
        synchronized (this) {
            x = exporters.get(endpoint);
            if (x == null || x.reached) {
                return;
            }
            x.reached = true;
            if (!x.due(System.nanoTime())) {
                notifyAll();
                return;
            }
            dirty = drain(x.dirty);
            clean = drain(x.clean);
            x.busy = true;
        }
        call(endpoint, x, dirty, clean);
    }

    private void run() {
        // This thread starts when the JVM first holds a reference to another
        // JVM's object: its first call there will wait for a dirty call,
        // whose stub class (about 2 ms to generate cold) is made now instead.
        runtime.prepareDgcStub();
        synchronized (this) {
            nextRenewal = System.nanoTime() + renewEvery;
        }
        while (true) {
            synchronized (this) {
                for (Object r; (r = queue.poll()) != null; ) {
                    collected((StubReference) r);
                }
                long now = System.nanoTime();
                if (kind == Kind.LEASE && now - nextRenewal >= 0) {
                    nextRenewal = now + renewEvery;
                    for (Exporter x : exporters.values()) {
                        x.dirty.addAll(x.counts.keySet());
                    }
                }
                boolean started = false;
                for (Map.Entry<Endpoint, Exporter> e : exporters.entrySet()) {
                    Exporter x = e.getValue();
                    if (x.due(now)) {
                        List<long[]> dirty = drain(x.dirty);
                        List<long[]> clean = drain(x.clean);
                        x.busy = true;
                        Endpoint endpoint = e.getKey();
                        Thread.ofPlatform().daemon(true).name("fastrmi-dgc-call")
                              .start(() -> call(endpoint, x, dirty, clean));
                        started = true;
                    }
                }
                exporters.values().removeIf(Exporter::idle);
                if (!started) {
                    try {
                        wait(Math.max(1, Math.min(200, (nextRenewal - now) / 1_000_000 + 1)));
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
        }
    }

    /* The last stub of an object may have gone: tell its exporter, if it heard of the object. */
    private void collected(StubReference s) {
        live.remove(s);
        Exporter x = exporters.get(s.endpoint);
        int[] n = x == null ? null : x.counts.get(s.objectId);
        if (n != null && --n[0] == 0) {
            x.counts.remove(s.objectId);
            if (x.reached) {
                // a dirty still queued is sent first: the exporter then sees
                // both, in order, as a stub dropped right after arriving needs
                x.clean.add(s.objectId);
            } else {
                x.dirty.remove(s.objectId);    // never sent: nothing to take back
            }
        }
    }

    /* One exporter's round: its dirty calls, then its clean calls. */
    private void call(Endpoint endpoint, Exporter x, List<long[]> dirty, List<long[]> clean) {
        long asked = kind == Kind.LEASE ? runtime.leaseMillis() : 0;
        List<long[]> failedDirty = new ArrayList<>();
        List<long[]> failedClean = new ArrayList<>();
        for (long[] ids : dirty) {
            try {
                long granted = runtime.dgcStub(endpoint).dirty(ids, runtime.id(), asked);
                if (kind == Kind.LEASE && granted > 0) {
                    shortenRenewal(granted);
                }
            } catch (RemoteException | RuntimeException ex) {
                LOG.log(Level.DEBUG, () -> "DGC dirty to " + endpoint + " failed: " + ex);
                failedDirty.add(ids);
            }
        }
        for (long[] ids : clean) {
            try {
                runtime.dgcStub(endpoint).clean(ids, runtime.id());
            } catch (RemoteException | RuntimeException ex) {
                LOG.log(Level.DEBUG, () -> "DGC clean to " + endpoint + " failed: " + ex);
                failedClean.add(ids);
            }
        }
        finished(x, failedDirty, failedClean);
    }

    /* The exporter's lease is shorter than ours: renew in time for it. */
    private synchronized void shortenRenewal(long grantedMillis) {
        long every = Math.max(10, grantedMillis / 2) * 1_000_000;
        if (every < renewEvery) {
            renewEvery = every;
            long soon = System.nanoTime() + every;
            if (soon - nextRenewal < 0) {
                nextRenewal = soon;
            }
            notifyAll();
        }
    }

    /*
     * Queues a failed round's objects again (those still held for a dirty,
     * those not held again for a clean), after a pause that doubles, unless
     * the exporter failed MAX_ATTEMPTS rounds in a row: an exporter that is
     * gone needs nothing, and a lease renewal tries again anyway (leases
     * lapse while it stays unreachable).
     */
    private synchronized void finished(Exporter x, List<long[]> failedDirty, List<long[]> failedClean) {
        x.busy = false;
        if (failedDirty.isEmpty() && failedClean.isEmpty()) {
            x.failures = 0;
        } else if (++x.failures >= MAX_ATTEMPTS) {
            x.failures = 0;
        } else {
            x.retryAt = System.nanoTime() + (RETRY_MILLIS << (x.failures - 1)) * 1_000_000;
            for (long[] ids : failedDirty) {
                for (long id : ids) {
                    if (x.counts.containsKey(id)) {
                        x.dirty.add(id);
                    }
                }
            }
            for (long[] ids : failedClean) {
                for (long id : ids) {
                    if (!x.counts.containsKey(id)) {
                        x.clean.add(id);
                    }
                }
            }
        }
        notifyAll();
    }

    /* The pending ids, in calls of at most the server's array limit (stock's too); the set is emptied. */
    private static List<long[]> drain(Set<Long> pending) {
        List<Long> ids = new ArrayList<>(pending);
        pending.clear();
        List<long[]> calls = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += DgcServer.MAX_IDS_PER_CALL) {
            long[] a = new long[Math.min(DgcServer.MAX_IDS_PER_CALL, ids.size() - from)];
            for (int i = 0; i < a.length; i++) {
                a[i] = ids.get(from + i);
            }
            calls.add(a);
        }
        return calls;
    }
}
