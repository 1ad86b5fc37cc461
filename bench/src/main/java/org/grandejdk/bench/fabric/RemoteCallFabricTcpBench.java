/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import org.grandejdk.bench.ForkOptions;
import org.grandejdk.bench.rmi.FastRmiCallBench;
import org.grandejdk.bench.rmi.RemoteCallBench;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on jdk.fastrmi over the fabric on libfabric's TCP
 * provider ({@code -Djdk.fastrmi.fabric.local=tcp;ofi_rxm}, confined to the
 * loopback by {@code FI_TCP_IFACE=lo} in the environment), with
 * jdk.fastserial streams, on both JVMs. The set-up throws unless
 * {@code FastRMI.technology(stub)} is {@code "fabric:tcp;ofi_rxm"} and
 * {@code FI_TCP_IFACE} is {@code lo} ({@link FabricOptions#requireLoopback},
 * before any endpoint is opened). Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_FAST_SERIALIZATION,
                                   FabricOptions.TECHNOLOGIES_FABRIC, FabricOptions.FABRIC_TCP})
public class RemoteCallFabricTcpBench extends FastRmiCallBench {
}
