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

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A corpus of primitive arrays for serialization, the same in every VM: all
 * eight primitive types at many lengths, with random values and every kind
 * of float and double NaN, zero, infinity and subnormal; arrays nested in
 * objects, in Object[] and in each other; arrays written by class-defined
 * writeObject and writeExternal methods, as objects and element by element
 * in block-data mode.
 *
 * <p>Also a main class, run by the image and by stock Temurin:
 * <pre>
 *   write full|hot FILE   writes the corpus to FILE and prints "sha256 HEX"
 *   read full|hot FILE    reads FILE and checks it against the corpus, prints "read-ok N"
 * </pre>
 */
public final class BulkArrayCorpus {

    // 2047..8192: around the 16 KiB run threshold of each element size (8, 4, 2 bytes).
    static final int[] LENGTHS = { 0, 1, 7, 8, 9, 127, 128, 129, 255, 256, 257, 1000,
                                   2047, 2048, 4095, 4096, 5000, 8191, 8192, 20000 };

    /** Float bit patterns: NaNs of every kind, zeros, infinities, subnormals, extremes. */
    static final int[] FLOAT_SPECIALS = {
        0x7fc00000,                           // the canonical quiet NaN
        0x7f800001, 0x7fbfffff, 0x7fa00000,   // signalling NaNs
        0x7fc00001, 0x7fffffff, 0x7fd55555,   // quiet NaNs with payloads
        0xffc00000, 0xff800001, 0xffffffff,   // negative NaNs
        0x80000000, 0x00000000,               // -0.0, +0.0
        0x7f800000, 0xff800000,               // +infinity, -infinity
        0x00000001, 0x007fffff, 0x80000001, 0x807fffff, 0x00400000, // subnormals
        0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000, // normal extremes, +-1
    };

    /** Double bit patterns, the same kinds. */
    static final long[] DOUBLE_SPECIALS = {
        0x7ff8000000000000L,                                             // canonical quiet NaN
        0x7ff0000000000001L, 0x7ff7ffffffffffffL, 0x7ff4000000000000L,   // signalling NaNs
        0x7ff8000000000001L, 0x7fffffffffffffffL, 0x7ffaaaaaaaaaaaaaL,   // quiet NaNs with payloads
        0xfff8000000000000L, 0xfff0000000000001L, 0xffffffffffffffffL,   // negative NaNs
        0x8000000000000000L, 0x0000000000000000L,                        // -0.0, +0.0
        0x7ff0000000000000L, 0xfff0000000000000L,                        // +infinity, -infinity
        0x0000000000000001L, 0x000fffffffffffffL, 0x8000000000000001L,   // subnormals
        0x800fffffffffffffL, 0x0008000000000000L,
        0x0010000000000000L, 0x7fefffffffffffffL, 0xffefffffffffffffL,   // normal extremes
        0x3ff0000000000000L, 0xbff0000000000000L,                        // +1, -1
    };

    private BulkArrayCorpus() { }

    // ---- the classes in the corpus

    /** Arrays of every type as fields, serialized by default serialization. */
    static final class Holder implements Serializable {
        private static final long serialVersionUID = 0x6772616e6465L;
        boolean[] z;
        byte[] b;
        char[] c;
        short[] s;
        int[] i;
        long[] j;
        float[] f;
        double[] d;
        int[][] ii;
        Object any;
        Holder next;
    }

