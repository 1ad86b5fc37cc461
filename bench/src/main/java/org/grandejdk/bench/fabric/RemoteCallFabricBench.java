/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import org.grandejdk.bench.rmi.FastRmiCallBench;
import org.grandejdk.bench.rmi.RemoteCallBench;

/**
 * A {@link RemoteCallBench} configuration on jdk.fastrmi over the fabric: its
 * calls must run over the technology it names, and before any endpoint is
 * opened the environment must neither widen a TCP provider beyond the
 * loopback nor override the provider ({@link FabricOptions#requireLoopback}).
 * Image only.
 */
public abstract class RemoteCallFabricBench extends FastRmiCallBench {

    /** @param technology fabric:shm or fabric:tcp;ofi_rxm */
    protected RemoteCallFabricBench(String technology) {
        super(technology);
        FabricOptions.requireLoopback(technology);
    }
}
