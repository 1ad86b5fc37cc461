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
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneOffset;
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
import java.util.concurrent.TimeUnit;

import grande.test.samples.CustomOnly;
import grande.test.samples.Ext;
import grande.test.samples.ExtReadsLess;
import grande.test.samples.GreeterHandler;
import grande.test.samples.ReadsLess;
import grande.test.samples.Replaced;
import grande.test.samples.Ring;

/**
 * The object graphs the filter, bad-input and fuzz tests serialize: every
 * kind of thing a stream can carry (strings, arrays of each type,
 * collections, class-defined writeObject/readObject, putFields,
 * Externalizable, readResolve/writeReplace, records, enums, a dynamic proxy,
 * a non-serializable superclass, shared references and cycles), as scripts
 * of steps that a writer performs and a reader mirrors. The fuzzer's
 * scripts (fuzzScripts) add a stream for each kind of content on its own,
 * class evolution (streams that other versions of local classes wrote) and
 * Class and ObjectStreamClass objects of every kind of type.
 *
 * <p>This class does not use jdk.fastserial, so that the JDK side of the
 * fuzz driver also runs on a stock JDK; nor do the classes it shares with
 * the semantics corpus and the remote tests (grande.test.samples, which
 * the Makefile's fuzz target compiles with it). The classes' own
 * readObject methods only ever throw IOExceptions (or ClassCastException)
 * on bad data, so that any other exception a fuzzed stream ends in comes
 * from the stream (the JDK's classes among them throw what they throw: the
 * fuzzer counts that as class code).
 */
public final class FuzzCorpus {

    private FuzzCorpus() { }

    // ------------------------------------------------------------ scripts --

    /** What a writer does at one step; the reader mirrors it. */
    public enum Kind { OBJECT, UNSHARED, INT, UTF, RESET, RESET_OBJECTS }

    /** One step of a script. */
    public record Step(Kind kind, Object value) { }

    /**
     * A named sequence of steps: one valid stream. renames, pairs of class
     * names of equal length, are applied to the written stream (in either
     * format), so that a stream written with one class is read with
     * another: a class as an older or newer version of it wrote it.
     */
    public record Script(String name, List<Step> steps, List<String[]> renames) {
        public Script(String name, List<Step> steps) {
            this(name, steps, List.of());
        }

