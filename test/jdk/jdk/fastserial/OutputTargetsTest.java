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
 * @summary The targets of the fast object streams: writing to an
 *          OutputStream, to the stream's own array (toByteArray) and to a
 *          MemorySegment gives the same bytes for the same graph, starting
 *          with the fast stream header and protocol version; a segment that
 *          is too small ends in an IOException, without a byte written past
 *          its end, and one of exactly the right size is enough. Reading from
 *          an InputStream, a byte[], a heap and a native MemorySegment gives
 *          graphs deeply equal to the JDK's. Reading from an InputStream
 *          takes no more bytes than the item it returns needs, so that a
 *          stream over a socket does not block for data not yet sent. A
 *          subclass that gives a larger segment when one is full
 *          (growSegment, as a transport with registered native buffers
 *          does) gets the same bytes, message after message, and a reader
 *          takes each message in place at an offset of a longer segment
 *          (setInput(segment, offset, length)); a segment given back that is
 *          not larger is an IOException. rewind(segment) writes the next
 *          message into other memory, with what was written before still
 *          known (a back-reference to the first message's array reads as
 *          the same instance), and lets go of the old segment's arena (it
 *          closes); a read-only segment, or a stream writing its own array,
 *          is refused. An 800 kB array written into a 64-byte segment asks
 *          for room at most twice (its bytes copied once). In-memory
 *          streams size their first buffer by what streams needed lately:
 *          after fresh streams of 200 kB messages, and again after many
 *          small ones, a small graph gives the same bytes as before.
 *          Reading from a BufferedInputStream (a socket's usual wrapper,
 *          and RMI's) never makes it ask its source's available() (a
 *          system call on a socket), with its source handing out the
 *          bytes in pieces of 37 to 300. Arrays of every primitive type,
 *          of lengths around the streams' buffer sizes, written by fresh
 *          streams into BufferedOutputStreams of 16 and 8192 bytes (which
 *          the writer feeds from the buffer it has, without growing it), and
 *          by one long-lived stream, give the in-memory stream's bytes, and
 *          read back equal through BufferedInputStreams of the same sizes
 *          (which the reader drains through the buffer it has) and through
 *          an unbuffered source.
 * @library /lib
 * @build grande.test.* DeepEquals Rules
 * @run main/othervm OutputTargetsTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

import grande.test.PiecewiseInputStream;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.FastSerialization;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class OutputTargetsTest {

    static Object graph() {
        List<Object> list = new ArrayList<>();
        list.add(Rules.Node.ring(50));
        list.add(new Rules.Primitives(true, (byte) 1, 'c', (short) 2, 3, 4L, 5f, 6d));
        list.add(new double[3000]);
        list.add("text \u00e9\u4e2d");
        list.add(new Rules.CustomHooks(1, "hooks"));
        TreeMap<String, Object> map = new TreeMap<>();
        map.put("list", list);
        map.put("colors", Rules.Color.values());
        list.add(map);
        return list;
    }

    public static void main(String[] args) throws Exception {
        Object graph = graph();
        byte[] bytes = sameBytes(graph);
        readEverywhere(graph, bytes);
        noReadAhead();
        segmentBounds(graph, bytes.length);
        growingSegment(graph, bytes);
        rewindIntoAnotherSegment();
        firstBufferFollowsMessages(graph);
        arraysThroughBufferedStreams();
    }

    /* Every primitive array type, of lengths around 2 KiB (a fresh stream's buffer) and 16 KiB. */
    static List<Object> arrays() {
        List<Object> arrays = new ArrayList<>();
        for (int bytes : new int[] { 0, 8, 2040, 2048, 2056, 8200, 16_392, 20_000, 70_000 }) {
            byte[] b = new byte[bytes];
            boolean[] z = new boolean[bytes];
            char[] c = new char[bytes / 2];
            short[] h = new short[bytes / 2];
            int[] n = new int[bytes / 4];
            float[] f = new float[bytes / 4];
            long[] l = new long[bytes / 8];
            double[] d = new double[bytes / 8];
            for (int i = 0; i < bytes; i++) {
                b[i] = (byte) (i * 7 + 1);
                z[i] = i % 3 == 0;
                if (i < c.length) {
                    c[i] = (char) (i * 31 + 0x4e00);
                    h[i] = (short) (i * -17);
                }
                if (i < n.length) {
                    n[i] = i * 0x01010101;
                    f[i] = i * 0.25f - 3;
                }
                if (i < l.length) {
                    l[i] = i * 0x0101010101010101L;
                    d[i] = i * -1.5;
                }
            }
            arrays.addAll(List.of(b, z, c, h, n, f, l, d));
        }
        return arrays;
    }

    static void arraysThroughBufferedStreams() throws Exception {
        List<Object> arrays = arrays();
        for (int bufferSize : new int[] { 16, 8192 }) {
            ByteArrayOutputStream longLived = new ByteArrayOutputStream();
            FastObjectOutputStream stream = new FastObjectOutputStream(
                    new java.io.BufferedOutputStream(longLived, bufferSize));
            FastObjectOutputStream inMemoryLongLived = new FastObjectOutputStream();
            for (Object array : arrays) {
                String what = array.getClass().getComponentType() + "[" + java.lang.reflect.Array.getLength(array)
                              + "] through " + bufferSize + "-byte buffered streams";
                FastObjectOutputStream inMemory = new FastObjectOutputStream();
                inMemory.writeObject(array);
                inMemory.writeUTF("after");
                byte[] expected = inMemory.toByteArray();

                ByteArrayOutputStream sink = new ByteArrayOutputStream();
                java.io.BufferedOutputStream buffered = new java.io.BufferedOutputStream(sink, bufferSize);
                FastObjectOutputStream fresh = new FastObjectOutputStream(buffered);
                fresh.writeObject(array);
                fresh.writeUTF("after");
                fresh.flush();
                expect(Arrays.equals(expected, sink.toByteArray()), "the bytes of " + what);

                for (InputStream source : List.of(
                        new java.io.BufferedInputStream(new PiecewiseInputStream(expected, 37, 300), bufferSize),
                        new PiecewiseInputStream(expected, 37, 300))) {
                    FastObjectInputStream in = new FastObjectInputStream(source);
                    DeepEquals.check(array, in.readObject(), what + ", read from " + source.getClass().getSimpleName());
                    expectEquals("after", in.readUTF(), "the string after " + what);
                    expectEquals(-1, source.read(), "the end of the stream after " + what);
                }
                stream.writeObject(array);
                inMemoryLongLived.writeObject(array);
            }
            stream.flush();
            expect(Arrays.equals(inMemoryLongLived.toByteArray(), longLived.toByteArray()),
                   "a long-lived stream's bytes of all arrays through a " + bufferSize + "-byte BufferedOutputStream");
            FastObjectInputStream in = new FastObjectInputStream(new java.io.BufferedInputStream(
                    new ByteArrayInputStream(longLived.toByteArray()), bufferSize));
            for (Object array : arrays) {
                DeepEquals.check(array, in.readObject(), "an array of the long-lived stream");
            }
        }
        System.out.println("ok: " + arrays.size() + " arrays through buffered streams of 16 and 8192 bytes, "
                           + "fresh and long-lived, same bytes as in memory");
    }

    /* The first buffer's size is a hint shared by all in-memory streams: it never changes the bytes. */
    static void firstBufferFollowsMessages(Object graph) throws Exception {
        FastObjectOutputStream first = new FastObjectOutputStream();
        first.writeObject(graph);
        byte[] bytes = first.toByteArray();
        int[] large = new int[50_000];
        Arrays.setAll(large, i -> i * 31);
        for (int round = 0; round < 3; round++) {
            FastObjectOutputStream big = new FastObjectOutputStream();
            big.writeObject(large);
            byte[] bigBytes = big.toByteArray();
            expect(Arrays.equals(large, (int[]) new FastObjectInputStream(bigBytes).readObject()),
                   "a 200 kB array round trip");
            FastObjectOutputStream small = new FastObjectOutputStream();
            small.writeObject(graph);
            expect(small.buffer().length >= small.size(), "the buffer holds the stream");
            expect(Arrays.equals(bytes, small.toByteArray()), "the small graph's bytes after a large message");
        }
        for (int i = 0; i < 2_000; i++) {
            FastObjectOutputStream small = new FastObjectOutputStream();
            small.writeInt(i);
            small.toByteArray();
        }
        FastObjectOutputStream again = new FastObjectOutputStream();
        again.writeObject(graph);
        expectEquals(bytes.length, (int) again.size(), "the small graph's size after many small messages");
        expect(Arrays.equals(bytes, again.toByteArray()), "the small graph's bytes after many small messages");
        System.out.println("ok: fresh in-memory streams give the same bytes whatever their first buffer");
    }

    /* Doubles its native segment when full, from one arena, as a transport's registered buffers. */
    static final class GrowingStream extends FastObjectOutputStream {
        private final Arena arena;
        MemorySegment current;
        int grown;
        boolean giveTooSmall;

        GrowingStream(Arena arena, MemorySegment first) throws IOException {
            super(first);
            this.arena = arena;
            this.current = first;
        }

        @Override
        protected MemorySegment growSegment(MemorySegment full, long minimumSize) {
            grown++;
            current = arena.allocate(giveTooSmall ? full.byteSize() : Math.max(minimumSize, 2 * full.byteSize()));
            return current;
        }
    }

    static void growingSegment(Object graph, byte[] bytes) throws Exception {
        try (Arena arena = Arena.ofShared()) {
            GrowingStream out = new GrowingStream(arena, arena.allocate(64));
            out.writeObject(graph);
            out.writeInt(7);
            out.writeObject("end");
            out.flush();
            int size = (int) out.size();
            expect(out.grown > 0, "the 64-byte segment grew " + out.grown + " times");
            byte[] first = out.current.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE);
            expect(Arrays.equals(bytes, first), "a growing segment holds the same bytes as an OutputStream "
                   + "(mismatch at " + Arrays.mismatch(bytes, first) + ")");

            // The next message, after a rewind: it lands at 0 again; what the first wrote stays known.
            List<Object> next = new ArrayList<>(List.of(Rules.Node.ring(300), new double[5000], "second"));
            out.rewind();
            out.writeObject(next);
            out.writeObject("second");
            out.flush();
            int second = (int) out.size();
            MemorySegment longer = arena.allocate(second + 300);
            MemorySegment.copy(out.current, 0, longer, 100, second);

            // (the first message's bytes are the OutputStream's: readEverywhere read those)
            FastObjectInputStream in = new FastObjectInputStream(MemorySegment.ofArray(bytes));
            in.readObject();
            expectEquals(7, in.readInt(), "the int after the graph");
            expectEquals("end", in.readObject(), "the last object of the first message");
            in.setInput(longer, 100, second);
            DeepEquals.check(next, in.readObject(), "the second message, read in place at offset 100");
            expectEquals("second", in.readObject(), "the last object of the second message");
            expectEquals(0, in.available(), "nothing left of the second message");
            try {
                in.setInput(longer, 301, second);
                throw new AssertionError("a message past the segment's end was accepted");
            } catch (IndexOutOfBoundsException e) {
                System.out.println("ok: a message past the segment's end: " + e);
            }
            in.close();

            GrowingStream tooSmall = new GrowingStream(arena, arena.allocate(64));
            tooSmall.giveTooSmall = true;
            try {
                tooSmall.writeObject(new int[1000]);
                tooSmall.flush();
                throw new AssertionError("int[1000] written although growSegment gave no larger segment");
            } catch (IOException e) {
                expect(e.getMessage().contains("no larger"), "growSegment giving no larger segment: " + e);
            }
            out.close();
            tooSmall.close();
        }
    }

    /*
     * A transport that hands out other memory for the next message (after a
     * long one went through memory its peer reads in place): rewind(segment).
     * A large array goes into a small segment with one request for room, so
     * its bytes are copied once.
     */
    static void rewindIntoAnotherSegment() throws Exception {
        try (Arena keep = Arena.ofShared()) {
            Arena first = Arena.ofShared();
            GrowingStream out = new GrowingStream(keep, first.allocate(64));
            double[] big = new double[100_000];
            Arrays.setAll(big, i -> i * 0.25);
            out.writeObject(big);
            out.flush();
            expect(out.grown <= 2, "an 800 kB array into a 64-byte segment grew it " + out.grown
                   + " times, not at most twice (once for its length, once for its elements)");
            byte[] one = out.current.asSlice(0, out.size()).toArray(ValueLayout.JAVA_BYTE);

            MemorySegment second = keep.allocate(1 << 16);
            int grown = out.grown;
            out.rewind(second);
            Rules.Primitives p = new Rules.Primitives(true, (byte) 1, 'c', (short) 2, 3, 4L, 5f, 6d);
            out.writeObject(p);
            out.writeObject(big);       // known since the first message: a back-reference
            out.flush();
            expectEquals(grown, out.grown, "growths for a message that fits the new segment");
            byte[] two = second.asSlice(0, out.size()).toArray(ValueLayout.JAVA_BYTE);
            first.close();              // throws if the stream still held the first segment's arena

            FastObjectInputStream in = new FastObjectInputStream(MemorySegment.ofArray(one));
            Object read = in.readObject();
            expect(Arrays.equals(big, (double[]) read), "the array of the first message");
            in.setInput(MemorySegment.ofArray(two), 0, two.length);
            DeepEquals.check(p, in.readObject(), "the object of the second message, written into the new segment");
            expect(in.readObject() == read, "the array written again is the instance read before");
            expectEquals(0, in.available(), "nothing left of the second message");
            in.close();

            try {
                out.rewind(keep.allocate(64).asReadOnly());
                throw new AssertionError("rewind into a read-only segment was accepted");
            } catch (UnsupportedOperationException e) {
                System.out.println("ok: rewind into a read-only segment: " + e);
            }
            out.close();
            FastObjectOutputStream heap = new FastObjectOutputStream();
            try {
                heap.rewind(keep.allocate(64));
                throw new AssertionError("rewind(segment) of a stream writing its own array was accepted");
            } catch (IllegalStateException e) {
                System.out.println("ok: rewind(segment) of an in-memory stream: " + e);
            }
        }
    }

    static byte[] sameBytes(Object graph) throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(sink)) {
            out.writeObject(graph);
            out.writeInt(7);
            out.writeObject("end");
        }
        byte[] viaStream = sink.toByteArray();

        FastObjectOutputStream mem = new FastObjectOutputStream();
        mem.writeObject(graph);
        mem.writeInt(7);
        mem.writeObject("end");
        mem.flush();
        byte[] viaArray = mem.toByteArray();
        expectEquals((long) viaArray.length, mem.size(), "size() of the in-memory stream");

        byte[] viaSegment;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(1 << 20);
            try (FastObjectOutputStream out = new FastObjectOutputStream(segment)) {
                out.writeObject(graph);
                out.writeInt(7);
                out.writeObject("end");
                out.flush();
                viaSegment = segment.asSlice(0, out.size()).toArray(ValueLayout.JAVA_BYTE);
            }
            expect(arena.scope().isAlive(), "the arena is open after the stream is closed");
        }
        System.out.println("graph: " + viaStream.length + " bytes");
        expect(Arrays.equals(viaStream, viaArray), "OutputStream and toByteArray() hold the same bytes (mismatch at "
               + Arrays.mismatch(viaStream, viaArray) + ")");
        expect(Arrays.equals(viaStream, viaSegment), "OutputStream and MemorySegment hold the same bytes (mismatch at "
               + Arrays.mismatch(viaStream, viaSegment) + ")");
        expect(viaStream.length > 4 && (viaStream[0] & 0xff) == 0xfa && (viaStream[1] & 0xff) == 0x57
               && viaStream[2] == FastSerialization.PROTOCOL_VERSION,
               "the stream starts with 0xFA 0x57 and the protocol version "
               + FastSerialization.PROTOCOL_VERSION);
        return viaStream;
    }

    /** Writes graph into the first size bytes of a larger segment; what was thrown, or null. */
    static IOException writeInto(Object graph, long size) throws Exception {
        Arena arena = Arena.ofConfined();
        try {
            MemorySegment whole = arena.allocate(size + 256);
            whole.fill((byte) 0x5a);
            MemorySegment target = whole.asSlice(0, size);
            IOException thrown = null;
            FastObjectOutputStream out = null;
            try {
                out = new FastObjectOutputStream(target);
                out.writeObject(graph);
                out.writeInt(7);
                out.writeObject("end");
                out.flush();
                expectEquals(size, out.size(), "size() of a segment written to its end");
            } catch (IOException e) {
                thrown = e;
            } finally {
                if (out != null) {
                    out.close();    // lets the arena close
                }
            }
            for (long i = size; i < size + 256; i++) {
                if (whole.get(ValueLayout.JAVA_BYTE, i) != 0x5a) {
                    throw new AssertionError("a byte at " + i + " past the end of a segment of " + size
                                             + " bytes was written");
                }
            }
            return thrown;
        } finally {
            try {
                arena.close();
            } catch (IllegalStateException e) {
                throw new AssertionError("the arena cannot be closed after writing into " + size
                                         + " bytes of it: a stream still holds it", e);
            }
        }
    }

    static void segmentBounds(Object graph, int length) throws Exception {
        for (long size : new long[] { length - 1, length / 2, 100, 4, 3, 0 }) {
            IOException e = writeInto(graph, size);
            expect(e != null, "a segment of " + size + " bytes is too small: " + e);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment small = arena.allocate(64);
            try (FastObjectOutputStream out = new FastObjectOutputStream(small)) {
                out.writeObject("fits");
                try {
                    out.writeObject(new int[1000]);
                    out.flush();
                    throw new AssertionError("int[1000] written into 64 bytes");
                } catch (IOException e) {
                    System.out.println("ok: the full segment: " + e);
                }
            }
        }
        expect(writeInto(graph, length) == null, "a segment of exactly " + length + " bytes is enough");
    }

    static void readEverywhere(Object graph, byte[] bytes) throws Exception {
        ByteArrayOutputStream jdkBytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(jdkBytes)) {
            out.writeObject(graph);
        }
        Object jdk = new ObjectInputStream(new ByteArrayInputStream(jdkBytes.toByteArray())).readObject();

        List<FastObjectInputStream> inputs = new ArrayList<>();
        inputs.add(new FastObjectInputStream(new ByteArrayInputStream(bytes)));
        inputs.add(new FastObjectInputStream(bytes));
        inputs.add(new FastObjectInputStream(MemorySegment.ofArray(bytes)));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment offHeap = arena.allocate(bytes.length);
            MemorySegment.copy(bytes, 0, offHeap, ValueLayout.JAVA_BYTE, 0, bytes.length);
            inputs.add(new FastObjectInputStream(offHeap));   // closed below, before the arena
            List<String> names = List.of("InputStream", "byte[]", "heap MemorySegment", "native MemorySegment");
            for (int i = 0; i < inputs.size(); i++) {
                FastObjectInputStream in = inputs.get(i);
                Object read = in.readObject();
                DeepEquals.check(jdk, read, "read from " + names.get(i));
                expectEquals(7, in.readInt(), "the int after the graph, from " + names.get(i));
                expectEquals("end", in.readObject(), "the last object, from " + names.get(i));
                in.close();
            }
        }
    }

    /**
     * An InputStream that hands out bytes up to a limit and fails a read
     * at the limit, where a socket would block.
     */
    static final class Gate extends InputStream {
        private final byte[] bytes;
        private int pos;
        int limit;

        Gate(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (pos >= limit) {
                throw new IOException("read past " + limit + ": a socket would block here");
            }
            int n = Math.min(len, limit - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }

        @Override
        public int available() {
            return limit - pos;
        }
    }

    interface OutputFactory {
        ObjectOutputStream open(ByteArrayOutputStream sink) throws IOException;
    }

    interface InputFactory {
        ObjectInputStream open(InputStream in) throws IOException;
    }

    static void noReadAhead(String name, OutputFactory outputs, InputFactory inputs) throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        ObjectOutputStream out = outputs.open(sink);
        out.flush();
        List<Integer> ends = new ArrayList<>();
        ends.add(sink.size());
        List<Object> items = List.of("first", new Rules.Point(1, 2), new ArrayList<>(List.of(1, 2, 3)),
                                     new int[100], Rules.Color.RED, new Rules.CustomHooks(5, "h"));
        for (Object item : items) {
            out.writeObject(item);
            out.flush();
            ends.add(sink.size());
        }
        Gate gate = new Gate(sink.toByteArray());
        gate.limit = ends.get(0);
        ObjectInputStream in = inputs.open(gate);
        for (int i = 0; i < items.size(); i++) {
            gate.limit = ends.get(i + 1);
            Object read = in.readObject();
            expect(read != null && read.getClass() == items.get(i).getClass(),
                   name + ": item " + i + " read without reading past it: " + read);
        }
    }

    static void noReadAhead() throws Exception {
        noReadAhead("jdk", ObjectOutputStream::new, ObjectInputStream::new);
        noReadAhead("fast", FastObjectOutputStream::new, FastObjectInputStream::new);
        bufferedSourceNotAskedAvailable();
    }

    static void bufferedSourceNotAskedAvailable() throws Exception {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            items.add(switch (i % 5) {
                case 0 -> new ArrayList<>(List.of(Rules.Node.ring(20), "text \u00e9\u4e2d", Rules.Color.BLUE));
                case 1 -> new double[i * 40];
                case 2 -> "item " + i;
                case 3 -> new Rules.Point(i, -i);
                default -> new ArrayList<>(List.of(i, "x" + i));
            });
        }
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(sink)) {
            for (int i = 0; i < items.size(); i++) {
                out.writeObject(items.get(i));
                out.writeInt(i);
            }
        }
        for (int bufferSize : new int[] { 16, 64, 8192 }) {
            // Pieces no smaller than the reader ever needs at once: it has no
            // reason to wait for more than one piece, so none to ask available().
            PiecewiseInputStream source = new PiecewiseInputStream(sink.toByteArray(), 37, 300);
            FastObjectInputStream in = new FastObjectInputStream(new java.io.BufferedInputStream(source, bufferSize));
            for (int i = 0; i < items.size(); i++) {
                DeepEquals.check(items.get(i), in.readObject(), "item " + i + " through a " + bufferSize
                                 + "-byte BufferedInputStream");
                expectEquals(i, in.readInt(), "the int after item " + i);
            }
            expectEquals(0, source.availableCalls(),
                         "calls to available() of the BufferedInputStream's source (buffer " + bufferSize + ")");
        }
        System.out.println("ok: 50 items through BufferedInputStreams of 16, 64 and 8192 bytes, "
                           + "available() never asked");
    }
}
