/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import jdk.fastrmi.Immutable;

/**
 * A {@link Pair} marked with jdk.fastrmi's {@link Immutable}: a local call
 * on jdk.fastrmi passes it without a copy (the "Immu." object of Table 1 of
 * Haumacher and Philippsen, "Exploiting Object Locality in JavaParty"). Image only: only {@link LocalCallFastRmiBench} loads it.
 */
public final class ImmutablePair extends Pair implements Immutable {
    private static final long serialVersionUID = 1L;

    public ImmutablePair(int first, int second) {
        super(first, second);
    }
}
