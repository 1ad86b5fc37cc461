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
 * @summary Back references stay exact where the writer gives a new object
 *          its handle in the same probe that looks it up (an object of a
 *          type the stream has written before): boxes (by value), strings,
 *          arrays, lists and objects of known and of new types, mixed with
 *          unshared writes, replacements and an object whose class fails
 *          its serialization check after the class itself was written (a
 *          class-defined writeObject catches the InvalidClassException and
 *          goes on, as the JDK's stream allows); back references to each of
 *          a stream's first 3, 15, 16, 17 and 40 objects, every fourth of them
 *          written unshared, and again after a reset. Each graph is read
 *          back by the fast streams and compared with what the JDK's streams
 *          make of it; run under -Xint and C2 as well.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm HandleOrderTest
 * @run main/othervm -Xint HandleOrderTest
 * @run main/othervm -XX:-TieredCompilation HandleOrderTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import grande.test.JdkStreams;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class HandleOrderTest {

    /** Its serialPersistentFields names a field twice: every write of an instance fails. */
    static final class Unwritable implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        @Serial
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("x", int.class), new ObjectStreamField("x", int.class)
        };
        int x;
    }

    static final class Node implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        Object left;
        Object right;

        Node(Object left, Object right) {
            this.left = left;
            this.right = right;
        }
    }

    /** Written as another object (writeReplace): the replacement takes the handle. */
    static final class Replaced implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        final String value;

        Replaced(String value) {
            this.value = value;
        }

        @Serial
        private Object writeReplace() {
            return new Node(value, null);
        }
    }

    /**
     * Writes the class of Unwritable, then fails to write an instance of it
     * (caught), then back references to what it wrote before and after.
     */
    static final class Survivor implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        Object shared;
        transient List<Object> seen = new ArrayList<>();

        Survivor(Object shared) {
            this.shared = shared;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeObject(Unwritable.class);
            try {
                out.writeObject(new Unwritable());
                throw new AssertionError("an Unwritable was written");
            } catch (InvalidClassException expected) {
                // The JDK's stream writes nothing for it and goes on.
            }
            Integer box = 70_000;
            out.writeObject(box);
            out.writeObject(shared);
            out.writeObject(box);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            seen = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                seen.add(in.readObject());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        for (int round = 0; round < 200; round++) {     // C2 compiles the paths on the way
            sharedLeaves();
            afterAFailedWrite();
            firstObjectsAndResets();
        }
        System.out.println("ok");
    }

    /** Boxes, strings, arrays and lists of known and new types, shared and unshared. */
    static void sharedLeaves() throws Exception {
        Integer big = 1_000_000;
        String text = new String("shared text");
        int[] ints = {1, 2, 3};
        List<Object> list = new ArrayList<>(List.of(7L, "x"));
        Node known = new Node(text, big);
        Replaced replaced = new Replaced("replaced");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(bytes)) {
            out.writeObject(known);                 // Node's type is new here
            out.writeObject(new Node(big, text));   // and known from here on
            out.writeUnshared(big);                 // a new Integer that takes a handle, not looked up
            out.writeObject(big);
            out.writeObject(ints);
            out.writeObject(list);
            out.writeObject(new Node(ints, list));
            out.writeObject(replaced);
            out.writeObject(replaced);
            out.writeObject(new Node(known, replaced));
        }
        Object[] read = new Object[10];
        try (FastObjectInputStream in = new FastObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            for (int i = 0; i < read.length; i++) {
                read[i] = i == 2 ? in.readUnshared() : in.readObject();
            }
        }
        Node k = (Node) read[0];
        Node second = (Node) read[1];
        // Boxes go by value, without handles; the unshared one takes a
        // handle, and the back references after it still find their objects.
        expect(second.right == k.left, "a second Node refers to the first one's string");
        expectEquals(big, k.right, "the first Node's Integer");
        expectEquals(big, second.left, "the second Node's Integer");
        expectEquals(1_000_000, read[2], "the unshared Integer");
        expect(read[2] != k.right, "the unshared Integer is another object");
        expectEquals(big, read[3], "the shared Integer after the unshared one");
        Node arrays = (Node) read[6];
        expect(arrays.left == read[4] && arrays.right == read[5], "the array and the list are referred to again");
        expectEquals(List.of(7L, "x"), read[5], "the list");
        Node rep = (Node) read[7];
        expectEquals("replaced", rep.left, "the replacement");
        expect(read[8] == rep, "the replaced object, written again, is its replacement again");
        Node last = (Node) read[9];
        expect(last.left == k && last.right == rep, "back references to the first Node and the replacement");
    }

    /**
     * Objects written in order (every fourth unshared), then again newest
     * first, then, after a reset, both once more: a shared object's second
     * write is a back reference, an unshared one's a new copy, and nothing
     * is shared across the reset; for graphs of a few objects up to a few
     * dozen, where a handle table might change how it finds them.
     */
    static void firstObjectsAndResets() throws Exception {
        for (int size : new int[] {3, 15, 16, 17, 40}) {
            Object[] objects = new Object[size];
            for (int i = 0; i < size; i++) {
                objects[i] = switch (i % 3) {
                    case 0 -> new Node(null, i);
                    case 1 -> new String("s" + i);
                    default -> new int[] {i};
                };
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (FastObjectOutputStream out = new FastObjectOutputStream(bytes)) {
                for (int pass = 0; pass < 2; pass++) {
                    for (int i = 0; i < size; i++) {
                        if (i % 4 == 3) {
                            out.writeUnshared(objects[i]);
                        } else {
                            out.writeObject(objects[i]);
                        }
                    }
                    for (int i = size - 1; i >= 0; i--) {
                        out.writeObject(objects[i]);
                    }
                    out.reset();
                }
            }
            Object[][] firsts = new Object[2][size];
            try (FastObjectInputStream in = new FastObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                for (int pass = 0; pass < 2; pass++) {
                    Object[] first = firsts[pass];
                    for (int i = 0; i < size; i++) {
                        first[i] = i % 4 == 3 ? in.readUnshared() : in.readObject();
                    }
                    for (int i = size - 1; i >= 0; i--) {
                        Object again = in.readObject();
                        String what = size + " objects, pass " + pass + ", object " + i;
                        if (i % 4 == 3) {
                            check(again != first[i], what + ": written unshared, then again: a new copy");
                        } else {
                            check(again == first[i], what + ": written again: a back reference");
                        }
                        check(describe(first[i]).equals(describe(again)), what + ": its value");
                        check(describe(objects[i]).equals(describe(again)), what + ": the value written");
                    }
                }
            }
            for (int i = 0; i < size; i++) {
                check(firsts[0][i] != firsts[1][i], size + " objects: object " + i + " is new after the reset");
            }
        }
    }

    /** A check inside the 200 rounds: silent when it holds. */
    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static String describe(Object o) {
        return o instanceof Node n ? "Node " + n.right : o instanceof int[] a ? "int[] " + a[0] : (String) o;
    }

    /** A caught write failure leaves the handles of both ends in step, as with the JDK's streams. */
    static void afterAFailedWrite() throws Exception {
        String shared = new String("before the failure");
        Node graph = new Node(new Survivor(shared), shared);

        Node fromJdk = (Node) JdkStreams.roundTrip(graph);
        Node fromFast = (Node) fastRoundTrip(graph);
        for (Node n : new Node[] {fromJdk, fromFast}) {
            Survivor s = (Survivor) n.left;
            expectEquals(Unwritable.class, s.seen.get(0), "the class written before the failure");
            expectEquals(70_000, s.seen.get(1), "the box written after the failure");
            expect(s.seen.get(2) == s.shared, "a back reference after the failure finds the field's string");
            expectEquals(s.seen.get(1), s.seen.get(3), "the box written twice");
            expect(n.right == s.shared, "the graph's string is the field's");
        }
    }

    static Object fastRoundTrip(Object o) throws Exception {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(o);
        // Twice on one stream: the second time every type is known (the one-probe path).
        out.resetObjects();
        out.writeObject(o);
        FastObjectInputStream in = new FastObjectInputStream(out.toByteArray());
        in.readObject();
        return in.readObject();
    }
}
