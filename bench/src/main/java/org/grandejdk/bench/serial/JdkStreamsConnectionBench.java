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
 * The JDK's object streams as stock RMI uses them: a fresh
 * ObjectOutputStream and ObjectInputStream per object on a connection's
 * reused buffered streams.
 */
public class JdkStreamsConnectionBench extends ConnectionBench {

    @Override
    protected ObjectOutputStream newOutput(OutputStream out) throws IOException {
        return new ObjectOutputStream(out);
    }

    @Override
    protected ObjectInputStream newInput(InputStream in) throws IOException {
        return new ObjectInputStream(in);
    }
}
