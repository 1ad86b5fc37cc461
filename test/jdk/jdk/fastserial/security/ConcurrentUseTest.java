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
 * @summary A fast stream used by two threads at once (a buggy application)
 *          never crashes the VM and never fails otherwise than with an
 *          IOException, IllegalStateException,
 *          ConcurrentModificationException, WrongThreadException or
 *          IndexOutOfBoundsException (a call may also return normally):
 *          a reader of a shared-arena segment while another thread closes
 *          the stream and then the arena; a reader while another thread
 *          gives it a smaller byte[] or segment with setInput; two writers
 *          (writeObject, putLong) into a segment stream whose growSegment
 *          frees the segments it gave before; a writer while another
 *          thread closes the stream and the arena; two writers into a
 *          heap segment that is a slice of a byte[], whose bytes outside
 *          the slice must stay untouched. Once both threads are
 *          done, closing the stream returns normally and every arena
 *          closes (no acquire is leaked). The work runs in child JVMs under
 *          -Xint, C1 (-XX:TieredStopAtLevel=1), C2 (-XX:-TieredCompilation)
 *          and -Xcomp; each must exit with 0 and leave no hs_err file.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm/timeout=480 ConcurrentUseTest
 */

import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import grande.test.Checks.Action;
import grande.test.ChildJvm;
import grande.test.Command;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

public class ConcurrentUseTest {

    /** The JIT modes, and the rounds per scenario in each. */
    record Mode(String name, String flag, int rounds) { }

    static final List<Mode> MODES = List.of(
            new Mode("interpreter", "-Xint", 2000),
            new Mode("c1", "-XX:TieredStopAtLevel=1", 2000),
            new Mode("c2", "-XX:-TieredCompilation", 2000),
            new Mode("xcomp", "-Xcomp", 150));

    /** A round whose thread runs this long hangs (a round takes milliseconds). */
    static final long HANG_SECONDS = 20;

