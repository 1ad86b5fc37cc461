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

import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Sample classes and helpers shared by the ClassInfo tests: objects with
 * many primitive fields, random values for them, and the expected byte
 * image built by hand, field by field, with a ByteBuffer.
 */
public final class ClassInfoSamples {

    private ClassInfoSamples() { }

    /** 32 int fields: one run of adjacent fields. */
    public static class Ints32 {
        int i00, i01, i02, i03, i04, i05, i06, i07;
        int i08, i09, i10, i11, i12, i13, i14, i15;
        int i16, i17, i18, i19, i20, i21, i22, i23;
        int i24, i25, i26, i27, i28, i29, i30, i31;
    }

    /** 32 primitive fields of all eight types, with reference fields among them. */
    public static class MixedBase {
        int bi28; byte bb09; short bs19; char bc10;
        long bj29; long bj05; double bd07; float bf22;
        Object br0;
        boolean bz00; float bf14; boolean bz08; double bd15;
        double bd23; boolean bz24; long bj21; long bj13;
        String br1;
        byte bb25; short bs27; float bf06; boolean bz16;
        char bc26; char bc18; short bs11; short bs03;
        int[] br2;
        byte bb17; char bc02; byte bb01; double bd31;
        int bi12; int bi04; float bf30; int bi20;
    }

    /**
     * 68 more primitive fields and more reference fields: with the inherited
     * ones, 100 primitive fields in several runs.
     */
    public static class Mixed100 extends MixedBase {
        boolean mz08; char mc66; float mf54; long mj53;
        long mj21; int mi44; short ms51; byte mb01;
        boolean mz00; float mf46; float mf62;
        Object mr0;
        boolean mz32; float mf38; boolean mz48; boolean mz64;
        byte mb49; char mc42; float mf30; byte mb33;
        float mf14; char mc10; byte mb41;
        String mr1;
        boolean mz16; long mj61; char mc18; char mc02;
        short ms59; boolean mz24; float mf22; byte mb65;
        byte mb25; double md15; byte mb57;
        int[] mr2;
        double md47; long mj45; long mj29; int mi20;
        short ms27; int mi60; double md31; long mj13;
        double md39; short ms03; char mc50;
        String mr3;
        int mi04; boolean mz56; double md55; double md23;
        int mi12; boolean mz40; char mc58; double md63;
        short ms67; short ms11; short ms43;
        int[] mr4;
        int mi52; short ms35; short ms19; int mi36;
        double md07; char mc34; byte mb09; char mc26;
        long mj37; byte mb17; long mj05; int mi28;
        float mf06;
    }

    /** One long field. */
    public static class OneLong {
        long value;
    }

    /** The non-static fields of c and its superclasses, superclass first, accessible. */
    public static List<Field> instanceFields(Class<?> c) {
        List<Field> result = new ArrayList<>();
        if (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
            result.addAll(instanceFields(c.getSuperclass()));
        }
        for (Field f : c.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                result.add(f);
            }
        }
        return result;
    }

    /** The non-static primitive fields of c and its superclasses, accessible. */
    public static List<Field> primitiveFields(Class<?> c) {
        return instanceFields(c).stream().filter(f -> f.getType().isPrimitive()).toList();
    }

    /** The width in bytes of a primitive type. */
    public static int width(Class<?> t) {
        if (t == long.class || t == double.class) return 8;
        if (t == int.class || t == float.class) return 4;
        if (t == short.class || t == char.class) return 2;
        if (t == byte.class || t == boolean.class) return 1;
        throw new IllegalArgumentException(t.toString());
    }

    /** Sets every primitive field in fields of o to a random value, NaNs with payloads included. */
    public static void randomize(Object o, List<Field> fields, Random r) throws ReflectiveOperationException {
        for (Field f : fields) {
            Class<?> t = f.getType();
            if (!t.isPrimitive()) {
                continue;
            } else if (t == boolean.class) {
                f.setBoolean(o, r.nextBoolean());
            } else if (t == byte.class) {
                f.setByte(o, (byte) r.nextInt());
            } else if (t == char.class) {
                f.setChar(o, (char) r.nextInt());
            } else if (t == short.class) {
                f.setShort(o, (short) r.nextInt());
            } else if (t == int.class) {
                f.setInt(o, r.nextInt());
            } else if (t == long.class) {
                f.setLong(o, r.nextLong());
            } else if (t == float.class) {
                f.setFloat(o, Float.intBitsToFloat(r.nextInt()));
            } else if (t == double.class) {
                f.setDouble(o, Double.longBitsToDouble(r.nextLong()));
            }
        }
    }

    /** The bits of a primitive field's value, widened to a long (raw bits for float and double). */
    public static long bits(Field f, Object o) throws ReflectiveOperationException {
        Class<?> t = f.getType();
        if (t == boolean.class) return f.getBoolean(o) ? 1 : 0;
        if (t == byte.class) return f.getByte(o);
        if (t == char.class) return f.getChar(o);
        if (t == short.class) return f.getShort(o);
        if (t == int.class) return f.getInt(o);
        if (t == long.class) return f.getLong(o);
        if (t == float.class) return Float.floatToRawIntBits(f.getFloat(o));
        if (t == double.class) return Double.doubleToRawLongBits(f.getDouble(o));
        throw new IllegalArgumentException(f.toString());
    }

    /**
     * The byte image of o for ci built by hand: the fields in getFields()
     * order, each in native byte order, without gaps.
     */
    public static byte[] expectedImage(ClassInfo ci, Object o) throws ReflectiveOperationException {
        ByteBuffer bb = ByteBuffer.allocate(ci.size()).order(ByteOrder.nativeOrder());
        for (Field f : ci.getFields()) {
            f.setAccessible(true);
            long v = bits(f, o);
            switch (width(f.getType())) {
                case 1 -> bb.put((byte) v);
                case 2 -> bb.putShort((short) v);
                case 4 -> bb.putInt((int) v);
                case 8 -> bb.putLong(v);
                default -> throw new AssertionError();
            }
        }
        if (bb.hasRemaining()) {
            throw new AssertionError("size() " + ci.size() + " is not the sum of the field widths "
                                     + bb.position() + " for " + ci);
        }
        return bb.array();
    }

    /** Fails unless every field in fields has the same bits in a and b. */
    public static void assertSameValues(List<Field> fields, Object expected, Object actual, String what)
            throws ReflectiveOperationException {
        for (Field f : fields) {
            f.setAccessible(true);
            if (f.getType().isPrimitive()) {
                long e = bits(f, expected);
                long a = bits(f, actual);
                if (e != a) {
                    throw new AssertionError(what + ": field " + f.getName() + " expected 0x"
                                             + Long.toHexString(e) + ", got 0x" + Long.toHexString(a));
                }
            } else if (f.get(expected) != f.get(actual)) {
                throw new AssertionError(what + ": reference field " + f.getName() + " expected "
                                         + f.get(expected) + ", got " + f.get(actual));
            }
        }
    }

    /** Fails unless expected and actual hold the same bytes. */
    public static void assertBytes(byte[] expected, byte[] actual, String what) {
        int i = Arrays.mismatch(expected, actual);
        if (i >= 0) {
            throw new AssertionError(what + ": first difference at byte " + i + " of "
                                     + expected.length + "/" + actual.length + "\n  expected "
                                     + hex(expected) + "\n  got      " + hex(actual));
        }
    }

    public static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < b.length && i < 96; i++) {
            sb.append(String.format("%02x", b[i] & 0xff));
        }
        return b.length > 96 ? sb + "..." : sb.toString();
    }
}
