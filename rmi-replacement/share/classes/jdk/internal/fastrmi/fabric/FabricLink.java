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

package jdk.internal.fastrmi.fabric;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One endpoint of libfastfabric and the fabric connections over it.
 *
 * <p>Over shared memory ({@code shm}) the connections between this JVM
 * and one other JVM share a few links, found by the other JVM's
 * {@linkplain #TOKEN token}: a client opens up to a number of them (its
 * lanes, {@code jdk.fastrmi.fabric.endpointsPerPeer}) and puts each new
 * connection on the one with the fewest; a server opens one for each of
 * the client's. libfabric gives each shm endpoint a region of its own (16
 * MiB of {@code /dev/shm}, about 8 MB of it touched), so a pair of
 * processes holds at most that many regions at each end however many
 * connections it has. Fewer than one each costs concurrent callers:
 * libfabric 1.17 posts into and polls a region under one lock. Over the
 * remote providers each connection has a
 * link of its own: their waits sleep inside the library
 * ({@link #await}), which would hold the endpoint from the others.
 *
 * <p>A message carries the id of the connection it is for in its tag,
 * an operation the id of the connection that posted it in its context
 * (both {@code id << 8 | kind}), so whichever thread polls the endpoint
 * hands each completion to its connection. The endpoint is used under
 * one lock (libfabric's {@code FI_THREAD_DOMAIN}), held for each call into
 * the library and never across a wait. A poll does not wait for the
 * lock: whoever holds it polls for all (and wakes the connections whose
 * completions it found, {@link FabricTransport#delivered}), and a waiter
 * keeps checking its deadline and its peer. (A thread that libfabric 1.17
 * keeps spinning on a lock in a frozen peer's region holds the endpoint
 * until the peer goes on; the other connections to that peer wait with
 * it, those to other JVMs do not.)
 *
 * <p>A closed connection leaves the link once what it posted has
 * finished: its receives are cancelled, its sends complete, and until
 * then the link keeps it (and its buffers, which the library may still
 * write or read). The endpoint closes with the last open connection;
 * that cancels whatever is left.
 */
final class FabricLink {

    /** Bits of a tag or context below the connection's id. */
    static final int KIND_BITS = 8;
    /** This JVM's token: random, told to peers to find their link with this JVM again; says nothing else. */
    static final byte[] TOKEN = token();
    /** The length of a token. */
    static final int TOKEN_BYTES = 16;
    /** The connections one shared link carries at most; each posts up to two receives. */
    static final int MAX_CONNECTIONS = 256;
    /** The peer addresses one link knows at most (normally one: the other JVM's link). */
    static final int MAX_PEERS = 4;
    /** The queue depth of a shared link's endpoint: what its connections post at once (shm takes up to 1024). */
    private static final int SHARED_DEPTH = 4 * MAX_CONNECTIONS;
    /** Tries for the lock before hold() parks. */
    private static final int HOLD_SPINS = 1000;
    /** The completions one poll reports at most. */
    private static final int MAX_COMPLETIONS = 8;

    /* the shared links: by provider, the other JVM's token and the lane (a client) or the client's address (a server) */
    private static final Map<String, FabricLink> SHARED = new HashMap<>();

    private final FastFabric ff;
    private final MemorySegment ep;
    private final String provider;
    private final String key;           // in SHARED, or null: one connection's own
    private final boolean canWait;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicInteger wanting = new AtomicInteger();     // threads in hold() that found it taken
    private final MemorySegment completions;

    /* under lock */
    private final Map<Integer, FabricTransport> members = new HashMap<>();
    private final Map<String, Peer> peers = new HashMap<>();
    private int nextId = 1;
    private boolean closed;

    /* under SHARED's lock (or the only user's, for an unshared link) */
    private int users;

    private static final class Peer {
        final long handle;
        int users;

        Peer(long handle) {
            this.handle = handle;
        }
    }

    private static byte[] token() {
        byte[] t = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(t);
        return t;
    }

    private FabricLink(FastFabric ff, MemorySegment ep, String provider, String key) {
        this.ff = ff;
        this.ep = ep;
        this.provider = provider;
        this.key = key;
        this.canWait = ff.canWait(ep);
        this.completions = Arena.ofAuto().allocate(FastFabric.COMPLETION_SIZE * MAX_COMPLETIONS, 8);
    }

    /**
     * A client's link to the JVM whose token is peerToken over a provider,
     * counted as used until {@link #release}: over shared memory the one of
     * at most lanes endpoints to that JVM that carries the fewest
     * connections (one opened while fewer are open), else a new one.
     *
     * @param ff libfastfabric
     * @param provider the provider
     * @param peerToken the other JVM's token
     * @param lanes the most endpoints to that JVM
     * @return the link
     * @throws IOException if no endpoint opens, or the links carry as many connections as they may
     */
    static FabricLink forClient(FastFabric ff, String provider, byte[] peerToken, int lanes) throws IOException {
        if (!provider.equals(FabricTechnology.SHARED_MEMORY)) {
            return own(ff, provider);
        }
        String base = provider + "/" + HexFormat.of().formatHex(peerToken) + "/";
        synchronized (SHARED) {
            FabricLink least = null;
            for (int lane = 0; lane < lanes; lane++) {
                FabricLink l = SHARED.get(base + lane);
                if (l == null) {
                    return shared(ff, provider, base + lane);
                }
                if (least == null || l.users < least.users) {
                    least = l;
                }
            }
            return use(least);
        }
    }

    /**
     * A server's link to the endpoint at peerAddress of the JVM whose
     * token is peerToken: one for each of the client's, so that the pair of
     * endpoints of a lane talks only to each other.
     */
    static FabricLink forServer(FastFabric ff, String provider, byte[] peerToken, byte[] peerAddress)
            throws IOException {
        if (!provider.equals(FabricTechnology.SHARED_MEMORY)) {
            return own(ff, provider);
        }
        String key = provider + "/" + HexFormat.of().formatHex(peerToken) + "/"
                     + HexFormat.of().formatHex(peerAddress);
        synchronized (SHARED) {
            FabricLink l = SHARED.get(key);
            return l == null ? shared(ff, provider, key) : use(l);
        }
    }

    /* A link of one connection's own. */
    private static FabricLink own(FastFabric ff, String provider) throws IOException {
        FabricLink l = new FabricLink(ff, ff.open(provider, 0), provider, null);
        l.users = 1;
        return l;
    }

    /* A new shared link, under SHARED's lock. */
    private static FabricLink shared(FastFabric ff, String provider, String key) throws IOException {
        FabricLink l = new FabricLink(ff, ff.open(provider, SHARED_DEPTH), provider, key);
        SHARED.put(key, l);
        l.users = 1;
        return l;
    }

    /* One more use of a shared link, under SHARED's lock. */
    private static FabricLink use(FabricLink l) throws IOException {
        if (l.users >= MAX_CONNECTIONS) {
            throw new IOException("shared memory connections to one process at their limit ("
                                  + MAX_CONNECTIONS + ")");
        }
        l.users++;
        return l;
    }

    /** Gives up one use; the last one closes the endpoint, cancelling what is still posted. */
    void release() {
        boolean last;
        if (key == null) {
            last = --users == 0;
        } else {
            synchronized (SHARED) {
                last = --users == 0;
                if (last) {
                    SHARED.remove(key);
                }
            }
        }
        if (last) {
            hold();
            try {
                closed = true;
                members.clear();
                peers.clear();
                ff.close(ep);           // cancels what is posted, deregisters every region
            } finally {
                lock.unlock();
            }
        }
    }

    String provider() {
        return provider;
    }

    boolean canWait() {
        return canWait;
    }

    byte[] address() throws IOException {
        hold();
        try {
            checkOpen();
            return ff.address(ep);
        } finally {
            lock.unlock();
        }
    }

    /*
     * Takes the lock, spinning a while before it parks: a thread that
     * wants the endpoint to post holds it a few hundred nanoseconds, and
     * a park and wake-up costs tens of microseconds here. Pollers stand
     * back while one waits (poll), or a sender would rarely find the
     * endpoint free among threads that poll it in turn.
     */
    private void hold() {
        if (lock.tryLock()) {
            return;
        }
        wanting.incrementAndGet();
        try {
            for (int i = 0; i < HOLD_SPINS; i++) {
                Thread.onSpinWait();
                if (lock.tryLock()) {
                    return;
                }
            }
            lock.lock();
        } finally {
            wanting.decrementAndGet();
        }
    }

    /*
     * Holds the endpoint, waiting at most millis: a connection that closes
     * counts what it posted and cancels it in one hold. False if another
     * thread holds it that long.
     */
    boolean lock(long millis) {
        try {
            return lock.tryLock(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void unlock() {
        lock.unlock();
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException("fabric endpoint closed");
        }
    }

    /**
     * Adds a connection: it gets an id, and completions of contexts with
     * that id from now on.
     *
     * @param t the connection
     * @return its id
     */
    int join(FabricTransport t) throws IOException {
        hold();
        try {
            checkOpen();
            int id = nextId++;
            if (nextId > (Integer.MAX_VALUE >> KIND_BITS)) {
                nextId = 1;     // after 8 million connections: the old ones are long gone
            }
            members.put(id, t);
            return id;
        } finally {
            lock.unlock();
        }
    }

    /** Removes a connection whose operations have all finished. */
    void leave(int id, long peer) {
        hold();
        try {
            members.remove(id);
            if (peer >= 0 && !closed) {
                for (var i = peers.entrySet().iterator(); i.hasNext(); ) {
                    Peer p = i.next().getValue();
                    if (p.handle == peer && --p.users == 0) {
                        ff.removePeer(ep, peer);
                        i.remove();
                    }
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The handle of a peer's address, added if new.
     *
     * @throws IOException if the link knows {@link #MAX_PEERS} other addresses
     */
    long peer(byte[] address) throws IOException {
        String a = HexFormat.of().formatHex(address);
        hold();
        try {
            checkOpen();
            Peer p = peers.get(a);
            if (p == null) {
                if (peers.size() >= MAX_PEERS) {
                    throw new IOException("a fabric endpoint of too many addresses");
                }
                p = new Peer(ff.addPeer(ep, address));
                peers.put(a, p);
            }
            p.users++;
            return p.handle;
        } finally {
            lock.unlock();
        }
    }

    MemorySegment register(MemorySegment memory) throws IOException {
        hold();
        try {
            checkOpen();
            return ff.register(ep, memory);
        } finally {
            lock.unlock();
        }
    }

    void deregister(MemorySegment region) {
        hold();
        try {
            if (!closed) {      // closing deregistered it
                ff.deregister(region);
            }
        } finally {
            lock.unlock();
        }
    }

    /** @return 0, {@link FastFabric#EAGAIN}, or another negative code */
    int send(long peer, MemorySegment buf, long len, MemorySegment desc, long tag, long context)
            throws IOException {
        hold();
        try {
            checkOpen();
            return ff.send(ep, peer, buf, len, desc, tag, context);
        } finally {
            lock.unlock();
        }
    }

    /** @return 0, or a negative code */
    int recv(long peer, MemorySegment buf, long len, MemorySegment desc, long tag, long context)
            throws IOException {
        hold();
        try {
            checkOpen();
            return ff.recv(ep, peer, buf, len, desc, tag, 0, context);
        } finally {
            lock.unlock();
        }
    }

    /** @return how many receives were posted with context (each still completes), or a negative code */
    int cancel(long context) {
        hold();
        try {
            return closed ? 0 : ff.cancel(ep, context);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reports what finished: the completions of caller to caller (on this
     * thread, which holds caller's lock), those of other connections to
     * theirs. Nothing if another thread holds the endpoint: it polls, and
     * hands caller's completions to its queue.
     *
     * @return the number of caller's completions, or a negative code if the endpoint failed
     */
    int poll(FabricTransport caller) throws IOException {
        if (wanting.get() > 0 || !lock.tryLock()) {
            return 0;
        }
        try {
            checkOpen();
            int n = ff.poll(ep, completions, MAX_COMPLETIONS);
            return n <= 0 ? n : dispatch(caller, n);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Like {@link #poll}, but waits for the endpoint if another thread
     * holds it, and polls until the library has nothing more: what the
     * peer sent before its connection ended (a server may answer and
     * close at once) is found for sure.
     *
     * @return the number of caller's completions, or a negative code if the endpoint failed
     */
    int pollAll(FabricTransport caller) throws IOException {
        hold();
        try {
            checkOpen();
            int mine = 0;
            int n;
            do {
                n = ff.poll(ep, completions, MAX_COMPLETIONS);
                if (n < 0) {
                    return mine > 0 ? mine : n;
                }
                mine += n == 0 ? 0 : dispatch(caller, n);
            } while (n == MAX_COMPLETIONS);
            return mine;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Like {@link #poll}, but sleeps in the library up to timeoutMillis for
     * a completion; only for a link of one connection (it holds the
     * endpoint all the while).
     *
     * @return the number of caller's completions, {@link FastFabric#ETIMEDOUT}, or another negative code
     */
    int await(FabricTransport caller, int timeoutMillis) throws IOException {
        hold();
        try {
            checkOpen();
            int n = ff.await(ep, completions, MAX_COMPLETIONS, 0, timeoutMillis);
            return n <= 0 ? n : dispatch(caller, n);
        } finally {
            lock.unlock();
        }
    }

    private int dispatch(FabricTransport caller, int n) throws IOException {
        int mine = 0;
        List<FabricTransport> done = null;
        for (int i = 0; i < n; i++) {
            long context = FastFabric.context(completions, i);
            int status = FastFabric.status(completions, i);
            long length = FastFabric.length(completions, i);
            int id = (int) (context >>> KIND_BITS);
            int kind = (int) context & ((1 << KIND_BITS) - 1);
            FabricTransport t = id == caller.id() ? caller : members.get(id);
            if (t == caller) {
                caller.completed(kind, status, length);
                mine++;
            } else if (t != null && t.delivered(kind, status, length)) {
                if (done == null) {
                    done = new ArrayList<>();
                }
                done.add(t);
            }
        }
        if (done != null) {
            for (FabricTransport t : done) {
                t.retire();
            }
        }
        return mine;
    }

    @Override
    public String toString() {
        return "FabricLink[" + provider + (key == null ? "" : ", shared") + "]";
    }
}
