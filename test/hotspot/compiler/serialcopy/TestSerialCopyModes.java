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
 * The configurations are grouped into four tests so that jtreg compiles
 * this file four times, not once per configuration; each @run line is one
 * configuration, and a failure names its line. -Xbatch makes compilation
 * synchronous, so the hot loops run C2 code for most of their iterations
 * however loaded the machine is; the first configuration runs with no
 * flags at all.
 */

/*
 * @test id=compilers
 * @summary SerialCopy.copyFieldBytes/copySwapped, as used by ClassInfo and by
 *          the primitive-array paths of the object streams, give exactly the
 *          bytes of a scalar reference in every execution mode: default
 *          (tiered, C2 intrinsics), interpreter only (the VM natives), C1 only,
 *          C2 only (intrinsics, escape analysis), -Xcomp tiered, -Xcomp C2
 * @modules java.base/jdk.internal.misc
 * @run main/othervm TestSerialCopyModes
 * @run main/othervm -Xint TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:TieredStopAtLevel=1 TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:-TieredCompilation TestSerialCopyModes
 * @run main/othervm -Xcomp -XX:CompileCommand=quiet
 *      -XX:CompileCommand=compileonly,TestSerialCopyModes*::*
 *      -XX:CompileCommand=compileonly,java.lang.reflect.ClassInfo::*
 *      -XX:CompileCommand=compileonly,java.io.ObjectOutputStream$BlockDataOutputStream::*
 *      -XX:CompileCommand=compileonly,java.io.ObjectInputStream$BlockDataInputStream::*
 *      -XX:CompileCommand=compileonly,jdk.internal.misc.SerialCopy::*
 *      TestSerialCopyModes
 * @run main/othervm -Xcomp -XX:-TieredCompilation -XX:CompileCommand=quiet
 *      -XX:CompileCommand=compileonly,TestSerialCopyModes*::*
 *      -XX:CompileCommand=compileonly,java.lang.reflect.ClassInfo::*
 *      -XX:CompileCommand=compileonly,java.io.ObjectOutputStream$BlockDataOutputStream::*
 *      -XX:CompileCommand=compileonly,java.io.ObjectInputStream$BlockDataInputStream::*
 *      -XX:CompileCommand=compileonly,jdk.internal.misc.SerialCopy::*
 *      TestSerialCopyModes
 */

/*
 * @test id=collectors
 * @summary SerialCopy results are the same with every collector: G1,
 *          Parallel, Serial, ZGC
 * @modules java.base/jdk.internal.misc
 * @run main/othervm -Xbatch -XX:+UseG1GC TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:+UseParallelGC TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:+UseSerialGC TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:+UseZGC TestSerialCopyModes
 */

/*
 * @test id=layouts
 * @summary SerialCopy results with other object layouts: compact object
 *          headers, no compressed oops (other field offsets and runs)
 * @modules java.base/jdk.internal.misc
 * @run main/othervm -Xbatch -XX:+UseCompactObjectHeaders TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:-UseCompressedOops TestSerialCopyModes
 */

