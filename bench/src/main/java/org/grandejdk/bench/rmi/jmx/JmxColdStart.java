/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import java.util.List;
import java.util.Locale;

import javax.management.MBeanServerConnection;
import javax.management.MBeanServerDelegate;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

import org.grandejdk.bench.rmi.ServerProcess;

/**
 * A monitoring client's first JMX calls, timed as the client itself would
 * time them: a driver like {@code cold.ColdStart}, not a JMH benchmark. A
 * fresh client JVM (this one) and a fresh {@link JmxServer} on whatever RMI
 * the options select, over TLS with {@code -Dcold.jmx.tls=true} (the key
 * store made before the clock starts), up for
 * {@code cold.serverSettleMillis} (default 2000) first. The clock starts at
 * {@code JMXConnectorFactory.connect}; a notification listener is added
 * (the connector's fetch thread then waits on the server all along, as
 * JConsole's does); then {@code cold.calls} (default 3000) calls of
 * {@code getAttribute} of the Runtime MXBean's {@code Uptime}, each timed.
 * The check of the configuration (on jdk.fastrmi no server thread serves a
 * JRMP connection, on stock some do) comes after the clock stops. Prints
 * one line {@code ROW | label | plain or TLS | connect and listener (ms) |
 * first call (µs) | µs per call of calls 1-100 | 1-1000 | all | the last
 * 1000 | - | configuration}.
 */
public final class JmxColdStart {

    private JmxColdStart() {
    }

    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "jmx";
        int calls = Integer.getInteger("cold.calls", 3000);
        if (calls < 1000) {
            throw new IllegalArgumentException("cold.calls must be at least 1000: " + calls);
        }
        boolean tls = Boolean.getBoolean("cold.jmx.tls");
        boolean fastRmi = "fastrmi".equals(System.getProperty("java.rmi.provider"));
        long settle = Long.getLong("cold.serverSettleMillis", 2000);
        List<String> serverOptions = tls ? JmxTlsStore.jvmOptions() : List.of();
        ObjectName runtime = new ObjectName("java.lang:type=Runtime");
        try (ServerProcess server = ServerProcess.start(serverOptions, JmxServer.class)) {
            Thread.sleep(settle);
            long start = System.nanoTime();
            JMXConnector connector = JMXConnectorFactory.connect(JmxServer.url(server.port()));
            MBeanServerConnection mbsc = connector.getMBeanServerConnection();
            NotificationListener listener = (notification, handback) -> { };
            mbsc.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener, null, null);
            long connected = System.nanoTime();
            long[] marks = new long[calls + 1];
            long uptime = 0;
            marks[0] = System.nanoTime();
            for (int i = 1; i <= calls; i++) {
                uptime += (Long) mbsc.getAttribute(runtime, "Uptime");
                marks[i] = System.nanoTime();
            }
            // The clock has stopped.
            if (uptime <= 0) {
                throw new IllegalStateException("Uptime was not positive");
            }
            int jrmp = JmxBench.jrmpConnectionThreads(mbsc);
            if (fastRmi ? jrmp != 0 : jrmp == 0) {
                throw new IllegalStateException("server threads serving JRMP connections: " + jrmp
                                                + (fastRmi ? ", expected none" : ", expected some"));
            }
            mbsc.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener);
            connector.close();
            System.out.println(String.format(Locale.ROOT,
                    "ROW | %s | %s | %.1f | %.0f | %.1f | %.1f | %.1f | %.2f | - | %s, server JRMP threads %d",
                    label, tls ? "TLS" : "plain", (connected - start) / 1e6,
                    (marks[1] - marks[0]) / 1e3, perCall(marks, 0, 100), perCall(marks, 0, 1000),
                    perCall(marks, 0, calls), perCall(marks, calls - 1000, calls),
                    fastRmi ? "jdk.fastrmi" : "stock RMI", jrmp));
        }
    }

    /** Mean microseconds per call of calls from+1 to to. */
    private static double perCall(long[] marks, int from, int to) {
        return (marks[to] - marks[from]) / 1e3 / (to - from);
    }
}
