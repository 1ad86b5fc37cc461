/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.IOException;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import org.grandejdk.bench.payload.Payloads;

/**
 * jdk.fastserial as a message transport uses it (Philippsen, Haumacher and
 * Nester, "More Efficient Serialization and RMI for Java", section 3.3):
 * one in-memory FastObjectOutputStream and one FastObjectInputStream for the
 * whole run. Per object the writer rewinds its buffer, resetObjects(), and
 * writes; the reader is handed that message with setInput, without a copy.
 * The classes travel once, with the first object in set-up; every measured
 * object is written with its types as small integers and read by a reader
 * that already knows them.
 *
 * <p>Image only: never select this class for a stock run.
 */
public class FastSerialBench extends SerialBench {

    private FastObjectOutputStream out;
    private FastObjectInputStream in;

    @Override
    protected void open() throws IOException, ClassNotFoundException {
        out = new FastObjectOutputStream();
        in = new FastObjectInputStream(out.toByteArray());     // the stream header
        // The first object carries the type descriptors; the next one is
        // what every later object looks like.
        writeObject();
        Payloads.checkCopy(original, readWritten(), "FastSerialBench " + payload + ": first object");
        writeObject();
        serialized = out.toByteArray();
        readWritten();
    }

    @Override
    protected int writeObject() throws IOException {
        out.rewind();
        out.resetObjects();
        out.writeObject(original);
        return (int) out.size();
    }

    @Override
    protected Object readSerialized() throws IOException, ClassNotFoundException {
        in.setInput(serialized, 0, serialized.length);
        return in.readObject();
    }

    @Override
    protected Object readWritten() throws IOException, ClassNotFoundException {
        in.setInput(out.buffer(), 0, (int) out.size());
        return in.readObject();
    }
}
