/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import java.rmi.RemoteException;
import java.util.concurrent.TimeUnit;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.RmiServer;
import org.grandejdk.bench.rmi.SharedConnection;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Bulk data through a remote call, measured as HPC measures a transport
 * (OSU's osu_latency and osu_bw): the time of a round trip and the one-way
 * bandwidth, against the size of the data, from 8 bytes to 16 MiB. The
 * server is a second JVM on the loopback ({@link BulkServer}, started with
 * this JVM's java, class path and options). Each subclass is one
 * configuration (which RMI, which serialization, which technology), fixed
 * by its fork's system properties, since RMI reads them once per JVM.
 *
 * <ul>
 * <li>{@code roundTrip}: {@code echo(data)}, which returns its argument:
 *     the data travels there and back (average time, µs);
 * <li>{@code oneWay}: back-to-back {@code take(data)} calls, void: the data
 *     travels there and an empty reply back (throughput, calls/s; the
 *     report multiplies by the bytes: the effective one-way bandwidth of a
 *     caller that waits for each call, as an application's does).
 * </ul>
 *
 * <p>{@code kind} is the data's shape ({@link BulkKind}: byte, int, double
 * arrays; double2d, rows of 4096 doubles; list, an ArrayList of double[4096]
 * blocks), {@code bytes} the bytes of its elements, the same for every
 * kind (bench/scripts/bulk.sh picks them with {@code -p}).
 *
 * <p>The set-up checks that both JVMs run the RMI the class names and, for
 * a class that names one, the technology ({@link #checkTechnology}), and,
 * per trial, that the echo gives back an equal copy of the data and that a
 * take delivers it whole; it prints the configuration as a line
 * {@code bulk-config: CLASS ...}. Run in process ({@code -f 0} with
 * {@code -D}{@value SharedConnection#PROPERTY}{@code =true}), the
 * trials of the JVM share one server, which a shutdown hook ends; forked,
 * each trial has its own.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class BulkBench extends AverageTimeBench {

    /** Each check sends the data this many times: a bug of a reused buffer shows at the second. */
    private static final int CHECK_ROUNDS = 2;

    @Param({"byte", "int", "double", "double2d", "list"})
    public String kind;

    @Param({"8", "64", "512", "4096", "32768", "65536", "262144", "1048576", "4194304", "16777216"})
    public int bytes;

    /** The server of every trial of this JVM on an in-process run, else of one trial. */
    private static final SharedConnection<RmiServer<BulkService>> SERVER =
            new SharedConnection<>("close-bulk-server");

    private RmiServer<BulkService> server;
    private BulkService service;
    private BulkKind data;
    private Object value;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        server = SERVER.open(this::startServer);
        service = server.stub();
        Lifecycle.setUpOrTearDown(this::tearDown, () -> {
            data = BulkKind.of(kind);
            value = data.create(bytes);
            checkCalls();
        });
    }

    /** Starts the server and checks the configuration at both ends (see the class comment). */
    private RmiServer<BulkService> startServer() throws Exception {
        RmiServer<BulkService> started = RmiServer.start(BulkServer.class, BulkServer.NAME,
                                                         BulkService.class, BulkService::configuration);
        Lifecycle.setUpOrTearDown(started::close, () -> {
            String technology = checkTechnology(started.stub());
            System.out.println("bulk-config: " + Lifecycle.configurationName(this)
                    + " " + started.configuration() + " stub class " + started.stub().getClass().getName()
                    + (technology == null ? "" : " technology " + technology)
                    + " heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
        });
        return started;
    }

    /** Throws unless the echo gives back an equal copy and take delivers the data whole. */
    private void checkCalls() throws RemoteException {
        int hash = BulkKind.contentHash(value);
        for (int i = 0; i < CHECK_ROUNDS; i++) {
            check(BulkKind.isEqualCopy(value, data.echo(service, value)),
                  "echo(" + kind + ", " + bytes + " bytes) gives back an equal copy");
            data.take(service, value);
            check(service.takenHash() == hash, "take(" + kind + ", " + bytes + " bytes) arrives whole");
        }
    }

    /**
     * For a configuration that names the technology its calls run over:
     * throws unless the calls of stub run over it, and returns it for the
     * log line. The default checks nothing and returns null (stock RMI).
     * Overridden by classes that may use image-only API
     * (jdk.fastrmi.FastRMI.technology), so that this class stays loadable
     * on stock.
     */
    protected String checkTechnology(BulkService stub) throws Exception {
        return null;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        value = null;   // up to 16 MiB: not kept into the next trial
        try {
            Lifecycle.closeAll(SERVER.ownedByTrial(server));
        } finally {
            server = null;
        }
    }

    @Benchmark
    public Object roundTrip() throws RemoteException {
        return data.echo(service, value);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public void oneWay() throws RemoteException {
        data.take(service, value);
    }
}
