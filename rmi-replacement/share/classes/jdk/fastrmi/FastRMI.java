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
 * Facts about the fast RMI shipped in this runtime image.
 *
 * <p>Stock {@code java.rmi} entry points keep using the JDK's own JRMP
 * implementation unless the system property named by
 * {@link #PROVIDER_PROPERTY} selects another provider.
 *
 * @since 25
 */
public final class FastRMI {

    /**
     * The name of the system property that selects the RMI provider behind
     * the stock {@code java.rmi} entry points.
     */
    public static final String PROVIDER_PROPERTY = "java.rmi.provider";

    /**
     * The value of {@link #PROVIDER_PROPERTY} that selects this module.
     */
    public static final String PROVIDER_NAME = "fastrmi";

    private FastRMI() {
        throw new AssertionError("no instances");
    }
}
