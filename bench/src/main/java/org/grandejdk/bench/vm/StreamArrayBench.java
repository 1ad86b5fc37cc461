/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.vm;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Primitive arrays through the JDK's own ObjectOutputStream and
 * ObjectInputStream (seed 000, sections 3.6 and 6: float[n] for
 * n = 50..20000). The image converts float[], double[] and the other
 * primitive arrays to and from the stream's big-endian bytes in bulk; stock
 * converts element by element. Plain JDK API only: this class runs on the
 * image and on stock, and the report gives the image's speed-up.
 *
 * <ul>
 * <li>{@code roundTrip}: a new ObjectOutputStream on a reused in-memory sink,
 *     writeObject(array), flush, then a new ObjectInputStream on the bytes,
 *     readObject() - what stock code (and RMI, per call) does;
 * <li>{@code roundTripReused}: one long-lived stream pair, reset() then the
 *     array written and read back - no stream set-up, so the array's
 *     conversion, copies and allocation are nearly all of the cost;
 * <li>{@code writeOnly}: the first half: new stream, writeObject, flush;
 * <li>{@code readOnly}: the second half, from bytes written once in setup.
 * </ul>
 *
 * <p>The streams are created per operation, so for small n their set-up
 * (a 1 KiB block buffer, handle tables, the stream header) is part of the
 * cost, as it is in applications; for large n the array dominates.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// A fixed heap on both JVMs; JMH 1.37 calls sun.misc.Unsafe, which JDK 25
// warns about unless allowed.
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g",
                                   "--sun-misc-unsafe-memory-access=allow"})
public class StreamArrayBench {

    @Param({"float", "double", "int"})
    String type;

    @Param({"50", "500", "5000", "20000"})
    int n;

    /** The array written. */
    Object array;
    /** The reused sink of the write side. */
    Sink sink;
    /** The array's serialized form, for readOnly. */
    byte[] serialized;

    /**
     * One long-lived stream pair for roundTripReused: what the output stream
     * writes, the input stream reads back, with no stream construction per
     * operation (a connection's streams, as in seed 000 section 3.3).
     */
    Sink pipe;
    Source source;
    ObjectOutputStream pipeOut;
    ObjectInputStream pipeIn;

    /** Reads what pipe holds; rewound once all of it has been read. */
    static final class Source extends java.io.InputStream {
        private final Sink sink;
        private int pos;

        Source(Sink sink) {
            this.sink = sink;
        }

        @Override
        public int read() {
            return pos < sink.size() ? sink.buffer()[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            int n = Math.min(len, sink.size() - pos);
            if (n <= 0) {
                return len == 0 ? 0 : -1;
            }
            System.arraycopy(sink.buffer(), pos, b, off, n);
            pos += n;
            return n;
        }

        boolean drained() {
            return pos == sink.size();
        }

        void rewind() {
            pos = 0;
            sink.reset();
        }
    }

    /** A ByteArrayOutputStream whose buffer can be read without a copy. */
    static final class Sink extends ByteArrayOutputStream {
        Sink(int size) {
            super(size);
        }

        byte[] buffer() {
            return buf;
        }
    }

    @Setup
    public void setup() throws IOException, ClassNotFoundException {
        array = newArray(type, n, new Random(42));
        sink = new Sink(n * 8 + 256);
        writeOnly();
        serialized = sink.toByteArray();

        pipe = new Sink(n * 8 + 256);
        source = new Source(pipe);
        pipeOut = new ObjectOutputStream(pipe);
        pipeOut.flush();
        pipeIn = new ObjectInputStream(source);
        source.rewind();
        // Fail loudly if the streams do not give back what they got.
        check(roundTrip(), "roundTrip");
        check(readOnly(), "readOnly");
        for (int i = 0; i < 3; i++) {
            check(roundTripReused(), "roundTripReused");
            if (pipe.size() != 0) {
                throw new IllegalStateException("roundTripReused left unread bytes");
            }
        }
    }

    private void check(Object back, String what) {
        boolean same = switch (array) {
            case float[] a -> back instanceof float[] b && Arrays.equals(a, b);
            case double[] a -> back instanceof double[] b && Arrays.equals(a, b);
            case int[] a -> back instanceof int[] b && Arrays.equals(a, b);
            default -> false;
        };
        if (!same) {
            throw new IllegalStateException("StreamArrayBench: " + what + " of " + type + "["
                    + n + "] did not return an equal array");
        }
    }

    /** Random values, and the special ones the conversion must keep. */
    static Object newArray(String type, int n, Random r) {
        switch (type) {
            case "float": {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (r.nextFloat() - 0.5f) * 1e6f;
                }
                float[] special = {Float.NaN, -0.0f, Float.POSITIVE_INFINITY,
                                   Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE};
                System.arraycopy(special, 0, a, 0, Math.min(n, special.length));
                return a;
            }
            case "double": {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (r.nextDouble() - 0.5) * 1e12;
                }
                double[] special = {Double.NaN, -0.0, Double.POSITIVE_INFINITY,
                                    Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
                System.arraycopy(special, 0, a, 0, Math.min(n, special.length));
                return a;
            }
            case "int": {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt();
                }
                return a;
            }
            default:
                throw new IllegalArgumentException("type must be float, double or int: " + type);
        }
    }

    @Benchmark
    public Object roundTrip() throws IOException, ClassNotFoundException {
        sink.reset();
        ObjectOutputStream out = new ObjectOutputStream(sink);
        out.writeObject(array);
        out.flush();
        ObjectInputStream in = new ObjectInputStream(
                new ByteArrayInputStream(sink.buffer(), 0, sink.size()));
        return in.readObject();
    }

    /**
     * The round trip on long-lived streams: reset() (the JDK's, which a
     * remote call needs between calls) then the array, read back.
     */
    @Benchmark
    public Object roundTripReused() throws IOException, ClassNotFoundException {
        pipeOut.reset();
        pipeOut.writeObject(array);
        pipeOut.flush();
        Object back = pipeIn.readObject();
        if (!source.drained()) {
            throw new IllegalStateException("roundTripReused: bytes left in the pipe");
        }
        source.rewind();
        return back;
    }

    @Benchmark
    public int writeOnly() throws IOException {
        sink.reset();
        ObjectOutputStream out = new ObjectOutputStream(sink);
        out.writeObject(array);
        out.flush();
        return sink.size();
    }

    @Benchmark
    public Object readOnly() throws IOException, ClassNotFoundException {
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized));
        return in.readObject();
    }
}
