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
import java.io.ObjectInputFilter;
import java.rmi.MarshalException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.Immutable;

/**
 * Call-by-copy for local calls (Haumacher, Philippsen, "Exploiting Object
 * Locality in JavaParty", section 2.2): values that cannot
 * change pass as they are; everything else is written with jdk.fastserial
 * and read back at once. The values copied between {@link #begin} and
 * {@link #end()} share one stream, so objects they share are shared by the
 * copies too, as in a remote call. Each thread has a stack of copiers, for
 * local calls made by the implementation of a local call.
 */
public final class LocalCopier {

    private static final ThreadLocal<LocalCopier[]> STACK = ThreadLocal.withInitial(() -> new LocalCopier[1]);
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    /* the output writes exported objects as their stubs; the input reads through the filter */
    private final Marshalling.Fast streams;

    /* whether the values copied now are a result (else arguments): it decides the exceptions */
    private boolean result;

    private LocalCopier() throws IOException {
        streams = Marshalling.Fast.loopback();
    }

    /**
     * Starts a set of values copied together.
     *
     * @param filter the filter the copies are read through, or null for
     *        the JVM-wide one
     * @param result true for a result, false for arguments
     */
    public static void begin(ObjectInputFilter filter, boolean result) {
        int[] depth = DEPTH.get();
        depth[0]++;
        LocalCopier c = current(depth[0], true);
        c.streams.filter = filter;
        c.result = result;
    }

    /** Ends the set {@link #begin} started. */
    public static void end() {
        int[] depth = DEPTH.get();
        if (depth[0] > 0) {
            LocalCopier c = current(depth[0], false);
            if (c != null) {
                try {
                    c.streams.forgetObjects();
                } catch (IOException e) {
                    STACK.get()[depth[0] - 1] = null;
                }
            }
            depth[0]--;
        }
    }

    /**
     * A value or its copy.
     *
     * @param value the value
     * @return what the callee sees
     * @throws RemoteException ({@code MarshalException}) if it cannot be copied
     */
    public static Object copy(Object value) throws RemoteException {
        if (passesAsIs(value)) {
            return value;
        }
        if (value instanceof Remote r) {
            Remote stub = RemoteRuntime.get().exportedApplicationStub(r);
            if (stub != null) {
                return stub;
            }
            Object jrmp = Marshalling.jrmpStub(r);
            if (jrmp != r) {
                return jrmp;
            }
        }
        int depth = Math.max(DEPTH.get()[0], 1);
        LocalCopier c = current(depth, true);
        boolean result = c.result;
        try {
            c.streams.writeCopy(value);
        } catch (IOException e) {
            drop(depth);
            throw new MarshalException(result ? "error marshalling return" : "error marshalling arguments", e);
        } catch (RuntimeException | Error e) {
            // thrown by a class's own writeObject: passed on, as stock RMI does
            drop(depth);
            throw e;
        }
        try {
            return c.streams.readCopy();
        } catch (IOException | ClassNotFoundException e) {
            // failing as a remote call would: the callee's side reads arguments
            drop(depth);
            if (result) {
                throw new UnmarshalException("error unmarshalling return", e);
            }
            throw new ServerException("RemoteException occurred in server thread",
                                      new UnmarshalException("error unmarshalling arguments", e));
        } catch (RuntimeException | Error e) {
            drop(depth);
            throw e;
        }
    }

    /* Forgets the copier of a depth, whose streams' state is unknown after a failure. */
    private static void drop(int depth) {
        STACK.get()[depth - 1] = null;
    }

    /**
     * Whether a value is passed without copying (the values
     * {@code FastStub.passes} lets generated stubs pass).
     *
     * @param v the value
     * @return true if it cannot change or is a stub
     */
    public static boolean passesAsIs(Object v) {
        return v == null || v instanceof String || v instanceof Immutable || v instanceof Enum<?>
               || v instanceof FastStub
               || v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte
               || v instanceof Character || v instanceof Boolean || v instanceof Float || v instanceof Double
               || isStockFormStub(v);
    }

    /* A stub in stock's forms (dynamic proxy, pregenerated class), which cannot change either. */
    @SuppressWarnings("deprecation")     // RemoteStub: pregenerated stubs are stubs too
    private static boolean isStockFormStub(Object v) {
        return v instanceof java.rmi.server.RemoteStub
               || v instanceof java.lang.reflect.Proxy && java.lang.reflect.Proxy.isProxyClass(v.getClass())
                  && java.lang.reflect.Proxy.getInvocationHandler(v)
                     instanceof java.rmi.server.RemoteObjectInvocationHandler;
    }

    private static LocalCopier current(int depth, boolean create) {
        LocalCopier[] stack = STACK.get();
        if (stack.length < depth) {
            stack = java.util.Arrays.copyOf(stack, depth * 2);
            STACK.set(stack);
        }
        LocalCopier c = stack[depth - 1];
        if (c == null && create) {
            try {
                c = stack[depth - 1] = new LocalCopier();
            } catch (IOException e) {
                throw new InternalError(e);
            }
        }
        return c;
    }
}
