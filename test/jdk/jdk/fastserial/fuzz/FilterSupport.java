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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import grande.test.samples.Ring;

import static grande.test.Checks.expect;

/**
 * What the filter tests share: the graphs, readers of the JDK's and the
 * fast streams with a filter, a filter that records what it is asked, and
 * a summary of those questions to compare the two readers by.
 */
public final class FilterSupport {

    private FilterSupport() { }

    /** Graphs whose filter questions the tests compare, by name. */
    public static Map<String, Object> graphs() {
        Map<String, Object> graphs = new LinkedHashMap<>();
        graphs.put("rich", FuzzCorpus.richGraph());
        graphs.put("chain of 30", FuzzCorpus.chain(30));
        graphs.put("singly linked, 200 deep", FuzzCorpus.singlyLinked(200));
        graphs.put("ring of 12", Ring.of(12));
        graphs.put("arrays", FuzzCorpus.arrays());
        graphs.put("collections", FuzzCorpus.collections());
        List<Object> customs = FuzzCorpus.customs();
        customs.add(new FastFormat().extraObject());
        graphs.put("customs", customs);
        FuzzCorpus.Point shared = new FuzzCorpus.Point(1, 1, "shared");
        Object[] sharing = new Object[100];
        Arrays.fill(sharing, shared);
        graphs.put("100 references to one object", sharing);
        Object[] many = new Object[300];
        for (int i = 0; i < many.length; i++) {
            many[i] = new FuzzCorpus.Point(i, -i, null);
        }
        graphs.put("300 objects", many);
        graphs.put("big arrays", new Object[] {new int[70_000], new double[1000][2], new String[5000]});
        return graphs;
    }

    /** One question a filter was asked. */
    public record Question(Class<?> serialClass, long arrayLength, long depth, long references, long streamBytes) {
        static Question of(ObjectInputFilter.FilterInfo info) {
            return new Question(info.serialClass(), info.arrayLength(), info.depth(), info.references(),
                                info.streamBytes());
        }
    }

    /** Records every question; answers as the delegate does, or UNDECIDED. */
    public static final class RecordingFilter implements ObjectInputFilter {
        public final List<Question> questions = new ArrayList<>();
        private final ObjectInputFilter delegate;

        public RecordingFilter(ObjectInputFilter delegate) {
            this.delegate = delegate;
        }

        public RecordingFilter() {
            this(null);
        }

        @Override
        public Status checkInput(FilterInfo info) {
            questions.add(Question.of(info));
            return delegate == null ? Status.UNDECIDED : delegate.checkInput(info);
        }
    }

    /**
     * The gist of a reader's questions: the set of classes, every array
     * question (class and length, counted), the maxima of depth, references
     * and stream bytes.
     */
    public record Summary(Set<String> classes, Map<String, Integer> arrays, long maxDepth, long maxReferences,
                          long maxStreamBytes, long maxArrayLength) {
        static Summary of(List<Question> questions) {
            Set<String> classes = new TreeSet<>();
            Map<String, Integer> arrays = new TreeMap<>();
            long depth = 0;
            long references = 0;
            long bytes = 0;
            long arrayLength = -1;
            for (Question q : questions) {
                if (q.serialClass() != null) {
                    classes.add(q.serialClass().getName());
                }
                if (q.arrayLength() >= 0) {
                    arrays.merge(q.serialClass().getName() + "[" + q.arrayLength() + "]", 1, Integer::sum);
                }
                depth = Math.max(depth, q.depth());
                references = Math.max(references, q.references());
                bytes = Math.max(bytes, q.streamBytes());
                arrayLength = Math.max(arrayLength, q.arrayLength());
            }
            return new Summary(classes, arrays, depth, references, bytes, arrayLength);
        }
    }

