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

package grande.test;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Calls back to the client: a listener the client exports and the server's
 * loop that calls it, for the remote tests whose servers publish events.
 * (interop/InteropApp keeps its own copy: it is compiled for release 17 and
 * runs on JDK 17, which cannot load these classes.)
 */
public final class Events {

    private Events() { }

    /** Implemented by the client: the server calls it. */
    public interface Listener extends Remote {
        int onEvent(String topic, int value) throws RemoteException;
    }

    /** Calls l.onEvent(topic, i) for i = 0..n-1; the sum of the answers. */
    public static int publish(Listener l, String topic, int n) throws RemoteException {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += l.onEvent(topic, i);
        }
        return sum;
    }
}
