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
 * @summary The adaptive wait policy's trials of polling against blocking
 *          (jdk.fastrmi.spi.WaitPhases), driven by a clock of the test's:
 *          a JVM polls at first and blocks at once only during the first
 *          20 ms of every 2 s; a trial whose waits were clearly shorter
 *          switches it (and the trials then poll), but not in the JVM's
 *          first two periods with waits; too few waits, waits of
 *          idleness (over 50 ms) and a trial not clearly shorter decide
 *          nothing; the trials come at the same moments whatever
 *          a JVM decided before, so JVMs of the machine try together;
 *          yields of polling waits that give the core away for time
 *          slices switch a polling JVM to blocking at once, when 16 or
 *          more are over a quarter of its yields, outside a trial and
 *          the 20 ms after it; threads counting and asking at once break
 *          nothing.
 * @modules jdk.fastrmi/jdk.fastrmi.spi:+open
 * @run main/othervm WaitPhasesTest
 */

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

public class WaitPhasesTest {

    /* A multiple of the period: the start of a trial. */
    private static final long T0 = 1_000_000 * 16_000L;
    private static final long US = 1_000;

    /** A WaitPhases, through reflection (the class is the module's own). */
    static final class Phases {
        private static final Class<?> CLASS;
        private static final Constructor<?> NEW;
        private static final Method BLOCKING, WAITED, PREFERS_BLOCKING, YIELDED, YIELDED_LONG;

