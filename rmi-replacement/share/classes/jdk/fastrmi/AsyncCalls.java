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

package jdk.fastrmi;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.ObjLongConsumer;

/**
 * FastRMI.callAsync on the split phases of a call (Haumacher,
 * Philippsen, "Exploiting Object Locality in JavaParty", section 2.3):
 * the caller's thread runs the stub up to the end of the send phase; the
 * runtime then records the call's receive phase and stops the stub with
 * {@link #CAPTURED}, and the receive phase completes the future in a
 * virtual thread, within the call's deadline if it has one. The runtime
 * reaches this class through {@link FastStub.Ref}.
 */
final class AsyncCalls {

    /** Thrown through the stub once a call is sent; never seen by applications. */
    static final Error CAPTURED = new Error("remote call captured by FastRMI.callAsync", null, false, false) {
        private static final long serialVersionUID = 1L;
    };

    private static final ThreadLocal<Slot> CAPTURE = new ThreadLocal<>();

    /* The receive phase of the call captured by one callAsync, once sent. */
    private static final class Slot {
        ObjLongConsumer<CompletableFuture<Object>> receive;
    }

    private AsyncCalls() { }

    static boolean capturing() {
        Slot slot = CAPTURE.get();
        return slot != null && slot.receive == null;
    }

    static Error captured(ObjLongConsumer<CompletableFuture<Object>> receive) {
        CAPTURE.get().receive = receive;
        return CAPTURED;
    }

    /**
     * Runs {@code call}; a remote call it makes is sent before this returns
     * and completes the future later.
     *
     * @param <T> the result type
     * @param call the call
     * @param timeoutNanos the time from now the reply may take, 0 for no bound
     * @return the future
     */
    @SuppressWarnings("unchecked")
    static <T> CompletableFuture<T> call(Callable<T> call, long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        Slot slot = new Slot();
        Slot outer = CAPTURE.get();
        CAPTURE.set(slot);
        T value;
        try {
            value = call.call();
        } catch (Throwable t) {
            if (t == CAPTURED && slot.receive != null) {
                CompletableFuture<Object> future = new CompletableFuture<>();
                ObjLongConsumer<CompletableFuture<Object>> receive = slot.receive;
                Thread.ofVirtual().name("fastrmi-async").start(
                        () -> receive.accept(future, timeoutNanos == 0 ? 0 : millisLeft(deadline)));
                return (CompletableFuture<T>) future;
            }
            return CompletableFuture.failedFuture(t);
        } finally {
            CAPTURE.set(outer);
        }
        return CompletableFuture.completedFuture(value);
    }

    /* At least 1 ms: a deadline that has passed still bounds the receive, at once. */
    private static long millisLeft(long deadline) {
        long left = deadline - System.nanoTime();
        return Math.max(1, (left + 999_999) / 1_000_000);
    }
}
