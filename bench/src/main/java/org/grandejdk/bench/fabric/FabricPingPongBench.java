/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

import jdk.internal.fastrmi.fabric.FastFabric;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.ForkOptions;
import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.ServerProcess;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The libfastfabric ping-pong floor from Java: what fabric-native's C
 * {@code ff_pingpong} measures, through the FFM binding the jdk.fastrmi
 * fabric technology uses ({@code jdk.internal.fastrmi.fabric.FastFabric}).
 * The other end is
 * {@link FabricEchoServer} in a second JVM, which sends back every
 * message.
 *
 * <p>{@code roundTrip}: send {@code size} bytes from a registered
 * off-heap buffer, spin on {@code ff_poll} until the echo has landed in the
 * registered receive buffer (and the send completed), check its length,
 * post the next receive. No allocation per operation. Both ends spin; after
 * {@value FabricEchoServer#SPIN_POLLS} empty polls in a row (far longer than
 * a round trip) each further poll first yields the processor, so that when
 * other load leaves the two spinning processes one core, a round trip does
 * not wait for the end of a scheduler time slice (milliseconds). The set-up checks
 * that the echo carries the bytes sent.
 *
 * <p>{@code provider} {@code tcp;ofi_rxm} needs {@code FI_TCP_IFACE=lo} in
 * the environment (the set-up throws otherwise). Image only.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE, FabricOptions.EXPORT_FABRIC})
public class FabricPingPongBench extends AverageTimeBench {

    @Param({"shm", "tcp;ofi_rxm"})
    public String provider;

    @Param({"8", "4096"})
    public int size;

    /** Empty polls before each further one yields the processor ({@link FabricEchoServer#SPIN_POLLS}). */
    private static final int SPIN_POLLS = FabricEchoServer.SPIN_POLLS;
    /** Empty polls between two looks at the clock (a power of 2). */
    private static final int CHECK_EVERY = 1 << 12;
    /** How long a round trip may take before the echo server counts as gone. */
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int CHECK_ROUNDS = 1000;

    private FastFabric ff;
    private MemorySegment ep;
    private Arena arena;
    private MemorySegment sendBuffer;
    private MemorySegment sendDesc;
    private MemorySegment receiveBuffer;
    private MemorySegment receiveDesc;
    private Completions completions;
    private long peer;
    private ServerProcess server;   // with the control connection, which it closes

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Lifecycle.setUpOrTearDown(this::tearDown, () -> {
            FabricOptions.requireLoopback(provider);
            ff = FastFabric.get();
            ep = ff.open(provider, 0);
            String opened = ff.provider(ep);
            if (!opened.equals(provider)) {
                throw new IllegalStateException("asked for a " + provider
                        + " endpoint, libfastfabric opened " + opened);
            }
            long maxMessage = ff.maxMessage(ep);     // a uint64_t
            if (Long.compareUnsigned(size, maxMessage) > 0) {
                throw new IllegalStateException(size + " bytes above the provider's largest message, "
                        + Long.toUnsignedString(maxMessage));
            }
            // Shared: JMH may run the set-up and the iterations on different threads.
            arena = Arena.ofShared();
            sendBuffer = arena.allocate(size, 4096);
            receiveBuffer = arena.allocate(size, 4096);
            completions = new Completions(ff, ep, arena, "send to the echo server", "receive of the echo");
            sendDesc = ff.desc(ff.register(ep, sendBuffer));
            receiveDesc = ff.desc(ff.register(ep, receiveBuffer));

            server = ServerProcess.start(FabricEchoServer.class, provider, Integer.toString(size));
            Socket control = server.connect();
            DataInputStream in = new DataInputStream(control.getInputStream());
            DataOutputStream out = new DataOutputStream(control.getOutputStream());
            int n = in.readInt();
            if (n <= 0 || n > 4096) {
                throw new IOException("echo server's address of " + n + " bytes");
            }
            peer = ff.addPeer(ep, in.readNBytes(n));
            byte[] address = ff.address(ep);
            out.writeInt(address.length);
            out.write(address);
            out.flush();
            if (in.read() != 1) {
                throw new IOException("the echo server did not get ready");
            }
            postReceive();
            checkEcho();
            System.out.println("fabric-config: FabricPingPongBench provider=" + opened + " size=" + size
                    + " registration=" + ff.needsRegistration(ep) + " libfabric=" + ff.libfabricVersion()
                    + " FI_TCP_IFACE=" + System.getenv(FabricOptions.TCP_IFACE));
        });
    }

    /** Throws unless round trips give back the bytes sent, for a few different contents. */
    private void checkEcho() throws IOException {
        for (int round = 0; round < CHECK_ROUNDS; round++) {
            for (long i = 0; i < size; i++) {
                sendBuffer.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + round));
            }
            roundTrip();
            long mismatch = sendBuffer.mismatch(receiveBuffer);
            if (mismatch >= 0) {
                throw new IllegalStateException("round trip " + round + ": the echo differs at byte "
                        + mismatch + " of " + size);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            Lifecycle.closeAll(server);
        } finally {
            server = null;
            if (ep != null) {
                ff.close(ep);           // deregisters the buffers too: only then may their arena go
                ep = null;
            }
            if (arena != null) {
                arena.close();
                arena = null;
            }
        }
    }

    @Benchmark
    public long roundTrip() throws IOException {
        int rc;
        while ((rc = ff.send(ep, peer, sendBuffer, size, sendDesc, FabricEchoServer.TAG,
                             Completions.CTX_SEND)) == FastFabric.EAGAIN) {
            completions.poll();         // the provider needs progress to take it
        }
        if (rc < 0) {
            throw ff.failed("ff_send", rc);
        }
        completions.sending = true;
        int empty = 0;
        long since = 0;
        while (completions.sending || completions.received < 0) {
            if (completions.poll() != 0) {
                continue;
            }
            if (++empty > SPIN_POLLS) {
                Thread.yield();
            }
            if ((empty & (CHECK_EVERY - 1)) == 0) {
                long now = System.nanoTime();
                if (since == 0) {
                    since = now;
                } else if (now - since > TIMEOUT_NANOS) {
                    throw new IOException("no echo within " + TimeUnit.NANOSECONDS.toSeconds(TIMEOUT_NANOS)
                            + " s: the echo server has gone? (its messages are in the JMH log)");
                }
            }
        }
        long length = completions.received;
        if (length != size) {
            throw new IOException("echo of " + length + " bytes, " + size + " sent");
        }
        postReceive();
        return length;
    }

    private void postReceive() throws IOException {
        completions.received = -1;
        int rc;
        while ((rc = ff.recv(ep, peer, receiveBuffer, size, receiveDesc, FabricEchoServer.TAG, 0,
                             Completions.CTX_RECV)) == FastFabric.EAGAIN) {
            completions.poll();
        }
        if (rc < 0) {
            throw ff.failed("ff_recv", rc);
        }
    }
}
