/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;

/**
 * "4 int" of Philippsen, Haumacher and Nester, "More Efficient Serialization
 * and RMI for Java", section 6.1: an object with four int fields.
 */
public class Int4 implements Serializable {
    private static final long serialVersionUID = 1L;

    int a, b, c, d;

    public Int4() {
    }
}
