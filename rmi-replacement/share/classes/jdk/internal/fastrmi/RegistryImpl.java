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
import java.lang.reflect.Proxy;
import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.util.HashMap;
import java.util.Map;

import jdk.fastrmi.spi.Endpoint;

/**
 * A registry with the stock semantics: names to remote objects; bind,
 * rebind and unbind only from this host (AccessException otherwise,
 * decided before any argument is read, as stock's skeleton does), and a
 * deserialization filter that admits remote references and little else,
 * like sun.rmi.registry.RegistryImpl's (the property
 * {@code sun.rmi.registry.registryFilter} is honoured too).
 */
public final class RegistryImpl implements Registry, CallGuard {

    private static final int MAX_ARRAY = 1_000_000;
    private static final int MAX_DEPTH = 20;
    private static final ObjectInputFilter USER_FILTER = userFilter();

    /** What a registry call may carry. */
    static final ObjectInputFilter FILTER = RegistryImpl::check;

    private final Map<String, Remote> bindings = new HashMap<>();

    private static ObjectInputFilter userFilter() {
        String pattern = System.getProperty("sun.rmi.registry.registryFilter");
        if (pattern == null) {
            pattern = java.security.Security.getProperty("sun.rmi.registry.registryFilter");
        }
        return pattern == null || pattern.isBlank() ? null : ObjectInputFilter.Config.createFilter(pattern);
    }

    private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        if (USER_FILTER != null) {
            ObjectInputFilter.Status s = USER_FILTER.checkInput(info);
            if (s != ObjectInputFilter.Status.UNDECIDED) {
                return s;
            }
        }
        if (info.depth() > MAX_DEPTH) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        if (c.isArray()) {
            if (info.arrayLength() >= 0 && info.arrayLength() > MAX_ARRAY) {
                return ObjectInputFilter.Status.REJECTED;
            }
            do {
                c = c.getComponentType();
            } while (c.isArray());
        }
        if (c.isPrimitive()) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        if (c == String.class || Number.class.isAssignableFrom(c) || Remote.class.isAssignableFrom(c)
                || Proxy.class.isAssignableFrom(c) || c == RemoteReference.class || c == Endpoint.class
                // the reference of a stub of stock's forms, and what it resolves to
                || c == RefForm.class
                || java.rmi.server.RemoteRef.class.isAssignableFrom(c) && c.getModule() == RegistryImpl.class.getModule()
                || c == Class.class || c == Object.class
                // what stock's registry admits for JRMP stubs bound in it
                || sun.rmi.server.UnicastRef.class.isAssignableFrom(c)
                || java.rmi.server.RMIClientSocketFactory.class.isAssignableFrom(c)
                || java.rmi.server.RMIServerSocketFactory.class.isAssignableFrom(c)
                || c == java.rmi.server.UID.class) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        return ObjectInputFilter.Status.REJECTED;
    }

    /*
     * The filter of a registry of the JDK's (the management agent's, a
     * RegistryImpl made directly) on jdk.fastrmi: its own filter, which
     * admits JRMP's reference classes, admitting jdk.fastrmi's too.
     */
    static ObjectInputFilter withReferences(ObjectInputFilter filter) {
        return info -> {
            Class<?> c = info.serialClass();
            while (c != null && c.isArray() && info.arrayLength() <= MAX_ARRAY) {
                c = c.getComponentType();       // the interfaces of a reference: Class[]
            }
            if (c != null && info.depth() <= MAX_DEPTH
                    && (c == RemoteReference.class || c == Endpoint.class || c == RefForm.class || c == Class.class
                        || java.rmi.server.RemoteRef.class.isAssignableFrom(c)
                           && c.getModule() == RegistryImpl.class.getModule())) {
                return ObjectInputFilter.Status.ALLOWED;
            }
            return filter == null ? ObjectInputFilter.Status.UNDECIDED : filter.checkInput(info);
        };
    }

    /* A remote call of bind, rebind or unbind from another host is refused unread. */
    @Override
    public void admit(Method method) throws RemoteException {
        GUARD.admit(method);
    }

    /** The guard of every registry: bind, rebind or unbind from another host refused unread. */
    static final CallGuard GUARD = method -> {
        switch (method.getName()) {
            case "bind", "rebind", "unbind" -> checkLocal(method.getName());
            default -> { }
        }
    };

    /* Also in the methods: a local call, which takes the shortcut, is checked there (it passes). */
    private static void checkLocal(String op) throws AccessException {
        if (!RemoteRuntime.callerIsLocal()) {
            throw new AccessException("Registry." + op + " disallowed; origin " + RemoteRuntime.clientHost()
                                      + " is non-local host");
        }
    }

    @Override
    public Remote lookup(String name) throws NotBoundException {
        synchronized (bindings) {
            Remote r = bindings.get(name);
            if (r == null) {
                throw new NotBoundException(name);
            }
            return r;
        }
    }

    @Override
    public void bind(String name, Remote obj) throws AlreadyBoundException, AccessException {
        checkLocal("bind");
        synchronized (bindings) {
            if (bindings.containsKey(name)) {
                throw new AlreadyBoundException(name);
            }
            bindings.put(name, obj);
        }
    }

    @Override
    public void unbind(String name) throws NotBoundException, AccessException {
        checkLocal("unbind");
        synchronized (bindings) {
            if (bindings.remove(name) == null) {
                throw new NotBoundException(name);
            }
        }
    }

    @Override
    public void rebind(String name, Remote obj) throws AccessException {
        checkLocal("rebind");
        synchronized (bindings) {
            bindings.put(name, obj);
        }
    }

    @Override
    public String[] list() {
        synchronized (bindings) {
            return bindings.keySet().toArray(new String[0]);
        }
    }

    /**
     * Creates and exports a registry.
     *
     * @param port the port
     * @return its stub
     * @throws RemoteException if the port is taken
     */
    public static Registry create(int port) throws RemoteException {
        return (Registry) RemoteRuntime.get().exportRegistry(new RegistryImpl(), port, FILTER);
    }
}
