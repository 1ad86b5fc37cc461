/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

/**
 * jdk.fastserial exactly where {@link JdkStreamsBench} has the JDK's
 * streams, what an application gets by changing the two class names: a
 * fresh FastObjectOutputStream per object on the reused in-memory buffer
 * (a ByteArrayOutputStream), flushed, and a fresh FastObjectInputStream on
 * a ByteArrayInputStream over its bytes (the deep-copy idiom).
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialDropInBench extends JdkStreamsBench {

    @Override
    protected int writeObject() throws IOException {
        sink.reset();
        FastObjectOutputStream out = new FastObjectOutputStream(sink);
        out.writeObject(original);
        out.flush();
        return sink.size();
    }

    /** The stream the reader reads length bytes of bytes from. */
    protected InputStream source(byte[] bytes, int length) {
        return new ByteArrayInputStream(bytes, 0, length);
    }

    @Override
    protected Object readSerialized() throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(source(serialized, serialized.length)).readObject();
    }

    @Override
    protected Object readWritten() throws IOException, ClassNotFoundException {
        return new FastObjectInputStream(source(sink.buffer(), sink.size())).readObject();
    }
}
