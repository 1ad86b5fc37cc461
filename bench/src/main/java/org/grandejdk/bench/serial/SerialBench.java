/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.payload.Payloads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One serializer, one payload at a time (Table 2 of Philippsen, Haumacher
 * and Nester, "More Efficient Serialization and RMI for Java", on today's
 * hardware): each subclass is a serializer, {@code payload} the object, and
 * every subclass has the same three benchmarks, so the report can put them
 * side by side:
 *
 * <ul>
 * <li>{@code write}: the payload into the serializer's reused in-memory
 *     buffer (or a fresh stream on it, for the per-object variants);
 * <li>{@code read}: one object from bytes written in set-up;
 * <li>{@code roundTrip}: write, then read back what was just written;
 * <li>{@code relay}: the same, but each operation writes the copy the one
 *     before read, as an echo server or a relay does: every object written
 *     is new to the writer, never identity-hashed (a first identity hash is
 *     a call into the VM), where {@code roundTrip} writes the one payload
 *     again and again.
 * </ul>
 *
 * <p>The set-up writes and reads the payload and throws unless every
 * benchmark gives back a deep copy of it ({@link Payloads#checkCopy}): a
 * serializer that does not is not measured. It prints the size of one
 * object's bytes (a line {@code serial-size: CLASS PAYLOAD BYTES}, which the
 * report picks up from the JMH log) and, for a payload whose graph reaches
 * an object by more than one reference, how many of those shared references
 * the copy keeps ({@code serial-identity: CLASS PAYLOAD SHARED KEPT}, see
 * {@link Payloads#sharing}).
 */
public abstract class SerialBench extends AverageTimeBench {

    @Param({"int32", "int4null2", "tree15", "mixed100", "float5000", "double5000",
            "byte5000", "media", "latin1", "utf16", "list100", "map50", "records10"})
    public String payload;

    /** The object written. */
    protected Object original;

    /** One object's bytes, written in set-up, that {@link #read} reads. */
    protected byte[] serialized;

    @Setup
    public final void setUp() throws Exception {
        original = Payloads.create(payload);
        open();
        String what = Lifecycle.configurationName(this) + " " + payload + ": ";
        for (int i = 0; i < 3; i++) {
            Payloads.checkCopy(original, read(), what + "read");
            Payloads.checkCopy(original, roundTrip(), what + "roundTrip");
            int size = write();
            if (size <= 0) {
                throw new IllegalStateException(what + "write wrote " + size + " bytes");
            }
        }
        System.out.println("serial-size: " + Lifecycle.configurationName(this) + " " + payload
                + " " + serialized.length);
        int[] sharing = Payloads.sharing(original, read());
        if (sharing[0] > 0) {
            System.out.println("serial-identity: " + Lifecycle.configurationName(this) + " "
                    + payload + " " + sharing[0] + " " + sharing[1]);
        }
    }

    /**
     * Makes the serializer and its buffers, writes {@link #original} and
     * keeps its bytes in {@link #serialized}.
     */
    protected abstract void open() throws Exception;

    /** Writes {@link #original}; returns the number of bytes written. */
    protected abstract int writeObject() throws Exception;

    /** Reads an object from {@link #serialized}. */
    protected abstract Object readSerialized() throws Exception;

    /** Reads the object that {@link #writeObject} has just written. */
    protected abstract Object readWritten() throws Exception;

    /**
     * Writes {@link #original} and reads back what was written. A
     * serializer made per object overrides this to keep its writer in a
     * local, as an application does: a new writer stored in a field of this
     * long-lived state would cost a store that G1 fences (its card-marking
     * barrier, JDK 25), which no serializer that reuses its writer pays.
     */
    protected Object writeAndRead() throws Exception {
        writeObject();
        return readWritten();
    }

    @Benchmark
    public int write() throws Exception {
        return writeObject();
    }

    @Benchmark
    public Object read() throws Exception {
        return readSerialized();
    }

    @Benchmark
    public Object roundTrip() throws Exception {
        return writeAndRead();
    }

    /** What {@link #relay} writes next: the copy it read last. */
    private Object relayed;

    @Benchmark
    public Object relay() throws Exception {
        Object payloadObject = original;
        original = relayed != null ? relayed : payloadObject;
        try {
            relayed = writeAndRead();
        } finally {
            original = payloadObject;
        }
        return relayed;
    }
}
