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

package jdk.fastserial;

import jdk.internal.fastserial.Wire;

/**
 * Facts about the fast serialization shipped in this runtime image.
 *
 * <p>The wire format of the fast streams is versioned separately from the
 * JDK's serialization protocol. A reader reads streams of its own
 * {@linkplain #PROTOCOL_VERSION protocol version} and of every earlier one,
 * and refuses a later one in the stream header.
 *
 * @since 25
 */
public final class FastSerialization {

    /**
     * The version of the fast stream format written by this module.
     * It changes whenever a stream written by this module could be
     * misread by an earlier one. Version 2 sends boxes written shared by
     * value, without a handle.
     */
    public static final int PROTOCOL_VERSION = Wire.VERSION;

    private FastSerialization() {
        throw new AssertionError("no instances");
    }
}
