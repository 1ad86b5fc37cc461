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
 * @test
 * @summary The window under every fast stream lets an accessor of n bytes
 *          at index i through exactly when 0 <= i and i + n <= limit, and
 *          otherwise throws IndexOutOfBoundsException without touching
 *          memory: for every accessor width, windows of 0 to 17 bytes over a
 *          byte[] (with bytes before and after the window) and over native
 *          memory, indices around both ends and near Integer.MIN_VALUE and
 *          MAX_VALUE (where i + n overflows). Then, as a compiled record
 *          reader or field writer does, several accessors at constant
 *          offsets from one index, compiled by C2 with every index in range
 *          and then given an index whose last byte only is out: the whole
 *          call throws and nothing is written past the window. The same in
 *          the interpreter, C1 and C2.
 * @modules jdk.fastserial/jdk.internal.fastserial
 * @run main/othervm -XX:-OmitStackTraceInFastThrow WindowBoundsTest
 * @run main/othervm -Xint WindowBoundsTest
 * @run main/othervm -XX:TieredStopAtLevel=1 WindowBoundsTest
 * @run main/othervm -XX:-TieredCompilation WindowBoundsTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import jdk.internal.fastserial.Window;

public class WindowBoundsTest {

    private static final int[] WIDTHS = {1, 2, 4, 8};
    /** Bytes of the array before and after the window, which no access may touch. */
    private static final int GUARD = 16;
    private static final byte GUARD_BYTE = (byte) 0xA5;

