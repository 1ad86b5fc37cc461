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

import java.io.ObjectInputFilter;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RemoteRef;
import java.util.concurrent.CompletableFuture;
import java.util.function.ObjLongConsumer;

import jdk.fastrmi.spi.CallContext;

/**
 * The superclass of the stubs jdk.fastrmi generates at run time (hidden
 * classes that implement an object's remote interfaces). Applications see
 * stubs only through those interfaces; this class is public because the
 * generated code lives outside this module (see {@link FastRMI} for
 * where). It cannot be instantiated outside the runtime: its constructor
 * takes a {@link Ref}, which only the runtime makes.
 *
 * <p>A stub is equal to another stub for the same remote object. It is
 * serialized as a remote reference (object id, endpoints, interfaces) and
 * read back as a stub of the reading JVM, whose calls go straight to the
 * object when it lives in that JVM.
 *
 * <p>Where stock RMI would hand out a stub of another form, a dynamic proxy
 * with a {@link java.rmi.server.RemoteObjectInvocationHandler}
 * ({@code java.rmi.server.ignoreStubClasses=true}) or a pregenerated
 * {@code _Stub} class, applications get that form, over a
 * {@link RemoteRef} whose {@code invoke} calls the methods of a stub of
 * this class ({@link #invokeBoxed}).
 *
 * @since 25
 */
