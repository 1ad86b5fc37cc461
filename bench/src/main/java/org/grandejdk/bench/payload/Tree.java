/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;

/**
 * "tree(15)" of Philippsen, Haumacher and Nester, "More Efficient
 * Serialization and RMI for Java", section 6: a node of a binary tree with
 * four int fields; {@link Payloads} builds a balanced tree of 15 nodes (4
 * levels).
 */
public class Tree implements Serializable {
    private static final long serialVersionUID = 1L;

    int a, b, c, d;
    Tree left, right;

    public Tree() {
    }
}
