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
 * @summary The serialization filters still trace what they decide to the
 *          "java.io.serialization" logger at TRACE, with the same messages
 *          and arguments, though the image asks whether TRACE is on before
 *          it makes the arguments: the builtin factory in each
 *          ObjectInputStream's constructor (two arguments), a pattern
 *          filter's decisions (three), a merged filter's (two and three)
 *          and a predicate filter's (two). With TRACE off nothing reaches
 *          the logger. The same holds on the stock JDK.
 * @modules java.logging
 * @run main/othervm -Djdk.serialFilter=java.lang.Integer;java.lang.Number;!java.lang.Long FilterTraceTest on
 * @run main/othervm -Djdk.serialFilter=java.lang.Integer;java.lang.Number;!java.lang.Long FilterTraceTest off
 * @run main/othervm -Xint -Djdk.serialFilter=java.lang.Integer;java.lang.Number;!java.lang.Long FilterTraceTest on
 * @run main/othervm -Xcomp -XX:-TieredCompilation -Djdk.serialFilter=java.lang.Integer;java.lang.Number;!java.lang.Long FilterTraceTest on
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

public class FilterTraceTest {

    /** Keeps what the serialization logger is given. */
    static final class Recorder extends Handler {
        final List<LogRecord> records = new ArrayList<>();

        @Override
        public synchronized void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        synchronized List<LogRecord> take() {
            List<LogRecord> all = new ArrayList<>(records);
            records.clear();
            return all;
        }
    }

    // Held here: a logger only weakly held by its LogManager may be collected with its level.
    private static final Logger SERIALIZATION = Logger.getLogger("java.io.serialization");

    public static void main(String[] args) throws Exception {
        boolean on = args[0].equals("on");
        Recorder recorder = new Recorder();
        recorder.setLevel(Level.ALL);
        SERIALIZATION.addHandler(recorder);
        SERIALIZATION.setUseParentHandlers(false);
        SERIALIZATION.setLevel(on ? Level.ALL : Level.INFO);

        // The builtin factory, asked by the constructor for the JVM-wide filter.
        ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
        check(jvmWide != null, "jdk.serialFilter is set: " + jvmWide);
        recorder.take();
        ObjectInputStream in = stream(Integer.valueOf(7));
        expect(on, recorder.take(), "Builtin factory: {0} -> new: {1}", null, jvmWide);

        // The pattern filter: allowed, then rejected.
        check(in.readObject().equals(7), "Integer read back");
        List<LogRecord> decisions = recorder.take();
        expect(on, decisions, "Pattern filter {0}, class: {1}, filter: {2}",
               ObjectInputFilter.Status.ALLOWED, Integer.class, jvmWide);
        ObjectInputStream refused = stream(Long.valueOf(8));
        recorder.take();
        try {
            refused.readObject();
            throw new AssertionError("java.lang.Long was read, though the filter rejects it");
        } catch (InvalidClassException expected) {
            // the JDK's exception for a rejected class
        }
        expect(on, recorder.take(), "Pattern filter {0}, class: {1}, filter: {2}",
               ObjectInputFilter.Status.REJECTED, Long.class, jvmWide);

        // A predicate filter (two arguments) merged with the pattern (three).
        ObjectInputFilter predicate = ObjectInputFilter.allowFilter(c -> c == Integer.class,
                                                                    ObjectInputFilter.Status.UNDECIDED);
        ObjectInputFilter merged = ObjectInputFilter.merge(predicate, jvmWide);
        ObjectInputStream both = stream(Integer.valueOf(9));
        both.setObjectInputFilter(merged);
        recorder.take();
        check(both.readObject().equals(9), "Integer read back through the merged filter");
        List<LogRecord> mergedDecisions = recorder.take();
        expect(on, mergedDecisions, "PredicateFilter {0}, filter: {1}",
               ObjectInputFilter.Status.ALLOWED, predicate);
        expect(on, mergedDecisions, "MergeFilter ALLOWED either: {0}, {1}, filter: {2}",
               ObjectInputFilter.Status.ALLOWED, ObjectInputFilter.Status.ALLOWED, merged);

        if (!on) {
            check(recorder.take().isEmpty(), "nothing logged with TRACE off");
        }
        System.out.println("PASSED: " + args[0]);
    }

    private static ObjectInputStream stream(Object obj) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(obj);
        }
        return new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    }

    /**
     * With TRACE on, one of the records has exactly this message and these
     * arguments (compared with equals, null allowed); with TRACE off, there
     * are no records at all.
     */
    private static void expect(boolean on, List<LogRecord> records, String message, Object... arguments) {
        if (!on) {
            check(records.isEmpty(), "TRACE off, yet the logger got " + describe(records));
            return;
        }
        for (LogRecord r : records) {
            if (message.equals(r.getMessage()) && Arrays.equals(arguments, r.getParameters())) {
                check(r.getLevel().intValue() <= Level.FINER.intValue(), "traced below DEBUG: " + r.getLevel());
                return;
            }
        }
        throw new AssertionError("no record \"" + message + "\" " + Arrays.toString(arguments)
                                 + " among " + describe(records));
    }

    private static String describe(List<LogRecord> records) {
        StringBuilder sb = new StringBuilder("[");
        for (LogRecord r : records) {
            sb.append("\n  ").append(r.getLevel()).append(' ').append(r.getMessage())
              .append(' ').append(Arrays.toString(r.getParameters()));
        }
        return sb.append(records.isEmpty() ? "]" : "\n]").toString();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
