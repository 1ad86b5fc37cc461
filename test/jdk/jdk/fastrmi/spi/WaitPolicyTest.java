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
 * @summary The wait policy of receivers (jdk.fastrmi.spi.WaitPolicy):
 *          jdk.fastrmi.wait's values and its refusal of others; block never
 *          spins, spin always spins its whole budget; adaptive gives an end
 *          its whole budget (spinMicros) after a wait that ended within it,
 *          halves the budget after one that lasted longer, and stops spinning
 *          after repeated long waits; ends keep their own budgets; and while
 *          more threads are runnable than the machine has cores (busy threads
 *          of this test), an adaptive end does not spin at all but polls
 *          between yields for as long, even once long waits have left it
 *          no budget to spin. (The JVM-wide trials of the other
 *          way of waiting, WaitPhasesTest, happen in the first 20 ms of
 *          every 2 s of the wall clock; the checks here run outside
 *          them, and feed them no trial, so the JVM keeps polling.)
 * @modules jdk.fastrmi
 * @run main/othervm WaitPolicyTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jdk.fastrmi.spi.WaitPolicy;
import jdk.fastrmi.spi.WaitPolicy.Mode;

public class WaitPolicyTest {

    private static final long MAX = 50_000;

    public static void main(String[] args) throws Exception {
        modes();
        blockAndSpin();
        adaptiveBudget();
        crowdedMachine();
        System.out.println("passed");
    }

    private static void modes() {
        String[][] cases = {{null, "ADAPTIVE"}, {"", "ADAPTIVE"}, {"adaptive", "ADAPTIVE"},
                            {" Block ", "BLOCK"}, {"SPIN", "SPIN"}};
        for (String[] c : cases) {
            if (c[0] == null) {
                System.clearProperty("jdk.fastrmi.wait");
            } else {
                System.setProperty("jdk.fastrmi.wait", c[0]);
            }
            check(WaitPolicy.configuredMode() == Mode.valueOf(c[1]), "mode of \"" + c[0] + "\"");
        }
        System.setProperty("jdk.fastrmi.wait", "yield");
        try {
            WaitPolicy.configuredMode();
            throw new AssertionError("\"yield\" accepted");
        } catch (IllegalArgumentException e) {
            check(e.getMessage().contains("jdk.fastrmi.wait") && e.getMessage().contains("yield"),
                  "message names the property and the value: " + e.getMessage());
        } finally {
            System.clearProperty("jdk.fastrmi.wait");
        }
        try {
            WaitPolicy.of(Mode.SPIN, -1);
            throw new AssertionError("negative spin accepted");
        } catch (IllegalArgumentException expected) {
            // as documented
        }
    }

    private static void blockAndSpin() {
        WaitPolicy.Waiter block = WaitPolicy.of(Mode.BLOCK, MAX).newWaiter();
        WaitPolicy.Waiter spin = WaitPolicy.of(Mode.SPIN, MAX).newWaiter();
        for (int i = 0; i < 100; i++) {
            check(block.beginPoll() == 0, "block spins or polls between yields");
            long s = spin.beginPoll();
            check(!spin.yielding(), "spin polls between yields");
            check(s == MAX, "spin spins " + s + ", not " + MAX);
            spin.endPoll(i % 2 == 0);
        }
    }

