/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

import org.grandejdk.bench.payload.Payloads;

/**
 * Apache Fory in Java mode: one Fory with every class registered
 * (registration required), its generated serializers (the default), a
 * reused heap MemoryBuffer. Reference tracking is off, Fory's default: no
 * payload shares an object or has a cycle ({@link ForyRefBench} is the same
 * with reference tracking on, the semantics of the JDK streams and of
 * jdk.fastserial, which always track references). Schema-consistent mode,
 * Fory's fastest, as the same classes are on both ends: Fory 1.6's default,
 * the compatible mode, writes the type's field metadata with every object
 * (46 bytes instead of 10 for int4null2), which Kryo's default
 * FieldSerializer does not either.
 */
public class ForyBench extends SerialBench {

    private Fory fory;
    private MemoryBuffer buffer;
    private MemoryBuffer input;

    @Override
    protected void open() {
        fory = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(refTracking())
                .ignoreStringRef(!stringRefTracking())
                .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
                .build();
        for (Class<?> c : Payloads.CLASSES) {
            fory.register(c);
        }
        buffer = MemoryBuffer.newHeapBuffer(64 * 1024);
        int size = writeObject();
        serialized = buffer.getBytes(0, size);
        input = MemoryBuffer.fromByteArray(serialized);
    }

    /** Whether Fory tracks references (shared objects, cycles): here not. */
    protected boolean refTracking() {
        return false;
    }

    /**
     * Whether, with {@link #refTracking}, Fory also tracks the strings of
     * fields and elements declared as {@code String}: here not, Fory's
     * default ({@code ignoreStringRef(true)}).
     */
    protected boolean stringRefTracking() {
        return false;
    }

    /** The Fory that {@link #open} built. */
    protected final Fory fory() {
        return fory;
    }

    @Override
    protected int writeObject() {
        buffer.writerIndex(0);
        fory.serialize(buffer, original);
        return buffer.writerIndex();
    }

    @Override
    protected Object readSerialized() {
        input.readerIndex(0);
        return fory.deserialize(input);
    }

    @Override
    protected Object readWritten() {
        buffer.readerIndex(0);
        return fory.deserialize(buffer);
    }
}
