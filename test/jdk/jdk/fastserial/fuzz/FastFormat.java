/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.FastSerializable;

/**
 * jdk.fastserial streams for the fuzz and bad-input tests, read from each
 * kind of source FastObjectInputStream takes.
 */
public final class FastFormat implements FastStreamFuzzer.Format {

    public static final int BYTES = 0;
    public static final int STREAM = 1;
    public static final int SEGMENT = 2;

    private static final List<String> SOURCES = List.of("bytes", "stream", "segment");

    // Native memory the segment source copies a stream into, at its end, so
    // that a read past the stream's end would run off the allocation.
    private MemorySegment nativeArea = MemorySegment.NULL;

    public FastFormat() { }

    @Override
    public String name() {
        return "fast";
    }

    @Override
    public List<String> sources() {
        return SOURCES;
    }

    @Override
    public byte[] write(FuzzCorpus.Script script) throws IOException {
        return bytes(script);
    }

    /** The fast stream of a script. */
    public static byte[] bytes(FuzzCorpus.Script script) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        FuzzCorpus.write(out, script, o -> ((FastObjectOutputStream) o).resetObjects());
        return out.toByteArray();
    }

    /** The fast stream of one object. */
    public static byte[] bytes(Object value) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(value);
        out.flush();
        return out.toByteArray();
    }

    @Override
    public List<Object> read(byte[] stream, FuzzCorpus.Script script, int source)
            throws IOException, ClassNotFoundException {
        return FuzzCorpus.read(open(stream, source), script);
    }

    /** A FastObjectInputStream over stream, from the given kind of source. */
    public FastObjectInputStream open(byte[] stream, int source) throws IOException {
        return switch (source) {
            case BYTES -> new FastObjectInputStream(stream);
            case STREAM -> new FastObjectInputStream(new TrickleInputStream(stream, 1 + stream.length % 13));
            case SEGMENT -> new FastObjectInputStream(nativeCopy(stream));
            default -> throw new IllegalArgumentException("source " + source);
        };
    }

    private MemorySegment nativeCopy(byte[] stream) {
        if (nativeArea.byteSize() < stream.length) {
            nativeArea = Arena.ofAuto().allocate(Math.max(stream.length, 64 * 1024));
        }
        MemorySegment slice = nativeArea.asSlice(nativeArea.byteSize() - stream.length, stream.length);
        MemorySegment.copy(stream, 0, slice, ValueLayout.JAVA_BYTE, 0, stream.length);
        return slice;
    }

    @Override
    public Object extraObject() {
        return new Particle(1.5, -2.25, 1e300, "particle");
    }

    /**
     * An InputStream that hands out at most chunk bytes per read and knows
     * nothing of what is available: the reader must refill and must not rely
     * on the source's length.
     */
    public static final class TrickleInputStream extends InputStream {
        private final ByteArrayInputStream in;
        private final int chunk;

        public TrickleInputStream(byte[] bytes, int chunk) {
            this.in = new ByteArrayInputStream(bytes);
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, chunk));
        }
    }

    /** Hand-written marshaling (the JDK's streams serialize it as usual). */
    public static final class Particle implements FastSerializable, Serializable {
        @Serial
        private static final long serialVersionUID = 13L;
        double x;
        double y;
        double z;
        String name;

        public Particle() { }

        Particle(double x, double y, double z, String name) {
            this.x = x;
            this.y = y;
            this.z = z;
            this.name = name;
        }

        @Override
        public void writeFast(FastObjectOutputStream out) throws IOException {
            out.putDouble(x);
            out.putDouble(y);
            out.putDouble(z);
            out.writeObject(name);
        }

        @Override
        public void readFast(FastObjectInputStream in) throws IOException, ClassNotFoundException {
            x = in.getDouble();
            y = in.getDouble();
            z = in.getDouble();
            name = (String) in.readObject();
        }
    }
}
