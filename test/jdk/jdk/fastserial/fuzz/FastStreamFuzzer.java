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
import java.io.ObjectInputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Fuzzes the readers of object streams: mutates valid streams of the
 * FuzzCorpus graphs (FuzzCorpus.fuzzScripts; see Mutator: byte-level
 * mutations and, where the format has a parser, structure-aware ones), reads
 * each mutated stream and classifies the outcome. Allowed outcomes are a
 * normal return, an IOException (the JDK's StreamCorruptedException,
 * InvalidClassException, EOFException, OptionalDataException, ...),
 * ClassNotFoundException, the ClassCastException the JDK's reader throws
 * for a field value of the wrong type ("cannot assign instance of ...", see
 * isFieldAssignment), and what a class's own readObject (readResolve, ...)
 * throws on the values it is given, which the JDK passes on unchanged
 * (counted apart as "class code"); anything else (NullPointerException,
 * any other ClassCastException, ArrayIndexOutOfBoundsException,
 * IllegalArgumentException, IllegalStateException, ArrayStoreException from
 * the reader, any OutOfMemoryError or StackOverflowError) and a read that
 * does not finish within the hang limit are failures, reported with the
 * seed and the mutation that reproduce them, and summed up by signature:
 * where in the reader they come from and the reader's top frames.
 *
 * <p>Before fuzzing, the fast target checks that its parser understands
 * every valid stream, and probes missing classes: each valid stream with
 * each class it names renamed to a missing one, read as the JDK's reader
 * reads its own stream so changed (probeMissingClasses).
 *
 * <p>Formats: "fast" reads jdk.fastserial streams with FastObjectInputStream
 * (from a byte[], from an InputStream that delivers a few bytes per read,
 * and from a native MemorySegment); "jdk" reads the JDK's streams of the
 * same graphs with ObjectInputStream, with the same kinds of mutations, for
 * comparison (it also runs on a stock JDK, without jdk.fastserial).
 *
 * <pre>
 * java -Xmx256m -XX:-OmitStackTraceInFastThrow -cp CLASSES FastStreamFuzzer [--target fast|jdk|both]
 *      [--seed N] [--iterations N] [--seconds S] [--hang-ms MS]
 *      [--reports N] [--replay ITERATION [--dump FILE]] [--probes]
 * </pre>
 * Each target runs for the iterations or the seconds, whichever ends first
 * (defaults: 100000 iterations; with --seconds alone, no iteration limit);
 * --hang-ms bounds one read (10000); --reports is how many failures are
 * described (20); --probes runs the checks and missing-class probes only.
 * Exit status 1 when the fast reader failed (the jdk target only reports).
 */
public final class FastStreamFuzzer {

    /** A stream format: writes a script's valid stream, reads a stream back. */
    public interface Format {
        String name();

        /** The kinds of source the reader takes its bytes from; the seed picks one per stream. */
        List<String> sources();

        byte[] write(FuzzCorpus.Script script) throws IOException;

        List<Object> read(byte[] stream, FuzzCorpus.Script script, int source)
                throws IOException, ClassNotFoundException;

        /** One more object for the corpus that only this format can add, or null. */
        default Object extraObject() {
            return null;
        }

        /** The parser of this format's streams for structure-aware mutations, or null (byte mutations only). */
        default Mutator.Parser parser() {
            return null;
        }
    }

    /** The JDK's own streams, read with ObjectInputStream. */
    public static final class JdkFormat implements Format {
        @Override
        public String name() {
            return "jdk";
        }

        @Override
        public List<String> sources() {
            return List.of("bytes");
        }

        @Override
        public byte[] write(FuzzCorpus.Script script) throws IOException {
            return FuzzCorpus.jdkBytes(script);
        }

        @Override
        public List<Object> read(byte[] stream, FuzzCorpus.Script script, int source)
                throws IOException, ClassNotFoundException {
            return FuzzCorpus.read(new ObjectInputStream(new ByteArrayInputStream(stream)), script);
        }
    }