    /*
     * Waits until the wall clock is outside the adaptive policy's trials
     * (the first 20 ms of every 2 s, so of every other second) for at
     * least the next 50 ms.
     */
    private static void outsideTrials() {
        while (true) {
            long inSecond = System.currentTimeMillis() % 1000;
            if (inSecond >= 40 && inSecond < 900) {
                return;
            }
            try {
                Thread.sleep(inSecond < 40 ? 40 - inSecond : 1040 - inSecond);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static void adaptiveBudget() {
        outsideTrials();
        WaitPolicy policy = WaitPolicy.of(Mode.ADAPTIVE, MAX);
        WaitPolicy.Waiter w = policy.newWaiter();
        WaitPolicy.Waiter other = policy.newWaiter();
        long first = spinOnce(w, false);
        if (first == 0) {
            System.out.println("the machine is crowded: the budget part is skipped");
            return;
        }
        check(first == MAX, "a new end spins the whole budget: " + first);
        // a wait that blocked and lasted longer than spinMicros halves the budget
        w.blocked(3 * MAX);
        long half = spinOnce(w, true);
        check(half == 0 || half == MAX / 2, "a long wait halves the budget: " + half);
        // one that ended within spinMicros gives it back whole
        w.blocked(MAX / 3);
        long whole = spinOnce(w, true);
        check(whole == 0 || whole == MAX, "a short wait restores the budget: " + whole);
        // long waits again and again: the end stops spinning (log2(50 µs / 2 µs) halvings)
        int spins = 0;
        for (int i = 0; i < 20; i++) {
            long s = spinOnce(w, false);
            if (s == 0) {
                w.blocked(10 * MAX);
                if (i > 10) {
                    break;
                }
                continue;
            }
            spins++;
            w.blocked(10 * MAX);
        }
        check(spins <= 5, "an end whose data keeps coming late keeps spinning: " + spins);
        // it no longer spins at all; it may poll between yields, should
        // the machine be crowded meanwhile (crowdedMachine below)
        long late = w.beginPoll();
        check(late == 0 || w.yielding(), "an end whose data keeps coming late spins: " + late);
        if (late > 0) {
            w.endPoll(false);
        }
        // the other end kept its own budget
        long o = spinOnce(other, true);
        check(o == 0 || o == MAX, "ends share a budget: " + o);
        // a spin that found the data restores the whole budget
        w.blocked(MAX / 2);
        if (spinOnce(w, true) != 0) {
            long again = spinOnce(w, true);
            check(again == MAX || again == 0, "a spin that found data keeps the budget: " + again);
        }
    }

    /*
     * One poll that finds the data or not: the spin's length, 0 if the end
     * did not spin (it would block, or poll between yields).
     */
    private static long spinOnce(WaitPolicy.Waiter w, boolean found) {
        long s = w.beginPoll();
        if (s == 0) {
            return 0;
        }
        boolean yielding = w.yielding();
        w.endPoll(found);
        return yielding ? 0 : s;
    }

    /* More busy threads than cores: an adaptive end with a full budget does not spin. */
    private static void crowdedMachine() throws Exception {
        if (!Files.isReadable(Path.of("/proc/loadavg"))) {
            System.out.println("no /proc/loadavg: the crowded part is skipped");
            return;
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> busy = new ArrayList<>();
        for (int i = 0; i < cpus + 2; i++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (!stop.get()) {
                    x += System.nanoTime() & 1;
                }
                if (x == 42) {
                    System.out.print("");
                }
            });
            t.setDaemon(true);
            t.start();
            busy.add(t);
        }
        try {
            WaitPolicy policy = WaitPolicy.of(Mode.ADAPTIVE, MAX);
            boolean refused = false;
            // the sample is refreshed by ends about to block, at most every SAMPLE_NANOS
            for (int round = 0; round < 200 && !refused; round++) {
                outsideTrials();
                WaitPolicy.Waiter w = policy.newWaiter();
                if (spinOnce(w, false) == 0) {
                    refused = true;
                } else {
                    w.blocked(1);
                    Thread.sleep(2);
                }
            }
            check(refused, "an end spins while " + (cpus + 2) + " threads are busy on " + cpus + " cores");
            // and it stays so while they are busy; an end with a budget
            // polls between yields instead, which does not count as crowding
            for (int i = 0; i < 100; i++) {
                outsideTrials();
                WaitPolicy.Waiter w = policy.newWaiter();
                long y = w.beginPoll();
                check(w.yielding(), "an end spins on a crowded machine (wait " + i + ")");
                check(y == MAX, "an end with a budget does not poll between yields for it: " + y);
                w.endPoll(false);
            }
            // an end whose polls all ended in long blocked waits, which left
            // it no budget to spin, still polls between yields while the
            // machine is crowded: its JVM prefers polling, and a yield takes
            // no core from a thread with work
            WaitPolicy.Waiter late = policy.newWaiter();
            for (int i = 0; i < 20; i++) {
                outsideTrials();
                long y = late.beginPoll();
                if (y > 0) {
                    late.endPoll(false);
                }
                late.blocked(10 * MAX);
            }
            outsideTrials();
            long y = late.beginPoll();
            check(y == MAX && late.yielding(), "an end without a budget blocks at once on a crowded machine: " + y);
            late.endPoll(false);
        } finally {
            stop.set(true);
            for (Thread t : busy) {
                t.join();
            }
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
