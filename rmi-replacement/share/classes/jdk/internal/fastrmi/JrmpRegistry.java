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

import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * A registry of jdk.fastrmi as JRMP clients see it: a stock registry
 * (so stock's skeleton, stub class, filter and access checks: names read
 * as strings, bind, rebind and unbind refused from other hosts before
 * anything is read) exported on the registry's port through the JRMP side
 * of that port, whose operations are those of the jdk.fastrmi registry
 * there: one set of bindings for both protocols.
 */
@SuppressWarnings("serial")     // exported, never serialized (its stub is)
final class JrmpRegistry extends sun.rmi.registry.RegistryImpl {

    private final transient Registry registry;

    JrmpRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory handOff, Registry registry)
            throws RemoteException {
        this.registry = registry;       // before the export, which makes it callable
        super(port, csf, handOff);
    }

    @Override
    public Remote lookup(String name) throws RemoteException, NotBoundException {
        return registry.lookup(name);
    }

    @Override
    public void bind(String name, Remote obj) throws RemoteException, AlreadyBoundException, AccessException {
        // the skeleton checked already; a call by method hash (a dynamic-proxy stub) comes here unchecked
        checkAccess("Registry.bind");
        registry.bind(name, obj);
    }

    @Override
    public void unbind(String name) throws RemoteException, NotBoundException, AccessException {
        checkAccess("Registry.unbind");
        registry.unbind(name);
    }

    @Override
    public void rebind(String name, Remote obj) throws RemoteException, AccessException {
        checkAccess("Registry.rebind");
        registry.rebind(name, obj);
    }

    @Override
    public String[] list() throws RemoteException {
        return registry.list();
    }
}
