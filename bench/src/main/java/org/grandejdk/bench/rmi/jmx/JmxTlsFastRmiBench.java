/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

/**
 * {@link JmxFastRmiBench} with the connector over TLS: jdk.fastrmi's
 * protocol through the javax.rmi.ssl factories' sockets. Its fork options
 * are JmxFastRmiBench's (@Fork is inherited).
 */
public class JmxTlsFastRmiBench extends JmxFastRmiBench {

    @Override
    protected boolean overTls() {
        return true;
    }
}
