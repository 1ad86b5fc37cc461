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

import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The object graphs the filter, bad-input and fuzz tests serialize: every
 * kind of thing a stream can carry (strings, arrays of each type,
 * collections, class-defined writeObject/readObject, putFields,
 * Externalizable, readResolve/writeReplace, records, enums, a dynamic proxy,
 * a non-serializable superclass, shared references and cycles), as scripts
 * of steps that a writer performs and a reader mirrors.
 *
 * <p>This class does not use jdk.fastserial, so that the JDK side of the
 * fuzz driver also runs on a stock JDK. The classes' own readObject methods
 * only ever throw IOExceptions (or ClassCastException) on bad data, so that
 * any other exception a fuzzed stream ends in comes from the stream.
 */
public final class FuzzCorpus {

    private FuzzCorpus() { }

    // ------------------------------------------------------------ scripts --

    /** What a writer does at one step; the reader mirrors it. */
    public enum Kind { OBJECT, UNSHARED, INT, UTF, RESET, RESET_OBJECTS }

    /** One step of a script. */
    public record Step(Kind kind, Object value) { }

    /** A named sequence of steps: one valid stream. */
    public record Script(String name, List<Step> steps) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Resets the objects of a stream but (where the stream can) not its types. */
    public interface ObjectsReset {
        void resetObjects(ObjectOutputStream out) throws IOException;
    }

    static Step object(Object o) {
        return new Step(Kind.OBJECT, o);
    }

    /**
     * The scripts of the valid streams. extra, if not null, is one more
     * object for the "custom" script (the fast side adds a FastSerializable
     * class there, which a stock JDK does not have).
     */
    public static List<Script> scripts(Object extra) {
        List<Script> scripts = new ArrayList<>();
        scripts.add(new Script("rich", List.of(object(richGraph()))));

        Point shared = new Point(3, 4, "shared");
        List<Step> sequence = new ArrayList<>();
        sequence.add(object(shared));
        sequence.add(new Step(Kind.INT, 0x12345678));
        sequence.add(object(new ArrayList<>(List.of(shared, "x", shared))));
        sequence.add(new Step(Kind.UTF, "between objects"));
        sequence.add(new Step(Kind.RESET_OBJECTS, null));
        sequence.add(object(shared));
        sequence.add(new Step(Kind.UNSHARED, new Point(5, 6, null)));
        sequence.add(new Step(Kind.RESET, null));
        sequence.add(object(Color.BLUE));
        sequence.add(object(Point.class));
        sequence.add(object(int[].class));
        sequence.add(object(new long[] {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE}));
        sequence.add(object("a top-level string"));
        sequence.add(object(null));
        scripts.add(new Script("sequence", sequence));

        scripts.add(new Script("chain", List.of(object(chain(40)), object(arrays()))));
        scripts.add(new Script("collections", List.of(object(collections()))));

        List<Object> customs = new ArrayList<>(customs());
        if (extra != null) {
            customs.add(extra);
        }
        scripts.add(new Script("custom", List.of(object(customs), new Step(Kind.INT, -1), object(customs))));
        return List.copyOf(scripts);
    }

    /** Performs the steps of a script on out and flushes it. */
    public static void write(ObjectOutputStream out, Script script, ObjectsReset objectsReset) throws IOException {
        for (Step step : script.steps()) {
            switch (step.kind()) {
                case OBJECT -> out.writeObject(step.value());
                case UNSHARED -> out.writeUnshared(step.value());
                case INT -> out.writeInt((Integer) step.value());
                case UTF -> out.writeUTF((String) step.value());
                case RESET -> out.reset();
                case RESET_OBJECTS -> objectsReset.resetObjects(out);
            }
        }
        out.flush();
    }

