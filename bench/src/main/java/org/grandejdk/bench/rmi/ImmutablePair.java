/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import jdk.fastrmi.Immutable;

/**
 * A {@link Pair} marked with jdk.fastrmi's {@link Immutable}: a local call
 * on jdk.fastrmi passes it without a copy (seed 001 Table 1's "Immu."
 * object). Image only: only {@link LocalCallFastRmiBench} loads it.
 */
public final class ImmutablePair extends Pair implements Immutable {
    private static final long serialVersionUID = 1L;

    public ImmutablePair(int first, int second) {
        super(first, second);
    }
}
