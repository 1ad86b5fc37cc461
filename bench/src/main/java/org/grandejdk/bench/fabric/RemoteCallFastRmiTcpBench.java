/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import org.grandejdk.bench.ForkOptions;
import org.grandejdk.bench.rmi.FastRmiCallBench;
import org.grandejdk.bench.rmi.RemoteCallBench;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on jdk.fastrmi over its own tcp technology only
 * ({@code -Djdk.fastrmi.technologies=tcp}), with jdk.fastserial streams, on
 * both JVMs: the configuration that {@code rmi.RemoteCallFastRmiBench} was
 * before the fabric became the default. The set-up throws unless
 * {@code FastRMI.technology(stub)} is {@code "tcp"}. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_FAST_SERIALIZATION,
                                   FabricOptions.TECHNOLOGIES_TCP})
public class RemoteCallFastRmiTcpBench extends FastRmiCallBench {
}
