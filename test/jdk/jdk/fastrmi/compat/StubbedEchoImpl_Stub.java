/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.rmi.server.RemoteRef;
import java.rmi.server.RemoteStub;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The stub class of StubbedEchoImpl as the JDK's rmic (-v1.2) generated
 * them: a RemoteStub whose methods call RemoteRef.invoke with the method,
 * the boxed arguments and the method's JRMP hash.
 */
@SuppressWarnings("deprecation")     // RemoteStub: what rmic's stubs extend
public final class StubbedEchoImpl_Stub extends RemoteStub implements Echo {

    private static final long serialVersionUID = 2L;

    private static final Method ADD = method("add", int.class, int.class);
    private static final Method NEGATE = method("negate", long.class);
    private static final Method ECHO = method("echo", Object.class);
    private static final Method FAIL = method("fail", String.class);
    private static final Method THREAD_ID = method("threadId");

    public StubbedEchoImpl_Stub(RemoteRef ref) {
        super(ref);
    }

    private static Method method(String name, Class<?>... parameters) {
        try {
            return Echo.class.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw new NoSuchMethodError("stub class initialization failed");
        }
    }

    /* JRMP's method hash (sun.rmi.server.Util.computeMethodHash), which a JRMP server checks. */
    private static long hash(Method m) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA");
            DataOutputStream out = new DataOutputStream(new DigestOutputStream(new ByteArrayOutputStream(), md));
            StringBuilder s = new StringBuilder(m.getName()).append('(');
            for (Class<?> p : m.getParameterTypes()) {
                s.append(p.descriptorString());
            }
            out.writeUTF(s.append(')').append(m.getReturnType().descriptorString()).toString());
            out.flush();
            byte[] d = md.digest();
            long h = 0;
            for (int i = 0; i < Math.min(8, d.length); i++) {
                h += ((long) (d[i] & 0xFF)) << (i * 8);
            }
            return h;
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new InternalError(e);
        }
    }

    private Object call(Method m, Object... args) throws RemoteException {
        try {
            return ref.invoke(this, m, args, hash(m));
        } catch (RuntimeException | RemoteException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    @Override
    public int add(int a, int b) throws RemoteException {
        return (Integer) call(ADD, a, b);
    }

    @Override
    public long negate(long a) throws RemoteException {
        return (Long) call(NEGATE, a);
    }

    @Override
    public Object echo(Object o) throws RemoteException {
        return call(ECHO, new Object[] {o});
    }

    @Override
    public void fail(String why) throws EchoException, RemoteException {
        try {
            ref.invoke(this, FAIL, new Object[] {why}, hash(FAIL));
        } catch (RuntimeException | RemoteException | EchoException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    @Override
    public long threadId() throws RemoteException {
        return (Long) call(THREAD_ID);
    }
}
