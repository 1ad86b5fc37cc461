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
 * @summary Boxes written shared go by value (protocol 2's VALUE item): no
 *          handle on either end, so the handles of everything around them
 *          stay in step; every box type keeps its class and value (a NaN
 *          its bits); a value in Integer.valueOf's cache comes back as the
 *          cached box; a writer that replaces objects sends boxes by value
 *          too, and writeUnshared gives a box a handle; the filter is
 *          asked about a box's class and can refuse it; resolveObject sees
 *          each box.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm BoxValueTest
 * @run main/othervm -Xint BoxValueTest
 * @run main/othervm -XX:-TieredCompilation BoxValueTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class BoxValueTest {

    static final class Holder implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        Integer i;
        Object any;
        Double d;
    }

    /** Turns every Integer it reads into a Long of the same value. */
    static final class Widening extends FastObjectInputStream {
        final List<Object> seen = new ArrayList<>();

        Widening(byte[] bytes) throws IOException {
            super(new ByteArrayInputStream(bytes));
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object obj) {
            seen.add(obj);
            return obj instanceof Integer i ? Long.valueOf(i) : obj;
        }
    }

    /** Writes each object as itself, but through replaceObject: the general path. */
    static final class Replacing extends FastObjectOutputStream {
        final List<Object> replaced = new ArrayList<>();

        Replacing(ByteArrayOutputStream out) throws IOException {
            super(out);
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            if (obj instanceof Integer || obj instanceof Double) {
                replaced.add(obj);
            }
            return obj;
        }
    }

    static final Object[] BOXES = {
        1_000_000, Integer.MIN_VALUE, -5L, Long.MAX_VALUE, (short) -300, (byte) 0x80, '\uffff', true, false,
        2.5f, Float.intBitsToFloat(0x7fc0_0001), -0.0, Double.longBitsToDouble(0x7ff8_0000_0000_0abcL)
    };

    public static void main(String[] args) throws Exception {
        for (int round = 0; round < 300; round++) {     // C2 compiles the paths on the way
            valuesAndHandles();
            cachedBoxes();
            unsharedAndReplaced();
        }
        filters();
        resolved();
        System.out.println("ok");
    }

    static byte[] write(FastObjectOutputStream out, ByteArrayOutputStream bytes, Object... objects)
            throws IOException {
        for (Object o : objects) {
            out.writeObject(o);
        }
        out.flush();
        return bytes.toByteArray();
    }

    static Object[] read(FastObjectInputStream in, int n) throws Exception {
        Object[] read = new Object[n];
        for (int i = 0; i < n; i++) {
            read[i] = in.readObject();
        }
        return read;
    }

    /** Each box type twice, between objects that take handles and back references to them. */
    static void valuesAndHandles() throws Exception {
        String text = new String("around the boxes");
        Holder h = new Holder();
        h.i = 77_777;
        h.any = h.i;
        h.d = Double.NaN;
        List<Object> objects = new ArrayList<>();
        objects.add(text);
        for (Object box : BOXES) {
            objects.add(box);
            objects.add(new ArrayList<>(List.of(box, text, box)));
            objects.add(box);
            objects.add(text);
        }
        objects.add(h);
        objects.add(new Object[] {h.i, h, h.i});
        HashMap<String, Object> map = new HashMap<>();
        map.put("a", h.i);
        map.put("b", h.i);
        objects.add(map);
        objects.add(text);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] stream = write(new FastObjectOutputStream(bytes), bytes, objects.toArray());
        Object[] read = read(new FastObjectInputStream(new ByteArrayInputStream(stream)), objects.size());
        String readText = (String) read[0];
        for (int i = 0; i < objects.size(); i++) {
            Object expected = objects.get(i);
            if (expected == text) {
                check(read[i] == readText, "object " + i + ": a back reference to the first string");
            } else if (expected instanceof List<?> l) {
                List<?> r = (List<?>) read[i];
                check(r.size() == 3 && sameBox(l.get(0), r.get(0)) && sameBox(l.get(2), r.get(2))
                      && r.get(1) == readText, "object " + i + ": a list of a box, the string, the box: " + r);
            } else if (isBox(expected)) {
                check(sameBox(expected, read[i]), "object " + i + ": " + expected + " read as " + read[i]);
            }
        }
        int at = objects.indexOf(h);
        Holder rh = (Holder) read[at];
        check(rh.i == 77_777 && rh.any.equals(77_777) && Double.isNaN(rh.d), "the Holder's boxed fields");
        Object[] array = (Object[]) read[at + 1];
        check(array[1] == rh && array[0].equals(77_777) && array[2].equals(77_777),
              "an Object[] of a box, a back reference, the box");
        @SuppressWarnings("unchecked")
        HashMap<String, Object> m = (HashMap<String, Object>) read[at + 2];
        check(m.equals(map), "a HashMap of boxes: " + m);
    }

    /** A box of the same class whose value has the same bits. */
    static boolean sameBox(Object expected, Object actual) {
        if (actual == null || expected.getClass() != actual.getClass()) {
            return false;
        }
        if (expected instanceof Float f) {
            return Float.floatToRawIntBits(f) == Float.floatToRawIntBits((Float) actual);
        }
        if (expected instanceof Double d) {
            return Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits((Double) actual);
        }
        return expected.equals(actual);
    }

    static boolean isBox(Object o) {
        return Arrays.stream(BOXES).anyMatch(b -> b.getClass() == o.getClass());
    }

    /** Values in the caches of valueOf come back as the cached boxes. */
    @SuppressWarnings({"removal", "deprecation"})
    static void cachedBoxes() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Object[] written = {new Integer(100), new Long(-128), new Short((short) 127), new Byte((byte) 1),
                            new Character('a'), new Boolean(true), new ArrayList<>(List.of(new Integer(-7)))};
        byte[] stream = write(new FastObjectOutputStream(bytes), bytes, written);
        Object[] read = read(new FastObjectInputStream(new ByteArrayInputStream(stream)), written.length);
        check(read[0] == Integer.valueOf(100) && read[1] == Long.valueOf(-128)
              && read[2] == Short.valueOf((short) 127) && read[3] == Byte.valueOf((byte) 1)
              && read[4] == Character.valueOf('a') && read[5] == Boolean.TRUE
              && ((List<?>) read[6]).get(0) == Integer.valueOf(-7), "the cached boxes: " + Arrays.toString(read));
    }

    /**
     * An unshared box takes a handle (an OBJECT item, read as a new box);
     * a writer that replaces objects asks replaceObject about each box and
     * sends what it keeps by value.
     */
    static void unsharedAndReplaced() throws Exception {
        Integer big = 5_000_000;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FastObjectOutputStream out = new FastObjectOutputStream(bytes);
        out.writeUnshared(big);
        out.writeObject(big);
        out.writeObject("after");
        out.writeObject("after");
        out.flush();
        FastObjectInputStream in = new FastObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        Object unshared = in.readUnshared();
        Object shared = in.readObject();
        Object after = in.readObject();
        check(unshared.equals(big) && shared.equals(big) && unshared != shared, "an unshared box, then the box");
        check(after.equals("after") && in.readObject() == after, "a string after them, then a back reference to it");

        bytes = new ByteArrayOutputStream();
        Replacing replacing = new Replacing(bytes);
        byte[] stream = write(replacing, bytes, big, big, 7.5, List.of(big), "s", "s");
        Object[] read = read(new FastObjectInputStream(new ByteArrayInputStream(stream)), 6);
        check(read[0].equals(big) && read[1].equals(big) && read[2].equals(7.5) && read[3].equals(List.of(big)),
              "a replacing writer's boxes: " + Arrays.toString(read));
        check(read[4].equals("s") && read[5] == read[4], "a string after them, then a back reference to it");
        check(replacing.replaced.equals(List.of(big, big, 7.5, big)), "replaceObject saw each box: " + replacing.replaced);
    }

    /** The filter hears of a box's class once, and refusing it refuses the box. */
    static void filters() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] stream = write(new FastObjectOutputStream(bytes), bytes, 1_000_000, 2_000_000, "x", 3L);
        List<Class<?>> asked = new ArrayList<>();
        FastObjectInputStream in = new FastObjectInputStream(new ByteArrayInputStream(stream));
        in.setObjectInputFilter(info -> {
            if (info.serialClass() != null) {
                asked.add(info.serialClass());
            }
            return ObjectInputFilter.Status.UNDECIDED;
        });
        Object[] read = read(in, 4);
        expectEquals(List.of(1_000_000, 2_000_000, "x", 3L), Arrays.asList(read), "read under a filter");
        expect(asked.contains(Integer.class) && asked.contains(Long.class),
               "the filter was asked about Integer and Long: " + asked);

        FastObjectInputStream refusing = new FastObjectInputStream(new ByteArrayInputStream(stream));
        refusing.setObjectInputFilter(ObjectInputFilter.Config.createFilter("!java.lang.Integer"));
        expectThrows(InvalidClassException.class, refusing::readObject, "a filter that refuses Integer");
    }

    /** resolveObject is called on each box read by value, and its replacement is what the caller gets. */
    static void resolved() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] stream = write(new FastObjectOutputStream(bytes), bytes, 41, new ArrayList<>(List.of(42, 43)), 44.0);
        Widening in = new Widening(stream);
        Object[] read = read(in, 3);
        expectEquals(41L, read[0], "an Integer resolved to a Long");
        expectEquals(List.of(42L, 43L), read[1], "a list's Integers resolved to Longs");
        expectEquals(44.0, read[2], "a Double left as it is");
        expect(in.seen.containsAll(List.of(41, 42, 43, 44.0)), "resolveObject saw every box: " + in.seen);
    }

    /** A check inside the rounds: silent when it holds. */
    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
