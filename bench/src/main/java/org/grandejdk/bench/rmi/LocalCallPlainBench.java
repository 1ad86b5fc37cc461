/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link LocalCallBench} through a plain interface reference to the object
 * (seed 001 Table 1's "pure Java"): the floor. No RMI; the image and stock
 * alike.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE})
public class LocalCallPlainBench extends LocalCallBench {

    public LocalCallPlainBench() {
        super(false, true, true);
    }

    @Override
    LocalService target(LocalServiceImpl impl) {
        return impl;
    }
}
