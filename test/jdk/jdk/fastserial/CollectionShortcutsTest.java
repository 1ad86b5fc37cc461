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
 * @summary The fast streams' shortcuts for collections change nothing a
 *          program sees. The Integers and strings of an ArrayList, of an
 *          Object[] and of a HashMap take a path of their own, and a
 *          HashMap of exactly that class is written and read by the stream
 *          instead of by HashMap.writeObject and readObject. Each graph of a
 *          corpus (empty, presized and grown maps, null keys and values,
 *          colliding keys in tree bins, odd load factors, a map holding
 *          itself, shared Integers and strings, maps inside lists and lists
 *          inside maps, LinkedHashMap and a HashMap subclass, which keep
 *          HashMap's own methods) gives the same bytes as through a stream
 *          whose class overrides a method the shortcuts bypass, or that
 *          replaces objects (which turns them off). Read back both ways, it
 *          gives deeply equal graphs, identity included, and HashMaps with
 *          the same order, table size, threshold and load factor as
 *          HashMap.readObject makes. A corrupt load factor or count is an
 *          InvalidObjectException either way. A count the bytes cannot back
 *          is a StreamCorruptedException before any table is made. A filter
 *          refuses the map's table as it does through readObject, and is
 *          asked the same questions with the shortcuts as without. In the
 *          interpreter, C1, C2 and -Xcomp.
 * @library /lib
 * @build DeepEquals grande.test.StreamBytes
 * @run main/othervm CollectionShortcutsTest 20
 * @run main/othervm -Xint CollectionShortcutsTest 1
 * @run main/othervm -XX:TieredStopAtLevel=1 CollectionShortcutsTest 3
 * @run main/othervm -Xcomp -XX:-TieredCompilation CollectionShortcutsTest 1
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import grande.test.StreamBytes;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class CollectionShortcutsTest {

    /** Overrides writeInt, which HashMap.writeObject calls: HashMap.writeObject runs. */
    static final class MapMethodsOut extends FastObjectOutputStream {
        MapMethodsOut() throws IOException {
            super();
        }

        @Override
        public void writeInt(int v) throws IOException {
            super.writeInt(v);
        }
    }

    /** Replaces every object by itself: every object goes through the general path. */
    static final class ReplacingOut extends FastObjectOutputStream {
        ReplacingOut() throws IOException {
            super();
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            return obj;
        }
    }

    /** Overrides readInt, which HashMap.readObject calls: HashMap.readObject runs. */
    static final class MapMethodsIn extends FastObjectInputStream {
        MapMethodsIn(byte[] b) throws IOException {
            super(b);
        }

        @Override
        public int readInt() throws IOException {
            return super.readInt();
        }
    }

    /** Resolves every object to itself: every object goes through the general path. */
    static final class ResolvingIn extends FastObjectInputStream {
        ResolvingIn(byte[] b) throws IOException {
            super(b);
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object obj) {
            return obj;
        }
    }

    /** Keys of one hash code: a bin of them becomes a tree once the table is large enough. */
    record Colliding(int n) implements Serializable, Comparable<Colliding> {
        @Override
        public int hashCode() {
            return 7;
        }

        @Override
        public int compareTo(Colliding o) {
            return Integer.compare(n, o.n);
        }
    }

    static final class Holder implements Serializable {
        Object a;
        Object b;
    }

    @SuppressWarnings("serial")
    static final class SubMap extends HashMap<String, Integer> {
        int extra = 5;
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        List<Object> corpus = corpus();
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < corpus.size(); i++) {
                check(corpus.get(i), "sample " + i);
            }
        }
        corruptMaps();
        filters();
        System.out.println("CollectionShortcutsTest: " + corpus.size() + " graphs x " + rounds + " rounds passed");
    }

    @SuppressWarnings("removal")
    static List<Object> corpus() {
        List<Object> s = new ArrayList<>();
        s.add(new HashMap<>());
        s.add(new HashMap<>(1000));                        // presized: threshold 1024, no table
        HashMap<Object, Object> grown = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            grown.put("key" + i, i * 7919 - 100_000);
        }
        for (int i = 0; i < 250; i++) {
            grown.remove("key" + i);                       // a large table with few entries
        }
        s.add(grown);
        HashMap<Object, Object> nulls = new HashMap<>();
        nulls.put(null, 1);
        nulls.put("null value", null);
        nulls.put(-1, "an Integer key");
        s.add(nulls);
        HashMap<Object, Object> tree = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            tree.put(new Colliding(i), i);                 // one bin: a tree bin
        }
        s.add(tree);
        HashMap<Object, Object> light = new HashMap<>(4, 3.5f);
        HashMap<Object, Object> dense = new HashMap<>(4, 0.3f);
        for (int i = 0; i < 40; i++) {
            light.put(i, "v" + i);
            dense.put("v" + i, i);
        }
        s.add(light);
        s.add(dense);
        HashMap<Object, Object> self = new HashMap<>();
        self.put("self", self);
        self.put("other", nulls);
        s.add(self);
        Integer big = new Integer(1_000_000);              // a distinct box, not a cached one
        Integer other = new Integer(1_000_000);            // equal to it, not the same
        String text = new String("shared text");
        HashMap<Object, Object> shared = new HashMap<>();
        shared.put("a", big);
        shared.put("b", big);
        shared.put("c", other);
        shared.put(text, text);
        s.add(shared);
        s.add(new ArrayList<>(List.of(shared, shared, self)));
        ArrayList<Object> elements = new ArrayList<>(Arrays.asList(
                big, big, other, text, text, null, 3, "x", 2.5, new int[] {1, 2}, shared,
                Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, ""));
        s.add(elements);
        s.add(new Object[] {big, text, elements, big, null, text});
        s.add(new Integer[] {big, other, big, null, 7});
        s.add(new String[] {text, "b", text, null});
        ArrayList<Integer> ints = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            ints.add(i % 3 == 0 ? big : i * 65_537);
        }
        s.add(ints);
        HashMap<String, Object> nested = new HashMap<>();
        nested.put("list", elements);
        nested.put("ints", ints);
        nested.put("map", shared);
        s.add(nested);
        LinkedHashMap<String, Integer> linked = new LinkedHashMap<>(16, 0.75f, true);
        linked.put("z", 1);
        linked.put("a", big);
        linked.get("z");
        s.add(linked);
        SubMap sub = new SubMap();
        sub.put("q", big);
        s.add(sub);
        Holder h = new Holder();
        h.a = shared;
        h.b = big;
        s.add(h);
        return s;
    }

    static byte[] write(FastObjectOutputStream out, Object graph) throws IOException {
        out.writeObject(graph);
        out.writeObject(graph);                            // once more: all back references
        return out.toByteArray();
    }

    static void check(Object graph, String what) throws Exception {
        byte[] direct = write(new FastObjectOutputStream(), graph);
        byte[] viaWriteObject = write(new MapMethodsOut(), graph);
        byte[] general = write(new ReplacingOut(), graph);
        expect(Arrays.equals(direct, viaWriteObject),
               what + ": the same bytes as through HashMap.writeObject");
        expect(Arrays.equals(direct, general), what + ": the same bytes as through the general path");

        Object[] fast = readTwice(new FastObjectInputStream(direct));
        Object[] viaReadObject = readTwice(new MapMethodsIn(direct));
        Object[] resolved = readTwice(new ResolvingIn(direct));
        // Against the JDK's own streams, which rebuild a map's table from its
        // size: its iteration order can differ from the original's.
        Object jdkCopy = new ObjectInputStream(new ByteArrayInputStream(jdkBytes(graph))).readObject();
        expectEquals(null, DeepEquals.difference(jdkCopy, fast[0]), what + ": what the JDK's streams read");
        expect(fast[0] == fast[1], what + ": the second write is a back reference");
        expectEquals(null, DeepEquals.difference(viaReadObject[0], fast[0]),
                     what + ": the same graph as through HashMap.readObject");
        expectEquals(null, DeepEquals.difference(resolved[0], fast[0]),
                     what + ": the same graph as through the general path");
        expect(Arrays.equals(jdkBytes(viaReadObject[0]), jdkBytes(fast[0])),
               what + ": the same maps, tables included, as through HashMap.readObject");
    }

    static Object[] readTwice(FastObjectInputStream in) throws Exception {
        return new Object[] {in.readObject(), in.readObject()};
    }

    /**
     * The graph in the JDK's own stream format: HashMap.writeObject writes a
     * map's table size, threshold and load factor and its entries in table
     * order, so equal bytes mean equal maps down to their tables.
     */
    static byte[] jdkBytes(Object graph) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(graph);
        }
        return bytes.toByteArray();
    }

    /** The bytes of a map of lf 0.625 (an exact float) and one entry, and where its fields are. */
    record MapBytes(byte[] bytes, int loadFactorAt, boolean loadFactorLittle, int sizeAt) { }

    static MapBytes mapBytes() throws IOException {
        HashMap<String, Integer> m = new HashMap<>(2, 0.625f);
        m.put("k", 77_777);
        byte[] b = write(new FastObjectOutputStream(), m);
        int bits = Float.floatToIntBits(0.625f);
        int lf = StreamBytes.indexOf(b, new StreamBytes().int32(bits).done());
        boolean little = lf >= 0;
        if (!little) {
            lf = StreamBytes.indexOf(b, new StreamBytes().int32BigEndian(bits).done());
        }
        // The block after the fields: the table size (2, as asked) and the
        // size (1), big-endian as DataOutput writes them.
        int size = StreamBytes.indexOf(b, new StreamBytes().int32BigEndian(2).int32BigEndian(1).done()) + 4;
        expect(lf > 0 && size > 4, "the test found the map's load factor and size in its bytes");
        return new MapBytes(b, lf, little, size);
    }

    static void corruptMaps() throws Exception {
        MapBytes mb = mapBytes();
        for (float bad : new float[] {Float.NaN, 0f, -1f}) {
            byte[] b = mb.bytes().clone();
            int bits = Float.floatToRawIntBits(bad);
            System.arraycopy(mb.loadFactorLittle() ? new StreamBytes().int32(bits).done() : new StreamBytes().int32BigEndian(bits).done(), 0, b, mb.loadFactorAt(), 4);
            for (boolean viaReadObject : new boolean[] {false, true}) {
                InvalidObjectException e = expectThrows(InvalidObjectException.class,
                        () -> (viaReadObject ? new MapMethodsIn(b) : new FastObjectInputStream(b)).readObject(),
                        "load factor " + bad + (viaReadObject ? " through readObject" : ""));
                expect(e.getMessage().startsWith("Illegal load factor"), "load factor message: " + e.getMessage());
            }
        }
        byte[] negative = mb.bytes().clone();
        System.arraycopy(new StreamBytes().int32BigEndian(-1).done(), 0, negative, mb.sizeAt(), 4);
        for (boolean viaReadObject : new boolean[] {false, true}) {
            InvalidObjectException e = expectThrows(InvalidObjectException.class,
                    () -> (viaReadObject ? new MapMethodsIn(negative) : new FastObjectInputStream(negative))
                            .readObject(),
                    "a negative count" + (viaReadObject ? " through readObject" : ""));
            expect(e.getMessage().startsWith("Illegal mappings count"), "count message: " + e.getMessage());
        }
        // 2^28 mappings announced, one there: no table of 2^29 entries is made.
        byte[] huge = mb.bytes().clone();
        System.arraycopy(new StreamBytes().int32BigEndian(1 << 28).done(), 0, huge, mb.sizeAt(), 4);
        StreamCorruptedException e = expectThrows(StreamCorruptedException.class,
                () -> new FastObjectInputStream(huge).readObject(), "a count the bytes cannot back");
        expect(e.getMessage().contains(" needs "), "count message: " + e.getMessage());
    }

    static void filters() throws Exception {
        HashMap<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            m.put(i * 1000, i);
        }
        byte[] b = write(new FastObjectOutputStream(), m);
        // The table of 100 mappings at 0.75 is 256 entries: an array limit of
        // 200 refuses it, through the shortcut as through readObject.
        for (boolean viaReadObject : new boolean[] {false, true}) {
            FastObjectInputStream in = viaReadObject ? new MapMethodsIn(b) : new FastObjectInputStream(b);
            in.setObjectInputFilter(ObjectInputFilter.Config.createFilter("maxarray=200"));
            expectThrows(InvalidClassException.class, in::readObject,
                         "the filter refuses the table" + (viaReadObject ? " through readObject" : ""));
        }
        // A filter is asked the same questions with the shortcuts as without.
        ArrayList<Object> list = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            list.add(i % 2 == 0 ? i * 1000 : "s" + i);
        }
        list.add(m);
        byte[] g = write(new FastObjectOutputStream(), list);
        List<String> direct = filterCalls(new FastObjectInputStream(g));
        expect(direct.stream().filter(c -> c.startsWith("java.lang.Integer ")).count() > 0,
               "the filter is asked about Integers: " + direct);
        expectEquals(filterCalls(new ResolvingIn(g)), direct, "filter calls, general path");
        expectEquals(filterCalls(new MapMethodsIn(g)), direct, "filter calls, HashMap.readObject");
    }

    static List<String> filterCalls(FastObjectInputStream in) throws Exception {
        List<String> calls = new ArrayList<>();
        in.setObjectInputFilter(info -> {
            Class<?> c = info.serialClass();
            calls.add((c == null ? "-" : c.getName()) + " " + info.arrayLength() + " " + info.depth()
                      + " " + info.references());
            return ObjectInputFilter.Status.UNDECIDED;
        });
        in.readObject();
        in.readObject();
        return calls;
    }
}