    /** Reads what write wrote: one value per OBJECT, UNSHARED, INT or UTF step. */
    public static List<Object> read(ObjectInputStream in, Script script) throws IOException, ClassNotFoundException {
        List<Object> values = new ArrayList<>();
        for (Step step : script.steps()) {
            switch (step.kind()) {
                case OBJECT -> values.add(in.readObject());
                case UNSHARED -> values.add(in.readUnshared());
                case INT -> values.add(in.readInt());
                case UTF -> values.add(in.readUTF());
                case RESET, RESET_OBJECTS -> { }
            }
        }
        return values;
    }

    /** The JDK's own stream of a script (RESET_OBJECTS is a full reset there). */
    public static byte[] jdkBytes(Script script) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            write(out, script, ObjectOutputStream::reset);
        }
        return bytes.toByteArray();
    }

    /**
     * The JDK's serialization of a value: two graphs are deeply equal (with
     * the same sharing and cycles) when these bytes are.
     */
    public static byte[] jdkImage(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    // ------------------------------------------------------------- graphs --

    /** Everything at once, with sharing across the parts. */
    public static Object[] richGraph() {
        Node ring = ring(5);
        return new Object[] {
            strings(), arrays(), collections(), customs(), ring, ring.next, chain(8),
            new Point(1, 2, "p"), Color.RED, Color.BLUE, Point.class, null
        };
    }

    public static Object[] strings() {
        String shared = "shared string";
        return new Object[] {
            "", "ascii", "caf\u00e9 \u00fc\u00df", "\u65e5\u672c\u8a9e", "\ud83d\ude00 emoji",
            "nul\u0000inside", "\uffff\ud800 lone surrogate", "x".repeat(300), shared, shared
        };
    }

    public static Object[] arrays() {
        float[] floats = {0f, -0f, 1.5f, Float.NaN, Float.intBitsToFloat(0x7fc00001),
                          Float.POSITIVE_INFINITY, Float.MIN_VALUE};
        double[] doubles = {0d, -0d, Math.PI, Double.NaN, Double.NEGATIVE_INFINITY, Double.MIN_VALUE};
        Object[] selfContaining = new Object[2];
        selfContaining[0] = selfContaining;
        selfContaining[1] = "after self";
        return new Object[] {
            new boolean[] {true, false, true}, new byte[0], new byte[] {-128, -1, 0, 1, 127},
            new char[] {'a', '\u00e9', '\uffff', 0}, new short[] {Short.MIN_VALUE, 0, Short.MAX_VALUE},
            new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}, new long[] {Long.MIN_VALUE, 42},
            floats, doubles, new String[] {"a", null, "b", "a"},
            new Object[] {1, 2L, 3.0d, 4.0f, 'c', (byte) 5, (short) 6, true, "s", null, new int[] {7}},
            new int[][] {{1, 2}, {}, null, {3}}, new long[2][3][4], new byte[64],
            new Point[] {new Point(0, 0, null), null}, new Color[] {Color.GREEN, Color.RED},
            new Object[0], selfContaining
        };
    }

    public static Object[] collections() {
        ArrayList<Object> arrayList = new ArrayList<>(List.of("one", 2, 3.0));
        arrayList.add(null);
        LinkedList<String> linkedList = new LinkedList<>(List.of("a", "b", "c"));
        HashMap<String, Integer> hashMap = new HashMap<>(Map.of("x", 1, "y", 2, "z", 3));
        TreeMap<String, Point> treeMap = new TreeMap<>();
        treeMap.put("b", new Point(2, 2, "two"));
        treeMap.put("a", new Point(1, 1, "one"));
        LinkedHashMap<Integer, String> linkedHashMap = new LinkedHashMap<>();
        linkedHashMap.put(3, "three");
        linkedHashMap.put(1, "one");
        EnumMap<Color, String> enumMap = new EnumMap<>(Color.class);
        enumMap.put(Color.BLUE, "blue");
        enumMap.put(Color.RED, "red");
        ArrayDeque<String> deque = new ArrayDeque<>(List.of("first", "last"));
        return new Object[] {
            arrayList, linkedList, hashMap, treeMap, linkedHashMap, new HashSet<>(List.of("p", "q")),
            new TreeSet<>(List.of(5, 1, 3)), enumMap, EnumSet.of(Color.RED, Color.BLUE), deque,
            List.of(1, 2, 3), Map.of("k", "v"), Collections.unmodifiableList(new ArrayList<>(List.of("u"))),
            Arrays.asList("as", "list"), new BigDecimal("12345.678900"), new BigInteger("-98765432109876543210"),
            new Date(1_700_000_000_000L), 'z', Byte.MIN_VALUE, Short.MAX_VALUE, Long.MIN_VALUE, -0.0f, Double.NaN
        };
    }

    public static List<Object> customs() {
        Derived derived = new Derived();
        derived.id = 9;
        derived.name = "derived";
        derived.stamp = 1L << 40;
        derived.weights = new double[] {0.25, 0.5};
        derived.payload = new Point(7, 8, "payload");
        OnNonSerializableBase onBase = new OnNonSerializableBase();
        onBase.tag = "tag";
        Greeter proxy = (Greeter) Proxy.newProxyInstance(FuzzCorpus.class.getClassLoader(),
                new Class<?>[] {Greeter.class}, new GreeterHandler("hello"));
        return new ArrayList<>(List.of(
            new Custom("custom", new int[] {1, 2, 3}), new PutFields(11, "eleven"), new Ext(5, "ext", List.of("e")),
            Resolving.of(1), new Replaced("replaced", 13), derived, onBase, proxy,
            new Polygon(new Point[] {new Point(0, 0, "o"), new Point(1, 0, null)}, Color.GREEN),
            Color.GREEN, new Empty()));
    }

    /** A linked list of n nodes, nested n deep. */
    public static Node chain(int n) {
        Node head = null;
        for (int i = n; i > 0; i--) {
            Node node = new Node(i);
            node.next = head;
            if (head != null) {
                head.prev = node;
            }
            head = node;
        }
        return head;
    }

    /** A singly linked list of n nodes: no back-references, one type, n deep. */
    public static Node singlyLinked(int n) {
        Node head = null;
        for (int i = n; i > 0; i--) {
            Node node = new Node(i);
            node.next = head;
            head = node;
        }
        return head;
    }

    /** A doubly linked ring of n nodes. */
    public static Node ring(int n) {
        Node first = new Node(0);
        Node last = first;
        for (int i = 1; i < n; i++) {
            Node node = new Node(i);
            last.next = node;
            node.prev = last;
            last = node;
        }
        last.next = first;
        first.prev = last;
        first.data = first;
        return first;
    }

    // ------------------------------------------------------------ classes --

    public enum Color {
        RED, GREEN,
        BLUE {
            @Override
            String code() {
                return "b";
            }
        };

        String code() {
            return name().substring(0, 1).toLowerCase();
        }
    }

    public record Point(int x, int y, String label) implements Serializable { }

    public record Polygon(Point[] points, Color color) implements Serializable { }

    public static class Node implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        int value;
        Node next;
        Node prev;
        Object data;

        Node(int value) {
            this.value = value;
        }
    }

    public static class Base implements Serializable {
        @Serial
        private static final long serialVersionUID = 2L;
        int id;
        String name;
    }

    public static class Derived extends Base {
        @Serial
        private static final long serialVersionUID = 3L;
        long stamp;
        double[] weights;
        Object payload;
    }

    public static class NonSerializableBase {
        int hidden;

        public NonSerializableBase() {
            hidden = 7;
        }
    }

    public static class OnNonSerializableBase extends NonSerializableBase implements Serializable {
        @Serial
        private static final long serialVersionUID = 4L;
        String tag;
    }

    public static class Empty implements Serializable {
        @Serial
        private static final long serialVersionUID = 5L;
    }

    /** Default fields plus block data and objects of its own. */
    public static class Custom implements Serializable {
        @Serial
        private static final long serialVersionUID = 6L;
        String title;
        transient int[] values;

        Custom(String title, int[] values) {
            this.title = title;
            this.values = values;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(values.length);
            for (int v : values) {
                out.writeInt(v);
            }
            out.writeUTF(title + "!");
            out.writeObject(List.of(title));
            out.writeDouble(2.5);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            int n = in.readInt();
            if (n < 0 || n > 1000) {
                throw new InvalidObjectException("bad length " + n);
            }
            values = new int[n];
            for (int i = 0; i < n; i++) {
                values[i] = in.readInt();
            }
            in.readUTF();
            in.readObject();
            in.readDouble();
        }
    }

    /** serialPersistentFields with putFields/readFields. */
    public static class PutFields implements Serializable {
        @Serial
        private static final long serialVersionUID = 7L;
        @Serial
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("number", int.class), new ObjectStreamField("text", String.class)
        };
        transient int number;
        transient String text;

        PutFields(int number, String text) {
            this.number = number;
            this.text = text;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField fields = out.putFields();
            fields.put("number", number);
            fields.put("text", text);
            out.writeFields();
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField fields = in.readFields();
            number = fields.get("number", -1);
            text = (String) fields.get("text", null);
        }
    }

    public static class Ext implements Externalizable {
        @Serial
        private static final long serialVersionUID = 8L;
        int number;
        String text;
        Object more;

        public Ext() { }

        Ext(int number, String text, Object more) {
            this.number = number;
            this.text = text;
            this.more = more;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(number);
            out.writeUTF(text);
            out.writeObject(more);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            number = in.readInt();
            text = in.readUTF();
            more = in.readObject();
        }
    }

    /** Canonical instances by code; readResolve returns them. */
    public static class Resolving implements Serializable {
        @Serial
        private static final long serialVersionUID = 9L;
        private static final Resolving[] CANONICAL = {new Resolving(0), new Resolving(1)};
        final int code;

        private Resolving(int code) {
            this.code = code;
        }

        static Resolving of(int code) {
            return CANONICAL[code];
        }

        @Serial
        private Object readResolve() throws InvalidObjectException {
            if (code < 0 || code >= CANONICAL.length) {
                throw new InvalidObjectException("no such code " + code);
            }
            return CANONICAL[code];
        }
    }

    /** Travels as a Replacement, which resolves back to a Replaced. */
    public static class Replaced implements Serializable {
        @Serial
        private static final long serialVersionUID = 10L;
        final String name;
        final int size;

        Replaced(String name, int size) {
            this.name = name;
            this.size = size;
        }

        @Serial
        private Object writeReplace() {
            return new Replacement(name + ":" + size);
        }
    }

    public static class Replacement implements Serializable {
        @Serial
        private static final long serialVersionUID = 11L;
        final String encoded;

        Replacement(String encoded) {
            this.encoded = encoded;
        }

        @Serial
        private Object readResolve() throws InvalidObjectException {
            int colon = encoded == null ? -1 : encoded.lastIndexOf(':');
            if (colon < 0) {
                throw new InvalidObjectException("bad replacement " + encoded);
            }
            try {
                return new Replaced(encoded.substring(0, colon), Integer.parseInt(encoded.substring(colon + 1)));
            } catch (NumberFormatException e) {
                throw (InvalidObjectException) new InvalidObjectException("bad size").initCause(e);
            }
        }
    }

    public interface Greeter {
        String greet();
    }

    public static class GreeterHandler implements InvocationHandler, Serializable {
        @Serial
        private static final long serialVersionUID = 12L;
        final String greeting;

        GreeterHandler(String greeting) {
            this.greeting = greeting;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            return switch (method.getName()) {
                case "greet", "toString" -> greeting;
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> null;
            };
        }
    }
}
