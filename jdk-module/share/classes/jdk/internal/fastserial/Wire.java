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
 * Tags and constants of the fast stream format, protocol 2 (described in
 * jdk-module/README.md; protocol 1 is protocol 2 without {@link #VALUE}).
 * Every multi-byte value is little-endian, except ClassInfo images, which
 * are in the writer's native order (header flag).
 */
public final class Wire {

    public static final byte MAGIC_0 = (byte) 0xFA;
    public static final byte MAGIC_1 = (byte) 0x57;
    public static final byte VERSION = 2;
    /** The oldest version a reader accepts: each version's streams are a subset of the next's. */
    public static final byte OLDEST_READABLE_VERSION = 1;
    /** The stream header's length: the two magic bytes, the version and the flags. */
    public static final int HEADER_BYTES = 4;
    /** Header flag: images are little-endian. */
    public static final int FLAG_IMAGES_LITTLE_ENDIAN = 1;

    // Item tags.
    public static final byte NULL = 0x00;
    public static final byte REF = 0x01;
    public static final byte OBJECT = 0x02;
    public static final byte STRING = 0x03;
    public static final byte ARRAY = 0x04;
    public static final byte ENUM = 0x05;
    public static final byte CLASS = 0x06;
    public static final byte CLASSDESC = 0x07;
    public static final byte RESET = 0x08;
    public static final byte RESET_OBJECTS = 0x09;
    public static final byte BLOCK = 0x0A;
    public static final byte END = 0x0B;
    /** Default field data follows, inside class-defined data (defaultWriteObject, writeFields). */
    public static final byte FIELDS = 0x0C;
    /**
     * A box of a predefined type by its value: the type's id and the raw
     * value, like an OBJECT of that type, but without a handle. Boxes are
     * value-based classes, whose identity serialization need not keep
     * (java.lang's "Value-based Classes"); the writer sends a box it writes
     * shared this way, and the reader gives back the class's valueOf.
     */
    public static final byte VALUE = 0x0D;
    public static final int MAX_TAG = VALUE;

    // Type kinds in a type descriptor.
    public static final int KIND_SERIALIZABLE = 1;
    public static final int KIND_EXTERNALIZABLE = 2;
    public static final int KIND_RECORD = 3;
    public static final int KIND_ENUM = 4;
    public static final int KIND_PROXY = 5;
    public static final int KIND_ARRAY = 6;
    /** A class that is not serializable: only its Class object travels. */
    public static final int KIND_PLAIN = 7;
    /** A FastSerializable class: its own routines write its data. */
    public static final int KIND_FAST = 8;
    public static final int MAX_KIND = KIND_FAST;

    /** Level flag: the level's data was written by a class-defined writeObject. */
    public static final int LEVEL_WRITE_OBJECT = 1;

    /**
     * Types every stream knows without a descriptor, by id. Boxed values
     * travel as their raw value; an ArrayList (exactly that class) as its
     * size and elements, which is all its writeObject writes that its
     * readObject uses. Id 0 means "a
     * descriptor follows"; the first id a stream assigns is
     * {@link #FIRST_STREAM_TYPE_ID}.
     */
    public static final Class<?>[] PREDEFINED = {
        null,
        Integer.class, Long.class, Short.class, Byte.class,
        Character.class, Boolean.class, Float.class, Double.class,
        boolean[].class, byte[].class, char[].class, short[].class,
        int[].class, long[].class, float[].class, double[].class,
        Object[].class, String[].class, String.class, java.util.ArrayList.class
    };
    public static final int FIRST_STREAM_TYPE_ID = PREDEFINED.length;

    /** Largest number of fields or levels a descriptor may announce. */
    public static final int MAX_DESCRIPTOR_COUNT = 65535;
    /** Longest class or field name a descriptor may carry, in chars. */
    public static final int MAX_NAME_LENGTH = 65535;

    /** The JVM type code of a primitive class. */
    public static char primitiveCode(Class<?> c) {
        if (c == int.class) {
            return 'I';
        } else if (c == long.class) {
            return 'J';
        } else if (c == double.class) {
            return 'D';
        } else if (c == float.class) {
            return 'F';
        } else if (c == byte.class) {
            return 'B';
        } else if (c == char.class) {
            return 'C';
        } else if (c == short.class) {
            return 'S';
        } else if (c == boolean.class) {
            return 'Z';
        }
        throw new IllegalArgumentException(c.getName());
    }

    private Wire() { }
}
