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
import java.net.UnknownHostException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.JrmpPeerException;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.TechnologyUnavailableException;

/**
 * The idle connections to one endpoint, each with its cached call context
 * (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI
 * for Java", section 4.2). A call takes one or opens a new one, and gives
 * it back when its result is read; a watchdog closes those idle for longer
 * than the idle timeout. Where a technology turns out unavailable to the
 * endpoint (TechnologyUnavailableException), calls go to the pool of the
 * reference's next technology from then on; while it is still starting
 * (Technology.started), each new connection does.
 */
final class ConnectionPool {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /*
     * How long a connection may rest in the pool before it is probed when
     * taken: far below any sensible read time-out of a server, far above the
     * gap between the calls of a busy caller.
     */
    private static final long PROBE_AFTER_IDLE_NANOS = 100_000_000;

    private final RemoteRuntime runtime;
    private final Technology technology;
    private final Endpoint endpoint;
    /* the pool of the next technology a reference to this endpoint lists, or null */
    private volatile ConnectionPool fallback;
    /* set once this technology turned out unavailable to the endpoint: calls go to fallback */
    private volatile boolean fellBack;
    private ClientCall[] idle = new ClientCall[4];
    private int idleCount;
    private int open;
    /* in the runtime's set of pools with connections, which the watchdog sweeps */
    private boolean listed;
    /* this JVM has connected to the endpoint (here or over the fallback): its DGC may be called */
    private volatile boolean reached;
    /* the endpoint answered with JRMP's refusal: a JRMP server, called over JRMP from then on */
    private volatile boolean jrmpOnly;

    ConnectionPool(RemoteRuntime runtime, Technology technology, Endpoint endpoint) {
        this.runtime = runtime;
        this.technology = technology;
        this.endpoint = endpoint;
    }

    RemoteRuntime runtime() {
        return runtime;
    }

    Endpoint endpoint() {
        return endpoint;
    }

    Technology technology() {
        return technology;
    }

    /**
     * @return the pool a new connection comes from now: this one, or its
     *         fallback's once this technology was unavailable or while it starts
     */
    ConnectionPool effective() {
        ConnectionPool p = this;
        while (p.fellBack || p.starting()) {
            p = p.fallback;
        }
        return p;
    }

    /* whether new connections go to the fallback while this technology starts */
    private boolean starting() {
        return fallback != null && technology != null && !technology.started();
    }

    /* The next technology's pool for the same object, if this one has none yet. */
    void offerFallback(ConnectionPool next) {
        if (fallback == null && next != this) {
            fallback = next;
        }
    }

    ClientCall acquire() throws RemoteException {
        if (fellBack) {
            return fallback.acquire();
        }
        while (true) {
            ClientCall c;
            synchronized (this) {
                if (idleCount == 0) {
                    break;
                }
                c = idle[--idleCount];
                idle[idleCount] = null;
            }
            // One idle for a while may have been closed by its server (its read
            // time-out) or by a peer that went away: look, without waiting,
            // before a call is sent into it. Back-to-back calls do not look.
            boolean stale = c.idleSinceSweep || System.nanoTime() - c.releasedAt > PROBE_AFTER_IDLE_NANOS;
            if (!stale || c.transport().probe()) {
                c.idleSinceSweep = false;
                return c;
            }
            discard(c);
        }
        ConnectionPool next = fallback;
        if (next != null && starting()) {
            // no call waits for a technology's start: this one goes over the next
            return acquireFrom(next);
        }
        try {
            ClientCall c = connect();
            if (!reached) {
                // The first connection: the DGC tells the exporter of the stubs
                // that name this endpoint now, over this connection, before the
                // call it was made for.
                release(c);
                markReached();
                return acquire();
            }
            return c;
        } catch (ConnectIOException e) {
            if (next == null || !(e.getCause() instanceof TechnologyUnavailableException unavailable)) {
                throw e;
            }
            fellBack = true;
            LOG.log(System.Logger.Level.DEBUG, () -> technology.describe(endpoint) + " unavailable ("
                    + unavailable.getMessage() + "); calls to " + endpoint + " go over "
                    + next.technology.describe(next.endpoint) + " from now on");
            return acquireFrom(next);
        }
    }

