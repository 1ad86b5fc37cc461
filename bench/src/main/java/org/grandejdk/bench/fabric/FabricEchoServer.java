/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

import jdk.internal.fastrmi.fabric.FastFabric;

import org.grandejdk.bench.rmi.ServerProcess;

/**
 * The other end of {@link FabricPingPongBench}, in a second JVM (started
 * with {@link ServerProcess}, the same java and options): opens an endpoint
 * of the provider, listens on 127.0.0.1 and prints {@code PORT n}, swaps
 * raw endpoint addresses with the one client that connects (each side
 * writes its length as an int, then its bytes; then this side writes one
 * byte once its first receive is posted), and sends back every message it
 * receives, spinning on {@code ff_poll}.
 *
 * <p>Bounded: it stops when its standard input or the control connection
 * ends (the benchmark's tear-down, or its JVM died), when no message came
 * for {@value #IDLE_SECONDS} s, or after {@value #MAX_MINUTES} min in all.
 *
 * <p>Arguments: PROVIDER MAX_SIZE.
 */
public final class FabricEchoServer {

    static final long TAG = 0x70;
    static final int ACCEPT_MILLIS = 60_000;
    static final long IDLE_SECONDS = 120;
    static final long MAX_MINUTES = 30;

    private static final int CHECK_EVERY = 1 << 12;    // empty polls between checks of time and stop
    /**
     * Empty polls in a row (tens of microseconds, far longer than a round
     * trip) after which each further poll first yields the processor: two
     * spinning processes that other load leaves one core would otherwise
     * pass each message at the end of a scheduler time slice.
     */
    static final int SPIN_POLLS = 1000;

    private static volatile boolean stop;

    private FabricEchoServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> serve(args[0], Integer.parseInt(args[1])));
    }

    private static void serve(String provider, int maxSize) throws Exception {
        FabricOptions.requireLoopback(provider);
        FastFabric ff = FastFabric.get();
        MemorySegment ep = ff.open(provider, 0);
        try (Arena arena = Arena.ofConfined();
             ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            // Two receive buffers: a message is echoed from the one it landed
            // in while the next receive is already posted in the other.
            MemorySegment[] buffers = new MemorySegment[2];
            MemorySegment[] descs = new MemorySegment[2];
            for (int i = 0; i < 2; i++) {
                buffers[i] = arena.allocate(Math.max(maxSize, 1), 4096);
                descs[i] = ff.desc(ff.register(ep, buffers[i]));
            }
            Completions completions = new Completions(ff, ep, arena, "completion of a send",
                                                      "completion of a receive");

            System.out.println("PORT " + listener.getLocalPort());
            System.out.flush();
            listener.setSoTimeout(ACCEPT_MILLIS);
            try (Socket control = listener.accept()) {
                control.setTcpNoDelay(true);
                DataInputStream in = new DataInputStream(control.getInputStream());
                DataOutputStream out = new DataOutputStream(control.getOutputStream());
                byte[] address = ff.address(ep);
                out.writeInt(address.length);
                out.write(address);
                out.flush();
                int n = in.readInt();
                if (n <= 0 || n > 4096) {
                    throw new IOException("peer address of " + n + " bytes");
                }
                byte[] peerAddress = in.readNBytes(n);
                long peer = ff.addPeer(ep, peerAddress);
                check(ff, "ff_recv", ff.recv(ep, peer, buffers[0], maxSize, descs[0], TAG, 0,
                                             Completions.CTX_RECV));
                out.write(1);
                out.flush();
                watch(System.in, "stdin");
                watch(in, "control");
                echo(ff, ep, peer, buffers, descs, maxSize, completions);
            }
        } finally {
            ff.close(ep);
        }
    }

    /** A daemon thread that sets {@link #stop} when the stream ends. */
    private static void watch(InputStream in, String name) {
        Thread t = new Thread(() -> {
            byte[] b = new byte[64];
            try {
                while (in.read(b) >= 0) {
                    // Nothing is sent; only the end counts.
                }
            } catch (IOException e) {
                // Ended all the same.
            }
            stop = true;
        }, "watch-" + name);
        t.setDaemon(true);
        t.start();
    }

    private static void echo(FastFabric ff, MemorySegment ep, long peer, MemorySegment[] buffers,
                             MemorySegment[] descs, int maxSize, Completions e)
            throws IOException {
        long start = System.nanoTime();
        long last = start;
        long idle = TimeUnit.SECONDS.toNanos(IDLE_SECONDS);
        long max = TimeUnit.MINUTES.toNanos(MAX_MINUTES);
        int current = 0;                // the buffer with the posted receive
        long empty = 0;
        long echoed = 0;
        while (true) {
            if (e.poll() == 0) {
                if (++empty > SPIN_POLLS) {
                    Thread.yield();
                }
                if ((empty & (CHECK_EVERY - 1)) == 0) {
                    long now = System.nanoTime();
                    if (stop || now - last > idle || now - start > max) {
                        System.err.println("fabric echo: " + echoed + " messages echoed; "
                                + (stop ? "the client has gone" : "time is up"));
                        return;
                    }
                }
                continue;
            }
            empty = 0;
            // Echo once the previous echo is sent: its buffer takes the next receive.
            if (e.received >= 0 && !e.sending) {
                int echo = current;
                long length = e.received;
                e.received = -1;
                current = 1 - current;
                check(ff, "ff_recv", ff.recv(ep, peer, buffers[current], maxSize, descs[current],
                                             TAG, 0, Completions.CTX_RECV));
                int rc;
                while ((rc = ff.send(ep, peer, buffers[echo], length, descs[echo], TAG,
                                     Completions.CTX_SEND))
                       == FastFabric.EAGAIN) {
                    e.poll();           // the provider needs progress to take it
                    if (stop) {
                        return;
                    }
                }
                check(ff, "ff_send", rc);
                e.sending = true;
                echoed++;
                last = System.nanoTime();
            }
        }
    }

    private static void check(FastFabric ff, String what, int rc) throws IOException {
        if (rc < 0) {
            throw ff.failed(what, rc);
        }
    }
}
