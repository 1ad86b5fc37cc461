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

package jdk.fastrmi;

import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

import jdk.fastrmi.spi.CallContext;
import jdk.internal.fastrmi.ClientRef;
import jdk.internal.fastrmi.LocalCopier;
import jdk.internal.fastrmi.Target;

/**
 * The superclass of the stubs jdk.fastrmi generates at run time (hidden
 * classes that implement an object's remote interfaces). Applications see
 * stubs only through those interfaces; this class is public because the
 * generated code lives in the interfaces' package. It cannot be
 * instantiated or subclassed outside the runtime.
 *
 * <p>A stub is equal to another stub for the same remote object. It is
 * serialized as a remote reference (object id, endpoints, interfaces) and
 * read back as a stub of the reading JVM, whose calls go straight to the
 * object when it lives in that JVM.
 *
 * @since 25
 */
public abstract class FastStub implements Remote, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient ClientRef ref;
    private final transient Target local;

    /**
     * For generated stubs; the parameters have internal types of the
     * runtime.
     *
     * @param ref the reference
     * @param local the object's table entry if it lives in this JVM, or null
     * @throws NullPointerException if {@code ref} is null
     * @throws ClassCastException if the parameters are not the runtime's
     */
    protected FastStub(Object ref, Object local) {
        if (ref == null) {
            throw new NullPointerException("ref");
        }
        this.ref = (ClientRef) ref;
        this.local = (Target) local;
    }

    /* Whether the object lives in this JVM and is exported. */
    final boolean isLocal() {
        return localImpl() != null;
    }

    /**
     * The implementation, if it lives in this JVM and is exported: a stub
     * then calls it directly.
     *
     * @return the object, or null for a remote call
     */
    protected final Object localImpl() {
        Target t = local;
        return t == null ? null : t.impl();
    }

    /**
     * Opens a remote call: a connection context with the call's header
     * written.
     *
     * @param method the method number
     * @return the context
     * @throws RemoteException if no connection can be made
     */
    protected final CallContext openSendCall(int method) throws RemoteException {
        return ref.openSendCall(method);
    }

    /**
     * Starts copying the arguments of a local call: arguments copied until
     * {@link #endCopy()} share one copy of objects they share.
     */
    protected final void beginCopy() {
        // the arguments reach the object through its export's filter, as in a remote call
        Target t = local;
        LocalCopier.begin(t == null ? null : t.filter());
    }

    /**
     * Starts copying the result of a local call, which the caller's side
     * reads with the JVM-wide filter, as from a remote call.
     */
    protected final void beginResultCopy() {
        LocalCopier.begin(null);
    }

    /**
     * Copies an argument or result of a local call, unless it may be passed
     * as it is (primitives boxed by the caller, strings, boxes, enum
     * constants, remote objects, {@link Immutable} objects).
     *
     * @param value the value
     * @return the value or its copy
     * @throws RemoteException ({@code MarshalException}) if it cannot be copied
     */
    protected final Object copy(Object value) throws RemoteException {
        return LocalCopier.copy(value);
    }

    /**
     * Whether a local call passes {@code value} as it is, so that a call
     * whose values all pass needs no copying state at all.
     *
     * @param value the value
     * @return true for null, strings, boxes, enum constants, stubs and
     *         {@link Immutable} objects
     */
    protected static boolean passes(Object value) {
        return LocalCopier.passesAsIs(value);
    }

    /** Ends what {@link #beginCopy()} began. */
    protected final void endCopy() {
        LocalCopier.end();
    }

    /** @return the reference's serialized form @throws java.io.ObjectStreamException never */
    @Serial
    protected final Object writeReplace() throws java.io.ObjectStreamException {
        return ref.reference();
    }

    static {
        ClientRef.setStubAccess(s -> s.ref);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof FastStub s && ref.sameObject(s.ref);
    }

    @Override
    public int hashCode() {
        return ref.hashCode();
    }

    @Override
    public String toString() {
        return "FastStub[" + ref + "]";
    }
}
