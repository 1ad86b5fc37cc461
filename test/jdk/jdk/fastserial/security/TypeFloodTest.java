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
 * @test id=count
 * @summary A peer floods one stream (one readObject of nested Object[]s)
 *          with millions of distinct type descriptors of one local class
 *          (each with another extra field, which the reader skips): in a
 *          64 MB heap the reader ends in InvalidClassException or
 *          StreamCorruptedException naming jdk.fastserial.maxTypes or
 *          jdk.fastserial.maxDescriptorBytes, never OutOfMemoryError.
 * @modules jdk.fastserial jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Xmx64m -XX:-OmitStackTraceInFastThrow TypeFloodTest count
 */

/*
 * @test id=bytes
 * @summary A peer floods one stream with large type descriptors (2000
 *          fields with 100-character names each, 200 KB a descriptor): in a
 *          64 MB heap the reader ends in InvalidClassException or
 *          StreamCorruptedException naming jdk.fastserial.maxTypes or
 *          jdk.fastserial.maxDescriptorBytes, never OutOfMemoryError.
 * @modules jdk.fastserial jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Xmx64m -XX:-OmitStackTraceInFastThrow TypeFloodTest bytes
 */

/*
 * @test id=unknown
 * @summary A peer floods one stream with millions of descriptors of
 *          classes that do not exist (the reader keeps each type, with its
 *          ClassNotFoundException): in a 64 MB heap the reader ends in
 *          InvalidClassException or StreamCorruptedException naming
 *          jdk.fastserial.maxTypes or jdk.fastserial.maxDescriptorBytes,
 *          never OutOfMemoryError.
 * @modules jdk.fastserial jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Xmx64m -XX:-OmitStackTraceInFastThrow TypeFloodTest unknown
 */

/*
 * @test id=maxTypes
 * @summary -Djdk.fastserial.maxTypes=100: a stream with 100 distinct types
 *          reads (objects of known types after them too); in one with 101
 *          the first 100 objects read and the 101st type is an
 *          InvalidClassException or StreamCorruptedException naming
 *          jdk.fastserial.maxTypes.
 * @modules jdk.fastserial jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djdk.fastserial.maxTypes=100 TypeFloodTest maxTypes
 */

/*
 * @test id=maxDescriptorBytes
 * @summary -Djdk.fastserial.maxDescriptorBytes=4096: a stream with one
 *          descriptor of about 500 bytes reads; one with a descriptor of
 *          about 16 KB, and one with 40 descriptors of about 250 bytes each
 *          (the limit is per stream, as maxTypes: 10 KB of descriptors in
 *          all), end in InvalidClassException or StreamCorruptedException
 *          naming jdk.fastserial.maxDescriptorBytes, after the objects whose
 *          descriptors fit.
 * @modules jdk.fastserial jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djdk.fastserial.maxDescriptorBytes=4096 TypeFloodTest maxDescriptorBytes
 */

