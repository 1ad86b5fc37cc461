/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

/**
 * A {@link RemoteCallBench} configuration on jdk.fastrmi that names the
 * technology its calls must run over: the set-up throws unless
 * {@code FastRMI.technology(stub)} is that technology
 * ({@link FastRmiTechnology#require}). Public for the fabric area's
 * configurations (org.grandejdk.bench.fabric). Image only.
 */
public abstract class FastRmiCallBench extends RemoteCallBench {

    private final String technology;

    /** @param technology what {@code FastRMI.technology(stub)} must say: tcp, fabric:shm, ... */
    protected FastRmiCallBench(String technology) {
        this.technology = technology;
    }

    @Override
    protected final String checkTechnology(PingService stub) {
        return FastRmiTechnology.require(stub, technology);
    }
}
