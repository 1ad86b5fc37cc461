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
import java.rmi.RemoteException;

/**
 * An exported object of the runtime's own that decides whether a remote
 * call may be made before anything of it is read: stock's registry
 * skeleton checks the caller's host before it reads the arguments of bind,
 * rebind and unbind, so a peer that may not call them cannot have a single
 * object of its choice deserialized. A refused call ends its connection
 * (the arguments stay unread, so the stream's state is unknown) and the
 * client gets the exception in a {@link java.rmi.ServerException}, as
 * stock's dispatch wraps its skeleton's.
 */
interface CallGuard {

    /**
     * Refuses a call by throwing.
     *
     * @param method the remote method called
     * @throws RemoteException the refusal, such as an
     *         {@link java.rmi.AccessException}
     */
    void admit(Method method) throws RemoteException;
}
