/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench;

/**
 * The JVM options of the benchmarks' forks, for their {@code @Fork}
 * annotations: the options every fork has ({@link AverageTimeBench}), and
 * the rmi, fabric and bulk areas' configurations. A configuration (which RMI,
 * which serialization) is a set of system properties that RMI reads once
 * per JVM, so each configuration is its own benchmark class with its own
 * fork options; the server JVM that a benchmark starts gets the same
 * properties ({@code rmi.ServerProcess}).
 */
public final class ForkOptions {

    /** A fixed heap, on both JVMs alike (a server JVM gets the same). */
    public static final String HEAP_MIN = "-Xms1g";
    public static final String HEAP_MAX = "-Xmx1g";

    /**
     * The bulk area's fixed heap, both JVMs alike: room for a 16 MiB
     * argument and the copies a call makes of it at each end (its
     * serialized bytes, the array read back), several calls' worth between
     * two collections.
     */
    public static final String BULK_HEAP_MIN = "-Xms2g";
    public static final String BULK_HEAP_MAX = "-Xmx2g";

    /** JMH 1.37 calls sun.misc.Unsafe, which JDK 25 warns about unless allowed. */
    public static final String ALLOW_UNSAFE = "--sun-misc-unsafe-memory-access=allow";

    /** References name the loopback, so callbacks to the client stay on it. */
    public static final String LOOPBACK = "-Djava.rmi.server.hostname=127.0.0.1";

    /** Stock RMI's call streams on jdk.fastserial (the image only). */
    public static final String STOCK_FAST_SERIALIZATION = "-Djdk.rmi.fastSerialization=true";

    /** The stock entry points run on jdk.fastrmi (the image only). */
    public static final String FASTRMI = "-Djava.rmi.provider=fastrmi";

    /** jdk.fastrmi over its own tcp technology only (no fabric). */
    public static final String FASTRMI_TCP = "-Djdk.fastrmi.technologies=tcp";

    /** jdk.fastrmi with the JDK's ObjectOutputStream/ObjectInputStream per call. */
    public static final String FASTRMI_JDK_SERIALIZATION = "-Djdk.fastrmi.serialization=jdk";

    /** jdk.fastrmi with jdk.fastserial streams (its default, named for the record). */
    public static final String FASTRMI_FAST_SERIALIZATION = "-Djdk.fastrmi.serialization=fast";

    private ForkOptions() {
    }
}
