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
 * @summary One stream used by several threads at once, which the streams do
 *          not support, must still not crash the JVM: the streams read and
 *          set fields by offset, and a stream whose current object, level
 *          or type caches change under it must not apply one class's
 *          offsets to an object of another. Four threads write objects of
 *          two classes with different field layouts (each with a
 *          writeObject that calls defaultWriteObject) to one writer, and
 *          four threads read such objects from one reader; every call ends
 *          normally or with an exception, the JVM survives, and afterwards
 *          a fresh pair still round-trips both classes.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm ConcurrentMisuseTest
 * @run main/othervm -XX:TieredStopAtLevel=1 ConcurrentMisuseTest
 */

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expectEquals;

public class ConcurrentMisuseTest {

    /** References where Wide has primitives, and the other way round. */
    static final class Narrow implements Serializable {
        private static final long serialVersionUID = 1L;
        Object first = "first";
        int count = 3;
        Object second = List.of(1, 2);

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            Thread.yield();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            Thread.yield();
            in.defaultReadObject();
        }
    }

    static final class Wide implements Serializable {
        private static final long serialVersionUID = 1L;
        long a = 0x1111_2222_3333_4444L;
        long b = -1L;
        long c = 0x5555_6666_7777_8888L;
        double d = 2.5;
        String name = "wide";

        private void writeObject(ObjectOutputStream out) throws IOException {
            Thread.yield();
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            Thread.yield();
        }
    }

    static final int THREADS = 4;
    static final java.util.Map<String, Integer> THROWN = new java.util.concurrent.ConcurrentHashMap<>();
    static final int CALLS = 20_000;

    interface Call {
        void run(int thread, int i) throws Exception;
    }

    /** Runs the calls on THREADS threads at once; returns how many ended with an exception. */
    static int hammer(Call call) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        int[] failed = new int[THREADS];
        Throwable[] errors = new Throwable[THREADS];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < CALLS; i++) {
                        try {
                            call.run(id, i);
                        } catch (Exception e) {
                            failed[id]++;     // any exception is an answer; a crash is not
                            THROWN.merge(e.getClass().getName(), 1, Integer::sum);
                        }
                    }
                } catch (Throwable e) {
                    errors[id] = e;
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        int total = 0;
        for (int t = 0; t < THREADS; t++) {
            if (errors[t] != null) {
                throw new AssertionError("thread " + t + " ended with an error", errors[t]);
            }
            total += failed[t];
        }
        return total;
    }

    public static void main(String[] args) throws Exception {
        FastObjectOutputStream shared = new FastObjectOutputStream();
        int writeFailures = hammer((thread, i) -> {
            if (i % 64 == 0 && thread == 0) {
                shared.reset();
                shared.rewind();
            }
            shared.writeObject((i + thread) % 2 == 0 ? new Narrow() : new Wide());
        });
        System.out.println("shared writer: " + writeFailures + " of " + THREADS * CALLS + " calls threw: " + THROWN);
        THROWN.clear();

        FastObjectOutputStream source = new FastObjectOutputStream();
        for (int i = 0; i < THREADS * CALLS; i++) {
            source.writeObject(i % 2 == 0 ? new Narrow() : new Wide());
        }
        FastObjectInputStream reader = new FastObjectInputStream(source.toByteArray());
        // Threads that interleave take each other's items: any object of the
        // stream (a field's string or list too) or an exception is an answer.
        int readFailures = hammer((thread, i) -> reader.readObject());
        System.out.println("shared reader: " + readFailures + " of " + THREADS * CALLS + " calls threw: " + THROWN);

        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(new Narrow());
        out.writeObject(new Wide());
        FastObjectInputStream in = new FastObjectInputStream(out.toByteArray());
        Narrow n = (Narrow) in.readObject();
        Wide w = (Wide) in.readObject();
        expectEquals(new Narrow().second, n.second, "a fresh pair's Narrow");
        expectEquals(new Wide().c, w.c, "a fresh pair's Wide");
        System.out.println("ConcurrentMisuseTest passed");
    }
}
