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
 * @summary FastRMI.callAsync on stubs of a server in a second JVM: the
 *          future completes with the call's result; callAsync returns while
 *          the server still works on the call, whose arguments have already
 *          reached the server; several futures are in flight at once (on one
 *          stub and on two) and each gets its own result; a declared
 *          exception and a RuntimeException of the server complete the
 *          future exceptionally with that exception (its type and message);
 *          the arguments are marshalled before callAsync returns (changing
 *          an argument afterwards changes nothing); a lambda without a
 *          remote call, or calling an object of this JVM, completes with
 *          its value or exception.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm AsyncCallTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp AsyncCallTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      AsyncCallTest
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import grande.test.ServiceException;

import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class AsyncCallTest {

    public interface Calculator extends Remote {
        int add(int a, int b) throws RemoteException;

        int sum(int[] values) throws RemoteException;

        /** x * x after sleeping millis; the tag is recorded when the call starts. */
        long slowSquare(String tag, long x, long millis) throws RemoteException;

        /** Whether a call tagged tag started, waiting up to timeoutMillis for it. */
        boolean awaitArrival(String tag, long timeoutMillis) throws RemoteException;

        void reject(String why) throws ServiceException, RemoteException;

        int divide(int a, int b) throws RemoteException;
    }

    public static final class CalculatorImpl implements Calculator {
        private final Set<String> arrived = new HashSet<>();
        private final int offset;

        CalculatorImpl(int offset) {
            this.offset = offset;
        }

        @Override
        public int add(int a, int b) {
            return a + b + offset;
        }

        @Override
        public int sum(int[] values) {
            int sum = offset;
            for (int v : values) {
                sum += v;
            }
            return sum;
        }

        @Override
        public long slowSquare(String tag, long x, long millis) {
            synchronized (arrived) {
                arrived.add(tag);
                arrived.notifyAll();
            }
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return x * x + offset;
        }

        @Override
        public boolean awaitArrival(String tag, long timeoutMillis) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            synchronized (arrived) {
                while (!arrived.contains(tag)) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(arrived, left);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                return true;
            }
        }

        @Override
        public void reject(String why) throws ServiceException {
            throw new ServiceException(why, 0, null);
        }

        @Override
        public int divide(int a, int b) {
            return a / b;
        }
    }

    /** The server program: "calc" (adds 0) and "offset" (adds 1000); "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop(Map.of("calc", new CalculatorImpl(0), "offset", new CalculatorImpl(1000)), 120);
        }
    }

    static final long LIMIT = ChildJvm.seconds(30);

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("AsyncCallTest$Server", List.of())) {
            Calculator calc = server.lookup("calc");
            Calculator offset = server.lookup("offset");
            expectEquals(3, calc.add(1, 2), "a synchronous call (opens the connection)");

            results(calc);
            inFlight(calc, offset);
            exceptions(calc);
            CompletableFuture<Integer> noCall = FastRMI.callAsync(() -> 6 * 7);
            expectEquals(42, noCall.get(LIMIT, TimeUnit.SECONDS), "a lambda without a remote call");
            localObject();

            server.stop(30);
        }
    }

    static void results(Calculator calc) throws Exception {
        CompletableFuture<Integer> sum = FastRMI.callAsync(() -> calc.add(20, 22));
        expectEquals(42, sum.get(LIMIT, TimeUnit.SECONDS), "the result of an async call");
        expect(sum.isDone() && !sum.isCompletedExceptionally(), "the future completed normally");
        expectEquals(-5, FastRMI.callAsync(() -> calc.add(-2, -3)).join(), "another, by join()");

        int[] values = {1, 2, 3};
        CompletableFuture<Integer> sum6 = FastRMI.callAsync(() -> calc.sum(values));
        values[0] = 100;   // the arguments were marshalled before callAsync returned
        expectEquals(6, sum6.get(LIMIT, TimeUnit.SECONDS), "an array argument changed after callAsync returned");
    }

    /** An async call to an object of this JVM runs here and completes the future. */
    static void localObject() throws Exception {
        CalculatorImpl impl = new CalculatorImpl(500);
        Calculator local = (Calculator) UnicastRemoteObject.exportObject(impl, 0);
        try {
            expectEquals(503, FastRMI.callAsync(() -> local.add(1, 2)).get(LIMIT, TimeUnit.SECONDS),
                         "an async call to an object of this JVM");
            var e = Failures.expectThrows(ExecutionException.class,
                                          () -> FastRMI.callAsync(() -> local.divide(1, 0))
                                                       .get(LIMIT, TimeUnit.SECONDS),
                                          "an async call to an object of this JVM that throws");
            expectEquals(ArithmeticException.class, e.getCause().getClass(), "the future's exception");
        } finally {
            UnicastRemoteObject.unexportObject(impl, true);
        }
    }

    static void inFlight(Calculator calc, Calculator offset) throws Exception {
        long start = System.nanoTime();
        CompletableFuture<Long> slow = FastRMI.callAsync(() -> calc.slowSquare("slow", 9, 2000));
        long returnedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (returnedAfter < 1500) {
            expect(!slow.isDone(), "callAsync returned (after " + returnedAfter
                                   + " ms) before the server answered (it sleeps 2000 ms)");
        } else {
            System.out.println("callAsync took " + returnedAfter + " ms; its isDone() is not checked");
        }
        expect(calc.awaitArrival("slow", 10_000), "the async call's arguments reached the server before get()");
        expectEquals(81L, slow.get(LIMIT, TimeUnit.SECONDS), "the slow call's result");

        List<CompletableFuture<Long>> futures = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            long x = i;
            Calculator target = i % 2 == 0 ? calc : offset;
            futures.add(FastRMI.callAsync(() -> target.slowSquare("batch" + x, x, 100 + 50 * (8 - x))));
        }
        CompletableFuture<Integer> quick = FastRMI.callAsync(() -> calc.add(1, 1));
        expectEquals(2, quick.get(LIMIT, TimeUnit.SECONDS), "a quick call while eight slow ones are in flight");
        for (int i = 0; i < 8; i++) {
            long expected = (long) i * i + (i % 2 == 0 ? 0 : 1000);
            expectEquals(expected, futures.get(i).get(LIMIT, TimeUnit.SECONDS), "in-flight call " + i);
        }
    }

    static void exceptions(Calculator calc) throws Exception {
        CompletableFuture<Object> rejected = FastRMI.callAsync(() -> {
            calc.reject("no credit");
            return "unreachable";
        });
        var e = Failures.expectThrows(ExecutionException.class, () -> rejected.get(LIMIT, TimeUnit.SECONDS),
                                      "get() of a call whose server threw a declared exception");
        expectEquals(ServiceException.class, e.getCause().getClass(), "the future's exception");
        expectEquals("no credit", e.getCause().getMessage(), "its message");
        expect(rejected.isCompletedExceptionally(), "the future completed exceptionally");

        CompletableFuture<Integer> divided = FastRMI.callAsync(() -> calc.divide(1, 0));
        var c = Failures.expectThrows(CompletionException.class, divided::join,
                                      "join() of a call whose server threw a RuntimeException");
        expectEquals(ArithmeticException.class, c.getCause().getClass(), "the future's exception");
        expectEquals("/ by zero", c.getCause().getMessage(), "its message");
        expectEquals(7, FastRMI.callAsync(() -> calc.add(3, 4)).get(LIMIT, TimeUnit.SECONDS),
                     "an async call after the failed ones");
    }
}
