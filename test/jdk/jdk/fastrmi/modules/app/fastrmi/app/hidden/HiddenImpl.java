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

package fastrmi.app.hidden;

import java.rmi.Remote;
import java.rmi.RemoteException;

import fastrmi.app.api.Greeting;

/* The implementation of Hidden, and calls through that interface for code outside the package. */
public final class HiddenImpl extends Greeting implements Hidden {

    public HiddenImpl() {
        super("hidden");
    }

    /** @return the interface's name */
    public static String interfaceName() {
        return Hidden.class.getName();
    }

    /** @param stub a stub of Hidden @param who a name @return its greet @throws RemoteException as the call */
    public static String greet(Remote stub, String who) throws RemoteException {
        return ((Hidden) stub).greet(who);
    }

    /** @param stub a stub of Hidden @param values ints @return its twice @throws RemoteException as the call */
    public static int[] twice(Remote stub, int[] values) throws RemoteException {
        return ((Hidden) stub).twice(values);
    }
}