    public static void main(String[] args) throws Exception {
        for (int limit = 0; limit <= 17; limit++) {
            byte[] array = new byte[GUARD + limit + GUARD];
            for (int k = 0; k < array.length; k++) {
                array[k] = (byte) k;
            }
            checkEveryIndex(Window.ofArray(array, GUARD, limit), limit, array, GUARD);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(GUARD + limit + GUARD);
                for (int k = 0; k < seg.byteSize(); k++) {
                    seg.set(ValueLayout.JAVA_BYTE, k, (byte) k);
                }
                checkEveryIndex(Window.of(seg, GUARD, limit), limit, null, GUARD);
            }
        }
        checkFoldedChecks();
        System.out.println("passed");
    }

    private static void checkEveryIndex(Window w, int limit, byte[] array, int start) {
        int[] indices = indicesAround(limit);
        for (int n : WIDTHS) {
            for (int i : indices) {
                boolean inside = i >= 0 && (long) i + n <= limit;
                String what = n + "-byte access at " + i + " of a window of " + limit;
                // reads: the value of bytes start + i ... (little-endian)
                try {
                    long got = get(w, i, n);
                    if (!inside) {
                        throw new AssertionError(what + ": read " + got + ", not refused");
                    }
                    long expected = 0;
                    for (int k = n - 1; k >= 0; k--) {
                        expected = (expected << 8) | ((start + i + k) & 0xFF);
                    }
                    if (got != expected) {
                        throw new AssertionError(what + ": read " + Long.toHexString(got)
                                + ", expected " + Long.toHexString(expected));
                    }
                } catch (IndexOutOfBoundsException e) {
                    if (inside) {
                        throw new AssertionError(what + ": refused", e);
                    }
                }
                // writes: only inside, and only the n bytes
                byte[] before = array != null ? array.clone() : null;
                try {
                    put(w, i, n, GUARD_BYTE);
                    if (!inside) {
                        throw new AssertionError(what + ": written, not refused");
                    }
                } catch (IndexOutOfBoundsException e) {
                    if (inside) {
                        throw new AssertionError(what + ": write refused", e);
                    }
                }
                if (array != null) {
                    for (int k = 0; k < array.length; k++) {
                        boolean written = inside && k >= start + i && k < start + i + n;
                        byte want = written ? GUARD_BYTE : before[k];
                        if (array[k] != want) {
                            throw new AssertionError(what + ": byte " + k + " of the array is "
                                    + array[k] + ", expected " + want);
                        }
                    }
                    // restore, so later reads see the pattern
                    for (int k = 0; k < n && inside; k++) {
                        array[start + i + k] = (byte) (start + i + k);
                    }
                } else if (inside) {
                    for (int k = 0; k < n; k++) {
                        w.putByte(i + k, (byte) (start + i + k));
                    }
                }
            }
        }
    }

    private static int[] indicesAround(int limit) {
        int[] near = new int[64];
        int c = 0;
        for (int i = -10; i <= limit + 10 && c < near.length - 10; i++) {
            near[c++] = i;
        }
        for (int d = 0; d <= 8; d++) {
            near[c++] = Integer.MAX_VALUE - d;
        }
        near[c++] = Integer.MIN_VALUE;
        return Arrays.copyOf(near, c);
    }

    private static long get(Window w, int i, int n) {
        return switch (n) {
            case 1 -> w.getByte(i) & 0xFFL;
            case 2 -> w.getShort(i, false) & 0xFFFFL;
            case 4 -> w.getInt(i, false) & 0xFFFF_FFFFL;
            default -> w.getLong(i, false);
        };
    }

    private static void put(Window w, int i, int n, byte b) {
        long v = 0;
        for (int k = 0; k < n; k++) {
            v = (v << 8) | (b & 0xFF);
        }
        switch (n) {
            case 1 -> w.putByte(i, b);
            case 2 -> w.putShort(i, (short) v, false);
            case 4 -> w.putInt(i, (int) v, false);
            default -> w.putLong(i, v, false);
        }
    }

    // ---- accessors at constant offsets from one index, compiled ----

    /** A record's components as its generated reader reads them: 8 + 4 + 8 + 2 + 1 = 23 bytes. */
    private static long readRecordLike(Window w, int at) {
        return w.getLong(at, false) + w.getInt(at + 8, false) + w.getLong(at + 12, false)
                + w.getShort(at + 20, false) + w.getByte(at + 22);
    }

    /** The same layout written: 23 bytes from at. */
    private static void writeRecordLike(Window w, int at, long v) {
        w.putLong(at, v, false);
        w.putInt(at + 8, (int) v, false);
        w.putLong(at + 12, v, false);
        w.putShort(at + 20, (short) v, false);
        w.putByte(at + 22, (byte) v);
    }

    private static final int RECORD_BYTES = 23;

    private static void checkFoldedChecks() {
        int limit = 64;
        byte[] array = new byte[GUARD + limit + GUARD];
        Arrays.fill(array, (byte) 1);
        Window w = Window.ofArray(array, GUARD, limit);
        long sum = 0;
        // warm both up with every index in range, long enough for C2
        for (int round = 0; round < 20_000; round++) {
            int at = round % (limit - RECORD_BYTES + 1);
            sum += readRecordLike(w, at);
            writeRecordLike(w, at, 0x0101_0101_0101_0101L);
        }
        if (sum == 0) {
            throw new AssertionError("nothing read");
        }
        // each index whose first bytes are inside and last byte is not, and before 0
        int[] outside = {limit - RECORD_BYTES + 1, limit - 1, limit, -1, -8, -22,
                         Integer.MAX_VALUE - 10, Integer.MIN_VALUE};
        for (int at : outside) {
            byte[] before = array.clone();
            try {
                long v = readRecordLike(w, at);
                throw new AssertionError("record-like read at " + at + " of " + limit + ": " + v);
            } catch (IndexOutOfBoundsException expected) {
            }
            try {
                writeRecordLike(w, at, 0x7F7F_7F7F_7F7F_7F7FL);
                throw new AssertionError("record-like write at " + at + " of " + limit + " not refused");
            } catch (IndexOutOfBoundsException expected) {
            }
            for (int k = 0; k < GUARD; k++) {
                if (array[k] != before[k] || array[GUARD + limit + k] != before[GUARD + limit + k]) {
                    throw new AssertionError("record-like write at " + at
                            + " touched a byte outside the window");
                }
            }
        }
        // and the last index in range still works
        writeRecordLike(w, limit - RECORD_BYTES, 0x0202_0202_0202_0202L);
        if (array[GUARD + limit - 1] != 2 || array[GUARD + limit] != 1) {
            throw new AssertionError("the last record-like write in range went wrong");
        }
    }
}
