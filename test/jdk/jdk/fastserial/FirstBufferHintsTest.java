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
 * @summary Fresh fast object streams over an OutputStream or an InputStream
 *          (stock RMI's streams per call, on a connection's buffered
 *          streams) size their first buffer by the first messages of the
 *          streams before them, from 256 bytes to 2 KiB: after messages of
 *          about 1,500 bytes a fresh writer's and a fresh reader's first
 *          buffer holds such a message, also when each writer flushed its
 *          header alone first; after 40 kB arrays and 10 kB graphs it is
 *          2 KiB, no more; after many messages of a few bytes it is 256.
 *          Whatever the first buffers, every message of a set (graphs,
 *          block data across the buffers' ends, arrays around 256, 512 and
 *          2,048 bytes) written by a fresh stream through a
 *          BufferedOutputStream or straight into a ByteArrayOutputStream
 *          gives the in-memory stream's bytes, and a fresh stream reads it
 *          back deeply equal through a BufferedInputStream over a source
 *          that hands out pieces, or from the source itself, to the
 *          source's end; and so with four threads writing and reading the
 *          set at once, moving the hints as they go.
 * @library /lib
 * @modules jdk.fastserial/jdk.fastserial:+open
 * @build grande.test.* DeepEquals Rules
 * @run main/othervm FirstBufferHintsTest
 */

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import grande.test.PiecewiseInputStream;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FirstBufferHintsTest {

    private static final int SMALLEST_FIRST_BUFFER = 256;
    private static final int LARGEST_FIRST_BUFFER = 2048;

    /** A graph, then block data, then a string: what one stream carries. */
    record Message(String name, Object graph, byte[] block) {
        void write(FastObjectOutputStream out) throws IOException {
            out.writeObject(graph);
            out.write(block);
            out.writeUTF("after " + name);
        }

        void check(FastObjectInputStream in) throws IOException, ClassNotFoundException {
            DeepEquals.check(graph, in.readObject(), name);
            byte[] data = new byte[block.length];
            in.readFully(data);
            if (!Arrays.equals(block, data)) {
                throw new AssertionError("the block data of " + name);
            }
            if (!("after " + name).equals(in.readUTF())) {
                throw new AssertionError("the string after " + name);
            }
        }

        byte[] inMemory() throws IOException {
            FastObjectOutputStream out = new FastObjectOutputStream();
            write(out);
            return out.toByteArray();
        }
    }

    static byte[] block(int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 13 + 5);
        }
        return b;
    }

    static Message tiny(int i) {
        return new Message("tiny " + i, i, new byte[0]);
    }

    /** About 1,500 bytes. */
    static Message medium(int i) {
        List<String> items = new ArrayList<>();
        for (int k = 0; k < 60; k++) {
            items.add("item-" + (i * 100 + k) + "-abcdefghijklm");
        }
        return new Message("medium " + i, items, block(40));
    }

    static List<Message> large() {
        double[] d = new double[5000];
        Arrays.setAll(d, k -> k * 0.5);
        List<Object> nodes = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            nodes.add(new Rules.Point(k, -k));
            nodes.add("node " + k);
        }
        return List.of(new Message("40 kB array", d, new byte[0]),
                       new Message("10 kB graph", nodes, block(100)));
    }

    /** Arrays around the first buffers' sizes, blocks across their ends, and the messages above. */
    static List<Message> set() {
        List<Message> set = new ArrayList<>();
        for (int bytes : new int[] { 200, 248, 256, 264, 500, 512, 520, 1000, 2040, 2048, 2056, 4100 }) {
            byte[] b = block(bytes);
            int[] n = new int[bytes / 4];
            Arrays.setAll(n, k -> k * 0x01010101);
            long[] l = new long[bytes / 8];
            Arrays.setAll(l, k -> k * -3L);
            set.add(new Message("byte[" + bytes + "]", b, new byte[0]));
            set.add(new Message("int[" + n.length + "]", n, block(3)));
            set.add(new Message("long[" + l.length + "] and a block", l, block(bytes)));
            set.add(new Message("a block of " + bytes + " after a point", new Rules.Point(bytes, 1), block(bytes)));
        }
        set.add(tiny(1));
        set.add(medium(1));
        set.addAll(large());
        set.add(new Message("a ring", Rules.Node.ring(40), block(600)));
        return set;
    }

    /**
     * Writes a message with a fresh stream into {@code sink} (through a
     * BufferedOutputStream if {@code buffered}) and reads it back with a
     * fresh stream (through a BufferedInputStream if {@code buffered}).
     */
    static void roundTrip(Message m, boolean buffered, boolean flushHeaderFirst)
            throws IOException, ClassNotFoundException {
        byte[] expected = m.inMemory();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OutputStream target = buffered ? new BufferedOutputStream(sink, 8192) : sink;
        FastObjectOutputStream out = new FastObjectOutputStream(target);
        if (flushHeaderFirst) {
            out.flush();
        }
        m.write(out);
        out.flush();
        if (!Arrays.equals(expected, sink.toByteArray())) {
            throw new AssertionError("the bytes of " + m.name() + (buffered ? ", buffered" : ""));
        }
        InputStream pieces = new PiecewiseInputStream(expected, 37, 300);
        InputStream source = buffered ? new BufferedInputStream(pieces, 8192) : pieces;
        FastObjectInputStream in = new FastObjectInputStream(source);
        m.check(in);
        if (in.read() != -1 || source.read() != -1) {
            throw new AssertionError("bytes after " + m.name());
        }
    }

    static void roundTrips(List<Message> messages, int times, boolean flushHeaderFirst) throws Exception {
        for (int t = 0; t < times; t++) {
            for (Message m : messages) {
                roundTrip(m, true, flushHeaderFirst);
            }
        }
    }

    private static final Field WRITER_BUFFER;
    private static final Field READER_BUFFER;
    private static final byte[] HEADER;
    static {
        try {
            WRITER_BUFFER = FastObjectOutputStream.class.getDeclaredField("heap");
            WRITER_BUFFER.setAccessible(true);
            READER_BUFFER = FastObjectInputStream.class.getDeclaredField("heap");
            READER_BUFFER.setAccessible(true);
            HEADER = new FastObjectOutputStream().toByteArray();
        } catch (ReflectiveOperationException | IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The first buffer of a fresh writer to a BufferedOutputStream, of a fresh reader from a BufferedInputStream. */
    static int[] firstBuffers() throws Exception {
        FastObjectOutputStream out = new FastObjectOutputStream(new BufferedOutputStream(OutputStream.nullOutputStream()));
        FastObjectInputStream in = new FastObjectInputStream(new BufferedInputStream(new ByteArrayInputStream(HEADER)));
        return new int[] { ((byte[]) WRITER_BUFFER.get(out)).length, ((byte[]) READER_BUFFER.get(in)).length };
    }

    /** Every message of the set, one after another, buffered and not: same bytes, same graphs. */
    static void wholeSet(String state) throws Exception {
        List<Message> set = set();
        for (Message m : set) {
            roundTrip(m, true, false);
            roundTrip(m, false, false);
            roundTrip(m, true, true);
        }
        System.out.println("ok: " + set.size() + " messages " + state
                           + ": the in-memory bytes, read back equal to the end");
    }

    static List<Message> tinies() {
        List<Message> tinies = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            tinies.add(tiny(i));
        }
        return tinies;
    }

    public static void main(String[] args) throws Exception {
        List<Message> tinies = tinies();
        roundTrips(tinies, 10, false);
        int[] first = firstBuffers();
        expectEquals(SMALLEST_FIRST_BUFFER, first[0], "a fresh writer's first buffer after 1,000 tiny messages");
        expectEquals(SMALLEST_FIRST_BUFFER, first[1], "a fresh reader's first buffer after 1,000 tiny messages");
        wholeSet("after tiny messages");

        roundTrips(tinies, 10, false);
        List<Message> mediums = List.of(medium(2), medium(3), medium(4));
        int mediumLength = medium(2).inMemory().length;
        expect(mediumLength > 1400 && mediumLength < 1600, "a medium message has about 1,500 bytes: " + mediumLength);
        // What a reader knows of a message: its bytes up to the end of its first object.
        FastObjectOutputStream graphOnly = new FastObjectOutputStream();
        graphOnly.writeObject(medium(2).graph());
        int mediumObjectLength = (int) graphOnly.size();
        roundTrips(mediums, 10, false);
        first = firstBuffers();
        expect(first[0] >= mediumLength && first[0] <= LARGEST_FIRST_BUFFER,
               "a fresh writer's first buffer after medium messages holds one: " + first[0]);
        expect(first[1] >= mediumObjectLength && first[1] <= LARGEST_FIRST_BUFFER,
               "a fresh reader's first buffer after medium messages holds one's object: " + first[1]
               + " for " + mediumObjectLength + " bytes");
        roundTrips(mediums, 100, true);
        first = firstBuffers();
        expect(first[0] >= mediumLength,
               "a fresh writer's first buffer after medium messages whose writers flushed the header first: "
               + first[0]);
        wholeSet("after medium messages");

        roundTrips(large(), 5, false);
        first = firstBuffers();
        expectEquals(LARGEST_FIRST_BUFFER, first[0], "a fresh writer's first buffer after 40 kB and 10 kB messages");
        expectEquals(LARGEST_FIRST_BUFFER, first[1], "a fresh reader's first buffer after 40 kB and 10 kB messages");
        wholeSet("after large messages");

        roundTrips(tinies, 10, false);
        first = firstBuffers();
        expectEquals(SMALLEST_FIRST_BUFFER, first[0], "a fresh writer's first buffer after large, then tiny messages");
        expectEquals(SMALLEST_FIRST_BUFFER, first[1], "a fresh reader's first buffer after large, then tiny messages");

        concurrently();
    }

    /** Four threads, each the whole set and tiny messages in its own order: the hints race, the bytes do not. */
    static void concurrently() throws Exception {
        List<Message> set = set();
        set.addAll(tinies().subList(0, 20));
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            long seed = t;
            threads.add(Thread.ofPlatform().name("streams " + t).start(() -> {
                try {
                    Random random = new Random(seed);
                    for (int i = 0; i < 20 * set.size(); i++) {
                        roundTrip(set.get(random.nextInt(set.size())), random.nextInt(4) != 0, random.nextBoolean());
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(TimeUnit.MINUTES.toMillis(5));
            if (thread.isAlive()) {
                throw new AssertionError(thread.getName() + " still running after 5 minutes");
            }
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " threads failed");
            failures.forEach(e::addSuppressed);
            throw e;
        }
        int[] first = firstBuffers();
        expect(first[0] >= SMALLEST_FIRST_BUFFER && first[0] <= LARGEST_FIRST_BUFFER
               && first[1] >= SMALLEST_FIRST_BUFFER && first[1] <= LARGEST_FIRST_BUFFER,
               "4 threads, " + 20 * set.size() + " messages each, every one as in memory and read back equal;"
               + " first buffers " + first[0] + " and " + first[1] + " within 256 bytes to 2 KiB");
    }
}
