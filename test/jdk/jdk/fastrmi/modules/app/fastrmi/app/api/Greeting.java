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

package fastrmi.app.api;

import java.rmi.Remote;
import java.rmi.RemoteException;

/*
 * What every remote object of the application does, whatever way its
 * interface is declared: the implementations differ only in the interface
 * they implement and so in where jdk.fastrmi may put their stubs.
 */
public abstract class Greeting {

    /**
     * Calls through one kind's remote interface, for code outside its
     * package: the method references are made in that package, which alone
     * may name a non-public interface, and App calls them from here.
     *
     * @param <T> the remote interface
     * @param type the remote interface
     * @param greet its greet
     * @param twice its twice
     */
    public record Calls<T extends Remote>(Class<T> type, Greet<T> greet, Twice<T> twice) {

        /** @param <T> the remote interface */
        @FunctionalInterface
        public interface Greet<T> {
            /** @param stub a stub @param who a name @return greet @throws RemoteException as the call */
            String call(T stub, String who) throws RemoteException;
        }

        /** @param <T> the remote interface */
        @FunctionalInterface
        public interface Twice<T> {
            /** @param stub a stub @param values ints @return twice @throws RemoteException as the call */
            int[] call(T stub, int[] values) throws RemoteException;
        }

        /** @param stub a stub of the interface @param who a name @return its greet @throws RemoteException as the call */
        public String greet(Remote stub, String who) throws RemoteException {
            return greet.call(type.cast(stub), who);
        }

        /** @param stub a stub of the interface @param values ints @return its twice @throws RemoteException as the call */
        public int[] twice(Remote stub, int[] values) throws RemoteException {
            return twice.call(type.cast(stub), values);
        }
    }

    private final String name;

    protected Greeting(String name) {
        this.name = name;
    }

    public String greet(String who) {
        return name + " greets " + who;
    }

    public int[] twice(int[] values) {
        int[] r = values.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= 2;
        }
        values[0] = -1;     // a local call passes a copy: the caller does not see this
        return r;
    }
}
