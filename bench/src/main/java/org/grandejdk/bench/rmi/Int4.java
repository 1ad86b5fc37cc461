/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.Serializable;

/** Seed 000 section 6.1, "4 int": an object with four int fields. */
public class Int4 implements Serializable {
    private static final long serialVersionUID = 1L;

    int a, b, c, d;

    public Int4() {
    }
}