    /**
     * Arrays written by a class-defined writeObject: some by
     * defaultWriteObject, some with writeObject, and the same values again
     * element by element in block-data mode.
     */
    static final class BlockWriter implements Serializable {
        private static final long serialVersionUID = 2L;
        int[] viaDefault;
        transient float[] f;
        transient double[] d;
        transient int[] i;
        transient long[] j;
        transient char[] c;
        transient short[] s;
        transient boolean[] z;
        transient byte[] b;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeObject(f);
            out.writeObject(d);
            for (Object a : new Object[] { i, f, d, j, c, s, z }) {
                writeElements(out, a);
            }
            out.writeInt(b.length);
            out.write(b);
            out.writeObject(j);
            out.writeUnshared(c);
            out.writeObject(s);
            out.writeObject(i);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            float[] f1 = (float[]) in.readObject();
            double[] d1 = (double[]) in.readObject();
            i = (int[]) readElements(in, int.class);
            f = (float[]) readElements(in, float.class);
            d = (double[]) readElements(in, double.class);
            j = (long[]) readElements(in, long.class);
            c = (char[]) readElements(in, char.class);
            s = (short[]) readElements(in, short.class);
            z = (boolean[]) readElements(in, boolean.class);
            b = new byte[in.readInt()];
            in.readFully(b);
            requireSame(j, (long[]) in.readObject(), "longs written with writeObject");
            requireSame(c, (char[]) in.readUnshared(), "chars written with writeUnshared");
            requireSame(s, (short[]) in.readObject(), "shorts written with writeObject");
            requireSame(i, (int[]) in.readObject(), "ints written with writeObject");
            requireSame(f, f1, "floats written with writeObject and with writeFloat");
            requireSame(d, d1, "doubles written with writeObject and with writeDouble");
        }
    }

    /** Arrays written by writeExternal, always in block-data mode. */
    public static final class ExternalArrays implements Externalizable {
        private static final long serialVersionUID = 3L;
        double[] d;
        float[] f;
        long[][] jj;

        public ExternalArrays() { }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeObject(d);
            writeElements(out, f);
            out.writeObject(jj);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            d = (double[]) in.readObject();
            f = (float[]) readElements(in, float.class);
            jj = (long[][]) in.readObject();
        }
    }

    /**
     * Writes the length of a (a primitive array other than byte[]), then its
     * elements one by one with the DataOutput method of their type.
     */
    static void writeElements(ObjectOutput out, Object a) throws IOException {
        out.writeInt(Array.getLength(a));
        switch (a) {
            case boolean[] x -> { for (boolean v : x) out.writeBoolean(v); }
            case char[] x -> { for (char v : x) out.writeChar(v); }
            case short[] x -> { for (short v : x) out.writeShort(v); }
            case int[] x -> { for (int v : x) out.writeInt(v); }
            case long[] x -> { for (long v : x) out.writeLong(v); }
            case float[] x -> { for (float v : x) out.writeFloat(v); }
            case double[] x -> { for (double v : x) out.writeDouble(v); }
            default -> throw new IllegalArgumentException(a.getClass().toString());
        }
    }

    /** Reads what writeElements wrote: a new array of the given component type. */
    static Object readElements(ObjectInput in, Class<?> type) throws IOException {
        Object a = Array.newInstance(type, in.readInt());
        switch (a) {
            case boolean[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readBoolean(); }
            case char[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readChar(); }
            case short[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readShort(); }
            case int[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readInt(); }
            case long[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readLong(); }
            case float[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readFloat(); }
            case double[] x -> { for (int k = 0; k < x.length; k++) x[k] = in.readDouble(); }
            default -> throw new IllegalArgumentException(type.toString());
        }
        return a;
    }

    /** A record with array components, deserialized through its canonical constructor. */
    record ArrayRecord(int[] ints, double[] doubles, float[][] floats, char[] chars) implements Serializable { }

    // ---- building the corpus

    /** Values built from one seeded Random; canonical replaces every NaN by the canonical NaN. */
    private static final class Maker {
        final Random r;
        final boolean canonical;

        Maker(long seed, boolean canonical) {
            this.r = new Random(seed);
            this.canonical = canonical;
        }

        int floatBits(int bits) {
            return canonical && Float.isNaN(Float.intBitsToFloat(bits)) ? 0x7fc00000 : bits;
        }

        long doubleBits(long bits) {
            return canonical && Double.isNaN(Double.longBitsToDouble(bits)) ? 0x7ff8000000000000L : bits;
        }

        /** An array of the given component type and length with random values; a quarter special for float/double. */
        Object array(Class<?> type, int n) {
            Object a = Array.newInstance(type, n);
            switch (a) {
                case boolean[] x -> { for (int k = 0; k < n; k++) x[k] = r.nextBoolean(); }
                case byte[] x -> r.nextBytes(x);
                case char[] x -> { for (int k = 0; k < n; k++) x[k] = (char) r.nextInt(); }
                case short[] x -> { for (int k = 0; k < n; k++) x[k] = (short) r.nextInt(); }
                case int[] x -> { for (int k = 0; k < n; k++) x[k] = r.nextInt(); }
                case long[] x -> { for (int k = 0; k < n; k++) x[k] = r.nextLong(); }
                case float[] x -> {
                    for (int k = 0; k < n; k++) {
                        int bits = r.nextInt(4) == 0 ? FLOAT_SPECIALS[r.nextInt(FLOAT_SPECIALS.length)] : r.nextInt();
                        x[k] = Float.intBitsToFloat(floatBits(bits));
                    }
                }
                case double[] x -> {
                    for (int k = 0; k < n; k++) {
                        long bits = r.nextInt(4) == 0 ? DOUBLE_SPECIALS[r.nextInt(DOUBLE_SPECIALS.length)] : r.nextLong();
                        x[k] = Double.longBitsToDouble(doubleBits(bits));
                    }
                }
                default -> throw new IllegalArgumentException(type.toString());
            }
            return a;
        }

        /** Every float special at every position modulo the pattern length, n elements. */
        float[] floatSpecials(int n, int shift) {
            float[] a = new float[n];
            for (int k = 0; k < n; k++) {
                a[k] = Float.intBitsToFloat(floatBits(FLOAT_SPECIALS[(k + shift) % FLOAT_SPECIALS.length]));
            }
            return a;
        }

        double[] doubleSpecials(int n, int shift) {
            double[] a = new double[n];
            for (int k = 0; k < n; k++) {
                a[k] = Double.longBitsToDouble(doubleBits(DOUBLE_SPECIALS[(k + shift) % DOUBLE_SPECIALS.length]));
            }
            return a;
        }

        Holder holder(int n) {
            Holder h = new Holder();
            h.z = (boolean[]) array(boolean.class, n);
            h.b = (byte[]) array(byte.class, n + 1);
            h.c = (char[]) array(char.class, n + 2);
            h.s = (short[]) array(short.class, n + 3);
            h.i = (int[]) array(int.class, n + 4);
            h.j = (long[]) array(long.class, n + 5);
            h.f = (float[]) array(float.class, n + 6);
            h.d = (double[]) array(double.class, n + 7);
            h.ii = new int[][] { (int[]) array(int.class, n), h.i, null, new int[0] };
            return h;
        }

        BlockWriter blockWriter(int n) {
            BlockWriter w = new BlockWriter();
            w.viaDefault = (int[]) array(int.class, n);
            w.f = floatSpecials(n, n);
            for (int k = 0; k < n; k += 3) {
                w.f[k] = ((float[]) array(float.class, 1))[0];
            }
            w.d = doubleSpecials(n, n);
            for (int k = 0; k < n; k += 3) {
                w.d[k] = ((double[]) array(double.class, 1))[0];
            }
            w.i = (int[]) array(int.class, n);
            w.j = (long[]) array(long.class, n);
            w.c = (char[]) array(char.class, n);
            w.s = (short[]) array(short.class, n);
            w.z = (boolean[]) array(boolean.class, n);
            w.b = (byte[]) array(byte.class, n);
            return w;
        }
    }

    static final Class<?>[] TYPES = {
        boolean.class, byte.class, char.class, short.class, int.class, long.class, float.class, double.class
    };

    /**
     * The full corpus. With canonical, the values a stream delivers: every
     * float and double NaN replaced by the canonical NaN.
     */
    public static Object[] full(boolean canonical) {
        Maker m = new Maker(20260425L, canonical);
        List<Object> root = new ArrayList<>();

        // Every type at every length; byte[]s of 0..4 bytes in between move
        // the following array to every alignment in the stream's block buffer.
        List<Object> flat = new ArrayList<>();
        int spacer = 0;
        for (Class<?> type : TYPES) {
            for (int n : LENGTHS) {
                flat.add(m.array(type, n));
                flat.add(new byte[spacer++ % 5]);
            }
        }
        root.add(flat.toArray());

        // The specials alone, each at every position of a vector.
        for (int n : new int[] { 1, 7, 24, 25, 64, 257, 1000 }) {
            for (int shift = 0; shift < 3; shift++) {
                root.add(m.floatSpecials(n, shift * 7));
                root.add(m.doubleSpecials(n, shift * 7));
                root.add(new byte[shift + 1]);
            }
        }

        // Arrays nested in objects, shared and in a cycle-free chain.
        Holder h1 = m.holder(300);
        Holder h2 = m.holder(1);
        Holder h3 = m.holder(4000);
        h1.next = h2;
        h2.next = h3;
        h2.any = h1.d;              // shared with h1
        h3.any = new Object[] { h1.f, h3.f, m.array(long.class, 33) };
        root.add(h1);
        root.add(h3.i);              // shared with h3

        // Object[] nesting.
        root.add(new Object[] {
            new Object[] { m.array(int.class, 129), m.array(double.class, 255), null },
            new Object[] { new Object[] { m.array(float.class, 1000), m.array(char.class, 5) } },
            m.array(short.class, 2049),
        });

        // Multi-dimensional arrays.
        int[][] jagged = new int[12][];
        for (int k = 0; k < jagged.length; k++) {
            jagged[k] = (int[]) m.array(int.class, k * k);
        }
        root.add(jagged);
        double[][][] cube = new double[3][4][];
        for (double[][] plane : cube) {
            for (int k = 0; k < plane.length; k++) {
                plane[k] = (double[]) m.array(double.class, 5 + 60 * k);
            }
        }
        root.add(cube);
        root.add(new long[2][0]);
        root.add(new boolean[][] { (boolean[]) m.array(boolean.class, 9), new boolean[0] });
        root.add(new char[][] { "GrandeJDK".toCharArray(), (char[]) m.array(char.class, 300) });
        root.add(new float[][] { m.floatSpecials(48, 0), (float[]) m.array(float.class, 513) });
        root.add(new short[][][] { { (short[]) m.array(short.class, 7) }, { null, (short[]) m.array(short.class, 600) } });
        root.add(new byte[][] { (byte[]) m.array(byte.class, 1500) });

        // Class-defined writeObject and writeExternal.
        for (int n : new int[] { 0, 1, 9, 257, 1000, 3000 }) {
            root.add(m.blockWriter(n));
        }
        ExternalArrays ext = new ExternalArrays();
        ext.d = m.doubleSpecials(300, 5);
        ext.f = m.floatSpecials(700, 3);
        ext.jj = new long[][] { (long[]) m.array(long.class, 129), (long[]) m.array(long.class, 0) };
        root.add(ext);

        // A record, and a list.
        root.add(new ArrayRecord((int[]) m.array(int.class, 99), m.doubleSpecials(99, 1),
                                 new float[][] { m.floatSpecials(17, 2) }, (char[]) m.array(char.class, 1)));
        ArrayList<Object> list = new ArrayList<>();
        for (Class<?> type : TYPES) {
            list.add(m.array(type, 777));
        }
        root.add(list);
        return root.toArray();
    }

    /** A small corpus for hot loops: one array of each type that converts in bulk, 300 long. */
    public static Object[] hot(boolean canonical) {
        Maker m = new Maker(77L, canonical);
        List<Object> root = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            root.add(m.array(char.class, 300));
            root.add(m.array(short.class, 300));
            root.add(m.array(int.class, 300));
            root.add(m.array(long.class, 300));
            root.add(m.array(float.class, 300));
            root.add(m.floatSpecials(300, k));
            root.add(m.array(double.class, 300));
            root.add(m.doubleSpecials(300, k));
            root.add(new byte[k + 1]);
        }
        return root.toArray();
    }

    // ---- the stream

    /** Writes a corpus the way every VM in the test does. */
    public static void write(ObjectOutputStream out, Object[] corpus) throws IOException {
        out.writeObject(corpus);
        out.writeInt(0x67726e64);
        out.reset();
        // After reset, the same arrays again in full, unshared this time.
        out.writeUnshared(corpus[corpus.length - 1]);
        out.writeObject(corpus[0]);
        out.flush();
    }

    public static byte[] write(Object[] corpus) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            write(out, corpus);
        }
        return bytes.toByteArray();
    }

    /** Reads what write wrote and checks it against expected (canonical values). */
    public static int read(ObjectInputStream in, Object[] expected) throws IOException, ClassNotFoundException {
        Map<Object, Object> seen = new IdentityHashMap<>();
        check(expected, in.readObject(), "corpus", seen);
        if (in.readInt() != 0x67726e64) {
            throw new AssertionError("the int after the corpus");
        }
        Map<Object, Object> afterReset = new IdentityHashMap<>();
        check(expected[expected.length - 1], in.readUnshared(), "corpus[last] after reset", afterReset);
        check(expected[0], in.readObject(), "corpus[0] after reset", afterReset);
        if (in.read() != -1) {
            throw new AssertionError("bytes left after the corpus");
        }
        return seen.size();
    }

    public static int read(byte[] stream, Object[] expected, boolean trickle) throws Exception {
        InputStream source = new ByteArrayInputStream(stream);
        if (trickle) {
            source = new Trickle(source);
        }
        try (ObjectInputStream in = new ObjectInputStream(source)) {
            return read(in, expected);
        }
    }

    /** Hands out at most 7 bytes a read, so that reads end at odd places. */
    static final class Trickle extends FilterInputStream {
        Trickle(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 7));
        }
    }

    /** An OutputStream that is not a ByteArrayOutputStream. */
    static final class Forwarding extends OutputStream {
        private final OutputStream out;

        Forwarding(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }
    }

    // ---- deep comparison, raw bits for float and double

    static void requireSame(Object expected, Object actual, String what) {
        check(expected, actual, what, new IdentityHashMap<>());
    }

    public static void check(Object expected, Object actual, String path, Map<Object, Object> seen) {
        if (expected == null || actual == null) {
            if (expected != actual) {
                throw new AssertionError(path + ": expected " + expected + ", got " + actual);
            }
            return;
        }
        if (expected.getClass() != actual.getClass()) {
            throw new AssertionError(path + ": expected a " + expected.getClass().getName() + ", got a "
                                     + actual.getClass().getName());
        }
        if (expected instanceof String || expected instanceof Number || expected instanceof Boolean) {
            if (!expected.equals(actual)) {
                throw new AssertionError(path + ": expected " + expected + ", got " + actual);
            }
            return;
        }
        Object before = seen.putIfAbsent(expected, actual);
        if (before != null) {
            if (before != actual) {
                throw new AssertionError(path + ": a shared object was read as two objects");
            }
            return;
        }
        Class<?> c = expected.getClass();
        if (c.isArray()) {
            int n = Array.getLength(expected);
            if (n != Array.getLength(actual)) {
                throw new AssertionError(path + ": length " + Array.getLength(actual) + ", expected " + n);
            }
            Class<?> t = c.getComponentType();
            if (!t.isPrimitive()) {
                for (int k = 0; k < n; k++) {
                    check(Array.get(expected, k), Array.get(actual, k), path + "[" + k + "]", seen);
                }
                return;
            }
            if (sameBits(expected, actual)) {
                return;
            }
            for (int k = 0; k < n; k++) {
                long e = bits(expected, t, k);
                long a = bits(actual, t, k);
                if (e != a) {
                    throw new AssertionError(path + ": " + t + "[" + n + "] differs first at [" + k + "]: expected 0x"
                                             + Long.toHexString(e) + ", got 0x" + Long.toHexString(a));
                }
            }
            return;
        }
        if (expected instanceof List<?> le) {
            List<?> la = (List<?>) actual;
            if (le.size() != la.size()) {
                throw new AssertionError(path + ": list size " + la.size() + ", expected " + le.size());
            }
            for (int k = 0; k < le.size(); k++) {
                check(le.get(k), la.get(k), path + ".get(" + k + ")", seen);
            }
            return;
        }
        for (Field f : c.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            try {
                check(f.get(expected), f.get(actual), path + "." + f.getName(), seen);
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Whether two primitive arrays of the same type hold the same bits. */
    static boolean sameBits(Object e, Object a) {
        return switch (e) {
            case boolean[] x -> Arrays.equals(x, (boolean[]) a);
            case byte[] x -> Arrays.equals(x, (byte[]) a);
            case char[] x -> Arrays.equals(x, (char[]) a);
            case short[] x -> Arrays.equals(x, (short[]) a);
            case int[] x -> Arrays.equals(x, (int[]) a);
            case long[] x -> Arrays.equals(x, (long[]) a);
            case float[] x -> Arrays.equals(rawBits(x), rawBits((float[]) a));
            case double[] x -> Arrays.equals(rawBits(x), rawBits((double[]) a));
            default -> throw new IllegalArgumentException(e.getClass().toString());
        };
    }

    static int[] rawBits(float[] a) {
        int[] bits = new int[a.length];
        for (int k = 0; k < a.length; k++) bits[k] = Float.floatToRawIntBits(a[k]);
        return bits;
    }

    static long[] rawBits(double[] a) {
        long[] bits = new long[a.length];
        for (int k = 0; k < a.length; k++) bits[k] = Double.doubleToRawLongBits(a[k]);
        return bits;
    }

    /** Element k of a primitive array as raw bits. */
    static long bits(Object array, Class<?> t, int k) {
        if (t == float.class) return Float.floatToRawIntBits(((float[]) array)[k]);
        if (t == double.class) return Double.doubleToRawLongBits(((double[]) array)[k]);
        if (t == boolean.class) return ((boolean[]) array)[k] ? 1 : 0;
        if (t == char.class) return ((char[]) array)[k];
        return ((Number) Array.get(array, k)).longValue();
    }

    public static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    static Object[] corpus(String which, boolean canonical) {
        return switch (which) {
            case "full" -> full(canonical);
            case "hot" -> hot(canonical);
            default -> throw new IllegalArgumentException(which);
        };
    }

    public static void main(String[] args) throws Exception {
        String which = args[1];
        Path file = Path.of(args[2]);
        switch (args[0]) {
            case "write" -> {
                byte[] stream = write(corpus(which, false));
                Files.write(file, stream);
                System.out.println("sha256 " + sha256(stream));
            }
            case "read" -> {
                byte[] stream = Files.readAllBytes(file);
                Object[] expected = corpus(which, true);
                int n = read(stream, expected, false);
                int m = read(stream, expected, true);
                if (n != m) {
                    throw new AssertionError("read " + n + " objects, then " + m + " through a trickle");
                }
                System.out.println("read-ok " + n);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.println("runtime " + System.getProperty("java.vendor.version") + " " + Runtime.version());
    }
}
