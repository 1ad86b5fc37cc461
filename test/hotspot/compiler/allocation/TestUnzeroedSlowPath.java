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

/*
 * @test id=G1
 * @summary Arrays whose compiled code writes every element (asked for with
 *          Unsafe.allocateUninitializedArray, filled by an arraycopy, a
 *          string concatenation, an ObjectInputStream) are not zeroed by
 *          C2's slow-path allocation either: with no TLAB every allocation
 *          takes that path, and every result is exact; an uninitialized
 *          array shows the stale bytes the heap held (the VM did not zero
 *          it).
 * @modules java.base/jdk.internal.misc
 * @run main/othervm -XX:-UseTLAB -XX:-TieredCompilation -Xbatch -Xmx48m -XX:+UseG1GC TestUnzeroedSlowPath stale
 */

/*
 * @test id=Serial
 * @summary The same with the Serial collector.
 * @modules java.base/jdk.internal.misc
 * @run main/othervm -XX:-UseTLAB -XX:-TieredCompilation -Xbatch -Xmx48m -XX:+UseSerialGC TestUnzeroedSlowPath stale
 */

/*
 * @test id=others
 * @summary Exact results with the Parallel collector and ZGC, with a TLAB
 *          (large arrays still take the slow path) and without.
 * @modules java.base/jdk.internal.misc
 * @run main/othervm -XX:-UseTLAB -XX:-TieredCompilation -Xbatch -Xmx48m -XX:+UseParallelGC TestUnzeroedSlowPath
 * @run main/othervm -XX:-UseTLAB -XX:-TieredCompilation -Xbatch -Xmx96m -XX:+UseZGC TestUnzeroedSlowPath
 * @run main/othervm -XX:-TieredCompilation -Xmx48m TestUnzeroedSlowPath
 * @run main/othervm -Xint TestUnzeroedSlowPath
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Arrays;

import jdk.internal.misc.Unsafe;

public class TestUnzeroedSlowPath {

    static final Unsafe U = Unsafe.getUnsafe();
    static final int ROUNDS = 3000;
    static final byte STALE = (byte) 0xA5;

    static volatile Object sink;

    public static void main(String[] args) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            int n = 1000 + (round * 7919) % 30000;
            check(filled(n), n, "Unsafe.allocateUninitializedArray, every element written");
            checkCopy(n);
            checkConcat(round);
            if (round % 10 == 0) {
                checkStream(n);
            }
            garbage();
        }
        System.out.println("ok: " + ROUNDS + " rounds exact");
        if (args.length > 0 && args[0].equals("stale")) {
            stale();
        }
        System.out.println("PASSED");
    }

    /** An uninitialized long[] with every element written: element k is pattern(k). */
    static long[] filled(int n) {
        long[] a = (long[]) U.allocateUninitializedArray(long.class, n);
        for (int k = 0; k < n; k++) {
            a[k] = pattern(k);
        }
        return a;
    }

    static long pattern(int k) {
        return k * 0x9E3779B97F4A7C15L;
    }

    static void check(long[] a, int n, String what) {
        if (a.length != n) {
            throw new AssertionError(what + ": length " + a.length + ", not " + n);
        }
        for (int k = 0; k < n; k++) {
            if (a[k] != pattern(k)) {
                throw new AssertionError(what + ": element " + k + " of " + n + " is " + Long.toHexString(a[k]));
            }
        }
    }

    static final long[] SOURCE = filled(40000);

    /** Arrays.copyOf: an allocation that an arraycopy fills. */
    static void checkCopy(int n) {
        check(Arrays.copyOf(SOURCE, n), n, "Arrays.copyOf");
    }

    static final String[] PARTS = { "x", "\u00e9t\u00e9", "long part ".repeat(300), "\u4e00\u4e01" };

    /** A string concatenation: its byte[] is filled by the concatenation. */
    static void checkConcat(int round) {
        String a = PARTS[round & 3];
        String b = PARTS[(round >> 2) & 3];
        String s = a + round + b + a;
        String expected = new StringBuilder().append(a).append(round).append(b).append(a).toString();
        if (!s.equals(expected)) {
            throw new AssertionError("concatenation of round " + round + ": " + s.length() + " chars, expected "
                                     + expected.length());
        }
    }

    /** An ObjectInputStream reads primitive arrays into arrays it does not zero. */
    static void checkStream(int n) throws Exception {
        long[] original = Arrays.copyOf(SOURCE, n);
        double[] doubles = new double[n / 2];
        for (int k = 0; k < doubles.length; k++) {
            doubles[k] = k * 0.5 - 7;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Object[] { original, doubles });
        }
        Object[] back = (Object[]) new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())).readObject();
        check((long[]) back[0], n, "ObjectInputStream, long[]");
        if (!Arrays.equals(doubles, (double[]) back[1])) {
            throw new AssertionError("ObjectInputStream, double[" + doubles.length + "]");
        }
    }

    /** Fills some of the heap with STALE bytes and drops them. */
    static void garbage() {
        byte[] g = new byte[64 * 1024];
        Arrays.fill(g, STALE);
        sink = g;
    }

    /** An uninitialized byte[], in a method of its own so that C2 compiles it. */
    static byte[] uninitializedBytes(int n) {
        return (byte[]) U.allocateUninitializedArray(byte.class, n);
    }

    /**
     * Uninitialized arrays taken right after the heap held STALE garbage:
     * some of their bytes are STALE, which a zeroing allocation never shows.
     * The allocating method is compiled by C2 (-Xbatch) before the attempts.
     */
    static void stale() {
        for (int i = 0; i < 20000; i++) {
            sink = uninitializedBytes(64);
        }
        int attempts = 0;
        for (; attempts < 2000; attempts++) {
            for (int i = 0; i < 64; i++) {
                garbage();
            }
            sink = null;
            byte[] a = uninitializedBytes(64 * 1024);
            for (byte b : a) {
                if (b == STALE) {
                    System.out.println("ok: an uninitialized array shows the heap's stale bytes, attempt " + attempts);
                    return;
                }
            }
        }
        throw new AssertionError("no uninitialized array of " + attempts
                                 + " showed stale bytes: C2's slow path zeroed them");
    }
}