public abstract class FastStub implements Remote, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Ref ref;
    private final transient Local local;

    /**
     * For generated stubs.
     *
     * @param ref the reference
     * @param local the object's table entry if it lives in this JVM, or null
     * @throws NullPointerException if {@code ref} is null
     */
    protected FastStub(Ref ref, Local local) {
        if (ref == null) {
            throw new NullPointerException("ref");
        }
        this.ref = ref;
        this.local = local;
    }

    /* Whether the object lives in this JVM and is exported. */
    final boolean isLocal() {
        return localImpl() != null;
    }

    /* What FastRMI.technology reports for a remote stub. */
    final String technology() {
        return ref.technology();
    }

    /**
     * The implementation, if it lives in this JVM and is exported: a stub
     * then calls it directly.
     *
     * @return the object, or null for a remote call
     */
    protected final Object localImpl() {
        Local t = local;
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
        Local t = local;
        ref.beginCopy(t == null ? null : t.filter(), false);
    }

    /**
     * Starts copying the result of a local call, which the caller's side
     * reads with the JVM-wide filter, as from a remote call.
     */
    protected final void beginResultCopy() {
        ref.beginCopy(null, true);
    }

    /**
     * Copies an argument or result of a local call, unless it may be passed
     * as it is (primitives boxed by the caller, strings, boxes, enum
     * constants, remote objects, {@link Immutable} objects).
     *
     * @param value the value
     * @return the value or its copy
     * @throws RemoteException if it cannot be copied: as a remote call would
     *         fail in writing or in reading the value ({@code MarshalException},
     *         {@code UnmarshalException}, for arguments read by the callee's
     *         side within a {@code ServerException})
     */
    protected final Object copy(Object value) throws RemoteException {
        return ref.copy(value);
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
        // the runtime's copier passes the same values
        return value == null || value instanceof String || value instanceof Immutable
               || value instanceof Enum<?> || value instanceof FastStub
               || value instanceof Integer || value instanceof Long || value instanceof Short
               || value instanceof Byte || value instanceof Character || value instanceof Boolean
               || value instanceof Float || value instanceof Double;
    }

    /** Ends what {@link #beginCopy()} began. */
    protected final void endCopy() {
        ref.endCopy();
    }

    /**
     * Calls a remote method of this stub with boxed arguments, as
     * {@link RemoteRef#invoke(Remote, Method, Object[], long)} passes them:
     * the same code as a direct call of the method.
     *
     * @param number the method number
     * @param args the arguments, boxed; null or empty for none
     * @return the result, boxed; null for void
     * @throws Exception what the method throws
     */
    protected abstract Object invokeBoxed(int number, Object[] args) throws Exception;

    /** @return the reference's serialized form @throws java.io.ObjectStreamException never */
    @Serial
    protected final Object writeReplace() throws java.io.ObjectStreamException {
        return ref.serialForm();
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

    /**
     * The runtime's side of a stub: the reference to the remote object
     * (its id, its endpoints and the connections to them) that a stub's
     * calls go through. Only the runtime of jdk.fastrmi makes them; the
     * constructor refuses a subclass of any other module. This type lets
     * this package, the module's API, know nothing of the runtime behind
     * it.
     *
     * @since 25
     */
    public abstract static class Ref {

        /**
         * For the runtime.
         *
         * @throws IllegalCallerException if the subclass is not in jdk.fastrmi
         */
        protected Ref() {
            if (getClass().getModule() != Ref.class.getModule()) {
                throw new IllegalCallerException(getClass() + " is not in " + Ref.class.getModule());
            }
        }

        /**
         * Opens a remote call.
         *
         * @param method the method number
         * @return the context, the call's header written
         * @throws RemoteException if no connection can be made
         */
        protected abstract CallContext openSendCall(int method) throws RemoteException;

        /**
         * Starts a set of values of a local call copied together.
         *
         * @param filter the filter the copies are read through, or null for
         *        the JVM-wide one
         * @param result true for the result, false for the arguments
         */
        protected abstract void beginCopy(ObjectInputFilter filter, boolean result);

        /**
         * A value of a local call or its copy.
         *
         * @param value the value
         * @return what the other side sees
         * @throws RemoteException if it cannot be copied, as {@link FastStub#copy} says
         */
        protected abstract Object copy(Object value) throws RemoteException;

        /** Ends the set {@link #beginCopy} began. */
        protected abstract void endCopy();

        /** @return the serialized form of a stub with this reference */
        protected abstract Object serialForm();

        /**
         * Whether two references name the same remote object.
         *
         * @param other the other reference
         * @return true if so
         */
        protected abstract boolean sameObject(Ref other);

        /** @return what {@link FastRMI#technology} reports for a remote stub */
        protected abstract String technology();

        /**
         * A new stub of the same remote object whose calls wait at most
         * {@code millis} for a reply ({@link FastRMI#withResponseTimeout}).
         *
         * @param millis the bound, or 0 for the JVM's
         *        {@code sun.rmi.transport.tcp.responseTimeout}
         * @return the stub
         */
        protected abstract FastStub withResponseTimeout(long millis);

        /** @return the bound {@link #withResponseTimeout} set, 0 for none */
        protected abstract long responseTimeout();

        /**
         * The number of a remote method of the stub's interfaces.
         *
         * @param method a method of one of the interfaces
         * @return its number, or -1 if it is not one of them
         */
        protected abstract int methodNumber(Method method);

        /**
         * The serialized form of a {@link RemoteRef} over a stub with this
         * reference: read back, it resolves to such a {@code RemoteRef}
         * ({@link #remoteRef}) of the reading JVM.
         *
         * @return the form
         */
        protected abstract Object remoteRefForm();

        /**
         * A {@link RemoteRef} whose calls are the stub's: what a dynamic
         * proxy's {@code RemoteObjectInvocationHandler} or a pregenerated
         * stub class holds.
         *
         * @param stub the stub
         * @return the reference
         */
        protected static RemoteRef remoteRef(FastStub stub) {
            return new StubRef(stub);
        }

        /**
         * The stub behind a stub of another form: itself, or the one a
         * dynamic proxy or a pregenerated stub calls through its
         * {@link #remoteRef}.
         *
         * @param stub a stub of any form
         * @return the stub, or null if {@code stub} is not jdk.fastrmi's
         */
        protected static FastStub stubOf(Remote stub) {
            return StubRef.stubOf(stub);
        }

        /**
         * The {@link RemoteRef} of a stub of stock's forms: a
         * {@code RemoteStub}'s, or a dynamic proxy's
         * {@code RemoteObjectInvocationHandler}'s.
         *
         * @param stub a stub of any form
         * @return its reference, or null for another object
         */
        protected static RemoteRef remoteRefOf(Remote stub) {
            return StubRef.refOf(stub);
        }

        /**
         * The reference of a stub.
         *
         * @param stub the stub
         * @return its reference
         */
        protected static Ref of(FastStub stub) {
            return stub.ref;
        }

        /**
         * Whether the current thread runs the send phase of a call for
         * {@link FastRMI#callAsync} and no call was captured yet.
         *
         * @return true if so
         */
        protected static boolean capturing() {
            return AsyncCalls.capturing();
        }

        /**
         * Captures the sent call: {@code receive} completes the future of
         * {@link FastRMI#callAsync} in a thread of its own, given the time
         * left until the call's deadline in ms (0: none).
         *
         * @param receive the receive phase
         * @return the error to throw through the stub, out of the send phase
         */
        protected static Error captured(ObjLongConsumer<CompletableFuture<Object>> receive) {
            return AsyncCalls.captured(receive);
        }

        /**
         * Whether {@code t} is what {@link #captured} returned.
         *
         * @param t a throwable
         * @return true if so
         */
        protected static boolean isCaptured(Throwable t) {
            return t == AsyncCalls.CAPTURED;
        }
    }

    /**
     * The runtime's entry of an object exported in this JVM, which a stub
     * of it calls directly. Only the runtime of jdk.fastrmi makes them; the
     * constructor refuses a subclass of any other module.
     *
     * @since 25
     */
    public abstract static class Local {

        /**
         * For the runtime.
         *
         * @throws IllegalCallerException if the subclass is not in jdk.fastrmi
         */
        protected Local() {
            if (getClass().getModule() != Local.class.getModule()) {
                throw new IllegalCallerException(getClass() + " is not in " + Local.class.getModule());
            }
        }

        /** @return the object while exported, else null */
        protected abstract Object impl();

        /** @return the filter of the object's calls, or null for the JVM-wide one */
        protected abstract ObjectInputFilter filter();
    }
}
