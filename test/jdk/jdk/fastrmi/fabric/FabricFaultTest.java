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
 * @summary Peers that die on the fabric (shm, and tcp;ofi_rxm on loopback),
 *          beyond what faults/ServerKilledMidCallTest and
 *          ClientKilledMidCallTest check over every technology:
 *          (a) a server JVM killed (SIGKILL) while a thread calls it in a
 *          loop, so that a call is on the fabric at that moment: it ends
 *          with a java.rmi.RemoteException subclass within seconds, not a
 *          hang (a fabric peer's death is told only by the end of its tcp
 *          connection). (b) a client JVM killed while its connections are
 *          idle: the server's connection threads end within seconds, and
 *          it serves a new client and exits on its own at the end.
 * @modules java.rmi jdk.fastrmi
 * @library /lib ../faults
 * @build grande.test.* ChildJvm FaultService FaultServer FaultClient
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm FabricFaultTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      FabricFaultTest
 */

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

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
        ExecutorService callers = Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "caller");
            t.setDaemon(true);
            return t;
        });
        try (ChildJvm server = ChildJvm.start("server", List.of(), "FaultServer", "120")) {
            var service = (FaultService) LocateRegistry.getRegistry(ChildJvm.HOST, server.awaitServerPort())
                                                       .lookup("service");
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
            expectRemoteException(loop, killed, "the echo loop (after " + echoed.get() + " calls)");
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

            echoClient(port, "other", 10);
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
