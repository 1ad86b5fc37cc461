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
 * @summary Type descriptors that fresh input streams share (a descriptor
 *          read before, byte for byte, is not parsed again; its reading plan
 *          is kept per class): which class a stream gets is still its own
 *          resolveClass's answer. Two versions of one class name and a
 *          second loader of the first version, read alternately by fresh
 *          streams, each get their own class and fields (dropped, defaulted,
 *          exact); a loader whose classes were read this way is unloaded
 *          once dropped; after a class-defined readObject of another
 *          loader's class, classes resolve in the reading code's loader
 *          again; every one-byte change and every truncation of a
 *          stream has the same outcome with the descriptor cached as with
 *          the cache empty; input that arrives a few bytes at a time reads
 *          the same; an unchanged stream reads right while another thread
 *          changes the array a third one parses; more descriptors than the
 *          cache holds change nothing. Two descriptors of one enum whose
 *          constants the writers list in different orders, read by fresh
 *          streams in runs and alternately, each get the constants their
 *          own order names. A second fresh stream of a message of five
 *          types of one package finds all five in the cache, also when it
 *          reads its source item by item. Read item by item (a source
 *          neither a BufferedInputStream nor a ByteArrayInputStream, with
 *          the application's bytes after the message), every version and
 *          every changed or cut stream has the same outcome, and leaves the
 *          source at the same byte, with the cache empty, holding the
 *          unchanged descriptor, or holding its own.
 * @modules jdk.fastserial/jdk.internal.fastserial:+open
 * @library /lib
 * @build grande.test.* SourceVersions
 * @run main/othervm DescriptorCacheTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation DescriptorCacheTest
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class DescriptorCacheTest {

    static final String UID = "    private static final long serialVersionUID = 1L;\n";

    /**
     * Version 1 of dc.Point (x, y) and version 2 (x, z): same name and
     * serialVersionUID; and dc.Reader, which reads a fresh stream with the
     * stream's own resolveClass, from code of the version's loader.
     */
    static Map<String, String> point(String second) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("dc/Point.java", "package dc;\npublic class Point implements java.io.Serializable {\n" + UID
                + "    public int x; public int " + second + ";\n"
                + "    public Point(int x, int " + second + ") { this.x = x; this." + second + " = " + second + "; }\n"
                + "}\n");
        v.put("dc/Reader.java", "package dc;\npublic class Reader {\n"
                + "    public static Object read(byte[] b) throws Exception {\n"
                + "        try (var in = new jdk.fastserial.FastObjectInputStream(b)) { return in.readObject(); }\n"
                + "    }\n}\n");
        return v;
    }

    /**
     * A fresh stream with the stream's own resolveClass, called from code of
     * {@code loader}, which is then the loader it resolves in.
     */
    static Object read(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException {
        try {
            return loader.loadClass("dc.Reader").getMethod("read", byte[].class).invoke(null, (Object) bytes);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            } else if (e.getCause() instanceof ClassNotFoundException cnf) {
                throw cnf;
            }
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** A fresh stream whose resolveClass, overridden, resolves in {@code loader}. */
    static Object readOverridden(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException {
        return readOverridden(new ByteArrayInputStream(bytes), loader);
    }

    static Object readOverridden(InputStream source, ClassLoader loader) throws IOException, ClassNotFoundException {
        return read(new FastObjectInputStream(source) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        });
    }

    /** What an application writes after a message on the same stream. */
    static final byte[] APPLICATION = { 'A', 'P', 'P', '!' };

    /**
     * A source that is neither a BufferedInputStream nor a
     * ByteArrayInputStream, so read item by item, and that gives at most
     * {@code step} bytes a read: a message, then the application's bytes.
     */
    static final class ItemSource extends java.io.FilterInputStream {
        final int step;

        ItemSource(byte[] message, byte[] after, int step) {
            super(new ByteArrayInputStream(concat(message, after)));
            this.step = step;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, step));
        }

        /** What the reader left in the source. */
        String rest() throws IOException {
            return java.util.HexFormat.of().formatHex(in.readAllBytes());
        }
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * A fresh stream reading item by item, resolving in {@code loader}:
     * it must leave the application's bytes after the message.
     */
    static Object readItemByItem(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException {
        ItemSource source = new ItemSource(bytes, APPLICATION, 1 + (bytes.length + bytes[bytes.length - 1]) % 7);
        Object o = readOverridden(source, loader);
        same(java.util.HexFormat.of().formatHex(APPLICATION), source.rest(),
             "the application's bytes after a message read item by item");
        return o;
    }

    static Object read(FastObjectInputStream in) throws IOException, ClassNotFoundException {
        try (in) {
            return in.readObject();
        }
    }

    static byte[] write(Object o) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(o);
        return out.toByteArray();
    }

    static int field(Object o, String name) throws ReflectiveOperationException {
        return o.getClass().getField(name).getInt(o);
    }

    /** A check inside a loop: silent when it holds (the loop prints one line for all). */
    static void same(Object expected, Object actual, String what) {
        if (!java.util.Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    static void clearCache() throws ReflectiveOperationException {
        CLEAR.invoke(null);
    }

    static final Method CLEAR;
    static {
        try {
            CLEAR = Class.forName("jdk.internal.fastserial.DescriptorCache").getDeclaredMethod("clear");
            CLEAR.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws Exception {
        Path scratch = Files.createTempDirectory(Path.of("."), "dc");
        URL v1 = SourceVersions.compile(scratch.resolve("v1"), point("y"));
        URL v2 = SourceVersions.compile(scratch.resolve("v2"), point("z"));
        URLClassLoader l1 = new URLClassLoader("v1", new URL[] { v1 }, DescriptorCacheTest.class.getClassLoader());
        URLClassLoader l2 = new URLClassLoader("v2", new URL[] { v2 }, DescriptorCacheTest.class.getClassLoader());
        URLClassLoader l1b = new URLClassLoader("v1b", new URL[] { v1 }, DescriptorCacheTest.class.getClassLoader());
        Class<?> p1 = l1.loadClass("dc.Point");
        Class<?> p2 = l2.loadClass("dc.Point");
        byte[] s1 = write(p1.getConstructor(int.class, int.class).newInstance(1, 2));
        byte[] s2 = write(p2.getConstructor(int.class, int.class).newInstance(3, 4));

        alternatingVersions(s1, s2, l1, l2, l1b);
        unloading(s1, v1);
        loaderAfterClassDefinedMethod(l1);
        sameOutcomeCachedOrNot(s1, l2);
        sameOutcomeCachedOrNot(s2, l1);
        sameOutcomeAsRead(s1, s1, l2);
        sameOutcomeAsRead(s2, s1, l1);
        sameOutcomeAsRead(s1, s2, l1);
        arrivingSlowly(s1, l1);
        changedUnderParse(s1, l1);
        moreDescriptorsThanSlots(s1, l1);
        enumConstantOrders();
        secondStreamHits(false);
        secondStreamHits(true);
        System.out.println("ok");
    }

    // Types of one package, with names that differ in their last bytes
    // only, as a message's classes often do.
    record QuoteA(long id, String symbol) implements java.io.Serializable { }
    record QuoteB(long id, String symbol) implements java.io.Serializable { }
    record QuoteAB(double bid, double ask) implements java.io.Serializable { }
    enum Side { BUY, SELL }
    record Order(QuoteA a, QuoteB b, QuoteAB ab, Side side) implements java.io.Serializable { }

    /** The cache's entries, by identity. */
    static List<Object> entries() throws ReflectiveOperationException {
        Field table = Class.forName("jdk.internal.fastserial.DescriptorCache").getDeclaredField("TABLE");
        table.setAccessible(true);
        return Arrays.stream((Object[]) table.get(null)).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * A second fresh stream of the same bytes takes every descriptor from
     * the cache: the entries the first one made stay, none replaced (a
     * descriptor parsed again, or two of the message's descriptors in one
     * slot, would replace one), one per type of the message.
     */
    static void secondStreamHits(boolean itemByItem) throws Exception {
        clearCache();
        Order order = new Order(new QuoteA(1, "A"), new QuoteB(2, "B"), new QuoteAB(0.5, 0.75), Side.SELL);
        byte[] bytes = write(order);
        Reading reading = itemByItem ? DescriptorCacheTest::readItemByItem : DescriptorCacheTest::read;
        ClassLoader here = DescriptorCacheTest.class.getClassLoader();
        String how = itemByItem ? " read item by item" : "";
        expectEquals(order, itemByItem ? readItemByItem(bytes, here) : new FastObjectInputStream(bytes).readObject(),
                     "the first fresh stream" + how);
        List<Object> first = entries();
        expectEquals(5, first.size(), "one entry per type of the message (Order, QuoteA, QuoteB, QuoteAB, Side)"
                     + how);
        for (int i = 0; i < 3; i++) {
            expectEquals(order, itemByItem ? readItemByItem(bytes, here) : new FastObjectInputStream(bytes).readObject(),
                         "fresh stream " + (i + 2) + how);
            List<Object> now = entries();
            expect(now.size() == first.size() && first.stream().allMatch(e -> now.stream().anyMatch(x -> x == e)),
                   "fresh stream " + (i + 2) + how + " found every descriptor in the cache, replaced none");
        }
        System.out.println("ok: later fresh streams" + how + " hit all " + first.size() + " cached descriptors");
    }

    /** Fresh streams, one after another, each with its own loader: each gets its own class and fields. */
    static void alternatingVersions(byte[] s1, byte[] s2, ClassLoader l1, ClassLoader l2, ClassLoader l1b)
            throws Exception {
        Class<?> p1 = l1.loadClass("dc.Point");
        Class<?> p2 = l2.loadClass("dc.Point");
        Class<?> p1b = l1b.loadClass("dc.Point");
        Reading[] readings = { DescriptorCacheTest::read, DescriptorCacheTest::readOverridden,
                               DescriptorCacheTest::readItemByItem };
        for (int round = 0; round < 600; round++) {
            Reading read = readings[round % readings.length];
            Object a = read.read(s1, l1);
            same(p1, a.getClass(), "version 1 into version 1");
            same(List.of(1, 2), List.of(field(a, "x"), field(a, "y")), "version 1 into version 1");

            Object b = read.read(s1, l1b);
            same(p1b, b.getClass(), "version 1 into the second loader of version 1 gets that loader's class");
            same(List.of(1, 2), List.of(field(b, "x"), field(b, "y")), "version 1 into its second loader");

            Object c = read.read(s1, l2);
            same(p2, c.getClass(), "version 1 into version 2");
            same(List.of(1, 0), List.of(field(c, "x"), field(c, "z")), "version 1 into version 2: "
                         + "y dropped, z defaulted");

            Object d = read.read(s2, l2);
            same(List.of(3, 4), List.of(field(d, "x"), field(d, "z")), "version 2 into version 2");

            Object e = read.read(s2, l1);
            same(p1, e.getClass(), "version 2 into version 1");
            same(List.of(3, 0), List.of(field(e, "x"), field(e, "y")), "version 2 into version 1");
        }
        System.out.println("ok: 600 rounds of fresh streams over two versions and three loaders, "
                           + "with the streams' resolveClass, an overriding one, and read item by item");
    }

    enum Tone { ALPHA, DELTA, OMEGA }

    /**
     * The local constants an enum descriptor's names map to are kept with
     * the cached descriptor: a second descriptor of the same enum, from a
     * writer whose enum lists ALPHA and OMEGA the other way round (their
     * names swapped in the bytes), must map its own way, whichever of the
     * two fresh streams read before.
     */
    static void enumConstantOrders() throws Exception {
        byte[] written = write(new Tone[] { Tone.ALPHA, Tone.OMEGA, Tone.DELTA });
        byte[] swapped = written.clone();
        byte[] alpha = "ALPHA".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] omega = "OMEGA".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int a = grande.test.StreamBytes.indexOf(written, alpha);
        int o = grande.test.StreamBytes.indexOf(written, omega);
        expect(a > 0 && o > 0, "the constant names are in the descriptor");
        System.arraycopy(omega, 0, swapped, a, omega.length);
        System.arraycopy(alpha, 0, swapped, o, alpha.length);
        List<Tone> asWritten = List.of(Tone.ALPHA, Tone.OMEGA, Tone.DELTA);
        List<Tone> asSwapped = List.of(Tone.OMEGA, Tone.ALPHA, Tone.DELTA);
        // Runs of each (the kept mapping is used), then alternation (it is replaced).
        int[] pattern = { 0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0 };
        for (int round = 0; round < 100; round++) {
            for (int which : pattern) {
                Object back = read(new FastObjectInputStream(which == 0 ? written : swapped));
                same(which == 0 ? asWritten : asSwapped, Arrays.asList((Tone[]) back),
                     which == 0 ? "the enum as written" : "the enum with its constant names swapped");
            }
        }
        System.out.println("ok: 1200 fresh streams over two constant orders of one enum");
    }

    interface Reading {
        Object read(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException;
    }

    /** A class of this test's loader whose readObject reads a class of this loader too. */
    static final class Holder implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        Object inner = new Marker();

        private void readObject(java.io.ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();         // Marker is resolved with Holder's frame the latest
        }
    }

    static final class Marker implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * After a class-defined readObject returns, classes are resolved in the
     * loader of the code that called readObject again, not in that of the
     * class whose readObject ran: code of the version-1 loader reads a
     * Holder (this test's loader, whose readObject resolves a Marker) and
     * then a dc.Point, which only the version-1 loader can see.
     */
    static void loaderAfterClassDefinedMethod(ClassLoader l1) throws Exception {
        Object point = l1.loadClass("dc.Point").getConstructor(int.class, int.class).newInstance(5, 6);
        Object[] back = (Object[]) read(write(new Object[] { new Holder(), point }), l1);
        expect(back[0] instanceof Holder h && h.inner instanceof Marker, "the Holder and its Marker");
        expectEquals(List.of(5, 6), List.of(field(back[1], "x"), field(back[1], "y")),
                     "the dc.Point after it, resolved in the loader of the code that read");
    }

    /** What a fresh stream read through a loader keeps of it does not keep the loader alive. */
    static void unloading(byte[] s1, URL v1) throws Exception {
        WeakReference<ClassLoader> gone = readThroughThrowawayLoader(s1, v1);
        for (int i = 0; i < 50 && gone.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        expect(gone.get() == null, "a loader whose class fresh streams read is unloaded once dropped");
        System.out.println("ok: the loader was unloaded");
    }

    static WeakReference<ClassLoader> readThroughThrowawayLoader(byte[] s1, URL v1) throws Exception {
        URLClassLoader loader = new URLClassLoader("throwaway", new URL[] { v1 },
                                                   DescriptorCacheTest.class.getClassLoader());
        for (int i = 0; i < 20; i++) {
            Object o = read(s1, loader);
            same(loader, o.getClass().getClassLoader(), "read through the throwaway loader");
        }
        loader.close();
        return new WeakReference<>(loader);
    }

    /**
     * Every one-byte change (three values per position) and every
     * truncation of the stream: the outcome of a read with the cache empty
     * equals that of a read of the same bytes just after (the descriptor,
     * if the first read kept it, now comes from the cache).
     */
    static void sameOutcomeCachedOrNot(byte[] stream, ClassLoader loader) throws Exception {
        List<byte[]> variants = new ArrayList<>();
        for (int i = 4; i < stream.length; i++) {
            for (int delta : new int[] { 1, -1, 0x40 }) {
                byte[] v = stream.clone();
                v[i] += (byte) delta;
                variants.add(v);
            }
        }
        for (int n = 4; n < stream.length; n++) {
            variants.add(Arrays.copyOf(stream, n));
        }
        int objects = 0;
        for (byte[] v : variants) {
            clearCache();
            String cold = outcome(v, loader);
            String warm = outcome(v, loader);
            same(cold, warm, "the same bytes read with and without the cached descriptor: " + Arrays.toString(v));
            objects += cold.startsWith("read ") ? 1 : 0;
        }
        System.out.println("ok: " + variants.size() + " changed or cut streams read the same cached or not ("
                           + objects + " read an object)");
    }

    /**
     * Read item by item, with the application's bytes after the stream
     * (after a cut one: none): every one-byte change and truncation of
     * {@code stream} has the same outcome, and leaves the same bytes in the
     * source, with the cache empty, holding the descriptor of {@code
     * primer} (read just before: the changed descriptor is compared with it
     * as it arrives, and must not be read further than its own parse reads),
     * and holding its own.
     */
    static void sameOutcomeAsRead(byte[] stream, byte[] primer, ClassLoader loader) throws Exception {
        int n = 0;
        int objects = 0;
        for (int i = 4; i < stream.length; i++) {
            for (int delta : new int[] { 1, -1, 0x40 }) {
                byte[] v = stream.clone();
                v[i] += (byte) delta;
                objects += sameOutcomeAsRead(v, APPLICATION, primer, loader, 1 + n++ % 5);
            }
        }
        for (int cut = 4; cut < stream.length; cut++) {
            objects += sameOutcomeAsRead(Arrays.copyOf(stream, cut), new byte[0], primer, loader, 1 + n++ % 5);
        }
        System.out.println("ok: " + n + " changed or cut streams read item by item the same, cache empty, primed "
                           + "with another or with their own (" + objects + " read an object)");
    }

    static int sameOutcomeAsRead(byte[] v, byte[] after, byte[] primer, ClassLoader loader, int step)
            throws Exception {
        clearCache();
        String cold = outcome(new ItemSource(v, after, step), loader);
        clearCache();
        String primerRead = outcome(new ItemSource(primer, APPLICATION, step), loader);
        same(true, primerRead.startsWith("read Point ")
             && primerRead.endsWith(" then " + java.util.HexFormat.of().formatHex(APPLICATION)),
             "the primer read: " + primerRead);
        String primed = outcome(new ItemSource(v, after, step), loader);
        String warm = outcome(new ItemSource(v, after, step), loader);
        same(cold, primed, "read item by item with the cache empty and holding another descriptor: "
             + Arrays.toString(v));
        same(cold, warm, "read item by item with the cache empty and holding its own descriptor: "
             + Arrays.toString(v));
        return cold.startsWith("read ") ? 1 : 0;
    }

    /** The outcome of a read from an item-by-item source, and what it left there. */
    static String outcome(ItemSource source, ClassLoader loader) throws IOException {
        return outcome(() -> readOverridden(source, loader)) + " then " + source.rest();
    }

    interface Read {
        Object read() throws IOException, ClassNotFoundException;
    }

    static String outcome(byte[] bytes, ClassLoader loader) {
        return outcome(() -> read(bytes, loader));
    }

    static String outcome(Read read) {
        try {
            Object o = read.read();
            if (o == null || !o.getClass().getName().equals("dc.Point")) {
                return "read " + o;
            }
            StringBuilder sb = new StringBuilder("read Point");
            for (Field f : o.getClass().getFields()) {
                sb.append(' ').append(f.getName()).append('=').append(f.getInt(o));
            }
            return sb.toString();
        } catch (IOException | ClassNotFoundException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A buggy application changes an array while a stream reads it (from
     * another thread): the cache must not take the bytes of one moment with
     * the parse of another, or correct streams elsewhere would read with a
     * wrong parse. One thread flips bits in the descriptor of an array that
     * a second thread reads again and again, the cache emptied often so that
     * it parses and keeps descriptors all the time; this thread reads the
     * unchanged bytes meanwhile and must always get the right object.
     */
    static void changedUnderParse(byte[] s1, ClassLoader l1) throws Exception {
        byte[] shared = s1.clone();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread flipper = new Thread(() -> {
            java.util.Random random = new java.util.Random(1);
            while (!stop.get()) {
                int i = 5 + random.nextInt(shared.length - 5 - 8);   // after the header and type id
                shared[i] ^= 0x01;
                Thread.onSpinWait();
                shared[i] ^= 0x01;
            }
        });
        Thread racer = new Thread(() -> {
            int n = 0;
            while (!stop.get()) {
                try {
                    if (++n % 4 == 0) {
                        clearCache();
                    }
                    read(shared, l1);
                } catch (Exception e) {
                    // the racing reads may fail in any way a changed stream fails
                }
            }
        });
        flipper.start();
        racer.start();
        int reads = 0;
        try {
            long end = System.nanoTime() + 2_000_000_000L;
            while (System.nanoTime() - end < 0) {
                Object o = read(s1, l1);
                same(List.of(1, 2), List.of(field(o, "x"), field(o, "y")),
                     "an unchanged stream read while another stream's array changes under its parse");
                reads++;
            }
        } finally {
            stop.set(true);
            flipper.join();
            racer.join();
        }
        System.out.println("ok: " + reads + " reads of the unchanged stream, all right, while another changed");
    }

    /** Input that arrives a few bytes at a time (a descriptor never whole in the buffer) reads the same. */
    static void arrivingSlowly(byte[] s1, ClassLoader l1) throws Exception {
        for (int chunk = 1; chunk <= 16; chunk++) {
            int step = chunk;
            InputStream slow = new ByteArrayInputStream(s1) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, step));
                }
            };
            Object o = read(new FastObjectInputStream(slow) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                    return Class.forName(desc.getName(), false, l1);
                }
            });
            same(List.of(1, 2), List.of(field(o, "x"), field(o, "y")), "read " + step + " bytes at a time");
        }
        System.out.println("ok: input arriving 1 to 16 bytes at a time");
    }

    /** Many more distinct descriptors than the cache has slots, then the first stream again. */
    static void moreDescriptorsThanSlots(byte[] s1, ClassLoader l1) throws Exception {
        Class<?>[] components = { int.class, long.class, double.class, float.class, short.class, char.class,
                                  byte.class, boolean.class, Object.class, String.class };
        int n = 0;
        for (Class<?> component : components) {
            for (int dims = 1; dims <= 255; dims++) {
                Object a = java.lang.reflect.Array.newInstance(component, new int[dims]);
                Object back = new FastObjectInputStream(write(a)).readObject();
                same(a.getClass(), back.getClass(), "an array of " + dims + " dimensions");
                n++;
            }
        }
        Object o = read(s1, l1);
        expectEquals(List.of(1, 2), List.of(field(o, "x"), field(o, "y")), "the first stream again");
        System.out.println("ok: " + n + " array types, then the first stream again");
    }
}
