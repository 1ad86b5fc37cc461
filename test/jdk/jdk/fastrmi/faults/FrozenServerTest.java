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
 * @test id=stock-timeout
 * @summary The reference, stock RMI on the image: with
 *          sun.rmi.transport.tcp.responseTimeout a call to a frozen server
 *          (SIGSTOP) while a client calls it in a loop ends with an
 *          UnmarshalException caused by a SocketTimeoutException after
 *          about that time; after SIGCONT the next call is served, and the
 *          client holds no more threads, descriptors and regions than
 *          before the freeze (in every variant). Stock
 *          pings a pooled connection before it reuses it: a freeze that
 *          catches the ping ends the call in a new connection's handshake,
 *          a ConnectIOException after responseTimeout + handshakeTimeout,
 *          so the handshake time-out is set as short as the reply's.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* FrozenServerTest FaultService FaultServer
 * @run main/othervm/timeout=300 -Djava.rmi.server.hostname=127.0.0.1
 *      -Dsun.rmi.transport.tcp.responseTimeout=2000 -Dsun.rmi.transport.tcp.handshakeTimeout=2000
 *      FrozenServerTest timeout
 */

/*
 * @test id=fastrmi-timeout
 * @summary The same on jdk.fastrmi, over every technology
 *          (grande.test.Technologies; the SPI's Timeouts binds each to
 *          that property): the stock exception within the stock time-out,
 *          whatever carries the call; the timed-out connection is dropped,
 *          not reused.
 * @modules java.rmi jdk.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* FrozenServerTest FaultService FaultServer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies -Dsun.rmi.transport.tcp.responseTimeout=2000
 *      FrozenServerTest timeout
 */

/*
 * @test id=stock-wait
 * @summary The reference without a time-out: the call waits for the frozen
 *          server and completes with its result after SIGCONT; the loop of
 *          calls goes on.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* FrozenServerTest FaultService FaultServer
 * @run main/othervm/timeout=300 -Djava.rmi.server.hostname=127.0.0.1 FrozenServerTest wait
 */

/*
 * @test id=fastrmi-wait
 * @summary The same on jdk.fastrmi, over every technology
 *          (grande.test.Technologies).
 * @modules java.rmi jdk.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* FrozenServerTest FaultService FaultServer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies FrozenServerTest wait
 */

import java.net.SocketTimeoutException;
import java.rmi.ConnectIOException;
import java.rmi.UnmarshalException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import grande.test.ChildJvm;
import grande.test.Resources;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FrozenServerTest {

    public static void main(String[] args) throws Exception {
        boolean timeout = args[0].equals("timeout");
        ExecutorService callers = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "caller");
            t.setDaemon(true);      // a call that hangs fails the test, it does not keep the JVM
            return t;
        });
        try (ChildJvm server = FaultServer.start(List.of())) {
            // server.lookup checks that the stub is of the runtime and the technology under test
            var service = (FaultService) server.lookup("service");
            expectEquals(7, service.echo(7), "a call before the server freezes");
            // a reply slower than a receiver spins: what a waiting receiver opens
            // (a selector) is open at the baseline, as after any slow call
            service.block(50);
            Resources.Snapshot baseline = Resources.snapshot();

            // calls in a loop, as an operator's client makes them; the server freezes mid-stream
            AtomicInteger done = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            Future<Integer> loop = callers.submit(() -> {
                int i = 0;
                while (!stop.get() && i < 10_000_000) {
                    expectEquals(i, service.echo(i), "call " + i);
                    done.incrementAndGet();
                    i++;
                }
                return i;
            });
            awaitCalls(done, 100);
            server.signal("STOP");
            long start = System.nanoTime();
            if (timeout) {
                long limit = Long.getLong("sun.rmi.transport.tcp.responseTimeout");
                Throwable failure;
                try {
                    int calls = loop.get(ChildJvm.seconds(30), TimeUnit.SECONDS);
                    throw new AssertionError("the loop of calls to a frozen server ended after " + calls + " calls");
                } catch (ExecutionException e) {
                    failure = e.getCause();
                }
                long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                // stock's ping of a pooled connection may be what the freeze catches (see @summary)
                boolean stockPing = System.getProperty("java.rmi.provider") == null
                                    && failure instanceof ConnectIOException;
                expect(failure instanceof UnmarshalException || stockPing, "the call to the frozen server "
                       + "ends with an UnmarshalException: " + failure);
                expect(failure.getCause() instanceof SocketTimeoutException,
                       "caused by a SocketTimeoutException: " + failure.getCause());
                expect(elapsed >= limit * 3 / 4, "not before the time-out of " + limit + " ms: " + elapsed + " ms");
                System.out.println("the call ended after " + elapsed + " ms: " + failure);
                server.signal("CONT");
                expectEquals(9, service.echo(9), "a call after SIGCONT");
                // the timed-out connection was dropped, not kept beside the new one
                Resources.expectBack(baseline, 5_000, "after the time-out and the next call");
            } else {
                try {
                    loop.get(3, TimeUnit.SECONDS);
                    throw new AssertionError("the loop of calls to a frozen server ended");
                } catch (TimeoutException e) {
                    System.out.println("the call still waits after 3 s, as it should");
                }
                int before = done.get();
                server.signal("CONT");
                awaitCalls(done, before + 100);
                stop.set(true);
                expect(loop.get(ChildJvm.seconds(30), TimeUnit.SECONDS) > before,
                       "the waiting call completed after SIGCONT and the loop went on");
                Resources.expectBack(baseline, 5_000, "after the frozen server went on");
            }
            FaultServer.stop(server);
        } finally {
            callers.shutdownNow();
        }
    }

    /* Waits until the loop has made at least n calls. */
    static void awaitCalls(AtomicInteger done, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ChildJvm.seconds(30));
        while (done.get() < n) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("only " + done.get() + " calls made, " + n + " expected");
            }
            Thread.sleep(10);
        }
    }
}
