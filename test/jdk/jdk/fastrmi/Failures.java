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

/** Assertions on exceptions, printed like grande.test.Checks. */
final class Failures {

    private Failures() { }

    /** Code that may throw anything. */
    interface Action {
        void run() throws Throwable;
    }

    /**
     * The exception action throws, which must be exactly of class type;
     * otherwise an AssertionError (with the unexpected exception as cause).
     */
    static <T extends Throwable> T expectThrows(Class<T> type, Action action, String what) {
        try {
            action.run();
        } catch (Throwable e) {
            if (e.getClass() != type) {
                throw new AssertionError(what + ": expected " + type.getName() + ", got " + e, e);
            }
            System.out.println("ok: " + what + " -> " + e);
            return type.cast(e);
        }
        throw new AssertionError(what + ": expected " + type.getName() + ", nothing was thrown");
    }

    /** Like expectThrows, but any subclass of type is accepted. */
    static <T extends Throwable> T expectThrowsKindOf(Class<T> type, Action action, String what) {
        try {
            action.run();
        } catch (Throwable e) {
            if (!type.isInstance(e)) {
                throw new AssertionError(what + ": expected a " + type.getName() + ", got " + e, e);
            }
            System.out.println("ok: " + what + " -> " + e);
            return type.cast(e);
        }
        throw new AssertionError(what + ": expected a " + type.getName() + ", nothing was thrown");
    }
}
