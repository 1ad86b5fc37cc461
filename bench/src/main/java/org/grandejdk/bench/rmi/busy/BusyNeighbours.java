/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.busy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

import org.grandejdk.bench.rmi.FastRmiTechnology;
import org.grandejdk.bench.rmi.RmiConfiguration;
import org.grandejdk.bench.rmi.RmiServer;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * Calls beside busy neighbours (make bench-busy): a client JVM and a
 * fresh server JVM ({@link BusyServer}) on whatever RMI the options
 * select, each running one compute thread ({@link Compute}) all along, as
 * an HPC node's worker or a busy server does. After a warm-up
 * ({@code busy.warmupSeconds}, default 5, calls and computing), the
 * compute threads run alone for {@code busy.aloneSeconds} (default 5):
 * their rounds a second then are the baseline. Then {@code busy.callers}
 * client threads (default 1) call {@code void ping()} for
 * {@code busy.seconds} (default 10) while both compute threads go on.
 * Reported: the calls a second, and each compute thread's rounds a second
 * during the calls against alone. The server counts the pings it got; a
 * run whose server got fewer than the client counted fails. With
 * {@code -Dbusy.technology} the jdk.fastrmi technology the calls ran over
 * is checked after the clock. Prints one line starting {@code ROW}.
 */
public final class BusyNeighbours {

    private BusyNeighbours() {
    }

    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "rmi";
        int callers = Integer.getInteger("busy.callers", 1);
        long warmup = Long.getLong("busy.warmupSeconds", 5);
        long alone = Long.getLong("busy.aloneSeconds", 5);
        long busy = Long.getLong("busy.seconds", 10);
        String technology = System.getProperty("busy.technology");
        if (callers < 1 || alone < 1 || busy < 1 || warmup < 0) {
            throw new IllegalArgumentException("busy.callers, busy.aloneSeconds and busy.seconds must be"
                                               + " positive, busy.warmupSeconds not negative");
        }
        Compute compute = Compute.start("client-compute");
        try (ServerProcess server = ServerProcess.start(BusyServer.class)) {
            BusyService service = RmiServer.lookup(server, BusyServer.NAME, BusyService.class);
            callFor(service, callers, TimeUnit.SECONDS.toNanos(warmup));

            long clientBefore = compute.rounds();
            long serverBefore = service.computeRounds();
            long start = System.nanoTime();
            Thread.sleep(TimeUnit.SECONDS.toMillis(alone));
            long clientAlone = compute.rounds() - clientBefore;
            long serverAlone = service.computeRounds() - serverBefore;
            double aloneSeconds = (System.nanoTime() - start) / 1e9;

            long pingsBefore = service.pings();
            clientBefore = compute.rounds();
            serverBefore = service.computeRounds();
            start = System.nanoTime();
            long calls = callFor(service, callers, TimeUnit.SECONDS.toNanos(busy));
            double busySeconds = (System.nanoTime() - start) / 1e9;
            long clientBusy = compute.rounds() - clientBefore;
            long serverBusy = service.computeRounds() - serverBefore;
            long received = service.pings() - pingsBefore;
            if (received < calls) {
                throw new IllegalStateException("the server got " + received + " pings, the client made " + calls);
            }

            String configuration = RmiConfiguration.checkBothEnds("client", "server", service,
                                                                  service::configuration);
            if (technology != null) {
                configuration += ", " + FastRmiTechnology.require(service, technology);
            }
            double clientAloneRate = clientAlone / aloneSeconds;
            double serverAloneRate = serverAlone / aloneSeconds;
            System.out.println(String.format(Locale.ROOT,
                    "ROW | %s | %d | %.0f | %.1f | %.1f | %.1f | %.1f | %s",
                    label, callers, calls / busySeconds, clientAloneRate, clientBusy / busySeconds,
                    serverAloneRate, serverBusy / busySeconds, configuration));
        }
    }

    /** Calls from the given number of threads until the time is up; the calls made. */
    private static long callFor(BusyService service, int callers, long nanos) throws Exception {
        LongAdder calls = new LongAdder();
        AtomicReference<Exception> failure = new AtomicReference<>();
        long end = System.nanoTime() + nanos;
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            Thread t = new Thread(() -> {
                try {
                    while (System.nanoTime() < end) {
                        service.ping();
                        calls.increment();
                    }
                } catch (Exception e) {
                    failure.compareAndSet(null, e);
                }
            }, "caller-" + i);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return calls.sum();
    }
}