    /** The fast format (class FastFormat), or null where jdk.fastserial is missing. */
    public static Format fastFormat() {
        if (ModuleLayer.boot().findModule("jdk.fastserial").isEmpty()) {
            return null;
        }
        try {
            return (Format) Class.forName("FastFormat").getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FastFormat is not on the class path", e);
        }
    }

    /** How a run goes. */
    public record Options(long seed, long iterations, long seconds, long hangMillis, int maxReports) {
        public Options {
            if (iterations <= 0 || seconds <= 0 || hangMillis <= 0) {
                throw new IllegalArgumentException("iterations, seconds and hang-ms must be positive");
            }
        }
    }

    /**
     * A kind of failure: the exception, where in the reader it comes from
     * (the location: the frames above the reader's topmost frame, where a
     * library method it called threw, and that frame) and how the reader
     * got there (the reader's top SIGNATURE_FRAMES frames).
     */
    public static final class Signature {
        final String location;
        final String frames;
        // The simplest example: the fewest mutations, the shortest stream.
        String message;
        String example;
        String reproduce;
        long size = Long.MAX_VALUE;
        long count;

        Signature(String location, String frames) {
            this.location = location;
            this.frames = frames;
        }

        public String location() {
            return location;
        }

        public String frames() {
            return frames;
        }

        public long count() {
            return count;
        }
    }

    /** What a run found. */
    public static final class Report {
        final String format;
        final long seed;
        final Map<String, Long> outcomes = new TreeMap<>();
        final List<String> failureReports = new ArrayList<>();
        final Map<String, Signature> signatures = new java.util.LinkedHashMap<>();
        long done;
        long failures;
        long nanos;
        String hang;

        Report(String format, long seed) {
            this.format = format;
            this.seed = seed;
        }

        public long done() {
            return done;
        }

        public long failures() {
            return failures;
        }

        /** Null, or where the reader hung. */
        public String hang() {
            return hang;
        }

        public Map<String, Long> outcomes() {
            return outcomes;
        }

        public List<String> failureReports() {
            return failureReports;
        }

        /** The failures' signatures, most frequent first. */
        public List<Signature> signatures() {
            List<Signature> list = new ArrayList<>(signatures.values());
            list.sort((x, y) -> Long.compare(y.count, x.count));
            return list;
        }

        /** Counts a failure; size orders examples of a signature (the smallest is shown). */
        void addFailure(Throwable outcome, String example, String reproduce, long size) {
            String location = location(outcome);
            String frames = readerFrames(outcome);
            Signature sig = signatures.computeIfAbsent(location + "\n" + frames, k -> new Signature(location, frames));
            sig.count++;
            if (size < sig.size) {
                sig.size = size;
                sig.message = String.valueOf(outcome);
                sig.example = example;
                sig.reproduce = reproduce;
            }
        }

        /** The failures by location, most frequent first, each location's signatures most frequent first. */
        public Map<String, List<Signature>> locations() {
            Map<String, List<Signature>> byLocation = new java.util.LinkedHashMap<>();
            Map<String, Long> totals = new java.util.HashMap<>();
            for (Signature sig : signatures()) {
                byLocation.computeIfAbsent(sig.location, k -> new ArrayList<>()).add(sig);
                totals.merge(sig.location, sig.count, Long::sum);
            }
            List<String> order = new ArrayList<>(byLocation.keySet());
            order.sort((x, y) -> Long.compare(totals.get(y), totals.get(x)));
            Map<String, List<Signature>> sorted = new java.util.LinkedHashMap<>();
            for (String location : order) {
                sorted.put(location, byLocation.get(location));
            }
            return sorted;
        }

        public boolean passed() {
            return failures == 0 && hang == null;
        }

