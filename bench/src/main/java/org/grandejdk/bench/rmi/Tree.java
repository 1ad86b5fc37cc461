/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.Serializable;

/**
 * Seed 000 section 6, "tree(15)": a node of a binary tree with four int
 * fields; {@link Payloads} builds a balanced tree of 15 nodes (4 levels).
 */
public class Tree implements Serializable {
    private static final long serialVersionUID = 1L;

    int a, b, c, d;
    Tree left, right;

    public Tree() {
    }
}
