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

package jdk.fastrmi.spi;

/**
 * The server side of a remote class, generated at run time: a switch on the
 * method number that reads the arguments, calls the implementation and
 * writes the result (Philippsen, Haumacher, Nester, "More Efficient
 * Serialization and RMI for Java", section 4.2). No reflection on the call
 * path.
 *
 * @since 25
 */
public interface Skeleton {

    /**
     * Runs one call.
     *
     * @param impl the exported object
     * @param method the method number
     * @param call the call
     * @throws Exception whatever unmarshalling or the implementation throws
     */
    void dispatch(Object impl, int method, ServerCall call) throws Exception;
}
