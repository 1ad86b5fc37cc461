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
 * @summary The JDK's object streams on a ByteArrayOutputStream or
 *          ByteArrayInputStream convert primitive arrays straight into or
 *          out of its buffer; the image reads primitive arrays into arrays
 *          it does not zero first and resolves one-dimensional primitive
 *          array classes without a stack walk; on a BufferedOutputStream or
 *          BufferedInputStream large arrays go through the block buffer,
 *          not in runs. The bytes written are those
 *          of every other kind of stream and of an element-by-element
 *          DataOutputStream; every kind of stream reads them back; streams
 *          cut inside an array end in EOFException; shared and unshared
 *          arrays keep their handles; resolveClass is still asked, and
 *          forged array class names end in ClassNotFoundException.
 * @library /lib
 * @build grande.test.* BulkArrayCorpus
 * @run main/othervm InMemoryArrayStreamTest
 * @run main/othervm -Xint InMemoryArrayStreamTest
 * @run main/othervm -XX:TieredStopAtLevel=1 InMemoryArrayStreamTest
 * @run main/othervm -XX:-TieredCompilation InMemoryArrayStreamTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation InMemoryArrayStreamTest
 */

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

import grande.test.JdkStreams;
import grande.test.StreamBytes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectThrows;

public class InMemoryArrayStreamTest {

    /** Around 1 KiB (the block buffer: the in-memory path starts above it) and 16 KiB (runs) per element size. */
    static final int[] LENGTHS = { 0, 1, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000,
                                   2047, 2048, 2049, 4095, 4096, 4097, 8192, 8193, 20000 };

    static final Class<?>[] TYPES = { byte.class, boolean.class, char.class, short.class,
                                      int.class, float.class, long.class, double.class };

    static final int TRAILER = 0x67726e64;
    /** The int written after the array, with its block data header. */
    static final int TRAILER_BYTES = 6;

    public static void main(String[] args) throws Exception {
        Random random = new Random(0x6772616e6465L);
        int cases = 0;
        for (Class<?> type : TYPES) {
            for (int length : LENGTHS) {
                Object array = randomArray(type, length, random);
                byte[] stream = sameBytesEveryWay(array);
                readBackEveryWay(array, stream);
                if (length >= 129) {
                    cutInsideTheArray(array, stream);
                }
                cases++;
            }
        }
        System.out.println("ok: " + cases + " arrays written and read every way");
        sharedAndUnshared(random);
        classResolution();
        System.out.println("PASSED");
    }

    // ---- the bytes

    /**
     * Writes array with an int after it through an exact ByteArrayOutputStream
     * (fresh, and grown from one byte behind a prefix), through a subclass of
     * it and through a plain OutputStream: the same bytes every way, ending
     * in the elements as DataOutputStream writes them one by one.
     */
    static byte[] sameBytesEveryWay(Object array) throws IOException {
        String what = describe(array);
        ByteArrayOutputStream exact = new ByteArrayOutputStream();
        write(exact, array);
        byte[] stream = exact.toByteArray();

        byte[] prefix = { 1, 2, 3 };
        ByteArrayOutputStream grown = new ByteArrayOutputStream(1);
        grown.write(prefix);
        write(grown, array);
        byte[] withPrefix = grown.toByteArray();
        expect(Arrays.equals(withPrefix, 0, 3, prefix, 0, 3)
               && Arrays.equals(withPrefix, 3, withPrefix.length, stream, 0, stream.length),
               what + ": a ByteArrayOutputStream grown from one byte behind a prefix holds the same bytes");

        ByteArrayOutputStream sub = new ByteArrayOutputStream() { };
        write(sub, array);
        expect(Arrays.equals(sub.toByteArray(), stream), what + ": a subclass of ByteArrayOutputStream gets the same bytes");

        CountingOut counting = new CountingOut();
        write(counting, array);
        expect(Arrays.equals(counting.toByteArray(), stream) && counting.written == stream.length,
               what + ": a subclass that overrides write(byte[], int, int) gets the same bytes, all through its write");

        ByteArrayOutputStream behind = new ByteArrayOutputStream();
        write(new BulkArrayCorpus.Forwarding(behind), array);
        expect(Arrays.equals(behind.toByteArray(), stream), what + ": a plain OutputStream gets the same bytes");

        // RMI's connections: its 8 KiB default, and one smaller than the block buffer
        for (int size : new int[] { 8192, 16 }) {
            ByteArrayOutputStream underBuffer = new ByteArrayOutputStream();
            write(new BufferedOutputStream(underBuffer, size), array);
            expect(Arrays.equals(underBuffer.toByteArray(), stream),
                   what + ": a BufferedOutputStream of " + size + " bytes passes on the same bytes");
        }

        // ... elements, then the int in a data block: TC_BLOCKDATA, 4, the int
        byte[] elements = elementBytes(array);
        int end = stream.length - TRAILER_BYTES;
        expect(end - elements.length > 0 && Arrays.equals(stream, end - elements.length, end, elements, 0, elements.length),
               what + ": the elements in the stream are those DataOutputStream writes one by one");
        expect(stream[end] == 0x77 && stream[end + 1] == 4 && readTrailer(stream, end + 2) == TRAILER,
               what + ": the int after the array, in a data block");
        return stream;
    }

