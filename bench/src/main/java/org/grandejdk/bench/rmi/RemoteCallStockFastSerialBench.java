/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on stock RMI (JRMP) with its call streams on
 * jdk.fastserial ({@code -Djdk.rmi.fastSerialization=true}): the "RMI +
 * UKA" of Philippsen, Haumacher and Nester, "More Efficient Serialization
 * and RMI for Java". Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.STOCK_FAST_SERIALIZATION})
public class RemoteCallStockFastSerialBench extends RemoteCallBench {
}
