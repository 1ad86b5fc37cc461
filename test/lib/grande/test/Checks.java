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
