/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.io.Serializable;

/**
 * A radical of {@link Paraffins}: a carbon atom bonded to three
 * sub-radicals, or, of size 0, a hydrogen atom. The radicals of a run share
 * their sub-radicals (every methyl group is one object, every hydrogen
 * atom another), so they form a DAG, which serialization keeps.
 */
public class Radical implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Carbon atoms in the radical: 0 for hydrogen. */
    int size;
    /** The sub-radicals in canonical order; null for hydrogen. */
    Radical first, second, third;

    public Radical() {
    }

    Radical(int size, Radical first, Radical second, Radical third) {
        this.size = size;
        this.first = first;
        this.second = second;
        this.third = third;
    }

    /** The canonical form: {@code H}, or {@code C(} its three sub-radicals {@code )}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        appendTo(s);
        return s.toString();
    }

    void appendTo(StringBuilder s) {
        if (first == null) {
            s.append('H');
        } else {
            s.append("C(");
            first.appendTo(s);
            second.appendTo(s);
            third.appendTo(s);
            s.append(')');
        }
    }
}
