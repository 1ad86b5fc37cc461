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
import java.lang.reflect.Method;
import java.rmi.ConnectIOException;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RemoteRef;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.ObjLongConsumer;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.CallContext;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.JrmpPeerException;
import sun.rmi.transport.LiveRef;
import sun.rmi.transport.tcp.TCPEndpoint;

/**
 * The client layer of a stub (Philippsen, Haumacher, Nester, "More
 * Efficient Serialization and RMI for Java", section 4.2): the object id, the
 * endpoints and the pool of connections of the technology chosen for them,
 * resolved once and kept.
 */
public final class ClientRef extends FastStub.Ref {

    private final RemoteReference reference;
    private final RemoteInterfaces interfaces;
    private final ConnectionPool pool;
    /* the stub's own bound on replies (FastRMI.withResponseTimeout), 0: the transport's */
    private final long responseTimeoutMillis;
    /* the JRMP reference, made at the first call over JRMP */
    private volatile LiveRef jrmpRef;

    ClientRef(RemoteReference reference, RemoteInterfaces interfaces, ConnectionPool pool,
              long responseTimeoutMillis) {
        this.reference = reference;
        this.interfaces = interfaces;
        this.pool = pool;
        this.responseTimeoutMillis = responseTimeoutMillis;
    }

    static ClientRef forStub(FastStub stub) {
        return (ClientRef) of(stub);
    }

    /* The RemoteRef of stock's stub forms (a proxy's handler, a _Stub class) over a stub. */
    static RemoteRef remoteRefOf(FastStub stub) {
        return remoteRef(stub);
    }

    /* The RemoteRef of a stub of stock's forms (a RemoteStub, a proxy), or null: a JRMP one, say. */
    static RemoteRef stockRefOf(java.rmi.Remote stub) {
        return remoteRefOf(stub);
    }

    /* The stub behind a stub of any form, or null if it is not jdk.fastrmi's. */
    static FastStub stubBehind(java.rmi.Remote stub) {
        return stubOf(stub);
    }

    /**
     * Opens a call: a connection context from the pool, the header written.
     *
     * @param method the method number
     * @return the context
     * @throws RemoteException if no connection can be made
     */
    @Override
    public CallContext openSendCall(int method) throws RemoteException {
        if (pool.jrmpOnly()) {
            return JrmpCall.open(this, method);
        }
        ClientCall c;
        try {
            c = pool.acquire();
        } catch (ConnectIOException e) {
            if (e.getCause() instanceof JrmpPeerException && pool.jrmpOnly()) {
                return JrmpCall.open(this, method);
            }
            throw e;
        }
        c.begin(this, method);
        return c;
    }

    /* The JRMP reference to the same object, for calls to an endpoint that speaks JRMP only. */
    LiveRef jrmpRef() throws RemoteException {
        LiveRef r = jrmpRef;
        if (r == null) {
            RMIClientSocketFactory csf = pool.technology() instanceof SocketFactories.Through t
                                         ? t.clientSocketFactory() : null;
            TCPEndpoint e = JrmpServer.jrmpEndpoint(pool.technology(), pool.endpoint(), csf);
            if (e == null) {
                throw new ConnectIOException("no JRMP address for " + pool.endpoint());
            }
            jrmpRef = r = new LiveRef(JrmpServer.objId(reference.objectId()), e, false);
        }
        return r;
    }

    @Override
    protected void beginCopy(ObjectInputFilter filter, boolean result) {
        LocalCopier.begin(filter, result);
    }

    @Override
    protected Object copy(Object value) throws RemoteException {
        return LocalCopier.copy(value);
    }

    @Override
    protected void endCopy() {
        LocalCopier.end();
    }

    /** The technology the calls of a stub go over, as {@code FastRMI.technology} reports it. */
    @Override
    protected String technology() {
        if (pool.jrmpOnly()) {
            return "jrmp";
        }
        ConnectionPool p = pool.effective();
        Technology t = p.technology();
        return t == null ? "none" : t.describe(p.endpoint());
    }

    @Override
    protected FastStub withResponseTimeout(long millis) {
        return pool.runtime().stubFor(reference, millis);
    }

    @Override
    protected long responseTimeout() {
        return responseTimeoutMillis;
    }

    @Override
    protected Object serialForm() {
        return reference;
    }

    @Override
    protected int methodNumber(Method method) {
        return interfaces.number(method);
    }

    @Override
    protected Object remoteRefForm() {
        return new RefForm(reference);
    }

    /** @return the serialized form */
    public RemoteReference reference() {
        return reference;
    }

    long objectId() {
        return reference.objectId();
    }

    RemoteInterfaces interfaces() {
        return interfaces;
    }

    ConnectionPool pool() {
        return pool;
    }

    /**
     * Whether two references name the same remote object.
     *
     * @param other the other reference
     * @return true if so
     */
    @Override
    public boolean sameObject(FastStub.Ref other) {
        if (!(other instanceof ClientRef o)) {
            return false;
        }
        RemoteReference a = reference, b = o.reference;
        return a.objectId() == b.objectId() && a.exporter() == b.exporter()
               && (a.exporter() != 0 || Arrays.equals(a.endpoints(), b.endpoints())
                                         && Objects.equals(a.clientSocketFactory(), b.clientSocketFactory()));
    }

    /* FastRMI.callAsync, for ClientCall: whether this thread's call is to be captured after its send phase. */
    static boolean sendingAsync() {
        return capturing();
    }

    /* Captures the sent call; returns what the stub is to throw. */
    static Error captureAsync(ObjLongConsumer<CompletableFuture<Object>> receive) {
        return captured(receive);
    }

    /* Whether t is what captureAsync returned. */
    static boolean wasCaptured(Throwable t) {
        return isCaptured(t);
    }

    @Override
    public int hashCode() {
        return reference.hashCode();
    }

    @Override
    public String toString() {
        RMIClientSocketFactory csf = reference.clientSocketFactory();
        // the exporter's endpoint and the factory, as stock's stubs show theirs
        Endpoint e = csf == null ? pool.endpoint() : reference.endpoints()[0];
        return e + (csf == null ? "" : " through " + csf) + ", objID " + reference.objectId();
    }
}
