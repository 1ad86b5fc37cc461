/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.fastrmi.spi;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/*
 * Polling against blocking, measured: the adaptive wait policy's choice
 * for the whole JVM. The JVM prefers one (at first polling) and tries the
 * other now and then: at the start of each PERIOD_MILLIS of the wall
 * clock, every wait that begins blocks at once for TRIAL_MILLIS, then
 * polls for TRIAL_MILLIS, whatever the JVM prefers; the waits of the kind
 * it does not prefer are its trial. After both, the trial's mean wait is
 * compared with the mean of the preferred kind's since the last
 * comparison; a twentieth shorter or more, and the JVM prefers the
 * trial's kind.
 *
 * Every JVM blocks, then polls, at the same moments, so a trial sees the
 * world where all do what it tries. When a JVM preferring polling tried
 * blocking while one preferring blocking tried polling, at the same time,
 * each trial saw the other's way: a pair left in that mixed state by its
 * start stayed there. One caller over tcp, one JVM polling and the other
 * blocking, made 13,000-25,000 calls/s for whole runs: the blocking
 * JVM's trials of polling waited for a blocked peer (39 µs against 30
 * blocking), the polling JVM's trials of blocking for a blocked peer (72
 * against 42 polling), while both polling made 55,000-87,000
 * (2026-12-01: 5 runs of 11 before the change, none of 6 after).
 *
 * Whole JVMs switch, and every JVM of the machine tries at the same
 * moments (periods counted from the epoch), because a wait's length
 * depends on what the other waiters do. An end that blocks while the
 * others poll is woken ahead of them and waits less, though all of them
 * blocking makes fewer calls; a JVM that polls alone while its peer
 * blocks measures neither. Measured on 2 cores (bench/README.md, "Busy
 * neighbours"): with a compute thread in each JVM a poller's yield gives
 * its core away for a whole time slice, and blocking makes 16 times the
 * calls; without them, polling makes 1.4 (tcp) to 3.4 (shm) times the
 * calls of blocking.
 *
 * The period is the same for every JVM and never changes. It used to
 * double after each lost trial (1 s up to 16 s), which made trials rarer
 * but let the JVMs of a pair drift apart: with 64 callers over shared
 * memory, a client at 8 s and a server at 16 s tried alone every other
 * time; the one that won a trial of polling alone switched, and a second
 * later its trial of blocking, beside a peer that still blocked, won
 * (72 µs against 554) and switched it back: the pair reached polling
 * after 8 to 22 s, or not within 24 s (2 runs of 8), and made less than
 * half its calls meanwhile. A trial costs at most TRIAL_MILLIS of the
 * worse kind per period, 1% of the time.
 *
 * The mean wait leans to blocking where cores are short: a woken thread
 * then waits for a core after its wait has ended, outside what is
 * measured, and while a JVM starts (connections, the JIT) every trial of
 * polling loses. So the comparisons of a JVM's first START_PERIODS
 * periods with waits decide nothing (the first period's trial mostly
 * comes before the first wait). With 64 callers over shared memory the
 * second period's trial of blocking won while both JVMs compiled (447 µs
 * a wait against 855 polling), and the trials of polling then lost for
 * seconds (3.4-4.4 ms a wait: 128 threads turning from blocking to
 * polling at once inside a trial) while polling, once reached, made 4x
 * the calls; in make bench-scaling's window, five interleaved runs made
 * 220,000 calls/s on average with the start left out against 169,000
 * without. Trials of polling of 100 ms that count only their second half
 * did not help (3 runs). Comparing the rates of finished waits instead
 * was tried and not kept: trials of 20 to 160 ms caught transients that
 * go either way (beside neighbours, a trial of polling once finished
 * 204,000 waits a second in a JVM whose polling then made 15,000), and
 * the JVMs switched to and fro.
 *
 * Waits longer than MAX_SAMPLE_NANOS are idleness, not a cost of the way
 * of waiting, and are not counted; fewer than MIN_SAMPLES waits of either
 * kind decide nothing. Racy on purpose: a wait counted in the
 * neighbouring window moves a mean, never a result.
 *
 * Polling does not wait for the next trial to lose where its yields give
 * the cores away for whole time slices. Measured with one caller beside a
 * compute thread per JVM over shared memory (bench/README.md, "Busy
 * neighbours"): the kernel sometimes placed each polling thread on a core
 * with a compute thread, and a polled wait then took 2.7-6 ms (a slice
 * per yield) against 60-100 µs blocked; the JVMs went on polling until the
 * period ended, 500-600 calls in 2 s. Placed on one core together, the
 * two polling threads waited 3.5 µs. So a yield that returns after
 * LONG_YIELD_NANOS or more (a thread that never blocks held the core) is
 * counted, and once there are MIN_LONG_YIELDS of them and they are more
 * than a LONG_YIELD_SHARE-th of the yields since the last comparison
 * (30-45% were in that placement, under 1% where nothing computes beside
 * the calls: a collection or a compilation makes a few long among many
 * short), the JVM blocks from then on, as if a trial had lost. Not in the
 * trials nor for TRIAL_MILLIS after them: the threads the blocking trial
 * woke all want a core then, and 8 callers without neighbours found their
 * first yields after it long. Not in the first START_PERIODS periods
 * either: a starting JVM's yields are long while the JIT compiles, and
 * one caller over shared memory was switched to blocking there (the first
 * 2 s of 2 runs of 3 at 12,000-31,000 calls/s against 1.2 million; none
 * of 3 after the change).
 * WaitPolicy counts a long yield only while no more of the JVM's own
 * threads poll than there are cores.
 */
