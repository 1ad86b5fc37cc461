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
 * @summary The filter factory, from the jdk.serialFilterFactory property or
 *          set with ObjectInputFilter.Config.setSerialFilterFactory, makes
 *          the filter of a FastObjectInputStream as it makes that of an
 *          ObjectInputStream: called once when the stream is made, with
 *          (null, the JVM-wide filter), and once per setObjectInputFilter,
 *          with (the current filter, the new one); the stream's filter is
 *          what the factory returned, and it is the one consulted: it
 *          rejects Contraband, and the JVM-wide maxarray it delegates to
 *          rejects a long array; it is asked by the fast readers what the
 *          JDK asks it. Every fast source is checked.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FuzzCorpus Mutator FastStreamFuzzer FastFormat
 *        FilterSupport Contraband
 * @run main/othervm -Djdk.serialFilterFactory=FilterFactoryTest$RecordingFactory
 *                   -Djdk.serialFilter=maxarray=1000 FilterFactoryTest property
 * @run main/othervm -Djdk.serialFilter=maxarray=1000 FilterFactoryTest set
 */

import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FilterFactoryTest {

    /** One call of the factory. */
    record Call(ObjectInputFilter current, ObjectInputFilter next, ObjectInputFilter result) { }

    /**
     * Records its calls; returns a filter that rejects Contraband and
     * otherwise answers as next, then as current, would.
     */
    public static final class RecordingFactory implements BinaryOperator<ObjectInputFilter> {
        static final List<Call> CALLS = Collections.synchronizedList(new ArrayList<>());

        public RecordingFactory() { }

        @Override
        public ObjectInputFilter apply(ObjectInputFilter current, ObjectInputFilter next) {
            ObjectInputFilter result = new Combined(current, next);
            CALLS.add(new Call(current, next, result));
            return result;
        }
    }

    record Combined(ObjectInputFilter current, ObjectInputFilter next) implements ObjectInputFilter {
        /** The questions of the streams (not those one Combined asks another). */
        static final List<FilterSupport.Question> QUESTIONS = new ArrayList<>();
        private static boolean asking;

        @Override
        public Status checkInput(FilterInfo info) {
            boolean outermost = !asking;
            if (outermost) {
                QUESTIONS.add(FilterSupport.Question.of(info));
                asking = true;
            }
            try {
                if (info.serialClass() == Contraband.class) {
                    return Status.REJECTED;
                }
                Status status = next == null ? Status.UNDECIDED : next.checkInput(info);
                if (status == Status.UNDECIDED && current != null) {
                    status = current.checkInput(info);
                }
                return status;
            } finally {
                if (outermost) {
                    asking = false;
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("set")) {
            ObjectInputFilter.Config.setSerialFilterFactory(new RecordingFactory());
        }
        expect(ObjectInputFilter.Config.getSerialFilterFactory() instanceof RecordingFactory,
               "the filter factory is " + ObjectInputFilter.Config.getSerialFilterFactory());
        ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
        expect(jvmWide != null && jvmWide.toString().equals("maxarray=1000"), "the JVM-wide filter is " + jvmWide);

        Object contraband = new Object[] {"x", List.of(new Contraband())};
        Object customs = FilterSupport.graphs().get("customs");
        for (FilterSupport.Reader reader : FilterSupport.Reader.values()) {
            System.out.println("--- " + reader);
            byte[] bytes = reader.bytes(customs);
            RecordingFactory.CALLS.clear();
            ObjectInputStream in = reader.open(bytes);
            expectEquals(1, RecordingFactory.CALLS.size(), reader + ": the factory is called once by the constructor");
            Call made = RecordingFactory.CALLS.get(0);
            expect(made.current() == null && made.next() == jvmWide,
                   reader + ": with (null, the JVM-wide filter): " + made);
            expect(in.getObjectInputFilter() == made.result(), reader + ": the stream's filter is the factory's");

            ObjectInputFilter own = info -> ObjectInputFilter.Status.UNDECIDED;
            in.setObjectInputFilter(own);
            expectEquals(2, RecordingFactory.CALLS.size(), reader + ": the factory is called by setObjectInputFilter");
            Call set = RecordingFactory.CALLS.get(1);
            expect(set.current() == made.result() && set.next() == own,
                   reader + ": with (the current filter, the new one): " + set);
            expect(in.getObjectInputFilter() == set.result(), reader + ": the stream's filter is the factory's again");
            Object read = in.readObject();
            expect(read instanceof List<?> list && list.size() == ((List<?>) customs).size(),
                   reader + ": reads the custom classes through the factory's filter");
            expectEquals(2, RecordingFactory.CALLS.size(), reader + ": reading does not call the factory");

            FilterSupport.expectRejected(reader.read(contraband, null), "REJECTED",
                                         reader + ": Contraband, rejected by the factory's filter");
            FilterSupport.expectRejected(reader.read(contraband, own), "REJECTED",
                                         reader + ": Contraband, with a stream filter too");
            FilterSupport.expectRejected(reader.read(new int[1001], null), "REJECTED",
                                         reader + ": int[1001], rejected by the JVM-wide filter it delegates to");
            FilterSupport.expectRead(reader.read(new int[1000], own), new int[1000], own, reader + ": int[1000]");
        }
        // The factory's filter is asked by the fast readers what the JDK asks it.
        FilterSupport.Differences differences = new FilterSupport.Differences();
        Map<String, Object> graphs = FilterSupport.graphs();
        for (String name : List.of("rich", "customs", "singly linked, 200 deep")) {
            System.out.println("--- " + name + " through the factory's filter");
            FilterSupport.compareQuestions(differences, name, graphs.get(name),
                                           info -> ObjectInputFilter.Status.UNDECIDED, Combined.QUESTIONS);
        }
        differences.expectNone("the factory's filter is asked what the JDK asks it");
        System.out.println("PASSED");
    }
}
