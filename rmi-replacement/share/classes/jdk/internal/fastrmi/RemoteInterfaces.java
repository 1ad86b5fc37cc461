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

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The remote methods of a set of remote interfaces, numbered the same way
 * on every JVM that has the same interfaces: sorted by name and descriptor.
 * A call carries the number (for the skeleton's switch) and a hash of the
 * method's name and descriptor, which the server checks, so peers whose
 * interfaces differ fail with a clear error instead of calling the wrong
 * method.
 */
public final class RemoteInterfaces {

    private final Class<?>[] interfaces;
    private final Method[] methods;
    private final long[] hashes;
    private volatile long[] jrmpHashes;
    /* method (of any of the interfaces that declare it) -> number, for RemoteRef.invoke; made on first use */
    private volatile Map<Method, Integer> numbers;

    private RemoteInterfaces(Class<?>[] interfaces, Method[] methods) {
        this.interfaces = interfaces;
        this.methods = methods;
        this.hashes = new long[methods.length];
        for (int i = 0; i < methods.length; i++) {
            hashes[i] = hash(methods[i]);
        }
    }

    /**
     * The remote interfaces {@code implClass} implements, with its
     * superclasses, in declaration order: the interfaces that extend
     * {@code Remote}, as stock RMI's stubs implement them.
     *
     * @param implClass the class of an object being exported
     * @return the interfaces
     * @throws IllegalArgumentException if there is none, or a method does
     *         not declare {@code RemoteException}
     */
    public static RemoteInterfaces ofImplementation(Class<?> implClass) {
        Set<Class<?>> found = new LinkedHashSet<>();
        for (Class<?> c = implClass; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (Remote.class.isAssignableFrom(i) && i != Remote.class) {
                    found.add(i);
                }
            }
        }
        if (found.isEmpty()) {
            if (!Remote.class.isAssignableFrom(implClass)) {
                throw new IllegalArgumentException(implClass.getName() + " implements no remote interface");
            }
            // stock RMI exports an object that is only Remote: a stub without methods
            found.add(Remote.class);
        }
        return of(found.toArray(new Class<?>[0]));
    }

    /**
     * The methods of the given remote interfaces.
     *
     * @param interfaces the interfaces
     * @return the methods
     * @throws IllegalArgumentException if one is not a remote interface or
     *         a method does not declare {@code RemoteException}
     */
    public static RemoteInterfaces of(Class<?>[] interfaces) {
        Map<String, Method> bySignature = new LinkedHashMap<>();
        for (Class<?> i : interfaces) {
            if (!i.isInterface() || !Remote.class.isAssignableFrom(i)) {
                throw new IllegalArgumentException(i.getName() + " is not a remote interface");
            }
            for (Method m : i.getMethods()) {
                if (Modifier.isStatic(m.getModifiers())) {
                    continue;
                }
                if (!declaresRemoteException(m)) {
                    throw new IllegalArgumentException("remote method " + m
                        + " does not declare java.rmi.RemoteException");
                }
                // the same method from two interfaces is one remote method
                bySignature.putIfAbsent(m.getName() + descriptor(m), m);
            }
        }
        List<Map.Entry<String, Method>> sorted = new ArrayList<>(bySignature.entrySet());
        sorted.sort(Map.Entry.comparingByKey(Comparator.naturalOrder()));
        Method[] methods = new Method[sorted.size()];
        for (int i = 0; i < methods.length; i++) {
            methods[i] = sorted.get(i).getValue();
        }
        return new RemoteInterfaces(interfaces.clone(), methods);
    }

    private static boolean declaresRemoteException(Method m) {
        for (Class<?> e : m.getExceptionTypes()) {
            if (e.isAssignableFrom(RemoteException.class)) {
                return true;
            }
        }
        return false;
    }

    /** @return the interfaces, in the exporter's order */
    public Class<?>[] interfaces() {
        return interfaces.clone();
    }

    Class<?>[] interfacesShared() {
        return interfaces;
    }

    /** @return the loader that resolves classes of this interface set's calls */
    ClassLoader loader() {
        return interfaces[0].getClassLoader();
    }

    /** @return the number of methods */
    public int size() {
        return methods.length;
    }

    /** @param number a method number @return the method */
    public Method method(int number) {
        return methods[number];
    }

    /**
     * The number of a method, as a dynamic proxy or a pregenerated stub
     * names it: declared by any of the interfaces or their superinterfaces.
     *
     * @param m the method
     * @return its number, or -1 if it is not a remote method of these interfaces
     */
    public int number(Method m) {
        Map<Method, Integer> map = numbers;
        if (map == null) {
            Map<String, Integer> bySignature = new HashMap<>();
            for (int i = 0; i < methods.length; i++) {
                bySignature.put(methods[i].getName() + descriptor(methods[i]), i);
            }
            map = new HashMap<>();
            for (Class<?> i : interfaces) {
                for (Method im : i.getMethods()) {
                    Integer n = bySignature.get(im.getName() + descriptor(im));
                    if (n != null) {
                        map.put(im, n);
                    }
                }
            }
            numbers = map;
        }
        Integer n = map.get(m);
        if (n == null && isInherited(m)) {
            // a method of a superinterface that one of the interfaces redeclares
            // (rmic's stubs name Closeable.close for RMIConnection.close)
            String signature = m.getName() + descriptor(m);
            for (int i = 0; i < methods.length; i++) {
                if (signature.equals(methods[i].getName() + descriptor(methods[i]))) {
                    return i;
                }
            }
        }
        return n == null ? -1 : n;
    }

    /* Whether m is declared by a superinterface of one of the interfaces. */
    private boolean isInherited(Method m) {
        for (Class<?> i : interfaces) {
            if (m.getDeclaringClass().isAssignableFrom(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The hash JRMP names the method by (stock's {@code Util.computeMethodHash}),
     * for calls to a JRMP endpoint.
     *
     * @param number a method number
     * @return its JRMP hash
     */
    public long jrmpHash(int number) {
        long[] h = jrmpHashes;
        if (h == null) {
            h = new long[methods.length];
            for (int i = 0; i < h.length; i++) {
                h[i] = sun.rmi.server.Util.computeMethodHash(methods[i]);
            }
            jrmpHashes = h;
        }
        return h[number];
    }

    /** @param number a method number @return its hash */
    public long hash(int number) {
        return hashes[number];
    }

    /**
     * Whether {@code t}, thrown by the server, may be thrown by the method
     * as it is: unchecked, or declared.
     *
     * @param number the method number
     * @param t the exception
     * @return true if no wrapping in {@code UnexpectedException} is needed
     */
    public boolean mayThrow(int number, Throwable t) {
        if (t instanceof RuntimeException || t instanceof Error) {
            return true;
        }
        for (Class<?> e : methods[number].getExceptionTypes()) {
            if (e.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The JVM descriptor of a method, such as {@code (I[Ljava/lang/String;)V}.
     *
     * @param m the method
     * @return the descriptor
     */
    public static String descriptor(Method m) {
        StringBuilder sb = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            sb.append(p.descriptorString());
        }
        return sb.append(')').append(m.getReturnType().descriptorString()).toString();
    }

    private static long hash(Method m) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                .digest((m.getName() + descriptor(m)).getBytes(StandardCharsets.UTF_8));
            long h = 0;
            for (int i = 0; i < 8; i++) {
                h = (h << 8) | (d[i] & 0xFF);
            }
            return h;
        } catch (NoSuchAlgorithmException e) {
            throw new InternalError(e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemoteInterfaces r && Arrays.equals(interfaces, r.interfaces);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(interfaces);
    }
}
