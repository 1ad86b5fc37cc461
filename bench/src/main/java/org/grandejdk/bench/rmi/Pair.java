/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.Serializable;

/**
 * A small Serializable object, two ints: an argument that a remote call
 * copies (the "Transp." object of Table 1 of Haumacher and Philippsen,
 * "Exploiting Object Locality in JavaParty"). {@link ImmutablePair} is
 * the same object marked immutable.
 */
public class Pair implements Serializable {
    private static final long serialVersionUID = 1L;

    final int first;
    final int second;

    public Pair(int first, int second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass()
                && ((Pair) o).first == first && ((Pair) o).second == second;
    }

    @Override
    public int hashCode() {
        return 31 * first + second;
    }
}
