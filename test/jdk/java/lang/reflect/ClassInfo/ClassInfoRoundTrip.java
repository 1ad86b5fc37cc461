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
 * @test id=compilers
 * @summary ClassInfo round trips: toByteArray then fromByteArray copies every
 *          described field and nothing else; the image is the native-order
 *          encoding of the fields in getFields() order, which is ascending
 *          offset order; resumable and partial copies at every offset; the
 *          same results in the interpreter, C1, C2 and -Xcomp (the hot loops
 *          run long enough for C2 to compile them with the intrinsic); the
 *          "fresh" runs copy to and from objects allocated next to the copy,
 *          with the copy inlined, which escape analysis must not eliminate.
 * @build ClassInfoSamples
 * @run main/othervm ClassInfoRoundTrip 20000
 * @run main/othervm -Xint ClassInfoRoundTrip 1000
 * @run main/othervm -XX:TieredStopAtLevel=1 ClassInfoRoundTrip 20000
 * @run main/othervm -XX:-TieredCompilation ClassInfoRoundTrip 20000
 * @run main/othervm -Xcomp ClassInfoRoundTrip 20000
 * @run main/othervm -Xcomp -XX:-TieredCompilation ClassInfoRoundTrip 2000
 * @run main/othervm -XX:CompileCommand=quiet -XX:CompileCommand=inline,java.lang.reflect.ClassInfo::*
 *                    ClassInfoRoundTrip 20000 fresh
 * @run main/othervm -XX:-TieredCompilation
 *                    -XX:CompileCommand=quiet -XX:CompileCommand=inline,java.lang.reflect.ClassInfo::*
 *                    ClassInfoRoundTrip 20000 fresh
 */

/*
 * @test id=layouts
 * @summary ClassInfo round trips with other object layouts and collectors:
 *          compact object headers, uncompressed oops, Serial and Parallel GC.
 * @build ClassInfoSamples
 * @run main/othervm -XX:+UseCompactObjectHeaders ClassInfoRoundTrip 20000
 * @run main/othervm -XX:-UseCompressedOops ClassInfoRoundTrip 20000
 * @run main/othervm -XX:+UseSerialGC ClassInfoRoundTrip 20000
 * @run main/othervm -XX:+UseParallelGC ClassInfoRoundTrip 20000
 */

/*
 * @test id=zgc
 * @summary ClassInfo round trips under ZGC, compiled and interpreted.
 * @build ClassInfoSamples
 * @run main/othervm -XX:+UseZGC ClassInfoRoundTrip 20000
 * @run main/othervm -XX:+UseZGC -Xint ClassInfoRoundTrip 1000
 */

import java.io.ByteArrayOutputStream;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

public class ClassInfoRoundTrip {

    /**
     * Field offsets, to check the image order; sun.misc.Unsafe rather than
     * jdk.internal.misc.Unsafe, because --add-exports would turn off the CDS
     * module graph and make the -Xcomp runs three seconds slower to start.
     * Its first use prints a deprecation warning.
     */
    static long objectFieldOffset(Field f) throws ReflectiveOperationException {
        Class<?> c = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = c.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        return (long) c.getMethod("objectFieldOffset", Field.class).invoke(theUnsafe.get(null), f);
    }

    /** Constant ClassInfos, so that C2 sees the runs as constants. */
    static final ClassInfo INTS32 = ClassInfoSamples.Ints32.class.getClassInfo(
            ClassInfoSamples.primitiveFields(ClassInfoSamples.Ints32.class).toArray(Field[]::new));
    static final ClassInfo MIXED100 = ClassInfoSamples.Mixed100.class.getClassInfo(
            ClassInfoSamples.primitiveFields(ClassInfoSamples.Mixed100.class).toArray(Field[]::new));

    static Random random;

    /** One thing to test: a ClassInfo and how to make instances for it. */
    record Sample(String name, Class<?> described, List<Field> fields, Supplier<Object> factory) { }