/*
 * @test id=paths
 * @summary SerialCopy results on the other code paths: -XX:UseAVX=0 (the
 *          scalar swap loop in the natives and in the leaf functions C2
 *          calls), and both C2 intrinsics disabled (C2 code calls the natives)
 * @modules java.base/jdk.internal.misc
 * @run main/othervm -Xbatch -XX:UseAVX=0 TestSerialCopyModes
 * @run main/othervm -Xbatch -XX:+UnlockDiagnosticVMOptions
 *      -XX:DisableIntrinsic=_serialCopyFieldBytes,_serialCopySwapped
 *      TestSerialCopyModes
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import jdk.internal.misc.SerialCopy;
import jdk.internal.misc.Unsafe;

public class TestSerialCopyModes {

    // ---------------------------------------------------------------------
    // Run length: enough calls of each hot method for C2 to compile it and
    // then run it many times (tiered: ~5000 invocations after C1 profiling;
    // -XX:-TieredCompilation: 10000; -Xbatch waits for the compilation),
    // fewer when nothing gets compiled by counting (-Xint) or everything is
    // compiled at its first call (-Xcomp).
    // ---------------------------------------------------------------------

    static final String VM_INFO = System.getProperty("java.vm.info", "");
    static final boolean NO_WARMUP = VM_INFO.contains("interpreted mode")
                                     || VM_INFO.contains("compiled mode");
    static final int HOT = NO_WARMUP ? 1_500 : 20_000;
    static final int SWAP_ROUNDS = NO_WARMUP ? 1 : 2;
    static final int STREAM_ARRAYS_PER_TYPE = NO_WARMUP ? 300 : 12_000;

    static final ByteOrder NATIVE = ByteOrder.nativeOrder();

    // ---------------------------------------------------------------------
    // The classes whose fields ClassInfo copies.
    // ---------------------------------------------------------------------

    /** 32 ints: one run of adjacent fields (ClassInfo's single-copy path). */
    static class Ints32 {
        int i00, i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14, i15;
        int i16, i17, i18, i19, i20, i21, i22, i23, i24, i25, i26, i27, i28, i29, i30, i31;
    }

    /*
     * 100 described primitive fields of every type over three classes,
     * declared between references and undescribed primitives ("Skip"): the
     * image is several runs, and the gaps hold references and fields that
     * a copy must leave alone.
     */
    static class MixedA {
        byte a00; boolean a01; short a02; char a03; int a04; int aSkip0; long a05; float a06;
        double a07; byte a08; boolean a09; byte aSkip1; short a10; char a11; int a12; long a13;
        float a14; Object aRef0; double a15; byte a16; boolean a17; short a18; char a19;
        Object aRef1; int a20; long a21; float a22; double a23; byte a24; String aRef2;
        boolean a25; short a26; char a27; int a28; long a29; float a30; double a31; byte a32;
        boolean a33;
    }

    static class MixedB extends MixedA {
        char b00; int b01; long b02; float b03; double b04; long bSkip0; byte b05; boolean b06;
        short b07; char b08; int b09; short bSkip1; long b10; float b11; double b12; byte b13;
        boolean b14; Object bRef0; short b15; char b16; int b17; long b18; float b19;
        int[] bRef1; double b20; byte b21; boolean b22; short b23; char b24; Object bRef2;
        int b25; long b26; float b27; double b28; byte b29; boolean b30; short b31; char b32;
    }

    static class MixedC extends MixedB {
        float c00; double c01; byte c02; boolean c03; short c04; char c05; int c06; long c07;
        double cSkip0; float c08; double c09; byte c10; boolean c11; short c12; char c13;
        int c14; long c15; Object cRef0; float c16; double c17; byte c18; boolean c19;
        short c20; char c21; int c22; long c23; Object cRef1; float c24; double c25; byte c26;
        boolean c27; short c28; char c29; int c30; long c31; float c32;
    }

    static final Field[] INTS32_FIELDS = instanceFields(Ints32.class);
    static final Field[] MIXED_FIELDS = instanceFields(MixedC.class);
    static final Field[] MIXED_DESCRIBED = Arrays.stream(MIXED_FIELDS)
            .filter(f -> f.getType().isPrimitive() && !f.getName().contains("Skip"))
            .toArray(Field[]::new);

    static final ClassInfo CI32 = Ints32.class.getClassInfo(INTS32_FIELDS);
    static final ClassInfo CIM = MixedC.class.getClassInfo(MIXED_DESCRIBED);

    // Image offsets of the fields the hot methods touch.
    static final int IMG_I00 = imageOffset(CI32, "i00");
    static final int IMG_I13 = imageOffset(CI32, "i13");
    static final int IMG_I31 = imageOffset(CI32, "i31");
    static final int IMG_A05 = imageOffset(CIM, "a05");
    static final int IMG_B10 = imageOffset(CIM, "b10");
    static final int IMG_C31 = imageOffset(CIM, "c31");
    static final int IMG_C00 = imageOffset(CIM, "c00");
    static final int IMG_B17 = imageOffset(CIM, "b17");

    static final VarHandle INT_NATIVE =
            MethodHandles.byteArrayViewVarHandle(int[].class, NATIVE);
    static final VarHandle LONG_NATIVE =
            MethodHandles.byteArrayViewVarHandle(long[].class, NATIVE);

    public static void main(String[] args) throws Exception {
        System.out.println("vm: " + System.getProperty("java.vm.name") + " (" + VM_INFO
                           + "), hot iterations " + HOT);
        long t0 = System.nanoTime();
        checkLayouts();
        checkClassInfo(CI32, Ints32::new, 1);
        checkClassInfo(CIM, MixedC::new, 2);
        checkClassInfoErrors();
        long t1 = System.nanoTime();
        checkHotOrdering();
        checkHotEscape();
        checkHotPartial();
        long t2 = System.nanoTime();
        checkSwapped();
        checkHotSwapped();
        long t3 = System.nanoTime();
        checkStreams();
        long t4 = System.nanoTime();
        System.out.printf("passed (ms: ClassInfo %d, hot ClassInfo %d, copySwapped %d, streams %d)%n",
                          (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000,
                          (t3 - t2) / 1_000_000, (t4 - t3) / 1_000_000);
    }

    // =====================================================================
    // ClassInfo against a reflective reference
    // =====================================================================

    /** The layout facts the rest of the test relies on. */
    static void checkLayouts() {
        Unsafe u = Unsafe.getUnsafe();
        for (ClassInfo ci : List.of(CI32, CIM)) {
            Field[] fs = ci.getFields();
            int size = 0;
            int runs = 0;
            long runEnd = -1;
            long previous = -1;
            for (Field f : fs) {
                long off = u.objectFieldOffset(f);
                check(off > previous, name(ci) + ": fields in image order by offset");
                previous = off;
                if (off != runEnd) {
                    runs++;
                }
                runEnd = off + width(f.getType());
                size += width(f.getType());
            }
            check(size == ci.size(), name(ci) + ": size() is the sum of the field widths");
            int expectedFields = ci == CI32 ? 32 : 100;
            check(fs.length == expectedFields, name(ci) + ": " + expectedFields + " fields");
            if (ci == CI32) {
                check(runs == 1, "the 32 ints are one run, got " + runs);
            } else {
                check(runs >= 3, "the mixed class is several runs, got " + runs);
            }
            System.out.println(ci.getDescribedClass().getSimpleName() + ": " + ci.size()
                               + " bytes in " + runs + " runs");
        }
    }

    interface Maker { Object make(); }

    /** Full, offset, resumable and partial copies of random objects. */
    static void checkClassInfo(ClassInfo ci, Maker maker, long seed) throws Exception {
        Random r = new Random(seed);
        int size = ci.size();
        for (int n = 0; n < (NO_WARMUP ? 8 : 24); n++) {
            Object src = maker.make();
            randomize(src, r);
            byte[] ref = referenceImage(ci, src);
            Object srcCopy = snapshot(src);

            // Whole image, at several buffer offsets, canaries around it.
            for (int bufOff : new int[] {0, 1, 3, 7}) {
                byte[] buf = canary(bufOff + size + 5, (byte) 0x5a);
                int got = ci.toByteArray(src, 0, buf, bufOff);
                check(got == size, "toByteArray returns size");
                expectBytes(buf, bufOff, ref, 0, size, name(ci) + " toByteArray at " + bufOff);
                expectCanary(buf, 0, bufOff, (byte) 0x5a, "before the image");
                expectCanary(buf, bufOff + size, buf.length, (byte) 0x5a, "after the image");

                Object dst = maker.make();
                randomize(dst, r);
                Object expected = merge(ci, src, dst);
                got = ci.fromByteArray(dst, 0, buf, bufOff);
                check(got == size, "fromByteArray returns size");
                expectFields(expected, dst, name(ci) + " fromByteArray at " + bufOff);
            }
            expectFields(srcCopy, src, "toByteArray leaves the source alone");

            // Tails of the image (objectOffset 0..size): all of them for the
            // first objects, some for the others.
            for (int off = 0; off <= size; off += (n < 3 ? 1 : 1 + r.nextInt(40))) {
                byte[] buf = canary(size - off + 2, (byte) 0x33);
                int got = ci.toByteArray(src, off, buf, 1);
                check(got == size - off, "tail " + off + " copies " + (size - off));
                expectBytes(buf, 1, ref, off, size - off, name(ci) + " tail from " + off);
                expectCanary(buf, 0, 1, (byte) 0x33, "before the tail");
                expectCanary(buf, 1 + size - off, buf.length, (byte) 0x33, "after the tail");
            }

            // Resumable copies through windows of every chunk size.
            int chunk = 1 + r.nextInt(size);
            if (n < 4) {
                chunk = new int[] {1, 3, 7, size - 1}[n];
            }
            byte[] assembled = new byte[size];
            int off = 0;
            while (off < size) {
                byte[] window = canary(2 + chunk, (byte) 0x77);
                int got = ci.toByteArray(src, off, window, 2);
                check(got == Math.min(chunk, size - off), "chunk " + chunk + " at " + off);
                expectCanary(window, 0, 2, (byte) 0x77, "before the window");
                expectCanary(window, 2 + got, window.length, (byte) 0x77, "after the last chunk");
                System.arraycopy(window, 2, assembled, off, got);
                off += got;
            }
            expectBytes(assembled, 0, ref, 0, size, name(ci) + " resumed in chunks of " + chunk);

            Object dst = maker.make();
            randomize(dst, r);
            Object expected = merge(ci, src, dst);
            off = 0;
            while (off < size) {
                int len = Math.min(chunk, size - off);
                byte[] window = new byte[3 + len];
                System.arraycopy(ref, off, window, 3, len);
                int got = ci.fromByteArray(dst, off, window, 3);
                check(got == len, "fromByteArray chunk " + chunk + " at " + off);
                off += got;
            }
            expectFields(expected, dst, name(ci) + " fromByteArray in chunks of " + chunk);

            // A partial read leaves the image bytes beyond it alone.
            int cut = r.nextInt(size + 1);
            Object partial = maker.make();
            randomize(partial, r);
            byte[] before = referenceImage(ci, partial);
            int got = ci.fromByteArray(partial, 0, Arrays.copyOf(ref, cut), 0);
            check(got == cut, "short buffer gives " + cut + " bytes");
            byte[] after = referenceImage(ci, partial);
            expectBytes(after, 0, ref, 0, cut, "prefix of a partial fromByteArray");
            expectBytes(after, cut, before, cut, size - cut, "rest of a partial fromByteArray");
        }
    }

    static void checkClassInfoErrors() {
        byte[] buf = new byte[CI32.size()];
        Ints32 o = new Ints32();
        expectThrows(IndexOutOfBoundsException.class, () -> CI32.toByteArray(o, -1, buf, 0));
        expectThrows(IndexOutOfBoundsException.class, () -> CI32.toByteArray(o, CI32.size() + 1, buf, 0));
        expectThrows(IndexOutOfBoundsException.class, () -> CI32.toByteArray(o, 0, buf, -1));
        expectThrows(IndexOutOfBoundsException.class, () -> CI32.toByteArray(o, 0, buf, buf.length + 1));
        expectThrows(IndexOutOfBoundsException.class, () -> CIM.fromByteArray(new MixedC(), 0, buf, buf.length + 1));
        expectThrows(IllegalArgumentException.class, () -> CI32.toByteArray(new MixedC(), 0, buf, 0));
        expectThrows(IllegalArgumentException.class, () -> CIM.fromByteArray(new MixedB(), 0, buf, 0));
        expectThrows(NullPointerException.class, () -> CI32.toByteArray(null, 0, buf, 0));
        expectThrows(NullPointerException.class, () -> CI32.fromByteArray(o, 0, null, 0));
        check(CI32.toByteArray(o, CI32.size(), buf, 0) == 0, "nothing left to copy");
        check(CI32.toByteArray(o, 0, buf, buf.length) == 0, "no room to copy to");
        check(CIM.fromByteArray(new MixedC(), 0, new byte[0], 0) == 0, "nothing to copy from");
    }

    // =====================================================================
    // Hot methods: C2 compiles them with the intrinsic inlined
    // =====================================================================

    /** Writes just before toByteArray, reads and writes just after. */
    static int orderingTo32(Ints32 o, byte[] buf, int v) {
        o.i00 = v;
        o.i13 = v + 13;
        o.i31 = v + 31;
        CI32.toByteArray(o, 0, buf, 0);
        int seen = o.i00 + o.i13;
        o.i00 = -v;          // must not reach the buffer
        o.i31 = ~v;
        return seen;
    }

    /** Reads just before fromByteArray (old values) and just after (image values). */
    static long orderingFrom32(Ints32 o, byte[] image, int v) {
        o.i00 = v;           // overwritten by the copy
        int before = o.i13;  // the old value
        CI32.fromByteArray(o, 0, image, 0);
        int after = o.i00 ^ o.i31;
        o.i13 = before + 1;  // after the copy: stays
        return ((long) before << 32) | (after & 0xffffffffL);
    }

    /** As orderingTo32 for the several-run class. */
    static long orderingToMixed(MixedC o, byte[] buf, long v) {
        o.a05 = v;
        o.b10 = v + 1;
        o.c31 = v + 2;
        o.b17 = (int) v;
        CIM.toByteArray(o, 0, buf, 0);
        long seen = o.a05 ^ o.c31;
        o.a05 = ~v;
        o.c31 = -v;
        return seen;
    }

    static long orderingFromMixed(MixedC o, byte[] image, long v) {
        o.b10 = v;
        o.c31 = v;
        long before = o.a05;
        CIM.fromByteArray(o, 0, image, 0);
        long after = o.b10 + o.c31;
        o.a05 = before + 1;
        return before * 31 + after;
    }

    static void checkHotOrdering() {
        Random r = new Random(3);
        Ints32 o = new Ints32();
        randomize(o, r);
        MixedC m = new MixedC();
        randomize(m, r);
        byte[] buf = new byte[CI32.size()];
        byte[] mbuf = new byte[CIM.size()];
        Ints32 imageSource = new Ints32();
        randomize(imageSource, r);
        byte[] image = referenceImage(CI32, imageSource);
        MixedC mixedSource = new MixedC();
        randomize(mixedSource, r);
        byte[] mimage = referenceImage(CIM, mixedSource);
        for (int i = 0; i < HOT; i++) {
            int v = i * 0x9e3779b1;
            int seen = orderingTo32(o, buf, v);
            if (seen != v + v + 13 || (int) INT_NATIVE.get(buf, IMG_I00) != v
                    || (int) INT_NATIVE.get(buf, IMG_I13) != v + 13
                    || (int) INT_NATIVE.get(buf, IMG_I31) != v + 31
                    || o.i00 != -v || o.i31 != ~v) {
                fail("orderingTo32 iteration " + i + ": seen " + seen + ", image i00 "
                     + INT_NATIVE.get(buf, IMG_I00) + " i13 " + INT_NATIVE.get(buf, IMG_I13)
                     + " i31 " + INT_NATIVE.get(buf, IMG_I31) + ", v " + v);
            }

            int old13 = o.i13;
            long res = orderingFrom32(o, image, v);
            int before = (int) (res >>> 32);
            int after = (int) res;
            if (before != old13 || after != (imageSource.i00 ^ imageSource.i31)
                    || o.i13 != old13 + 1 || o.i00 != imageSource.i00
                    || o.i31 != imageSource.i31) {
                fail("orderingFrom32 iteration " + i + ": before " + before + " (want "
                     + old13 + "), after " + after + " (want "
                     + (imageSource.i00 ^ imageSource.i31) + ")");
            }

            long lv = (long) v * 0x100000001L + i;
            long mseen = orderingToMixed(m, mbuf, lv);
            if (mseen != (lv ^ (lv + 2)) || (long) LONG_NATIVE.get(mbuf, IMG_A05) != lv
                    || (long) LONG_NATIVE.get(mbuf, IMG_B10) != lv + 1
                    || (long) LONG_NATIVE.get(mbuf, IMG_C31) != lv + 2
                    || (int) INT_NATIVE.get(mbuf, IMG_B17) != (int) lv
                    || m.a05 != ~lv || m.c31 != -lv) {
                fail("orderingToMixed iteration " + i + ": seen " + mseen + ", image a05 "
                     + LONG_NATIVE.get(mbuf, IMG_A05) + " b10 " + LONG_NATIVE.get(mbuf, IMG_B10)
                     + " c31 " + LONG_NATIVE.get(mbuf, IMG_C31) + ", v " + lv);
            }

            long olda05 = m.a05;
            long mres = orderingFromMixed(m, mimage, lv);
            if (mres != olda05 * 31 + (mixedSource.b10 + mixedSource.c31)
                    || m.a05 != olda05 + 1 || m.b10 != mixedSource.b10
                    || m.c31 != mixedSource.c31) {
                fail("orderingFromMixed iteration " + i + ": got " + mres);
            }
        }
        // The last round left the objects in a known state: check it all.
        orderingFrom32(o, image, 1);
        Ints32 expected32 = (Ints32) snapshot(imageSource);
        expected32.i13 = o.i13;
        expectFields(expected32, o, "Ints32 after the hot loop");
        System.out.println("ok: ordering around the copy, " + HOT + " iterations");
    }

    /** fromByteArray into an object that never escapes the method. */
    static long escapeFrom32(byte[] image) {
        Ints32 o = new Ints32();
        o.i07 = 42;          // captured by the allocation, overwritten by the copy
        CI32.fromByteArray(o, 0, image, 0);
        return o.i00 + 3L * o.i07 + 5L * o.i19 + 7L * o.i31;
    }

    static long escapeFromMixed(byte[] image) {
        MixedC o = new MixedC();
        o.a05 = 77;
        o.cSkip0 = 2.5;      // not described: keeps its value
        CIM.fromByteArray(o, 0, image, 0);
        return o.a05 + 31 * o.b10 + 17 * o.c31 + o.a04 + o.c06 + o.b17
               + Float.floatToRawIntBits(o.c00) + (o.a33 ? 1000 : 0) + o.b00
               + Double.doubleToRawLongBits(o.cSkip0);
    }

    /** toByteArray from an object written in the method that never escapes. */
    static void escapeTo32(byte[] buf, int v) {
        Ints32 o = new Ints32();
        o.i00 = v;
        o.i13 = v * 7;
        o.i31 = ~v;
        CI32.toByteArray(o, 0, buf, 0);
    }

    static void escapeToMixed(byte[] buf, long v) {
        MixedC o = new MixedC();
        o.a05 = v;
        o.b10 = v * 3;
        o.c31 = ~v;
        o.c00 = (float) v;
        o.b17 = (int) v;
        CIM.toByteArray(o, 0, buf, 0);
    }

    /** A resumable read into a fresh object, one window at a time. */
    static long escapeFromMixedChunks(byte[][] windows) {
        MixedC o = new MixedC();
        int off = 0;
        for (byte[] w : windows) {
            off += CIM.fromByteArray(o, off, w, 0);
        }
        return off + o.a05 + 31 * o.b10 + 17 * o.c31 + o.c06
               + Float.floatToRawIntBits(o.c00);
    }

    static void checkHotEscape() {
        Random r = new Random(4);
        Ints32[] sources = new Ints32[8];
        byte[][] images = new byte[8][];
        long[] want = new long[8];
        MixedC[] msources = new MixedC[8];
        byte[][] mimages = new byte[8][];
        byte[][][] mwindows = new byte[8][][];
        long[] mwant = new long[8];
        long[] mwantChunks = new long[8];
        for (int k = 0; k < 8; k++) {
            Ints32 s = new Ints32();
            randomize(s, r);
            sources[k] = s;
            images[k] = referenceImage(CI32, s);
            want[k] = s.i00 + 3L * s.i07 + 5L * s.i19 + 7L * s.i31;
            MixedC m = new MixedC();
            randomize(m, r);
            msources[k] = m;
            mimages[k] = referenceImage(CIM, m);
            mwant[k] = m.a05 + 31 * m.b10 + 17 * m.c31 + m.a04 + m.c06 + m.b17
                       + Float.floatToRawIntBits(m.c00) + (m.a33 ? 1000 : 0) + m.b00
                       + Double.doubleToRawLongBits(2.5);
            mwantChunks[k] = CIM.size() + m.a05 + 31 * m.b10 + 17 * m.c31 + m.c06
                             + Float.floatToRawIntBits(m.c00);
            List<byte[]> ws = new ArrayList<>();
            int chunk = 1 + 13 * k;
            for (int off = 0; off < CIM.size(); off += chunk) {
                ws.add(Arrays.copyOfRange(mimages[k], off, Math.min(CIM.size(), off + chunk)));
            }
            mwindows[k] = ws.toArray(new byte[0][]);
        }
        byte[] buf = new byte[CI32.size()];
        byte[] mbuf = new byte[CIM.size()];
        for (int i = 0; i < HOT; i++) {
            int k = i & 7;
            long got = escapeFrom32(images[k]);
            if (got != want[k]) {
                fail("escapeFrom32 iteration " + i + ": " + got + ", want " + want[k]);
            }
            got = escapeFromMixed(mimages[k]);
            if (got != mwant[k]) {
                fail("escapeFromMixed iteration " + i + ": " + got + ", want " + mwant[k]);
            }
            got = escapeFromMixedChunks(mwindows[k]);
            if (got != mwantChunks[k]) {
                fail("escapeFromMixedChunks iteration " + i + ": " + got + ", want " + mwantChunks[k]);
            }

            int v = i * 0x61c88647 + 1;
            Arrays.fill(buf, (byte) 0x11);
            escapeTo32(buf, v);
            for (int b = 0; b < buf.length; b += 4) {
                int want32 = b == IMG_I00 ? v : b == IMG_I13 ? v * 7 : b == IMG_I31 ? ~v : 0;
                if ((int) INT_NATIVE.get(buf, b) != want32) {
                    fail("escapeTo32 iteration " + i + ": image int at " + b + " is "
                         + INT_NATIVE.get(buf, b) + ", want " + want32);
                }
            }

            long lv = v * 0x5deece66dL;
            Arrays.fill(mbuf, (byte) 0x11);
            escapeToMixed(mbuf, lv);
            int nonzero = 0;
            for (byte b : mbuf) {
                if (b != 0) {
                    nonzero++;
                }
            }
            if ((long) LONG_NATIVE.get(mbuf, IMG_A05) != lv
                    || (long) LONG_NATIVE.get(mbuf, IMG_B10) != lv * 3
                    || (long) LONG_NATIVE.get(mbuf, IMG_C31) != ~lv
                    || (int) INT_NATIVE.get(mbuf, IMG_C00) != Float.floatToRawIntBits((float) lv)
                    || (int) INT_NATIVE.get(mbuf, IMG_B17) != (int) lv
                    || nonzero > 8 + 8 + 8 + 4 + 4) {
                fail("escapeToMixed iteration " + i + ": image "
                     + HexFormat.of().formatHex(mbuf) + " for v " + lv);
            }
        }
        System.out.println("ok: copies into and out of non-escaping objects, " + HOT + " iterations");
    }

    /** Resumable copies, hot: a window of a few bytes at a moving offset. */
    static int partialTo(ClassInfo ci, Object o, int objectOffset, byte[] window, int windowOffset) {
        return ci.toByteArray(o, objectOffset, window, windowOffset);
    }

    static int partialFrom(ClassInfo ci, Object o, int objectOffset, byte[] window, int windowOffset) {
        return ci.fromByteArray(o, objectOffset, window, windowOffset);
    }

    static void checkHotPartial() {
        Random r = new Random(5);
        Object[] srcs = {new Ints32(), new MixedC()};
        ClassInfo[] cis = {CI32, CIM};
        byte[][] refs = new byte[2][];
        for (int k = 0; k < 2; k++) {
            randomize(srcs[k], r);
            refs[k] = referenceImage(cis[k], srcs[k]);
        }
        Object[] dsts = {new Ints32(), new MixedC()};
        for (int i = 0; i < HOT; i++) {
            int k = i & 1;
            ClassInfo ci = cis[k];
            byte[] ref = refs[k];
            int size = ci.size();
            int off = (i * 7) % (size + 1);
            int len = (i >> 1) % 19;
            int wOff = i % 5;
            byte[] window = new byte[wOff + len];
            int got = partialTo(ci, srcs[k], off, window, wOff);
            int want = Math.min(len, size - off);
            if (got != want) {
                fail("partialTo iteration " + i + ": " + got + " bytes, want " + want);
            }
            for (int b = 0; b < got; b++) {
                if (window[wOff + b] != ref[off + b]) {
                    fail("partialTo iteration " + i + ": byte " + (off + b) + " of the image");
                }
            }
            got = partialFrom(ci, dsts[k], off, window, wOff);
            if (got != want) {
                fail("partialFrom iteration " + i + ": " + got + " bytes, want " + want);
            }
        }
        // Every image byte has been written into dsts, by windows of sizes 0..18.
        for (int k = 0; k < 2; k++) {
            expectBytes(referenceImage(cis[k], dsts[k]), 0, refs[k], 0, cis[k].size(),
                        "image assembled by hot partial fromByteArray calls");
        }
        System.out.println("ok: hot resumable copies, " + HOT + " iterations");
    }

    // =====================================================================
    // SerialCopy.copySwapped against a scalar reference
    // =====================================================================

    static final int[] KINDS = {
        SerialCopy.ELEMENTS_2, SerialCopy.ELEMENTS_4, SerialCopy.ELEMENTS_8,
        SerialCopy.ELEMENTS_4 | SerialCopy.CANONICAL_NAN,
        SerialCopy.ELEMENTS_8 | SerialCopy.CANONICAL_NAN
    };

    /** Each call with a constant kind: C2 calls the leaf function for it. */
    static void swapConst(Object src, long srcOffset, Object dst, long dstOffset, int count, int kind) {
        switch (kind) {
            case SerialCopy.ELEMENTS_2 ->
                SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count, SerialCopy.ELEMENTS_2);
            case SerialCopy.ELEMENTS_4 ->
                SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count, SerialCopy.ELEMENTS_4);
            case SerialCopy.ELEMENTS_8 ->
                SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count, SerialCopy.ELEMENTS_8);
            case SerialCopy.ELEMENTS_4 | SerialCopy.CANONICAL_NAN ->
                SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count,
                                       SerialCopy.ELEMENTS_4 | SerialCopy.CANONICAL_NAN);
            case SerialCopy.ELEMENTS_8 | SerialCopy.CANONICAL_NAN ->
                SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count,
                                       SerialCopy.ELEMENTS_8 | SerialCopy.CANONICAL_NAN);
            default -> throw new AssertionError("kind " + kind);
        }
    }

    /** A kind C2 cannot see as a constant: the intrinsic leaves it to the native. */
    static void swapVar(Object src, long srcOffset, Object dst, long dstOffset, int count, int kind) {
        SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count, kind);
    }

    /** Constant invalid kinds: the native's IllegalArgumentException in every mode. */
    static void swapInvalid3(Object src, long srcOffset, Object dst, long dstOffset, int count) {
        SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count, 3);
    }

    static void swapInvalid12(Object src, long srcOffset, Object dst, long dstOffset, int count) {
        SerialCopy.copySwapped(src, srcOffset, dst, dstOffset, count, 0x12);
    }

    static int size(int kind) {
        return kind & 0xf;
    }

    /**
     * The reference: element i of src (native order) with NaNs made canonical
     * if the kind says so, stored big-endian. Swapping is its own inverse,
     * so this is also the reference for stream-to-array copies.
     */
    static byte[] referenceSwap(byte[] src, int srcPos, int count, int kind) {
        int size = size(kind);
        boolean canonical = (kind & SerialCopy.CANONICAL_NAN) != 0;
        ByteBuffer in = ByteBuffer.wrap(src).order(NATIVE);
        ByteBuffer out = ByteBuffer.allocate(count * size).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < count; i++) {
            int at = srcPos + i * size;
            switch (size) {
                case 2 -> out.putShort(in.getShort(at));
                case 4 -> {
                    int bits = in.getInt(at);
                    out.putInt(canonical ? Float.floatToIntBits(Float.intBitsToFloat(bits)) : bits);
                }
                default -> {
                    long bits = in.getLong(at);
                    out.putLong(canonical ? Double.doubleToLongBits(Double.longBitsToDouble(bits)) : bits);
                }
            }
        }
        return out.array();
    }

    /** Random element bits with many NaNs, infinities, zeros and near-NaNs. */
    static void fillElements(byte[] b, int from, int count, int size, Random r) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(NATIVE);
        for (int i = 0; i < count; i++) {
            int at = from + i * size;
            switch (size) {
                case 2 -> bb.putShort(at, (short) r.nextInt());
                case 4 -> bb.putInt(at, floatBits(r));
                default -> bb.putLong(at, doubleBits(r));
            }
        }
    }

    static int floatBits(Random r) {
        int sign = r.nextBoolean() ? 0x80000000 : 0;
        return switch (r.nextInt(10)) {
            case 0 -> sign | 0x7f800000 | (1 + r.nextInt(0x7fffff));   // NaN, any payload
            case 1 -> sign | 0x7fc00000;                               // canonical NaN, either sign
            case 2 -> sign | 0x7f800001;                               // smallest signaling NaN
            case 3 -> sign | 0x7f800000;                               // infinity
            case 4 -> sign | 0x7f7fffff;                               // largest finite
            case 5 -> sign | r.nextInt(0x800000);                      // zero / subnormal
            default -> r.nextInt();
        };
    }

    static long doubleBits(Random r) {
        long sign = r.nextBoolean() ? 0x8000000000000000L : 0;
        return switch (r.nextInt(10)) {
            case 0 -> sign | 0x7ff0000000000000L | (1 + (r.nextLong() & 0xffffffffffffeL));
            case 1 -> sign | 0x7ff8000000000000L;
            case 2 -> sign | 0x7ff0000000000001L;
            case 3 -> sign | 0x7ff0000000000000L;
            case 4 -> sign | 0x7fefffffffffffffL;
            case 5 -> sign | (r.nextLong() & 0xfffffffffffffL);
            case 6 -> 0x7ff00000ffffffffL;                             // NaN, low word only
            default -> r.nextLong();
        };
    }

    /** A primitive array of the kind's element type (short/char alternate for 2). */
    static Object newElements(int kind, int length, boolean alt) {
        return switch (kind) {
            case SerialCopy.ELEMENTS_2 -> alt ? new char[length] : new short[length];
            case SerialCopy.ELEMENTS_4 -> new int[length];
            case SerialCopy.ELEMENTS_8 -> new long[length];
            case SerialCopy.ELEMENTS_4 | SerialCopy.CANONICAL_NAN -> new float[length];
            default -> new double[length];
        };
    }

    static long baseOffset(Object array) {
        return switch (array) {
            case byte[] a -> Unsafe.ARRAY_BYTE_BASE_OFFSET;
            case short[] a -> Unsafe.ARRAY_SHORT_BASE_OFFSET;
            case char[] a -> Unsafe.ARRAY_CHAR_BASE_OFFSET;
            case int[] a -> Unsafe.ARRAY_INT_BASE_OFFSET;
            case float[] a -> Unsafe.ARRAY_FLOAT_BASE_OFFSET;
            case long[] a -> Unsafe.ARRAY_LONG_BASE_OFFSET;
            case double[] a -> Unsafe.ARRAY_DOUBLE_BASE_OFFSET;
            default -> throw new AssertionError(array);
        };
    }

    /** The elements of a primitive array as native-order bytes (raw bits). */
    static byte[] nativeBytes(Object array) {
        int n = Array.getLength(array);
        ByteBuffer bb;
        switch (array) {
            case byte[] a -> { return a.clone(); }
            case short[] a -> { bb = alloc(n * 2); for (short v : a) bb.putShort(v); }
            case char[] a -> { bb = alloc(n * 2); for (char v : a) bb.putChar(v); }
            case int[] a -> { bb = alloc(n * 4); for (int v : a) bb.putInt(v); }
            case float[] a -> { bb = alloc(n * 4); for (float v : a) bb.putInt(Float.floatToRawIntBits(v)); }
            case long[] a -> { bb = alloc(n * 8); for (long v : a) bb.putLong(v); }
            case double[] a -> { bb = alloc(n * 8); for (double v : a) bb.putLong(Double.doubleToRawLongBits(v)); }
            default -> throw new AssertionError(array);
        }
        return bb.array();
    }

    /** Sets the elements of a primitive array from native-order bytes. */
    static void setNativeBytes(Object array, byte[] bytes) {
        ByteBuffer bb = ByteBuffer.wrap(bytes).order(NATIVE);
        switch (array) {
            case short[] a -> { for (int i = 0; i < a.length; i++) a[i] = bb.getShort(); }
            case char[] a -> { for (int i = 0; i < a.length; i++) a[i] = bb.getChar(); }
            case int[] a -> { for (int i = 0; i < a.length; i++) a[i] = bb.getInt(); }
            case float[] a -> { for (int i = 0; i < a.length; i++) a[i] = Float.intBitsToFloat(bb.getInt()); }
            case long[] a -> { for (int i = 0; i < a.length; i++) a[i] = bb.getLong(); }
            case double[] a -> { for (int i = 0; i < a.length; i++) a[i] = Double.longBitsToDouble(bb.getLong()); }
            default -> throw new AssertionError(array);
        }
    }

    static ByteBuffer alloc(int n) {
        return ByteBuffer.allocate(n).order(NATIVE);
    }

    static int swapCalls;

    /**
     * One copy of count elements of kind, in one of three shapes: byte[] to
     * byte[], typed array to byte[] (writing a stream), byte[] to typed
     * array (reading one); srcPad and dstPad are byte offsets into byte
     * arrays or element offsets into typed arrays.
     */
    static void swapOnce(int kind, int count, int shape, int srcPad, int dstPad,
                         boolean constantKind, Random r) {
        int size = size(kind);
        int bytes = count * size;
        String what = "copySwapped kind 0x" + Integer.toHexString(kind) + " count " + count
                      + " shape " + shape + " srcPad " + srcPad + " dstPad " + dstPad
                      + (constantKind ? " (constant kind)" : " (variable kind)");
        Object src;
        long srcOffset;
        byte[] srcImage;    // native bytes of the whole src
        int srcPos;         // byte position of the first element in srcImage
        if (shape == 1) {
            src = newElements(kind, srcPad + count + 2, (count & 1) != 0);
            srcImage = new byte[(srcPad + count + 2) * size];
            fillElements(srcImage, 0, srcPad + count + 2, size, r);
            setNativeBytes(src, srcImage);
            srcImage = nativeBytes(src);    // what the array really holds
            srcOffset = baseOffset(src) + (long) srcPad * size;
            srcPos = srcPad * size;
        } else {
            srcImage = new byte[srcPad + bytes + 3];
            r.nextBytes(srcImage);
            fillElements(srcImage, srcPad, count, size, r);
            src = srcImage.clone();
            srcOffset = Unsafe.ARRAY_BYTE_BASE_OFFSET + srcPad;
            srcPos = srcPad;
        }
        byte[] expected = referenceSwap(srcImage, srcPos, count, kind);

        Object dst;
        long dstOffset;
        int dstPos;
        byte[] dstBefore;
        if (shape == 2) {
            dst = newElements(kind, dstPad + count + 2, (count & 2) != 0);
            byte[] fill = new byte[(dstPad + count + 2) * size];
            r.nextBytes(fill);
            setNativeBytes(dst, fill);
            dstBefore = nativeBytes(dst);
            dstOffset = baseOffset(dst) + (long) dstPad * size;
            dstPos = dstPad * size;
        } else {
            dstBefore = new byte[dstPad + bytes + 5];
            r.nextBytes(dstBefore);
            dst = dstBefore.clone();
            dstOffset = Unsafe.ARRAY_BYTE_BASE_OFFSET + dstPad;
            dstPos = dstPad;
        }

        if (constantKind) {
            swapConst(src, srcOffset, dst, dstOffset, count, kind);
        } else {
            swapVar(src, srcOffset, dst, dstOffset, count, kind);
        }
        swapCalls++;

        byte[] dstAfter = nativeBytes(dst);
        expectBytes(dstAfter, dstPos, expected, 0, bytes, what);
        expectBytes(dstAfter, 0, dstBefore, 0, dstPos, what + ": bytes before the destination");
        expectBytes(dstAfter, dstPos + bytes, dstBefore, dstPos + bytes,
                    dstBefore.length - dstPos - bytes, what + ": bytes after the destination");
        expectBytes(nativeBytes(src), 0, srcImage, 0, srcImage.length, what + ": source unchanged");
    }

    static void checkSwapped() {
        Random r = new Random(6);
        for (int round = 0; round < SWAP_ROUNDS; round++) {
            for (int kind : KINDS) {
                for (int count = 0; count <= 70; count++) {
                    for (int srcPad = 0; srcPad < 8; srcPad++) {
                        int dstPad = (srcPad * 5 + count) & 7;
                        int shape = (srcPad + count + round) % 3;
                        swapOnce(kind, count, shape, srcPad, dstPad, (srcPad & 1) == 0, r);
                    }
                }
            }
        }
        // Large counts, after the small ones have warmed the call sites up.
        for (int kind : KINDS) {
            for (int count : NO_WARMUP ? new int[] {255, 1000, 4097} : new int[] {255, 256, 1000, 4097, 65_539}) {
                for (int shape = 0; shape < 3; shape++) {
                    int pad = count == 65_539 ? 5 : (count + shape) & 7;
                    swapOnce(kind, count, shape, pad, 7 - pad, true, r);
                    if (count < 65_539) {
                        swapOnce(kind, count, shape, 7 - pad, pad, false, r);
                    }
                }
            }
        }
        System.out.println("ok: copySwapped for every kind, " + swapCalls + " copies");

        // Invalid kinds are refused by the native, also behind C2 code.
        byte[] a = new byte[64];
        byte[] b = new byte[64];
        long base = Unsafe.ARRAY_BYTE_BASE_OFFSET;
        for (int bad : new int[] {0, 1, 3, 6, 0x10, 0x12, 0x11, 0x20, 0x24, -1}) {
            expectThrows(IllegalArgumentException.class, () -> swapVar(a, base, b, base, 4, bad));
        }
        for (int i = 0; i < (NO_WARMUP ? 10 : 200); i++) {
            expectThrows(IllegalArgumentException.class, () -> swapInvalid3(a, base, b, base, 4));
            expectThrows(IllegalArgumentException.class, () -> swapInvalid12(a, base, b, base, 4));
        }
        expectBytes(b, 0, new byte[64], 0, 64, "invalid kinds copy nothing");
    }

    /**
     * A hot loop of copies of 0..70 elements of every kind at every pair of
     * byte offsets, from byte[] and from typed arrays, checked against
     * precomputed references: cheap per call, so C2 compiles swapConst and
     * swapVar (and this loop) with the copies inlined.
     */
    static void checkHotSwapped() {
        Random r = new Random(8);
        int max = 70;
        byte[][][] srcBytes = new byte[KINDS.length][8][];
        byte[][][] wantBytes = new byte[KINDS.length][8][];
        Object[] typed = new Object[KINDS.length];
        byte[][][] wantTyped = new byte[KINDS.length][3][];
        for (int k = 0; k < KINDS.length; k++) {
            int kind = KINDS[k];
            int size = size(kind);
            for (int pad = 0; pad < 8; pad++) {
                byte[] b = new byte[pad + max * size + 8];
                r.nextBytes(b);
                fillElements(b, pad, max, size, r);
                srcBytes[k][pad] = b;
                wantBytes[k][pad] = referenceSwap(b, pad, max, kind);
            }
            typed[k] = newElements(kind, max + 3, false);
            byte[] image = new byte[(max + 3) * size];
            fillElements(image, 0, max + 3, size, r);
            setNativeBytes(typed[k], image);
            image = nativeBytes(typed[k]);
            for (int e = 0; e < 3; e++) {
                wantTyped[k][e] = referenceSwap(image, e * size, max, kind);
            }
        }
        byte[] dst = new byte[8 + max * 8 + 8];
        long byteBase = Unsafe.ARRAY_BYTE_BASE_OFFSET;
        int iterations = 2 * HOT;
        for (int i = 0; i < iterations; i++) {
            int k = i % KINDS.length;
            int kind = KINDS[k];
            int size = size(kind);
            int count = (i / 5) % (max + 1);
            int srcPad = (i / 7) & 7;
            int dstPad = (i / 3) & 7;
            boolean fromTyped = (i & 2) != 0;
            int end = dstPad + count * size;
            Arrays.fill(dst, 0, end + 8, (byte) 0xa5);
            Object src;
            long srcOffset;
            byte[] want;
            if (fromTyped) {
                int e = srcPad % 3;
                src = typed[k];
                srcOffset = baseOffset(src) + (long) e * size;
                want = wantTyped[k][e];
            } else {
                src = srcBytes[k][srcPad];
                srcOffset = byteBase + srcPad;
                want = wantBytes[k][srcPad];
            }
            if ((i & 4) == 0) {
                swapConst(src, srcOffset, dst, byteBase + dstPad, count, kind);
            } else {
                swapVar(src, srcOffset, dst, byteBase + dstPad, count, kind);
            }
            if (Arrays.mismatch(dst, dstPad, end, want, 0, count * size) >= 0) {
                expectBytes(dst, dstPad, want, 0, count * size, "hot copySwapped iteration " + i
                            + ": kind 0x" + Integer.toHexString(kind) + " count " + count
                            + (fromTyped ? " from " + src.getClass().getSimpleName() : " srcPad " + srcPad)
                            + " dstPad " + dstPad + ((i & 4) == 0 ? " (constant kind)" : " (variable kind)"));
            }
            for (int b = 0; b < dstPad; b++) {
                if (dst[b] != (byte) 0xa5) {
                    fail("hot copySwapped iteration " + i + ": byte " + b + " before the destination");
                }
            }
            for (int b = end; b < end + 8; b++) {
                if (dst[b] != (byte) 0xa5) {
                    fail("hot copySwapped iteration " + i + ": byte " + b + " after the destination");
                }
            }
        }
        System.out.println("ok: hot copySwapped, " + iterations + " iterations");
    }

    // =====================================================================
    // Object streams of primitive arrays against a reference encoding
    // =====================================================================

    static final Class<?>[] ARRAY_TYPES = {
        int[].class, float[].class, double[].class, long[].class, short[].class, char[].class
    };

    static Object randomArray(Class<?> type, int length, Random r) {
        Object a = Array.newInstance(type.getComponentType(), length);
        switch (a) {
            case int[] x -> { for (int i = 0; i < length; i++) x[i] = r.nextInt(); }
            case float[] x -> { for (int i = 0; i < length; i++) x[i] = Float.intBitsToFloat(floatBits(r)); }
            case double[] x -> { for (int i = 0; i < length; i++) x[i] = Double.longBitsToDouble(doubleBits(r)); }
            case long[] x -> { for (int i = 0; i < length; i++) x[i] = r.nextLong(); }
            case short[] x -> { for (int i = 0; i < length; i++) x[i] = (short) r.nextInt(); }
            case char[] x -> { for (int i = 0; i < length; i++) x[i] = (char) r.nextInt(); }
            default -> throw new AssertionError(a);
        }
        return a;
    }

    /** The element bytes of an array as the stream format has them. */
    static void writeElements(DataOutputStream d, Object array) throws IOException {
        switch (array) {
            case int[] x -> { for (int v : x) d.writeInt(v); }
            case float[] x -> { for (float v : x) d.writeInt(Float.floatToIntBits(v)); }
            case double[] x -> { for (double v : x) d.writeLong(Double.doubleToLongBits(v)); }
            case long[] x -> { for (long v : x) d.writeLong(v); }
            case short[] x -> { for (short v : x) d.writeShort(v); }
            case char[] x -> { for (char v : x) d.writeChar(v); }
            default -> throw new AssertionError(array);
        }
    }

    /**
     * A stream holding only the array, written by hand from the
     * serialization specification: header, TC_ARRAY, the class descriptor,
     * the length and the big-endian elements.
     */
    static byte[] referenceStream(Object array) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bos);
        d.writeShort(0xaced);                              // STREAM_MAGIC
        d.writeShort(5);                                   // STREAM_VERSION
        d.writeByte(0x75);                                 // TC_ARRAY
        d.writeByte(0x72);                                 // TC_CLASSDESC
        d.writeUTF(array.getClass().getName());
        d.writeLong(ObjectStreamClass.lookup(array.getClass()).getSerialVersionUID());
        d.writeByte(0x02);                                 // SC_SERIALIZABLE
        d.writeShort(0);                                   // no fields
        d.writeByte(0x78);                                 // TC_ENDBLOCKDATA
        d.writeByte(0x70);                                 // TC_NULL: no superclass
        d.writeInt(Array.getLength(array));
        writeElements(d, array);
        d.flush();
        return bos.toByteArray();
    }

    /** Read-back elements equal the written ones, NaNs made canonical. */
    static boolean sameAsWritten(Object written, Object read) {
        if (written.getClass() != read.getClass()) {
            return false;
        }
        return switch (written) {
            case float[] w -> {
                float[] g = (float[]) read;
                yield w.length == g.length && IntStream.range(0, w.length)
                        .allMatch(i -> Float.floatToRawIntBits(g[i]) == Float.floatToIntBits(w[i]));
            }
            case double[] w -> {
                double[] g = (double[]) read;
                yield w.length == g.length && IntStream.range(0, w.length)
                        .allMatch(i -> Double.doubleToRawLongBits(g[i]) == Double.doubleToLongBits(w[i]));
            }
            default -> Arrays.equals(nativeBytes(written), nativeBytes(read));
        };
    }

    static final int[] STREAM_LENGTHS;
    static {
        int[] l = new int[71 + 9];
        for (int i = 0; i <= 70; i++) {
            l[i] = i;
        }
        int[] more = {255, 256, 257, 1000, 1021, 1024, 1025, 4099, 20_001};
        System.arraycopy(more, 0, l, 71, more.length);
        STREAM_LENGTHS = l;
    }

    /** Each array alone in a stream, byte for byte against the reference. */
    static void checkStreamBytes(Random r, String when) throws Exception {
        for (Class<?> type : ARRAY_TYPES) {
            for (int length : STREAM_LENGTHS) {
                Object array = randomArray(type, length, r);
                ByteArrayOutputStream bos = new ByteArrayOutputStream();
                try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
                    oos.writeObject(array);
                }
                byte[] got = bos.toByteArray();
                byte[] want = referenceStream(array);
                String what = when + ": stream of " + type.getSimpleName() + " length " + length;
                check(got.length == want.length, what + ": " + got.length + " bytes, want " + want.length);
                expectBytes(got, 0, want, 0, want.length, what);
                Object back;
                try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(want))) {
                    back = ois.readObject();
                }
                check(sameAsWritten(array, back), what + ": read back");
            }
        }
    }

    /**
     * Many arrays per stream, with block data between them so the element
     * bytes start at every offset in the stream's block buffer; read back
     * and compared. Hot enough for C2 to compile the bulk write and read
     * methods of every type.
     */
    static void checkStreamRoundTrips(Random r) throws Exception {
        int batch = 240;
        Object[] arrays = new Object[batch];
        int total = STREAM_ARRAYS_PER_TYPE * ARRAY_TYPES.length;
        for (int done = 0; done < total; done += batch) {
            for (int k = 0; k < batch; k++) {
                Class<?> type = ARRAY_TYPES[k % ARRAY_TYPES.length];
                int length = (k % 37 == 5) ? 200 + r.nextInt(1500) : r.nextInt(40);
                arrays[k] = randomArray(type, length, r);
            }
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
                for (int k = 0; k < batch; k++) {
                    for (int j = 0; j < k % 11; j++) {
                        oos.writeByte(k + j);
                    }
                    oos.writeUnshared(arrays[k]);
                }
            }
            try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
                for (int k = 0; k < batch; k++) {
                    for (int j = 0; j < k % 11; j++) {
                        int b = ois.readByte();
                        if (b != (byte) (k + j)) {
                            fail("stream batch at " + done + ": block data before array " + k);
                        }
                    }
                    Object back = ois.readUnshared();
                    if (!sameAsWritten(arrays[k], back)) {
                        fail("stream batch at " + done + ": array " + k + " ("
                             + arrays[k].getClass().getSimpleName() + " length "
                             + Array.getLength(arrays[k]) + ") read back differs");
                    }
                }
            }
        }
        System.out.println("ok: " + total + " arrays through object streams");
    }

    static void checkStreams() throws Exception {
        Random r = new Random(7);
        checkStreamBytes(r, "cold");
        checkStreamRoundTrips(r);
        checkStreamBytes(r, "hot");
        System.out.println("ok: object streams of primitive arrays");
    }

    // =====================================================================
    // Reflection helpers: the reference the copies are compared with
    // =====================================================================

    /** Instance fields of c and its superclasses, superclass first. */
    static Field[] instanceFields(Class<?> c) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
            chain.add(0, k);
        }
        List<Field> out = new ArrayList<>();
        for (Class<?> k : chain) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    out.add(f);
                }
            }
        }
        return out.toArray(new Field[0]);
    }

    static int width(Class<?> t) {
        if (t == long.class || t == double.class) {
            return 8;
        } else if (t == int.class || t == float.class) {
            return 4;
        } else if (t == short.class || t == char.class) {
            return 2;
        }
        return 1;
    }

    static String name(ClassInfo ci) {
        return "ClassInfo of " + ci.getDescribedClass().getSimpleName() + " (" + ci.size() + " bytes)";
    }

    static int imageOffset(ClassInfo ci, String name) {
        int off = 0;
        for (Field f : ci.getFields()) {
            if (f.getName().equals(name)) {
                return off;
            }
            off += width(f.getType());
        }
        throw new AssertionError(name + " not in " + ci);
    }

    /** The raw bits of a primitive field. */
    static long bits(Field f, Object o) {
        try {
            Class<?> t = f.getType();
            if (t == byte.class) return f.getByte(o);
            if (t == boolean.class) return f.getBoolean(o) ? 1 : 0;
            if (t == short.class) return f.getShort(o);
            if (t == char.class) return f.getChar(o);
            if (t == int.class) return f.getInt(o);
            if (t == long.class) return f.getLong(o);
            if (t == float.class) return Float.floatToRawIntBits(f.getFloat(o));
            return Double.doubleToRawLongBits(f.getDouble(o));
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static void setBits(Field f, Object o, long v) {
        try {
            Class<?> t = f.getType();
            if (t == byte.class) f.setByte(o, (byte) v);
            else if (t == boolean.class) f.setBoolean(o, (v & 1) != 0);
            else if (t == short.class) f.setShort(o, (short) v);
            else if (t == char.class) f.setChar(o, (char) v);
            else if (t == int.class) f.setInt(o, (int) v);
            else if (t == long.class) f.setLong(o, v);
            else if (t == float.class) f.setFloat(o, Float.intBitsToFloat((int) v));
            else f.setDouble(o, Double.longBitsToDouble(v));
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static Field[] fieldsOf(Object o) {
        return o instanceof Ints32 ? INTS32_FIELDS : MIXED_FIELDS;
    }

    /** Random values in every field; NaN payloads in the float fields. */
    static void randomize(Object o, Random r) {
        try {
            for (Field f : fieldsOf(o)) {
                Class<?> t = f.getType();
                if (t == float.class) {
                    setBits(f, o, floatBits(r));
                } else if (t == double.class) {
                    setBits(f, o, doubleBits(r));
                } else if (t.isPrimitive()) {
                    setBits(f, o, r.nextLong());
                } else if (t == String.class) {
                    f.set(o, "s" + r.nextInt());
                } else if (t == int[].class) {
                    f.set(o, new int[r.nextInt(4)]);
                } else {
                    f.set(o, new Object());
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** A copy of o, field by field (references shared). */
    static Object snapshot(Object o) {
        try {
            Object copy = o instanceof Ints32 ? new Ints32() : new MixedC();
            for (Field f : fieldsOf(o)) {
                if (f.getType().isPrimitive()) {
                    setBits(f, copy, bits(f, o));
                } else {
                    f.set(copy, f.get(o));
                }
            }
            return copy;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** dst as fromByteArray(image of src) must leave it. */
    static Object merge(ClassInfo ci, Object src, Object dst) {
        Object m = snapshot(dst);
        for (Field f : ci.getFields()) {
            setBits(f, m, bits(f, src));
        }
        return m;
    }

    static byte[] referenceImage(ClassInfo ci, Object o) {
        ByteBuffer bb = ByteBuffer.allocate(ci.size()).order(NATIVE);
        for (Field f : ci.getFields()) {
            long v = bits(f, o);
            switch (width(f.getType())) {
                case 1 -> bb.put((byte) v);
                case 2 -> bb.putShort((short) v);
                case 4 -> bb.putInt((int) v);
                default -> bb.putLong(v);
            }
        }
        check(bb.position() == ci.size(), "reference image fills size()");
        return bb.array();
    }

    static void expectFields(Object expected, Object actual, String what) {
        try {
            for (Field f : fieldsOf(expected)) {
                if (f.getType().isPrimitive()) {
                    if (bits(f, expected) != bits(f, actual)) {
                        fail(what + ": field " + f.getName() + " is 0x" + Long.toHexString(bits(f, actual))
                             + ", want 0x" + Long.toHexString(bits(f, expected)));
                    }
                } else if (f.get(expected) != f.get(actual)) {
                    fail(what + ": reference field " + f.getName() + " changed");
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    // =====================================================================
    // Assertions
    // =====================================================================

    static void fail(String message) {
        throw new AssertionError(message + " [" + VM_INFO + "]");
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            fail("expected: " + what);
        }
    }

    static byte[] canary(int length, byte value) {
        byte[] b = new byte[length];
        Arrays.fill(b, value);
        return b;
    }

    static void expectCanary(byte[] b, int from, int to, byte value, String what) {
        for (int i = from; i < to; i++) {
            if (b[i] != value) {
                fail(what + ": byte " + i + " overwritten");
            }
        }
    }

    static void expectBytes(byte[] got, int gotPos, byte[] want, int wantPos, int length, String what) {
        int mismatch = Arrays.mismatch(got, gotPos, gotPos + length, want, wantPos, wantPos + length);
        if (mismatch >= 0) {
            int from = Math.max(0, mismatch - 8);
            int to = Math.min(length, mismatch + 8);
            fail(what + ": first difference at byte " + mismatch + " of " + length + ": got "
                 + HexFormat.of().formatHex(got, gotPos + from, gotPos + to) + ", want "
                 + HexFormat.of().formatHex(want, wantPos + from, wantPos + to)
                 + " (bytes " + from + ".." + to + ")");
        }
    }

    interface Action { void run() throws Exception; }

    static void expectThrows(Class<? extends Throwable> type, Action a) {
        try {
            a.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return;
            }
            throw new AssertionError("expected " + type.getName() + ", got " + t, t);
        }
        fail("expected " + type.getName() + ", nothing thrown");
    }
}
