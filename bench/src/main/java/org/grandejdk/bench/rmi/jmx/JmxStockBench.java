/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/** {@link JmxBench} on stock RMI (JRMP): the baseline, on the image and on stock Temurin alike. */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK})
public class JmxStockBench extends JmxBench {

    @Override
    protected boolean onFastRmi() {
        return false;
    }
}
