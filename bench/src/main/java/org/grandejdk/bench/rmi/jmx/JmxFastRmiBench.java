/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link JmxBench} with {@code -Djava.rmi.provider=fastrmi} at both ends
 * (the image only): the connector server's exports, which JMX makes
 * through the JDK's UnicastServerRef, run on jdk.fastrmi.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK, ForkOptions.FASTRMI})
public class JmxFastRmiBench extends JmxBench {

    @Override
    protected boolean onFastRmi() {
        return true;
    }
}
