/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on jdk.fastrmi ({@code -Djava.rmi.provider=fastrmi})
 * over its own tcp technology ({@code -Djdk.fastrmi.technologies=tcp}), the
 * network stock RMI uses, with the JDK's ObjectOutputStream/ObjectInputStream
 * per call ({@code -Djdk.fastrmi.serialization=jdk}): what the RMI layers
 * alone save (seed 000's "KaRMI + JDK serialization"). The set-up throws
 * unless {@code FastRMI.technology(stub)} is {@code "tcp"}. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_JDK_SERIALIZATION,
                                   ForkOptions.FASTRMI_TCP})
public class RemoteCallFastRmiJdkBench extends RemoteCallBench {

    static final String TECHNOLOGY = "tcp";

    @Override
    protected String checkTechnology(PingService stub) {
        return FastRmiTechnology.require(stub, TECHNOLOGY);
    }
}
