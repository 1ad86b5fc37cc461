/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import org.grandejdk.bench.ForkOptions;

/**
 * The fork options of the fabric area and its set-up checks. The RMI
 * configurations pick the technology with jdk.fastrmi's properties, which
 * the server JVM gets too (rmi.ServerProcess passes every {@code -D} on);
 * libfabric's TCP provider is confined to the loopback by the environment
 * variable {@code FI_TCP_IFACE=lo}, which JMH's forks and the servers
 * inherit from the JVM that runs JMH (the make target sets it).
 */
public final class FabricOptions {

    /** FastFabric's package is not exported: the benchmark and the echo server call it. */
    public static final String EXPORT_FABRIC =
            "--add-exports=jdk.fastrmi/jdk.internal.fastrmi.fabric=ALL-UNNAMED";

    /** Only the tcp technology. */
    public static final String TECHNOLOGIES_TCP = ForkOptions.FASTRMI_TCP;

    /** The fabric first, tcp where it cannot be used (named for the record: the default). */
    public static final String TECHNOLOGIES_FABRIC = "-Djdk.fastrmi.technologies=fabric,tcp";

    /** The fabric between two JVMs of one host over shared memory (the default). */
    public static final String FABRIC_SHM = "-Djdk.fastrmi.fabric.local=shm";

    /** The fabric between two JVMs of one host over libfabric's TCP provider. */
    public static final String FABRIC_TCP = "-Djdk.fastrmi.fabric.local=tcp;ofi_rxm";

    /** The environment variable that confines libfabric's TCP provider to an interface. */
    static final String TCP_IFACE = "FI_TCP_IFACE";

    private FabricOptions() {
    }

    /**
     * Throws unless a provider that uses TCP runs on the loopback only
     * ({@code FI_TCP_IFACE=lo}), and unless {@code FI_PROVIDER}, which wins
     * over the provider asked for, is unset. Public for the check of a
     * configuration's technology (org.grandejdk.bench.rmi.FastRmiTechnology).
     */
    public static void requireLoopback(String provider) {
        String forced = System.getenv("FI_PROVIDER");
        if (forced != null) {
            throw new IllegalStateException("FI_PROVIDER=" + forced
                    + " is set: it would override the provider measured (" + provider + ")");
        }
        if (provider.contains("tcp") && !"lo".equals(System.getenv(TCP_IFACE))) {
            throw new IllegalStateException("provider " + provider + " needs " + TCP_IFACE
                    + "=lo in the environment (loopback only), found "
                    + TCP_IFACE + "=" + System.getenv(TCP_IFACE));
        }
    }
}
