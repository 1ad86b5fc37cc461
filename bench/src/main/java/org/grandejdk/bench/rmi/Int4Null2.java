/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.Serializable;

/**
 * Seed 000 section 6, "4 int + 2 null": four int fields and two object
 * references that are null when the object is sent.
 */
public class Int4Null2 implements Serializable {
    private static final long serialVersionUID = 1L;

    int a, b, c, d;
    @SuppressWarnings("serial")   // null when sent
    Object first, second;

    public Int4Null2() {
    }
}