        public void print(PrintStream out) {
            double seconds = nanos / 1e9;
            out.printf("%s: %d mutated streams in %.1f s (%.0f/s), seed %s, %d failures%s%n",
                       format, done, seconds, done / Math.max(seconds, 1e-9), seedString(seed), failures,
                       hang == null ? "" : ", HANG");
            outcomes.forEach((outcome, n) -> out.printf("    %-40s %8d%n", outcome, n));
            for (String report : failureReports) {
                out.println(report);
            }
            if (failures > failureReports.size()) {
                out.println("    (" + (failures - failureReports.size()) + " more failures not shown)");
            }
            if (!signatures.isEmpty()) {
                Map<String, List<Signature>> locations = locations();
                out.printf("%s: %d failures at %d places in the reader, %d signatures (the reader's top %d frames,"
                           + " innermost first):%n", format, failures, locations.size(), signatures.size(),
                           SIGNATURE_FRAMES);
                locations.forEach((location, sigs) -> {
                    Signature first = sigs.stream().min((x, y) -> Long.compare(x.size, y.size)).get();
                    long total = sigs.stream().mapToLong(Signature::count).sum();
                    out.printf("  %8d  %s%n", total, location.replace("\n", "\n            "));
                    out.println("            e.g. " + first.message);
                    out.println("            simplest: " + first.example);
                    out.println("            reproduce: " + first.reproduce);
                    for (Signature sig : sigs) {
                        out.printf("            %8d  %s%n", sig.count, sig.frames);
                    }
                });
            }
            if (hang != null) {
                out.println(hang);
            }
        }
    }

    /** One mutated stream of a run, made again from the seed and its number. */
    record Case(int script, int source, Mutator.Mutation mutation) { }

    private final Format format;
    private final List<FuzzCorpus.Script> scripts;
    private final List<byte[]> valid = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final Mutator.Parser parser;
    private final List<Mutator.Structure> structures = new ArrayList<>();

    public FastStreamFuzzer(Format format, List<FuzzCorpus.Script> scripts) throws IOException {
        this.format = format;
        this.scripts = scripts;
        this.parser = format.parser();
        for (FuzzCorpus.Script script : scripts) {
            byte[] stream = format.write(script);
            valid.add(stream);
            names.add(script.name());
            if (parser != null) {
                structures.add(parser.parse(stream));
            }
        }
    }

    Case makeCase(long seed, long iteration) {
        SplittableRandom random = new SplittableRandom(mix(seed + iteration * 0x9e3779b97f4a7c15L));
        int script = random.nextInt(valid.size());
        int source = (int) Long.remainderUnsigned(mix(seed ^ iteration), format.sources().size());
        Mutator.Mutation mutation = Mutator.mutate(valid.get(script), valid, names, structures, parser, random);
        return new Case(script, source, mutation);
    }

    /**
     * Checks that the format's parser understands every valid stream to its
     * end, with every back reference and type id in range: the
     * structure-aware mutations see what the reader sees. Throws
     * AssertionError otherwise; returns the number of parts found.
     */
    public int checkStructures() {
        int parts = 0;
        for (int i = 0; i < valid.size() && parser != null; i++) {
            Mutator.Structure st = structures.get(i);
            if (!st.complete()) {
                Mutator.Token last = st.tokens().isEmpty() ? null : st.tokens().get(st.tokens().size() - 1);
                throw new AssertionError(format.name() + ": the parser stops in the valid stream of script "
                        + scripts.get(i) + " (" + valid.get(i).length + " bytes) after " + last);
            }
            for (Mutator.Token t : st.tokens()) {
                if ((t.part() == Mutator.Part.HANDLE || t.part() == Mutator.Part.TYPE_ID) && t.value() >= t.bound()) {
                    throw new AssertionError(format.name() + ": " + t + " out of range in script " + scripts.get(i));
                }
            }
            parts += st.tokens().size();
        }
        return parts;
    }

    /**
     * Reads every valid stream from every source and checks it against
     * reference, the JDK's images of what the JDK's streams read back (one
     * per script). Throws AssertionError naming the first difference.
     */
    public void checkValidStreams(List<byte[]> reference) throws Exception {
        for (int i = 0; i < scripts.size(); i++) {
            for (int source = 0; source < format.sources().size(); source++) {
                List<Object> values = format.read(valid.get(i), scripts.get(i), source);
                byte[] image = FuzzCorpus.graphImage(new ArrayList<>(values));
                if (!Arrays.equals(image, reference.get(i))) {
                    throw new AssertionError(format.name() + ": the valid stream of script " + scripts.get(i)
                            + " read from " + format.sources().get(source)
                            + " differs from what the JDK reads from its own stream: " + values);
                }
            }
        }
    }

