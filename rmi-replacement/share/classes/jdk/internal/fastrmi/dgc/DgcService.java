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

package jdk.internal.fastrmi.dgc;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The distributed GC's remote interface, exported by every runtime at the
 * well-known object id 1 (Philippsen, Haumacher, Nester, "More Efficient
 * Serialization and RMI for Java", section 4.4).
 */
public interface DgcService extends Remote {

    /**
     * The client holds references to these objects.
     *
     * @param ids the object ids
     * @param client the client runtime's id
     * @param leaseMillis the lease asked for, 0 for references without lease
     *        (granted only over a technology collected without leases;
     *        elsewhere 0 or less asks for the server's lease)
     * @return the lease granted, in ms, at most the server's
     *         {@code java.rmi.dgc.leaseValue} (0: no lease)
     * @throws RemoteException if the call fails
     */
    long dirty(long[] ids, long client, long leaseMillis) throws RemoteException;

    /**
     * The client dropped its references to these objects.
     *
     * @param ids the object ids
     * @param client the client runtime's id
     * @throws RemoteException if the call fails
     */
    void clean(long[] ids, long client) throws RemoteException;
}