    /** How often each class is asked about. */
    public static Map<String, Integer> classCounts(List<Question> questions) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Question q : questions) {
            if (q.serialClass() != null) {
                counts.merge(q.serialClass().getName(), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** A check that may fail with an AssertionError. */
    public interface Check {
        void run() throws Exception;
    }

    /** Differences from the JDK, collected so that one run shows them all. */
    public static final class Differences {
        private final List<String> differences = new ArrayList<>();

        /** Records a difference unless expected (the JDK's) equals actual. */
        public void same(Object expected, Object actual, String what) {
            if (Objects.equals(expected, actual)) {
                System.out.println("ok: " + what + ": " + (expected instanceof Number ? expected : "the same"));
                return;
            }
            String difference = what + ": the JDK's " + expected + ", here " + actual;
            if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
                difference = what + ": only the JDK's " + without(e, a) + "; only here " + without(a, e);
            } else if (expected instanceof Set<?> e && actual instanceof Set<?> a) {
                difference = what + ": only the JDK's " + without(e, a) + "; only here " + without(a, e);
            }
            add(difference);
        }

        /** Runs a check; its AssertionError is a difference. */
        public void collect(Check check) throws Exception {
            try {
                check.run();
            } catch (AssertionError e) {
                add(e.getMessage());
            }
        }

        private void add(String difference) {
            System.out.println("DIFFERENT: " + difference);
            differences.add(difference);
        }

        /** Fails, listing every difference, if there was one. */
        public void expectNone(String what) {
            expect(differences.isEmpty(), what + "; " + differences.size() + " differences:\n"
                   + String.join("\n", differences));
        }

        private static Object without(Map<?, ?> a, Map<?, ?> b) {
            Map<Object, Object> r = new TreeMap<>();
            a.forEach((k, v) -> {
                if (!Objects.equals(v, b.get(k))) {
                    r.put(k, v);
                }
            });
            return r;
        }

        private static Object without(Set<?> a, Set<?> b) {
            Set<Object> r = new TreeSet<>(a);
            r.removeAll(b);
            return r;
        }
    }

    /**
     * Reads graph with every reader, streamFilter set on each stream, and
     * compares what the fast readers' filter is asked with what the JDK's
     * is asked: the same classes, as often, the same arrays with their
     * lengths, the same greatest depth and reference count; depth and
     * references of at least 1 and stream bytes that grow within the
     * stream. questions is where the filter in force records (cleared
     * before each read).
     */
    public static void compareQuestions(Differences d, String name, Object graph, ObjectInputFilter streamFilter,
                                        List<Question> questions) throws Exception {
        questions.clear();
        Result jdk = Reader.JDK.read(graph, streamFilter);
        expect(jdk.read(), name + ": the JDK reads it, got " + jdk);
        List<Question> jdkQuestions = List.copyOf(questions);
        Summary expected = Summary.of(jdkQuestions);
        System.out.println("jdk:  " + expected);
        for (Reader reader : Reader.values()) {
            if (!reader.fast()) {
                continue;
            }
            String what = name + ", " + reader;
            byte[] bytes = reader.bytes(graph);
            questions.clear();
            Result fast = reader.readBytes(bytes, streamFilter);
            List<Question> fastQuestions = List.copyOf(questions);
            d.collect(() -> expectRead(fast, graph, streamFilter, what));
            Summary actual = Summary.of(fastQuestions);
            System.out.println("fast: " + actual);
            d.same(expected.classes(), actual.classes(), what + ": the classes asked about");
            d.same(classCounts(jdkQuestions), classCounts(fastQuestions),
                   what + ": how often each class is asked about");
            d.same(expected.arrays(), actual.arrays(), what + ": the arrays asked about, with their lengths");
            d.same(expected.maxDepth(), actual.maxDepth(), what + ": the greatest depth");
            d.same(expected.maxReferences(), actual.maxReferences(), what + ": the greatest reference count");
            long previous = 0;
            List<Question> odd = new ArrayList<>();
            for (Question q : fastQuestions) {
                if (q.streamBytes() < previous || q.streamBytes() > bytes.length || q.depth() < 1
                        || q.references() < 1) {
                    odd.add(q);
                }
                previous = Math.max(previous, q.streamBytes());
            }
            d.same(List.of(), odd, what + ": questions whose depth or references are below 1, or whose stream"
                   + " bytes shrink or exceed the stream's " + bytes.length);
        }
    }

    /** What a read did: the object read, or what was thrown. */
    public record Result(Object value, Throwable thrown) {
        boolean read() {
            return thrown == null;
        }

        @Override
        public String toString() {
            return thrown == null ? "read " + (value == null ? "null" : value.getClass().getName())
                                  : "threw " + thrown;
        }
    }

    /** The JDK's stream of one object. */
    public static byte[] jdkBytes(Object value) throws IOException {
        return FuzzCorpus.jdkImage(value);
    }

    /** The readers the tests compare: the JDK's, and the fast one from each source. */
    public enum Reader {
        JDK, FAST_BYTES, FAST_STREAM, FAST_SEGMENT;

        public boolean fast() {
            return this != JDK;
        }

        /** A stream over bytes (a JDK stream for JDK, a fast stream otherwise). */
        public ObjectInputStream open(byte[] bytes) throws IOException {
            return switch (this) {
                case JDK -> new ObjectInputStream(new ByteArrayInputStream(bytes));
                case FAST_BYTES -> new FastFormat().open(bytes, FastFormat.BYTES);
                case FAST_STREAM -> new FastFormat().open(bytes, FastFormat.STREAM);
                // A FastFormat of its own: the stream may be read after others are opened.
                case FAST_SEGMENT -> new FastFormat().open(bytes, FastFormat.SEGMENT);
            };
        }

        /** The stream of value this reader reads. */
        public byte[] bytes(Object value) throws IOException {
            return fast() ? FastFormat.bytes(value) : jdkBytes(value);
        }

        /** Reads one object of value's stream, with filter set on the stream unless null. */
        public Result read(Object value, ObjectInputFilter filter) throws IOException {
            return readBytes(bytes(value), filter);
        }

        public Result readBytes(byte[] bytes, ObjectInputFilter filter) throws IOException {
            ObjectInputStream in = open(bytes);
            if (filter != null) {
                in.setObjectInputFilter(filter);
            }
            try {
                return new Result(in.readObject(), null);
            } catch (Exception e) {
                return new Result(null, e);
            }
        }
    }

    /** Checks that r ended as the JDK's ends when a filter rejects: exactly InvalidClassException. */
    public static void expectRejected(Result r, String status, String what) {
        expect(r.thrown() != null && r.thrown().getClass() == InvalidClassException.class
               && ("filter status: " + status).equals(r.thrown().getMessage()),
               what + ": InvalidClassException(\"filter status: " + status + "\"), got " + r);
    }

    /**
     * Checks that r read an object deeply equal to what the JDK reads from
     * its stream of value with the same filter set (or none, if null).
     */
    public static void expectRead(Result r, Object value, ObjectInputFilter filter, String what) throws Exception {
        expect(r.read(), what + ": reads, got " + r);
        Result jdk = Reader.JDK.read(value, filter);
        expect(jdk.read(), what + ": the JDK reads its own stream too, got " + jdk);
        expect(Arrays.equals(FuzzCorpus.graphImage(r.value()), FuzzCorpus.graphImage(jdk.value())),
               what + ": reads what the JDK's stream reads");
    }
}