/*
 * @test id=filter
 * @summary A JVM-wide filter limits descriptors too: with
 *          -Djdk.serialFilter=maxrefs=50 a flood of descriptors of classes
 *          that do not exist (each new type counts as a reference, as each
 *          class descriptor is a handle in the JDK's ObjectInputStream, and
 *          the JDK's stream asks the filter about a descriptor whose class
 *          it cannot find) ends in InvalidClassException ("filter status:
 *          REJECTED") within its first kilobytes, in a 64 MB heap.
 * @modules jdk.fastserial jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Xmx64m -Djdk.serialFilter=maxrefs=50 TypeFloodTest filter
 */

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.Serial;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import grande.test.Checks;
import grande.test.StreamBytes;
import jdk.fastserial.FastObjectInputStream;
import jdk.internal.fastserial.Wire;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class TypeFloodTest {

    static final String MAX_TYPES = "jdk.fastserial.maxTypes";
    static final String MAX_DESCRIPTOR_BYTES = "jdk.fastserial.maxDescriptorBytes";

    /** The local class the descriptors describe; the stream's extra fields are skipped. */
    static final class Point implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        int x;
    }

    /** Object[], predefined. */
    static final int OBJECT_ARRAY = Arrays.asList(Wire.PREDEFINED).indexOf(Object[].class);

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "count" -> flood(TypeFloodTest::smallDescriptor, 2000, 2000, false);
            case "bytes" -> flood(TypeFloodTest::largeDescriptor, 100, 100, false);
            case "unknown" -> flood(TypeFloodTest::unknownClass, 2000, 2000, true);
            case "maxTypes" -> maxTypes();
            case "maxDescriptorBytes" -> maxDescriptorBytes();
            case "filter" -> filter();
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.println("PASSED");
    }

    // ---------------------------------------------------------------- cases --

    /**
     * Reads one object, outer arrays of inner arrays of elements, each
     * element an object with a new descriptor: first three elements (the
     * stream is what the reader expects), then the flood.
     */
    static void flood(IntFunction<byte[]> element, int outer, int inner, boolean unknown) throws Exception {
        Flood sample = new Flood(element, 1, 3);
        if (unknown) {
            Checks.expectThrows(ClassNotFoundException.class, () -> new FastObjectInputStream(sample).readObject(),
                                 "a sample of the flood: objects of classes that do not exist");
        } else {
            Object[] outerArray = (Object[]) new FastObjectInputStream(sample).readObject();
            Object[] innerArray = (Object[]) outerArray[0];
            expectEquals(3, innerArray.length, "a sample of the flood: its elements");
            for (int i = 0; i < 3; i++) {
                expectEquals(i, ((Point) innerArray[i]).x, "a sample of the flood: element " + i);
            }
        }
        Flood flood = new Flood(element, outer, inner);
        Throwable t = readFlood(flood);
        expectLimit(t, flood, MAX_TYPES, MAX_DESCRIPTOR_BYTES);
    }

    /** Reads the flood; what it threw (null if nothing), with how much it read. */
    static Throwable readFlood(Flood flood) {
        long start = System.nanoTime();
        Throwable thrown = null;
        try {
            // a local: the objects read are garbage once it fails
            new FastObjectInputStream(flood).readObject();
        } catch (Throwable t) {
            thrown = t;
        }
        System.out.println("read " + flood.elements + " elements of the flood (" + flood.produced
                           + " bytes handed to the reader) in "
                           + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms; thrown: " + thrown);
        return thrown;
    }

    /** t is an InvalidClassException or StreamCorruptedException naming one of the properties. */
    static void expectLimit(Throwable t, Flood flood, String... properties) {
        if (t == null) {
            throw new AssertionError("expected a limit; the whole flood read (" + flood.produced + " bytes)");
        }
        if (t instanceof OutOfMemoryError) {
            throw new AssertionError("OutOfMemoryError after " + flood.elements + " descriptors ("
                                     + flood.produced + " bytes) instead of a limit", t);
        }
        boolean named = false;
        for (String p : properties) {
            named |= t.getMessage() != null && t.getMessage().contains(p);
        }
        if (!(t instanceof InvalidClassException || t instanceof StreamCorruptedException) || !named) {
            throw new AssertionError("expected InvalidClassException or StreamCorruptedException naming "
                                     + String.join(" or ", properties) + ", got " + t, t);
        }
        System.out.println("ok: the flood ends in " + t);
    }

    static void maxTypes() throws Exception {
        expectEquals("100", System.getProperty(MAX_TYPES), MAX_TYPES);
        // 100 types, then more objects of the types already known
        byte[] hundred = sequence(100, true, TypeFloodTest::smallDescriptor);
        FastObjectInputStream in = new FastObjectInputStream(hundred);
        for (int i = 0; i < 100; i++) {
            expectEquals(i, ((Point) in.readObject()).x, "object " + i + " of 100 distinct types");
        }
        for (int i = 0; i < 100; i++) {
            expectEquals(1000 + i, ((Point) in.readObject()).x, "object " + i + " of a type already known");
        }
        Checks.expectThrows(EOFException.class, in::readObject, "the end of the stream of 100 types");
        System.out.println("ok: a stream with 100 distinct types reads");

        byte[] hundredOne = sequence(101, false, TypeFloodTest::smallDescriptor);
        FastObjectInputStream in2 = new FastObjectInputStream(hundredOne);
        for (int i = 0; i < 100; i++) {
            expectEquals(i, ((Point) in2.readObject()).x, "object " + i + " of 101 distinct types");
        }
        expectNamedFailure(in2::readObject, "the 101st distinct type", MAX_TYPES);
    }

    static void maxDescriptorBytes() throws Exception {
        expectEquals("4096", System.getProperty(MAX_DESCRIPTOR_BYTES), MAX_DESCRIPTOR_BYTES);
        byte[] small = sequence(1, false, i -> pointDescriptor(i, 20, 20));
        expect(small.length > 400 && small.length < 700, "a small descriptor: " + small.length + " bytes");
        expectEquals(0, ((Point) new FastObjectInputStream(small).readObject()).x, "a descriptor of "
                     + small.length + " bytes");

        byte[] large = sequence(1, false, i -> pointDescriptor(i, 400, 40));
        expect(large.length > 16_000, "a large descriptor: " + large.length + " bytes");
        expectNamedFailure(() -> new FastObjectInputStream(large).readObject(),
                           "a descriptor of " + large.length + " bytes", MAX_DESCRIPTOR_BYTES);

        int n = 40;
        byte[] many = sequence(n, false, i -> pointDescriptor(i, 10, 20));
        System.out.println(n + " descriptors of about " + many.length / n + " bytes");
        FastObjectInputStream in = new FastObjectInputStream(many);
        expectEquals(0, ((Point) in.readObject()).x, "the first of " + n + " small descriptors");
        for (int i = 1; i < n; i++) {
            Object o;
            try {
                o = in.readObject();
            } catch (InvalidClassException | StreamCorruptedException e) {
                expect(e.getMessage() != null && e.getMessage().contains(MAX_DESCRIPTOR_BYTES),
                       "descriptor " + i + " of " + n + " (" + (i + 1) * many.length / n
                       + " bytes of descriptors) fails naming " + MAX_DESCRIPTOR_BYTES + ": " + e);
                return;
            }
            expectEquals(i, ((Point) o).x, "object " + i);
        }
        throw new AssertionError(n + " descriptors, " + many.length + " bytes, read under "
                                 + MAX_DESCRIPTOR_BYTES + "=4096");
    }

    static void filter() throws Exception {
        expectEquals("maxrefs=50", System.getProperty("jdk.serialFilter"), "jdk.serialFilter");
        Flood flood = new Flood(TypeFloodTest::unknownClass, 2000, 2000);
        Throwable t = readFlood(flood);
        if (t instanceof OutOfMemoryError) {
            throw new AssertionError("OutOfMemoryError after " + flood.elements + " descriptors: the filter was "
                                     + "not asked about descriptors of classes that do not exist", t);
        }
        if (!(t instanceof InvalidClassException) || !t.getMessage().contains("filter status: REJECTED")) {
            throw new AssertionError("expected InvalidClassException (filter status: REJECTED), got " + t, t);
        }
        System.out.println("ok: the flood ends in " + t);
        expect(flood.elements < 1000, "the filter stops the flood within its first references: after "
               + flood.elements + " elements");
    }

    static void expectNamedFailure(Checks.Action action, String what, String property) {
        Throwable t = Checks.expectThrows(Throwable.class, action, what);
        if (!(t instanceof InvalidClassException || t instanceof StreamCorruptedException)
                || t.getMessage() == null || !t.getMessage().contains(property)) {
            throw new AssertionError(what + ": expected InvalidClassException or StreamCorruptedException naming "
                                     + property + ", got " + t, t);
        }
        System.out.println("ok: " + what + " names " + property);
    }

    // -------------------------------------------------------------- streams --

    /**
     * A stream of n objects, one after the other (n readObject calls), each
     * with a new descriptor made by element; with known, then n objects
     * (x = 1000 + i) of those n types, by their ids (small descriptors).
     */
    static byte[] sequence(int n, boolean known, IntFunction<byte[]> element) {
        StreamBytes e = header();
        for (int i = 0; i < n; i++) {
            e.raw(element.apply(i));
        }
        for (int i = 0; known && i < n; i++) {
            // the stream's types get ids after the predefined ones
            e.bytes(Wire.OBJECT).varint(Wire.FIRST_STREAM_TYPE_ID + i).int32(1000 + i).zeros(1);
        }
        return e.done();
    }

    /** A Point with a descriptor of its own: x and one byte field named f<i>. */
    static byte[] smallDescriptor(int i) {
        return pointDescriptor(i, 1, 0);
    }

    /** A Point whose descriptor has 2000 byte fields with names of 100 characters. */
    static byte[] largeDescriptor(int i) {
        return pointDescriptor(i, 2000, 100);
    }

    /**
     * An OBJECT item of Point with a new descriptor (fingerprint 0: read field
     * by field): x, then extra byte fields, the first named after i so that
     * every descriptor differs, each name padded to nameLength; then the
     * data: x = i, the extra bytes 0.
     */
    static byte[] pointDescriptor(int i, int extraFields, int nameLength) {
        StreamBytes e = new StreamBytes();
        e.bytes(Wire.OBJECT).varint(0).bytes(Wire.KIND_SERIALIZABLE).latin1(Point.class.getName()).int64(1L);
        e.varint(1);                                    // one level, the class's own
        e.int64(1L).bytes(0).int64(0L);                 // its suid, flags, fingerprint
        e.varint(1 + extraFields);
        e.bytes('I').latin1("x");
        for (int f = 0; f < extraFields; f++) {
            String name = "f" + i + "_" + f + "_";
            e.bytes('B').latin1(name + "y".repeat(Math.max(0, nameLength - name.length())));
        }
        e.varint(0);                                    // no reference fields
        e.bytes(Wire.END).varint(0);                    // no annotation, no superclasses
        e.int32(i).zeros(extraFields);
        return e.done();
    }

    /** An OBJECT item of a class that does not exist, with no fields. */
    static byte[] unknownClass(int i) {
        StreamBytes e = new StreamBytes();
        e.bytes(Wire.OBJECT).varint(0).bytes(Wire.KIND_SERIALIZABLE).latin1("flood.Missing" + i).int64(1L);
        e.varint(1).int64(1L).bytes(0).int64(0L).varint(0).varint(0);
        e.bytes(Wire.END).varint(0);
        return e.done();
    }

    /**
     * The flood, made as it is read: a header, an Object[] of outer Object[]s
     * of inner elements each.
     */
    static final class Flood extends InputStream {
        private final IntFunction<byte[]> element;
        private final int outer;
        private final int inner;
        private int o;                  // the inner array being sent
        private int i = -1;             // its element being sent; -1: its header
        private byte[] chunk;
        private int at;
        long produced;
        int elements;

        Flood(IntFunction<byte[]> element, int outer, int inner) {
            this.element = element;
            this.outer = outer;
            this.inner = inner;
            chunk = header().bytes(Wire.ARRAY).varint(OBJECT_ARRAY).varint(outer).done();
        }

        private boolean nextChunk() {
            if (o == outer) {
                return false;
            }
            if (i < 0) {
                chunk = new StreamBytes().bytes(Wire.ARRAY).varint(OBJECT_ARRAY).varint(inner).done();
            } else {
                chunk = element.apply(o * inner + i);
                elements++;
            }
            if (++i == inner) {
                i = -1;
                o++;
            }
            at = 0;
            return true;
        }

        @Override
        public int read() {
            byte[] b = new byte[1];
            return read(b, 0, 1) < 0 ? -1 : b[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            while (at == chunk.length) {
                if (!nextChunk()) {
                    return -1;
                }
            }
            int n = Math.min(len, chunk.length - at);
            System.arraycopy(chunk, at, b, off, n);
            at += n;
            produced += n;
            return n;
        }
    }

    /** A fast stream's header, then what the test builds by hand. */
    static StreamBytes header() {
        return new StreamBytes().bytes(Wire.MAGIC_0, Wire.MAGIC_1, Wire.VERSION, Wire.FLAG_IMAGES_LITTLE_ENDIAN);
    }
}
