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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How a receiver waits for data that has not arrived: by polling (a spin,
 * which answers within a microsecond but holds a core) or by blocking
 * (which frees the core, but costs a wake-up of tens of microseconds on a
 * small VM). The runtime-wide {@systemProperty jdk.fastrmi.wait} chooses:
 * <ul>
 * <li>{@code adaptive} (the default): spin only where it pays and costs no
 *     other thread its core. A receiver spins only while no runnable thread
 *     of the machine waits for a core (the kernel's count of runnable
 *     threads where the system tells it, Linux's {@code /proc/loadavg},
 *     read at most every {@value #SAMPLE_NANOS} ns by a thread about to
 *     block) and while fewer than
 *     half the cores' worth of this JVM's threads spin. Each receiving end
 *     keeps its own budget, up to the technology's {@code spinMicros}, from
 *     how long its waits last: a wait that ended within {@code spinMicros}
 *     (found by the spin, or soon after the end blocked) sets it to the
 *     whole {@code spinMicros}, since spinning would have paid; a longer
 *     one halves it, so an end whose data keeps coming late (a server
 *     connection between the calls of a client that thinks between them,
 *     a reply from a server short of cores) stops spinning. An end whose
 *     spin the machine's load refused polls between yields
 *     ({@link Thread#yield}) for {@code spinMicros} instead, whatever its
 *     budget: each yield gives the core to a thread with work, and the
 *     data is still found without a sleep and a wake-up. Polling between
 *     yields loses where threads that never block hold the cores
 *     (computing neighbours): a yield gives the core away for the
 *     neighbour's whole time slice, while a blocked thread is woken ahead
 *     of it. So the JVM also measures both ways against each other: it
 *     polls as above at first, and at the start of every 2 s of the wall
 *     clock every JVM of the machine blocks at once for 20 ms, then polls
 *     for 20 ms, whichever it prefers: the other way's waits there are its
 *     trial; if their mean wait was clearly shorter than its own way's,
 *     the JVM switches (not in its first two periods, while it starts),
 *     and its waits then block at once until a trial of polling wins
 *     again. A polling JVM whose yields give the core away for whole time
 *     slices (16 or more, over a quarter of its yields, lasting 1 ms or
 *     more, while no more of its threads poll than there are cores, and
 *     not while it starts) switches at once, without waiting for a
 *     trial. A wait that blocks
 *     costs what a stock transport's blocking read costs, no more.</li>
 * <li>{@code block}: never spin; for machines shared with other work.</li>
 * <li>{@code spin}: always spin for {@code spinMicros}, however many
 *     threads spin; for threads pinned to cores of their own.</li>
 * </ul>
 * A technology makes one policy and one {@link Waiter} per receiving end.
 *
 * @since 25
 */
public final class WaitPolicy {

    /** The modes of {@code jdk.fastrmi.wait}. */
    public enum Mode {
        /** Spin while it pays and a core is free; the default. */
        ADAPTIVE,
        /** Never spin. */
        BLOCK,
        /** Always spin for the technology's {@code spinMicros}. */
        SPIN
    }

    /** How old a sample of the machine's runnable threads may be, in ns. */
    public static final long SAMPLE_NANOS = 500_000;
    /* The shortest spin worth its set-up. */
    private static final long MIN_SPIN_NANOS = 2_000;

    private static final int CPUS = Runtime.getRuntime().availableProcessors();
    private static final int MAX_SPINNING = Math.max(1, CPUS / 2);
    private static final AtomicInteger SPINNING = new AtomicInteger();
    /* this JVM's ends that poll between yields: runnable, but they give their core to any thread that wants it */
    private static final AtomicInteger YIELDING = new AtomicInteger();
    private static final WaitPhases PHASES = new WaitPhases();

    private final Mode mode;
    private final long maxSpinNanos;

    private WaitPolicy(Mode mode, long maxSpinNanos) {
        this.mode = mode;
        this.maxSpinNanos = maxSpinNanos;
    }

    /**
     * A policy.
     *
     * @param mode the mode
     * @param maxSpinNanos the longest spin, the technology's
     *        {@code spinMicros}; 0 never spins
     * @return the policy
     * @throws IllegalArgumentException if maxSpinNanos is negative
     */
    public static WaitPolicy of(Mode mode, long maxSpinNanos) {
        if (maxSpinNanos < 0) {
            throw new IllegalArgumentException("negative spin: " + maxSpinNanos);
        }
        return new WaitPolicy(mode, maxSpinNanos);
    }

    /**
     * The mode {@code jdk.fastrmi.wait} sets.
     *
     * @return the mode, {@link Mode#ADAPTIVE} if the property is unset
     * @throws IllegalArgumentException if the value is none of
     *         {@code adaptive}, {@code block} and {@code spin}
     */
    public static Mode configuredMode() {
        String v = System.getProperty("jdk.fastrmi.wait");
        if (v == null || v.isBlank()) {
            return Mode.ADAPTIVE;
        }
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "adaptive" -> Mode.ADAPTIVE;
            case "block" -> Mode.BLOCK;
            case "spin" -> Mode.SPIN;
            default -> throw new IllegalArgumentException(
                    "jdk.fastrmi.wait: \"" + v + "\" is not adaptive, block or spin");
        };
    }

    /**
     * The mode.
     *
     * @return the mode
     */
    public Mode mode() {
        return mode;
    }

    /**
     * The longest spin.
     *
     * @return it in ns
     */
    public long maxSpinNanos() {
        return maxSpinNanos;
    }

    /**
     * The state of one receiving end, used by one thread at a time.
     *
     * @return a new waiter
     */
    public Waiter newWaiter() {
        return new Waiter();
    }

    @Override
    public String toString() {
        return mode.name().toLowerCase(Locale.ROOT) + ", spin up to " + maxSpinNanos / 1000 + " µs";
    }

    /**
     * One receiving end's waits. A wait that does not find its data at
     * once goes: {@link #beginPoll}; if it returned a length, polls for at
     * most that long with {@link #pause} between two polls, then
     * {@link #endPoll}; if that did not find the data, a blocking wait and
     * {@link #blocked} with how long the whole wait took.
     */
    public final class Waiter {

        /* polls between two yields of a spinning end, a power of two */
        private static final int YIELD_EVERY = 256;
        /* the same while an end of this JVM polls between yields, a power of two */
        private static final int YIELD_EVERY_BESIDE_POLLERS = 4;

        private long budget = maxSpinNanos;
        private boolean yielding;       // the current poll's kind
        private int pauses;
        private boolean waiting;        // a wait began and has not been counted in PHASES
        private boolean waitBlocks;     // it began while the JVM's waits block at once
        private long waitStart;

        private Waiter() { }

        /**
         * Whether to poll now, and how long: a spin, or, for an adaptive
         * end whose spin the machine's load refused, polls between yields
         * (each yield lets a thread with work take the core, and the data
         * is still found without a sleep and a wake-up).
         *
         * @return the length in ns; 0 to block at once, in which case
         *         {@link #endPoll} is not called
         */
        public long beginPoll() {
            pauses = 0;
            switch (mode) {
                case BLOCK:
                    return 0;
                case SPIN:
                    yielding = false;
                    SPINNING.incrementAndGet();
                    return maxSpinNanos;
                default:
                    break;
            }
            if (!waiting) {
                waiting = true;
                waitBlocks = PHASES.blocking(System.currentTimeMillis());
                waitStart = System.nanoTime();
            }
            if (waitBlocks) {
                RunQueue.refresh();
                return 0;
            }
            if (!RunQueue.crowded()) {
                // The budget gates spinning only. When it also gated polling
                // between yields, 64 callers on 2 cores (waits of 150-450 µs)
                // left most ends without one: they blocked at once while the
                // JVM preferred polling, and its trials of polling measured
                // them blocking.
                if (budget == 0) {
                    RunQueue.refresh();
                    return 0;
                }
                if (SPINNING.incrementAndGet() <= MAX_SPINNING) {
                    yielding = false;
                    return budget;
                }
                SPINNING.decrementAndGet();
            } else {
                RunQueue.refresh();
            }
            yielding = true;
            YIELDING.incrementAndGet();
            return maxSpinNanos;
        }

        /**
         * Whether the current poll yields between polls rather than spins.
         *
         * @return true if it yields
         */
        public boolean yielding() {
            return yielding;
        }

        /** Between two polls: a spin-wait hint, or a yield. */
        public void pause() {
            if (yielding) {
                // A yield that lasts a time slice: a thread that never blocks
                // held the core (WaitPhases). Beside more of the JVM's own
                // pollers than cores it says nothing of neighbours: a quarter
                // of 64 callers' yields during the JIT's warm-up were long.
                long start = System.nanoTime();
                Thread.yield();
                PHASES.yielded();
                if (System.nanoTime() - start >= WaitPhases.LONG_YIELD_NANOS && YIELDING.get() <= CPUS) {
                    PHASES.yieldedLong(System.currentTimeMillis());
                }
            } else if ((++pauses & (YIELD_EVERY - 1)) == 0
                    || ((pauses & (YIELD_EVERY_BESIDE_POLLERS - 1)) == 0 && YIELDING.get() > 0)) {
                // A spinning end yields now and then: when cores are scarce its
                // peer's thread may need this one. It yields sooner while an
                // end of its own JVM polls between yields, which has no core
                // but the ones spinners give up: a callback's receiver while
                // its caller spins for the reply (pingpong).
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }

        /**
         * Ends what {@link #beginPoll} began.
         *
         * @param found whether the data arrived meanwhile
         */
        public void endPoll(boolean found) {
            if (yielding) {
                YIELDING.decrementAndGet();
            } else {
                SPINNING.decrementAndGet();
                if (found) {
                    budget = maxSpinNanos;
                }
            }
            if (!found) {
                RunQueue.refresh();
            } else if (waiting) {
                waiting = false;
                PHASES.waited(waitBlocks, System.nanoTime() - waitStart);
            }
        }

        /**
         * Reports a wait that blocked: how long it took from its start
         * (before the poll, if any) until the data arrived.
         *
         * @param waitedNanos the whole wait
         */
        public void blocked(long waitedNanos) {
            if (mode != Mode.ADAPTIVE) {
                return;
            }
            if (waiting) {
                waiting = false;
                PHASES.waited(waitBlocks, waitedNanos);
            }
            if (waitedNanos <= maxSpinNanos) {
                budget = maxSpinNanos;
            } else if (!waitBlocks) {
                // in a phase of blocking, a wait is longer by its wake-up and says less about a spin
                budget /= 2;
                if (budget < MIN_SPIN_NANOS) {
                    budget = 0;
                }
            }
        }
    }

    /*
     * The machine's runnable threads against its cores, from the kernel's
     * instantaneous count (the fourth field of /proc/loadavg, "runnable/
     * all", which counts the reading thread itself), read at most every
     * SAMPLE_NANOS by one thread; elsewhere nothing is known and only the
     * JVM's own spinners are counted. A read takes microseconds, so only a
     * thread about to block reads it: its wait costs a wake-up anyway, and
     * while spins succeed nobody needs to know.
     */
    private static final class RunQueue {

        private static final FileChannel LOADAVG = open();
        private static final AtomicBoolean SAMPLING = new AtomicBoolean();
        private static final ByteBuffer BUFFER = ByteBuffer.allocate(128);
        private static volatile long sampledAt = System.nanoTime() - 2 * SAMPLE_NANOS;
        private static volatile boolean crowded;

        private static FileChannel open() {
            try {
                return FileChannel.open(Path.of("/proc/loadavg"), StandardOpenOption.READ);
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return null;
            }
        }

        static boolean crowded() {
            return crowded;
        }

        static void refresh() {
            if (LOADAVG != null && System.nanoTime() - sampledAt > SAMPLE_NANOS
                    && SAMPLING.compareAndSet(false, true)) {
                try {
                    int runnable = runnable();
                    if (runnable > 0) {
                        crowded = runnable - YIELDING.get() > CPUS;
                    }
                    sampledAt = System.nanoTime();
                } finally {
                    SAMPLING.set(false);
                }
            }
        }

        /* The runnable count, or 0 if it could not be read. */
        private static int runnable() {
            BUFFER.clear();
            try {
                if (LOADAVG.read(BUFFER, 0) <= 0) {
                    return 0;
                }
            } catch (IOException e) {
                return 0;
            }
            // "0.20 0.18 0.12 3/80 11206": the number before the slash
            int n = 0;
            boolean digits = false;
            for (int i = 0, end = BUFFER.position(); i < end; i++) {
                byte b = BUFFER.get(i);
                if (b == '/') {
                    return digits ? n : 0;
                } else if (b >= '0' && b <= '9') {
                    n = digits ? n * 10 + (b - '0') : b - '0';
                    digits = true;
                } else {
                    digits = false;
                }
            }
            return 0;
        }
    }
}
