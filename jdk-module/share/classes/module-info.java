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

/**
 * Fast object serialization for GrandeJDK, after UKA-serialization
 * (Philippsen, Haumacher, Nester): drop-in subclasses of the JDK's object
 * streams with slim type encoding, two kinds of reset, public buffers and
 * generated marshalers.
 *
 * <p>With {@systemProperty jdk.rmi.fastSerialization}{@code =true} on both
 * ends, stock RMI's call streams use these streams (the "RMI + UKA" of
 * Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI
 * for Java"); the provider that java.rmi looks up for that is in the
 * jdk.fastrmi module, so this module does not depend on java.rmi.
 *
 * @moduleGraph
 * @since 25
 */
module jdk.fastserial {
    requires jdk.unsupported;

    exports jdk.fastserial;
}
