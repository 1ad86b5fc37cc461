/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import org.grandejdk.bench.rmi.FastRmiTechnology;

/**
 * A {@link BulkBench} configuration on jdk.fastrmi whose fork options name
 * the technology its calls must run over: the set-up throws unless
 * {@code FastRMI.technology(stub)} is that technology, and for the fabric
 * the constructor throws unless the environment keeps libfabric on the
 * loopback ({@link FastRmiTechnology#configured}). Image only.
 */
public abstract class BulkFastRmiBench extends BulkBench {

    private final String technology = FastRmiTechnology.configured();

    @Override
    protected final String checkTechnology(BulkService stub) {
        return FastRmiTechnology.require(stub, technology);
    }
}
