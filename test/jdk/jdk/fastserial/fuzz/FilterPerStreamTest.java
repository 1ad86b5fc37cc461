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
 * @summary A filter set on a FastObjectInputStream with setObjectInputFilter
 *          is asked about what ObjectInputStream asks about for the same
 *          graph: the same classes (each type once per stream and again
 *          after a reset, superclasses, proxy interfaces, readResolve
 *          replacements), every array with its length, and the same
 *          maxima of depth and references; so maxdepth, maxrefs, maxarray
 *          and maxbytes limits reject the same graphs. A rejection, a null
 *          status and a filter that throws end in InvalidClassException
 *          ("filter status: ...") as on the JDK; setting a filter twice or
 *          after a read is an IllegalStateException as on the JDK. Each
 *          fast source (byte[], InputStream, MemorySegment) is checked.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FuzzCorpus Mutator FastStreamFuzzer FastFormat
 *        FilterSupport Contraband
 * @run main/othervm FilterPerStreamTest
 */

import java.io.ByteArrayOutputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.Status;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FilterPerStreamTest {

    static final List<FilterSupport.Reader> READERS = List.of(FilterSupport.Reader.values());

    /** Differences from the JDK, all collected so that one run shows them all. */
    static final FilterSupport.Differences DIFFERENCES = new FilterSupport.Differences();

    static void same(Object expected, Object actual, String what) {
        DIFFERENCES.same(expected, actual, what);
    }

    static void collect(FilterSupport.Check check) throws Exception {
        DIFFERENCES.collect(check);
    }

    public static void main(String[] args) throws Exception {
        expect(ObjectInputFilter.Config.getSerialFilter() == null, "no JVM-wide filter in this test");
        Map<String, Object> graphs = FilterSupport.graphs();
        for (Map.Entry<String, Object> e : graphs.entrySet()) {
            compareQuestions(e.getKey(), e.getValue());
            compareLimits(e.getKey(), e.getValue());
        }
        typesAgainAfterReset();
        rejections(graphs);
        statuses(graphs.get("rich"));
        settingRules();
        DIFFERENCES.expectNone("the fast readers' filters are asked what the JDK's is asked");
        System.out.println("PASSED");
    }

    /** The fast readers ask what the JDK asks, by the summary of the questions. */
    static void compareQuestions(String name, Object graph) throws Exception {
        System.out.println("--- " + name);
        FilterSupport.RecordingFilter recorder = new FilterSupport.RecordingFilter();
        FilterSupport.compareQuestions(DIFFERENCES, name, graph, recorder, recorder.questions);
    }

    /**
     * A limit at the JDK's maximum lets the graph through and one less
     * rejects it, on every reader; maxbytes is checked against each
     * reader's own count of stream bytes (the formats differ in size).
     */
    static void compareLimits(String name, Object graph) throws Exception {
        FilterSupport.RecordingFilter jdkRecorder = new FilterSupport.RecordingFilter();
        FilterSupport.Reader.JDK.read(graph, jdkRecorder);
        FilterSupport.Summary jdk = FilterSupport.Summary.of(jdkRecorder.questions);
        Map<String, Long> limits = new TreeMap<>();
        limits.put("maxdepth", jdk.maxDepth());
        limits.put("maxrefs", jdk.maxReferences());
        if (jdk.maxArrayLength() > 0) {
            limits.put("maxarray", jdk.maxArrayLength());
        }
        for (FilterSupport.Reader reader : READERS) {
            for (Map.Entry<String, Long> limit : limits.entrySet()) {
                String at = limit.getKey() + "=" + limit.getValue();
                String below = limit.getKey() + "=" + (limit.getValue() - 1);
                ObjectInputFilter atLimit = ObjectInputFilter.Config.createFilter(at);
                ObjectInputFilter belowLimit = ObjectInputFilter.Config.createFilter(below);
                collect(() -> FilterSupport.expectRead(reader.read(graph, atLimit), graph, atLimit,
                                                       name + ", " + reader + ", " + at));
                collect(() -> FilterSupport.expectRejected(reader.read(graph, belowLimit), "REJECTED",
                                                           name + ", " + reader + ", " + below));
            }
            FilterSupport.RecordingFilter recorder = new FilterSupport.RecordingFilter();
            reader.read(graph, recorder);
            long bytes = FilterSupport.Summary.of(recorder.questions).maxStreamBytes();
            ObjectInputFilter atBytes = ObjectInputFilter.Config.createFilter("maxbytes=" + bytes);
            ObjectInputFilter belowBytes = ObjectInputFilter.Config.createFilter("maxbytes=" + (bytes - 1));
            collect(() -> expect(reader.read(graph, atBytes).read(),
                                 name + ", " + reader + ", maxbytes=" + bytes + ": reads"));
            collect(() -> FilterSupport.expectRejected(reader.read(graph, belowBytes), "REJECTED",
                                                       name + ", " + reader + ", maxbytes=" + (bytes - 1)));
            // Both formats take more than 16 bytes before the last question about a graph.
            collect(() -> FilterSupport.expectRejected(
                    reader.read(graph, ObjectInputFilter.Config.createFilter("maxbytes=16")),
                    "REJECTED", name + ", " + reader + ", maxbytes=16"));
        }
    }

    /** After reset() the types are asked about again, as the JDK's class descriptors are. */
    static void typesAgainAfterReset() throws Exception {
        FuzzCorpus.Point p = new FuzzCorpus.Point(1, 2, "p");
        FuzzCorpus.Script script = new FuzzCorpus.Script("reset", List.of(
                new FuzzCorpus.Step(FuzzCorpus.Kind.OBJECT, p),
                new FuzzCorpus.Step(FuzzCorpus.Kind.OBJECT, new FuzzCorpus.Point(3, 4, "q")),
                new FuzzCorpus.Step(FuzzCorpus.Kind.RESET, null),
                new FuzzCorpus.Step(FuzzCorpus.Kind.OBJECT, p),
                new FuzzCorpus.Step(FuzzCorpus.Kind.OBJECT, new int[3]),
                new FuzzCorpus.Step(FuzzCorpus.Kind.OBJECT, new int[4])));
        Map<String, Integer> expected = null;
        for (FilterSupport.Reader reader : READERS) {
            byte[] bytes = reader.fast() ? FastFormat.bytes(script) : FuzzCorpus.jdkBytes(script);
            FilterSupport.RecordingFilter recorder = new FilterSupport.RecordingFilter();
            ObjectInputStream in = reader.open(bytes);
            in.setObjectInputFilter(recorder);
            FuzzCorpus.read(in, script);
            Map<String, Integer> counts = FilterSupport.classCounts(recorder.questions);
            if (expected == null) {
                expected = counts;
                expectEquals(2, counts.get(FuzzCorpus.Point.class.getName()),
                             "the JDK asks about Point before and after the reset");
            } else {
                same(expected, counts, reader + ": the classes asked about, with a reset between");
            }
        }

        // resetObjects() keeps the types: Point is asked about once, but every object counts.
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(p);
        out.resetObjects();
        out.writeObject(p);
        out.flush();
        FilterSupport.RecordingFilter recorder = new FilterSupport.RecordingFilter();
        ObjectInputStream in = FilterSupport.Reader.FAST_BYTES.open(out.toByteArray());
        in.setObjectInputFilter(recorder);
        FuzzCorpus.Point first = (FuzzCorpus.Point) in.readObject();
        FuzzCorpus.Point second = (FuzzCorpus.Point) in.readObject();
        expect(first != second && first.equals(second), "resetObjects: the second read is a new, equal object");
        same(1, FilterSupport.classCounts(recorder.questions).get(FuzzCorpus.Point.class.getName()),
             "resetObjects: how often the type is asked about");
        collect(() -> expect(FilterSupport.Summary.of(recorder.questions).maxReferences() >= 2,
                             "resetObjects: the second object is counted: " + recorder.questions));
    }

    /** Rejections by class anywhere in a graph end as on the JDK. */
    static void rejections(Map<String, Object> graphs) throws Exception {
        record Rejection(String graph, String why, ObjectInputFilter filter) { }
        Function<String, ObjectInputFilter> pattern = ObjectInputFilter.Config::createFilter;
        List<Rejection> rejections = List.of(
            new Rejection("rich", "a record deep in the graph", pattern.apply("!FuzzCorpus$Point")),
            new Rejection("customs", "a class written by a class-defined writeObject",
                          pattern.apply("!java.util.CollSer")),
            new Rejection("customs", "the class a readResolve returns",
                          pattern.apply("!java.util.ImmutableCollections$List12")),
            new Rejection("customs", "the replacement of a writeReplace's object, resolved",
                          pattern.apply("!grande.test.samples.Replaced")),
            new Rejection("customs", "a superclass", pattern.apply("!FuzzCorpus$Base")),
            new Rejection("customs", "an enum", pattern.apply("!FuzzCorpus$Color")),
            new Rejection("customs", "a record", pattern.apply("!FuzzCorpus$Polygon")),
            new Rejection("customs", "an Externalizable class", pattern.apply("!grande.test.samples.Ext")),
            new Rejection("customs", "the interface of a dynamic proxy", pattern.apply("!FuzzCorpus$Greeter")),
            new Rejection("customs", "java.lang.reflect.Proxy", pattern.apply("!java.lang.reflect.Proxy")),
            new Rejection("customs", "a FastSerializable class", pattern.apply("!FastFormat$Particle")),
            new Rejection("arrays", "an array of an enum", pattern.apply("!FuzzCorpus$Color")),
            new Rejection("collections", "a whole package", pattern.apply("!java.math.*")),
            new Rejection("collections", "everything not allowed", pattern.apply("java.lang.*;!*")),
            new Rejection("arrays", "a primitive array type",
                          info -> info.serialClass() == long[][][].class ? Status.REJECTED : Status.UNDECIDED),
            new Rejection("big arrays", "one array length",
                          info -> info.arrayLength() == 70_000 ? Status.REJECTED : Status.UNDECIDED),
            new Rejection("100 references to one object", "the 50th reference to an object",
                          info -> info.serialClass() == null && info.references() >= 50
                                  ? Status.REJECTED : Status.UNDECIDED));
        for (Rejection r : rejections) {
            Object graph = graphs.get(r.graph());
            for (FilterSupport.Reader reader : READERS) {
                collect(() -> FilterSupport.expectRejected(reader.read(graph, r.filter()), "REJECTED",
                        r.graph() + ", " + reader + ", " + r.why() + " (" + r.filter() + ")"));
            }
        }
        // A filter rejecting only what a graph does not hold lets it through.
        for (FilterSupport.Reader reader : READERS) {
            ObjectInputFilter notCustom = pattern.apply("!FuzzCorpus$Custom");
            FilterSupport.expectRead(reader.read(graphs.get("collections"), notCustom), graphs.get("collections"),
                                     notCustom, reader + ": collections, !FuzzCorpus$Custom");
        }
    }

    /** ALLOWED reads; null and an exception of the filter end as on the JDK. */
    static void statuses(Object graph) throws Exception {
        IllegalStateException boom = new IllegalStateException("the filter fails");
        for (FilterSupport.Reader reader : READERS) {
            ObjectInputFilter allowed = info -> Status.ALLOWED;
            FilterSupport.expectRead(reader.read(graph, allowed), graph, allowed, reader + ": always ALLOWED");
            FilterSupport.expectRejected(reader.read(graph, info -> null), "null", reader + ": a null status");
            FilterSupport.Result r = reader.read(graph, info -> {
                throw boom;
            });
            FilterSupport.expectRejected(r, "REJECTED", reader + ": a filter that throws");
            expect(r.thrown().getCause() == boom, reader + ": the filter's exception is the cause");
            // The first question rejected: nothing of the graph is made.
            FilterSupport.expectRejected(reader.read(graph, info -> Status.REJECTED), "REJECTED",
                                         reader + ": always REJECTED");
        }
    }

    /** When a filter may be set, and what the stream's filter is then, as on the JDK. */
    static void settingRules() throws Exception {
        ObjectInputFilter filter = info -> Status.UNDECIDED;
        ByteArrayOutputStream twoObjects = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(twoObjects)) {
            out.writeObject(new FuzzCorpus.Point(1, 1, null));
            out.writeObject(new FuzzCorpus.Point(2, 2, null));
        }
        FastObjectOutputStream fastOut = new FastObjectOutputStream();
        fastOut.writeObject(new FuzzCorpus.Point(1, 1, null));
        fastOut.writeObject(new FuzzCorpus.Point(2, 2, null));
        fastOut.flush();

        for (FilterSupport.Reader reader : READERS) {
            byte[] two = reader.fast() ? fastOut.toByteArray() : twoObjects.toByteArray();
            ObjectInputStream in = reader.open(two);
            expect(in.getObjectInputFilter() == null, reader + ": no filter without a JVM-wide one");
            in.setObjectInputFilter(filter);
            expect(in.getObjectInputFilter() == filter, reader + ": the filter set is the stream's filter");
            expectIllegalState(() -> in.setObjectInputFilter(filter), reader + ": setting a filter twice");
            expect(in.readObject() instanceof FuzzCorpus.Point, reader + ": reads with the filter");

            ObjectInputStream late = reader.open(two);
            expect(late.readObject() instanceof FuzzCorpus.Point, reader + ": reads without a filter");
            collect(() -> expectIllegalState(() -> late.setObjectInputFilter(filter),
                                             reader + ": setting a filter after a read"));
        }
    }

    static void expectIllegalState(FilterSupport.Check action, String what) throws Exception {
        try {
            action.run();
            throw new AssertionError(what + ": expected IllegalStateException, it went through");
        } catch (IllegalStateException expected) {
            System.out.println("ok: " + what + ": " + expected);
        } catch (InvalidClassException e) {
            throw new AssertionError(what + ": expected IllegalStateException, got " + e, e);
        }
    }
}
