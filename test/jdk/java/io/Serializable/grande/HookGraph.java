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

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/**
 * An object graph for the stream-hook tests: cycles, shared references, an
 * enum, a record, collections, and a class-defined writeObject/readObject
 * that records the stream it is given. Uses only stock API, so stock
 * Temurin can run it too.
 */
public final class HookGraph {

    private HookGraph() { }

    static final class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        Node next;
        Object payload;
        int[] data;

        Node(String name) {
            this.name = name;
        }
    }

    /** Records the streams its writeObject and readObject methods see. */
    static final class Witness implements Serializable {
        private static final long serialVersionUID = 1L;
        static final List<Object> WRITERS = Collections.synchronizedList(new ArrayList<>());
        static final List<Object> READERS = Collections.synchronizedList(new ArrayList<>());
        /** The witnesses whose validation callback ran, registered in readObject. */
        static final List<Object> VALIDATED = Collections.synchronizedList(new ArrayList<>());

        final int value;
        final String text;

        Witness(int value, String text) {
            this.value = value;
            this.text = text;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            WRITERS.add(out);
            out.defaultWriteObject();
            out.writeInt(value * 2);
            out.writeObject(new int[] { value });
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            READERS.add(in);
            in.registerValidation(() -> VALIDATED.add(this), 0);
            in.defaultReadObject();
            int twice = in.readInt();
            int[] again = (int[]) in.readObject();
            if (twice != value * 2 || again.length != 1 || again[0] != value) {
                throw new AssertionError("Witness.readObject read " + twice + " and " + Arrays.toString(again));
            }
        }
    }

    enum Color { RED, GREEN }

    record Pair(int number, String label) implements Serializable { }

    /** A Serializable class the filter tests reject. */
    static final class Forbidden implements Serializable {
        private static final long serialVersionUID = 1L;
        int x = 5;
    }

    static void clearWitnesses() {
        Witness.WRITERS.clear();
        Witness.READERS.clear();
        Witness.VALIDATED.clear();
    }

    /** The graph; its string "secret" is the one the replace and resolve hooks change. */
    static List<Object> graph() {
        Node a = new Node("a");
        Node b = new Node("b");
        a.next = b;
        b.next = a;
        int[] shared = { 1, 2, 3 };
        a.data = shared;
        b.data = shared;
        Witness w = new Witness(7, "secret");
        a.payload = w;
        b.payload = a;
        ArrayList<Object> list = new ArrayList<>();
        list.add(a);
        list.add(b);
        list.add(w);
        list.add(shared);
        list.add("secret");
        list.add(42);
        list.add(Color.GREEN);
        list.add(new Pair(3, "pair"));
        TreeMap<String, Object> map = new TreeMap<>();
        map.put("k", w);
        map.put("l", List.of(1L, 2L));
        list.add(map);
        list.add(list);
        return list;
    }

    /** Checks a graph read back; text is what "secret" became. */
    static void checkGraph(Object read, String text) {
        check(read instanceof ArrayList<?>, "an ArrayList, got " + read);
        List<?> l = (List<?>) read;
        check(l.size() == 10, "10 elements, got " + l.size());
        Node a = (Node) l.get(0);
        Node b = (Node) l.get(1);
        Witness w = (Witness) l.get(2);
        check(a.name.equals("a") && b.name.equals("b"), "node names");
        check(a.next == b && b.next == a, "the cycle a -> b -> a");
        check(a.data == b.data && a.data == l.get(3), "the shared int[]");
        check(Arrays.equals(a.data, new int[] { 1, 2, 3 }), "the int[] values");
        check(a.payload == w && b.payload == a, "the payload references");
        check(w.value == 7 && w.text.equals(text), "the witness: " + w.value + " " + w.text);
        check(text.equals(l.get(4)), "the string: " + l.get(4));
        check(Integer.valueOf(42).equals(l.get(5)), "the Integer");
        check(l.get(6) == Color.GREEN, "the enum constant");
        check(new Pair(3, "pair").equals(l.get(7)), "the record");
        TreeMap<?, ?> map = (TreeMap<?, ?>) l.get(8);
        check(map.get("k") == w && map.get("l").equals(List.of(1L, 2L)), "the map");
        check(l.get(9) == l, "the list contains itself");
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("graph read back: expected " + what);
        }
    }
}
