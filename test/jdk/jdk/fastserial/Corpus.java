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

import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OptionalDataException;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.Currency;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.Stack;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import grande.test.samples.CustomOnly;
import grande.test.samples.Ext;
import grande.test.samples.ExtReadsLess;
import grande.test.samples.GreeterHandler;
import grande.test.samples.ReadsLess;
import grande.test.samples.Replaced;

/**
 * The semantics corpus: named samples, each a writer (what is done to an
 * ObjectOutputStream) and a reader (what is done to the ObjectInputStream
 * reading those bytes, returning what it read and observed). A sample may
 * expect a failure (an exception class, on write or on read), may check a
 * rule on what was read, and compares with the written graph by equals when
 * the graph's class defines equals and the sample allows it.
 *
 * <p>Samples are deterministic, so that two JVMs build the same corpus; keys
 * of hash-based collections have value-based hash codes.
 */
public final class Corpus {

    private Corpus() { }

    /** What a sample does to the output stream. */
    @FunctionalInterface
    public interface Writer {
        void write(ObjectOutputStream out) throws Exception;
    }

    /** What a sample does to the input stream; returns what it read and observed. */
    @FunctionalInterface
    public interface Reader {
        Object read(ObjectInputStream in) throws Exception;
    }

    /** A failure a sample expects: its phase ("write" or "read") and exact exception class. */
    public record Failure(String phase, Class<? extends Throwable> type) { }

    /**
     * One sample. original, if not null, must equal what is read; check, if
     * not null, asserts a rule on what is read; failure, if not null, is
     * what the sample must end in instead.
     */
    public record Sample(String name, Writer writer, Reader reader, Object original,
                         Consumer<Object> check, Failure failure) {

        Sample withCheck(Consumer<Object> c) {
            Consumer<Object> both = check == null ? c : check.andThen(c);
            return new Sample(name, writer, reader, original, both, failure);
        }

        Sample noEquals() {
            return new Sample(name, writer, reader, null, check, failure);
        }

        Sample failsOnWrite(Class<? extends Throwable> type) {
            return new Sample(name, writer, reader, null, check, new Failure("write", type));
        }

        Sample failsOnRead(Class<? extends Throwable> type) {
            return new Sample(name, writer, reader, null, check, new Failure("read", type));
        }
    }

    /** Writes graph, reads one object; compares with graph by equals if its class defines equals. */
    static Sample graph(String name, Object graph) {
        boolean equals = graph != null && (graph.getClass().isArray() || DeepEquals.definesEquals(graph.getClass()));
        return new Sample(name, out -> out.writeObject(graph), ObjectInputStream::readObject,
                          equals ? graph : null, null, null);
    }

    /** A sample made of a writer and a reader. */
    static Sample script(String name, Writer writer, Reader reader) {
        return new Sample(name, writer, reader, null, null, null);
    }

