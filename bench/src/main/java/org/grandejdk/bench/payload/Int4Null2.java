/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;

/**
 * "4 int + 2 null" of Philippsen, Haumacher and Nester, "More Efficient
 * Serialization and RMI for Java", section 6: four int fields and two object
 * references that are null when the object is sent or written.
 */
public class Int4Null2 implements Serializable {
    private static final long serialVersionUID = 1L;

    int a, b, c, d;
    @SuppressWarnings("serial")   // null when sent
    Object first, second;

    public Int4Null2() {
    }
}