        static {
            try {
                CLASS = Class.forName("jdk.fastrmi.spi.WaitPhases");
                NEW = CLASS.getDeclaredConstructor();
                BLOCKING = CLASS.getDeclaredMethod("blocking", long.class);
                WAITED = CLASS.getDeclaredMethod("waited", boolean.class, long.class);
                PREFERS_BLOCKING = CLASS.getDeclaredMethod("prefersBlocking");
                YIELDED = CLASS.getDeclaredMethod("yielded");
                YIELDED_LONG = CLASS.getDeclaredMethod("yieldedLong", long.class);
                for (var m : List.of(NEW, BLOCKING, WAITED, PREFERS_BLOCKING, YIELDED, YIELDED_LONG)) {
                    m.setAccessible(true);
                }
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Object phases;

        /* A JVM past its start: it had waits in the two periods before T0's. */
        Phases() throws Exception {
            this(true);
        }

        Phases(boolean pastStart) throws Exception {
            phases = NEW.newInstance();
            if (pastStart) {
                blocking(T0 - 4000 + 500);
                blocking(T0 - 2000 + 500);
            }
        }

        private Object call(Method m, Object... args) {
            try {
                return m.invoke(phases, args);
            } catch (InvocationTargetException e) {
                throw new AssertionError("WaitPhases." + m.getName() + " threw", e.getCause());
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }

        boolean blocking(long nowMillis) {
            return (Boolean) call(BLOCKING, nowMillis);
        }

        void waited(boolean blocked, long nanos) {
            call(WAITED, blocked, nanos);
        }

        /* n waits that begin at nowMillis, each lasting nanos; whether they blocked. */
        boolean waits(long nowMillis, int n, long nanos) {
            boolean blocked = false;
            for (int i = 0; i < n; i++) {
                blocked = blocking(nowMillis);
                waited(blocked, nanos);
            }
            return blocked;
        }

        boolean prefersBlocking() {
            return (Boolean) call(PREFERS_BLOCKING);
        }

        /* n yields of polling waits ending at nowMillis, of which the last longOnes lasted a slice. */
        void yields(long nowMillis, int n, int longOnes) {
            for (int i = 0; i < n; i++) {
                call(YIELDED);
                if (i >= n - longOnes) {
                    call(YIELDED_LONG, nowMillis);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        firstPolls();
        startDecidesNothing();
        busyNeighboursSwitchToBlocking();
        quietMachineSwitchesBack();
        nothingDecidedWithoutClearEvidence();
        trialsAlign();
        longYieldsSwitchToBlocking();
        concurrentUse();
        System.out.println("passed");
    }

    /* A fresh JVM polls, and blocks at once only in the trials, the first 20 ms of every 2 s. */
    private static void firstPolls() throws Exception {
        Phases p = new Phases();
        check(!p.prefersBlocking(), "a fresh JVM prefers blocking");
        for (long ms : new long[] {20, 21, 39, 40, 500, 1000, 1019, 1999, 2020, 7500}) {
            check(!p.blocking(T0 + ms), "a wait " + ms + " ms into the period blocks");
        }
        for (long ms : new long[] {0, 1, 19, 2000, 2019, 8005}) {
            check(p.blocking(T0 + ms), "a wait " + ms + " ms into the period (a trial) polls");
        }
    }

    /*
     * While a JVM starts, the comparisons of its first two periods with
     * waits decide nothing, and what they counted is not the next one's.
     * The first period's trial mostly comes before the JVM's first wait,
     * so the trial of the second is the one ignored: with 64 callers it
     * won while both JVMs compiled, and the trials of polling then lost
     * for seconds.
     */
    private static void startDecidesNothing() throws Exception {
        Phases p = new Phases(false);
        p.waits(T0 + 500, 100, 3000 * US);
        p.waits(T0 + 2005, 40, 60 * US);
        check(!p.blocking(T0 + 2045) && !p.prefersBlocking(), "the second period's trial switched the JVM");
        p.waits(T0 + 2500, 20, 1000 * US);
        p.waits(T0 + 4005, 40, 2000 * US);
        check(!p.blocking(T0 + 4045) && !p.prefersBlocking(),
              "the third period's trial switched the JVM with waits counted in the second");
        p.waits(T0 + 4500, 100, 3000 * US);
        p.waits(T0 + 6005, 40, 60 * US);
        check(p.blocking(T0 + 6045) && p.prefersBlocking(), "the fourth period's trial did not switch the JVM");
    }

    /*
     * Computing neighbours: polled waits last slices (3 ms), blocked ones
     * 60 µs. The first trial of blocking switches the JVM; later trials
     * poll (20 to 40 ms into each 2 s) and lose.
     */
    private static void busyNeighboursSwitchToBlocking() throws Exception {
        Phases p = new Phases();
        check(!p.waits(T0 + 500, 100, 3000 * US), "a main wait blocks");
        check(p.waits(T0 + 2005, 40, 60 * US), "a trial's wait polls");
        check(!p.blocking(T0 + 2030), "a wait 30 ms into the period, with every JVM's polls, blocks");
        check(p.blocking(T0 + 2045), "after a trial of blocking with waits 50 times shorter, a wait polls");
        check(p.prefersBlocking(), "the JVM does not prefer blocking");
        long t = T0 + 2000;
        for (int lost = 0; lost < 5; lost++) {
            p.waits(t + 500, 200, 60 * US);
            check(p.blocking(t + 1005), "a wait between two trials polls");
            t += 2000;
            check(p.waits(t + 5, 20, 60 * US), "a wait 5 ms into the period, with every JVM's blocks, polls");
            check(!p.waits(t + 25, 20, 3000 * US), "a trial's wait blocks while the JVM prefers blocking");
            check(p.blocking(t + 45), "a wait after a lost trial of polling polls");
        }
    }

    /* The neighbours went: a trial of polling (waits of 40 µs against 60) switches back. */
    private static void quietMachineSwitchesBack() throws Exception {
        Phases p = new Phases();
        p.waits(T0 + 500, 100, 3000 * US);
        p.waits(T0 + 2005, 40, 60 * US);
        check(p.blocking(T0 + 2500) && p.prefersBlocking(), "the JVM does not prefer blocking");
        p.waits(T0 + 2500, 100, 60 * US);
        check(!p.waits(T0 + 4025, 40, 40 * US), "a trial's wait blocks while the JVM prefers blocking");
        check(!p.blocking(T0 + 4045), "after a trial of polling with shorter waits, a wait blocks");
        check(!p.prefersBlocking(), "the JVM still prefers blocking");
        check(p.blocking(T0 + 6005), "the next trial, of blocking, 2 s later polls");
    }

    /* Evidence that decides nothing: after each case's main waits and trial, the JVM still polls. */
    private static void nothingDecidedWithoutClearEvidence() throws Exception {
        record Evidence(String failure, int mains, long mainMicros, int trials, long trialMicros) { }
        List<Evidence> cases = List.of(
                new Evidence("15 trial waits decided", 100, 3000, 15, 60),
                new Evidence("15 main waits decided", 15, 3000, 40, 60),
                new Evidence("waits over 50 ms counted", 100, 40, 40, 60_000),
                new Evidence("a trial shorter by less than a twentieth switched", 100, 1000, 40, 960),
                new Evidence("a longer trial switched", 100, 40, 40, 60));
        Phases p = new Phases();
        long period = T0;
        for (Evidence e : cases) {
            p.waits(period + 500, e.mains(), e.mainMicros() * US);
            period += 2000;
            p.waits(period + 5, e.trials(), e.trialMicros() * US);
            check(!p.blocking(period + 45) && !p.prefersBlocking(), e.failure());
        }
    }

    /*
     * Every JVM tries at the same moments, counted from the epoch,
     * whatever it decided before: in the first 20 ms of each 2 s all block,
     * in the next 20 all poll. So a JVM that switched to blocking and a
     * fresh one that polls each try the other's way while the other does
     * it too. When their trials came at once instead, each tried its way
     * beside the other's, and a pair in that mixed state stayed there.
     */
    private static void trialsAlign() throws Exception {
        Phases switched = new Phases();
        switched.waits(T0 + 500, 100, 3000 * US);
        switched.waits(T0 + 2005, 40, 60 * US);
        check(switched.blocking(T0 + 2045) && switched.prefersBlocking(), "the JVM did not switch to blocking");
        Phases fresh = new Phases();
        for (long t = T0 + 2045; t < T0 + 40_000; t += 5) {
            long offset = t % 2000;
            Boolean all = offset < 20 ? Boolean.TRUE : offset < 40 ? Boolean.FALSE : null;
            for (Phases p : List.of(switched, fresh)) {
                String which = (p == switched ? "the switched JVM at " : "the fresh JVM at ") + (t - T0) + " ms";
                boolean blocked = p.blocking(t);
                if (all != null) {
                    check(blocked == all, which + ": in the trials it does not do what every JVM does");
                } else {
                    check(blocked == p.prefersBlocking(), which + ": between the trials it waits otherwise");
                }
            }
        }
    }

    /*
     * Polling beside computing neighbours on other cores: most yields give
     * the core away for a slice. Enough long ones, a quarter of the yields
     * or more, switch a polling JVM to blocking at once; fewer, a smaller
     * share, those in the trials or in the 20 ms after them (the threads
     * the trial of blocking woke all want a core), those of a JVM that
     * already blocks and those of a JVM in its first two periods (its JIT
     * takes the cores) decide nothing. The polled waits before the switch are not the next
     * trial's: a trial of polling as slow as the blocked waits does not
     * switch back.
     */
    private static void longYieldsSwitchToBlocking() throws Exception {
        Phases p = new Phases();
        p.waits(T0 + 500, 100, 40 * US);
        p.yields(T0 + 500, 15, 15);
        check(!p.prefersBlocking() && !p.blocking(T0 + 501), "15 long yields switched the JVM to blocking");
        p.yields(T0 + 502, 1, 1);
        check(p.prefersBlocking() && p.blocking(T0 + 503), "16 long yields of 16 left the JVM polling");
        p.waits(T0 + 1000, 100, 60 * US);
        check(!p.blocking(T0 + 2025), "a trial of a JVM switched by its yields blocks");
        p.waits(T0 + 2025, 40, 60 * US);
        check(p.blocking(T0 + 2045) && p.prefersBlocking(),
              "a trial of polling as slow as the blocked waits switched back (polled waits before the switch counted)");

        // {ms from T0, yields, long ones of them}
        blocksOnlyAfterLastBatch("20 long yields of 104 (under a quarter), then 20 more",
                                 new long[] {500, 100, 16}, new long[] {500, 4, 4}, new long[] {500, 20, 20});
        blocksOnlyAfterLastBatch("long yields in the trials and the 20 ms after them, then 24 at 60 ms",
                                 new long[] {2000, 20, 20}, new long[] {2039, 20, 20},
                                 new long[] {2059, 20, 20}, new long[] {2060, 24, 24});

        Phases starting = new Phases(false);
        starting.waits(T0 + 500, 100, 40 * US);
        starting.yields(T0 + 500, 50, 50);
        starting.yields(T0 + 3900, 50, 50);
        check(!starting.prefersBlocking(), "long yields in the first two periods switched the JVM to blocking");
        check(!starting.blocking(T0 + 4045), "a JVM whose long yields came while it started blocks");
        starting.yields(T0 + 4500, 16, 16);
        check(starting.prefersBlocking(), "16 long yields after the start left the JVM polling");

        Phases blocking = new Phases();
        blocking.waits(T0 + 500, 100, 3000 * US);
        blocking.waits(T0 + 2005, 40, 60 * US);
        check(blocking.blocking(T0 + 2045) && blocking.prefersBlocking(), "the JVM did not switch to blocking");
        blocking.waits(T0 + 2500, 100, 60 * US);
        blocking.yields(T0 + 2500, 50, 50);
        blocking.waits(T0 + 4025, 40, 40 * US);
        check(!blocking.blocking(T0 + 4045) && !blocking.prefersBlocking(),
              "long yields of a blocking JVM kept it from switching to polling");
    }

    /*
     * Batches of yields of a fresh JVM, each {ms from T0, yields, long ones
     * among them}: it polls after all but the last and blocks after it.
     */
    private static void blocksOnlyAfterLastBatch(String what, long[]... batches) throws Exception {
        Phases p = new Phases();
        for (int i = 0; i < batches.length; i++) {
            check(!p.prefersBlocking(), what + ": the JVM blocks before batch " + i);
            long[] b = batches[i];
            p.yields(T0 + b[0], (int) b[1], (int) b[2]);
        }
        check(p.prefersBlocking(), what + ": the JVM polls after the last batch");
    }

    /* Threads counting waits and asking at once, across trials: no exception, a consistent answer. */
    private static void concurrentUse() throws Exception {
        Phases p = new Phases();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int id = i;
            Thread t = new Thread(() -> {
                try {
                    for (long ms = 0; ms < 5000; ms++) {
                        boolean blocked = p.blocking(T0 + ms);
                        p.waited(blocked, (blocked ? 60 : 3000) * US + id);
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a thread failed", failures.get(0));
        }
        check(p.prefersBlocking(), "threads whose blocked waits were 50 times shorter left the JVM polling");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