    public static void main(String[] args) throws Throwable {
        int iterations = Integer.parseInt(args[0]);
        if (args.length > 1 && args[1].equals("fresh")) {
            // Alone, so that C2 can inline the copies into the loop (the @run
            // lines force it): once compiled on their own they are too big.
            hotFreshObjects(iterations);
            System.out.println("PASSED");
            return;
        }
        long seed = Long.getLong("seed", System.nanoTime());
        System.out.println("seed " + seed + " (rerun with -Dseed=" + seed + ")");
        random = new Random(seed);
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            check(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN, "native order on " + arch
                  + " is little-endian: the images below are checked in little-endian order");
        }

        List<Field> ints = ClassInfoSamples.primitiveFields(ClassInfoSamples.Ints32.class);
        List<Field> mixed = ClassInfoSamples.primitiveFields(ClassInfoSamples.Mixed100.class);
        List<Field> base = ClassInfoSamples.primitiveFields(ClassInfoSamples.MixedBase.class);
        check(ints.size() == 32, "Ints32 has 32 fields: " + ints.size());
        check(mixed.size() == 100, "Mixed100 has 100 primitive fields: " + mixed.size());
        check(mixed.stream().map(Field::getType).distinct().count() == 8,
              "Mixed100 has fields of all eight primitive types");

        List<Field> everyThirdMissing = new ArrayList<>();
        for (int i = 0; i < mixed.size(); i++) {
            if (i % 3 != 1) {
                everyThirdMissing.add(mixed.get(i));
            }
        }

        List<Sample> samples = new ArrayList<>();
        samples.add(new Sample("Ints32", ClassInfoSamples.Ints32.class, ints,
                               ClassInfoSamples.Ints32::new));
        samples.add(new Sample("Mixed100", ClassInfoSamples.Mixed100.class, mixed,
                               ClassInfoSamples.Mixed100::new));
        samples.add(new Sample("Mixed100, two thirds of the fields", ClassInfoSamples.Mixed100.class,
                               everyThirdMissing, ClassInfoSamples.Mixed100::new));
        samples.add(new Sample("Mixed100, inherited fields only", ClassInfoSamples.Mixed100.class,
                               base, ClassInfoSamples.Mixed100::new));
        samples.add(new Sample("MixedBase, copying instances of the subclass Mixed100",
                               ClassInfoSamples.MixedBase.class, base, ClassInfoSamples.Mixed100::new));
        samples.add(new Sample("OneLong", ClassInfoSamples.OneLong.class,
                               ClassInfoSamples.primitiveFields(ClassInfoSamples.OneLong.class),
                               ClassInfoSamples.OneLong::new));
        samples.add(new Sample("Mixed100, no fields", ClassInfoSamples.Mixed100.class, List.of(),
                               ClassInfoSamples.Mixed100::new));
        for (int i = 0; i < 6; i++) {
            List<Field> subset = new ArrayList<>(mixed);
            Collections.shuffle(subset, random);
            subset = subset.subList(0, 1 + random.nextInt(mixed.size()));
            samples.add(new Sample("Mixed100, random subset of " + subset.size() + " fields",
                                   ClassInfoSamples.Mixed100.class, subset,
                                   ClassInfoSamples.Mixed100::new));
        }

        for (Sample s : samples) {
            System.out.println("--- " + s.name());
            ClassInfo ci = classInfo(s);
            checkShape(s, ci);
            checkRoundTrips(s, ci);
            checkChunks(s, ci);
            checkPartial(s, ci);
        }

