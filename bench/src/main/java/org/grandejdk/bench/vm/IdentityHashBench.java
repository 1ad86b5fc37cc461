/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.vm;

import org.grandejdk.bench.AverageTimeBench;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What an object's first identity hash costs, the price every
 * reference-tracking stream pays for each new object it writes:
 *
 * <ul>
 * <li>{@code newObject}: a new small object, consumed with one of its fields;
 * <li>{@code newObjectHashed}: the same, consumed with its identity hash, the
 *     first it gets (the difference to {@code newObject} is that hash);
 * <li>{@code hashedAgain}: the identity hash of an object hashed before (in
 *     set-up), one of 1024 in turn.
 * </ul>
 *
 * <p>Plain JDK API: runs on the image and on stock.
 */
public class IdentityHashBench extends AverageTimeBench {

    static final class Node {
        int value;
    }

    private static final int HASHED = 1024;

    private Node[] hashed;
    private int[] hashes;
    private int next;

    @Setup
    public void setUp() {
        hashed = new Node[HASHED];
        hashes = new int[HASHED];
        for (int i = 0; i < HASHED; i++) {
            hashed[i] = new Node();
            hashes[i] = System.identityHashCode(hashed[i]);
        }
        for (int i = 0; i < HASHED; i++) {
            check(hashedAgain() == hashes[i], "an identity hash changed");
        }
        Node fresh = new Node();
        int first = System.identityHashCode(fresh);
        check(first == fresh.hashCode() && first == System.identityHashCode(fresh),
              "a new object's first hash is not the one it keeps");
    }

    @Benchmark
    public void newObject(Blackhole bh) {
        Node n = new Node();
        n.value = next++;
        bh.consume(n);
        bh.consume(n.value);
    }

    @Benchmark
    public void newObjectHashed(Blackhole bh) {
        Node n = new Node();
        n.value = next++;
        bh.consume(n);
        bh.consume(System.identityHashCode(n));
    }

    @Benchmark
    public int hashedAgain() {
        return System.identityHashCode(hashed[next++ & (HASHED - 1)]);
    }
}
