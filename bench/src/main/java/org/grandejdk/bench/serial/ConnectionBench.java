/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/**
 * A serializer used as stock RMI uses its streams: a fresh object output
 * stream per object on a connection's reused BufferedOutputStream, and a
 * fresh object input stream on its reused BufferedInputStream
 * ({@link Connection}). Each subclass names the streams.
 */
public abstract class ConnectionBench extends SerialBench {

    private Connection connection;

    /** A fresh stream that writes into out. */
    protected abstract ObjectOutputStream newOutput(OutputStream out) throws IOException;

    /** A fresh stream that reads from in. */
    protected abstract ObjectInputStream newInput(InputStream in) throws IOException;

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
        ObjectOutputStream out = newOutput(connection.out);
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
        return newInput(connection.in).readObject();
    }
}
