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
 * @summary A server JVM killed (SIGKILL) while calls are in it, over every
 *          technology (grande.test.Technologies): (a) each call that waits
 *          in it (three synchronous ones from three threads, and one made
 *          with FastRMI.callAsync) ends with a java.rmi.RemoteException
 *          subclass within a bound instead of hanging; a later call to the
 *          dead server, and a registry lookup, end in ConnectException.
 *          (b) a thread that calls it in a loop, so that a call is on the
 *          wire at that moment, ends with a RemoteException within seconds,
 *          not a hang (a fabric peer's death is told only by the end of its
 *          tcp connection).
 * @modules java.rmi jdk.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* ServerKilledMidCallTest FaultService FaultServer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies ServerKilledMidCallTest
 */

import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import grande.test.ChildJvm;
import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ServerKilledMidCallTest {

    static final int SYNC_CALLERS = 3;

    /** "Within seconds": the bound for the end of a looping call after a kill, before scaling. */
    static final long SECONDS = 10;

    public static void main(String[] args) throws Exception {
        // Daemon threads: a call that hangs must fail the test, not keep the JVM.
        ExecutorService callers = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "caller");
            t.setDaemon(true);
            return t;
        });
        try {
            waitingCalls(callers);
            loopingCall(callers);
        } finally {
            callers.shutdownNow();
        }
    }

    /** (a) */
    static void waitingCalls(ExecutorService callers) throws Exception {
        try (ChildJvm server = FaultServer.start(List.of())) {
            Registry registry = server.registry();
            var service = (FaultService) registry.lookup("service");
            ChildJvm.expectTechnology(service);
            ChildJvm.expectRuntimeStub(service);
            expectEquals(7, service.echo(7), "a call before the kill");

            List<Future<Long>> waiting = new ArrayList<>();
            for (int i = 0; i < SYNC_CALLERS; i++) {
                waiting.add(callers.submit(() -> service.block(120_000)));
                server.awaitLine("BLOCKED", 30);
            }
            CompletableFuture<Long> async = null;
            if (ChildJvm.FASTRMI) {
                async = FastRMI.callAsync(() -> service.block(120_000));
                server.awaitLine("BLOCKED", 30);
            }

            server.kill();

            for (int i = 0; i < waiting.size(); i++) {
                Throwable failure = failure(waiting.get(i), "blocked call " + i);
                expect(failure instanceof RemoteException,
                       "blocked call " + i + " ends with a RemoteException: " + failure);
                System.out.println("blocked call " + i + ": " + failure.getClass().getName());
            }
            if (async != null) {
                Throwable failure = failure(async, "the asynchronous call");
                expect(failure instanceof RemoteException,
                       "the asynchronous call completes with a RemoteException: " + failure);
                System.out.println("asynchronous call: " + failure.getClass().getName());
            }

            Throwable later = failure(callers.submit(() -> service.echo(8)), "a call after the kill");
            expectEquals(ConnectException.class, later.getClass(), "a call after the kill fails: " + later);
            Throwable lookup = failure(callers.submit(() -> registry.lookup("service")), "a lookup after the kill");
            expectEquals(ConnectException.class, lookup.getClass(), "a lookup after the kill fails: " + lookup);
        }
    }

    /** (b) */
    static void loopingCall(ExecutorService callers) throws Exception {
        try (ChildJvm server = FaultServer.start(List.of())) {
            var service = (FaultService) server.registry().lookup("service");
            ChildJvm.expectTechnology(service);
            AtomicInteger echoed = new AtomicInteger();
            Future<?> loop = callers.submit(() -> {
                for (int i = 0; ; i++) {
                    if (service.echo(i) != i) {
                        throw new AssertionError("echo(" + i + ") returned another number");
                    }
                    echoed.incrementAndGet();
                }
            });
            while (echoed.get() < 100) {   // the loop runs: the kill finds one of its calls in flight
                if (loop.isDone()) {
                    loop.get();
                    throw new AssertionError("the echo loop ended");
                }
                Thread.sleep(10);
            }
            long killed = System.nanoTime();
            server.kill();
            String what = "the echo loop (after " + echoed.get() + " calls)";
            Throwable failure = failure(loop, what);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
            expect(failure instanceof RemoteException, what + " ends with a RemoteException: " + failure);
            expect(ms <= ChildJvm.millis(SECONDS),
                   what + " ended " + ms + " ms after the kill, within " + ChildJvm.millis(SECONDS) + " ms");
        }
    }

    /** What the call behind future threw, waiting for it within a bound. */
    static Throwable failure(Future<?> future, String what) throws InterruptedException {
        try {
            Object result = future.get(ChildJvm.seconds(30), TimeUnit.SECONDS);
            throw new AssertionError(what + " returned " + result + " from a killed server");
        } catch (ExecutionException e) {
            e.getCause().printStackTrace(System.out);
            return e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError(what + " hangs: no result within "
                                     + ChildJvm.seconds(30) + " s of the kill");
        }
    }
}
