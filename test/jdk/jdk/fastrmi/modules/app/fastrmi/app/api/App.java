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
import java.util.List;

import fastrmi.app.asked.AskedImpl;
import fastrmi.app.closed.ClosedImpl;
import fastrmi.app.hidden.HiddenImpl;
import fastrmi.app.hidden.Secret;
import fastrmi.app.opened.OpenedImpl;

/**
 * What ModuleStubTest, outside the module, uses: an object per kind of
 * interface, and calls through the interface of a kind.
 */
public final class App {

    /** The kinds, by package. */
    public static final List<String> KINDS = List.of("api", "asked", "hidden", "opened", "closed", "leaky");

    private App() { }

    private static final class LeakyImpl implements Leaky {
        @Override
        public Secret secret() {
            return new Secret("s");
        }
    }

    /** @param kind a kind @return a new object of it */
    public static Remote object(String kind) {
        return switch (kind) {
            case "api" -> new GreeterImpl();
            case "asked" -> new AskedImpl();
            case "hidden" -> new HiddenImpl();
            case "opened" -> new OpenedImpl();
            case "closed" -> new ClosedImpl();
            case "leaky" -> new LeakyImpl();
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /* How code outside a kind's package calls through its interface. */
    private static Greeting.Calls<?> calls(String kind) {
        return switch (kind) {
            case "api" -> GreeterImpl.CALLS;
            case "asked" -> AskedImpl.CALLS;
            case "hidden" -> HiddenImpl.CALLS;
            case "opened" -> OpenedImpl.CALLS;
            case "closed" -> ClosedImpl.CALLS;
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** @param kind a kind @return its remote interface's name */
    public static String interfaceName(String kind) {
        return kind.equals("leaky") ? Leaky.class.getName() : calls(kind).type().getName();
    }

    /**
     * @param kind a kind @param stub a stub of it @param who a name
     * @return greet through the kind's interface @throws RemoteException as the call
     */
    public static String greet(String kind, Remote stub, String who) throws RemoteException {
        return calls(kind).greet(stub, who);
    }

    /**
     * @param kind a kind @param stub a stub of it @param values ints
     * @return twice through the kind's interface @throws RemoteException as the call
     */
    public static int[] twice(String kind, Remote stub, int[] values) throws RemoteException {
        return calls(kind).twice(stub, values);
    }
}
