/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on stock RMI (JRMP, no provider) with the JDK's
 * ObjectOutputStream/ObjectInputStream: the baseline, on the image and on
 * stock Temurin alike.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK})
public class RemoteCallStockBench extends RemoteCallBench {
}
