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

package jdk.fastrmi;

/**
 * Marks a class whose instances never change after construction, so that a
 * call to a remote object in the same JVM may pass them without copying
 * (Haumacher, Philippsen, "Exploiting Object Locality in JavaParty",
 * section 2.2). Remote calls copy their arguments and results;
 * jdk.fastrmi's local-call shortcut copies them too, with jdk.fastserial,
 * except primitives, strings, boxed values, enum constants, remote objects
 * and instances of classes that implement this interface.
 *
 * <p>The marker is a promise by the class's author: a mutable class that
 * implements it loses call-by-copy semantics for local calls.
 *
 * @since 25
 */
public interface Immutable {
}
