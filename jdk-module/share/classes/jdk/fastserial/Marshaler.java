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

/**
 * Reads and writes the serializable state of the objects of one class: the
 * contract of the marshalers that jdk.fastserial generates at run time for
 * ordinary serializable classes (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI for Java",
 * sections 3.5 and 3.7).
 *
 * <p>{@code write} writes, level by level from the topmost serializable
 * class, the level's primitive fields as one {@link
 * FastObjectOutputStream#putImage image} and then its reference fields with
 * {@link FastObjectOutputStream#writeObject writeObject}; {@code read} reads
 * the same into an instance that the stream has already created and
 * registered. Implementations are stateless and safe for use by several
 * threads. A record's marshaler only writes: a record is made by its
 * canonical constructor from the values read, so its {@code read} throws
 * {@code UnsupportedOperationException}.
 *
 * @since 25
 */
public interface Marshaler {

    /**
     * Writes the state of {@code obj} to {@code out}.
     *
     * @param obj the object, an instance of the marshaler's class
     * @param out the stream
     * @throws IOException if the stream fails
     */
    void write(Object obj, FastObjectOutputStream out) throws IOException;

    /**
     * Reads the state of {@code obj} from {@code in}.
     *
     * @param obj the new, registered instance of the marshaler's class
     * @param in the stream
     * @throws IOException if the stream fails or its content is invalid
     * @throws ClassNotFoundException if the class of a referenced object
     *         cannot be found
     */
    void read(Object obj, FastObjectInputStream in) throws IOException, ClassNotFoundException;
}
