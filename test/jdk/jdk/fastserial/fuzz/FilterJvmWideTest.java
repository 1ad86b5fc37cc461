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
 * @summary The JVM-wide filter, from the jdk.serialFilter property or set
 *          with ObjectInputFilter.Config.setSerialFilter, is the filter of
 *          every FastObjectInputStream made after it is in place (from a
 *          byte[], an InputStream or a MemorySegment), as it is of an
 *          ObjectInputStream: it rejects a class deep in a graph, an array
 *          beyond maxarray and a graph beyond maxdepth with
 *          InvalidClassException("filter status: REJECTED"), and lets the
 *          rest through; a stream made before setSerialFilter has no
 *          filter; a filter set on the stream replaces it (the builtin
 *          filter factory). A JVM-wide filter that records its questions
 *          is asked by the fast readers what the JDK asks it.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FuzzCorpus Mutator FastStreamFuzzer FastFormat
 *        FilterSupport Contraband
 * @run main/othervm -Djdk.serialFilter=!Contraband;maxarray=100000;maxdepth=40 FilterJvmWideTest property
 * @run main/othervm FilterJvmWideTest set
 */

import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static grande.test.Checks.expect;

public class FilterJvmWideTest {

    /** The pattern filter, recording its questions. */
    record Recording(ObjectInputFilter pattern) implements ObjectInputFilter {
        static final List<FilterSupport.Question> QUESTIONS = new ArrayList<>();

        @Override
        public Status checkInput(FilterInfo info) {
            QUESTIONS.add(FilterSupport.Question.of(info));
            return pattern.checkInput(info);
        }

        @Override
        public String toString() {
            return pattern.toString();
        }
    }

    static final String PATTERN = "!Contraband;maxarray=100000;maxdepth=40";

    public static void main(String[] args) throws Exception {
        Object contraband = List.of(new FuzzCorpus.Point(1, 2, "p"),
                                    new Object[] {"x", new ArrayList<>(List.of(new Contraband()))});
        List<ObjectInputStream> madeBefore = new ArrayList<>();
        if (args[0].equals("set")) {
            expect(ObjectInputFilter.Config.getSerialFilter() == null, "no JVM-wide filter before it is set");
            for (FilterSupport.Reader reader : FilterSupport.Reader.values()) {
                madeBefore.add(reader.open(reader.bytes(contraband)));
            }
            ObjectInputFilter.Config.setSerialFilter(new Recording(ObjectInputFilter.Config.createFilter(PATTERN)));
        }
        ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
        expect(jvmWide != null && jvmWide.toString().equals(PATTERN), "the JVM-wide filter is " + jvmWide);

        Map<String, Object> graphs = FilterSupport.graphs();
        FilterSupport.Differences differences = new FilterSupport.Differences();
        for (FilterSupport.Reader reader : FilterSupport.Reader.values()) {
            System.out.println("--- " + reader);
            ObjectInputStream in = reader.open(reader.bytes("s"));
            expect(in.getObjectInputFilter() == jvmWide, reader + ": the stream's filter is the JVM-wide filter");

            differences.collect(() -> {
                FilterSupport.expectRejected(reader.read(contraband, null), "REJECTED", reader + ": Contraband");
                FilterSupport.expectRead(reader.read(new int[100_000], null), new int[100_000], null,
                                         reader + ": int[100000]");
                FilterSupport.expectRejected(reader.read(new int[100_001], null), "REJECTED",
                                             reader + ": int[100001] beyond maxarray");
                FilterSupport.expectRejected(reader.read(new Object[] {"x", new long[100_001]}, null), "REJECTED",
                                             reader + ": long[100001] in an Object[] beyond maxarray");
            });
            differences.collect(() -> {
                FilterSupport.expectRead(reader.read(FuzzCorpus.chain(20), null), FuzzCorpus.chain(20), null,
                                         reader + ": a chain of 20");
                FilterSupport.expectRejected(reader.read(FuzzCorpus.chain(60), null), "REJECTED",
                                             reader + ": a chain of 60 beyond maxdepth");
            });
            differences.collect(() -> FilterSupport.expectRejected(reader.read(FuzzCorpus.singlyLinked(60), null),
                    "REJECTED", reader + ": a singly linked list of 60 (one type) beyond maxdepth"));
            for (String name : List.of("rich", "collections", "customs", "arrays")) {
                differences.collect(() -> FilterSupport.expectRead(reader.read(graphs.get(name), null),
                                                                   graphs.get(name), null, reader + ": " + name));
            }

            // The builtin factory: a stream's own filter replaces the JVM-wide one.
            ObjectInputFilter allowAll = info -> ObjectInputFilter.Status.ALLOWED;
            differences.collect(() -> FilterSupport.expectRead(reader.read(contraband, allowAll), contraband, allowAll,
                    reader + ": Contraband with a stream filter that allows all"));
            ObjectInputStream own = reader.open(reader.bytes("s"));
            own.setObjectInputFilter(allowAll);
            expect(own.getObjectInputFilter() == allowAll, reader + ": the stream's own filter replaced it");
        }

        if (args[0].equals("set")) {
            // The JVM-wide filter records its questions: the fast readers ask it what the JDK asks.
            for (String name : List.of("rich", "customs", "300 objects")) {
                System.out.println("--- " + name + " under the JVM-wide filter");
                FilterSupport.compareQuestions(differences, name, graphs.get(name), null, Recording.QUESTIONS);
            }
        }

        for (ObjectInputStream before : madeBefore) {
            Object read = before.readObject();
            expect(read instanceof List<?>, before.getClass().getName()
                   + " made before setSerialFilter has no filter and reads Contraband");
        }
        differences.expectNone("the fast readers and the JDK's agree under the JVM-wide filter");
        System.out.println("PASSED");
    }
}
