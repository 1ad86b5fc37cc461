/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import java.util.List;

import javax.management.MBeanServerConnection;
import javax.management.MBeanServerDelegate;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

import org.grandejdk.bench.rmi.ServerProcess;
import org.grandejdk.bench.rmi.cold.FirstCalls;

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
 * one line {@link FirstCalls#row} (kind: plain or TLS; from the connect
 * to the listener added; no waiter).
 */
public final class JmxColdStart {

    private JmxColdStart() {
    }

    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "jmx";
        int calls = FirstCalls.calls();
        boolean tls = Boolean.getBoolean("cold.jmx.tls");
        boolean fastRmi = "fastrmi".equals(System.getProperty("java.rmi.provider"));
        long settle = FirstCalls.serverSettleMillis();
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
            System.out.println(FirstCalls.row(label, tls ? "TLS" : "plain", start, connected, marks, "-",
                                              (fastRmi ? "jdk.fastrmi" : "stock RMI") + ", server JRMP threads " + jrmp));
        }
    }
}
