/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

/**
 * jdk.fastserial as stock RMI uses it with {@code
 * jdk.rmi.fastSerialization=true}: a fresh FastObjectOutputStream per
 * object on a connection's reused BufferedOutputStream, and a fresh
 * FastObjectInputStream on its reused BufferedInputStream
 * ({@link Connection}). The counterpart of {@link JdkStreamsConnectionBench}.
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialConnectionBench extends SerialBench {

    private Connection connection;

    @Override
    protected void open() throws IOException {
        connection = new Connection();
        writeObject();
        serialized = connection.message();
        connection.in.skipNBytes(serialized.length);
    }

    @Override
    protected int writeObject() throws IOException {
        connection.next();
        FastObjectOutputStream out = new FastObjectOutputStream(connection.out);
        out.writeObject(original);
        out.flush();
        return connection.length();
    }

    @Override
    protected Object readSerialized() throws IOException, ClassNotFoundException {
        connection.replay(serialized);
        return readWritten();
    }

    @Override
    protected Object readWritten() throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(connection.in).readObject();
    }
}
