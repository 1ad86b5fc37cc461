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
import java.lang.System.Logger.Level;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

import jdk.fastrmi.FastRMI;
import jdk.fastrmi.FastStub;
import sun.rmi.server.RemoteProvider;

/**
 * jdk.fastrmi behind the stock entry points, selected by
 * {@code -Djava.rmi.provider=fastrmi}. Exports and registries with custom
 * socket factories run jdk.fastrmi's tcp protocol over the factories'
 * sockets (SSL and the like), and JRMP's on the same port for JRMP
 * clients; only if no technology of this JVM runs over socket factories
 * (tcp is not among {@code jdk.fastrmi.technologies}) do they stay on
 * JRMP, said once per export.
 */
public final class FastRemoteProvider extends RemoteProvider {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /*
     * An export with socket factories where no technology of this JVM runs
     * over them stays on JRMP, whose transport uses them: said once per
     * export, as an application that set -Djava.rmi.provider=fastrmi
     * expects its exports on jdk.fastrmi.
     */
    private static void stayOnJrmp(String what, RMIClientSocketFactory csf, RMIServerSocketFactory ssf) {
        LOG.log(Level.INFO, () -> "jdk.fastrmi: " + what + " stays on JRMP: its export has socket factories ("
                                  + factories(csf, ssf) + ") and no technology of this JVM runs over them");
    }

    private static String factories(RMIClientSocketFactory csf, RMIServerSocketFactory ssf) {
        return (csf == null ? "" : "client " + csf.getClass().getName())
               + (csf != null && ssf != null ? ", " : "")
               + (ssf == null ? "" : "server " + ssf.getClass().getName());
    }

    /** Called by the service loader. */
    public FastRemoteProvider() { }

    @Override
    public String name() {
        return FastRMI.PROVIDER_NAME;
    }

    @Override
    public Remote exportObject(Remote obj, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
                               ObjectInputFilter filter) throws RemoteException {
        RemoteRuntime runtime = RemoteRuntime.get();
        if ((csf != null || ssf != null) && !runtime.runsSocketFactories()) {
            return null;        // said by exportServerRef, which JRMP's export reaches
        }
        return runtime.export(obj, port, filter, false, csf, ssf);
    }

    /*
     * The JDK's own exports: the JMX connector server's objects, the
     * management agent's connector and its single-entry registry, a stock
     * RegistryImpl made directly (rmiregistry).
     */
    @Override
    public Remote exportServerRef(Remote impl, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
                                  ObjectInputFilter filter, boolean permanent, boolean registry)
            throws RemoteException {
        if (JrmpServer.isHandOff(ssf)) {
            return null;        // the JRMP side of a port of ours
        }
        RemoteRuntime runtime = RemoteRuntime.get();
        if ((csf != null || ssf != null) && !runtime.runsSocketFactories()) {
            stayOnJrmp(registry ? "the registry on port " + port : "an object of " + impl.getClass().getName(),
                       csf, ssf);
            return null;
        }
        return registry ? runtime.exportRegistry(impl, port, RegistryPolicy.withReferences(filter), csf, ssf)
                        : runtime.export(impl, port, filter, permanent, csf, ssf);
    }

    @Override
    public int listenPort(Remote impl) {
        Target t = RemoteRuntime.get().exportedTarget(impl);
        return t == null ? 0 : t.listenPort();
    }

    @Override
    public boolean unexportObject(Remote obj, boolean force) throws NoSuchObjectException {
        return RemoteRuntime.get().unexport(obj, force);
    }

    @Override
    public boolean owns(Remote obj) {
        return obj instanceof FastStub || RemoteRuntime.get().isExported(obj);
    }

    @Override
    public Remote toStub(Remote obj) throws NoSuchObjectException {
        if (obj instanceof FastStub) {
            return obj;
        }
        Remote stub = RemoteRuntime.get().exportedApplicationStub(obj);
        if (stub == null) {
            throw new NoSuchObjectException("object not exported");
        }
        return stub;
    }

    @Override
    public Registry getRegistry(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        RemoteRuntime runtime = RemoteRuntime.get();
        if (csf != null && !runtime.runsSocketFactories()) {
            return null;
        }
        return (Registry) runtime.registryStub(host, port, csf);
    }

    @Override
    public String clientHost() {
        return RemoteRuntime.clientHost();
    }

    @Override
    public Object replaceForJrmp(Object obj) throws IOException {
        if (!(obj instanceof Remote || obj instanceof RemoteReference)) {
            return obj;
        }
        Object rep = RemoteRuntime.get().jrmp().replace(obj);
        return rep == null ? obj : rep;
    }

    @Override
    public Object resolveFromJrmp(Object obj) {
        if (!(obj instanceof Remote)) {
            return obj;
        }
        Object local = RemoteRuntime.get().jrmp().resolve(obj);
        return local == null ? obj : local;
    }

    @Override
    public void jrmpReferenced(Remote impl) {
        RemoteRuntime.get().jrmp().jrmpReferenced(impl);
    }

    @Override
    public boolean jrmpUnreferenced(Remote impl) {
        return RemoteRuntime.get().jrmp().jrmpUnreferenced(impl);
    }
}
