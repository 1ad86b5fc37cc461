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

import java.io.InvalidObjectException;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Arrays;
import java.util.Objects;

import jdk.fastrmi.spi.Endpoint;

/**
 * A stub as it travels: the remote interfaces, the object's id, the id of
 * the exporting JVM (0 for a well-known object such as a registry), one
 * endpoint per technology of the exporter, and the client socket factory
 * of an export made with one (then the endpoint is the tcp technology's,
 * reached through the factory's sockets, as stock RMI's references carry
 * theirs). Read back, it becomes a stub of the reading JVM.
 *
 * @param interfaces the remote interfaces, in the exporter's order
 * @param objectId the object's id in its exporter
 * @param exporter the exporting runtime's id, 0 for whoever listens there
 * @param endpoints where the exporter listens
 * @param clientSocketFactory the factory of the sockets to the endpoints, null for plain sockets
 */
public record RemoteReference(Class<?>[] interfaces, long objectId, long exporter,
                              Endpoint[] endpoints, RMIClientSocketFactory clientSocketFactory)
        implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /* Bounds a hostile stream cannot exceed. */
    private static final int MAX_INTERFACES = 64;
    private static final int MAX_ENDPOINTS = 16;

    /**
     * Checks the parts, so that a corrupt or hostile stream fails here.
     *
     * @throws IllegalArgumentException if a part is invalid
     */
    public RemoteReference {
        Objects.requireNonNull(interfaces, "interfaces");
        Objects.requireNonNull(endpoints, "endpoints");
        if (interfaces.length == 0 || interfaces.length > MAX_INTERFACES) {
            throw new IllegalArgumentException("bad number of interfaces: " + interfaces.length);
        }
        if (endpoints.length == 0 || endpoints.length > MAX_ENDPOINTS) {
            throw new IllegalArgumentException("bad number of endpoints: " + endpoints.length);
        }
        interfaces = interfaces.clone();
        endpoints = endpoints.clone();
        for (int k = 0; k < interfaces.length; k++) {
            Class<?> i = interfaces[k];
            if (i == null || !i.isInterface() || !Remote.class.isAssignableFrom(i)) {
                throw new IllegalArgumentException("not a remote interface: " + i);
            }
            // as java.lang.reflect.Proxy refuses them; each list would get a stub class of its own
            for (int j = 0; j < k; j++) {
                if (interfaces[j] == i) {
                    throw new IllegalArgumentException("repeated interface: " + i.getName());
                }
            }
        }
        for (Endpoint e : endpoints) {
            Objects.requireNonNull(e, "endpoint");
        }
    }

    /**
     * A reference reached over plain sockets.
     *
     * @param interfaces the remote interfaces, in the exporter's order
     * @param objectId the object's id in its exporter
     * @param exporter the exporting runtime's id, 0 for whoever listens there
     * @param endpoints where the exporter listens
     */
    public RemoteReference(Class<?>[] interfaces, long objectId, long exporter, Endpoint[] endpoints) {
        this(interfaces, objectId, exporter, endpoints, null);
    }

    @Override
    public Class<?>[] interfaces() {
        return interfaces.clone();
    }

    @Override
    public Endpoint[] endpoints() {
        return endpoints.clone();
    }

    /** @return the stub of this JVM for the reference */
    @Serial
    private Object readResolve() throws ObjectStreamException {
        try {
            return RemoteRuntime.get().stubFor(this);
        } catch (IllegalArgumentException e) {
            InvalidObjectException ioe = new InvalidObjectException("bad remote reference: " + e.getMessage());
            ioe.initCause(e);
            throw ioe;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemoteReference r && objectId == r.objectId && exporter == r.exporter
               && Arrays.equals(interfaces, r.interfaces) && Arrays.equals(endpoints, r.endpoints)
               && Objects.equals(clientSocketFactory, r.clientSocketFactory);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(objectId) * 31 + Long.hashCode(exporter);
    }

    @Override
    public String toString() {
        return "RemoteReference[" + Arrays.toString(endpoints)
               + (clientSocketFactory == null ? "" : " through " + clientSocketFactory.getClass().getName())
               + ", objID " + objectId + "]";
    }
}
