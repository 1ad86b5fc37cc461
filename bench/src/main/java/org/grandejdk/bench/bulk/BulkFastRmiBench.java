/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import org.grandejdk.bench.rmi.FastRmiTechnology;

/**
 * A {@link BulkBench} configuration on jdk.fastrmi that names the
 * technology its calls must run over: the set-up throws unless
 * {@code FastRMI.technology(stub)} is that technology. Image only.
 */
public abstract class BulkFastRmiBench extends BulkBench {

    private final String technology;

    /** @param technology what {@code FastRMI.technology(stub)} must say: tcp, fabric:shm */
    protected BulkFastRmiBench(String technology) {
        this.technology = technology;
    }

    @Override
    protected final String checkTechnology(BulkService stub) {
        return FastRmiTechnology.require(stub, technology);
    }
}
