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

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.RemoteRef;

/**
 * The {@link RemoteRef} of a dynamic proxy's
 * {@link RemoteObjectInvocationHandler} or of a pregenerated stub class
 * ({@code RemoteStub}), the forms stock RMI hands out: its calls are the
 * calls of a generated stub ({@link FastStub#invokeBoxed}), local shortcut
 * and marshalling included. Serialized as the stub's reference, it is
 * read back as a reference of the reading JVM.
 */
@SuppressWarnings("serial")     // never read as itself (writeReplace), so no public constructor
final class StubRef implements RemoteRef {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient FastStub stub;

    StubRef(FastStub stub) {
        if (stub == null) {
            throw new NullPointerException("stub");
        }
        this.stub = stub;
    }

    /* The stub behind a stub of any form, or null if it is not jdk.fastrmi's. */
    static FastStub stubOf(Remote remote) {
        if (remote instanceof FastStub s) {
            return s;
        }
        return refOf(remote) instanceof StubRef r ? r.stub : null;
    }

    /* The RemoteRef of a stub of stock's forms (a RemoteStub, a proxy over a RemoteObjectInvocationHandler), or null. */
    static RemoteRef refOf(Remote remote) {
        if (remote instanceof RemoteObject o) {
            return o.getRef();
        }
        if (remote instanceof Proxy && Proxy.isProxyClass(remote.getClass())
                && Proxy.getInvocationHandler(remote) instanceof RemoteObjectInvocationHandler h) {
            return h.getRef();
        }
        return null;
    }

    @Override
    public Object invoke(Remote obj, Method method, Object[] params, long opnum) throws Exception {
        int number = FastStub.Ref.of(stub).methodNumber(method);
        if (number < 0) {
            // what stock's server answers for a method the object does not have
            throw new UnmarshalException("unrecognized method hash: method not supported by remote object");
        }
        return stub.invokeBoxed(number, params);
    }

    /* The JDK 1.1 call protocol of rmic's -v1.1 stubs: a call goes through invoke(Remote, Method, ...) only. */
    @Override
    @Deprecated
    public java.rmi.server.RemoteCall newCall(RemoteObject obj, java.rmi.server.Operation[] op, int opnum,
                                              long hash) throws RemoteException {
        throw new UnsupportedOperationException("jdk.fastrmi references do not support the JDK 1.1 stub protocol");
    }

    @Override
    @Deprecated
    public void invoke(java.rmi.server.RemoteCall call) throws Exception {
        throw new UnsupportedOperationException("jdk.fastrmi references do not support the JDK 1.1 stub protocol");
    }

    @Override
    @Deprecated
    public void done(java.rmi.server.RemoteCall call) throws RemoteException {
        throw new UnsupportedOperationException("jdk.fastrmi references do not support the JDK 1.1 stub protocol");
    }

    /* No class of sun.rmi.server: RemoteObject.writeObject then writes this object, which writeReplace replaces. */
    @Override
    public String getRefClass(ObjectOutput out) {
        return null;
    }

    @Override
    public int remoteHashCode() {
        return stub.hashCode();
    }

    @Override
    public boolean remoteEquals(RemoteRef obj) {
        return obj instanceof StubRef r && stub.equals(r.stub);
    }

    @Override
    public String remoteToString() {
        return "StubRef[" + FastStub.Ref.of(stub) + "]";
    }

    /** @return the reference's serialized form */
    @Serial
    private Object writeReplace() throws ObjectStreamException {
        return FastStub.Ref.of(stub).remoteRefForm();
    }

    /** Never called: the reference is written as its {@link #writeReplace} form. */
    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        throw new NotSerializableException(StubRef.class.getName());
    }

    /** Never called: the reference is read as its {@link #writeReplace} form. */
    @Override
    public void readExternal(ObjectInput in) throws IOException {
        throw new NotSerializableException(StubRef.class.getName());
    }
}
