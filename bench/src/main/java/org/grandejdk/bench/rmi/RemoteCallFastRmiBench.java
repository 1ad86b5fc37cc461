/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import jdk.fastrmi.FastRMI;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link RemoteCallBench} on jdk.fastrmi ({@code -Djava.rmi.provider=fastrmi},
 * its default technologies, fabric,tcp: fabric:shm between two JVMs of one
 * host, as the log line {@code rmi-technology:} records) with jdk.fastserial streams
 * ({@code -Djdk.fastrmi.serialization=fast}, the default): jdk.fastrmi as
 * an application gets it without options, the configuration its own
 * targets are set for. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI, ForkOptions.FASTRMI_FAST_SERIALIZATION})
public class RemoteCallFastRmiBench extends RemoteCallBench {

    /** Records the technology the calls run over (the default's choice), unchecked. */
    @Override
    protected String checkTechnology(PingService stub) {
        return FastRMI.technology(stub);
    }
}
