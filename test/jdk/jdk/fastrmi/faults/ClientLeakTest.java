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
 * @summary The client side does not leak: 200 calls from four threads, and
 *          200 more, leave a small, stable number of fastrmi- threads in the
 *          client and a few connections (and connection threads) in the
 *          server; once the server unexports the object every call fails
 *          with NoSuchObjectException and no thread is added; with
 *          -Djdk.fastrmi.tcp.idleTimeout=1000 the client's watchdog closes
 *          its idle connections, so the server's connection threads end
 *          within seconds while the client lives on.
 * @library /lib
 * @build grande.test.* FaultService FaultServer
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.tcp.idleTimeout=1000 ClientLeakTest
 */

import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import grande.test.Resources;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ClientLeakTest {

    static final int CALLERS = 4;
    static final int CALLS_PER_CALLER = 50;

    /**
     * Bounds that do not grow with the number of calls. Threads: one per
     * concurrent caller at most, plus the runtime's own (watchdog, DGC...).
     * Connections: one per concurrent caller, plus the registry lookup's
     * (another port) and the DGC's.
     */
    static final int MAX_CLIENT_THREADS = CALLERS + 4;
    static final int MAX_SERVER_CONNECTIONS = CALLERS + 2;

    /** Ten times the idle timeout; not scaled, so that the default (15 s) would not pass. */
    static final long WATCHDOG_BOUND_MILLIS = 10_000;

    /** stock RMI's threads when the test checks itself without the provider. */
    static String threadPrefix;

    public static void main(String[] args) throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(CALLERS, task -> {
            Thread t = new Thread(task, "caller");
            t.setDaemon(true);
            return t;
        });
        try (ChildJvm server = FaultServer.start(List.of())) {
            var service = (FaultService) server.registry().lookup("service");
            ChildJvm.expectRuntimeStub(service);
            threadPrefix = ChildJvm.FASTRMI ? "fastrmi-" : "RMI ";

            expectEquals(CALLERS * CALLS_PER_CALLER, calls(callers, service, false), "successful calls");
            List<String> threads = clientThreads();
            int threadsAfterFirst = threads.size();
            expect(threadsAfterFirst <= MAX_CLIENT_THREADS, "the client's threads named " + threadPrefix + "* after "
                   + CALLERS * CALLS_PER_CALLER + " calls: " + threadsAfterFirst + " <= " + MAX_CLIENT_THREADS
                   + " " + threads);
            int connections = FaultServer.connectionThreads(server);
            expect(connections >= 1 && connections <= MAX_SERVER_CONNECTIONS,
                   "server connection threads while the client is connected: " + connections);

            expectEquals(CALLERS * CALLS_PER_CALLER, calls(callers, service, false), "successful calls, again");
            expectThreadsAtMost(threadsAfterFirst, "after another " + CALLERS * CALLS_PER_CALLER + " calls");
            connections = FaultServer.connectionThreads(server);
            expect(connections >= 1 && connections <= MAX_SERVER_CONNECTIONS,
                   "server connection threads after another round: " + connections);

            server.send("unexport");
            expectEquals("true", server.awaitLine("UNEXPORTED ", 30), "the server unexported");
            expectEquals(CALLERS * 10, calls(callers, service, true),
                         "calls to the unexported object that failed with NoSuchObjectException");
            expectThreadsAtMost(threadsAfterFirst, "after the failed calls");

            // The client's watchdog closes its idle connections; the server sees them end.
            FaultServer.ThreadCount after = FaultServer.awaitConnectionThreads(server, 0, WATCHDOG_BOUND_MILLIS);
            expectEquals(0, after.threads(), "server connection threads after the client's connections idled for "
                         + after.afterMillis() + " ms");
            expectThreadsAtMost(threadsAfterFirst, "after the watchdog closed the connections");

            FaultServer.stop(server);
        } finally {
            callers.shutdownNow();
        }
    }

    /**
     * Runs CALLERS threads that call echo (CALLS_PER_CALLER times, or 10 times
     * if they expect NoSuchObjectException); returns the calls that went as
     * expected. Any other outcome fails the test.
     */
    static int calls(ExecutorService callers, FaultService service, boolean unexported) throws Exception {
        int perCaller = unexported ? 10 : CALLS_PER_CALLER;
        List<Future<Integer>> results = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            int caller = c;
            results.add(callers.submit(() -> {
                int expected = 0;
                for (int i = 0; i < perCaller; i++) {
                    int value = caller * 1000 + i;
                    try {
                        int back = service.echo(value);
                        if (unexported || back != value) {
                            throw new AssertionError("echo(" + value + ") returned " + back);
                        }
                        expected++;
                    } catch (NoSuchObjectException e) {
                        if (!unexported || e.getClass() != NoSuchObjectException.class) {
                            throw e;
                        }
                        expected++;
                    }
                }
                return expected;
            }));
        }
        int total = 0;
        for (Future<Integer> result : results) {
            total += result.get(ChildJvm.seconds(60), TimeUnit.SECONDS);
        }
        return total;
    }

    /** The live threads of this JVM whose names start with threadPrefix. */
    static List<String> clientThreads() {
        return Resources.threads(threadPrefix);
    }

    /** Waits a little for threads that are on their way out, then checks the count. */
    static void expectThreadsAtMost(int limit, String when) throws InterruptedException {
        List<String> threads = clientThreads();
        for (int i = 0; i < 40 && threads.size() > limit; i++) {
            Thread.sleep(50);
            threads = clientThreads();
        }
        expect(threads.size() <= limit, "the client's threads named " + threadPrefix + "* " + when + ": "
               + threads.size() + " <= " + limit + " " + threads);
    }
}
