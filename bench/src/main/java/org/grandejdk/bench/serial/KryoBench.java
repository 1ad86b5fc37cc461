/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.util.ArrayList;
import java.util.HashMap;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import org.grandejdk.bench.payload.Payloads;

/**
 * Kryo 5: one Kryo with every class registered (registration required), a
 * reused Output and Input on heap buffers, writeClassAndObject and
 * readClassAndObject (the reader learns the class from the bytes, as with
 * the object streams). Reference tracking is off, Kryo 5's default: no
 * payload shares an object or has a cycle. The JDK classes of the payloads
 * that Kryo does not register itself (ArrayList, HashMap, the arrays) are
 * registered after the payload classes.
 */
public class KryoBench extends SerialBench {

    private Kryo kryo;
    private Output output;
    private Input input;

    @Override
    protected void open() {
        kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        for (Class<?> c : Payloads.CLASSES) {
            kryo.register(c);
        }
        kryo.register(ArrayList.class);
        kryo.register(float[].class);
        kryo.register(double[].class);
        kryo.register(byte[].class);
        kryo.register(HashMap.class);
        output = new Output(64 * 1024, -1);
        input = new Input();
        writeObject();
        serialized = output.toBytes();
    }

    @Override
    protected int writeObject() {
        output.reset();
        kryo.writeClassAndObject(output, original);
        return output.position();
    }

    @Override
    protected Object readSerialized() {
        input.setBuffer(serialized);
        return kryo.readClassAndObject(input);
    }

    @Override
    protected Object readWritten() {
        input.setBuffer(output.getBuffer(), 0, output.position());
        return kryo.readClassAndObject(input);
    }
}
