/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

/**
 * {@link JmxStockBench} with the connector over TLS (javax.rmi.ssl's socket
 * factories, as the management agent's default jmxremote.ssl=true): the
 * baseline, on the image and on stock Temurin alike. Its fork options are
 * JmxStockBench's (@Fork is inherited).
 */
public class JmxTlsStockBench extends JmxStockBench {

    @Override
    protected boolean overTls() {
        return true;
    }
}
