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

package jdk.internal.fastserial;

/**
 * Which class of a stream's hierarchy declares a method. The streams write
 * and read a HashMap themselves, past the public methods HashMap's own
 * writeObject and readObject would call, only for a stream class that
 * keeps those methods as this module declares them.
 */
public final class StreamMethods {

    /**
     * The class nearest to {@code type} that declares the method, or null
     * if no class of its hierarchy does. A class whose declared methods
     * cannot be resolved counts as declaring it.
     *
     * @param type the class to look from
     * @param name the method's name
     * @param params the method's parameter types
     * @return the declaring class, or null
     */
    public static Class<?> declaringClass(Class<?> type, String name, Class<?>... params) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(name, params);
                return c;
            } catch (NoSuchMethodException e) {
                // not here: its superclass's
            } catch (LinkageError e) {
                // A class whose methods cannot all be resolved: as if it
                // declared the method, so that no shortcut passes it by.
                return c;
            }
        }
        return null;
    }

    private StreamMethods() { }
}
