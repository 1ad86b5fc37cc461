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
import java.rmi.AccessException;

import jdk.fastrmi.spi.Endpoint;

/**
 * What jdk.fastrmi adds to a registry of the JDK's own
 * ({@code sun.rmi.registry.RegistryImpl}, which {@code
 * LocateRegistry.createRegistry}, {@code rmiregistry} and the management
 * agent make, and which runs on this provider as any other export): bind,
 * rebind and unbind from another host refused before any argument is read,
 * and the registry's filter admitting this provider's reference classes
 * beside JRMP's.
 */
final class RegistryPolicy {

    private static final int MAX_ARRAY = 1_000_000;
    private static final int MAX_DEPTH = 20;

    private RegistryPolicy() { }

    /*
     * The registry's own filter (stock's registryFilter: remote references
     * of JRMP's forms and little else), admitting jdk.fastrmi's references
     * too.
     */
    static ObjectInputFilter withReferences(ObjectInputFilter filter) {
        return info -> {
            Class<?> c = info.serialClass();
            while (c != null && c.isArray() && info.arrayLength() <= MAX_ARRAY) {
                c = c.getComponentType();       // the interfaces of a reference: Class[]
            }
            if (c != null && info.depth() <= MAX_DEPTH
                    && (c == RemoteReference.class || c == Endpoint.class || c == RefForm.class || c == Class.class
                        // the client socket factory a reference carries, as stock's registryFilter admits it
                        || java.rmi.server.RMIClientSocketFactory.class.isAssignableFrom(c)
                        || java.rmi.server.RemoteRef.class.isAssignableFrom(c)
                           && c.getModule() == RegistryPolicy.class.getModule())) {
                return ObjectInputFilter.Status.ALLOWED;
            }
            return filter == null ? ObjectInputFilter.Status.UNDECIDED : filter.checkInput(info);
        };
    }

    /**
     * Refuses a remote bind, rebind or unbind from another host before any
     * argument is read, as stock's registry skeleton does, so that a peer
     * that may not call them cannot have a single object of its choice
     * deserialized. The registry's own methods check again, which a local
     * call passes. A refused call ends its connection (the arguments stay
     * unread) and the client gets the exception in a ServerException, as
     * stock's dispatch wraps its skeleton's.
     *
     * @param method the remote method called
     * @throws AccessException the refusal
     */
    static void admit(Method method) throws AccessException {
        switch (method.getName()) {
            case "bind", "rebind", "unbind" -> {
                if (!RemoteRuntime.callerIsLocal()) {
                    throw new AccessException("Registry." + method.getName() + " disallowed; origin "
                                              + RemoteRuntime.clientHost() + " is non-local host");
                }
            }
            default -> { }
        }
    }
}
