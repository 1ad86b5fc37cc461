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

package grande.test;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Assertions that print what they checked, so a .jtr reads as a log. */
public final class Checks {

    private Checks() { }

    /** Fails with "expected: what" unless ok; prints the first line of what. */
    public static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
        System.out.println("ok: " + what.lines().findFirst().orElse(what));
    }

    /** Fails unless expected equals actual. */
    public static void expectEquals(Object expected, Object actual, String what) {
        expect(Objects.equals(expected, actual),
               what + ": expected " + expected + ", got " + actual);
    }

    /** Code that is expected to throw. */
    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    /**
     * Runs action and returns what it throws, printing the first line of
     * what and the exception; fails if it returns normally or throws
     * something that is not a {@code type}.
     */
    public static <T extends Throwable> T expectThrows(Class<T> type, Action action, String what) {
        try {
            action.run();
        } catch (Throwable e) {
            if (!type.isInstance(e)) {
                throw new AssertionError("expected: " + what + ": " + type.getName()
                                         + ", got " + e, e);
            }
            System.out.println("ok: " + what.lines().findFirst().orElse(what) + ": " + e);
            return type.cast(e);
        }
        throw new AssertionError("expected: " + what + ": " + type.getName() + ", nothing thrown");
    }

    /** What an action threw, and how long after the start of the wait it ended. */
    public record Thrown<T extends Throwable>(T exception, long millis) { }

    /**
     * An action running on a daemon thread of its own (started by
     * {@link #inBackground}), such as a remote call that is in flight while
     * the test makes a fault.
     */
    public static final class Background {
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        private final String name;

        private Background(String name, Action action) {
            this.name = name;
            Thread t = new Thread(() -> {
                try {
                    action.run();
                    done.complete(null);
                } catch (Throwable e) {
                    done.completeExceptionally(e);
                }
            }, name);
            t.setDaemon(true);    // an action that hangs fails the test, it does not keep the JVM
            t.start();
        }

        /** Whether the action has ended. */
        public boolean isDone() {
            return done.isDone();
        }

        /**
         * Waits until the action ends, at most until millis after
         * startNanos (a System.nanoTime(); the bound is not scaled: it is
         * one the test asserts), and returns what it threw and when, after
         * startNanos; fails if it returned normally, threw something that is
         * not a {@code type}, or is still running at the deadline (its thread
         * is then left behind).
         */
        public <T extends Throwable> Thrown<T> expectThrows(Class<T> type, long startNanos, long millis,
                                                            String what) throws InterruptedException {
            long left = startNanos + TimeUnit.MILLISECONDS.toNanos(millis) - System.nanoTime();
            Throwable e;
            try {
                done.get(Math.max(0, left), TimeUnit.NANOSECONDS);
                throw new AssertionError("expected: " + what + ": " + type.getName() + ", "
                                         + name + " returned normally");
            } catch (TimeoutException te) {
                throw new AssertionError("expected: " + what + ": " + type.getName() + " within " + millis
                                         + " ms, but " + name + " is still running");
            } catch (ExecutionException ee) {
                e = ee.getCause();
            }
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
            if (!type.isInstance(e)) {
                throw new AssertionError("expected: " + what + ": " + type.getName() + ", got " + e, e);
            }
            System.out.println("ok: " + what.lines().findFirst().orElse(what) + " (after " + ms + " ms): " + e);
            return new Thrown<>(type.cast(e), ms);
        }
    }

    /** Starts action on a daemon thread named name. */
    public static Background inBackground(String name, Action action) {
        return new Background(name, action);
    }

    /**
     * expectThrows within a deadline: runs action on a daemon thread and
     * returns what it threw and after how long; fails as expectThrows does,
     * or if the action has not ended after millis (not scaled).
     */
    public static <T extends Throwable> Thrown<T> expectThrowsWithin(Class<T> type, long millis, Action action,
                                                                     String what) throws InterruptedException {
        long start = System.nanoTime();
        return inBackground(what, action).expectThrows(type, start, millis, what);
    }

    /**
     * The value of an environment variable the Makefile passes with jtreg -e,
     * or an IllegalStateException saying how to run the test.
     */
    public static String requiredEnv(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(name + " is not set; run this test with `make test-grande`");
        }
        return value;
    }
}