    /*
     * A connection of the next technology's pool for a call to this
     * endpoint; the first tells the DGC (over the same pool) as a first
     * connection of this pool's own would.
     */
    private ClientCall acquireFrom(ConnectionPool next) throws RemoteException {
        ClientCall c = next.acquire();
        if (!reached) {
            next.release(c);
            markReached();
            c = next.acquire();
        }
        return c;
    }

    /** {@return whether the endpoint turned out to speak JRMP only} */
    boolean jrmpOnly() {
        return jrmpOnly;
    }

    /** {@return whether this JVM has connected to the endpoint, itself or over its fallback} */
    boolean reached() {
        return reached || fellBack && fallback.reached();
    }

    private void markReached() {
        if (!reached) {
            reached = true;
            runtime.connectedTo(endpoint);
        }
    }

    void release(ClientCall c) {
        if (!c.transport().isOpen()) {
            discard(c);
            return;
        }
        c.releasedAt = System.nanoTime();
        synchronized (this) {
            if (idleCount == idle.length) {
                idle = Arrays.copyOf(idle, idleCount * 2);
            }
            idle[idleCount++] = c;
        }
    }

    synchronized void discard(ClientCall c) {
        open--;
    }

    private ClientCall connect() throws RemoteException {
        if (technology == null) {
            throw new ConnectIOException("no technology of this JVM reaches " + endpoint);
        }
        try {
            Marshalling m = Marshalling.create(runtime.settings().serialization());
            Handshake.Connected c = technology.connect(endpoint, new Handshake(m.serialization(), m.header()));
            if (c.peer().serialization() != m.serialization()) {
                c.transport().close();
                throw new ConnectIOException("the server at " + endpoint + " uses another serialization");
            }
            m.peerHeader(c.peer().streamHeader());
            m.attach(c.transport());
            synchronized (this) {
                open++;
                if (!listed) {
                    listed = runtime.listConnected(this, true);
                }
            }
            runtime.startWatchdog();
            return new ClientCall(this, c.transport(), m, runtime.settings().maxFrameBytes());
        } catch (JrmpPeerException e) {
            if (!jrmpOnly) {
                jrmpOnly = true;
                LOG.log(System.Logger.Level.DEBUG, () -> endpoint + " speaks JRMP only; its calls go over JRMP");
            }
            throw new ConnectIOException("JRMP endpoint: " + endpoint, e);
        } catch (java.net.ConnectException e) {
            throw new ConnectException("Connection refused to host: " + endpoint, e);
        } catch (UnknownHostException e) {
            throw new java.rmi.UnknownHostException("Unknown host: " + endpoint, e);
        } catch (IOException e) {
            throw new ConnectIOException("Exception creating connection to: " + endpoint, e);
        }
    }

    /** Closes connections idle since the last sweep; a pool left without any leaves the watchdog's set. */
    void sweep() {
        List<ClientCall> close = new ArrayList<>();
        synchronized (this) {
            int keep = 0;
            for (int i = 0; i < idleCount; i++) {
                ClientCall c = idle[i];
                if (c.idleSinceSweep) {
                    close.add(c);
                } else {
                    c.idleSinceSweep = true;
                    idle[keep++] = c;
                }
            }
            Arrays.fill(idle, keep, idleCount, null);
            idleCount = keep;
            open -= close.size();
            if (open == 0 && listed) {
                listed = runtime.listConnected(this, false);
            }
        }
        for (ClientCall c : close) {
            c.transport().close();
        }
    }

    /** {@return whether the pool has connections, in use or idle} */
    synchronized boolean hasConnections() {
        return open > 0;
    }

    /**
     * A connection of this pool failed: the peer probably died, and with it
     * the idle connections to every port of its host, which would otherwise
     * fail the next calls with an UnmarshalException instead of a
     * ConnectException.
     */
    void peerFailed() {
        runtime.closeIdleTo(technology, endpoint);
    }

    /** Closes every idle connection. */
    void closeIdle() {
        List<ClientCall> close = new ArrayList<>();
        synchronized (this) {
            for (int i = 0; i < idleCount; i++) {
                close.add(idle[i]);
                idle[i] = null;
            }
            open -= idleCount;
            idleCount = 0;
        }
        for (ClientCall c : close) {
            c.transport().close();
        }
    }
}
