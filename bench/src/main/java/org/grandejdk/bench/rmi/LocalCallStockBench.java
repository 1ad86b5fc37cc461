/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link LocalCallBench} through a stock RMI stub (JRMP, no provider): a
 * call to an object in the same JVM goes over the loopback and copies every
 * argument ("pure RMI" of Table 1 of Haumacher and Philippsen, "Exploiting
 * Object Locality in JavaParty"). The image and stock alike.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK})
public class LocalCallStockBench extends LocalCallBench {

    public LocalCallStockBench() {
        super(true, false, false);
    }
}
