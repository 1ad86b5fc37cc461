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
 * @summary Class.getClassInfo and ClassInfo.toByteArray/fromByteArray reject
 *          bad arguments with the documented exception types, and a call
 *          that fails changes neither the object nor the buffer.
 * @build ClassInfoSamples
 * @run junit ClassInfoErrors
 */

import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;

public class ClassInfoErrors {

    static class Statics {
        static int counter;
        static final long CONSTANT = 42;
        int plain;
    }

    static class References {
        int plain;
        String string;
        int[] ints;
        Object object;
        Integer boxed;
    }

    static class Other {
        int plain;
    }

    static final Field I00 = field(ClassInfoSamples.Ints32.class, "i00");
    static final Field I01 = field(ClassInfoSamples.Ints32.class, "i01");
    static final Field BASE_INT = field(ClassInfoSamples.MixedBase.class, "bi28");
    static final Field SUB_INT = field(ClassInfoSamples.Mixed100.class, "mi44");

    static Field field(Class<?> c, String name) {
        try {
            return c.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    // ---- Class.getClassInfo

    @Test
    void nullArray() {
        assertThrowsExactly(NullPointerException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo((Field[]) null));
    }

    @Test
    void nullElement() {
        assertThrowsExactly(NullPointerException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(new Field[] { null }));
        assertThrowsExactly(NullPointerException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(I00, null));
        assertThrowsExactly(NullPointerException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(null, I00));
    }

    @Test
    void staticField() {
        assertThrowsExactly(IllegalArgumentException.class,
                () -> Statics.class.getClassInfo(field(Statics.class, "counter")));
        assertThrowsExactly(IllegalArgumentException.class,
                () -> Statics.class.getClassInfo(field(Statics.class, "CONSTANT")));
        assertThrowsExactly(IllegalArgumentException.class,
                () -> Statics.class.getClassInfo(field(Statics.class, "plain"),
                                                 field(Statics.class, "counter")));
    }

    @Test
    void nonPrimitiveField() {
        for (String name : List.of("string", "ints", "object", "boxed")) {
            assertThrowsExactly(IllegalArgumentException.class,
                    () -> References.class.getClassInfo(field(References.class, name)), name);
            assertThrowsExactly(IllegalArgumentException.class,
                    () -> References.class.getClassInfo(field(References.class, "plain"),
                                                        field(References.class, name)), name);
        }
    }

    @Test
    void fieldOfUnrelatedClass() {
        // A class that is neither this class nor a superclass.
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(field(Other.class, "plain")));
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(I00, field(Other.class, "plain")));
        // A subclass's field, described on the superclass.
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.MixedBase.class.getClassInfo(SUB_INT));
        // Any field on Object.
        assertThrowsExactly(IllegalArgumentException.class,
                () -> Object.class.getClassInfo(I00));
        // A superclass's field is fine.
        ClassInfo ci = ClassInfoSamples.Mixed100.class.getClassInfo(BASE_INT, SUB_INT);
        assertEquals(8, ci.size());
    }

    @Test
    void duplicateField() {
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(I00, I00));
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(I00, I01, I00));
        // Two Field objects for the same field.
        Field again = field(ClassInfoSamples.Ints32.class, "i00");
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.Ints32.class.getClassInfo(I00, again));
        // The same inherited field, through the subclass.
        assertThrowsExactly(IllegalArgumentException.class,
                () -> ClassInfoSamples.Mixed100.class.getClassInfo(BASE_INT, SUB_INT, BASE_INT));
    }

    @Test
    void argumentArrayIsNotKept() {
        Field[] fields = { I00, I01 };
        ClassInfo ci = ClassInfoSamples.Ints32.class.getClassInfo(fields);
        fields[0] = field(Other.class, "plain");
        fields[1] = null;
        assertEquals(List.of(I00, I01), Arrays.asList(ci.getFields()));
        assertEquals(8, ci.size());
    }

    // ---- toByteArray and fromByteArray

    /** Calls toByteArray or fromByteArray; both take the same arguments. */
    interface Copy {
        int copy(ClassInfo ci, Object obj, int objectOffset, byte[] buffer, int bufferOffset);
    }

    static final Copy TO = ClassInfo::toByteArray;
    static final Copy FROM = ClassInfo::fromByteArray;

    /**
     * Asserts that the copy fails with exactly the exception type given and
     * that neither obj (when not null) nor buffer (when not null) changed.
     */
    static void assertFails(Class<? extends Throwable> type, ClassInfo ci, Copy copy, Object obj,
                            int objectOffset, byte[] buffer, int bufferOffset) throws Exception {
        byte[] bufferBefore = buffer == null ? null : buffer.clone();
        byte[] objBefore = null;
        ClassInfo all = null;
        if (obj instanceof byte[] array) {
            objBefore = array.clone();
        } else if (obj != null) {
            all = obj.getClass().getClassInfo(
                    ClassInfoSamples.primitiveFields(obj.getClass()).toArray(Field[]::new));
            objBefore = ClassInfoSamples.expectedImage(all, obj);
        }
        String what = (copy == TO ? "toByteArray(" : "fromByteArray(")
                + (obj == null ? "null" : obj.getClass().getSimpleName()) + ", " + objectOffset + ", "
                + (buffer == null ? "null" : "byte[" + buffer.length + "]") + ", " + bufferOffset + ")";
        Executable call = () -> copy.copy(ci, obj, objectOffset, buffer, bufferOffset);
        assertThrowsExactly(type, call, what);
        if (buffer != null) {
            assertArrayEquals(bufferBefore, buffer, what + " changed the buffer");
        }
        if (obj instanceof byte[] array) {
            assertArrayEquals(objBefore, array, what + " changed the object");
        } else if (obj != null) {
            assertArrayEquals(objBefore, ClassInfoSamples.expectedImage(all, obj),
                              what + " changed the object");
        }
    }

    static ClassInfoSamples.Mixed100 randomMixed(Random r) throws Exception {
        ClassInfoSamples.Mixed100 m = new ClassInfoSamples.Mixed100();
        ClassInfoSamples.randomize(m, ClassInfoSamples.primitiveFields(m.getClass()), r);
        return m;
    }

    static byte[] randomBytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /** ClassInfos with one run and with several. */
    static List<ClassInfo> classInfos() {
        return List.of(
                ClassInfoSamples.Mixed100.class.getClassInfo(
                        ClassInfoSamples.primitiveFields(ClassInfoSamples.Mixed100.class).toArray(Field[]::new)),
                ClassInfoSamples.Mixed100.class.getClassInfo(SUB_INT),
                ClassInfoSamples.Mixed100.class.getClassInfo());
    }

    /** One case of a test: a ClassInfo, a direction, and the test's Random. */
    interface Case {
        void run(ClassInfo ci, Copy copy, Random r) throws Exception;
    }

    /**
     * Runs a case for every ClassInfo of {@link #classInfos} in both
     * directions, all with one Random of the given seed.
     */
    static void forEachCase(long seed, Case c) throws Exception {
        Random r = new Random(seed);
        for (ClassInfo ci : classInfos()) {
            for (Copy copy : List.of(TO, FROM)) {
                c.run(ci, copy, r);
            }
        }
    }

    @Test
    void nullObject() throws Exception {
        forEachCase(1, (ci, copy, r) -> {
            assertFails(NullPointerException.class, ci, copy, null, 0, randomBytes(r, ci.size()), 0);
        });
    }

    @Test
    void nullBuffer() throws Exception {
        forEachCase(2, (ci, copy, r) -> {
            assertFails(NullPointerException.class, ci, copy, randomMixed(r), 0, null, 0);
        });
    }

    @Test
    void objectOfAnotherClass() throws Exception {
        forEachCase(3, (ci, copy, r) -> {
            byte[] buffer = randomBytes(r, ci.size() + 8);
            // Unrelated classes, and the described class's superclass.
            ClassInfoSamples.Ints32 ints = new ClassInfoSamples.Ints32();
            ClassInfoSamples.randomize(ints, ClassInfoSamples.primitiveFields(ints.getClass()), r);
            assertFails(IllegalArgumentException.class, ci, copy, ints, 0, buffer, 0);
            ClassInfoSamples.MixedBase base = new ClassInfoSamples.MixedBase();
            ClassInfoSamples.randomize(base, ClassInfoSamples.primitiveFields(base.getClass()), r);
            assertFails(IllegalArgumentException.class, ci, copy, base, 0, buffer, 0);
            assertFails(IllegalArgumentException.class, ci, copy, new Object(), 0, buffer, 0);
            assertFails(IllegalArgumentException.class, ci, copy, new byte[ci.size()], 0, buffer, 0);
        });
    }

    @Test
    void objectOffsetOutOfRange() throws Exception {
        forEachCase(4, (ci, copy, r) -> {
            int size = ci.size();
            for (int bad : new int[] { -1, size + 1, Integer.MIN_VALUE, Integer.MAX_VALUE, -size }) {
                if (bad >= 0 && bad <= size) {
                    continue;
                }
                assertFails(IndexOutOfBoundsException.class, ci, copy, randomMixed(r), bad,
                            randomBytes(r, size + 8), 0);
            }
        });
    }

    @Test
    void bufferOffsetOutOfRange() throws Exception {
        forEachCase(5, (ci, copy, r) -> {
            int size = ci.size();
            for (int length : new int[] { 0, 1, size, size + 8 }) {
                for (int bad : new int[] { -1, length + 1, Integer.MIN_VALUE, Integer.MAX_VALUE }) {
                    assertFails(IndexOutOfBoundsException.class, ci, copy, randomMixed(r), 0,
                                randomBytes(r, length), bad);
                }
            }
        });
    }

    @Test
    void edgesOfTheRanges() throws Exception {
        // objectOffset == size and bufferOffset == buffer.length are in range: nothing is copied.
        forEachCase(6, (ci, copy, r) -> {
            int size = ci.size();
            ClassInfoSamples.Mixed100 m = randomMixed(r);
            byte[] buffer = randomBytes(r, size + 8);
            byte[] before = buffer.clone();
            ClassInfo all = m.getClass().getClassInfo(
                    ClassInfoSamples.primitiveFields(m.getClass()).toArray(Field[]::new));
            byte[] objBefore = ClassInfoSamples.expectedImage(all, m);
            assertEquals(0, copy.copy(ci, m, size, buffer, 0));
            assertEquals(0, copy.copy(ci, m, 0, buffer, buffer.length));
            assertEquals(0, copy.copy(ci, m, size, buffer, buffer.length));
            assertEquals(0, copy.copy(ci, m, 0, new byte[0], 0));
            assertArrayEquals(before, buffer);
            assertArrayEquals(objBefore, ClassInfoSamples.expectedImage(all, m));
        });
    }
}
