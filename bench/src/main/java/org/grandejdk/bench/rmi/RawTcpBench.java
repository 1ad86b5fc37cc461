/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of {@link RemoteCallBench}: a round trip of
 * {@value EchoServer#MESSAGE_BYTES} bytes over TCP to {@link EchoServer} in
 * a second JVM on 127.0.0.1, with plain blocking socket streams on both
 * ends and TCP_NODELAY; no serialization, no RMI. Plain JDK API: the image
 * and stock alike.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX,
                                   ForkOptions.ALLOW_UNSAFE})
public class RawTcpBench {

    private ServerProcess server;
    private Socket socket;
    private OutputStream out;
    private DataInputStream in;
    private final byte[] message = {1, 2, 3, 4, 5, 6, 7, 8};
    private final byte[] reply = new byte[EchoServer.MESSAGE_BYTES];

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        try {
            server = ServerProcess.start(EchoServer.class);
            socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
            socket.setTcpNoDelay(true);
            out = socket.getOutputStream();
            in = new DataInputStream(socket.getInputStream());
            for (int i = 0; i < 3; i++) {
                roundTrip();
                if (!Arrays.equals(message, reply)) {
                    throw new IllegalStateException("the echo sent back "
                            + Arrays.toString(reply) + " for " + Arrays.toString(message));
                }
                Arrays.fill(reply, (byte) 0);
            }
        } catch (Exception | Error e) {
            try {
                tearDown();
            } catch (Exception | Error suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            if (socket != null) {
                socket.close();
            }
        } finally {
            socket = null;
            if (server != null) {
                server.close();
                server = null;
            }
        }
    }

    @Benchmark
    public byte roundTrip() throws IOException {
        out.write(message);
        in.readFully(reply);
        return reply[EchoServer.MESSAGE_BYTES - 1];
    }
}
