/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.RemoteException;

/**
 * One prime's stream of {@link Hamming}, in a worker JVM: it keeps its own
 * copy of the output sequence and its index into it, and offers the
 * master its next candidate, its prime times the sequence's value at the
 * index. Primitive arguments and results only (Philippsen, Haumacher and
 * Nester, "More Efficient Serialization and RMI for Java", section 6.1c).
 */
public interface Multiplier extends AppService {

    /**
     * Starts a new run: forgets the last one, takes 1 as the sequence and
     * bound as the bound, and returns the first candidate (the prime, or
     * {@code Long.MAX_VALUE} when it exceeds the bound).
     */
    long start(long bound) throws RemoteException;

    /**
     * Appends value, the next output (the least of all candidates, greater
     * than the last), advances the index past every product that is not
     * greater than value, and returns the next candidate, or
     * {@code Long.MAX_VALUE} when it exceeds the bound.
     */
    long accept(long value) throws RemoteException;
}
