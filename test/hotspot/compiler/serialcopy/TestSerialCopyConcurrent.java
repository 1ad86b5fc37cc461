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
 * @summary ClassInfo and object-stream copies on several threads stay exact
 *          while another thread fills a small heap and forces collections
 *          (objects and arrays move under the copies): G1
 * @run main/othervm -Xmx64m -XX:+UseG1GC TestSerialCopyConcurrent
 */

/*
 * @test id=Z
 * @summary ClassInfo and object-stream copies on several threads stay exact
 *          while another thread fills a small heap and forces collections
 *          (objects and arrays move under the copies): ZGC
 * @run main/othervm -Xmx64m -XX:+UseZGC TestSerialCopyConcurrent
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

public class TestSerialCopyConcurrent {

    static final long DURATION_NANOS = 3_000_000_000L;
    static final int WORKERS = 4;

    /** Primitive fields on two levels with references between them: several runs. */
    static class Base {
        long l0; Object r0; int i0; short s0; byte b0; String r1; double d0; char c0;
        boolean z0; float f0; int i1; long skip;
    }

    static class Sub extends Base {
        int[] r2; int i2; long l1; Object r3; float f1; byte b1; double d1; short s1;
    }

    static final Field[] DESCRIBED;
    static final ClassInfo INFO;
    static final int IMG_L1;

    static {
        try {
            List<Field> fs = new ArrayList<>();
            for (Class<?> c : List.of(Base.class, Sub.class)) {
                for (Field f : c.getDeclaredFields()) {
                    if (f.getType().isPrimitive() && !f.getName().equals("skip")) {
                        fs.add(f);
                    }
                }
            }
            DESCRIBED = fs.toArray(new Field[0]);
            INFO = Sub.class.getClassInfo(DESCRIBED);
            int off = 0;
            int found = -1;
            for (Field f : INFO.getFields()) {
                if (f.getName().equals("l1")) {
                    found = off;
                }
                Class<?> t = f.getType();
                off += (t == long.class || t == double.class) ? 8
                       : (t == int.class || t == float.class) ? 4
                       : (t == short.class || t == char.class) ? 2 : 1;
            }
            IMG_L1 = found;
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static final VarHandle LONG_NATIVE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    static final AtomicReference<Throwable> FAILURE = new AtomicReference<>();
    static volatile boolean stop;

    public static void main(String[] args) throws Exception {
        long deadline = System.nanoTime() + DURATION_NANOS;
        AtomicInteger gcs = new AtomicInteger();
        AtomicInteger[] rounds = new AtomicInteger[WORKERS];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            AtomicInteger count = rounds[w] = new AtomicInteger();
            long seed = 1000 + w;
            threads.add(new Thread(() -> guarded(() -> {
                start.await();
                work(seed, count);
            }), "copier-" + w));
        }
        threads.add(new Thread(() -> guarded(() -> {
            start.await();
            churn(gcs);
        }), "garbage"));
        threads.forEach(Thread::start);
        start.countDown();
        while (System.nanoTime() < deadline && FAILURE.get() == null) {
            Thread.sleep(50);
        }
        stop = true;
        for (Thread t : threads) {
            t.join(60_000);
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " did not stop");
            }
        }
        if (FAILURE.get() != null) {
            throw new AssertionError("a thread failed", FAILURE.get());
        }
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < WORKERS; w++) {
            sb.append(' ').append(rounds[w].get());
            if (rounds[w].get() < 100) {
                throw new AssertionError("copier-" + w + " did only " + rounds[w].get() + " rounds");
            }
        }
        if (gcs.get() < 3) {
            throw new AssertionError("only " + gcs.get() + " forced collections");
        }
        System.out.println("passed: rounds per copier" + sb + ", " + gcs.get() + " System.gc() calls");
    }

    interface Body { void run() throws Exception; }

    static void guarded(Body body) {
        try {
            body.run();
        } catch (Throwable t) {
            FAILURE.compareAndSet(null, t);
            stop = true;
        }
    }

    /** Allocates short- and medium-lived garbage and forces collections. */
    static void churn(AtomicInteger gcs) {
        List<Object> keep = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        long lastGc = System.nanoTime();
        while (!stop) {
            for (int i = 0; i < 1000; i++) {
                keep.add(r.nextBoolean() ? new byte[r.nextInt(4096)] : new Object[r.nextInt(64)]);
            }
            if (keep.size() > 20_000) {            // ~20 MB at most
                keep.subList(0, 10_000).clear();
            }
            if (System.nanoTime() - lastGc > 100_000_000L) {
                System.gc();
                gcs.incrementAndGet();
                lastGc = System.nanoTime();
            }
        }
    }

    static void fill(Sub o, SplittableRandom r) {
        o.l0 = r.nextLong(); o.i0 = r.nextInt(); o.s0 = (short) r.nextInt(); o.b0 = (byte) r.nextInt();
        o.d0 = Double.longBitsToDouble(r.nextLong()); o.c0 = (char) r.nextInt(); o.z0 = r.nextBoolean();
        o.f0 = Float.intBitsToFloat(r.nextInt()); o.i1 = r.nextInt(); o.skip = r.nextLong();
        o.i2 = r.nextInt(); o.l1 = r.nextLong(); o.f1 = Float.intBitsToFloat(r.nextInt());
        o.b1 = (byte) r.nextInt(); o.d1 = Double.longBitsToDouble(r.nextLong()); o.s1 = (short) r.nextInt();
    }

    static String sameDescribed(Sub a, Sub b) {
        if (a.l0 != b.l0) return "l0";
        if (a.i0 != b.i0) return "i0";
        if (a.s0 != b.s0) return "s0";
        if (a.b0 != b.b0) return "b0";
        if (Double.doubleToRawLongBits(a.d0) != Double.doubleToRawLongBits(b.d0)) return "d0";
        if (a.c0 != b.c0) return "c0";
        if (a.z0 != b.z0) return "z0";
        if (Float.floatToRawIntBits(a.f0) != Float.floatToRawIntBits(b.f0)) return "f0";
        if (a.i1 != b.i1) return "i1";
        if (a.i2 != b.i2) return "i2";
        if (a.l1 != b.l1) return "l1";
        if (Float.floatToRawIntBits(a.f1) != Float.floatToRawIntBits(b.f1)) return "f1";
        if (a.b1 != b.b1) return "b1";
        if (Double.doubleToRawLongBits(a.d1) != Double.doubleToRawLongBits(b.d1)) return "d1";
        if (a.s1 != b.s1) return "s1";
        return null;
    }

    /** Round trips on this thread's own objects until told to stop; each checked. */
    static void work(long seed, AtomicInteger rounds) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        Sub src = new Sub();
        int round = 0;
        while (!stop) {
            if (round % 16 == 0) {
                src = new Sub();                 // young objects too, not only old ones
            }
            fill(src, r);
            Object r0 = new Object();
            String r1 = "w" + seed + "/" + round;
            src.r0 = r0;
            src.r1 = r1;

            // ClassInfo: whole, then resumed in chunks, into fresh objects.
            byte[] image = new byte[INFO.size()];
            int n = INFO.toByteArray(src, 0, image, 0);
            if (n != INFO.size() || (long) LONG_NATIVE.get(image, IMG_L1) != src.l1) {
                throw new AssertionError("toByteArray round " + round + ": " + n + " bytes, l1 "
                                         + LONG_NATIVE.get(image, IMG_L1) + " want " + src.l1);
            }
            for (int chunk : new int[] {INFO.size(), 1 + r.nextInt(INFO.size())}) {
                Sub dst = new Sub();
                int[] sentinel = {round, ~round};
                dst.r2 = sentinel;
                dst.skip = 0x5ca1ab1eL;
                int off = 0;
                while (off < INFO.size()) {
                    byte[] window = new byte[chunk];
                    int got = INFO.toByteArray(src, off, window, 0);
                    int put = INFO.fromByteArray(dst, off, window, 0);
                    if (got != put || got != Math.min(chunk, INFO.size() - off)) {
                        throw new AssertionError("chunk " + chunk + " at " + off + ": " + got + "/" + put);
                    }
                    off += got;
                }
                String diff = sameDescribed(src, dst);
                if (diff != null) {
                    throw new AssertionError("round " + round + ", chunk " + chunk + ": field " + diff);
                }
                if (dst.r2 != sentinel || sentinel[0] != round || sentinel[1] != ~round
                        || dst.r0 != null || dst.r1 != null || dst.r3 != null
                        || dst.skip != 0x5ca1ab1eL) {
                    throw new AssertionError("round " + round + ": a field outside the image changed");
                }
            }
            if (src.r0 != r0 || src.r1 != r1 || !r1.equals("w" + seed + "/" + round)) {
                throw new AssertionError("round " + round + ": source references changed");
            }

            // Object streams: primitive arrays of every bulk type.
            if (round % 4 == 0) {
                streamRoundTrip(r, round);
            }
            round++;
            rounds.incrementAndGet();
        }
    }

    static void streamRoundTrip(SplittableRandom r, int round) throws Exception {
        int len = r.nextInt(3000);
        int[] ints = new int[len];
        long[] longs = new long[len / 2];
        float[] floats = new float[len];
        double[] doubles = new double[len / 2];
        short[] shorts = new short[len];
        char[] chars = new char[len];
        for (int i = 0; i < len; i++) {
            ints[i] = r.nextInt();
            floats[i] = Float.intBitsToFloat(r.nextInt(8) == 0 ? 0x7f800001 + r.nextInt(0x7fffff) : r.nextInt());
            shorts[i] = (short) r.nextInt();
            chars[i] = (char) r.nextInt();
        }
        for (int i = 0; i < len / 2; i++) {
            longs[i] = r.nextLong();
            doubles[i] = Double.longBitsToDouble(r.nextInt(8) == 0 ? 0xfff0000000000001L + i : r.nextLong());
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
            oos.writeObject(ints);
            oos.writeByte(1);
            oos.writeObject(longs);
            oos.writeObject(floats);
            oos.writeShort(2);
            oos.writeObject(doubles);
            oos.writeObject(shorts);
            oos.writeObject(chars);
        }
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
            int[] ints2 = (int[]) ois.readObject();
            int one = ois.readByte();
            long[] longs2 = (long[]) ois.readObject();
            float[] floats2 = (float[]) ois.readObject();
            int two = ois.readShort();
            double[] doubles2 = (double[]) ois.readObject();
            short[] shorts2 = (short[]) ois.readObject();
            char[] chars2 = (char[]) ois.readObject();
            String where = "stream round " + round + ", length " + len + ": ";
            if (one != 1 || two != 2) {
                throw new AssertionError(where + "block data between the arrays");
            }
            if (!java.util.Arrays.equals(ints, ints2)) throw new AssertionError(where + "int[]");
            if (!java.util.Arrays.equals(longs, longs2)) throw new AssertionError(where + "long[]");
            if (!java.util.Arrays.equals(shorts, shorts2)) throw new AssertionError(where + "short[]");
            if (!java.util.Arrays.equals(chars, chars2)) throw new AssertionError(where + "char[]");
            if (floats2.length != len || doubles2.length != len / 2) {
                throw new AssertionError(where + "float[]/double[] length");
            }
            for (int i = 0; i < len; i++) {
                if (Float.floatToRawIntBits(floats2[i]) != Float.floatToIntBits(floats[i])) {
                    throw new AssertionError(where + "float[" + i + "]");
                }
            }
            for (int i = 0; i < len / 2; i++) {
                if (Double.doubleToRawLongBits(doubles2[i]) != Double.doubleToLongBits(doubles[i])) {
                    throw new AssertionError(where + "double[" + i + "]");
                }
            }
        }
    }
}
