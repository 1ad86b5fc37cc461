/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

/**
 * jdk.fastserial used as the JDK streams are in {@link JdkStreamsBench}: a
 * fresh in-memory FastObjectOutputStream per object and a fresh
 * FastObjectInputStream on its bytes (its buffer, without a copy), so every
 * object carries the stream header and its type descriptors. Both streams
 * are locals, as the JDK streams are there.
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialFreshBench extends SerialBench {

    @Override
    protected void open() throws IOException {
        serialized = written(original).toByteArray();
    }

    private static FastObjectOutputStream written(Object obj) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(obj);
        return out;
    }

    @Override
    protected int writeObject() throws IOException {
        return (int) written(original).size();
    }

    @Override
    protected Object readSerialized() throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(serialized).readObject();
    }

    @Override
    protected Object writeAndRead() throws IOException, ClassNotFoundException {
        FastObjectOutputStream out = written(original);
        return new FastObjectInputStream(out.buffer(), 0, (int) out.size()).readObject();
    }

    @Override
    protected Object readWritten() {
        throw new UnsupportedOperationException("writeAndRead keeps the writer in a local");
    }
}