        // Hot loops, compiled by C1 and C2 in the runs that have them.
        hot(samples.get(0), classInfo(samples.get(0)), iterations);
        hot(samples.get(1), classInfo(samples.get(1)), iterations);
        hot(samples.get(2), classInfo(samples.get(2)), iterations);
        hotConstant(iterations);
        hotFreshObjects(iterations);
        System.out.println("PASSED");
    }

    /** The ClassInfo for a sample, from its fields in random order. */
    static ClassInfo classInfo(Sample s) {
        List<Field> shuffled = new ArrayList<>(s.fields());
        Collections.shuffle(shuffled, random);
        return s.described().getClassInfo(shuffled.toArray(Field[]::new));
    }

    static void checkShape(Sample s, ClassInfo ci) throws ReflectiveOperationException {
        check(ci.getDescribedClass() == s.described(),
              "getDescribedClass() is " + s.described() + ", got " + ci.getDescribedClass());
        Field[] fields = ci.getFields();
        check(fields.length == s.fields().size(), "getFields() has " + s.fields().size()
              + " fields, got " + fields.length);
        check(new HashSet<>(Arrays.asList(fields)).equals(new HashSet<>(s.fields())),
              "getFields() holds exactly the described fields: " + Arrays.toString(fields));
        int size = 0;
        long previous = -1;
        for (Field f : fields) {
            long offset = objectFieldOffset(f);
            check(offset > previous, "getFields() is in ascending offset order: " + f.getName()
                  + " at " + offset + " follows offset " + previous);
            previous = offset;
            size += ClassInfoSamples.width(f.getType());
        }
        check(ci.size() == size, "size() is the sum of the field widths " + size + ", got " + ci.size());

        // getFields() returns a copy.
        if (fields.length > 0) {
            fields[0] = null;
            check(ci.getFields()[0] != null, "getFields() returns a copy");
        }

        // The order the fields are given in does not matter.
        ClassInfo again = classInfo(s);
        check(Arrays.equals(again.getFields(), ci.getFields()),
              "getFields() order does not depend on the argument order");
        check(again.size() == ci.size(), "size() does not depend on the argument order");
        check(again.fingerprint() == ci.fingerprint(),
              "fingerprint() does not depend on the argument order");
        check(ci.isWritable(), "a ClassInfo without final fields is writable");
    }

    /** The bits of every instance field of o, references by identity. */
    static Map<Field, Object> snapshot(Object o) throws ReflectiveOperationException {
        Map<Field, Object> values = new HashMap<>();
        for (Field f : ClassInfoSamples.instanceFields(o.getClass())) {
            values.put(f, f.getType().isPrimitive() ? (Object) ClassInfoSamples.bits(f, o) : f.get(o));
        }
        return values;
    }

    /** A new instance with random primitive values and fresh objects in its reference fields. */
    static Object randomInstance(Sample s) throws ReflectiveOperationException {
        Object o = s.factory().get();
        List<Field> all = ClassInfoSamples.instanceFields(o.getClass());
        ClassInfoSamples.randomize(o, all, random);
        for (Field f : all) {
            if (f.getType() == Object.class) {
                f.set(o, new Object());
            } else if (f.getType() == String.class) {
                f.set(o, new String("ref " + f.getName()));
            } else if (f.getType() == int[].class) {
                f.set(o, new int[] { random.nextInt() });
            }
        }
        return o;
    }

    /** Fails unless o has the values in expected. */
    static void checkSnapshot(Object o, Map<Field, Object> expected, String what)
            throws ReflectiveOperationException {
        Map<Field, Object> actual = snapshot(o);
        for (Map.Entry<Field, Object> e : expected.entrySet()) {
            Object a = actual.get(e.getKey());
            boolean same = e.getKey().getType().isPrimitive() ? e.getValue().equals(a) : e.getValue() == a;
            check(same, what + ": field " + e.getKey().getName() + " expected " + e.getValue()
                  + ", got " + a);
        }
    }

    static void checkRoundTrips(Sample s, ClassInfo ci) throws ReflectiveOperationException {
        int size = ci.size();
        for (int round = 0; round < 10; round++) {
            Object src = randomInstance(s);
            Map<Field, Object> srcBefore = snapshot(src);
            byte[] expected = ClassInfoSamples.expectedImage(ci, src);

            byte[] image = new byte[size];
            int n = ci.toByteArray(src, 0, image, 0);
            check(n == size, "toByteArray copies the whole image, " + size + " bytes, got " + n);
            ClassInfoSamples.assertBytes(expected, image, s.name() + ": the image is the fields' bytes"
                                         + " in native order, in getFields() order");
            checkSnapshot(src, srcBefore, "toByteArray leaves its object alone");

            // Into an instance that has other values everywhere.
            Object dst = randomInstance(s);
            Map<Field, Object> expectedDst = snapshot(dst);
            for (Field f : s.fields()) {
                expectedDst.put(f, srcBefore.get(f));
            }
            n = ci.fromByteArray(dst, 0, image, 0);
            check(n == size, "fromByteArray copies the whole image, " + size + " bytes, got " + n);
            checkSnapshot(dst, expectedDst, s.name() + ": fromByteArray writes the described fields"
                          + " and nothing else");
            ClassInfoSamples.assertSameValues(s.fields(), src, dst, s.name() + ": round trip");
            ClassInfoSamples.assertBytes(expected, ClassInfoSamples.expectedImage(ci, dst),
                                         s.name() + ": image of the copy");

            // Into a fresh instance.
            Object fresh = s.factory().get();
            check(ci.fromByteArray(fresh, 0, image, 0) == size, "fromByteArray into a fresh instance");
            ClassInfoSamples.assertSameValues(s.fields(), src, fresh, s.name() + ": round trip, fresh");
        }
    }

    /** Resumable copies through a buffer of every size from 1 to size(). */
    static void checkChunks(Sample s, ClassInfo ci) throws ReflectiveOperationException {
        int size = ci.size();
        Object src = randomInstance(s);
        byte[] expected = ClassInfoSamples.expectedImage(ci, src);
        for (int chunk = 1; chunk <= size; chunk++) {
            // toByteArray: a buffer of 3 + chunk bytes, written from offset 3.
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[3 + chunk];
            int objectOffset = 0;
            while (objectOffset < size) {
                Arrays.fill(buffer, (byte) 0x5a);
                int n = ci.toByteArray(src, objectOffset, buffer, 3);
                int want = Math.min(chunk, size - objectOffset);
                check(n == want, s.name() + ": chunk " + chunk + " at " + objectOffset
                      + ": toByteArray copies " + want + ", got " + n);
                check(buffer[0] == 0x5a && buffer[1] == 0x5a && buffer[2] == 0x5a,
                      "toByteArray leaves the buffer before bufferOffset alone");
                out.write(buffer, 3, n);
                objectOffset += n;
            }
            check(ci.toByteArray(src, objectOffset, buffer, 3) == 0, "the copy ends with 0");
            ClassInfoSamples.assertBytes(expected, out.toByteArray(),
                                         s.name() + ": image resumed in chunks of " + chunk);

            // fromByteArray: the same chunks, into a fresh instance.
            Object dst = s.factory().get();
            objectOffset = 0;
            while (objectOffset < size) {
                int want = Math.min(chunk, size - objectOffset);
                Arrays.fill(buffer, (byte) 0x5a);
                System.arraycopy(expected, objectOffset, buffer, 3, want);
                // A buffer holding exactly the rest of the chunk.
                byte[] exact = Arrays.copyOf(buffer, 3 + want);
                int n = ci.fromByteArray(dst, objectOffset, exact, 3);
                check(n == want, s.name() + ": chunk " + chunk + " at " + objectOffset
                      + ": fromByteArray copies " + want + ", got " + n);
                objectOffset += n;
            }
            check(ci.fromByteArray(dst, objectOffset, buffer, 3) == 0, "the copy ends with 0");
            ClassInfoSamples.assertSameValues(s.fields(), src, dst,
                                              s.name() + ": resumed in chunks of " + chunk);
        }
    }

    /** Copies that start at every object offset and at every buffer offset. */
    static void checkPartial(Sample s, ClassInfo ci) throws ReflectiveOperationException {
        int size = ci.size();
        Object a = randomInstance(s);
        Object b = randomInstance(s);
        byte[] imageA = ClassInfoSamples.expectedImage(ci, a);
        byte[] imageB = ClassInfoSamples.expectedImage(ci, b);
        for (int k = 0; k <= size; k++) {
            byte[] buffer = new byte[4 + size];
            Arrays.fill(buffer, (byte) 0xa5);
            int n = ci.toByteArray(a, k, buffer, 4);
            check(n == size - k, "toByteArray at objectOffset " + k + " copies " + (size - k)
                  + ", got " + n);
            byte[] want = new byte[4 + size];
            Arrays.fill(want, (byte) 0xa5);
            System.arraycopy(imageA, k, want, 4, size - k);
            ClassInfoSamples.assertBytes(want, buffer, s.name() + ": toByteArray at objectOffset " + k);

            // fromByteArray at objectOffset k: the first k image bytes stay.
            Object dst = s.factory().get();
            ci.fromByteArray(dst, 0, imageA, 0);
            n = ci.fromByteArray(dst, k, imageB, k);
            check(n == size - k, "fromByteArray at objectOffset " + k + " copies " + (size - k)
                  + ", got " + n);
            byte[] mixed = imageA.clone();
            System.arraycopy(imageB, k, mixed, k, size - k);
            ClassInfoSamples.assertBytes(mixed, ClassInfoSamples.expectedImage(ci, dst),
                                         s.name() + ": fromByteArray at objectOffset " + k);
        }
        for (int off = 0; off <= size; off++) {
            byte[] buffer = new byte[size];
            Arrays.fill(buffer, (byte) 0xa5);
            int n = ci.toByteArray(a, 0, buffer, off);
            check(n == size - off, "toByteArray at bufferOffset " + off + " copies " + (size - off)
                  + ", got " + n);
            byte[] want = new byte[size];
            Arrays.fill(want, (byte) 0xa5);
            System.arraycopy(imageA, 0, want, off, size - off);
            ClassInfoSamples.assertBytes(want, buffer, s.name() + ": toByteArray at bufferOffset " + off);

            // fromByteArray from bufferOffset off: the first size - off image bytes.
            Object dst = s.factory().get();
            ci.fromByteArray(dst, 0, imageA, 0);
            byte[] source = new byte[size];
            System.arraycopy(imageB, 0, source, off, size - off);
            n = ci.fromByteArray(dst, 0, source, off);
            check(n == size - off, "fromByteArray at bufferOffset " + off + " copies " + (size - off)
                  + ", got " + n);
            byte[] mixed = imageA.clone();
            System.arraycopy(imageB, 0, mixed, 0, size - off);
            ClassInfoSamples.assertBytes(mixed, ClassInfoSamples.expectedImage(ci, dst),
                                         s.name() + ": fromByteArray at bufferOffset " + off);
        }
    }

    /** A loop hot enough for C2, with offsets that change every time. */
    static void hot(Sample s, ClassInfo ci, int iterations) throws ReflectiveOperationException {
        int size = ci.size();
        Object[] objects = new Object[8];
        byte[][] images = new byte[8][];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = randomInstance(s);
            images[i] = ClassInfoSamples.expectedImage(ci, objects[i]);
        }
        Object target = randomInstance(s);
        Map<Field, Object> targetOthers = snapshot(target);
        byte[] current = ClassInfoSamples.expectedImage(ci, target);
        byte[] buffer = new byte[size + 8];
        byte[] small = new byte[5];
        for (int i = 0; i < iterations; i++) {
            int k = i & 7;
            int objectOffset = i % (size + 1);
            int bufferOffset = i & 7;
            int n = ci.toByteArray(objects[k], objectOffset, buffer, bufferOffset);
            if (n != size - objectOffset
                    || !Arrays.equals(buffer, bufferOffset, bufferOffset + n, images[k], objectOffset, size)) {
                throw new AssertionError(s.name() + ": iteration " + i + ": toByteArray(obj " + k + ", "
                        + objectOffset + ", buffer, " + bufferOffset + ") returned " + n);
            }
            n = ci.toByteArray(objects[k], objectOffset, small, 1);
            int want = Math.min(4, size - objectOffset);
            if (n != want || !Arrays.equals(small, 1, 1 + n, images[k], objectOffset, objectOffset + n)) {
                throw new AssertionError(s.name() + ": iteration " + i + ": short toByteArray returned " + n);
            }
            n = ci.fromByteArray(target, objectOffset, images[k], objectOffset);
            System.arraycopy(images[k], objectOffset, current, objectOffset, size - objectOffset);
            n = ci.toByteArray(target, 0, buffer, 0);
            if (n != size || !Arrays.equals(buffer, 0, size, current, 0, size)) {
                throw new AssertionError(s.name() + ": iteration " + i + ": fromByteArray(target, "
                        + objectOffset + ", image " + k + ") gave the image "
                        + ClassInfoSamples.hex(Arrays.copyOf(buffer, size)) + ", expected "
                        + ClassInfoSamples.hex(current));
            }
        }
        ClassInfoSamples.assertBytes(current, ClassInfoSamples.expectedImage(ci, target),
                                     s.name() + ": fields after the hot loop");
        for (Field f : s.fields()) {
            targetOthers.remove(f);
        }
        checkSnapshot(target, targetOthers, s.name() + ": the hot loop wrote only the described fields");
        System.out.println("ok: " + s.name() + ": " + iterations + " hot iterations");
    }

    /** The same with constant ClassInfos, one run (Ints32) and several (Mixed100). */
    static void hotConstant(int iterations) throws ReflectiveOperationException {
        ClassInfoSamples.Ints32 ints = new ClassInfoSamples.Ints32();
        ClassInfoSamples.Mixed100 mixed = new ClassInfoSamples.Mixed100();
        ClassInfoSamples.randomize(ints, ClassInfoSamples.primitiveFields(ints.getClass()), random);
        ClassInfoSamples.randomize(mixed, ClassInfoSamples.primitiveFields(mixed.getClass()), random);
        byte[] intsImage = ClassInfoSamples.expectedImage(INTS32, ints);
        byte[] mixedImage = ClassInfoSamples.expectedImage(MIXED100, mixed);
        ClassInfoSamples.Ints32 intsCopy = new ClassInfoSamples.Ints32();
        ClassInfoSamples.Mixed100 mixedCopy = new ClassInfoSamples.Mixed100();
        byte[] buffer = new byte[1024];
        for (int i = 0; i < iterations; i++) {
            copyConstant(ints, intsCopy, mixed, mixedCopy, buffer, i);
            if (i % 1000 == 0 || i == iterations - 1) {
                ClassInfoSamples.assertBytes(intsImage, ClassInfoSamples.expectedImage(INTS32, intsCopy),
                                             "constant Ints32 copy, iteration " + i);
                ClassInfoSamples.assertBytes(mixedImage, ClassInfoSamples.expectedImage(MIXED100, mixedCopy),
                                             "constant Mixed100 copy, iteration " + i);
                intsCopy = new ClassInfoSamples.Ints32();
                mixedCopy = new ClassInfoSamples.Mixed100();
            }
        }
        System.out.println("ok: constant ClassInfos: " + iterations + " hot iterations");
    }

    static void copyConstant(ClassInfoSamples.Ints32 ints, ClassInfoSamples.Ints32 intsCopy,
                             ClassInfoSamples.Mixed100 mixed, ClassInfoSamples.Mixed100 mixedCopy,
                             byte[] buffer, int i) {
        int off = i & 15;
        int n = INTS32.toByteArray(ints, 0, buffer, off);
        int m = INTS32.fromByteArray(intsCopy, 0, buffer, off);
        if (n != 128 || m != 128) {
            throw new AssertionError("Ints32: copied " + n + " and " + m + " bytes, not 128");
        }
        n = MIXED100.toByteArray(mixed, 0, buffer, off);
        m = MIXED100.fromByteArray(mixedCopy, 0, buffer, off);
        if (n != MIXED100.size() || m != n) {
            throw new AssertionError("Mixed100: copied " + n + " and " + m + " bytes, not " + MIXED100.size());
        }
    }

    /** Where a field's bytes start in the image. */
    static int imagePosition(ClassInfo ci, String name) {
        int position = 0;
        for (Field f : ci.getFields()) {
            if (f.getName().equals(name)) {
                return position;
            }
            position += ClassInfoSamples.width(f.getType());
        }
        throw new AssertionError(name + " is not in " + ci);
    }

    /**
     * Fresh objects that only the copy reads or writes: escape analysis must
     * not scalar-replace them, or C2 would copy from or into nothing. One
     * run (Ints32) and several runs (Mixed100, a field in each class).
     */
    static void hotFreshObjects(int iterations) {
        int i00 = imagePosition(INTS32, "i00");
        int i05 = imagePosition(INTS32, "i05");
        int i31 = imagePosition(INTS32, "i31");
        int bi28 = imagePosition(MIXED100, "bi28");
        int mj53 = imagePosition(MIXED100, "mj53");
        int md63 = imagePosition(MIXED100, "md63");
        ByteBuffer ints = ByteBuffer.allocate(INTS32.size()).order(ByteOrder.nativeOrder());
        ByteBuffer mixed = ByteBuffer.allocate(MIXED100.size()).order(ByteOrder.nativeOrder());
        byte[] buffer = new byte[MIXED100.size()];
        // Three times the iterations: each of the four small methods must reach C2.
        int rounds = 3 * iterations;
        for (int i = 0; i < rounds; i++) {
            ints.putInt(i00, i).putInt(i05, 3 * i).putInt(i31, ~i);
            long sum = readFreshInts(ints.array());
            if (sum != i + 31L * (3 * i) + 961L * ~i) {
                throw new AssertionError("iteration " + i + ": fields of a fresh Ints32 after fromByteArray: " + sum);
            }
            mixed.putInt(bi28, i).putLong(mj53, -7L * i).putDouble(md63, i + 0.5);
            double total = readFreshMixed(mixed.array());
            if (total != i + 3.0 * (-7L * i) + (i + 0.5)) {
                throw new AssertionError("iteration " + i + ": fields of a fresh Mixed100 after fromByteArray: " + total);
            }

            boolean full = (i & 15) == 0 || i == rounds - 1;
            if (full) {
                Arrays.fill(buffer, (byte) -1);
            }
            writeFreshInts(i, buffer);
            ByteBuffer b = ByteBuffer.wrap(buffer).order(ByteOrder.nativeOrder());
            if (b.getInt(i00) != i || b.getInt(i05) != 3 * i || b.getInt(i31) != ~i) {
                throw new AssertionError("iteration " + i + ": image of a fresh Ints32: " + b.getInt(i00)
                        + " " + b.getInt(i05) + " " + b.getInt(i31));
            }
            for (int p = 0; full && p < INTS32.size(); p += 4) {
                int want = p == i00 ? i : p == i05 ? 3 * i : p == i31 ? ~i : 0;
                if (b.getInt(p) != want) {
                    throw new AssertionError("iteration " + i + ": image of a fresh Ints32 at " + p + ": "
                            + b.getInt(p) + ", expected " + want);
                }
            }
            if (full) {
                Arrays.fill(buffer, (byte) -1);
            }
            writeFreshMixed(i, buffer);
            if (b.getInt(bi28) != i || b.getLong(mj53) != -7L * i || b.getDouble(md63) != i + 0.5) {
                throw new AssertionError("iteration " + i + ": image of a fresh Mixed100: " + b.getInt(bi28)
                        + " " + b.getLong(mj53) + " " + b.getDouble(md63));
            }
            for (int p = 0; full && p < MIXED100.size(); p++) {
                boolean inSetField = (p >= bi28 && p < bi28 + 4) || (p >= mj53 && p < mj53 + 8)
                                     || (p >= md63 && p < md63 + 8);
                if (!inSetField && buffer[p] != 0) {
                    throw new AssertionError("iteration " + i + ": image of a fresh Mixed100 at " + p + ": "
                            + buffer[p] + ", expected 0");
                }
            }
        }
        System.out.println("ok: fresh objects: " + rounds + " hot iterations");
    }

    static long readFreshInts(byte[] image) {
        ClassInfoSamples.Ints32 o = new ClassInfoSamples.Ints32();
        INTS32.fromByteArray(o, 0, image, 0);
        return o.i00 + 31L * o.i05 + 961L * o.i31 + o.i17;
    }

    static double readFreshMixed(byte[] image) {
        ClassInfoSamples.Mixed100 o = new ClassInfoSamples.Mixed100();
        MIXED100.fromByteArray(o, 0, image, 0);
        return o.bi28 + 3.0 * o.mj53 + o.md63 + o.mi44;
    }

    static void writeFreshInts(int v, byte[] buffer) {
        ClassInfoSamples.Ints32 o = new ClassInfoSamples.Ints32();
        o.i00 = v;
        o.i05 = 3 * v;
        o.i31 = ~v;
        INTS32.toByteArray(o, 0, buffer, 0);
    }

    static void writeFreshMixed(int v, byte[] buffer) {
        ClassInfoSamples.Mixed100 o = new ClassInfoSamples.Mixed100();
        o.bi28 = v;
        o.mj53 = -7L * v;
        o.md63 = v + 0.5;
        MIXED100.toByteArray(o, 0, buffer, 0);
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
    }
}
