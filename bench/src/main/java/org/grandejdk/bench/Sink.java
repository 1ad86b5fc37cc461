/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * A reused in-memory sink whose bytes can be read without a copy, and the
 * JDK's object streams on it as stock code and RMI use them: a fresh
 * ObjectOutputStream or ObjectInputStream per object.
 */
public final class Sink extends ByteArrayOutputStream {

    public Sink(int size) {
        super(size);
    }

    /** The buffer; the first {@link #size} bytes are what was written. */
    public byte[] buffer() {
        return buf;
    }

    /**
     * Forgets what this holds, then writes obj with a new ObjectOutputStream
     * on this, flushed; returns the bytes written (header included).
     */
    public int writeFresh(Object obj) throws IOException {
        reset();
        ObjectOutputStream out = new ObjectOutputStream(this);
        out.writeObject(obj);
        out.flush();
        return size();
    }

    /** Reads one object with a new ObjectInputStream from what this holds. */
    public Object readFresh() throws IOException, ClassNotFoundException {
        return readFresh(buf, count);
    }

    /** Reads one object with a new ObjectInputStream from the first length bytes. */
    public static Object readFresh(byte[] bytes, int length) throws IOException, ClassNotFoundException {
        return new ObjectInputStream(new ByteArrayInputStream(bytes, 0, length)).readObject();
    }
}
