/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on jdk.fastrmi ({@code -Djava.rmi.provider=fastrmi})
 * over its own tcp technology ({@code -Djdk.fastrmi.technologies=tcp}), the
 * network stock RMI uses, with the JDK's ObjectOutputStream/ObjectInputStream
 * per call ({@code -Djdk.fastrmi.serialization=jdk}): what the RMI layers
 * alone save ("KaRMI + JDK serialization" of Philippsen, Haumacher and
 * Nester, "More Efficient Serialization and RMI for Java"). The set-up throws
 * unless {@code FastRMI.technology(stub)} is {@code "tcp"}. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_JDK_SERIALIZATION,
                                   ForkOptions.FASTRMI_TCP})
public class RemoteCallFastRmiJdkBench extends FastRmiCallBench {
}
