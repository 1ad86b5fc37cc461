/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import org.grandejdk.bench.ForkOptions;
import org.grandejdk.bench.fabric.FabricOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link BulkBench} on jdk.fastrmi over the fabric on shared memory
 * ({@code -Djdk.fastrmi.technologies=fabric,tcp
 * -Djdk.fastrmi.fabric.local=shm}: the defaults, named), with jdk.fastserial
 * streams, on both JVMs. The set-up throws unless
 * {@code FastRMI.technology(stub)} is {@code "fabric:shm"}, and, before any
 * endpoint is opened, if {@code FI_PROVIDER} would override the provider
 * ({@link FabricOptions#requireLoopback}). Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.BULK_HEAP_MIN, ForkOptions.BULK_HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_FAST_SERIALIZATION,
                                   FabricOptions.TECHNOLOGIES_FABRIC, FabricOptions.FABRIC_SHM})
public class BulkFabricShmBench extends BulkFastRmiBench {
}