    /** Reads a case's stream; returns the outcome: null for a normal return, or what was thrown. */
    Throwable readCase(Case c) {
        try {
            format.read(c.mutation().bytes(), scripts.get(c.script()), c.source());
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /**
     * Allowed outcomes: those of the JDK's semantics for bad input. A read
     * returns, or ends in an IOException (any subclass) or a
     * ClassNotFoundException; in a ClassCastException only where the JDK's
     * reader throws one itself, for a field value of the wrong type (see
     * {@link #isFieldAssignment}); or in what a class's own code throws (see
     * {@link #thrownByClassCode}). Anything else from the reader
     * (NullPointerException, another ClassCastException,
     * ArrayIndexOutOfBoundsException, IllegalArgumentException,
     * IllegalStateException, any Error) is a failure.
     */
    public static boolean allowed(Throwable t) {
        return t == null || t instanceof IOException || t instanceof ClassNotFoundException
               || isFieldAssignment(t) || thrownByClassCode(t);
    }

    /**
     * Whether t is the ClassCastException that the JDK's reader throws for a
     * value of the wrong type for a field, as
     * ObjectStreamClass.FieldReflector.setObjFieldValues words it ("cannot
     * assign instance of V to field C.f of type T in instance of O"), thrown
     * where the reader assigns the field: jdk.fastserial's field setter
     * (TypeInfo.RefField.set) or a generated marshaler (a hidden class,
     * whose frames traces omit: the frame on top is then the reader's call
     * of the marshaler), or the JDK's FieldReflector. Any other
     * ClassCastException of the reader (an array element, a cast of its
     * own) is a failure.
     */
    public static boolean isFieldAssignment(Throwable t) {
        if (!(t instanceof ClassCastException) || t.getMessage() == null
                || !t.getMessage().startsWith("cannot assign instance of ") || !t.getMessage().contains(" to field ")) {
            return false;
        }
        StackTraceElement[] trace = t.getStackTrace();
        if (trace.length == 0) {
            return false;
        }
        StackTraceElement top = trace[0];
        return "jdk.fastserial".equals(top.getModuleName())
               || top.getMethodName().equals("cannotAssign")      // a marshaler, -XX:+ShowHiddenFrames
               || top.getClassName().equals("java.io.ObjectStreamClass$FieldReflector");
    }

    /** The methods of a class that a reader calls to make an object of it. */
    private static final Set<String> CLASS_HOOKS =
            Set.of("readObject", "readObjectNoData", "readResolve", "readExternal", "readFast");

    /**
     * Whether t is what a class's own deserialization code threw (a
     * readObject, readResolve, readExternal or readFast, and what it calls),
     * as java.math.BigInteger.readObject throws a NullPointerException when
     * a corrupt stream gives it a null magnitude, found by the first frame
     * of such a method above any frame of the reader, or by the fast
     * reader's readHashMap (HashMap.readObject's work, done in the reader)
     * as the first frame of the reader.
     * The JDK propagates those as they are, and so must a drop-in reader;
     * they say nothing about the reader. OutOfMemoryError never counts as
     * such: a reader must not let a stream make a class allocate without
     * bound. A StackOverflowError counts only if the whole overflowing
     * recursion lies in class code, with no reader frame above the hook
     * (HashMap.readObject hashing a key whose hashCode recurses through a
     * cycle the stream describes: legal graphs, which the JDK's reader
     * builds the same way); the reader's own recursion still fails. The
     * test runs with -XX:MaxJavaStackTraceDepth large enough that the
     * hook's frame below the recursion is in the trace.
     */
    public static boolean thrownByClassCode(Throwable t) {
        if (t == null || t instanceof OutOfMemoryError) {
            return false;
        }
        StackTraceElement above = null;
        for (StackTraceElement frame : t.getStackTrace()) {
            if (isReader(frame)) {
                // The fast reader does HashMap.readObject's work itself for a
                // HashMap: what the map's put throws (hashing a key) is class
                // code, as it is under readObject.
                return frame.getClassName().equals("jdk.fastserial.FastObjectInputStream")
                       && frame.getMethodName().equals("readHashMap")
                       && above != null && above.getClassName().equals("java.util.HashMap")
                       && above.getMethodName().equals("put");
            }
            if (CLASS_HOOKS.contains(frame.getMethodName())) {
                return true;
            }
            above = frame;
        }
        return false;
    }

    /** A frame of the readers themselves: jdk.fastserial, or the JDK's ObjectInputStream. */
    private static boolean isReader(StackTraceElement frame) {
        return "jdk.fastserial".equals(frame.getModuleName())
               || frame.getClassName().startsWith("java.io.ObjectInputStream");
    }

    static String outcomeName(Throwable t) {
        if (t == null) {
            return "returned";
        }
        if (t instanceof IOException || t instanceof ClassNotFoundException) {
            return t.getClass().getName();
        }
        if (isFieldAssignment(t)) {
            return t.getClass().getName() + " (field assignment)";
        }
        if (thrownByClassCode(t)) {
            return "class code: " + t.getClass().getName();
        }
        // The JIT throws some exceptions without a stack trace, which hides where they come from.
        return "FAIL " + t.getClass().getName() + (t.getStackTrace().length == 0 && !(t instanceof VirtualMachineError)
                                                   ? " (no stack trace: use -XX:-OmitStackTraceInFastThrow)" : "");
    }

    /**
     * Runs the mutations on a worker thread while this thread watches for a
     * hang: a read that takes longer than the hang limit ends the run.
     */
    public Report run(Options options) throws InterruptedException {
        Report report = new Report(format.name(), options.seed());
        long budget = options.seconds() > Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE
                                                                          : options.seconds() * 1_000_000_000L;
        long[] current = {-1, 0};   // iteration, its start (nanos); read by the watcher
        Object lock = new Object();
        Runnable task = () -> {
            long start = System.nanoTime();
            for (long i = 0; i < options.iterations() && System.nanoTime() - start < budget; i++) {
                Case c = makeCase(options.seed(), i);
                synchronized (lock) {
                    current[0] = i;
                    current[1] = System.nanoTime();
                }
                Throwable outcome = readCase(c);
                synchronized (lock) {
                    current[0] = -1;
                    report.done = i + 1;
                    report.nanos = System.nanoTime() - start;
                    report.outcomes.merge(outcomeName(outcome), 1L, Long::sum);
                    if (!allowed(outcome)) {
                        report.failures++;
                        if (report.failureReports.size() < options.maxReports()) {
                            report.failureReports.add(describe(options.seed(), i, c, outcome, 12));
                        }
                        long mutations = c.mutation().description().chars().filter(ch -> ch == ' ').count() + 1;
                        report.addFailure(outcome, "#" + i + ": script " + scripts.get(c.script()) + ", source "
                                          + format.sources().get(c.source()) + ", mutation "
                                          + c.mutation().description(), replayCommand(options.seed(), i),
                                          mutations << 32 | c.mutation().bytes().length);
                    }
                }
            }
        };
        Thread worker = new Thread(null, task, "fuzz-" + format.name());
        worker.setDaemon(true);   // a hung reader must not keep the VM alive
        worker.start();
        while (worker.isAlive()) {
            worker.join(100);
            synchronized (lock) {
                long i = current[0];
                if (i >= 0 && System.nanoTime() - current[1] > options.hangMillis() * 1_000_000L) {
                    Case c = makeCase(options.seed(), i);
                    StringBuilder sb = new StringBuilder(describe(options.seed(), i, c, null, 0));
                    sb.append("\n    HANG: no result after ").append(options.hangMillis())
                      .append(" ms; the reader is at");
                    for (StackTraceElement e : worker.getStackTrace()) {
                        sb.append("\n        at ").append(e);
                    }
                    report.hang = sb.toString();
                    return report;
                }
            }
        }
        return report;
    }

    /** A failure and how to make it again. */
    String describe(long seed, long iteration, Case c, Throwable outcome, int frames) {
        StringBuilder sb = new StringBuilder();
        sb.append("FAILURE ").append(format.name()).append(" #").append(iteration)
          .append(": script ").append(scripts.get(c.script()))
          .append(", source ").append(format.sources().get(c.source()))
          .append(", mutation ").append(c.mutation().description())
          .append(", ").append(c.mutation().bytes().length).append(" bytes");
        if (outcome != null) {
            sb.append("\n    ").append(outcome);
            StackTraceElement[] trace = outcome.getStackTrace();
            for (int k = 0; k < Math.min(frames, trace.length); k++) {
                sb.append("\n        at ").append(trace[k]);
            }
        }
        sb.append("\n    reproduce: ").append(replayCommand(seed, iteration));
        return sb.toString();
    }

    String replayCommand(long seed, long iteration) {
        return "java -cp <test classes> FastStreamFuzzer --target " + format.name() + " --seed " + seedString(seed)
               + " --replay " + iteration;
    }

    /** How many of the reader's frames a signature holds. */
    static final int SIGNATURE_FRAMES = 6;

    /**
     * Where in the reader a failure comes from: the exception's class, the
     * frames above the reader's topmost frame (a library method the reader
     * called, or class code, at most two) and that frame of the reader
     * (jdk.fastserial, or the JDK's ObjectInputStream).
     */
    static String location(Throwable t) {
        StringBuilder sb = new StringBuilder(t.getClass().getName());
        StackTraceElement[] trace = t.getStackTrace();
        if (trace.length == 0) {
            return sb.append(" (no stack trace)").toString();
        }
        int first = 0;
        while (first < trace.length && !isReader(trace[first])) {
            first++;
        }
        for (int k = 0; k < Math.min(first, 2); k++) {
            sb.append("\n    at ").append(trace[k]);
        }
        if (first > 2) {
            sb.append("\n    ...");
        }
        if (first < trace.length) {
            sb.append("\n    at ").append(trace[first]);
        }
        return sb.toString();
    }

    /** The reader's top SIGNATURE_FRAMES frames, innermost first, briefly ("Class.method:line < ..."). */
    static String readerFrames(Throwable t) {
        StringBuilder sb = new StringBuilder();
        int shown = 0;
        for (StackTraceElement e : t.getStackTrace()) {
            if (shown == SIGNATURE_FRAMES) {
                break;
            }
            if (isReader(e)) {
                String cl = e.getClassName();
                sb.append(shown == 0 ? "" : " < ").append(cl.substring(cl.lastIndexOf('.') + 1)).append('.')
                  .append(e.getMethodName()).append(':').append(e.getLineNumber());
                shown++;
            }
        }
        return sb.isEmpty() ? "(no frame of the reader)" : sb.toString();
    }

    // ------------------------------------------------- missing classes --

    /**
     * Reads every valid stream with each class that it names missing (the
     * name changed in its last character, in the fast stream and in the
     * JDK's stream of the same script alike), from every source, and
     * compares the outcome with the JDK's reading its own stream: the read
     * must end as the allowed outcomes say, and where it ends in class code
     * (a readObject or readResolve that got null for the missing class,
     * as EnumMap.readObject or EnumSet's proxy), the JDK's must too: the
     * JDK does not run a class's readObject on, or resolve, an object whose
     * data named a missing class (its defaultReadObject throws the
     * ClassNotFoundException), so such class code is the reader's doing.
     * The report counts the outcomes ("fast / jdk") and the failures.
     */
    public Report probeMissingClasses(Format reference, int maxReports) throws IOException {
        Report report = new Report(format.name() + " missing-class probes", 0);
        long start = System.nanoTime();
        ClassLoader loader = FastStreamFuzzer.class.getClassLoader();
        for (int i = 0; i < scripts.size() && parser != null; i++) {
            FuzzCorpus.Script script = scripts.get(i);
            byte[] jdkStream = reference.write(script);
            java.util.LinkedHashSet<String> classNames = new java.util.LinkedHashSet<>();
            for (Mutator.Token t : structures.get(i).tokens()) {
                if (t.part() == Mutator.Part.CLASS_NAME) {
                    byte[] v = valid.get(i);
                    int header = (int) t.value();
                    if ((v[t.offset()] & 1) != 0) {          // Latin-1
                        classNames.add(new String(v, t.offset() + header, t.length() - header,
                                                  java.nio.charset.StandardCharsets.ISO_8859_1));
                    }
                }
            }
            for (String name : classNames) {
                String missing = missingName(name, loader);
                if (missing == null) {
                    continue;
                }
                byte[] from = name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                byte[] to = missing.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                byte[] fastStream = FuzzCorpus.replaceAll(valid.get(i), from, to);
                Throwable jdkOutcome;
                try {
                    reference.read(FuzzCorpus.replaceAll(jdkStream, from, to), script, 0);
                    jdkOutcome = null;
                } catch (Throwable t) {
                    jdkOutcome = t;
                }
                for (int source = 0; source < format.sources().size(); source++) {
                    Throwable outcome;
                    try {
                        format.read(fastStream, script, source);
                        outcome = null;
                    } catch (Throwable t) {
                        outcome = t;
                    }
                    report.done++;
                    report.outcomes.merge(outcomeName(outcome) + " / " + outcomeName(jdkOutcome), 1L, Long::sum);
                    boolean failed = !allowed(outcome)
                            || thrownByClassCode(outcome) && !(outcome instanceof IOException)
                               && !thrownByClassCode(jdkOutcome);
                    if (failed) {
                        report.failures++;
                        String what = "script " + script + ", class " + name + " missing (as " + missing
                                      + "), source " + format.sources().get(source) + ": the JDK's reader ends in "
                                      + (jdkOutcome == null ? "a normal return" : jdkOutcome);
                        if (report.failureReports.size() < maxReports) {
                            StringBuilder sb = new StringBuilder("FAILURE ").append(what).append("\n    ").append(outcome);
                            StackTraceElement[] trace = outcome.getStackTrace();
                            for (int k = 0; k < Math.min(12, trace.length); k++) {
                                sb.append("\n        at ").append(trace[k]);
                            }
                            report.failureReports.add(sb.toString());
                        }
                        report.addFailure(outcome, what, "java -cp <test classes> FastStreamFuzzer --probes",
                                          fastStream.length);
                    }
                }
            }
        }
        report.nanos = System.nanoTime() - start;
        return report;
    }

    /** name with its last character changed so that no class has it, or null (an array, a primitive type). */
    private static String missingName(String name, ClassLoader loader) {
        if (name.startsWith("[") || name.indexOf('.') < 0 && name.indexOf('$') < 0) {
            return null;
        }
        for (char c : "QXZqxz".toCharArray()) {
            String candidate = name.substring(0, name.length() - 1) + c;
            if (candidate.equals(name)) {
                continue;
            }
            try {
                Class.forName(candidate, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                return candidate;
            }
        }
        return null;
    }

    /** Makes one case again and prints it whole: the bytes, the outcome, its stack trace. */
    public boolean replay(long seed, long iteration, Path dump, PrintStream out) throws IOException {
        Case c = makeCase(seed, iteration);
        out.println("replay " + format.name() + " seed " + seedString(seed) + " #" + iteration
                    + ": script " + scripts.get(c.script()) + " (" + valid.get(c.script()).length + " bytes)"
                    + ", source " + format.sources().get(c.source()) + ", mutation " + c.mutation().description());
        out.println("valid:   " + Mutator.hex(valid.get(c.script())));
        out.println("mutated: " + Mutator.hex(c.mutation().bytes()));
        if (dump != null) {
            Files.write(dump, c.mutation().bytes());
            out.println("wrote " + dump);
        }
        Throwable outcome = readCase(c);
        out.println("outcome: " + outcomeName(outcome));
        if (outcome != null) {
            outcome.printStackTrace(out);
        }
        return allowed(outcome);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static String seedString(long seed) {
        return "0x" + Long.toHexString(seed);
    }

    static long parseSeed(String s) {
        return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
    }

    /** The JDK's images of what the JDK's streams of the scripts read back, the reference for a format. */
    public static List<byte[]> reference(List<FuzzCorpus.Script> scripts) throws Exception {
        JdkFormat jdk = new JdkFormat();
        List<byte[]> images = new ArrayList<>();
        for (FuzzCorpus.Script script : scripts) {
            images.add(FuzzCorpus.graphImage(new ArrayList<>(jdk.read(jdk.write(script), script, 0))));
        }
        return images;
    }

    public static void main(String[] args) throws Exception {
        String target = "fast";
        long seed = ThreadLocalRandom.current().nextLong();
        long iterations = -1;
        long seconds = Long.MAX_VALUE;
        long hangMillis = 10_000;
        long replay = -1;
        int maxReports = 20;
        boolean probesOnly = false;
        Path dump = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--target" -> target = value;
                case "--seed" -> seed = parseSeed(value);
                case "--iterations" -> iterations = Long.parseLong(value);
                case "--seconds" -> seconds = Long.parseLong(value);
                case "--hang-ms" -> hangMillis = Long.parseLong(value);
                case "--replay" -> replay = Long.parseLong(value);
                case "--dump" -> dump = Path.of(value);
                case "--reports" -> maxReports = Integer.parseInt(value);
                case "--probes" -> {
                    probesOnly = true;
                    i--;
                }
                default -> {
                    System.err.println("unknown option " + args[i]
                            + "\nusage: FastStreamFuzzer [--target fast|jdk|both]"
                            + " [--seed N] [--iterations N] [--seconds S] [--hang-ms MS] [--reports N]"
                            + " [--replay I [--dump FILE]] [--probes]");
                    System.exit(2);
                }
            }
            i++;
        }

        if (iterations < 0) {
            iterations = seconds == Long.MAX_VALUE ? 100_000 : Long.MAX_VALUE;
        }
        Format fast = fastFormat();
        if (fast == null && !target.equals("jdk")) {
            System.err.println("jdk.fastserial is not in this runtime; only --target jdk runs here");
            System.exit(2);
        }
        List<FuzzCorpus.Script> scripts = FuzzCorpus.fuzzScripts(fast == null ? null : fast.extraObject());
        List<Format> formats = new ArrayList<>();
        if (!target.equals("jdk")) {
            formats.add(fast);
        }
        if (!target.equals("fast")) {
            formats.add(new JdkFormat());
        }
        System.out.println("FastStreamFuzzer: seed " + seedString(seed) + " (--seed to repeat), "
                           + Runtime.version() + ", max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MB");

        boolean fastFailed = false;
        List<byte[]> reference = reference(scripts);
        List<Report> reports = new ArrayList<>();
        for (Format format : formats) {
            FastStreamFuzzer fuzzer = new FastStreamFuzzer(format, scripts);
            if (replay >= 0) {
                fastFailed |= !fuzzer.replay(seed, replay, dump, System.out) && format == fast;
                continue;
            }
            fuzzer.checkValidStreams(reference);
            if (format == fast) {
                System.out.println("the parser finds " + fuzzer.checkStructures() + " parts in the "
                                   + scripts.size() + " valid streams");
                Report probes = fuzzer.probeMissingClasses(new JdkFormat(), maxReports);
                probes.print(System.out);
                fastFailed |= !probes.passed();
            }
            if (probesOnly) {
                continue;
            }
            Report report = fuzzer.run(new Options(seed, iterations, seconds, hangMillis, maxReports));
            report.print(System.out);
            reports.add(report);
            fastFailed |= !report.passed() && format == fast;
            if (report.hang() != null) {
                break;   // the hung worker still holds the CPU
            }
        }
        if (reports.size() == 2) {
            printSideBySide(reports.get(0), reports.get(1), System.out);
        }
        System.exit(fastFailed ? 1 : 0);
    }

    static void printSideBySide(Report a, Report b, PrintStream out) {
        TreeMap<String, long[]> rows = new TreeMap<>();
        a.outcomes.forEach((k, v) -> rows.computeIfAbsent(k, x -> new long[2])[0] = v);
        b.outcomes.forEach((k, v) -> rows.computeIfAbsent(k, x -> new long[2])[1] = v);
        out.printf("%n%-48s %10s %10s%n", "outcome", a.format, b.format);
        rows.forEach((k, v) -> out.printf("%-48s %10d %10d%n", k, v[0], v[1]));
        out.printf("%-48s %10d %10d%n", "total", a.done, b.done);
        out.printf("%-48s %10d %10d%n", "failures (outcomes not allowed)", a.failures, b.failures);
    }
}