final class WaitPhases {

    static final long TRIAL_MILLIS = 20;
    static final long PERIOD_MILLIS = 2_000;
    static final int MIN_SAMPLES = 16;
    static final long MAX_SAMPLE_NANOS = 50_000_000;
    static final int START_PERIODS = 2;
    static final long LONG_YIELD_NANOS = 1_000_000;
    static final int MIN_LONG_YIELDS = 16;
    static final int LONG_YIELD_SHARE = 4;

    private static final int POLLED = 0, BLOCKED = 1;

    /* Per kind, POLLED and BLOCKED: waits counted, and their nanoseconds. */
    private final LongAdder[] waits = { new LongAdder(), new LongAdder() };
    private final LongAdder[] nanos = { new LongAdder(), new LongAdder() };
    private final LongAdder yields = new LongAdder();
    private final LongAdder longYields = new LongAdder();
    private final AtomicLong compared = new AtomicLong(-1);   // the period whose trial was compared
    private volatile boolean preferBlocking;
    private volatile long firstPeriod = -1;                  // the first period with a wait

    /*
     * Whether a wait that begins at nowMillis (the wall clock) blocks at
     * once; the first call after the trials compares them.
     */
    boolean blocking(long nowMillis) {
        long offset = nowMillis % PERIOD_MILLIS;
        if (offset < 2 * TRIAL_MILLIS) {
            return offset < TRIAL_MILLIS;
        }
        long start = nowMillis - offset;
        if (firstPeriod < 0) {
            firstPeriod = start;
        }
        long last = compared.get();
        if (last != start && compared.compareAndSet(last, start)) {
            compare(start - firstPeriod >= START_PERIODS * PERIOD_MILLIS);
        }
        return preferBlocking;
    }

    /* Counts a wait that ended: whether it began blocking, how long it lasted. */
    void waited(boolean blocked, long waitedNanos) {
        if (waitedNanos <= MAX_SAMPLE_NANOS) {
            int kind = blocked ? BLOCKED : POLLED;
            waits[kind].increment();
            nanos[kind].add(waitedNanos);
        }
    }

    /* Counts a yield of a polling wait. */
    void yielded() {
        yields.increment();
    }

    /*
     * Counts a yield, already counted by yielded(), that lasted
     * LONG_YIELD_NANOS or more and ended at nowMillis; enough of them, and
     * the JVM blocks from then on. Within a trial of polling they only
     * lengthen its waits.
     */
    void yieldedLong(long nowMillis) {
        if (preferBlocking || nowMillis % PERIOD_MILLIS < 3 * TRIAL_MILLIS
                || firstPeriod < 0 || nowMillis - firstPeriod < START_PERIODS * PERIOD_MILLIS) {
            return;
        }
        longYields.increment();
        long n = longYields.sum();
        if (n >= MIN_LONG_YIELDS && n * LONG_YIELD_SHARE > yields.sum()) {
            preferBlocking = true;
            // the polled waits so far are not the next trial's
            for (int kind = POLLED; kind <= BLOCKED; kind++) {
                waits[kind].reset();
                nanos[kind].reset();
            }
            yields.reset();
            longYields.reset();
        }
    }

    /* Whether the JVM prefers blocking. */
    boolean prefersBlocking() {
        return preferBlocking;
    }

    /*
     * Compares the trial just ended with the preferred kind's waits since
     * the last comparison, and counts afresh; switches only if decides.
     */
    private void compare(boolean decides) {
        int trial = preferBlocking ? POLLED : BLOCKED;
        int main = 1 - trial;
        long trials = waits[trial].sumThenReset();
        long trialNanos = nanos[trial].sumThenReset();
        long mains = waits[main].sumThenReset();
        long mainNanos = nanos[main].sumThenReset();
        yields.reset();
        longYields.reset();
        if (!decides || trials < MIN_SAMPLES || mains < MIN_SAMPLES) {
            return;
        }
        if ((double) trialNanos / trials * 20 < (double) mainNanos / mains * 19) {
            preferBlocking = !preferBlocking;
        }
    }
}