    static void write(OutputStream sink, Object array) throws IOException {
        ObjectOutputStream out = new ObjectOutputStream(sink);
        out.writeObject(array);
        out.writeInt(TRAILER);
        out.flush();
    }

    // ---- reading back

    static void readBackEveryWay(Object array, byte[] stream) throws Exception {
        String what = describe(array);
        check(array, stream, new ByteArrayInputStream(stream), what + " from a ByteArrayInputStream");

        byte[] padded = new byte[stream.length + 13];
        System.arraycopy(stream, 0, padded, 6, stream.length);
        ByteArrayInputStream window = new ByteArrayInputStream(padded, 6, stream.length);
        check(array, stream, window, what + " from a window of a larger ByteArrayInputStream");
        expect(window.available() == 0 && window.read() == -1,
               what + ": the window is read to its end and no further");

        check(array, stream, new ByteArrayInputStream(stream) { }, what + " from a subclass of ByteArrayInputStream");
        CountingIn counting = new CountingIn(stream);
        check(array, stream, counting, what + " from a subclass that overrides read(byte[], int, int)");
        expect(counting.read == stream.length - counting.singleBytes,
               what + ": all bytes but single ones came through the subclass's read(byte[], int, int)");
        check(array, stream, new BulkArrayCorpus.Trickle(new ByteArrayInputStream(stream)), what + " 7 bytes a read");
        check(array, stream, new BufferedInputStream(new ByteArrayInputStream(stream)),
              what + " from a BufferedInputStream");
        check(array, stream, new BufferedInputStream(new BulkArrayCorpus.Trickle(new ByteArrayInputStream(stream)), 16),
              what + " from a BufferedInputStream of 16 bytes, 7 bytes a read beneath it");
    }

    static void check(Object expected, byte[] stream, InputStream source, String what) throws Exception {
        ObjectInputStream in = new ObjectInputStream(source);
        Object actual = in.readObject();
        // Arrays.equals compares floats and doubles by their canonical bits, what the stream
        // keeps (BulkArrayCorpus.sameBits compares raw bits)
        expect(actual.getClass() == expected.getClass() && Objects.deepEquals(expected, actual),
               what + ": the same elements");
        expect(in.readInt() == TRAILER, what + ": the int after the array");
        expect(in.read() == -1, what + ": nothing after it");
    }

    /**
     * The stream cut short inside the array's elements: EOFException from
     * every kind of stream, as from one that ends there.
     */
    static void cutInsideTheArray(Object array, byte[] stream) {
        int elements = elementBytes(array).length;
        int start = stream.length - TRAILER_BYTES - elements;
        for (int cut : new int[] { start, start + 1, start + elements / 2, start + elements - 1 }) {
            String what = describe(array) + " cut " + (cut - start) + " bytes into its elements";
            byte[] shortStream = Arrays.copyOf(stream, cut);
            expectThrows(EOFException.class, () -> new ObjectInputStream(new ByteArrayInputStream(shortStream)).readObject(),
                         what + ", from a ByteArrayInputStream");
            expectThrows(EOFException.class, () -> new ObjectInputStream(new ByteArrayInputStream(stream, 0, cut)).readObject(),
                         what + ", from a window that ends there");
            expectThrows(EOFException.class,
                         () -> new ObjectInputStream(new BulkArrayCorpus.Trickle(new ByteArrayInputStream(shortStream))).readObject(),
                         what + ", 7 bytes a read");
            expectThrows(EOFException.class,
                         () -> new ObjectInputStream(new BufferedInputStream(new ByteArrayInputStream(shortStream))).readObject(),
                         what + ", from a BufferedInputStream");
            // A subclass may set the protected fields: one whose count claims
            // more than its buffer holds fails as ByteArrayInputStream.read
            // fails on it, and never hands out bytes from beyond the buffer.
            expectThrows(IndexOutOfBoundsException.class,
                         () -> new ObjectInputStream(new Overclaiming(shortStream)).readObject(),
                         what + ", from a ByteArrayInputStream whose count is past its buffer");
        }
    }

