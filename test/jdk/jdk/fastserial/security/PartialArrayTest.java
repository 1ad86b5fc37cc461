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
 * @summary A primitive array that failed to fill is never handed out. The
 *          reader allocates primitive arrays without zeroing them and gives
 *          the array its handle before the elements arrive; a sender that
 *          stalls in the middle of an array, so that the reader's source
 *          throws (a socket timeout), and then sends a back reference to
 *          that array, reaches a class-defined readObject that caught the
 *          timeout and reads on: the back reference fails with
 *          StreamCorruptedException for each primitive type, and never
 *          returns the half-filled array (whose rest would be whatever the
 *          memory held before). The same graph without the stall reads the
 *          array once, twice referenced, for each type and for arrays
 *          larger than the reader's 1 MiB first chunk, from a source that
 *          delivers a few bytes per read. At the top level, a second
 *          readObject's back reference to the array whose first read timed
 *          out fails the same way. A source that calls back into the
 *          stream's readObject while the array fills (an application's
 *          InputStream that also reads objects), and hands that nested read
 *          a back reference to the array, gets StreamCorruptedException,
 *          never the array.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm PartialArrayTest
 * @run main/othervm -Xint PartialArrayTest
 * @run main/othervm -XX:-TieredCompilation PartialArrayTest
 */

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.lang.reflect.Array;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.Objects;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import grande.test.PiecewiseInputStream;
import grande.test.StreamBytes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class PartialArrayTest {

    /** Writes one array twice; reading, catches a timeout of the first and reads the second. */
    static final class Twice implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        transient Object first;
        transient Object second;
        transient SocketTimeoutException stalled;
        transient IOException secondFailure;

        Twice(Object array) {
            this.first = array;
            this.second = array;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeObject(first);
            out.writeObject(second);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            try {
                first = in.readObject();
            } catch (SocketTimeoutException e) {
                stalled = e;
            }
            try {
                second = in.readObject();
            } catch (StreamCorruptedException e) {
                secondFailure = e;
            }
        }
    }

    /**
     * Gives the bytes of {@code data} at most {@code step} per read, never
     * past the point a subclass names, where it does something else first.
     */
    abstract static class SteppedInput extends InputStream {
        private final byte[] data;
        private final int step;
        int pos;

        SteppedInput(byte[] data, int step) {
            this.data = data;
            this.step = step;
        }

        @Override
        public int read() throws IOException {
            byte[] b = new byte[1];
            return read(b, 0, 1) < 0 ? -1 : b[0] & 0xFF;
        }

        /** At most len bytes of data from pos, none past stopAt if pos is before it. */
        int serve(byte[] b, int off, int len, int stopAt) {
            Objects.checkFromIndexSize(off, len, b.length);
            if (pos == data.length) {
                return -1;
            }
            int end = Math.min(data.length, pos + Math.min(len, step));
            if (stopAt > pos) {
                end = Math.min(end, stopAt);
            }
            int n = end - pos;
            System.arraycopy(data, pos, b, off, n);
            pos = end;
            return n;
        }
    }

    /**
     * Gives the bytes of {@code data} at most {@code step} per read, and
     * throws one SocketTimeoutException when it reaches {@code stallAt},
     * after which the rest follows.
     */
    static final class StallingInput extends SteppedInput {
        private int stallAt;

        StallingInput(byte[] data, int step, int stallAt) {
            super(data, step);
            this.stallAt = stallAt;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos == stallAt) {
                stallAt = -1;
                throw new SocketTimeoutException("the sender stalled");
            }
            return serve(b, off, len, stallAt);     // -1 once stalled
        }
    }

    /** An array of the component type filled with a pattern no memory holds by chance. */
    static Object patterned(Class<?> component, int length) {
        Object a = Array.newInstance(component, length);
        for (int i = 0; i < length; i++) {
            int v = 0x5A5A + 3 * i;
            if (component == boolean.class) {
                Array.setBoolean(a, i, (i & 1) == 0);
            } else if (component == char.class) {
                Array.setChar(a, i, (char) v);
            } else if (component == float.class) {
                Array.setFloat(a, i, v + 0.5f);
            } else if (component == double.class) {
                Array.setDouble(a, i, v + 0.25);
            } else {
                Array.set(a, i, switch (component.getName()) {
                    case "byte" -> (byte) v;
                    case "short" -> (short) v;
                    case "int" -> v;
                    default -> (long) v << 20;
                });
            }
        }
        return a;
    }

    static byte[] write(Object obj) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(obj);
        return out.toByteArray();
    }

    static final Class<?>[] TYPES = {
        boolean.class, byte.class, char.class, short.class, int.class, long.class, float.class, double.class
    };

    public static void main(String[] args) throws Exception {
        for (Class<?> type : TYPES) {
            whole(type, 1000, 7);
            whole(type, (3 << 20) / 2 + 1, 64 * 1024);    // past the first 1 MiB chunk
            stalled(type);
            stalledTopLevel(type);
            reentered(type);
        }
        System.out.println("PASSED");
    }

    /** The graph, trickled in: one array, both references to it. */
    static void whole(Class<?> type, int length, int step) throws Exception {
        Object array = patterned(type, length);
        byte[] bytes = write(new Twice(array));
        Twice t = (Twice) new FastObjectInputStream(new PiecewiseInputStream(bytes, 1, step)).readObject();
        String what = type + "[" + length + "]";
        expect(t.stalled == null && t.secondFailure == null, what + ": read without failures");
        expect(t.first != null && t.first == t.second, what + ": one array, referenced twice");
        expect(Objects.deepEquals(new Object[] {array}, new Object[] {t.first}), what + ": the elements");
    }

    /** The sender stalls ten elements into the array, then sends only the back reference. */
    static void stalled(Class<?> type) throws Exception {
        int length = 1000;
        Object array = patterned(type, length);
        byte[] bytes = write(new Twice(array));
        int width = width(type);
        // The elements are the only run of length * width bytes that decodes to the
        // array; find them as the bytes the writer wrote for the array alone, at
        // the end of a stream that holds nothing else.
        byte[] alone = write(array);
        byte[] elements = Arrays.copyOfRange(alone, alone.length - length * width, alone.length);
        int start = StreamBytes.indexOf(bytes, elements);
        expect(start > 0, type + ": the elements found in the stream");
        InputStream forged = stallInside(bytes, start, start + elements.length, width);
        Twice t = (Twice) new FastObjectInputStream(forged).readObject();
        String what = type + "[" + length + "], stalled";
        expect(t.stalled != null, what + ": the timeout reached readObject");
        expect(t.first == null, what + ": the first read returned nothing");
        expect(t.second == null, what + ": the back reference returned nothing, got "
                + (t.second == null ? null : t.second.getClass().getName()));
        expect(t.secondFailure != null, what + ": the back reference failed");
        expectEquals(StreamCorruptedException.class, t.secondFailure.getClass(), what + ": its exception");
    }

    /** A stream of the array written twice at the top level; the first ends at end. */
    record WrittenTwice(byte[] bytes, int end) { }

    static WrittenTwice writeTwice(Object array) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(array);
        int end = (int) out.size();
        out.writeObject(array);
        return new WrittenTwice(out.toByteArray(), end);
    }

    /** The same at the top level: the array, stalled, then a second readObject's back reference to it. */
    static void stalledTopLevel(Class<?> type) throws Exception {
        int length = 1000;
        Object array = patterned(type, length);
        WrittenTwice twice = writeTwice(array);
        byte[] bytes = twice.bytes();
        int end = twice.end();
        int width = width(type);
        FastObjectInputStream in = new FastObjectInputStream(stallInside(bytes, end - length * width, end, width));
        String what = type + "[" + length + "], stalled at the top level";
        expectThrows(SocketTimeoutException.class, in::readObject, what + ": the first read");
        expectThrows(StreamCorruptedException.class, in::readObject, what + ": the back reference");
    }

    /**
     * Gives the bytes of {@code data} at most {@code step} per read. At
     * {@code reenterAt} it first reads an object from {@code stream} itself,
     * and serves that nested read the bytes of {@code nested}.
     */
    static final class ReenteringInput extends SteppedInput {
        private final int reenterAt;
        private final byte[] nested;
        private int nestedPos = -1;        // -1 until the nested read starts
        FastObjectInputStream stream;
        Object nestedResult;
        Exception nestedFailure;

        ReenteringInput(byte[] data, int step, int reenterAt, byte[] nested) {
            super(data, step);
            this.reenterAt = reenterAt;
            this.nested = nested;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos == reenterAt && nestedPos < 0) {
                nestedPos = 0;
                try {
                    nestedResult = stream.readObject();
                } catch (Exception e) {
                    nestedFailure = e;
                }
            }
            if (nestedPos >= 0 && nestedPos < nested.length) {
                int n = Math.min(len, nested.length - nestedPos);
                System.arraycopy(nested, nestedPos, b, off, n);
                nestedPos += n;
                return n;
            }
            return serve(b, off, len, reenterAt);
        }
    }

    /**
     * The array at the top level, its source calling back into the stream
     * halfway through the elements; the nested read gets the bytes of a
     * back reference to the array (those a second writeObject of it writes).
     */
    static void reentered(Class<?> type) throws Exception {
        int length = 1000;
        Object array = patterned(type, length);
        WrittenTwice twice = writeTwice(array);
        byte[] bytes = twice.bytes();
        int end = twice.end();
        ReenteringInput source = new ReenteringInput(Arrays.copyOf(bytes, end), 7,
                end - length * width(type) / 2, Arrays.copyOfRange(bytes, end, bytes.length));
        FastObjectInputStream in = new FastObjectInputStream(source);
        source.stream = in;
        String what = type + "[" + length + "], its source reading a back reference to it";
        try {
            in.readObject();
        } catch (IOException e) {
            // The nested read consumed the outer read's bytes: either outcome is fine.
        }
        expect(source.nestedPos > 0, what + ": the nested read ran");
        expect(source.nestedResult == null, what + ": the nested read returned nothing, got "
                + (source.nestedResult == null ? null : source.nestedResult.getClass().getName()));
        expect(source.nestedFailure != null, what + ": the nested read failed");
        expectEquals(StreamCorruptedException.class, source.nestedFailure.getClass(), what + ": its exception");
    }

    /**
     * What the attacker sends, from a stream whose array elements are
     * bytes[start, end): everything up to ten elements in, a stall (one
     * SocketTimeoutException), then what follows the elements (the back
     * reference to the array and the rest of the stream).
     */
    static StallingInput stallInside(byte[] bytes, int start, int end, int width) {
        int stallAt = start + 10 * width;
        byte[] forged = new byte[stallAt + bytes.length - end];
        System.arraycopy(bytes, 0, forged, 0, stallAt);
        System.arraycopy(bytes, end, forged, stallAt, bytes.length - end);
        return new StallingInput(forged, 4096, stallAt);
    }

    static int width(Class<?> type) {
        return type == boolean.class || type == byte.class ? 1
                : type == char.class || type == short.class ? 2
                : type == int.class || type == float.class ? 4 : 8;
    }
}
