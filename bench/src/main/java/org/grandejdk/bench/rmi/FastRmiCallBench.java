/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

/**
 * A {@link RemoteCallBench} configuration on jdk.fastrmi whose fork options
 * name the technology its calls must run over: the set-up throws unless
 * {@code FastRMI.technology(stub)} is that technology, and for the fabric
 * the constructor throws unless the environment keeps libfabric on the
 * loopback ({@link FastRmiTechnology#configured}). Public for the fabric
 * area's configurations (org.grandejdk.bench.fabric). Image only.
 */
public abstract class FastRmiCallBench extends RemoteCallBench {

    private final String technology = FastRmiTechnology.configured();

    @Override
    protected final String checkTechnology(PingService stub) {
        return FastRmiTechnology.require(stub, technology);
    }
}
