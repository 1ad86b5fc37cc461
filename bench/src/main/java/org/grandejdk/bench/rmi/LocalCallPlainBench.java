/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

/**
 * {@link LocalCallBench} through a plain interface reference to the object
 * ("pure Java" of Table 1 of Haumacher and Philippsen, "Exploiting Object
 * Locality in JavaParty"): the floor. No RMI; the image and stock alike;
 * AverageTimeBench's fork options.
 */
public class LocalCallPlainBench extends LocalCallBench {

    public LocalCallPlainBench() {
        super(false, true, true);
    }

    @Override
    LocalService target(LocalServiceImpl impl) {
        return impl;
    }
}
