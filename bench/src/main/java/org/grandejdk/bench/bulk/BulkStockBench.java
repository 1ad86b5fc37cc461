/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link BulkBench} on stock RMI (JRMP, no provider) with the JDK's
 * ObjectOutputStream/ObjectInputStream: the baseline, on stock Temurin and
 * on the image alike.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.BULK_HEAP_MIN, ForkOptions.BULK_HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK})
public class BulkStockBench extends BulkBench {
}