    static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
    }

    /** Every sample, in a fixed order. */
    public static List<Sample> samples() {
        List<Sample> s = new ArrayList<>();
        nullsStringsAndBoxes(s);
        primitiveArrays(s);
        referenceArrays(s);
        jdkCollections(s);
        jdkValues(s);
        classObjects(s);
        defaultSerialization(s);
        customHooks(s);
        fieldsApi(s);
        replaceAndResolve(s);
        externalizable(s);
        records(s);
        enums(s);
        proxies(s);
        constructors(s);
        sharingAndCycles(s);
        unshared(s);
        moreShapes(s);
        validation(s);
        topLevelData(s);
        Set<String> names = new HashSet<>();
        for (Sample sample : s) {
            expect(names.add(sample.name()), "unique sample names: " + sample.name());
        }
        return s;
    }

    /** The sample of the given name. */
    public static Sample sample(String name) {
        return samples().stream().filter(x -> x.name().equals(name)).findFirst()
                        .orElseThrow(() -> new AssertionError("no sample " + name));
    }

    // ---------------------------------------------------------------------------------

    static String repeat(String unit, int times) {
        return unit.repeat(times);
    }

    private static void nullsStringsAndBoxes(List<Sample> s) {
        s.add(graph("null", null).withCheck(r -> expect(r == null, "null reads as null")));
        s.add(graph("string-empty", ""));
        s.add(graph("string-ascii", "hello"));
        s.add(graph("string-latin1", "h\u00e9llo w\u00f6rld \u00ff"));
        s.add(graph("string-cjk", "\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8"));
        s.add(graph("string-surrogate-pairs", "emoji \ud83d\ude00 clef \ud834\udd1e"));
        s.add(graph("string-lone-surrogates", "\ud800 high, \udc00 low, \udbff\ud800 reversed"));
        s.add(graph("string-nul-and-controls", "\u0000nul\u0001\u007f\u0080\u07ff\u0800\uffff"));
        s.add(graph("string-long-latin1", repeat("abcdefgh\u00e9", 8000)));
        s.add(graph("string-long-nonlatin1", repeat("\u20ac\u4e2d", 20000)));
        // 65535 and 65536 bytes of modified UTF-8: the JDK's short and long string forms
        s.add(graph("string-utf-65535", repeat("x", 65535)));
        s.add(graph("string-utf-65536", repeat("\u0800", 21845) + "x"));
        s.add(graph("strings-shared", new ArrayList<>(Arrays.asList("a", "b", "a", new String("a"), "", ""))));
        s.add(graph("boxes", new ArrayList<>(Arrays.asList(
                Byte.MIN_VALUE, Byte.MAX_VALUE, Short.MIN_VALUE, Short.MAX_VALUE,
                Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE,
                Float.NaN, -0.0f, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE,
                Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE,
                '\u0000', '\uffff', '\ud800', Boolean.TRUE, Boolean.FALSE))));
        Integer boxed = 1_234_567;      // one box twice, and an equal one: boxes go by value
        s.add(graph("boxes-shared", new ArrayList<>(Arrays.asList(boxed, boxed, Integer.valueOf(1_234_567), 7, boxed))));
        s.add(graph("box-integer", 123456789));
        s.add(graph("box-long", -5L));
        s.add(graph("box-double", 2.5e-300));
        s.add(graph("box-character", '\u00e9'));
        s.add(graph("box-boolean", Boolean.FALSE));
    }

    private static void primitiveArrays(List<Sample> s) {
        for (int n : new int[] { 0, 1, 7, 1000 }) {
            boolean[] z = new boolean[n];
            byte[] b = new byte[n];
            char[] c = new char[n];
            short[] sh = new short[n];
            int[] i = new int[n];
            long[] l = new long[n];
            float[] f = new float[n];
            double[] d = new double[n];
            for (int k = 0; k < n; k++) {
                z[k] = k % 3 == 1;
                b[k] = (byte) (k * 37);
                c[k] = (char) (k * 977 + 0xd7f0);
                sh[k] = (short) (k * 4099 - 30000);
                i[k] = k * 1_000_003 - 500_000_000;
                l[k] = k * 0x1234_5678_9abcL - Long.MAX_VALUE / 3;
                f[k] = k % 5 == 4 ? Float.NaN : (k - 3) * 0.37f;
                d[k] = k % 7 == 6 ? Double.NEGATIVE_INFINITY : (k - 2) * 1.0e-3;
            }
            s.add(graph("boolean[" + n + "]", z));
            s.add(graph("byte[" + n + "]", b));
            s.add(graph("char[" + n + "]", c));
            s.add(graph("short[" + n + "]", sh));
            s.add(graph("int[" + n + "]", i));
            s.add(graph("long[" + n + "]", l));
            s.add(graph("float[" + n + "]", f));
            s.add(graph("double[" + n + "]", d));
        }
        s.add(graph("float-specials", new float[] { -0.0f, 0.0f, Float.NaN, Float.intBitsToFloat(0x7fc00001),
                                                    Float.MIN_VALUE, Float.MIN_NORMAL, Float.POSITIVE_INFINITY }));
        s.add(graph("double-specials", new double[] { -0.0, Double.NaN, Double.MIN_VALUE, Double.MIN_NORMAL,
                                                      Double.longBitsToDouble(0x7ff0000000000001L) }));
        int[] row = { 1, 2, 3 };
        s.add(graph("int[][]-shared-rows", new int[][] { row, null, row, {}, { 4 } })
                .withCheck(r -> {
                    int[][] a = (int[][]) r;
                    expect(a[0] == a[2] && a[1] == null, "the shared row stays shared, the null row null");
                }));
        s.add(graph("long[][][]", new long[][][] { { { 1L, 2L }, null }, {}, { { Long.MIN_VALUE } } }));
        s.add(graph("double[2][3][4]", new double[2][3][4]));
        s.add(graph("boolean[][]", new boolean[][] { { true }, { false, true } }));
        s.add(graph("byte[][]", new byte[][] { { 1, 2 }, new byte[300] }));
        s.add(graph("char[][]", new char[][] { "abc".toCharArray(), "\u00e9\u4e2d".toCharArray() }));
        s.add(graph("short[][]", new short[][] { { -1 }, { 1, 2, 3 } }));
        s.add(graph("float[][]", new float[][] { { 1.5f }, null }));
        s.add(graph("int[4][0]", new int[4][0]));
        s.add(graph("arrays-in-object[]", new Object[] {
                new boolean[] { true }, new byte[] { 1 }, new char[] { 'c' }, new short[] { 2 },
                new int[] { 3 }, new long[] { 4 }, new float[] { 5 }, new double[] { 6 },
                new int[][] { { 7 } }, new double[][][] { { { 8 } } } }));
    }

    private static void referenceArrays(List<Sample> s) {
        Object[] mixed = { 1, "s", 2.0, null, new int[] { 1 }, Rules.Color.RED, List.of(),
                           new Rules.Point(1, 2), Integer.class, new Object[0], null };
        mixed[10] = mixed;
        s.add(graph("object[]-mixed-with-self", mixed).noEquals()
                .withCheck(r -> expect(((Object[]) r)[10] == r, "the array contains itself")));
        s.add(graph("string[]", new String[] { "a", null, "b", "a" }));
        s.add(graph("number[]", new Number[] { 1, 2L, 3.0, new BigDecimal("4.5") })
                .withCheck(r -> expect(r.getClass() == Number[].class, "the component type Number stays")));
        s.add(graph("comparable[]", new Comparable<?>[] { "x", 1, Rules.Color.BLUE }));
        s.add(graph("serializable[][]", new Serializable[][] { { "a" }, null, { 1, 'c' } }));
        s.add(graph("string[][]", new String[][] { { "a", "b" }, {}, null }));
        s.add(graph("record[]", new Rules.Point[] { new Rules.Point(1, 2), null, new Rules.Point(3, 4) }));
        s.add(graph("record[][]", new Rules.Point[][] { { new Rules.Point(5, 6) }, new Rules.Point[0] }));
        s.add(graph("enum[]", new Rules.Color[] { Rules.Color.RED, Rules.Color.RED, null, Rules.Color.BLUE }));
        s.add(graph("object[0]", new Object[0]));
        s.add(graph("list[]", new List<?>[] { List.of(1), new ArrayList<>(List.of(2)) }));
        Object[] inner = { "inner" };
        s.add(graph("object[][]-shared-inner", new Object[][] { inner, inner, { inner } }));
    }

    private static void jdkCollections(List<Sample> s) {
        ArrayList<Object> list = new ArrayList<>(Arrays.asList(1, "two", null, 3.0, List.of(4)));
        s.add(graph("ArrayList", list));
        ArrayList<Object> selfList = new ArrayList<>(List.of("x"));
        selfList.add(selfList);
        s.add(graph("ArrayList-self", selfList).noEquals()
                .withCheck(r -> expect(((List<?>) r).get(1) == r, "the list contains itself")));
        LinkedList<Integer> linked = new LinkedList<>();
        for (int i = 0; i < 1000; i++) {
            linked.add(i * 7);
        }
        s.add(graph("LinkedList-1000", linked));
        HashMap<String, Object> hash = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            hash.put("k" + i, i % 2 == 0 ? i : "v" + i);
        }
        hash.put(null, "null key");
        hash.put("null value", null);
        s.add(graph("HashMap", hash));
        LinkedHashMap<String, Integer> linkedMap = new LinkedHashMap<>();
        for (String k : List.of("z", "a", "m", "b")) {
            linkedMap.put(k, k.charAt(0) - 'a');
        }
        s.add(graph("LinkedHashMap", linkedMap));
        LinkedHashMap<String, Integer> accessOrder = new LinkedHashMap<>(16, 0.75f, true);
        accessOrder.putAll(linkedMap);
        accessOrder.get("z");
        s.add(graph("LinkedHashMap-access-order", accessOrder));
        TreeMap<String, Integer> natural = new TreeMap<>(linkedMap);
        s.add(graph("TreeMap", natural));
        TreeMap<String, Integer> reverse = new TreeMap<>(Comparator.reverseOrder());
        reverse.putAll(linkedMap);
        s.add(graph("TreeMap-reverseOrder", reverse));
        TreeMap<String, Integer> caseless = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        caseless.put("B", 1);
        caseless.put("a", 2);
        s.add(graph("TreeMap-case-insensitive", caseless));
        TreeMap<String, Integer> byLength = new TreeMap<>(new Rules.ByLength());
        byLength.put("ccc", 3);
        byLength.put("a", 1);
        byLength.put("bb", 2);
        s.add(graph("TreeMap-comparator-class", byLength));
        TreeMap<String, Integer> byLambda = new TreeMap<>(Rules.lastCharFirst());
        byLambda.put("xa", 1);
        byLambda.put("ab", 2);
        s.add(graph("TreeMap-comparator-lambda", byLambda).withCheck(r ->
                expect(((TreeMap<?, ?>) r).firstKey().equals("xa"), "the lambda comparator orders the map")));
        TreeSet<String> treeSet = new TreeSet<>(new Rules.ByLength());
        treeSet.addAll(List.of("dddd", "a", "cc"));
        s.add(graph("TreeSet-comparator", treeSet));
        s.add(graph("HashSet", new HashSet<>(List.of("a", "b", "c", "d"))));
        s.add(graph("LinkedHashSet", new LinkedHashSet<>(List.of("z", "y", "x"))));
        EnumMap<Rules.Color, String> enumMap = new EnumMap<>(Rules.Color.class);
        enumMap.put(Rules.Color.BLUE, "b");
        enumMap.put(Rules.Color.RED, "r");
        s.add(graph("EnumMap", enumMap));
        s.add(graph("EnumSet", EnumSet.of(Rules.Color.RED, Rules.Color.BLUE)));
        s.add(graph("EnumSet-empty", EnumSet.noneOf(Rules.Color.class)));
        s.add(graph("EnumSet-jumbo", EnumSet.range(Rules.Big.B03, Rules.Big.B68)));
        s.add(graph("List.of-0", List.of()));
        s.add(graph("List.of-1", List.of("one")));
        s.add(graph("List.of-2", List.of("one", "two")));
        s.add(graph("List.of-5", List.of(1, 2, 3, 4, 5)));
        s.add(graph("List.copyOf", List.copyOf(list.subList(0, 2))));
        s.add(graph("Set.of", Set.of("a", "b", "c")));
        s.add(graph("Map.of-0", Map.of()));
        s.add(graph("Map.of-1", Map.of("k", 1)));
        s.add(graph("Map.of-3", Map.of("k", 1, "l", 2, "m", 3)));
        s.add(graph("unmodifiableList", Collections.unmodifiableList(new ArrayList<>(List.of(1, 2)))));
        s.add(graph("unmodifiableMap", Collections.unmodifiableMap(new TreeMap<>(natural))));
        s.add(graph("unmodifiableSet", Collections.unmodifiableSet(new TreeSet<>(List.of("q")))));
        s.add(graph("synchronizedList", Collections.synchronizedList(new ArrayList<>(List.of("s")))));
        s.add(graph("emptyList", Collections.emptyList())
                .withCheck(r -> expect(r == Collections.emptyList(), "readResolve gives the emptyList singleton")));
        s.add(graph("emptyMap", Collections.emptyMap()));
        s.add(graph("singletonList", Collections.singletonList("only")));
        s.add(graph("singletonMap", Collections.singletonMap("k", "v")));
        s.add(graph("nCopies", Collections.nCopies(3, "n")));
        s.add(graph("Arrays.asList", Arrays.asList("a", "b")));
        s.add(graph("Vector", new Vector<>(List.of(1, 2))));
        Stack<String> stack = new Stack<>();
        stack.push("bottom");
        stack.push("top");
        s.add(graph("Stack", stack));
        Hashtable<String, Integer> table = new Hashtable<>();
        table.put("one", 1);
        table.put("two", 2);
        s.add(graph("Hashtable", table));
        s.add(graph("ArrayDeque", new ArrayDeque<>(List.of(3, 1, 2))));
        PriorityQueue<String> queue = new PriorityQueue<>(new Rules.ByLength());
        queue.addAll(List.of("ccc", "a", "bb", "dddd"));
        s.add(graph("PriorityQueue-comparator", queue));
        ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>();
        for (int i = 0; i < 20; i++) {
            chm.put("c" + i, i);
        }
        s.add(graph("ConcurrentHashMap", chm));
        s.add(graph("ConcurrentSkipListMap", new ConcurrentSkipListMap<>(natural)));
        s.add(graph("CopyOnWriteArrayList", new CopyOnWriteArrayList<>(List.of("c", "o", "w"))));
        HashMap<String, Object> nested = new HashMap<>();
        nested.put("list", list);
        nested.put("again", list);
        nested.put("tree", natural);
        s.add(graph("HashMap-nested-shared", nested).withCheck(r -> {
            Map<?, ?> m = (Map<?, ?>) r;
            expect(m.get("list") == m.get("again"), "the list in the map stays shared");
        }));
    }

    private static void jdkValues(List<Sample> s) {
        s.add(graph("Date", new Date(1_700_000_000_123L)));
        s.add(graph("BigDecimal", new ArrayList<>(List.of(new BigDecimal("-123456789012345678901234567890.0001"),
                BigDecimal.ZERO, new BigDecimal("1E+400"), new BigDecimal("0.000")))));
        s.add(graph("BigInteger", new ArrayList<>(List.of(BigInteger.ONE.shiftLeft(300).negate(), BigInteger.ZERO,
                BigInteger.valueOf(Long.MIN_VALUE)))));
        s.add(graph("UUID", new UUID(0x0123456789abcdefL, 0xfedcba9876543210L)));
        s.add(graph("Optional", Optional.of("x")).failsOnWrite(NotSerializableException.class));
        s.add(graph("OptionalInt-in-list", new ArrayList<>(List.of(1, OptionalInt.of(2))))
                .failsOnWrite(NotSerializableException.class));
        s.add(graph("java.time", new ArrayList<>(List.of(
                Instant.ofEpochSecond(1_700_000_000L, 123_456_789),
                LocalDate.of(2026, 2, 28), LocalTime.of(23, 59, 58, 7),
                LocalDateTime.of(1999, 12, 31, 23, 59),
                ZonedDateTime.of(2026, 3, 29, 2, 30, 0, 0, ZoneId.of("Europe/Berlin")),
                OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(-5)),
                ZoneId.of("America/New_York"), ZoneOffset.ofHoursMinutes(5, 30),
                Duration.ofSeconds(-1, 5), Period.of(1, 2, 3), Year.of(-44), YearMonth.of(2000, 2),
                MonthDay.of(2, 29), DayOfWeek.FRIDAY, Month.MAY))));
        s.add(graph("Locale", Locale.forLanguageTag("de-CH-u-ca-gregory")));
        s.add(graph("Currency", Currency.getInstance("EUR"))
                .withCheck(r -> expect(r == Currency.getInstance("EUR"), "readResolve gives the Currency instance")));
        s.add(graph("URI", URI.create("https://example.org/a%20b?q=1#f")));
        s.add(graph("File", new File("/tmp/some file.txt")));
        s.add(graph("InetSocketAddress-unresolved", InetSocketAddress.createUnresolved("example.invalid", 8080)));
        BitSet bits = new BitSet();
        bits.set(3);
        bits.set(200, 260);
        s.add(graph("BitSet", bits));
        IllegalStateException cause = new IllegalStateException("cause");
        IOException error = new IOException("outer", cause);
        RuntimeException suppressed = new RuntimeException("suppressed");
        error.addSuppressed(suppressed);
        // fixed stack traces: the same corpus in every JVM, whoever calls it
        for (Throwable t : List.of(error, cause, suppressed)) {
            t.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("Corpus", "jdkValues", "Corpus.java", 1),
                new StackTraceElement("loader", "module", "1.0", "Main", "main", null, -2) });
        }
        s.add(graph("Throwable", error));
        s.add(graph("StackTraceElement", new StackTraceElement("Cls", "method", "Cls.java", 42)));
        Random random = new Random(42);
        random.nextGaussian();
        s.add(script("Random-putFields", out -> out.writeObject(random), in -> {
            Random r = (Random) in.readObject();
            return List.of(r.nextLong(), r.nextGaussian(), r.nextInt());
        }));
        s.add(script("Pattern", out -> out.writeObject(Pattern.compile("a+b", Pattern.CASE_INSENSITIVE)), in -> {
            Pattern p = (Pattern) in.readObject();
            return List.of(p.pattern(), p.flags(), p.matcher("AAb").matches());
        }));
        LongAdder adder = new LongAdder();
        adder.add(40);
        adder.add(2);
        s.add(script("LongAdder-serialization-proxy", out -> out.writeObject(adder),
                     in -> ((LongAdder) in.readObject()).sum()));
        int captured = 41;
        @SuppressWarnings("unchecked")
        Supplier<Integer> lambda = (Supplier<Integer> & Serializable) () -> captured + 1;
        s.add(script("serializable-lambda", out -> out.writeObject(lambda), in -> {
            Supplier<?> read = (Supplier<?>) in.readObject();
            return List.of(read, read.get());
        }).withCheck(r -> expect(((List<?>) r).get(1).equals(42), "the lambda captured 41")));
    }

    private static void classObjects(List<Sample> s) {
        s.add(graph("classes", new ArrayList<>(Arrays.asList(
                String.class, int.class, void.class, double.class, int[][].class, Object.class,
                Thread.class, Runnable.class, Serializable.class, Rules.Point.class, Rules.Color.class,
                Rules.Op.PLUS.getClass(), Rules.Point[].class, String[][].class, List.class, int.class)))
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(l.get(0) == String.class && l.get(1) == int.class && l.get(2) == void.class,
                           "Class objects read as the same classes");
                    expect(l.get(11) == Rules.Op.PLUS.getClass(), "the class of a constant-specific body");
                }));
    }

    private static void defaultSerialization(List<Sample> s) {
        Rules.LevelThree three = new Rules.LevelThree(77);
        three.any = three;
        three.name = "three";
        s.add(graph("class-hierarchy-default", three).withCheck(r -> {
            Rules.LevelThree t = (Rules.LevelThree) r;
            expect(t.skipped == 0, "a transient field reads as 0, no initializer runs");
            expect(t.any == t, "the self reference");
        }));
        s.add(graph("not-serializable-field", new Rules.HoldsNotSerializable(new Object()))
                .failsOnWrite(NotSerializableException.class));
        s.add(graph("not-serializable-field-null", new Rules.HoldsNotSerializable(null)));
        s.add(graph("not-serializable-top", new Thread()).failsOnWrite(NotSerializableException.class));
        Serializable anonymous = new Serializable() {
            private static final long serialVersionUID = 1L;
            int x = 3;
            String y = "anonymous";
        };
        s.add(graph("anonymous-class", anonymous));
    }

    private static void customHooks(List<Sample> s) {
        s.add(graph("writeObject-readObject", new Rules.CustomHooks(21, "label")).withCheck(r -> {
            Rules.CustomHooks h = (Rules.CustomHooks) r;
            expect(h.derived.equals(List.of("label", "label!")), "the transient list sent by hand");
            expect(h.observed.startsWith("42 utf:label "), "the custom data: " + h.observed);
            expect(h.observed.contains(" self=true unsharedCopy=true"), "the back reference and the unshared copy");
        }));
        s.add(graph("custom-data-only", new CustomOnly("t", 5, 6, 7)));
        s.add(script("custom-data-skipped", out -> {
            out.writeObject(new ReadsLess());
            out.writeObject("after");
        }, in -> List.of(in.readObject(), in.readObject())).withCheck(r -> {
            ReadsLess x = (ReadsLess) ((List<?>) r).get(0);
            expect(x.kept == 7 && x.firstExtra == 11, "ReadsLess read its part");
            expect("after".equals(((List<?>) r).get(1)), "the object after the skipped data");
        }));
        s.add(graph("custom-data-read-beyond", new Rules.ReadsMore()).withCheck(r -> expect(
                ((Rules.ReadsMore) r).observed.equals(
                        "5 int:java.io.EOFException object:OptionalDataException eof=true length=0 read()=-1"),
                "reading beyond the custom data: " + ((Rules.ReadsMore) r).observed)));
        s.add(script("hooks-outside-writeObject", out -> {
            out.writeUTF(Rules.OutsideCalls.writerSide(out));
            out.writeObject("x");
        }, in -> List.of(in.readUTF(), Rules.OutsideCalls.readerSide(in), in.readObject())).withCheck(r -> expect(
                r.equals(List.of("defaultWriteObject:java.io.NotActiveException putFields:java.io.NotActiveException",
                                 "defaultReadObject:java.io.NotActiveException readFields:java.io.NotActiveException"
                                 + " registerValidation:java.io.NotActiveException", "x")),
                "NotActiveException outside writeObject and readObject: " + r)));
        s.add(graph("reset-inside-writeObject", new Rules.ResetsWhileActive()).failsOnWrite(IOException.class));
        s.add(graph("hooks-called-twice", new Rules.HooksTwice()).withCheck(r -> expect(
                ((Rules.HooksTwice) r).observed.equals("writer:java.io.NotActiveException"
                        + " reader:java.io.NotActiveException readFields:java.io.NotActiveException"),
                "the second call is a NotActiveException: " + ((Rules.HooksTwice) r).observed)));
        s.add(graph("data-before-default-fields", new Rules.DataBeforeDefaults()).withCheck(r -> expect(
                ((Rules.DataBeforeDefaults) r).data == 5 && ((Rules.DataBeforeDefaults) r).s.equals("fields"),
                "the data, then the default fields")));
        s.add(graph("default-fields-over-unread-data", new Rules.DefaultsOverData())
                .failsOnRead(java.io.StreamCorruptedException.class));
        s.add(graph("writeFields-without-putFields", new Rules.WriteFieldsWithoutPut())
                .failsOnWrite(java.io.NotActiveException.class));
        s.add(graph("writeObject-throws", new ArrayList<>(List.of("x", new Rules.ThrowsOnWrite())))
                .failsOnWrite(IllegalStateException.class));
        s.add(graph("readObject-throws", new ArrayList<>(List.of("x", new Rules.ThrowsOnRead())))
                .failsOnRead(UnsupportedOperationException.class));
        s.add(graph("writeReplace-throws", new Rules.ThrowsOnReplace()).failsOnWrite(InvalidClassException.class));
        Rules.HooksLeaf leaf = new Rules.HooksLeaf(9);
        leaf.link = new Rules.HooksBase();
        s.add(graph("hooks-per-level", leaf).withCheck(r -> {
            Rules.HooksLeaf l = (Rules.HooksLeaf) r;
            expect(l.leaf == 9 && "base-extra".equals(l.baseNote) && "base-extra".equals(l.link.baseNote),
                   "each level's hooks ran");
        }));
    }

    private static void fieldsApi(List<Sample> s) {
        s.add(graph("putFields-readFields", new Rules.PutGetFields(new Rules.Point(3, 4), "name", 0.5,
                                                                   new ArrayList<>(List.of("t"))))
                .withCheck(r -> {
                    Rules.PutGetFields p = (Rules.PutGetFields) r;
                    expect(p.where.equals(new Rules.Point(3, 4)) && p.name.equals("name") && p.ratio == 0.5,
                           "the persistent fields came back");
                    expect(p.observed.equals("neverPut=0 neverPutRef=null flags=[true, false, true]"
                                             + " defaulted(label)=false class=Rules$PutGetFields"
                                             + " wrongType:java.lang.IllegalArgumentException"
                                             + " unknownName:java.lang.IllegalArgumentException"
                                             + " writerSaw=java.lang.IllegalArgumentException"),
                           "what GetField reported: " + p.observed);
                }));
        s.add(graph("putFields-of-default-fields", new Rules.PutFieldsOfDefaults(1, "b")).withCheck(r -> {
            Rules.PutFieldsOfDefaults p = (Rules.PutFieldsOfDefaults) r;
            expect(p.a == 2 && p.b.equals("B") && p.readBack, "the values put");
        }));
        s.add(graph("serialPersistentFields-subset", new Rules.PersistentSubset(5, "n")).withCheck(r -> {
            Rules.PersistentSubset p = (Rules.PersistentSubset) r;
            expect(p.kept == 5 && p.name.equals("n") && p.notListed == 0 && p.notListedRef == null,
                   "only the listed fields travel");
        }));
        s.add(graph("serialPersistentFields-unshared", new Rules.UnsharedField(new ArrayList<>(List.of("u"))))
                .withCheck(r -> {
                    Rules.UnsharedField u = (Rules.UnsharedField) r;
                    expect(u.first != u.second && u.first.equals(u.second), "the unshared field is a copy");
                }));
    }

    private static void replaceAndResolve(List<Sample> s) {
        s.add(graph("readResolve-singleton", new ArrayList<>(List.of(Rules.Singleton.INSTANCE, new Rules.Singleton())))
                .noEquals()
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(l.get(0) == Rules.Singleton.INSTANCE && l.get(1) == Rules.Singleton.INSTANCE,
                           "readResolve gives the singleton");
                }));
        Replaced replaced = new Replaced("EUR", 1234);
        s.add(graph("writeReplace-other-class-and-back", new ArrayList<>(List.of(replaced, replaced, "x")))
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(l.get(0) instanceof Replaced && l.get(0) == l.get(1), "Replaced, shared");
                }));
        s.add(graph("writeReplace-by-string", new Rules.ReplacedByString(5))
                .withCheck(r -> expect("replaced:5".equals(r), "the replacement String")));
        s.add(graph("writeReplace-chain", new Rules.ChainA())
                .withCheck(r -> expect(new Rules.ChainC(3).equals(r), "the end of the chain")));
        s.add(graph("writeReplace-null", new ArrayList<>(Arrays.asList(new Rules.ReplacedByNull(), "y")))
                .noEquals().withCheck(r -> expect(((List<?>) r).get(0) == null, "replaced by null")));
        Rules.ResolvedToNull toNull = new Rules.ResolvedToNull();
        s.add(graph("readResolve-null", new ArrayList<>(Arrays.asList(toNull, toNull, "z"))).noEquals()
                .withCheck(r -> expect(((List<?>) r).get(0) == null && ((List<?>) r).get(1) == null,
                                       "resolved to null, and so is the back reference")));
        Rules.ResolvesToCopy copy = new Rules.ResolvesToCopy();
        copy.id = 1;
        copy.self = copy;
        copy.around = new ArrayList<>();
        copy.around.add(copy);
        s.add(graph("readResolve-in-own-cycle", new ArrayList<>(List.of(copy, copy))).noEquals()
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    Rules.ResolvesToCopy c = (Rules.ResolvesToCopy) l.get(0);
                    expect(c.id == 1001 && l.get(1) == c, "the resolved copy, and later references to it");
                    expect(c.self != c && ((Rules.ResolvesToCopy) c.self).id == 1 && c.around.get(0) == c.self,
                           "references from inside its own graph keep the unresolved object");
                }));
        Rules.ReplacedByShared first = new Rules.ReplacedByShared();
        s.add(graph("writeReplace-by-one-shared-object", new ArrayList<>(List.of(first, first,
                                                                              new Rules.ReplacedByShared(),
                                                                              Rules.ReplacedByShared.SHARED)))
                .noEquals().withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(l.get(0) == l.get(1) && l.get(1) == l.get(2) && l.get(2) == l.get(3),
                           "one object for all replacements and the replacement itself");
                }));
        s.add(graph("inherited-writeReplace", new Rules.InheritsReplace(8))
                .withCheck(r -> expect(new Rules.ReplacementForm("InheritsReplace", 8).equals(r),
                                       "the inherited protected writeReplace")));
        s.add(graph("private-readResolve-not-inherited",
                    new ArrayList<>(List.of(new Rules.PrivateResolveSub(), new Rules.PrivateResolveBase())))
                .noEquals()
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(l.get(0) instanceof Rules.PrivateResolveSub && "resolved base".equals(l.get(1)),
                           "the private readResolve applies to its own class only");
                }));
    }

    private static void externalizable(List<Sample> s) {
        List<Object> refs = new ArrayList<>(List.of("r", 1));
        Ext ext = new Ext(3, "ext", refs);
        s.add(graph("externalizable", new ArrayList<>(List.of(ext, refs, ext))).noEquals().withCheck(r -> {
            List<?> l = (List<?>) r;
            Ext e = (Ext) l.get(0);
            expect(e.publicConstructorRan && e.sawSelf && e.refs == l.get(1) && l.get(2) == e,
                   "the public constructor ran, the references are shared");
        }));
        s.add(script("externalizable-reads-less", out -> {
            out.writeObject(new ExtReadsLess(6));
            out.writeObject("after");
        }, in -> List.of(((ExtReadsLess) in.readObject()).first, in.readObject()))
                .withCheck(r -> expect(r.equals(List.of(6, "after")), "the unread external data skipped")));
        s.add(graph("externalizable-no-public-constructor", new Rules.ExtNoPublicConstructor())
                .failsOnRead(InvalidClassException.class));
    }

    private static void records(List<Sample> s) {
        s.add(graph("record", new Rules.Point(-1, Integer.MAX_VALUE)));
        s.add(graph("record-nested", new Rules.Line(new Rules.Point(1, 2), new Rules.Point(3, 4), "line")));
        s.add(graph("record-primitives", new Rules.Primitives(true, (byte) -1, '\u00e9', (short) 7, -8, 9L,
                                                              Float.NaN, -0.0)));
        s.add(graph("record-empty", new Rules.Empty()));
        s.add(graph("record-generic", new Rules.Box<>(List.of(new Rules.Box<>("in")))));
        s.add(graph("record-arrays", new Rules.WithArrays(new int[] { 1 }, new String[] { "s" },
                                                          new Object[][] { { 1, "x" } })).noEquals());
        Rules.Point shared = new Rules.Point(7, 7);
        s.add(graph("record-shared", new ArrayList<>(List.of(shared, shared)))
                .withCheck(r -> expect(((List<?>) r).get(0) == ((List<?>) r).get(1), "one record, shared")));
        s.add(script("record-constructor-validates", out -> {
            Rules.Limited.limit = Integer.MAX_VALUE;
            out.writeObject(new Rules.Limited(42));
        }, in -> {
            Rules.Limited.limit = 10;
            try {
                return in.readObject();
            } finally {
                Rules.Limited.limit = Integer.MAX_VALUE;
            }
        }).failsOnRead(InvalidObjectException.class));
        s.add(script("record-constructor-runs", out -> {
            Rules.Counted c = new Rules.Counted("c");
            out.writeObject(new ArrayList<>(List.of(c, c, new Rules.Counted("d"))));
        }, in -> {
            int before = Rules.Counted.CONSTRUCTIONS.get();
            Object read = in.readObject();
            return List.of(read, Rules.Counted.CONSTRUCTIONS.get() - before);
        }).withCheck(r -> expect(((List<?>) r).get(1).equals(2), "two canonical constructor runs")));
        List<Object> items = new ArrayList<>();
        Rules.Holder holder = new Rules.Holder("h", items);
        items.add(holder);
        items.add("tail");
        s.add(graph("record-in-own-cycle", holder).noEquals().withCheck(r -> {
            Rules.Holder h = (Rules.Holder) r;
            expect(h.items().get(0) == null && h.items().get(1).equals("tail"),
                   "the record's reference to itself reads as null");
        }));
        s.add(graph("record-ignores-hooks", new Rules.IgnoresHooks(3, "s")));
        s.add(graph("record-writeReplace", new Rules.ReplacedRecord(2)).noEquals()
                .withCheck(r -> expect(new Rules.Point(2, -2).equals(r), "the record's writeReplace ran")));
        s.add(graph("record-readResolve", new Rules.ResolvedRecord(2)).noEquals()
                .withCheck(r -> expect(new Rules.ResolvedRecord(20).equals(r), "the record's readResolve ran")));
    }

    private static void enums(List<Sample> s) {
        s.add(graph("enum", Rules.Color.GREEN).withCheck(r -> expect(r == Rules.Color.GREEN, "the constant")));
        s.add(graph("enum-constant-bodies", new ArrayList<>(List.of(Rules.Op.PLUS, Rules.Op.TIMES, Rules.Op.PLUS)))
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(l.get(0) == Rules.Op.PLUS && l.get(1) == Rules.Op.TIMES && l.get(2) == Rules.Op.PLUS,
                           "the constants with bodies");
                    expect(((Rules.Op) l.get(1)).apply(6, 7) == 42, "the constant's body");
                }));
        Rules.Stateful.ONLY.counter = 5;
        s.add(graph("enum-state-and-hooks-ignored", Rules.Stateful.ONLY)
                .withCheck(r -> expect(r == Rules.Stateful.ONLY, "the constant")));
        s.add(graph("enum-jumbo-constant", Rules.Big.B69));
        s.add(graph("enum-jdk", DayOfWeek.SUNDAY));
    }

    private static void proxies(List<Sample> s) {
        Object greeter = Proxy.newProxyInstance(Rules.class.getClassLoader(),
                new Class<?>[] { Rules.Greeter.class, Runnable.class }, new GreeterHandler("hello"));
        s.add(graph("proxy", new ArrayList<>(List.of(greeter, greeter, greeter.getClass()))).noEquals()
                .withCheck(r -> {
                    List<?> l = (List<?>) r;
                    expect(((Rules.Greeter) l.get(0)).greet("you").equals("hello, you"), "the proxy works");
                    expect(l.get(0) == l.get(1) && l.get(2) == greeter.getClass(), "shared; the proxy class");
                }));
        Object publicOnly = Proxy.newProxyInstance(Rules.class.getClassLoader(),
                new Class<?>[] { Runnable.class, Comparable.class }, new GreeterHandler("pub"));
        s.add(graph("proxy-public-interfaces", publicOnly).noEquals()
                .withCheck(r -> expect(r.toString().equals("Proxy(pub)"), "the proxy works")));
        Object unserializable = Proxy.newProxyInstance(Rules.class.getClassLoader(),
                new Class<?>[] { Runnable.class }, new Rules.NotSerializableHandler());
        s.add(graph("proxy-handler-not-serializable", unserializable).failsOnWrite(NotSerializableException.class));
    }

    private static void constructors(List<Sample> s) {
        s.add(graph("non-serializable-superclass", new Rules.SerialChild(5, 99)).withCheck(r -> {
            Rules.SerialChild c = (Rules.SerialChild) r;
            expect(c.own == 5 && c.baseValue == 17 && c.baseLabel.equals("no-arg constructor")
                   && c.middleValue == 18, "the superclasses' no-arg constructors ran");
        }));
        s.add(graph("non-serializable-superclass-deeper", new Rules.SerialGrandChild(6, 100)).withCheck(r -> {
            Rules.SerialGrandChild c = (Rules.SerialGrandChild) r;
            expect(c.own == 6 && c.more.equals("more") && c.baseValue == 17, "the no-arg constructors ran");
        }));
        s.add(graph("superclass-without-no-arg-constructor", new Rules.ChildOfNoNoArg())
                .failsOnRead(InvalidClassException.class));
        s.add(graph("superclass-with-private-no-arg-constructor", new Rules.ChildOfPrivateNoArg())
                .failsOnRead(InvalidClassException.class));
    }

    private static void sharingAndCycles(List<Sample> s) {
        s.add(graph("ring-of-500", Rules.Node.ring(500)).withCheck(r -> {
            Rules.Node n = (Rules.Node) r;
            for (int i = 0; i < 500; i++) {
                n = n.next;
            }
            expect(n == r, "500 steps around the ring lead back");
        }));
        Rules.Node self = new Rules.Node("self");
        self.next = self;
        self.payload = self;
        s.add(graph("self-reference", self).withCheck(r -> expect(((Rules.Node) r).next == r, "the self reference")));
        Rules.Node a = new Rules.Node("a");
        Rules.Node b = new Rules.Node("b");
        a.next = b;
        b.next = a;
        Object[] both = { a, b, a.name, b };
        a.payload = both;
        s.add(graph("cycle-through-array", both).noEquals());
        HashMap<String, Object> map = new HashMap<>();
        map.put("me", map);
        map.put("list", new ArrayList<>(List.of(map)));
        s.add(graph("map-containing-itself", map).noEquals());
        List<Object> many = new ArrayList<>();
        Rules.Point p = new Rules.Point(1, 1);
        for (int i = 0; i < 3000; i++) {
            many.add(i % 2 == 0 ? p : new Rules.Point(i, -i));
        }
        s.add(graph("many-handles", many));
    }

    private static void unshared(List<Sample> s) {
        s.add(script("writeUnshared-then-writeObject", out -> {
            ArrayList<String> x = new ArrayList<>(List.of("x"));
            out.writeUnshared(x);
            out.writeObject(x);
            out.writeObject(x);
        }, in -> List.of(in.readObject(), in.readObject(), in.readObject())).withCheck(r -> {
            List<?> l = (List<?>) r;
            expect(l.get(0) != l.get(1) && l.get(1) == l.get(2), "the unshared write is distinct");
        }));
        s.add(script("readUnshared-fresh-objects", out -> {
            out.writeObject(new ArrayList<>(List.of(1)));
            out.writeObject("s");
            out.writeUnshared(new int[] { 1 });
            out.writeUnshared(Rules.Color.RED);
            out.writeUnshared(Rules.Color.RED);
            out.writeUnshared(String.class);
        }, in -> List.of(in.readUnshared(), in.readUnshared(), in.readUnshared(), in.readUnshared(),
                         in.readUnshared(), in.readUnshared())));
        // An object written twice (the second time as a back reference),
        // read once shared and once unshared in either order: refused.
        Writer listTwice = writeTwice(() -> new ArrayList<>(List.of("x")));
        s.add(script("readUnshared-of-back-reference", listTwice, in -> {
            in.readObject();
            return in.readUnshared();
        }).failsOnRead(InvalidObjectException.class));
        Reader unsharedThenShared = in -> {
            in.readUnshared();
            return in.readObject();
        };
        s.add(script("back-reference-to-unshared", listTwice, unsharedThenShared)
                .failsOnRead(InvalidObjectException.class));
        s.add(script("back-reference-to-unshared-string", writeTwice(() -> "text"), unsharedThenShared)
                .failsOnRead(InvalidObjectException.class));
    }

    /** Writes one object made by value twice with writeObject: in full, then a back reference. */
    private static Writer writeTwice(java.util.function.Supplier<Object> value) {
        return out -> {
            Object x = value.get();
            out.writeObject(x);
            out.writeObject(x);
        };
    }

    private static void moreShapes(List<Sample> s) {
        // more than 127 types in one stream: type ids of more than one byte
        List<Object> types = new ArrayList<>();
        Class<?> c = int.class;
        for (int dims = 1; dims <= 150; dims++) {
            c = c.arrayType();
            types.add(java.lang.reflect.Array.newInstance(c.componentType(), dims % 3));
        }
        types.add(new Rules.Point(1, 1));
        types.add(Rules.Color.BLUE);
        s.add(graph("150-array-types", types).noEquals());
        // more than 16383 handles: handles of three bytes, back references to early and late objects
        Object[] strings = new Object[20000];
        for (int i = 0; i < strings.length; i++) {
            strings[i] = "s" + i;
        }
        s.add(script("20000-handles", out -> {
            out.writeObject(strings);
            out.writeObject(strings[0]);
            out.writeObject(strings[19999]);
            out.writeObject(strings[16384]);
        }, in -> List.of(in.readObject(), in.readObject(), in.readObject(), in.readObject())).withCheck(r -> {
            List<?> l = (List<?>) r;
            Object[] a = (Object[]) l.get(0);
            expect(l.get(1) == a[0] && l.get(2) == a[19999] && l.get(3) == a[16384], "the back references");
        }));
        byte[] big = new byte[100_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i ^ (i >>> 9));
        }
        s.add(graph("byte[100000]", big));
        double[] doubles = new double[20_000];
        for (int i = 0; i < doubles.length; i++) {
            doubles[i] = Math.sin(i);
        }
        s.add(graph("double[20000]", doubles));
        s.add(graph("custom-data-rechunked", new Rules.Rechunked()).withCheck(r -> expect(
                ((Rules.Rechunked) r).observed.equals("102030405060708 90a0b0c 4259906"),
                "the bytes read in other units: " + ((Rules.Rechunked) r).observed)));
        s.add(graph("custom-data-empty", new Rules.EmptyCustom())
                .withCheck(r -> expect(((Rules.EmptyCustom) r).touched == 1, "readObject ran")));
        s.add(graph("no-declared-serialVersionUID", new Rules.NoDeclaredUid()));
        Rules.Outer outer = new Rules.Outer();
        s.add(graph("inner-class", outer.inner).withCheck(r -> {
            Rules.Outer.Inner inner = (Rules.Outer.Inner) r;
            expect(inner.outer().inner == inner && inner.outer().o == 1, "the inner object and its outer one");
        }));
        s.add(graph("record-of-enums", new Rules.WithEnums(Rules.Color.RED, Rules.Op.TIMES, Rules.Big.B64,
                                                             Rules.Stateful.ONLY)));
        s.add(script("ObjectStreamClass", out -> {
            out.writeObject(java.io.ObjectStreamClass.lookup(Rules.LevelThree.class));
            out.writeObject(java.io.ObjectStreamClass.lookup(Rules.LevelThree.class));
        }, in -> {
            java.io.ObjectStreamClass desc = (java.io.ObjectStreamClass) in.readObject();
            return List.of(desc.getName(), desc.getSerialVersionUID(), desc.forClass(), in.readObject() == desc);
        }));
        s.add(script("readUnshared-of-readResolve-singleton", out -> out.writeObject(new Rules.Singleton()),
                     ObjectInputStream::readUnshared)
                .withCheck(r -> expect(r == Rules.Singleton.INSTANCE, "readUnshared gives the resolved singleton")));
        Integer thousand = 1000;
        @SuppressWarnings({ "removal", "deprecation" })
        List<Object> boxes = new ArrayList<>(Arrays.asList(Integer.valueOf(1000), Integer.valueOf(1000),
                Integer.valueOf(5), Integer.valueOf(5), new Integer(5), Long.valueOf(7), new Long(7), 'c', 'c',
                thousand, thousand));
        // Boxes are value-based: the JDK's streams keep their identities, the
        // fast streams send them by value; both keep each value and class.
        s.add(graph("boxes-values", boxes).withCheck(r -> {
            List<?> l = (List<?>) r;
            expect(l.equals(boxes) && l.get(5) instanceof Long && l.get(7) instanceof Character,
                   "boxes keep their values and classes: " + l);
            expect(l.get(0) != l.get(1) && l.get(2) == l.get(3),
                   "two 1000s written apart read apart, one 5 written twice reads as one box");
        }));
    }

    private static void validation(List<Sample> s) {
        Rules.Validated c = new Rules.Validated("c", 5, null);
        Rules.Validated b = new Rules.Validated("b", 10, c);
        Rules.Validated a = new Rules.Validated("a", 7, b);
        c.next = a;
        s.add(script("registerValidation-order", out -> out.writeObject(a), in -> {
            Rules.Validated.LOG.clear();
            Object read = in.readObject();
            return List.of(read, List.copyOf(Rules.Validated.LOG));
        }).withCheck(r -> expect(((List<?>) r).get(1).equals(List.of(
                "read c", "read b", "read a", "b@10 next=c/a", "a@7 next=b/c", "c@5 next=a/b",
                "c@-5", "a@-7", "b@-10")),
                "validations after the whole graph, the highest priority first: " + ((List<?>) r).get(1))));
        // The JDK runs validations of equal priority last registered first (its
        // javadoc allows any order; code may have come to rely on the JDK's).
        Rules.Validated z = new Rules.Validated("z", 0, null);
        Rules.Validated y = new Rules.Validated("y", 0, z);
        Rules.Validated x = new Rules.Validated("x", 0, y);
        s.add(script("registerValidation-equal-priorities", out -> out.writeObject(x), in -> {
            Rules.Validated.LOG.clear();
            in.readObject();
            return List.copyOf(Rules.Validated.LOG);
        }).withCheck(r -> expect(r.equals(List.of("read z", "read y", "read x", "x@0", "x@0 next=y/z",
                                                  "y@0", "y@0 next=z/null", "z@0", "z@0 next=null")),
                                 "equal priorities, the last registered first: " + r)));
        s.add(graph("registerValidation-fails", new Rules.FailsValidation())
                .failsOnRead(InvalidObjectException.class));
        s.add(graph("registerValidation-null", new Rules.NullValidation()).withCheck(r -> expect(
                ((Rules.NullValidation) r).observed.equals(InvalidObjectException.class.getName()),
                "registerValidation(null) is an InvalidObjectException")));
    }

    private static void topLevelData(List<Sample> s) {
        byte[] block = new byte[3000];
        Arrays.fill(block, (byte) 7);
        s.add(script("top-level-primitives-and-objects", out -> {
            out.writeInt(42);
            out.writeObject("obj");
            out.writeUTF("utf \u00e9");
            out.writeBoolean(true);
            out.write(block);
            out.writeObject(List.of(1));
            out.writeDouble(-1.5);
            out.writeBytes("ascii");
            out.writeChars("ch");
            out.writeLong(Long.MAX_VALUE);
            out.writeObject(null);
            out.writeShort(65535);
            out.writeByte(200);
            out.writeChar(0x4e2d);
            out.writeFloat(2.5f);
        }, in -> {
            List<Object> r = new ArrayList<>();
            r.add(in.readInt());
            r.add(in.readObject());
            r.add(in.readUTF());
            r.add(in.readBoolean());
            byte[] got = new byte[3000];
            in.readFully(got);
            r.add(got);
            r.add(in.readObject());
            r.add(in.readDouble());
            byte[] ascii = new byte[5];
            in.readFully(ascii);
            r.add(ascii);
            r.add(in.readChar());
            r.add(in.readChar());
            r.add(in.readLong());
            r.add(String.valueOf(in.readObject()));
            r.add(in.readUnsignedShort());
            r.add(in.readUnsignedByte());
            r.add(in.readChar());
            r.add(in.readFloat());
            return r;
        }));
        s.add(script("object-read-over-primitive-data", out -> {
            out.writeInt(42);
            out.writeObject("obj");
        }, in -> {
            String seen;
            try {
                in.readObject();
                seen = "none";
            } catch (OptionalDataException e) {
                seen = "OptionalDataException eof=" + e.eof + " length=" + e.length;
            }
            return List.of(seen, in.readInt(), in.readObject());
        }).withCheck(r -> expect(((List<?>) r).get(0).equals("OptionalDataException eof=false length=4"),
                                 "readObject over 4 bytes of data: " + r)));
        s.add(script("primitive-read-over-object", out -> {
            out.writeObject("obj");
            out.writeInt(1);
        }, in -> List.of(Rules.thrown(in::readInt, EOFException.class), in.readObject(), in.readInt()))
                .withCheck(r -> expect(((List<?>) r).get(0).equals(EOFException.class.getName()),
                                       "readInt over an object: " + r)));
        s.add(script("DataOutput-byte-order", out -> {
            out.writeInt(0x01020304);
            out.writeLong(0x05060708090a0b0cL);
            out.writeShort(0x0d0e);
            out.writeChar(0x0f10);
            out.writeFloat(Float.intBitsToFloat(0x11121314));
            out.writeDouble(Double.longBitsToDouble(0x15161718191a1b1cL));
            out.writeUTF("\u00e9");
        }, in -> {
            byte[] all = new byte[4 + 8 + 2 + 2 + 4 + 8 + 4];
            in.readFully(all);
            return all;
        }).withCheck(r -> expect(Arrays.equals(Arrays.copyOf((byte[]) r, 8), new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }),
                                 "DataOutput writes high byte first: " + Arrays.toString((byte[]) r))));
        s.add(script("skipBytes-and-read-at-end", out -> {
            out.writeInt(1);
            out.writeInt(2);
            out.writeObject("o");
        }, in -> List.of(in.skipBytes(100), in.readObject(), in.read(), in.skipBytes(3))));
    }
}
