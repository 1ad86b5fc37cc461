/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import java.lang.management.ManagementFactory;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import java.util.Map;

import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.rmi.ssl.SslRMIServerSocketFactory;

import org.grandejdk.bench.rmi.PingServer;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * The server JVM of {@link JmxBench}: the platform MBean server behind a
 * JMX connector server made with {@code JMXConnectorServerFactory} (as an
 * application makes one), bound as {@value #NAME} in a registry, on
 * whatever RMI this JVM's properties select. Prints {@code PORT n} (the
 * registry's port) when ready; stops and exits when its standard input
 * ends.
 */
public final class JmxServer {

    static final String NAME = "jmxrmi";

    /** The property that puts the connector on TLS (javax.rmi.ssl's factories). */
    static final String TLS = "grandejdk.bench.jmx.tls";

    public static void main(String[] args) {
        ServerProcess.runServer(JmxServer::serve);
    }

    /** The connector's address for a registry on port. */
    static JMXServiceURL url(int port) throws java.net.MalformedURLException {
        return new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/" + NAME);
    }

    private static void serve() throws Exception {
        int[] port = new int[1];
        Registry registry = PingServer.createRegistry(port);
        Map<String, Object> env = new HashMap<>();
        if (Boolean.getBoolean(TLS)) {
            env.put(RMIConnectorServer.RMI_CLIENT_SOCKET_FACTORY_ATTRIBUTE, new SslRMIClientSocketFactory());
            env.put(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, new SslRMIServerSocketFactory());
        }
        JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(
            url(port[0]), env, ManagementFactory.getPlatformMBeanServer());
        server.start();
        System.out.println("PORT " + port[0]);
        System.out.flush();

        ServerProcess.awaitEndOfInput();
        server.stop();
        UnicastRemoteObject.unexportObject(registry, true);
    }
}
