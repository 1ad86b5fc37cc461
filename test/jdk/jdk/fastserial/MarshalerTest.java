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
 * @summary Marshalers of the fast object streams. A hand-written
 *          FastSerializable class (every put/get of the public buffer, bulk
 *          arrays, objects and a cycle through writeFast/readFast) round
 *          trips through the fast streams, which call its methods, and
 *          through the JDK's, which use ordinary serialization; the no-arg
 *          constructor of its non-serializable superclass runs. Ordinary
 *          Serializable classes (private, final, shadowed, transient,
 *          primitive and reference fields over a superclass chain), which get
 *          generated marshalers, read back deeply equal to the JDK's result,
 *          also when two threads use new classes for the first time at once.
 *          A class used through the fast streams does not keep its class
 *          loader alive.
 * @library /lib
 * @build grande.test.* DeepEquals SourceVersions
 * @run main/othervm MarshalerTest
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import grande.test.JdkStreams;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.FastSerializable;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class MarshalerTest {

    // ---- hand-written ------------------------------------------------------------

    static class Body {
        double mass;

        Body() {
            mass = 1.0;
        }

        Body(double mass) {
            this.mass = mass;
        }
    }

    static final class Particle extends Body implements FastSerializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger WRITES = new AtomicInteger();
        static final AtomicInteger READS = new AtomicInteger();
        double x;
        double y;
        double z;
        String name;
        Particle partner;
        int[] history;

        Particle(double mass, double x, String name, int... history) {
            super(mass);
            this.x = x;
            this.y = -x;
            this.z = x * x;
            this.name = name;
            this.history = history;
        }

        @Override
        public void writeFast(FastObjectOutputStream out) throws IOException {
            WRITES.incrementAndGet();
            out.putDouble(x);
            out.putDouble(y);
            out.putDouble(z);
            out.putInt(history.length);
            out.putInts(history, 0, history.length);
            out.writeObject(name);
            out.writeObject(partner);
        }

        @Override
        public void readFast(FastObjectInputStream in) throws IOException, ClassNotFoundException {
            READS.incrementAndGet();
            x = in.getDouble();
            y = in.getDouble();
            z = in.getDouble();
            history = new int[in.getInt()];
            in.getInts(history, 0, history.length);
            name = (String) in.readObject();
            partner = (Particle) in.readObject();
        }
    }

    /** Every put and get of the public buffer. */
    static final class AllPrimitives implements FastSerializable {
        private static final long serialVersionUID = 1L;
        boolean z = true;
        byte b = -2;
        char c = '\u4e2d';
        short s = -3;
        int i = Integer.MIN_VALUE;
        long l = Long.MAX_VALUE;
        float f = Float.NaN;
        double d = -0.0;
        boolean[] zs = { true, false, true };
        byte[] bs = { 1, -1, 127 };
        char[] cs = "h\u00e9llo".toCharArray();
        short[] ss = { Short.MIN_VALUE, 0, Short.MAX_VALUE };
        int[] is = { 1, 2, 3, 4, 5 };
        long[] ls = { -1L, 1L << 40 };
        float[] fs = { Float.MIN_VALUE, Float.NEGATIVE_INFINITY };
        double[] ds = new double[777];

        AllPrimitives() {
            for (int k = 0; k < ds.length; k++) {
                ds[k] = k / 7.0;
            }
        }

        @Override
        public void writeFast(FastObjectOutputStream out) throws IOException {
            out.putBoolean(z);
            out.putByte(b);
            out.putChar(c);
            out.putShort(s);
            out.putInt(i);
            out.putLong(l);
            out.putFloat(f);
            out.putDouble(d);
            out.putBooleans(zs, 0, zs.length);
            out.putBytes(bs, 0, bs.length);
            out.putChars(cs, 1, cs.length - 1);     // an offset into the array
            out.putShorts(ss, 0, ss.length);
            out.putInts(is, 2, 3);
            out.putLongs(ls, 0, ls.length);
            out.putFloats(fs, 0, fs.length);
            out.putInt(ds.length);
            out.putDoubles(ds, 0, ds.length);
        }

        @Override
        public void readFast(FastObjectInputStream in) throws IOException {
            z = in.getBoolean();
            b = in.getByte();
            c = in.getChar();
            s = in.getShort();
            i = in.getInt();
            l = in.getLong();
            f = in.getFloat();
            d = in.getDouble();
            zs = new boolean[3];
            in.getBooleans(zs, 0, 3);
            bs = new byte[3];
            in.getBytes(bs, 0, 3);
            cs = new char[5];
            cs[0] = 'h';
            in.getChars(cs, 1, 4);
            ss = new short[3];
            in.getShorts(ss, 0, 3);
            is = new int[] { 1, 2, 0, 0, 0 };
            in.getInts(is, 2, 3);
            ls = new long[2];
            in.getLongs(ls, 0, 2);
            fs = new float[2];
            in.getFloats(fs, 0, 2);
            ds = new double[in.getInt()];
            in.getDoubles(ds, 0, ds.length);
        }
    }

    // ---- generated ---------------------------------------------------------------

    static class GBase implements Serializable {
        private static final long serialVersionUID = 1L;
        private int a;
        protected long b;
        String s;
        private final int fa;

        GBase(int seed) {
            a = seed;
            b = seed * 1_000_000_007L;
            s = seed % 3 == 0 ? null : "s" + seed;
            fa = -seed;
        }
    }

    static class GMid extends GBase {
        private static final long serialVersionUID = 1L;
        private final double d;
        final Object ref;
        boolean flag;
        char c;
        byte by;
        short sh;
        float f;
        private int a;      // shadows GBase.a

        GMid(int seed, Object ref) {
            super(seed);
            d = seed / 3.0;
            this.ref = ref;
            flag = seed % 2 == 0;
            c = (char) ('a' + seed % 26);
            by = (byte) seed;
            sh = (short) (seed * 7);
            f = seed * 0.25f;
            a = seed + 1;
        }
    }

    static final class GLeaf extends GMid {
        private static final long serialVersionUID = 1L;
        static int notSerialized;
        private final int[] arr;
        private List<String> list;
        private transient int skip = 5;
        Object self;

        GLeaf(int seed, Object ref) {
            super(seed, ref);
            arr = seed % 5 == 0 ? null : new int[] { seed, seed * 2 };
            list = new ArrayList<>(List.of("l" + seed));
            self = seed % 4 == 0 ? this : ref;
        }
    }

    static final class OnlyPrimitives implements Serializable {
        private static final long serialVersionUID = 1L;
        int i1 = 1, i2 = 2, i3 = 3, i4 = 4;
        long l1 = 5, l2 = 6;
        double d1 = 7.5, d2 = -8.25;
        boolean z1 = true, z2;
        byte b1 = 9;
        char c1 = 'x';
        short s1 = 10;
        float f1 = 11.5f;
    }

    static final class OnlyReferences implements Serializable {
        private static final long serialVersionUID = 1L;
        Object a = "a";
        String b = "b";
        Object c = null;
        int[] d = { 4 };
        OnlyReferences e;
    }

    static final class NoFields implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    static byte[] writeFast(Object o) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(o);
        out.flush();
        return out.toByteArray();
    }

    static Object readFast(byte[] bytes) throws Exception {
        return new FastObjectInputStream(bytes).readObject();
    }

    static Object jdkRoundTrip(Object o) throws Exception {
        return JdkStreams.roundTrip(o);
    }

    public static void main(String[] args) throws Exception {
        handWritten();
        generated();
        concurrentFirstUse();
        classLoaderNotKept();
    }

    static void handWritten() throws Exception {
        Particle p1 = new Particle(5.0, 1.5, "p", 1, 2, 3);
        Particle p2 = new Particle(6.0, -2.5, "p", 4);
        p1.partner = p2;
        p2.partner = p1;
        List<Object> graph = new ArrayList<>(List.of(p1, p2, p1, new AllPrimitives()));

        int writes = Particle.WRITES.get();
        int reads = Particle.READS.get();
        Object jdk = jdkRoundTrip(graph);
        expect(Particle.WRITES.get() == writes && Particle.READS.get() == reads,
               "the JDK's streams do not call writeFast and readFast");

        Object fast = readFast(writeFast(graph));
        expectEquals(writes + 2, Particle.WRITES.get(), "writeFast ran once per Particle");
        expectEquals(reads + 2, Particle.READS.get(), "readFast ran once per Particle");
        DeepEquals.check(jdk, fast, "FastSerializable graph against the JDK's result");
        List<?> l = (List<?>) fast;
        Particle q1 = (Particle) l.get(0);
        Particle q2 = (Particle) l.get(1);
        expect(q1.partner == q2 && q2.partner == q1 && l.get(2) == q1, "the cycle through readFast");
        expect(q1.mass == 1.0 && q2.mass == 1.0, "Body's no-arg constructor ran");
        expect(q1.x == 1.5 && q1.z == 2.25 && Arrays.equals(q1.history, new int[] { 1, 2, 3 }), "the values");
        expect(q1.name == q2.name, "the shared name string");
        DeepEquals.check(new AllPrimitives(), l.get(3), "every put and get");
    }

    static void generated() throws Exception {
        List<Object> graph = new ArrayList<>();
        Object shared = new ArrayList<>(List.of("shared"));
        for (int i = 0; i < 1000; i++) {
            graph.add(new GLeaf(i, i % 10 == 0 ? graph : shared));
        }
        graph.add(new OnlyPrimitives());
        OnlyReferences refs = new OnlyReferences();
        refs.e = refs;
        graph.add(refs);
        graph.add(new NoFields());
        graph.add(new GMid(3, null));
        graph.add(new GBase(4));
        Object jdk = jdkRoundTrip(graph);
        for (int round = 0; round < 3; round++) {
            Object fast = readFast(writeFast(graph));
            DeepEquals.check(jdk, fast, "generated marshalers against the JDK's result, round " + round);
        }
        GLeaf leaf = (GLeaf) ((List<?>) readFast(writeFast(graph))).get(4);
        expect(leaf.skip == 0 && leaf.self == leaf, "transient field 0, the self reference");
    }

    // Used first by two threads at once.
    static final class FirstA implements Serializable {
        private static final long serialVersionUID = 1L;
        int v;
        String s;

        FirstA(int v) {
            this.v = v;
            this.s = "a" + v;
        }
    }

    static final class FirstB implements Serializable {
        private static final long serialVersionUID = 1L;
        long v;
        FirstA a;

        FirstB(int v) {
            this.v = v;
            this.a = new FirstA(v + 1);
        }
    }

    static class FirstC implements Serializable {
        private static final long serialVersionUID = 1L;
        double v;

        FirstC(int v) {
            this.v = v;
        }
    }

    static final class FirstD extends FirstC {
        private static final long serialVersionUID = 1L;
        short w;
        Object o;

        FirstD(int v) {
            super(v);
            this.w = (short) v;
            this.o = new FirstB(v);
        }
    }

    static void concurrentFirstUse() throws Exception {
        int threads = 2;
        int iterations = 200;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await(30, TimeUnit.SECONDS);
                    for (int i = 0; i < iterations; i++) {
                        int seed = id * 1000 + i;
                        List<Object> graph = List.of(new FirstD(seed), new FirstB(seed), new FirstA(seed));
                        Object back = readFast(writeFast(graph));
                        String d = DeepEquals.difference(graph, back);
                        if (d != null) {
                            throw new AssertionError("thread " + id + ", iteration " + i + ": " + d);
                        }
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            });
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join(60_000);
            expect(!thread.isAlive(), thread.getName() + " finished");
        }
        if (!errors.isEmpty()) {
            AssertionError e = new AssertionError("concurrent first use failed: " + errors.get(0), errors.get(0));
            errors.forEach(e::addSuppressed);
            throw e;
        }
        System.out.println("ok: " + threads + " threads x " + iterations + " round trips of classes new to both");
    }

    // ---- class loaders -----------------------------------------------------------

    static final String PAYLOAD = """
            package leak;
            public class Payload implements java.io.Serializable {
                private static final long serialVersionUID = 1L;
                int a = 1; long b = 2; double c = 3; String d = "d"; Object e = new int[] { 5 };
                private final Object self = this;
            }
            """;

    /**
     * Loads leak.Payload in a new loader, round trips an instance through
     * the JDK's or the fast streams, and returns a weak reference to the
     * loader, which nothing else refers to afterwards.
     */
    static WeakReference<ClassLoader> useAndDrop(URL classes, boolean fast) throws Exception {
        URLClassLoader loader = SourceVersions.loader("payload", classes);
        Object payload = loader.loadClass("leak.Payload").getConstructor().newInstance();
        byte[] bytes;
        Object back;
        if (fast) {
            bytes = writeFast(payload);
            back = new FastObjectInputStream(bytes) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                    return Class.forName(desc.getName(), false, loader);
                }
            }.readObject();
        } else {
            bytes = JdkStreams.write(payload);
            back = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                    return Class.forName(desc.getName(), false, loader);
                }
            }.readObject();
        }
        DeepEquals.check(payload, back, "leak.Payload round trip");
        loader.close();
        return new WeakReference<>(loader);
    }

    static boolean collected(WeakReference<ClassLoader> ref) throws InterruptedException {
        for (int i = 0; i < 40 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ref.get() == null;
    }

    static void classLoaderNotKept() throws Exception {
        URL classes = SourceVersions.compile(Path.of(System.getProperty("user.dir"), "payload"),
                                             Map.of("leak/Payload.java", PAYLOAD));
        // the JDK's streams first: if they kept the loader, the test could prove nothing
        expect(collected(useAndDrop(classes, false)), "the JDK's streams let the class loader go");
        expect(collected(useAndDrop(classes, true)), "the fast streams let the class loader go");
    }
}
