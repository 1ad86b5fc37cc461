/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.InputStream;

/**
 * {@link FastSerialDropInBench} with the reader's ByteArrayInputStream
 * inside a DataInputStream, as a protocol that frames its messages itself
 * wraps its connection's stream: a source the reader neither reads in bulk
 * nor gives bytes back to, so it reads it item by item, as the JDK's
 * stream does (jdk-module/README.md, "Nothing taken past a stream's
 * items").
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialWrappedSourceBench extends FastSerialDropInBench {

    @Override
    protected InputStream source(byte[] bytes, int length) {
        return new DataInputStream(new ByteArrayInputStream(bytes, 0, length));
    }
}