        /** The stream, with this script's class names replaced (ASCII, so in either format's encoding). */
        public byte[] renamed(byte[] stream) {
            for (String[] r : renames) {
                stream = replaceAll(stream, r[0].getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                                    r[1].getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            }
            return stream;
        }

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

    /**
     * The scripts of the fuzzer's valid streams: those of {@link #scripts}
     * and a stream for each kind of content on its own, so that mutations
     * of a small stream reach it often: enums (constant bodies, EnumSet,
     * EnumMap, the JDK's enums), records, dynamic proxies, Externalizable
     * classes, writeObject/readObject with putFields/readFields and block
     * data, class evolution (streams of other versions of the local classes,
     * by renaming), cycles of every kind, arrays of every kind, strings long
     * and short, graphs of back references, many classes (descriptors), and
     * Class and ObjectStreamClass objects of every kind of type.
     */
    public static List<Script> fuzzScripts(Object extra) {
        List<Script> scripts = new ArrayList<>(scripts(extra));
        Object[] enums = enums();
        scripts.add(new Script("enums", List.of(object(enums), object(Planet.EARTH), new Step(Kind.RESET, null),
                                                object(enums), new Step(Kind.UNSHARED, Op.TIMES))));
        scripts.add(new Script("records", List.of(object(records()))));
        scripts.add(new Script("proxies", List.of(object(proxies()))));
        Object[] externals = externals();
        scripts.add(new Script("externalizable", List.of(object(externals), new Step(Kind.UTF, "ext"),
                                                         new Step(Kind.RESET_OBJECTS, null), object(externals))));
        scripts.add(new Script("fields", List.of(object(fieldClasses()), new Step(Kind.INT, 7))));
        scripts.add(new Script("evolution", List.of(object(evolution()), new Step(Kind.RESET, null),
                                                    object(new EvoWOne(2))),
                               List.<String[]>of(new String[] {"FuzzCorpus$EvoW", "FuzzCorpus$EvoR"})));
        scripts.add(new Script("cycles", List.of(object(cycles()))));
        scripts.add(new Script("arrays", List.of(object(allArrays()))));
        scripts.add(new Script("strings", List.of(object(manyStrings()), new Step(Kind.UTF, "\u00e9t\u00e9 ".repeat(200)),
                                                  object("tail"))));
        scripts.add(new Script("backrefs", List.of(object(backReferences()))));
        scripts.add(new Script("descriptors", List.of(object(descriptorHeavy()))));
        // ObjectStreamClass objects only in the first step: the JDK reads a
        // new descriptor each time, jdk.fastserial gives the class's own.
        scripts.add(new Script("types", List.of(object(typeObjects()), new Step(Kind.RESET_OBJECTS, null),
                                                object(Arrays.copyOf(typeObjects(), 19)))));
        return List.copyOf(scripts);
    }

    // ------------------------------------------------------ fuzz graphs --

    public static Object[] enums() {
        EnumMap<Planet, Object> planets = new EnumMap<>(Planet.class);
        planets.put(Planet.MERCURY, Op.PLUS);
        planets.put(Planet.EARTH, new ArrayList<>(List.of(Planet.MARS, "home")));
        planets.put(Planet.MARS, null);
        TreeMap<Planet, String> byOrdinal = new TreeMap<>();
        byOrdinal.put(Planet.MARS, "red");
        byOrdinal.put(Planet.VENUS, "hot");
        return new Object[] {
            Planet.values(), Op.values(), Single.ONLY, Big.C00, Big.C69, Big.C64,
            EnumSet.allOf(Big.class), EnumSet.of(Big.C03, Big.C64, Big.C69), EnumSet.noneOf(Planet.class),
            EnumSet.range(Planet.VENUS, Planet.MARS), EnumSet.of(Op.TIMES), planets, new EnumMap<>(Op.class),
            byOrdinal, new Enum<?>[] {Planet.EARTH, Op.TIMES, Single.ONLY, Color.BLUE, TimeUnit.SECONDS,
                                      DayOfWeek.MONDAY, Thread.State.BLOCKED, RoundingMode.HALF_EVEN, Big.C42},
            new Comparable<?>[] {Planet.VENUS, "s", 1, Op.PLUS}, new Planet[][] {{Planet.MARS}, {}, null},
            new EnumHolder(Planet.MERCURY, Op.PLUS, new Planet[] {Planet.EARTH, Planet.MERCURY}),
            new EnumRecord(Planet.VENUS, Big.C01, List.of(Op.TIMES)),
            Planet.class, Planet.MERCURY.getClass(), Op.class, Op.PLUS.getClass(), Big.class, Nothing.class,
            Enum.class, Planet.EARTH, Planet.MERCURY, Op.TIMES, Color.BLUE
        };
    }

    public static Object[] records() {
        Prims prims = new Prims(true, (byte) -7, '\u20ac', (short) -300, 123456789, -1L << 50, 1.25f, -Math.E);
        Pair<String, Integer> pair = new Pair<>("left", 42);
        Nested nested = new Nested(prims, pair, new Point[] {new Point(1, 1, "a"), null}, Color.RED);
        Holder holder = new Holder(new ArrayList<>());
        holder.items().add(holder);
        holder.items().add(nested);
        return new Object[] {
            prims, pair, nested, new EmptyRecord(), new Checked(-1, 5), holder, nested,
            new WithArrays(new int[] {1, 2, 3}, new String[] {"x", null}, new long[][] {{1}, {2, 3}}),
            new Pair<>(new Pair<>(1, 2L), new Pair<>(nested, new EmptyRecord())),
            new Pair<>(null, null), new Evolving(3, "three"), List.of(new Point(9, 9, "nine"), prims)
        };
    }

    public static Object[] proxies() {
        ClassLoader loader = FuzzCorpus.class.getClassLoader();
        Greeter simple = (Greeter) Proxy.newProxyInstance(loader, new Class<?>[] {Greeter.class},
                                                          new GreeterHandler("hi"));
        TreeMap<String, Object> values = new TreeMap<>();
        values.put("greet", "hello");
        values.put("name", "many");
        ValuesHandler handler = new ValuesHandler(values);
        Object many = Proxy.newProxyInstance(loader, new Class<?>[] {Greeter.class, Shape.class, Named.class}, handler);
        ValuesHandler selfHandler = new ValuesHandler(new TreeMap<>());
        Object self = Proxy.newProxyInstance(loader, new Class<?>[] {Runnable.class, Named.class}, selfHandler);
        selfHandler.self = self;     // a cycle through the proxy's handler
        handler.self = simple;
        return new Object[] {
            simple, many, self, new Greeter[] {simple, (Greeter) many, null, simple}, handler,
            new ProxyRecord(simple, (Named) self), many.getClass(), List.of(many, self)
        };
    }

    public static Object[] externals() {
        ExtNode first = new ExtNode(1);
        ExtNode second = new ExtNode(2);
        ExtNode third = new ExtNode(3);
        first.next = second;
        second.next = third;
        third.next = first;          // a ring of Externalizable objects
        second.payload = new Object[] {"p", 2, new int[] {2}, first};
        TreeMap<String, Object> meta = new TreeMap<>();
        meta.put("ext", new Ext(1, "inner", null));
        meta.put("partial", new ExtReadsLess(5));
        third.meta = meta;
        return new Object[] {
            first, new ExtEmpty(), new ExtReadsLess(9), new Ext(2, "two", List.of(second, new ExtEmpty())),
            LocalDate.of(2024, 2, 29), Duration.ofSeconds(3661, 5), Instant.ofEpochSecond(1_700_000_000L, 123),
            ZoneOffset.ofHours(2), LocalDateTime.of(2020, 1, 2, 3, 4, 5), Period.of(1, 2, 3), third
        };
    }

    public static Object[] fieldClasses() {
        AllFields all = new AllFields();
        SelfReferring self = new SelfReferring("me");
        CustomLeaf leaf = new CustomLeaf();
        return new Object[] {
            all, self, new ReadsLess(), new DefaultsOnly("d", 3), new CustomOnly("c", 1), leaf,
            new PutFields(-1, null), new Custom("again", new int[0]), all, leaf, self
        };
    }

    public static Object[] evolution() {
        return new Object[] {
            new EvoWOne(1), new EvoWTwo(), new EvoWThree(), new EvoWFour(), new EvoWFive(), new EvoWSix(),
            new EvoWRec(7, "rec", 9L), EvoWEnum.A, EvoWEnum.C, EvoWEnum.D, new EvoWEnum[] {EvoWEnum.D, EvoWEnum.A},
            new EvoWOne(3)
        };
    }

    public static Object[] cycles() {
        Object[] self = new Object[1];
        self[0] = self;
        Object[] a = new Object[2];
        Object[] b = new Object[] {a, "b"};
        a[0] = b;
        a[1] = a;
        Node loop = new Node(1);
        loop.next = loop;
        loop.prev = loop;
        loop.data = loop;
        HashMap<String, Object> map = new HashMap<>();
        map.put("self", map);
        map.put("loop", loop);
        ArrayList<Object> list = new ArrayList<>();
        list.add(list);
        list.add(map);
        LinkedList<Object> linked = new LinkedList<>();
        linked.add(linked);
        TreeMap<String, Object> tree = new TreeMap<>();
        tree.put("tree", tree);
        tree.put("list", list);
        Holder holder = new Holder(new ArrayList<>());
        holder.items().add(holder);
        holder.items().add(list);
        SelfReferring custom = new SelfReferring("cycle");
        custom.other = new SelfReferring("other");
        custom.other.other = custom;
        ExtNode ext = new ExtNode(7);
        ext.next = ext;
        return new Object[] {self, a, b, Ring.of(4), loop, map, list, linked, tree, holder, custom, ext, proxies()[2]};
    }

    public static Object[] allArrays() {
        int[] big = new int[1500];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 2654435761L > 0 ? i * 31 : -i;
        }
        Object[][] jagged = new Object[3][];
        jagged[0] = new Object[] {null, "j", jagged};
        jagged[2] = new Object[0];
        return new Object[] {
            new boolean[] {true, false, true, true, false, false, true, false, true}, new boolean[0],
            new byte[300], new char[] {'\ud83d', '\ude00', 'x', '\u0100'}, new char[0], new short[] {1, -1},
            new short[0], big, new int[0], new long[] {1L << 40}, new long[0],
            new float[] {Float.NaN, -0f, Float.MAX_VALUE}, new float[0], new double[] {Double.MIN_NORMAL, -0d},
            new double[0], jagged, new String[][] {{"a", "b"}, null, {}}, new Point[][] {{new Point(2, 3, "q")}},
            new Color[][] {{Color.RED, null}}, new Serializable[] {1, "s", Color.RED, new int[0], null},
            new Number[] {1, 2L, 3.5, 4.5f, (short) 5, (byte) 6, BigInteger.TEN, BigDecimal.ONE},
            new Comparable<?>[] {"c", 'c', true}, new Class<?>[] {int.class, String.class, Point.class, int[].class},
            new Record[] {new Point(4, 4, null), new EmptyRecord()}, new int[2][3][4], new Integer[] {1, null, 3},
            new Character[] {'a'}, new Boolean[] {false, null}, new Byte[] {(byte) 1}, new Short[] {(short) 2},
            new Long[] {3L}, new Float[] {4f}, new Double[] {5d}, new Object[] {new Object[] {new Object[0]}},
            new Enum<?>[0], new List<?>[] {List.of(1), new ArrayList<>(List.of(new int[] {9}))},
            new byte[][] {{1, 2}, new byte[70]}, new boolean[][] {{true}}, new char[][] {{'z'}},
            new float[][] {{1f}}, new double[][] {{2d}}, new short[][] {{3}}, new long[][] {{4L}}, big
        };
    }

