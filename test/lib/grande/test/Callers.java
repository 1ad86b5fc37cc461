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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Callers that run at once, each on a thread of its own, as the clients
 * of a server do: a test's concurrent part without its thread-pool
 * plumbing.
 */
public final class Callers {

    private Callers() { }

    /** What one caller does. */
    @FunctionalInterface
    public interface Task<T> {
        /**
         * @param caller the caller's number, from 0
         * @return what the test checks afterwards
         */
        T call(int caller) throws Exception;
    }

    /**
     * Runs task for callers 0 to n - 1 at once and waits for all of them,
     * each for at most timeoutMinutes.
     *
     * @return their results, in caller order
     * @throws java.util.concurrent.ExecutionException with the first
     *         failed caller's exception as its cause
     * @throws java.util.concurrent.TimeoutException if a caller took longer
     */
    public static <T> List<T> run(int n, long timeoutMinutes, Task<T> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                int caller = c;
                futures.add(pool.submit(() -> task.call(caller)));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get(timeoutMinutes, TimeUnit.MINUTES));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
