/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.vm;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Array;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Sink;
import org.grandejdk.bench.payload.Payloads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Primitive arrays through the JDK's own ObjectOutputStream and
 * ObjectInputStream (Philippsen, Haumacher and Nester, "More Efficient
 * Serialization and RMI for Java", sections 3.6 and 6: float[n] for
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
public class StreamArrayBench extends AverageTimeBench {

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
     * operation (a connection's streams, as in Philippsen et al. section 3.3).
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

    @Setup
    public void setup() throws IOException, ClassNotFoundException {
        array = newArray(type, n);
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
        String what = "StreamArrayBench " + type + "[" + n + "]: ";
        Payloads.checkCopy(array, roundTrip(), what + "roundTrip");
        Payloads.checkCopy(array, readOnly(), what + "readOnly");
        for (int i = 0; i < 3; i++) {
            Payloads.checkCopy(array, roundTripReused(), what + "roundTripReused");
            check(pipe.size() == 0, "roundTripReused left no unread bytes");
        }
    }

    /**
     * The payload TYPEn ({@link Payloads}: random values), for float and
     * double its first elements replaced by the special values the
     * conversion must keep.
     */
    static Object newArray(String type, int n) {
        Object special = switch (type) {
            case "float" -> new float[] {Float.NaN, -0.0f, Float.POSITIVE_INFINITY,
                                         Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE};
            case "double" -> new double[] {Double.NaN, -0.0, Double.POSITIVE_INFINITY,
                                           Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
            case "int" -> new int[0];     // every bit pattern is an int already
            default -> throw new IllegalArgumentException("type must be float, double or int: " + type);
        };
        Object a = Payloads.create(type + n);
        System.arraycopy(special, 0, a, 0, Math.min(n, Array.getLength(special)));
        return a;
    }

    @Benchmark
    public Object roundTrip() throws IOException, ClassNotFoundException {
        sink.writeFresh(array);
        return sink.readFresh();
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
        return sink.writeFresh(array);
    }

    @Benchmark
    public Object readOnly() throws IOException, ClassNotFoundException {
        return Sink.readFresh(serialized, serialized.length);
    }
}
