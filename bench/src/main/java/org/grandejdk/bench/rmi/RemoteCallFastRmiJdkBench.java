/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import jdk.fastrmi.FastRMI;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on jdk.fastrmi ({@code -Djava.rmi.provider=fastrmi},
 * its default technologies, fabric,tcp: fabric:shm between two JVMs of one
 * host, as the log line {@code rmi-technology:} records) with the JDK's
 * ObjectOutputStream/ObjectInputStream per call
 * ({@code -Djdk.fastrmi.serialization=jdk}): what the RMI layers alone
 * save. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_JDK_SERIALIZATION})
public class RemoteCallFastRmiJdkBench extends RemoteCallBench {

    /** Records the technology the calls run over (the default's choice), unchecked. */
    @Override
    protected String checkTechnology(PingService stub) {
        return FastRMI.technology(stub);
    }
}
