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
 * @summary Peers that die on the fabric (shm, and tcp;ofi_rxm on loopback):
 *          (a) a server JVM killed (SIGKILL) while calls wait in it (two
 *          synchronous, one FastRMI.callAsync) and while a thread calls it
 *          in a loop: every call ends with a java.rmi.RemoteException
 *          subclass within seconds, not a hang (a fabric peer's death is
 *          told only by the end of its tcp connection); a later call and a
 *          registry lookup end in ConnectException, as on tcp.
 *          (b) a client JVM killed while its connections are idle, and one
 *          killed while its call blocks in the server: the server's
 *          connection threads end (within seconds for the idle ones), and
 *          the server serves a new client and exits on its own at the end.
 * @modules java.rmi jdk.fastrmi
 * @library /lib ../faults
 * @build grande.test.* ChildJvm FaultService FaultServer FaultClient
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm FabricFaultTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      FabricFaultTest
 */

import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
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

import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FabricFaultTest {

    /** "Within seconds": the bound for a failure after a kill, before scaling. */
    static final long SECONDS = 10;

    public static void main(String[] args) throws Exception {
        String technology = System.getProperty(ChildJvm.TECHNOLOGY);
        expect(technology != null && technology.startsWith("fabric:"),
               "the @run line asks for a fabric technology: " + technology);
        if (technology.contains("tcp;ofi_rxm")) {
            grande.test.Checks.requiredEnv("FI_TCP_IFACE");   // libfabric's tcp on loopback
        }
        serverKilled();
        clientKilled();
    }

    /** (a) */
    static void serverKilled() throws Exception {
        // Daemon threads: a call that hangs must fail the test, not keep the JVM.
        ExecutorService callers = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "caller");
            t.setDaemon(true);
            return t;
        });
        try (ChildJvm server = ChildJvm.start("server", List.of(), "FaultServer", "120")) {
            int port = server.awaitServerPort();
            Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, port);
            var service = (FaultService) registry.lookup("service");
            ChildJvm.expectTechnology(service);
            expectEquals(7, service.echo(7), "a call before the kill");

            List<Future<?>> waiting = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                waiting.add(callers.submit(() -> service.block(120_000)));
                server.awaitLine("BLOCKED", ChildJvm.scaledMillis(30));
            }
            CompletableFuture<Long> async = FastRMI.callAsync(() -> service.block(120_000));
            server.awaitLine("BLOCKED", ChildJvm.scaledMillis(30));
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
            for (int i = 0; i < waiting.size(); i++) {
                expectRemoteException(waiting.get(i), killed, "blocked call " + i);
            }
            expectRemoteException(async, killed, "the asynchronous blocked call");
            expectRemoteException(loop, killed, "the echo loop (after " + echoed.get() + " calls)");

            Throwable later = failure(callers.submit(() -> service.echo(8)), "a call after the kill");
            expectEquals(ConnectException.class, later.getClass(), "a call after the kill fails: " + later);
            Throwable lookup = failure(callers.submit(() -> registry.lookup("service")), "a lookup after the kill");
            expectEquals(ConnectException.class, lookup.getClass(), "a lookup after the kill fails: " + lookup);
        } finally {
            callers.shutdownNow();
        }
    }

    /** The call behind future ended with a RemoteException within SECONDS of the kill. */
    static void expectRemoteException(Future<?> future, long killed, String what) throws InterruptedException {
        Throwable failure = failure(future, what);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        expect(failure instanceof RemoteException, what + " ends with a RemoteException: " + failure);
        expect(ms <= ChildJvm.scaledMillis(SECONDS),
               what + " ended " + ms + " ms after the kill, within " + ChildJvm.scaledMillis(SECONDS) + " ms");
    }

    /** What the call behind future threw, waiting for it within a bound. */
    static Throwable failure(Future<?> future, String what) throws InterruptedException {
        try {
            Object result = future.get(ChildJvm.scaledMillis(30), TimeUnit.MILLISECONDS);
            throw new AssertionError(what + " returned " + result + " from a killed server");
        } catch (ExecutionException e) {
            e.getCause().printStackTrace(System.out);
            return e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError(what + " hangs: no result within "
                                     + ChildJvm.scaledMillis(30) + " ms of the kill");
        }
    }

    /** (b) */
    static void clientKilled() throws Exception {
        try (ChildJvm server = ChildJvm.start("server", List.of(), "FaultServer", "120")) {
            int port = server.awaitServerPort();
            int baseline = server.connectionThreads();
            System.out.println("server connection threads before any client: " + baseline);

            try (ChildJvm idle = ChildJvm.start("idle", List.of(), "FaultClient",
                                                Integer.toString(port), "hold", "50")) {
                idle.awaitLine("ECHOED 50", ChildJvm.scaledMillis(60));
                int during = server.connectionThreads();
                expect(during > baseline, "the idle client holds a connection thread: " + during + " > " + baseline);
                idle.kill();
            }
            ChildJvm.ThreadCount after = server.awaitConnectionThreads(baseline, ChildJvm.scaledMillis(SECONDS));
            expectEquals(baseline, after.threads(),
                         "server connection threads once the idle client was killed (after "
                         + after.afterMillis() + " ms)");

            try (ChildJvm victim = ChildJvm.start("victim", List.of(), "FaultClient",
                                                  Integer.toString(port), "block")) {
                server.awaitLine("BLOCKED", ChildJvm.scaledMillis(60));
                victim.kill();
            }
            echoClient(port, "other", 100);
            expect(!server.hasLine("UNBLOCKED"),
                   "another client was served while the killed client's call was still blocked");
            server.send("release");
            server.awaitLine("UNBLOCKED", ChildJvm.scaledMillis(30));
            after = server.awaitConnectionThreads(baseline, ChildJvm.scaledMillis(20));
            expectEquals(baseline, after.threads(),
                         "server connection threads once the killed client's call ended (after "
                         + after.afterMillis() + " ms)");

            echoClient(port, "third", 10);
            server.closeInput();
            server.awaitLine("STOPPED", ChildJvm.scaledMillis(30));
            expectEquals(0, server.awaitExit(ChildJvm.scaledMillis(30)),
                         "the server's exit code (it exits on its own once everything is unexported)");
        }
    }

    /** Runs a client JVM that makes that many echo calls; it must exit on its own. */
    static void echoClient(int port, String name, int calls) throws Exception {
        try (ChildJvm client = ChildJvm.start(name, List.of(), "FaultClient",
                                              Integer.toString(port), "echo", Integer.toString(calls))) {
            client.awaitLine("ECHOED " + calls, ChildJvm.scaledMillis(60));
            expectEquals(0, client.awaitExit(ChildJvm.scaledMillis(30)), "the " + name + " client's exit code");
        }
    }
}
