/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * The JDK's object streams as stock RMI uses them: a fresh
 * ObjectOutputStream per object on a connection's reused
 * BufferedOutputStream and a fresh ObjectInputStream on its reused
 * BufferedInputStream ({@link Connection}).
 */
public class JdkStreamsConnectionBench extends SerialBench {

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
        ObjectOutputStream out = new ObjectOutputStream(connection.out);
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
        return new ObjectInputStream(connection.in).readObject();
    }
}
