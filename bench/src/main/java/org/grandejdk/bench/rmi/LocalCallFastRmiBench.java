/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link LocalCallBench} through a jdk.fastrmi stub
 * ({@code -Djava.rmi.provider=fastrmi}): the stub's local-call shortcut,
 * with call-by-copy except for the immutable Pair ("KaRMI smartCopy" of
 * Table 1 of Haumacher and Philippsen, "Exploiting Object Locality in
 * JavaParty"). The target: within 3x of {@link LocalCallPlainBench}, as
 * KaRMI's local calls were of plain Java calls there. Image only.
 */
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, ForkOptions.LOOPBACK,
                                   ForkOptions.FASTRMI})
public class LocalCallFastRmiBench extends LocalCallBench {

    public LocalCallFastRmiBench() {
        super(true, true, true);
    }

    @Override
    Pair immutablePair(int first, int second) {
        return new ImmutablePair(first, second);
    }
}