    public static Object[] manyStrings() {
        List<Object> strings = new ArrayList<>();
        for (int n : new int[] {0, 1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 8191, 8192, 8193}) {
            StringBuilder sb = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                sb.append((char) ('a' + i % 26));
            }
            strings.add(sb.toString());
        }
        for (int n : new int[] {1, 63, 64, 300}) {
            strings.add("\u0100\u65e5".repeat(n).substring(0, n));
        }
        String shared = "shared";
        strings.add(shared);
        strings.add(shared);
        strings.add(new String("shared"));    // equal, not the same: a string of its own
        strings.add("\u00ff\u0000\u00e9");
        strings.add("\ud800");
        strings.add("\udc00\ud800");
        strings.add("\ud83d\ude00".repeat(10));
        strings.add("z".repeat(70_000));        // a long string in the JDK's format
        strings.add(new String[] {shared, "x", null});
        strings.add(List.of("in", "a", "list"));
        return strings.toArray();
    }

    public static Object[] backReferences() {
        java.util.Random random = new java.util.Random(42);
        String[] pool = new String[12];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = "pool" + i;
        }
        Node[] nodes = new Node[120];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = new Node(i);
        }
        for (Node node : nodes) {
            node.next = nodes[random.nextInt(nodes.length)];
            node.prev = random.nextInt(4) == 0 ? null : nodes[random.nextInt(nodes.length)];
            node.data = random.nextBoolean() ? pool[random.nextInt(pool.length)] : nodes[random.nextInt(nodes.length)];
        }
        Object[] refs = new Object[400];
        Point[] points = {new Point(0, 1, pool[0]), new Point(2, 3, pool[1])};
        for (int i = 0; i < refs.length; i++) {
            refs[i] = switch (random.nextInt(5)) {
                case 0 -> nodes[random.nextInt(nodes.length)];
                case 1 -> pool[random.nextInt(pool.length)];
                case 2 -> points[random.nextInt(points.length)];
                case 3 -> refs;
                default -> random.nextBoolean() ? null : Color.values()[random.nextInt(3)];
            };
        }
        return new Object[] {nodes, refs, pool, points, nodes[7], refs};
    }

    public static Object[] descriptorHeavy() {
        L6 deep = new L6();
        deep.peer = new L1();
        deep.arr5 = new int[] {5};
        deep.c6 = Color.GREEN;
        deep.p6 = new Point(6, 6, "six");
        deep.o2 = deep;
        TreeMap<String, Integer> insensitive = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        insensitive.put("B", 2);
        insensitive.put("a", 1);
        java.util.Properties properties = new java.util.Properties();
        properties.setProperty("k", "v");
        java.util.BitSet bits = new java.util.BitSet();
        bits.set(3);
        bits.set(130);
        IOException exception = new IOException("boom", new IllegalStateException("cause"));
        StackTraceElement[] trace = {new StackTraceElement("FuzzCorpus", "m", "FuzzCorpus.java", 1)};
        exception.setStackTrace(trace);
        exception.getCause().setStackTrace(trace);
        return new Object[] {
            deep, new L5(), new L3(), new K0(), new K1(), new K2(), new K3(), new K4(), new K5(),
            new R0(0), new R1(1L, "one"), new R2(2.0, new int[] {2}), new R3('3', Color.RED), new R4(List.of(4)),
            new R5(new R0(5), null), new java.util.Vector<>(List.of(1, 2)), new java.util.Stack<>(),
            new java.util.Hashtable<>(Map.of("h", 1)), properties, new java.util.concurrent.ConcurrentHashMap<>(Map.of("c", 1)),
            new java.util.concurrent.CopyOnWriteArrayList<>(List.of("cow")), new java.util.PriorityQueue<>(List.of(5, 1, 3)),
            new java.util.LinkedHashSet<>(List.of("a", "b")), insensitive,
            Collections.synchronizedList(new ArrayList<>(List.of(1))), Collections.unmodifiableMap(new TreeMap<>(Map.of("u", 1))),
            Collections.emptyList(), Collections.singletonMap("k", "v"), Collections.checkedList(new ArrayList<>(List.of("c")), String.class),
            bits, new java.util.UUID(1, 2), java.net.URI.create("http://example.com/a?b#c"), new java.io.File("/tmp/x"),
            java.util.Locale.CANADA_FRENCH, new java.util.concurrent.atomic.AtomicInteger(5),
            new java.util.concurrent.atomic.AtomicLongArray(new long[] {1, 2}), new StringBuilder("sb"),
            new StringBuffer("sbuf"), new java.util.Random(7), new java.util.SimpleTimeZone(3_600_000, "X"), exception,
            java.util.regex.Pattern.compile("a+b"), java.util.OptionalInt.class, new java.util.concurrent.atomic.LongAdder(),
            deep
        };
    }

    public static Object[] typeObjects() {
        return new Object[] {
            int.class, void.class, long[].class, String.class, Object.class, Runnable.class, Thread.class,
            NonSerializableBase.class, Point.class, Color.class, Color.BLUE.getClass(), Ext.class, Greeter.class,
            customs().get(7).getClass(), FuzzCorpus.class, String[][].class, Point[].class, Integer.class,
            java.util.ArrayList.class,
            // Descriptors of classes that nothing else here names: jdk.fastserial
            // reads a descriptor as the class's own ObjectStreamClass, the JDK as
            // one of its own, which a graph that also holds the class tells apart.
            ObjectStreamClass.lookup(Node.class), ObjectStreamClass.lookup(K2.class),
            ObjectStreamClass.lookup(ExtEmpty.class), ObjectStreamClass.lookup(Derived.class),
            ObjectStreamClass.lookup(R1.class), ObjectStreamClass.lookup(short[].class),
            ObjectStreamClass.lookupAny(java.util.OptionalInt.class), ObjectStreamClass.lookup(Node.class),
            Point.class, int.class
        };
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
        return script.renamed(bytes.toByteArray());
    }

    /** stream with every occurrence of from (a byte sequence) replaced by to, of the same length. */
    public static byte[] replaceAll(byte[] stream, byte[] from, byte[] to) {
        if (from.length != to.length || from.length == 0) {
            throw new IllegalArgumentException("a replacement of another length");
        }
        byte[] r = stream.clone();
        outer:
        for (int i = 0; i + from.length <= r.length; i++) {
            for (int j = 0; j < from.length; j++) {
                if (r[i + j] != from[j]) {
                    continue outer;
                }
            }
            System.arraycopy(to, 0, r, i, to.length);
            i += from.length - 1;
        }
        return r;
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

    /**
     * The JDK's serialization of a value with each box in place of an
     * interned string of its class and value bits: two graphs are deeply
     * equal (with the same sharing and cycles; boxes, which are value-based
     * and which the fast streams send by value, compared by value) when
     * these bytes are.
     */
    public static byte[] graphImage(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes) {
                { enableReplaceObject(true); }

                @Override
                protected Object replaceObject(Object obj) {
                    return boxAsString(obj);
                }
            }) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    /** A box as an interned string of its class and value bits; anything else as itself. */
    private static Object boxAsString(Object obj) {
        String value = switch (obj) {
            case Double d -> Long.toHexString(Double.doubleToRawLongBits(d));
            case Float f -> Integer.toHexString(Float.floatToRawIntBits(f));
            case Integer i -> i.toString();
            case Long l -> l.toString();
            case Short x -> x.toString();
            case Byte x -> x.toString();
            case Character c -> Integer.toString(c);
            case Boolean b -> b.toString();
            default -> null;
        };
        return value == null ? obj : (obj.getClass().getName() + " " + value).intern();
    }

    // ------------------------------------------------------------- graphs --

    /** Everything at once, with sharing across the parts. */
    public static Object[] richGraph() {
        Ring ring = Ring.of(5);
        return new Object[] {
            strings(), arrays(), collections(), customs(), ring, ring.next(), chain(8),
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

    /** The interface of the proxies; their handler is grande.test.samples.GreeterHandler. */
    public interface Greeter {
        String greet(String who);
    }

    // ------------------------------------------------------ fuzz classes --

    /** Constants with bodies (classes of their own) and a constructor. */
    public enum Planet {
        MERCURY(3.3e23) {
            @Override
            String symbol() {
                return "m";
            }
        },
        VENUS(4.9e24),
        EARTH(6.0e24) {
            @Override
            String symbol() {
                return "e";
            }
        },
        MARS(6.4e23);

        final double mass;

        Planet(double mass) {
            this.mass = mass;
        }

        String symbol() {
            return name();
        }
    }

    /** Every constant has a body; the enum implements an interface. */
    public enum Op implements java.util.function.IntBinaryOperator {
        PLUS {
            @Override
            public int applyAsInt(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            @Override
            public int applyAsInt(int a, int b) {
                return a * b;
            }
        }
    }

    public enum Single { ONLY }

    /** No constants: only its Class travels. */
    public enum Nothing { }

    /** More than 64 constants: EnumSet's JumboEnumSet. */
    public enum Big {
        C00, C01, C02, C03, C04, C05, C06, C07, C08, C09, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19,
        C20, C21, C22, C23, C24, C25, C26, C27, C28, C29, C30, C31, C32, C33, C34, C35, C36, C37, C38, C39,
        C40, C41, C42, C43, C44, C45, C46, C47, C48, C49, C50, C51, C52, C53, C54, C55, C56, C57, C58, C59,
        C60, C61, C62, C63, C64, C65, C66, C67, C68, C69
    }

    public static class EnumHolder implements Serializable {
        @Serial
        private static final long serialVersionUID = 20L;
        Planet planet;
        Op op;
        Planet[] planets;

        EnumHolder(Planet planet, Op op, Planet[] planets) {
            this.planet = planet;
            this.op = op;
            this.planets = planets;
        }
    }

    public record EnumRecord(Planet planet, Big big, List<Op> ops) implements Serializable { }

    public record Prims(boolean z, byte b, char c, short s, int i, long j, float f, double d) implements Serializable { }

    public record Pair<A, B>(A first, B second) implements Serializable { }

    public record Nested(Prims prims, Pair<String, Integer> pair, Point[] points, Color color) implements Serializable { }

    public record EmptyRecord() implements Serializable { }

    /** A canonical constructor that refuses some values: the reader reports an InvalidObjectException. */
    public record Checked(int min, int max) implements Serializable {
        public Checked {
            if (min > max) {
                throw new IllegalArgumentException("min > max");
            }
        }
    }

    /** A record in a cycle: its list holds it (a record's back reference reads as null, as in the JDK). */
    public record Holder(List<Object> items) implements Serializable { }

    public record WithArrays(int[] ints, String[] strings, long[][] grid) implements Serializable { }

    public record Evolving(int n, String s) implements Serializable { }

    public record ProxyRecord(Greeter greeter, Named named) implements Serializable { }

    public interface Shape {
        double area();
    }

    public interface Named {
        String name();
    }

    /** A proxy's handler with state, possibly the proxy itself. */
    public static class ValuesHandler implements InvocationHandler, Serializable {
        @Serial
        private static final long serialVersionUID = 21L;
        final TreeMap<String, Object> values;
        Object self;

        ValuesHandler(TreeMap<String, Object> values) {
            this.values = values;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            return switch (method.getName()) {
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                case "area" -> 1.0;
                case "run" -> null;
                default -> String.valueOf(values == null ? null : values.get(method.getName()));
            };
        }
    }

    /** Externalizable, linked (rings of them), with nested objects and block data. */
    public static class ExtNode implements Externalizable {
        @Serial
        private static final long serialVersionUID = 22L;
        int id;
        ExtNode next;
        Object[] payload;
        Map<String, Object> meta;

        public ExtNode() { }

        ExtNode(int id) {
            this.id = id;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(id);
            out.writeObject(next);
            out.writeObject(payload);
            out.writeUTF("node" + id);
            out.writeObject(meta);
            out.writeLong(id * 1000L);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            id = in.readInt();
            next = (ExtNode) in.readObject();
            payload = (Object[]) in.readObject();
            in.readUTF();
            meta = (Map<String, Object>) in.readObject();
            in.readLong();
        }
    }

    public static class ExtEmpty implements Externalizable {
        @Serial
        private static final long serialVersionUID = 23L;

        public ExtEmpty() { }

        @Override
        public void writeExternal(ObjectOutput out) { }

        @Override
        public void readExternal(ObjectInput in) { }
    }

    /** serialPersistentFields of every type, putFields/writeFields and readFields, then block data and objects. */
    public static class AllFields implements Serializable {
        @Serial
        private static final long serialVersionUID = 25L;
        @Serial
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("flag", boolean.class), new ObjectStreamField("octet", byte.class),
            new ObjectStreamField("letter", char.class), new ObjectStreamField("small", short.class),
            new ObjectStreamField("number", int.class), new ObjectStreamField("big", long.class),
            new ObjectStreamField("ratio", float.class), new ObjectStreamField("precise", double.class),
            new ObjectStreamField("text", String.class), new ObjectStreamField("any", Object.class),
            new ObjectStreamField("ints", int[].class), new ObjectStreamField("point", Point.class)
        };
        transient boolean flag = true;
        transient byte octet = -2;
        transient char letter = '\u00e9';
        transient short small = 300;
        transient int number = -70000;
        transient long big = Long.MIN_VALUE + 1;
        transient float ratio = 0.1f;
        transient double precise = 1e-300;
        transient String text = "all";
        transient Object any = List.of(1, "any");
        transient int[] ints = {7, 8};
        transient Point point = new Point(5, 5, "five");

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("flag", flag);
            f.put("octet", octet);
            f.put("letter", letter);
            f.put("small", small);
            f.put("number", number);
            f.put("big", big);
            f.put("ratio", ratio);
            f.put("precise", precise);
            f.put("text", text);
            f.put("any", any);
            f.put("ints", ints);
            f.put("point", point);
            out.writeFields();
            out.writeInt(0x0badf00d);
            out.writeObject(new Point(0, 0, "after"));
            out.writeUTF("tail");
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            flag = f.get("flag", false);
            octet = f.get("octet", (byte) 0);
            letter = f.get("letter", ' ');
            small = f.get("small", (short) 0);
            number = f.get("number", 0);
            big = f.get("big", 0L);
            ratio = f.get("ratio", 0f);
            precise = f.get("precise", 0d);
            text = (String) f.get("text", null);
            any = f.get("any", null);
            ints = (int[]) f.get("ints", null);
            point = (Point) f.get("point", null);
            if (in.readInt() != 0x0badf00d) {
                throw new InvalidObjectException("bad marker");
            }
            in.readObject();
            in.readUTF();
        }
    }

    /** Writes itself (a back reference to the object being read) and an unshared array in its custom data. */
    public static class SelfReferring implements Serializable {
        @Serial
        private static final long serialVersionUID = 26L;
        String name;
        SelfReferring other;
        transient Object echo;

        SelfReferring(String name) {
            this.name = name;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeObject(this);
            out.writeUnshared(new int[] {1, 2});
            out.writeObject(other);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            echo = in.readObject();
            if (echo != this) {
                throw new InvalidObjectException("not myself");
            }
            in.readUnshared();
            in.readObject();
        }
    }

    public static class DefaultsOnly implements Serializable {
        @Serial
        private static final long serialVersionUID = 28L;
        String d;
        int n;

        DefaultsOnly(String d, int n) {
            this.d = d;
            this.n = n;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    public static class CustomBase implements Serializable {
        @Serial
        private static final long serialVersionUID = 30L;
        int base = 1;
        transient String note = "note";

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(note);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            note = in.readUTF();
        }
    }

    public static class CustomMid extends CustomBase {
        @Serial
        private static final long serialVersionUID = 31L;
        long mid = 2;
        Object midRef = "mid";
    }

    public static class CustomLeaf extends CustomMid {
        @Serial
        private static final long serialVersionUID = 32L;
        @Serial
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("leaf", int.class), new ObjectStreamField("leafRef", Object.class)
        };
        transient int leaf = 3;
        transient Object leafRef = new int[] {3};

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("leaf", leaf);
            f.put("leafRef", leafRef);
            out.writeFields();
            out.writeObject("trailer");
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            leaf = f.get("leaf", 0);
            leafRef = f.get("leafRef", null);
            in.readObject();
        }
    }

    // Six levels, one with a writeObject: a descriptor of many levels and fields.
    public static class L1 implements Serializable {
        @Serial
        private static final long serialVersionUID = 50L;
        int a1 = 1;
        String s1 = "l1";
    }

    public static class L2 extends L1 {
        @Serial
        private static final long serialVersionUID = 51L;
        long a2 = 2;
        Object o2;
    }

    public static class L3 extends L2 {
        @Serial
        private static final long serialVersionUID = 52L;
        double a3 = 3;
        transient int t = 33;

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(t);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            t = in.readInt();
        }
    }

    public static class L4 extends L3 {
        @Serial
        private static final long serialVersionUID = 53L;
        short a4 = 4;
        char c4 = 'c';
        byte b4 = 4;
        boolean z4 = true;
        float f4 = 4.5f;
    }

    public static class L5 extends L4 {
        @Serial
        private static final long serialVersionUID = 54L;
        int[] arr5;
        L1 peer;
    }

    public static class L6 extends L5 {
        @Serial
        private static final long serialVersionUID = 55L;
        Color c6;
        Point p6;
    }

    // Small classes of their own: a descriptor each.
    public static class K0 implements Serializable {
        @Serial
        private static final long serialVersionUID = 60L;
        int v;
    }

    public static class K1 implements Serializable {
        @Serial
        private static final long serialVersionUID = 61L;
        String v = "k1";
    }

    public static class K2 implements Serializable {
        @Serial
        private static final long serialVersionUID = 62L;
        long[] v = {2};
    }

    public static class K3 implements Serializable {
        @Serial
        private static final long serialVersionUID = 63L;
        Object v = Color.RED;
        K3 self = this;
    }

    public static class K4 implements Serializable {
        @Serial
        private static final long serialVersionUID = 64L;
        char v = '4';
        boolean w;
    }

    public static class K5 extends K4 {
        @Serial
        private static final long serialVersionUID = 65L;
        double x = 5;
    }

    public record R0(int v) implements Serializable { }

    public record R1(long v, String s) implements Serializable { }

    public record R2(double d, int[] a) implements Serializable { }

    public record R3(char c, Color color) implements Serializable { }

    public record R4(List<Integer> list) implements Serializable { }

    public record R5(R0 inner, Object any) implements Serializable { }

    // Class evolution: the writer's classes (EvoW...) are read as the local
    // classes of the same name with R (EvoR...), other versions of them.

    public static class EvoWBase implements Serializable {
        @Serial
        private static final long serialVersionUID = 70L;
        int baseId = 11;
        String baseName = "base";
        long baseStamp = 99;
    }

    public static class EvoRBase implements Serializable {
        @Serial
        private static final long serialVersionUID = 70L;
        int baseId;
        double baseAdded;          // not in the stream: stays 0
    }

    public static class EvoWOne extends EvoWBase {
        @Serial
        private static final long serialVersionUID = 71L;
        int kept;
        long dropped;
        String keptRef;
        Object droppedRef;
        Object narrowed;           // a String: the local field is a String
        int[] ints;
        Point point;               // the local field is an Object
        Color color;

        EvoWOne(int k) {
            kept = k;
            dropped = -k;
            keptRef = "kept" + k;
            droppedRef = new int[] {k};
            narrowed = "narrow";
            ints = new int[] {k, k};
            point = new Point(k, k, null);
            color = Color.GREEN;
        }
    }

    public static class EvoROne extends EvoRBase {
        @Serial
        private static final long serialVersionUID = 71L;
        int kept;
        String keptRef;
        String narrowed;
        int[] ints;
        boolean addedFlag;
        Node addedRef;
        Object point;
        Color color;
    }

    public static class EvoWTwo extends EvoWBase {
        @Serial
        private static final long serialVersionUID = 72L;
        String two = "two";
    }

    /** A level the stream does not have: readObjectNoData. */
    public static class EvoRMid extends EvoRBase {
        @Serial
        private static final long serialVersionUID = 73L;
        int mid;

        @Serial
        private void readObjectNoData() {
            mid = -1;
        }
    }

    public static class EvoRTwo extends EvoRMid {
        @Serial
        private static final long serialVersionUID = 72L;
        String two;
    }

    public static class EvoWGone extends EvoWBase {
        @Serial
        private static final long serialVersionUID = 74L;
        int gone = 4;
        String goneRef = "gone";
    }

    public static class EvoWThree extends EvoWGone {
        @Serial
        private static final long serialVersionUID = 75L;
        int three = 3;
    }

    /** Still a class, but no longer a superclass of EvoRThree: its level's data is skipped. */
    public static class EvoRGone implements Serializable {
        @Serial
        private static final long serialVersionUID = 74L;
        int gone;
        String goneRef;
    }

    public static class EvoRThree extends EvoRBase {
        @Serial
        private static final long serialVersionUID = 75L;
        int three;
    }

    /** Written with a writeObject, read without one. */
    public static class EvoWFour implements Serializable {
        @Serial
        private static final long serialVersionUID = 76L;
        int a = 4;
        String s = "four";

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(42);
            out.writeObject("extra");
            out.writeObject(new int[] {1});
        }
    }

    public static class EvoRFour implements Serializable {
        @Serial
        private static final long serialVersionUID = 76L;
        int a;
        String s;
    }

    /** Written without a writeObject, read with readFields and a field the writer did not have. */
    public static class EvoWFive implements Serializable {
        @Serial
        private static final long serialVersionUID = 77L;
        int a = 5;
        String s = "five";
    }

    public static class EvoRFive implements Serializable {
        @Serial
        private static final long serialVersionUID = 77L;
        int a;
        String s;
        long extra;

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            a = f.get("a", -1);
            s = (String) f.get("s", "none");
            extra = f.defaulted("extra") ? -5 : f.get("extra", 0L);
        }
    }

    /** serialPersistentFields that differ between the versions. */
    public static class EvoWSix implements Serializable {
        @Serial
        private static final long serialVersionUID = 78L;
        @Serial
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("x", int.class), new ObjectStreamField("y", String.class),
            new ObjectStreamField("z", double.class)
        };
        transient int x = 6;
        transient String y = "six";
        transient double z = 6.5;

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("x", x);
            f.put("y", y);
            f.put("z", z);
            out.writeFields();
        }
    }

    public static class EvoRSix implements Serializable {
        @Serial
        private static final long serialVersionUID = 78L;
        @Serial
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("x", int.class), new ObjectStreamField("y", String.class),
            new ObjectStreamField("w", long.class)
        };
        transient int x;
        transient String y;
        transient long w;

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            x = f.get("x", -1);
            y = (String) f.get("y", null);
            w = f.defaulted("w") ? -6 : f.get("w", 0L);
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("x", x);
            f.put("y", y);
            f.put("w", w);
            out.writeFields();
        }
    }

    public record EvoWRec(int a, String b, long c) implements Serializable { }

    public record EvoRRec(int a, String b, double d) implements Serializable { }

    public enum EvoWEnum { A, B, C, D }

    /** Reordered, B gone. */
    public enum EvoREnum { D, C, A }
}
