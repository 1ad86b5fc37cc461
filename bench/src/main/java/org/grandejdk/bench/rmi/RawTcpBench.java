/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Lifecycle;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The floor of {@link RemoteCallBench}: a round trip of
 * {@value EchoServer#MESSAGE_BYTES} bytes over TCP to {@link EchoServer} in
 * a second JVM on 127.0.0.1, with plain blocking socket streams on both
 * ends and TCP_NODELAY; no serialization, no RMI. Plain JDK API: the image
 * and stock alike; AverageTimeBench's fork options.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RawTcpBench extends AverageTimeBench {

    private ServerProcess server;   // with the connection, which it closes
    private OutputStream out;
    private DataInputStream in;
    private final byte[] message = {1, 2, 3, 4, 5, 6, 7, 8};
    private final byte[] reply = new byte[EchoServer.MESSAGE_BYTES];

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Lifecycle.setUpOrTearDown(this::tearDown, () -> {
            server = ServerProcess.start(EchoServer.class);
            Socket socket = server.connect();
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
        });
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        Lifecycle.closeAll(server);   // null if the set-up failed first; closing twice is harmless
    }

    @Benchmark
    public byte roundTrip() throws IOException {
        out.write(message);
        in.readFully(reply);
        return reply[EchoServer.MESSAGE_BYTES - 1];
    }
}
