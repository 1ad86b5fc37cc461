/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link LocalCallBench} through a jdk.fastrmi stub
 * ({@code -Djava.rmi.provider=fastrmi}): the stub's local-call shortcut,
 * with call-by-copy except for the immutable Pair (seed 001 Table 1's
 * "KaRMI smartCopy"). Issue 5's target: within 3x of
 * {@link LocalCallPlainBench}. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI})
public class LocalCallFastRmiBench extends LocalCallBench {

    public LocalCallFastRmiBench() {
        super(true, true, true);
    }

    @Override
    LocalService target(LocalServiceImpl impl) throws Exception {
        return export(impl);
    }

    @Override
    Pair immutablePair(int first, int second) {
        return new ImmutablePair(first, second);
    }
}