    // ---- handles

    /**
     * Arrays written twice come back as one array; arrays after them keep
     * their handles; a back reference to an array read unshared is refused.
     */
    static void sharedAndUnshared(Random random) throws Exception {
        double[] a = (double[]) randomArray(double.class, 5000, random);
        int[] b = (int[]) randomArray(int.class, 300, random);
        char[] c = (char[]) randomArray(char.class, 20000, random);
        Object[] graph = { a, b, a, c, b, "after" };
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        out.writeObject(graph);
        out.writeObject(c);
        out.writeUnshared(b);
        out.writeObject(a);
        out.flush();

        for (boolean trickle : new boolean[] { false, true }) {
            InputStream source = new ByteArrayInputStream(bytes.toByteArray());
            ObjectInputStream in = new ObjectInputStream(trickle ? new BulkArrayCorpus.Trickle(source) : source);
            Object[] back = (Object[]) in.readObject();
            String how = trickle ? " (7 bytes a read)" : "";
            expect(back[0] == back[2] && back[1] == back[4] && back[0] != back[1] && back[3] != back[0],
                   "arrays written twice come back as one" + how);
            expect(Arrays.equals(a, (double[]) back[0]) && Arrays.equals(b, (int[]) back[1])
                   && Arrays.equals(c, (char[]) back[3]) && "after".equals(back[5]), "the graph's elements" + how);
            expect(in.readObject() == back[3], "a later back reference finds the char[]" + how);
            int[] unshared = (int[]) in.readUnshared();
            expect(unshared != back[1] && Arrays.equals(b, unshared), "writeUnshared gives a copy" + how);
            expect(in.readObject() == back[0], "the handles after an unshared array are in step" + how);
        }

        // The same array twice: the second is a back reference, read here after readUnshared.
        ByteArrayOutputStream twice = new ByteArrayOutputStream();
        ObjectOutputStream out2 = new ObjectOutputStream(twice);
        out2.writeObject(a);
        out2.writeObject(a);
        out2.flush();
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(twice.toByteArray()));
        expect(Arrays.equals(a, (double[]) in.readUnshared()), "the array read unshared");
        expectThrows(InvalidObjectException.class, in::readObject, "a back reference to an array read unshared");
        System.out.println("ok: shared and unshared arrays");
    }

    // ---- class resolution

    static final class Counting extends JdkStreams.ResolveRecorder {
        Counting(InputStream in) throws IOException {
            super(in);
        }

        Class<?> resolve(Class<?> cl) throws Exception {
            return super.resolveClass(ObjectStreamClass.lookup(cl));
        }
    }

    static void classResolution() throws Exception {
        Object[] arrays = { new double[2], new int[0], new double[1][1], new String[] { "s" },
                            new boolean[1], new byte[3], new long[1], new char[1], new short[1], new float[1] };
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        out.writeObject(arrays);
        out.flush();
        Counting in = new Counting(new ByteArrayInputStream(bytes.toByteArray()));
        Object[] back = (Object[]) in.readObject();
        for (int k = 0; k < arrays.length; k++) {
            expect(back[k].getClass() == arrays[k].getClass(), "resolved " + arrays[k].getClass().getName());
        }
        expect(in.resolved.containsAll(List.of("[Ljava.lang.Object;", "[D", "[I", "[[D", "[Ljava.lang.String;",
                                            "[Z", "[B", "[J", "[C", "[S", "[F")),
               "a subclass's resolveClass is asked for every array class: " + in.resolved);
        for (Class<?> cl : new Class<?>[] { double[].class, int[].class, boolean[].class, double[][].class,
                                            String[].class, Object[].class }) {
            expect(in.resolve(cl) == cl, "ObjectInputStream.resolveClass resolves " + cl.getName());
        }

        // Names that look like primitive arrays and are not: the stream of an
        // empty double[] (no elements to misread) with its name replaced.
        ByteArrayOutputStream one = new ByteArrayOutputStream();
        ObjectOutputStream out1 = new ObjectOutputStream(one);
        out1.writeObject(new double[0]);
        out1.flush();
        byte[] stream = one.toByteArray();
        int at = StreamBytes.indexOf(stream, new byte[] { 0, 2, '[', 'D' });
        expect(at > 0, "the class name [D in the stream");
        for (String forged : new String[] { "[Q", "[V", "[[", "D[", "xD" }) {
            byte[] copy = stream.clone();
            copy[at + 2] = (byte) forged.charAt(0);
            copy[at + 3] = (byte) forged.charAt(1);
            expectThrows(ClassNotFoundException.class,
                         () -> new ObjectInputStream(new ByteArrayInputStream(copy)).readObject(),
                         "an array of class " + forged);
        }
        System.out.println("ok: class resolution");
    }

    // ---- helpers

    /** Claims to hold more bytes than its buffer has (count past the end). */
    static final class Overclaiming extends ByteArrayInputStream {
        Overclaiming(byte[] b) {
            super(b);
            count = Integer.MAX_VALUE;
        }
    }

    /** Counts what goes through write(byte[], int, int). */
    static final class CountingOut extends ByteArrayOutputStream {
        int written;

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            written += len;
            super.write(b, off, len);
        }

        @Override
        public synchronized void write(int b) {
            written++;
            super.write(b);
        }
    }

    /** Counts what comes through read(byte[], int, int) and read(). */
    static final class CountingIn extends ByteArrayInputStream {
        int read;
        int singleBytes;

        CountingIn(byte[] b) {
            super(b);
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            int n = super.read(b, off, len);
            read += Math.max(n, 0);
            return n;
        }

        @Override
        public synchronized int read() {
            int c = super.read();
            singleBytes += c >= 0 ? 1 : 0;
            return c;
        }
    }

    static Object randomArray(Class<?> type, int length, Random random) {
        Object a = Array.newInstance(type, length);
        for (int k = 0; k < length; k++) {
            long bits = random.nextLong();
            if (type == byte.class) {
                Array.setByte(a, k, (byte) bits);
            } else if (type == boolean.class) {
                Array.setBoolean(a, k, (bits & 1) != 0);
            } else if (type == char.class) {
                Array.setChar(a, k, (char) bits);
            } else if (type == short.class) {
                Array.setShort(a, k, (short) bits);
            } else if (type == int.class) {
                Array.setInt(a, k, (int) bits);
            } else if (type == float.class) {
                // every fourth a NaN with a payload the stream makes canonical
                Array.setFloat(a, k, Float.intBitsToFloat(k % 4 == 3 ? 0x7fc00000 | (int) (bits & 0x3fffff) | 1 : (int) bits));
            } else if (type == long.class) {
                Array.setLong(a, k, bits);
            } else {
                Array.setDouble(a, k, Double.longBitsToDouble(k % 4 == 3 ? 0x7ff8000000000000L | (bits & 0xfffffffffffL) | 1 : bits));
            }
        }
        return a;
    }

    /** The elements as DataOutputStream writes them one by one (NaNs canonical). */
    static byte[] elementBytes(Object a) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            int n = Array.getLength(a);
            for (int k = 0; k < n; k++) {
                switch (a) {
                    case byte[] v -> out.writeByte(v[k]);
                    case boolean[] v -> out.writeBoolean(v[k]);
                    case char[] v -> out.writeChar(v[k]);
                    case short[] v -> out.writeShort(v[k]);
                    case int[] v -> out.writeInt(v[k]);
                    case float[] v -> out.writeFloat(v[k]);
                    case long[] v -> out.writeLong(v[k]);
                    case double[] v -> out.writeDouble(v[k]);
                    default -> throw new IllegalArgumentException(a.getClass().getName());
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static int readTrailer(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    static String describe(Object array) {
        return array.getClass().getComponentType().getName() + "[" + Array.getLength(array) + "]";
    }
}
