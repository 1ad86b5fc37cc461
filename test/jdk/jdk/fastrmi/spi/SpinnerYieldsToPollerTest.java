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
 * @summary A spinning end of jdk.fastrmi's wait policy gives its core to an
 *          end of its own JVM that polls between yields within a few of its
 *          pauses, not only every 256: with one core, a poller beside a
 *          spinner gets a turn at least every 16 of the spinner's pauses (a
 *          callback's receiver while its caller spins for the reply, the
 *          collection's pingpong). Counts, not times: a child JVM pinned to
 *          one CPU (taskset) runs a spinning end and a polling one and
 *          counts the spinner's pauses between the poller's turns.
 * @requires os.family == "linux"
 * @modules jdk.fastrmi
 * @run main/othervm SpinnerYieldsToPollerTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jdk.fastrmi.spi.WaitPolicy;
import jdk.fastrmi.spi.WaitPolicy.Mode;

public class SpinnerYieldsToPollerTest {

    /** The poller's turns the child counts. */
    private static final int TURNS = 400;

    /** The most pauses of the spinner between two turns, at the median: 256 before, 4 now. */
    private static final long MAX_MEDIAN_PAUSES = 16;

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("child")) {
            child();
            return;
        }
        Path taskset = Path.of("/usr/bin/taskset");
        if (!Files.isExecutable(taskset)) {
            throw new AssertionError("no /usr/bin/taskset (util-linux) to pin the child to one CPU");
        }
        List<String> command = new ArrayList<>(List.of(taskset.toString(), "-c", "0",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("test.classes"),
                SpinnerYieldsToPollerTest.class.getName(), "child"));
        Process p = new ProcessBuilder(command).inheritIO().start();
        int status = p.waitFor();
        if (status != 0) {
            throw new AssertionError("the child failed: exit " + status);
        }
        System.out.println("passed");
    }

    /*
     * One CPU: the spinner (Mode.SPIN, which spins whatever the machine's
     * load) holds it, and the poller (adaptive: a second end of the JVM
     * finds the one spinner allowed on one core taken, and polls between
     * yields) runs only when the spinner yields or the kernel preempts it.
     */
    private static void child() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        if (cpus != 1) {
            throw new AssertionError("the child sees " + cpus + " CPUs, not the one taskset gave it");
        }
        WaitPolicy spin = WaitPolicy.of(Mode.SPIN, 60_000_000_000L);
        WaitPolicy adaptive = WaitPolicy.of(Mode.ADAPTIVE, 60_000_000_000L);
        long[] pausesAtTurn = new long[TURNS];
        Flags flags = new Flags();

        Thread spinner = new Thread(() -> {
            WaitPolicy.Waiter w = spin.newWaiter();
            long length = w.beginPoll();
            if (length == 0 || w.yielding()) {
                flags.failure = "the spinning end did not spin: " + length;
                flags.done = true;
                return;
            }
            flags.spinning = true;
            long pauses = 0;
            while (!flags.done) {
                w.pause();
                pauses++;
                flags.spinnerPauses = pauses;
            }
            w.endPoll(true);
        }, "spinner");
        Thread poller = new Thread(() -> {
            WaitPolicy.Waiter w = adaptive.newWaiter();
            // Outside the policy's JVM-wide trials of blocking (the first
            // 20 ms of every 2 s of the wall clock), an adaptive end polls.
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (true) {
                long length = w.beginPoll();
                if (length > 0 && w.yielding()) {
                    break;
                }
                if (System.nanoTime() - deadline > 0) {
                    flags.failure = "the adaptive end did not poll between yields within 5 s: "
                            + length + (length > 0 ? " ns of spinning" : ": it blocks");
                    flags.done = true;
                    if (length > 0) {
                        w.endPoll(true);
                    }
                    return;
                }
                if (length > 0) {
                    w.endPoll(true);
                } else {
                    w.blocked(5_000_000);   // ends the wait, which a trial made block
                }
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
            for (int turn = 0; turn < TURNS; turn++) {
                pausesAtTurn[turn] = flags.spinnerPauses;
                w.pause();
            }
            w.endPoll(true);
            flags.done = true;
        }, "poller");
        spinner.start();
        while (!flags.spinning && !flags.done) {
            Thread.onSpinWait();
        }
        poller.start();
        poller.join();
        spinner.join();
        if (flags.failure != null) {
            throw new AssertionError(flags.failure);
        }
        long[] gaps = new long[TURNS - 1];
        for (int i = 1; i < TURNS; i++) {
            gaps[i - 1] = pausesAtTurn[i] - pausesAtTurn[i - 1];
        }
        long[] sorted = gaps.clone();
        Arrays.sort(sorted);
        long median = sorted[sorted.length / 2];
        System.out.println("spinner's pauses between the poller's turns: median " + median
                + ", max " + sorted[sorted.length - 1] + ", spinner's pauses in all "
                + flags.spinnerPauses + "; first gaps " + Arrays.toString(Arrays.copyOf(gaps, 20)));
        if (median > MAX_MEDIAN_PAUSES) {
            throw new AssertionError("the poller got a turn every " + median
                    + " pauses of the spinner (median), more than " + MAX_MEDIAN_PAUSES);
        }
    }

    /** What the two threads and main share. */
    private static final class Flags {
        volatile boolean spinning;
        volatile boolean done;
        volatile long spinnerPauses;
        volatile String failure;
    }
}
