/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.ByteArrayOutputStream;

/** A ByteArrayOutputStream whose bytes can be read without a copy. */
final class Sink extends ByteArrayOutputStream {
    Sink(int size) {
        super(size);
    }

    byte[] buffer() {
        return buf;
    }
}
