/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;

import jdk.fastrmi.FastRMI;

/**
 * The check that a jdk.fastrmi configuration's calls run over the
 * technology it names. Image only: a class of its own, so that the classes
 * stock runs never link jdk.fastrmi. Public for the fabric area's
 * configurations (org.grandejdk.bench.fabric).
 */
public final class FastRmiTechnology {

    private FastRmiTechnology() {
    }

    /**
     * Throws unless the calls of a jdk.fastrmi stub run over the expected
     * technology ({@link FastRMI#technology}); returns it.
     */
    public static String require(Remote stub, String expected) {
        String technology = FastRMI.technology(stub);
        if (!expected.equals(technology)) {
            throw new IllegalStateException("the calls run over " + technology + ", not "
                    + expected + " as the configuration claims");
        }
        return technology;
    }
}
