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

package grande.test.samples;

import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/**
 * The serializable handler of the tests' dynamic proxies, so that a proxy
 * can be written and read. Each test declares its own interface with a
 * greet(String who) method (where the interface is defined, public or not,
 * decides where the proxy class is): greet(who) is "greeting, who",
 * toString "Proxy(greeting)", run does nothing, equals and hashCode are
 * identity; any other method is an UnsupportedOperationException.
 */
public final class GreeterHandler implements InvocationHandler, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private final String greeting;

    public GreeterHandler(String greeting) {
        this.greeting = greeting;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "greet" -> greeting + ", " + args[0];
            case "run" -> null;
            // identity, not the greeting: a handler read from a corrupt stream may have none
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            case "toString" -> "Proxy(" + greeting + ")";
            default -> throw new UnsupportedOperationException(method.getName());
        };
    }
}
