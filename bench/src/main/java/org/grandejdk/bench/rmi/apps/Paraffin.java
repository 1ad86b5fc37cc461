/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.io.Serializable;

/**
 * A paraffin molecule of {@link Paraffins}, C<sub>size</sub>H<sub>2size+2</sub>:
 * four radicals bonded to a centre carbon atom, or two radicals of size/2
 * carbons each joined by a centre bond, in canonical order.
 */
public class Paraffin implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Carbon atoms in the molecule. */
    int size;
    /** Four radicals (carbon-centred) or two (bond-centred). */
    Radical[] radicals;

    public Paraffin() {
    }

    Paraffin(int size, Radical[] radicals) {
        this.size = size;
        this.radicals = radicals;
    }

    /**
     * The canonical form: {@code C(} four radicals {@code )} for a centre
     * carbon, the two radicals joined by {@code -} for a centre bond. Two
     * molecules are the same isomer exactly when their forms are equal.
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        if (radicals.length == 4) {
            s.append("C(");
            for (Radical r : radicals) {
                r.appendTo(s);
            }
            s.append(')');
        } else {
            radicals[0].appendTo(s);
            s.append('-');
            radicals[1].appendTo(s);
        }
        return s.toString();
    }
}
