/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;

import org.grandejdk.bench.Sink;

/**
 * The JDK's own object streams, a fresh ObjectOutputStream and
 * ObjectInputStream per object, as RMI uses them (one per call): each
 * object's bytes carry the stream header and the class descriptors. The
 * bytes go to and come from a reused in-memory buffer.
 */
public class JdkStreamsBench extends SerialBench {

    /** The reused in-memory buffer the objects are written to. */
    protected Sink sink;

    @Override
    protected void open() throws IOException {
        sink = new Sink(64 * 1024);
        writeObject();
        serialized = sink.toByteArray();
    }

    @Override
    protected int writeObject() throws IOException {
        return sink.writeFresh(original);
    }

    @Override
    protected Object readSerialized() throws IOException, ClassNotFoundException {
        return Sink.readFresh(serialized, serialized.length);
    }

    @Override
    protected Object readWritten() throws IOException, ClassNotFoundException {
        return sink.readFresh();
    }
}
