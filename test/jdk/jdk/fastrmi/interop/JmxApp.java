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

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.rmi.registry.LocateRegistry;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.MBeanServerConnection;
import javax.management.MBeanServerDelegate;
import javax.management.MBeanServerNotification;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

/**
 * JMX over RMI as applications use it, written against the stock API only:
 * {@code JmxApp agent} waits (the management agent is switched on by the
 * command line), {@code JmxApp connector PORT} makes a registry on PORT and
 * a connector server bound in it as "app"; both print {@code READY} and run
 * until their input ends. {@code JmxApp client URL} connects, reads an
 * attribute, receives a notification through a listener (the connector's
 * notification thread waits on the server meanwhile), makes a thousand
 * getAttribute calls, prints {@code CHECK} lines and then
 * {@code JRMP-THREADS n}: how many of the server's threads serve JRMP
 * connections ("RMI TCP Connection"), read from the server's
 * ThreadMXBean over the same connection.
 */
public class JmxApp {

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "agent" -> serve(null);
            case "connector" -> {
                int port = Integer.parseInt(args[1]);
                LocateRegistry.createRegistry(port);
                MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
                JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/app");
                JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(url, null, mbs);
                server.start();
                serve(server);
            }
            case "client" -> {
                try {
                    client(args[1]);
                } catch (Throwable t) {
                    t.printStackTrace(System.out);
                    System.out.println("CLIENT FAILED " + t);
                    System.exit(1);
                }
                System.exit(0);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static void serve(JMXConnectorServer server) throws Exception {
        System.out.println("READY");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        if (server != null) {
            server.stop();
        }
        System.exit(0);
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static void client(String url) throws Exception {
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(url))) {
            MBeanServerConnection mbsc = connector.getMBeanServerConnection();
            ObjectName runtime = new ObjectName("java.lang:type=Runtime");
            Object vmName = mbsc.getAttribute(runtime, "VmName");
            check(vmName instanceof String s && !s.isEmpty(), "VmName " + vmName);
            System.out.println("CHECK connect");

            CountDownLatch registered = new CountDownLatch(1);
            ObjectName timer = new ObjectName("JmxApp:type=Timer,id=" + ProcessHandle.current().pid());
            NotificationListener listener = (n, handback) -> {
                if (n instanceof MBeanServerNotification m
                        && MBeanServerNotification.REGISTRATION_NOTIFICATION.equals(m.getType())
                        && timer.equals(m.getMBeanName())) {
                    registered.countDown();
                }
            };
            mbsc.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener, null, null);
            mbsc.createMBean("javax.management.timer.Timer", timer);
            check(registered.await(60, TimeUnit.SECONDS), "the registration notification arrived");
            mbsc.unregisterMBean(timer);
            mbsc.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener);
            System.out.println("CHECK notification");

            long total = 0;
            for (int i = 0; i < 1000; i++) {
                total += (Long) mbsc.getAttribute(runtime, "Uptime") > 0 ? 1 : 0;
            }
            check(total == 1000, "uptime positive in every call");
            System.out.println("CHECK calls");

            ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(
                mbsc, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
            int jrmp = 0;
            for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
                if (info != null && info.getThreadName().startsWith("RMI TCP Connection")) {
                    jrmp++;
                }
            }
            System.out.println("JRMP-THREADS " + jrmp);
        }
    }
}
