/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on stock RMI (JRMP) with its call streams on
 * jdk.fastserial ({@code -Djdk.rmi.fastSerialization=true}, issue 4).
 * Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.STOCK_FAST_SERIALIZATION})
public class RemoteCallStockFastSerialBench extends RemoteCallBench {
}
