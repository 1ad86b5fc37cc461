/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.cold;

import org.grandejdk.bench.rmi.FastRmiTechnology;
import org.grandejdk.bench.rmi.RmiConfiguration;
import org.grandejdk.bench.rmi.RmiServer;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * An unchanged RMI program's first calls, timed as the program itself
 * would time them: a driver, not a JMH benchmark (JMH's warm-up is what
 * this must not have). Each run is a fresh client JVM (this one) and a
 * fresh server JVM ({@link ColdServer}) on whatever RMI the options
 * select, up for {@code cold.serverSettleMillis} (default 2000) before the
 * client starts, as a server is when clients come (its own start-up then
 * takes no core from the client). The clock starts at the registry lookup; then {@code cold.calls}
 * (default 3000) calls of {@code void ping()}, each timed. With
 * {@code -Dcold.background=true} a second thread of the client sits in a
 * long poll ({@link ColdService#await}) all along, as a notification
 * listener does. Nothing touches RMI before the clock starts; the checks
 * of the configuration (both ends, and with {@code -Dcold.technology} the
 * jdk.fastrmi technology the calls ran over) come after it stops. Prints
 * one line starting {@code ROW}.
 */
public final class ColdStart {

    private static final long AWAIT_MILLIS = 120_000;

    private ColdStart() {
    }

    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "rmi";
        int calls = FirstCalls.calls();
        boolean background = Boolean.getBoolean("cold.background");
        String technology = System.getProperty("cold.technology");
        long settle = FirstCalls.serverSettleMillis();
        try (ServerProcess server = ServerProcess.start(ColdServer.class)) {
            // a server is up for a while when clients come: its own start-up done
            Thread.sleep(settle);
            long start = System.nanoTime();
            ColdService service = RmiServer.lookup(server, ColdServer.NAME, ColdService.class);
            long looked = System.nanoTime();
            Thread waiter = null;
            if (background) {
                waiter = new Thread(() -> waitInBackground(service), "listener");
                waiter.setDaemon(true);
                waiter.start();
            }
            long[] marks = new long[calls + 1];
            marks[0] = System.nanoTime();
            for (int i = 1; i <= calls; i++) {
                service.ping();
                marks[i] = System.nanoTime();
            }
            // The clock has stopped: the checks may warm what they like.
            long waiterFrom = -1;
            if (waiter != null) {
                waiterFrom = service.pingsBeforeWaiter();
                service.release();
                waiter.join(10_000);
                if (waiter.isAlive() || waiterFrom < 0) {
                    throw new IllegalStateException("the background waiter did not wait");
                }
            }
            String configuration = RmiConfiguration.checkBothEnds("client", "server", service,
                                                                  service::configuration);
            if (technology != null) {
                configuration += ", " + FastRmiTechnology.require(service, technology);
            }
            System.out.println(FirstCalls.row(label, background ? "yes" : "no", start, looked, marks,
                                              waiter == null ? "-" : Long.toString(waiterFrom), configuration));
        }
    }

    private static void waitInBackground(ColdService service) {
        try {
            service.await(AWAIT_MILLIS);
        } catch (Exception e) {
            e.printStackTrace();
        }
    }
}
