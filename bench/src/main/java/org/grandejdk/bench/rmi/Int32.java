/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.Serializable;

/** Seed 000 section 6, "32 int": an object with 32 int fields. */
public class Int32 implements Serializable {
    private static final long serialVersionUID = 1L;

    int i00, i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14, i15;
    int i16, i17, i18, i19, i20, i21, i22, i23, i24, i25, i26, i27, i28, i29, i30, i31;

    public Int32() {
    }
}
