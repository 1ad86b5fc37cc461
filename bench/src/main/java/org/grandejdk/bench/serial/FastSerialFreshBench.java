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
 * object carries the stream header and its type descriptors.
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialFreshBench extends SerialBench {

    private FastObjectOutputStream out;

    @Override
    protected void open() throws IOException {
        writeObject();
        serialized = out.toByteArray();
    }

    @Override
    protected int writeObject() throws IOException {
        out = new FastObjectOutputStream();
        out.writeObject(original);
        return (int) out.size();
    }

    @Override
    protected Object readSerialized() throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(serialized).readObject();
    }

    @Override
    protected Object readWritten() throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(out.buffer(), 0, (int) out.size()).readObject();
    }
}
