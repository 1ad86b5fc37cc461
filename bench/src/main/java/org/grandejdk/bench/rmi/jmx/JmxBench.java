/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServerConnection;
import javax.management.MBeanServerDelegate;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.ServerProcess;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMX over RMI as a monitoring client uses it: a connection to a connector
 * server in another JVM ({@link JmxServer}) with a notification listener
 * registered, so the connector's notification thread waits on the server
 * (a long-poll call held open) all along, as JConsole's does; then
 * attribute reads. {@link #getAttribute} reads the Runtime MXBean's
 * {@code Uptime} (a {@code Long}), {@link #getCompositeAttribute} the
 * Memory MXBean's {@code HeapMemoryUsage} (a {@code CompositeData} of four
 * longs). Set-up checks both reads and that the variant runs where it
 * says: on jdk.fastrmi no server thread serves a JRMP connection
 * ({@code RMI TCP Connection}), on stock RMI some do.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class JmxBench extends AverageTimeBench {

    private static final ObjectName RUNTIME = name("java.lang:type=Runtime");
    private static final ObjectName MEMORY = name("java.lang:type=Memory");

    private ServerProcess server;
    private JMXConnector connector;
    private MBeanServerConnection mbsc;
    private NotificationListener listener;

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (javax.management.MalformedObjectNameException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Whether the variant's calls are jdk.fastrmi's (no JRMP connection thread in the server). */
    protected abstract boolean onFastRmi();

    /** Whether the connector runs over TLS (javax.rmi.ssl's socket factories; the registry stays plain). */
    protected boolean overTls() {
        return false;
    }

    @Setup(Level.Trial)
    public void connect() throws Exception {
        Lifecycle.setUpOrTearDown(this::close, () -> {
            if (overTls()) {
                server = ServerProcess.start(JmxTlsStore.jvmOptions(), JmxServer.class);
            } else {
                server = ServerProcess.start(JmxServer.class);
            }
            connector = JMXConnectorFactory.connect(JmxServer.url(server.port()));
            mbsc = connector.getMBeanServerConnection();
            listener = (notification, handback) -> { };
            mbsc.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener, null, null);
            check(getAttribute() > 0, "Uptime > 0");
            check(getCompositeAttribute().get("used") instanceof Long, "HeapMemoryUsage.used is a Long");
            int jrmp = jrmpConnectionThreads(mbsc);
            check(onFastRmi() ? jrmp == 0 : jrmp > 0,
                  "server threads serving JRMP connections: " + jrmp + (onFastRmi() ? ", expected none" : ""));
            System.out.println("jmx-config: " + Lifecycle.configurationName(this) + " server JRMP threads " + jrmp
                               + ", memory used " + MemoryUsage.from(getCompositeAttribute()).getUsed());
        });
    }

    /** The threads of the connection's server that serve a JRMP connection ({@code RMI TCP Connection}). */
    static int jrmpConnectionThreads(MBeanServerConnection mbsc) throws java.io.IOException {
        ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(
            mbsc, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
        int n = 0;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("RMI TCP Connection")) {
                n++;
            }
        }
        return n;
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        JMXConnector opened = connector;
        try {
            Lifecycle.closeAll(opened == null ? null : () -> {
                if (listener != null) {
                    mbsc.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener);
                }
                opened.close();
            }, server);
        } finally {
            connector = null;
            server = null;
        }
    }

    @Benchmark
    public long getAttribute() throws Exception {
        return (Long) mbsc.getAttribute(RUNTIME, "Uptime");
    }

    @Benchmark
    public CompositeData getCompositeAttribute() throws Exception {
        return (CompositeData) mbsc.getAttribute(MEMORY, "HeapMemoryUsage");
    }
}
