/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.Remote;
import java.util.concurrent.TimeUnit;

import jdk.fastrmi.FastRMI;

import org.grandejdk.bench.fabric.FabricOptions;

/**
 * The check that a jdk.fastrmi configuration's calls run over the
 * technology its fork options name. Image only: a class of its own, so that
 * the classes stock runs never link jdk.fastrmi. Public for the bulk area's
 * configurations (org.grandejdk.bench.bulk).
 */
public final class FastRmiTechnology {

    /** The property that lists jdk.fastrmi's technologies, the first preferred. */
    private static final String TECHNOLOGIES = "jdk.fastrmi.technologies";

    /** The property that picks the fabric's provider between two JVMs of one host. */
    private static final String FABRIC_LOCAL = "jdk.fastrmi.fabric.local";

    private FastRmiTechnology() {
    }

    /**
     * The technology this JVM's options name, as {@link FastRMI#technology}
     * reports it: the first of {@code -Djdk.fastrmi.technologies} (tcp), or
     * for the fabric {@code fabric:} and {@code -Djdk.fastrmi.fabric.local}
     * (fabric:shm, fabric:tcp;ofi_rxm). Throws unless the options name
     * one. For the fabric it first checks the environment
     * ({@link FabricOptions#requireLoopback}): call it before any endpoint
     * is opened, from a configuration's constructor.
     */
    public static String configured() {
        String first = required(TECHNOLOGIES).split(",")[0];
        if (!first.equals("fabric")) {
            return first;
        }
        String technology = "fabric:" + required(FABRIC_LOCAL);
        FabricOptions.requireLoopback(technology);
        return technology;
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("-D" + property + " is not set: the configuration names"
                    + " no technology for its calls");
        }
        return value;
    }

    /**
     * Throws unless the calls of a jdk.fastrmi stub run over the expected
     * technology ({@link FastRMI#technology}) within 30 s; returns it. The
     * fabric starts in the background when first wanted, and until it has,
     * new connections take tcp: a fabric configuration waits for it here.
     */
    public static String require(Remote stub, String expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String technology;
        while (!expected.equals(technology = FastRMI.technology(stub)) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!expected.equals(technology)) {
            throw new IllegalStateException("the calls run over " + technology + ", not "
                    + expected + " as the configuration claims");
        }
        return technology;
    }
}