    /** At most this long per scenario in a child, whatever its rounds. */
    static final long SCENARIO_MILLIS = 800;

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            Child.run(Integer.parseInt(args[1]));
            return;
        }
        List<String> failures = new ArrayList<>();
        for (Mode mode : MODES) {
            Path scratch = Path.of(System.getProperty("user.dir"), "scratch-" + mode.name()).toAbsolutePath();
            Files.createDirectories(scratch);
            List<String> cmd = Command.testJava();
            cmd.add(mode.flag());
            cmd.add("-XX:ErrorFile=" + scratch.resolve("hs_err_%p.log"));
            cmd.add("-XX:-OmitStackTraceInFastThrow");
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add("ConcurrentUseTest");
            cmd.add("child");
            cmd.add(Integer.toString(mode.rounds()));
            System.out.println(">>> " + mode.name() + ": " + String.join(" ", cmd));
            long start = System.nanoTime();
            Command.Result r;
            try {
                r = Command.runWithin(ChildJvm.seconds(150), cmd.toArray(String[]::new));
            } catch (AssertionError hang) {
                System.out.println(hang.getMessage());
                failures.add(mode.name() + ": the child hung (killed)");
                continue;
            }
            System.out.println(r.output());
            System.out.println("<<< " + mode.name() + ": exit " + r.exit() + " after "
                               + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
            List<Path> errorFiles;
            try (Stream<Path> s = Files.list(scratch)) {
                errorFiles = s.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList();
            }
            for (Path p : errorFiles) {
                List<String> lines = Files.readAllLines(p);
                System.out.println("--- " + p + " (first 40 lines)");
                lines.stream().limit(40).forEach(System.out::println);
            }
            if (!errorFiles.isEmpty()) {
                failures.add(mode.name() + ": the VM crashed: " + errorFiles);
            }
            if (r.exit() != 0) {
                failures.add(mode.name() + ": exit code " + r.exit());
            } else if (!r.output().contains("CHILD PASSED")) {
                failures.add(mode.name() + ": the child did not finish its scenarios");
            } else {
                System.out.println("ok: " + mode.name() + ": exit 0, no hs_err file");
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " of " + MODES.size() + " modes failed:\n"
                                     + String.join("\n", failures));
        }
        System.out.println("PASSED");
    }

    // ===================================================================

    static final class Point implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        final int x;
        final String label;

        Point(int x, String label) {
            this.x = x;
            this.label = label;
        }
    }

    /** The work, in a child JVM. */
    static final class Child {
        /** What a call may do besides returning normally. */
        static final List<Class<? extends Throwable>> ALLOWED = List.of(
                IOException.class, IllegalStateException.class, ConcurrentModificationException.class,
                WrongThreadException.class, IndexOutOfBoundsException.class);

        /** Items of the long stream: Point, getLong, String, readInt, ITEMS times. */
        static final int ITEMS = 64;

        static final Map<String, LongAdder> OUTCOMES = new ConcurrentHashMap<>();
        static final AtomicInteger UNEXPECTED = new AtomicInteger();

        static int rounds;
        static byte[] longStream;       // header and ITEMS groups
        static byte[] firstMessage;     // header and 40 objects
        static byte[] nextMessage;      // the next message: RESET_OBJECTS and one Point

        static void run(int rounds) throws Exception {
            Child.rounds = rounds;
            ChildJvm.exitWithParent();
            prepare();
            scenario("read vs close and arena close", Child::readVersusClose);
            scenario("read vs setInput(byte[])", Child::readVersusSetInputArray);
            scenario("read vs setInput(segment)", Child::readVersusSetInputSegment);
            scenario("two writers, growSegment", Child::twoWriters);
            scenario("write vs close and arena close", Child::writeVersusClose);
            scenario("two writers, slice of a byte[]", Child::twoWritersInSlice);
            if (UNEXPECTED.get() > 0) {
                System.out.println("CHILD FAILED: " + UNEXPECTED.get() + " unexpected outcomes");
                System.exit(1);
            }
            System.out.println("CHILD PASSED");
        }

        static void prepare() throws IOException {
            FastObjectOutputStream out = new FastObjectOutputStream();
            for (int i = 0; i < ITEMS; i++) {
                out.writeObject(new Point(i, "p" + i));
                out.putLong(i);
                out.writeObject("s" + i);
                out.writeInt(i);
            }
            longStream = out.toByteArray();

            FastObjectOutputStream msgs = new FastObjectOutputStream();
            for (int i = 0; i < 20; i++) {
                msgs.writeObject(new Point(i, "p" + i));
                msgs.writeObject("s" + i);
            }
            firstMessage = Arrays.copyOf(msgs.buffer(), (int) msgs.size());
            msgs.rewind();
            msgs.resetObjects();
            msgs.writeObject(new Point(-1, "next"));
            nextMessage = Arrays.copyOf(msgs.buffer(), (int) msgs.size());
        }

        interface Round {
            void run(int round) throws Exception;
        }

        static void scenario(String name, Round round) throws Exception {
            long start = System.nanoTime();
            long deadline = start + TimeUnit.MILLISECONDS.toNanos(SCENARIO_MILLIS);
            OUTCOMES.clear();
            int before = UNEXPECTED.get();
            int done = 0;
            long longest = 0;
            while (done < rounds && System.nanoTime() - deadline < 0) {
                long t0 = System.nanoTime();
                round.run(done++);
                longest = Math.max(longest, System.nanoTime() - t0);
            }
            System.out.println(name + ": " + done + " rounds in "
                               + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms (longest "
                               + TimeUnit.NANOSECONDS.toMillis(longest) + " ms), "
                               + (UNEXPECTED.get() - before) + " unexpected; outcomes " + new TreeMap<>(OUTCOMES));
        }

        /** Runs an action, code without a result, and classifies its outcome as call does; false if it threw. */
        static boolean perform(String what, Action action) {
            return call(what, () -> {
                action.run();
                return null;
            });
        }

        /** Runs a call and classifies its outcome; false if it threw. */
        static boolean call(String what, Call c) {
            try {
                Object result = c.run();
                if (result instanceof Unexpected u) {
                    unexpected(what, new AssertionError("returned " + u.what()));
                    return true;
                }
                count(what + " returned");
                return true;
            } catch (Throwable t) {
                for (Class<? extends Throwable> a : ALLOWED) {
                    if (a.isInstance(t)) {
                        count(what + " " + a.getSimpleName());
                        return false;
                    }
                }
                unexpected(what, t);
                return false;
            }
        }

        interface Call {
            Object run() throws Throwable;
        }

        record Unexpected(String what) { }

        static void count(String outcome) {
            OUTCOMES.computeIfAbsent(outcome, k -> new LongAdder()).increment();
        }

        static void unexpected(String what, Throwable t) {
            count(what + " UNEXPECTED " + t.getClass().getName());
            if (UNEXPECTED.incrementAndGet() <= 10) {
                System.out.println("UNEXPECTED: " + what + ": " + t);
                t.printStackTrace(System.out);
            }
        }

        /** A returned object of the streams here: a Point, a String or null; anything else is wrong. */
        static Object checkObject(Object o) {
            return o == null || o instanceof Point || o instanceof String
                   ? o : new Unexpected("an object of " + o.getClass().getName());
        }

        /** Runs a and b at once, each on its own thread, and waits for both. */
        static void together(Runnable a, Runnable b) throws InterruptedException {
            CountDownLatch go = new CountDownLatch(1);
            Thread ta = new Thread(() -> { await(go); a.run(); }, "A");
            Thread tb = new Thread(() -> { await(go); b.run(); }, "B");
            ta.start();
            tb.start();
            go.countDown();
            for (Thread t : List.of(ta, tb)) {
                t.join(TimeUnit.SECONDS.toMillis(HANG_SECONDS));
                if (t.isAlive()) {
                    System.out.println("CHILD FAILED: thread " + t.getName() + " still runs after "
                                       + HANG_SECONDS + " s; three samples of its stack, 1 s apart:");
                    for (int sample = 0; sample < 3; sample++) {
                        for (StackTraceElement e : t.getStackTrace()) {
                            System.out.println("\tat " + e);
                        }
                        System.out.println();
                        Thread.sleep(1000);
                    }
                    Runtime.getRuntime().halt(2);
                }
            }
        }

        static void await(CountDownLatch latch) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }

        static void spin(int max) {
            int n = ThreadLocalRandom.current().nextInt(max);
            for (int i = 0; i < n; i++) {
                Thread.onSpinWait();
            }
        }

        static MemorySegment copy(Arena arena, byte[] bytes) {
            MemorySegment seg = arena.allocate(bytes.length);
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
            return seg;
        }

        /** After both threads: the stream closes normally and the arenas close. */
        static void finish(String what, AutoCloseable stream, List<Arena> arenas) {
            try {
                stream.close();
                count(what + ": final close() returned");
            } catch (Throwable t) {
                unexpected(what + ": close() once both threads are done", t);
            }
            for (Arena arena : arenas) {
                try {
                    arena.close();
                    count(what + ": arena closed");
                } catch (IllegalStateException e) {
                    unexpected(what + ": closing an arena after the stream closed (an acquire leaked)", e);
                } catch (Throwable t) {
                    unexpected(what + ": closing an arena after the stream closed", t);
                }
            }
        }

        /** The reader's calls on the long stream, in the order written; stops after 4 failures. */
        static void readAll(FastObjectInputStream in) {
            int failures = 0;
            for (int i = 0; i < ITEMS && failures < 4; i++) {
                if (!call("A readObject", () -> checkObject(in.readObject()))) {
                    failures++;
                }
                if (!call("A getLong", in::getLong)) {
                    failures++;
                }
                if (!call("A readObject", () -> checkObject(in.readObject()))) {
                    failures++;
                }
                if (!call("A readInt", in::readInt)) {
                    failures++;
                }
            }
        }

        /** B's close in a race: the stream, then its arena; true if the arena closed. */
        static boolean closeThenFree(AutoCloseable stream, Arena arena) {
            perform("B close()", stream::close);
            return perform("B arena.close()", arena::close);
        }

        // ---- scenarios ----

        static void readVersusClose(int round) throws Exception {
            Arena arena = Arena.ofShared();
            MemorySegment seg = copy(arena, longStream);
            FastObjectInputStream in = new FastObjectInputStream(seg);
            AtomicBoolean arenaClosed = new AtomicBoolean();
            together(() -> readAll(in), () -> {
                spin(20_000);
                if (closeThenFree(in, arena)) {
                    arenaClosed.set(true);
                }
                // a call after the arena is gone must not touch its memory
                call("B getLong after arena close", in::getLong);
            });
            finish("read vs close", in, arenaClosed.get() ? List.of() : List.of(arena));
        }

        /**
         * A reads up to 50 objects (stopping after 4 failures) while B
         * calls setInput, as what, until A is done.
         */
        static void readVersusSetInput(FastObjectInputStream in, String what, Action setInput)
                throws InterruptedException {
            AtomicBoolean done = new AtomicBoolean();
            together(() -> {
                int failures = 0;
                for (int i = 0; i < 50 && failures < 4; i++) {
                    if (!call("A readObject", () -> checkObject(in.readObject()))) {
                        failures++;
                    }
                }
                done.set(true);
            }, () -> {
                while (!done.get()) {
                    perform(what, setInput);
                }
            });
        }

        static void readVersusSetInputArray(int round) throws Exception {
            FastObjectInputStream in = new FastObjectInputStream(firstMessage);
            byte[] next = nextMessage;
            readVersusSetInput(in, "B setInput(byte[])", () -> in.setInput(next, 0, next.length));
            finish("read vs setInput(byte[])", in, List.of());
        }

        static void readVersusSetInputSegment(int round) throws Exception {
            Arena first = Arena.ofShared();
            Arena second = Arena.ofShared();
            MemorySegment firstSeg = copy(first, firstMessage);
            MemorySegment nextSeg = copy(second, nextMessage);
            FastObjectInputStream in = new FastObjectInputStream(firstSeg);
            readVersusSetInput(in, "B setInput(segment)", () -> in.setInput(nextSeg));
            finish("read vs setInput(segment)", in, List.of(first, second));
        }

        /** A round writes a few kilobytes; a stream that asks for more is confused, and may leak each. */
        static final long MAX_SEGMENT = 1L << 20;
        static final int MAX_GROWTHS = 40;

        /** A writer into native segments that frees each segment it gave two growths ago. */
        static final class GrowingStream extends FastObjectOutputStream {
            final List<Arena> arenas;       // guarded by itself; the last one is the current segment's
            int growths;                    // guarded by arenas

            GrowingStream(List<Arena> arenas, MemorySegment first) throws IOException {
                super(first);
                this.arenas = arenas;
            }

            @Override
            protected MemorySegment growSegment(MemorySegment full, long minimumSize) throws IOException {
                synchronized (arenas) {
                    if (minimumSize > MAX_SEGMENT || ++growths > MAX_GROWTHS) {
                        // racing writers may ask for anything; this machine has its limits
                        throw new IOException("the test's transport gives at most " + MAX_GROWTHS
                                              + " segments of " + MAX_SEGMENT + " bytes");
                    }
                    Arena next = Arena.ofShared();
                    MemorySegment bigger = next.allocate(Math.max(minimumSize, 2 * full.byteSize()));
                    // The stream released the segments before full: a transport frees them.
                    for (int i = 0; i < arenas.size() - 1; i++) {
                        Arena old = arenas.get(i);
                        try {
                            old.close();
                            arenas.remove(i--);
                        } catch (IllegalStateException e) {
                            // still acquired: closed with the others at the end
                        }
                    }
                    arenas.add(next);
                    return bigger;
                }
            }
        }

        static void twoWriters(int round) throws Exception {
            List<Arena> arenas = new ArrayList<>();
            Arena first = Arena.ofShared();
            arenas.add(first);
            GrowingStream out = new GrowingStream(arenas, first.allocate(256));
            together(() -> {
                for (int i = 0; i < 200; i++) {
                    perform("A writeObject", () -> out.writeObject(new Point(i(), "p")));
                }
            }, () -> {
                for (int i = 0; i < 400; i++) {
                    final long v = i;
                    perform("B putLong", () -> out.putLong(v));
                }
            });
            List<Arena> left;
            synchronized (arenas) {
                left = new ArrayList<>(arenas);
            }
            finish("two writers", out, left);
        }

        static int i() {
            return ThreadLocalRandom.current().nextInt(1000);
        }

        static void writeVersusClose(int round) throws Exception {
            Arena arena = Arena.ofShared();
            FastObjectOutputStream out = new FastObjectOutputStream(arena.allocate(256 * 1024));
            AtomicBoolean arenaClosed = new AtomicBoolean();
            together(() -> {
                int failures = 0;
                for (int i = 0; i < 300 && failures < 4; i++) {
                    final long v = i;
                    if (!perform("A putLong", () -> out.putLong(v))) {
                        failures++;
                    }
                    if (!perform("A writeObject", () -> out.writeObject(new Point((int) v, "w")))) {
                        failures++;
                    }
                }
            }, () -> {
                spin(20_000);
                if (closeThenFree(out, arena)) {
                    arenaClosed.set(true);
                }
                perform("B putLong after arena close", () -> out.putLong(1L));
            });
            finish("write vs close", out, arenaClosed.get() ? List.of() : List.of(arena));
        }

        static final int GUARD = 64;
        static final byte GUARD_BYTE = 0x5A;
        static final int SLICE = 256;       // small: many rounds reach its end

        /**
         * Two writers into a slice of a byte[] (whose window does not reach
         * the array's end, the case where a stream must not store into the
         * array past its window however wrong a racing index is) until the
         * slice is full; the guard bytes on both sides stay as they were.
         */
        static void twoWritersInSlice(int round) throws Exception {
            byte[] backing = new byte[GUARD + SLICE + GUARD];
            Arrays.fill(backing, GUARD_BYTE);
            MemorySegment slice = MemorySegment.ofArray(backing).asSlice(GUARD, SLICE);
            FastObjectOutputStream out = new FastObjectOutputStream(slice);
            together(() -> {
                int failures = 0;
                for (int i = 0; i < 200 && failures < 4; i++) {
                    if (!perform("A writeObject", () -> out.writeObject(new Point(i(), "p")))) {
                        failures++;
                    }
                }
            }, () -> {
                int failures = 0;
                for (int i = 0; i < 400 && failures < 4; i++) {
                    final long v = i;
                    if (!perform("B putLong", () -> out.putLong(v))) {
                        failures++;
                    }
                }
            });
            finish("two writers in a slice", out, List.of());
            for (int i = 0; i < backing.length; i++) {
                if ((i < GUARD || i >= GUARD + SLICE) && backing[i] != GUARD_BYTE) {
                    unexpected("two writers in a slice", new AssertionError(
                            "byte " + i + " of the array, outside the slice, was written"));
                    break;
                }
            }
        }
    }
}
