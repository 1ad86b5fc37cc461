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
 * @summary Records read through the reader jdk.fastserial generates per
 *          descriptor (RecordPlan): every primitive component type and
 *          references, in an order other than the stream's, come back
 *          equal; a stream whose writer kept its images in the other byte
 *          order (a big-endian writer's: the header's flag cleared and each
 *          value's bytes reversed) reads back the same values, into a
 *          record, into a class its generated marshaler reads and into one
 *          with a readObject (the flag decides, although the descriptors'
 *          fingerprints are still this machine's: such classes take the
 *          field-by-field path, which swaps) and into an image a class's
 *          own readObject reads (getImage), and the same bytes with the
 *          flag left set read back other values (so the flag is what
 *          decides); records whose references arrive a few bytes at a time
 *          (the primitives are taken before the window moves); a
 *          constructor that throws is an InvalidObjectException with its
 *          exception as the cause, an Error from it passes as it is; a
 *          record met twice is one object. In the interpreter, C1, C2 and
 *          with every method compiled at once.
 * @modules jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm RecordReaderTest
 * @run main/othervm -Xint RecordReaderTest
 * @run main/othervm -XX:TieredStopAtLevel=1 RecordReaderTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation RecordReaderTest
 */

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.lang.reflect.ClassInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import grande.test.PiecewiseInputStream;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.internal.fastserial.Wire;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class RecordReaderTest {

    /** Components declared in an order other than the stream's (which sorts by width, then name). */
    record Values(String name, byte b, short s, char c, int i, long l, float f, double d, boolean z,
                  Object extra) implements Serializable { }

    /** The same fields in an ordinary class, which its generated marshaler reads. */
    static class Fields implements Serializable {
        private static final long serialVersionUID = 1L;
        short s;
        char c;
        int i;
        long l;
        float f;
        double d;

        @Override
        public boolean equals(Object o) {
            return o != null && o.getClass() == getClass() && o instanceof Fields x
                    && s == x.s && c == x.c && i == x.i && l == x.l
                    && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(x.f)
                    && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(x.d);
        }

        @Override
        public int hashCode() {
            return Objects.hash(s, c, i, l);
        }
    }

    /**
     * Its readObject leaves the class without a marshaler: the generic path
     * reads the superclass's level, which matches exactly, by its image.
     */
    static final class CustomFields extends Fields {
        private static final long serialVersionUID = 1L;

        private void readObject(java.io.ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    /** Writes an image of its fields itself and reads it back, as a hand-written readObject may. */
    static final class Imaged implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final ClassInfo IMAGE = image();

        transient long big;
        transient int mid;
        transient short small;
        transient char letter;

        private static ClassInfo image() {
            try {
                return Imaged.class.getClassInfo(Imaged.class.getDeclaredField("big"),
                        Imaged.class.getDeclaredField("mid"), Imaged.class.getDeclaredField("small"),
                        Imaged.class.getDeclaredField("letter"));
            } catch (NoSuchFieldException e) {
                throw new AssertionError(e);
            }
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            ((FastObjectOutputStream) out).putImage(IMAGE, this);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            ((FastObjectInputStream) in).getImage(IMAGE, this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Imaged x && big == x.big && mid == x.mid && small == x.small
                    && letter == x.letter;
        }

        @Override
        public int hashCode() {
            return Objects.hash(big, mid, small, letter);
        }
    }

    record Checked(int value) implements Serializable {
        static volatile boolean failWithError;

        Checked {
            if (value < 0) {
                if (failWithError) {
                    throw new StackOverflowError("from the constructor");
                }
                throw new IllegalArgumentException("negative: " + value);
            }
        }
    }

    record Pair(Values left, Values right) implements Serializable { }

    // Values with byte patterns found once in their stream, so that each can be reversed in place.
    static final short S = 0x1122;
    static final char C = 0x3344;
    static final int I = 0x55667788;
    static final long L = 0x99aabbccddeeff0fL;
    static final float F = Float.intBitsToFloat(0x4a1b2c3d);
    static final double D = Double.longBitsToDouble(0x4e5f6a7b8c9dae1fL);

    public static void main(String[] args) throws Exception {
        // Enough rounds for C1 and C2 to compile the generated reader in the tiered runs.
        for (int round = 0; round < 3000; round++) {
            roundTrips(round);
        }
        otherByteOrder();
        piecewise();
        constructorFailures();
        System.out.println("RecordReaderTest: passed");
    }

    static Values values(int k) {
        return new Values("v" + k, (byte) (k - 128), (short) (k * 31), (char) (0xe9 + k), k * 1_000_003,
                          k * 0x1_0000_0001L, k / 3.0f, -k / 7.0, (k & 1) == 1, k % 3 == 0 ? null : List.of(k));
    }

    static void roundTrips(int k) throws Exception {
        Values v = values(k);
        expectEquals(v, read(write(v)), "a record of every primitive type");
        Values nan = new Values(null, Byte.MIN_VALUE, Short.MIN_VALUE, Character.MAX_VALUE, Integer.MIN_VALUE,
                                Long.MIN_VALUE, Float.NaN, -0.0, false, "x");
        Values back = (Values) read(write(nan));
        expect(Float.isNaN(back.f()) && Double.doubleToRawLongBits(back.d()) == Double.doubleToRawLongBits(-0.0),
               "NaN and -0.0 components: " + back);
        expectEquals(nan.toString(), back.toString(), "extreme components");
        Pair shared = new Pair(v, v);
        Pair pair = (Pair) read(write(shared));
        expect(pair.left() == pair.right(), "a record met twice is one object");
        expectEquals(v, pair.left(), "the shared record");
    }

    static void otherByteOrder() throws Exception {
        Values v = new Values("n", (byte) 5, S, C, I, L, F, D, true, null);
        checkOtherOrder(v, "record");
        checkOtherOrder(filled(new Fields()), "class");
        checkOtherOrder(filled(new CustomFields()), "class with readObject");
        Imaged imaged = new Imaged();
        imaged.big = 0x0123456789abcdefL;
        imaged.mid = 0x2468ace1;
        imaged.small = 0x1357;
        imaged.letter = 0x7531;
        checkOtherOrder(imaged, "an image its readObject reads (getImage)", imaged.big, 8, imaged.mid, 4,
                        imaged.small, 2, imaged.letter, 2);
    }

    static Fields filled(Fields x) {
        x.s = S;
        x.c = C;
        x.i = I;
        x.l = L;
        x.f = F;
        x.d = D;
        return x;
    }

    /** obj's stream made a big-endian writer's: the flag cleared and each value reversed. */
    static void checkOtherOrder(Object obj, String what) throws Exception {
        checkOtherOrder(obj, what, S, 2, C, 2, I, 4, L, 8, Float.floatToRawIntBits(F), 4,
                        Double.doubleToRawLongBits(D), 8);
    }

    /** The same for obj's values, given as pairs: a value, its width. */
    static void checkOtherOrder(Object obj, String what, long... valuesAndWidths) throws Exception {
        byte[] little = write(obj);
        expect((little[3] & Wire.FLAG_IMAGES_LITTLE_ENDIAN) != 0, "this writer's images are little-endian");
        byte[] big = little.clone();
        for (int k = 0; k < valuesAndWidths.length; k += 2) {
            reverse(big, valuesAndWidths[k], (int) valuesAndWidths[k + 1]);
        }
        byte[] flagged = big.clone();
        big[3] &= (byte) ~Wire.FLAG_IMAGES_LITTLE_ENDIAN;
        expectEquals(obj, read(big), what + " from a big-endian writer");
        expect(!obj.equals(read(flagged)), what + ": the reversed bytes read as little-endian differ");
    }

    /** Reverses in place the only little-endian occurrence of the low `width` bytes of value. */
    static void reverse(byte[] bytes, long value, int width) {
        byte[] le = new byte[width];
        for (int k = 0; k < width; k++) {
            le[k] = (byte) (value >>> (8 * k));
        }
        int at = -1;
        for (int p = 0; p + width <= bytes.length; p++) {
            if (Arrays.equals(bytes, p, p + width, le, 0, width)) {
                expect(at < 0, "value " + Long.toHexString(value) + " found once in the stream");
                at = p;
            }
        }
        expect(at >= 0, "value " + Long.toHexString(value) + " found in the stream");
        for (int k = 0; k < width; k++) {
            bytes[at + k] = le[width - 1 - k];
        }
    }

    static void piecewise() throws Exception {
        List<Object> list = new ArrayList<>();
        for (int k = 0; k < 50; k++) {
            list.add(new Values("long name ".repeat(k), (byte) k, (short) k, (char) k, k, k, k, k, true,
                                List.of("e".repeat(k))));
        }
        byte[] bytes = write(list);
        for (int largest = 1; largest <= 13; largest += 4) {
            InputStream in = new PiecewiseInputStream(bytes, 1, largest);
            expectEquals(list, new FastObjectInputStream(in).readObject(), "records read " + largest + " bytes at a time");
        }
    }

    static void constructorFailures() throws Exception {
        // A stream can carry what the constructor refuses (a writer whose
        // class had no check): the bytes of a valid value made -1.
        byte[] bytes = write(new Checked(0x7e5a3c1d));
        int at = indexOf(bytes, 0x7e5a3c1d);
        Arrays.fill(bytes, at, at + 4, (byte) 0xff);
        InvalidObjectException e = expectThrows(InvalidObjectException.class, () -> read(bytes),
                                                "a constructor that refuses its values");
        expect(e.getCause() instanceof IllegalArgumentException, "the constructor's exception as the cause: " + e);
        expectEquals("negative: -1", e.getMessage(), "the constructor's message");
        Checked.failWithError = true;
        try {
            expectThrows(StackOverflowError.class, () -> read(bytes), "an Error from the constructor");
        } finally {
            Checked.failWithError = false;
        }
    }

    static int indexOf(byte[] bytes, int value) {
        for (int p = 0; p + 4 <= bytes.length; p++) {
            if ((bytes[p] & 0xff | (bytes[p + 1] & 0xff) << 8 | (bytes[p + 2] & 0xff) << 16
                 | (bytes[p + 3] & 0xff) << 24) == value) {
                return p;
            }
        }
        throw new AssertionError("not found: " + Integer.toHexString(value));
    }

    static byte[] write(Object obj) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(obj);
        return out.toByteArray();
    }

    static Object read(byte[] bytes) throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(bytes).readObject();
    }
}
