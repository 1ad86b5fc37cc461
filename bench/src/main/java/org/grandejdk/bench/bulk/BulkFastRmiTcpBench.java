/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import org.grandejdk.bench.ForkOptions;
import org.grandejdk.bench.fabric.FabricOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link BulkBench} on jdk.fastrmi over its own tcp technology only
 * ({@code -Djdk.fastrmi.technologies=tcp}), with jdk.fastserial streams, on
 * both JVMs. The set-up throws unless {@code FastRMI.technology(stub)} is
 * {@code "tcp"}. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.BULK_HEAP_MIN, ForkOptions.BULK_HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_FAST_SERIALIZATION,
                                   FabricOptions.TECHNOLOGIES_TCP})
public class BulkFastRmiTcpBench extends BulkFastRmiBench {
}
