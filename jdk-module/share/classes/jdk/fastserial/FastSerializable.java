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

import java.io.IOException;
import java.io.Serializable;

/**
 * A class that marshals itself: the explicit marshaling routines of
 * UKA-serialization (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI for Java", section
 * 3.4b). Its routines write to and read
 * from the stream's public buffer ({@code put*}/{@code get*}) and refer to
 * other objects with {@code writeObject}/{@code readObject}.
 *
 * <p>The fast streams call {@link #writeFast} instead of serializing the
 * object's fields, and on reading create the instance as for any
 * serializable class (the no-argument constructor of its first
 * non-serializable superclass runs) and call {@link #readFast}.
 * {@code writeReplace} and {@code readResolve} apply as usual. The JDK's own
 * streams ignore this interface and serialize the class in the ordinary way,
 * so a class stays usable with both.
 *
 * <p>The routines own the whole state of the object, superclass fields
 * included, and must read exactly what they wrote: the data carries no
 * framing, which is what makes it fast.
 *
 * @since 25
 */
public interface FastSerializable extends Serializable {

    /**
     * Writes this object's state.
     *
     * @param out the stream
     * @throws IOException if the stream fails
     */
    void writeFast(FastObjectOutputStream out) throws IOException;

    /**
     * Reads this object's state, as {@link #writeFast} wrote it.
     *
     * @param in the stream
     * @throws IOException if the stream fails or its content is invalid
     * @throws ClassNotFoundException if the class of a referenced object
     *         cannot be found
     */
    void readFast(FastObjectInputStream in) throws IOException, ClassNotFoundException;
}
