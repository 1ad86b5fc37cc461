/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

/**
 * jdk.fastserial as stock RMI uses it with {@code
 * jdk.rmi.fastSerialization=true}: a fresh FastObjectOutputStream and
 * FastObjectInputStream per object on a connection's reused buffered
 * streams. The counterpart of {@link JdkStreamsConnectionBench}.
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialConnectionBench extends ConnectionBench {

    @Override
    protected ObjectOutputStream newOutput(OutputStream out) throws IOException {
        return new FastObjectOutputStream(out);
    }

    @Override
    protected ObjectInputStream newInput(InputStream in) throws IOException {
        return new FastObjectInputStream(in);
    }
}
