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
import java.util.ArrayList;
import java.util.List;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.FastSerializable;

/**
 * jdk.fastserial streams for the fuzz and bad-input tests, read from each
 * kind of source FastObjectInputStream takes, and their parser for the
 * structure-aware mutations ({@link Parser}).
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
        return script.renamed(out.toByteArray());
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

    @Override
    public Mutator.Parser parser() {
        return Parser::parse;
    }

    /**
     * The structure of a fast stream (protocol 2, jdk-module/README.md), as
     * the reader goes through it: items, tags, handles and type ids with
     * the handles and types known at that point, type descriptors, lengths
     * and counts, the details of descriptors. It knows the data of every
     * kind of type, but of FastSerializable classes only Particle's. It
     * stops at the first thing it does not understand (a mutated stream):
     * the structure is then what came before.
     */
    public static final class Parser {
        // The tags and kinds of jdk.internal.fastserial.Wire, which this test may not use.
        private static final int NULL = 0x00, REF = 0x01, OBJECT = 0x02, STRING = 0x03, ARRAY = 0x04,
                ENUM = 0x05, CLASS = 0x06, CLASSDESC = 0x07, RESET = 0x08, RESET_OBJECTS = 0x09,
                BLOCK = 0x0A, END = 0x0B, FIELDS = 0x0C, VALUE = 0x0D;
        private static final int SERIALIZABLE = 1, EXTERNALIZABLE = 2, RECORD = 3, KIND_ENUM = 4, PROXY = 5,
                KIND_ARRAY = 6, FAST = 8;
        private static final int FIRST_STREAM_TYPE = 21;
        private static final int ARRAY_LIST = 20;
        private static final int MAX_DEPTH = 300;
        /** Widths of the predefined types' values: boxes 1 to 8, primitive arrays' elements 9 to 16. */
        private static final int[] WIDTHS = {0, 4, 8, 2, 1, 2, 1, 4, 8, 1, 1, 2, 2, 4, 8, 4, 8, 0, 0, 0, 0};
        private static final Type[] PREDEFINED = new Type[FIRST_STREAM_TYPE];
        static {
            for (int id = 1; id < FIRST_STREAM_TYPE; id++) {
                PREDEFINED[id] = new Type(id >= 9 && id <= 18 ? KIND_ARRAY : SERIALIZABLE, "#" + id, new Level[0], 0,
                                          id >= 9 && id <= 16 ? WIDTHS[id] : 0, id);
            }
        }

        private record Level(boolean custom, int primSize, int refs) { }

        /** A type: for an array its elements' width (0: references), for a predefined type its id. */
        private record Type(int kind, String name, Level[] levels, long constants, int width, int predefined) { }

        private static final class Stop extends RuntimeException {
            Stop() {
                super(null, null, false, false);
            }
        }

        private static final Stop STOP = new Stop();

        private final byte[] b;
        private int pos;
        private int handles;
        private int depth;
        private final List<Type> types = new ArrayList<>();
        private final List<Mutator.Token> tokens = new ArrayList<>();

        private Parser(byte[] b) {
            this.b = b;
        }

        public static Mutator.Structure parse(byte[] stream) {
            Parser p = new Parser(stream);
            boolean complete = false;
            try {
                p.stream();
                complete = true;
            } catch (RuntimeException | StackOverflowError e) {     // Stop, or a slip of the parser
                // what came before the first thing not understood
            }
            return new Mutator.Structure(p.tokens, complete);
        }

        private void stream() {
            if (b.length < 4 || b[0] != (byte) 0xFA || b[1] != 0x57) {
                throw STOP;
            }
            pos = 4;
            while (pos < b.length) {
                int tag = b[pos] & 0xFF;
                if (tag == BLOCK) {
                    tag();
                    skip(blockLength());
                } else if (tag == RESET || tag == RESET_OBJECTS) {
                    tag();
                    handles = 0;
                    if (tag == RESET) {
                        types.clear();
                    }
                } else {
                    item();
                }
            }
        }

        private void item() {
            if (++depth > MAX_DEPTH) {
                throw STOP;
            }
            int start = pos;
            int before = handles;
            int tag = tag();
            switch (tag) {
                case NULL -> { }
                case REF -> {
                    int at = pos;
                    long h = varint();
                    add(Mutator.Part.HANDLE, at, h, handles);
                    if (h >= handles) {
                        throw STOP;
                    }
                }
                case STRING -> {
                    handles++;
                    int at = pos;
                    long header = varint();
                    add(Mutator.Part.COUNT, at, header, 0);
                    long n = header >>> 1;
                    skip((header & 1) != 0 ? n : 2 * n);
                }
                case OBJECT -> object();
                case VALUE -> {
                    // A box by value: no handle.
                    int id = typeRef().predefined();
                    if (id <= 0 || id > 8) {
                        throw STOP;
                    }
                    skip(WIDTHS[id]);
                }
                case ARRAY -> {
                    Type t = typeRef();
                    if (t.kind() != KIND_ARRAY) {
                        throw STOP;
                    }
                    long n = count();
                    handles++;
                    if (t.width() > 0) {
                        skip(n * t.width());
                    } else {
                        for (long i = 0; i < n; i++) {
                            item();
                        }
                    }
                }
                case ENUM -> {
                    Type t = typeRef();
                    if (t.kind() != KIND_ENUM) {
                        throw STOP;
                    }
                    handles++;
                    int at = pos;
                    long index = varint();
                    add(Mutator.Part.ENUM_INDEX, at, index, t.constants());
                    if (index >= t.constants()) {
                        throw STOP;
                    }
                }
                case CLASS, CLASSDESC -> {
                    typeRef();
                    handles++;
                }
                default -> throw STOP;
            }
            add(Mutator.Part.ITEM, start, tag, before);
            depth--;
        }

        private void object() {
            Type t = typeRef();
            int id = t.predefined();
            if (id > 0) {
                if (id <= 8) {
                    handles++;
                    skip(WIDTHS[id]);
                } else if (id == ARRAY_LIST) {
                    handles++;
                    long n = count();
                    for (long i = 0; i < n; i++) {
                        item();
                    }
                } else {
                    throw STOP;
                }
                return;
            }
            handles++;
            switch (t.kind()) {
                case SERIALIZABLE, PROXY, RECORD -> {
                    for (Level level : t.levels()) {
                        if (level.custom()) {
                            custom(level);
                        } else {
                            fields(level);
                        }
                    }
                }
                case EXTERNALIZABLE -> custom(null);
                case FAST -> {
                    if (!t.name().equals("FastFormat$Particle")) {
                        throw STOP;          // no framing: only its own code knows its data
                    }
                    skip(24);
                    item();
                }
                default -> throw STOP;
            }
        }

        private void fields(Level level) {
            skip(level.primSize());
            for (int i = 0; i < level.refs(); i++) {
                item();
            }
        }

        /** Custom data up to its END: blocks, objects, and level's fields after FIELDS. */
        private void custom(Level level) {
            for (;;) {
                need(1);
                int tag = b[pos] & 0xFF;
                if (tag == END) {
                    tag();
                    return;
                } else if (tag == BLOCK) {
                    tag();
                    skip(blockLength());
                } else if (tag == FIELDS && level != null) {
                    tag();
                    fields(level);
                } else {
                    item();
                }
            }
        }

        private Type typeRef() {
            int at = pos;
            long id = varint();
            if (id == 0) {
                return descriptor(at);
            }
            add(Mutator.Part.TYPE_ID, at, id, FIRST_STREAM_TYPE + types.size());
            if (id < FIRST_STREAM_TYPE) {
                return PREDEFINED[(int) id];
            }
            if (id - FIRST_STREAM_TYPE < types.size()) {
                return types.get((int) (id - FIRST_STREAM_TYPE));
            }
            throw STOP;
        }

        private Type descriptor(int at) {
            int kind = u1(Mutator.Part.KIND);
            if (kind < 1 || kind > FAST) {
                throw STOP;
            }
            String name = name(Mutator.Part.CLASS_NAME);
            Level[] levels = new Level[0];
            long constants = 0;
            switch (kind) {
                case PROXY -> {
                    long n = count();
                    for (long i = 0; i < n; i++) {
                        name(Mutator.Part.CLASS_NAME);
                    }
                    levels = levels();
                }
                case EXTERNALIZABLE, FAST -> bytes(Mutator.Part.SUID, 8);
                case SERIALIZABLE, RECORD -> {
                    bytes(Mutator.Part.SUID, 8);
                    levels = levels();
                }
                case KIND_ENUM -> {
                    constants = count();
                    for (long i = 0; i < constants; i++) {
                        name(Mutator.Part.FIELD_NAME);
                    }
                }
                default -> { }
            }
            int width = 0;
            if (kind == KIND_ARRAY && name.length() == 2 && name.charAt(0) == '[') {
                width = switch (name.charAt(1)) {
                    case 'Z', 'B' -> 1;
                    case 'C', 'S' -> 2;
                    case 'I', 'F' -> 4;
                    case 'J', 'D' -> 8;
                    default -> throw STOP;
                };
            }
            int id = FIRST_STREAM_TYPE + types.size();
            Type t = new Type(kind, name, levels, constants, width, 0);
            types.add(t);
            custom(null);                          // annotateClass's data
            long supers = count();
            for (long i = 0; i < supers; i++) {
                name(Mutator.Part.CLASS_NAME);
                custom(null);
            }
            add(Mutator.Part.DESCRIPTOR, at, id, 0);
            return t;
        }

        private Level[] levels() {
            long n = count();
            if (n == 0) {
                throw STOP;
            }
            Level[] levels = new Level[(int) n];
            for (int i = 0; i < n; i++) {
                if (i < n - 1) {
                    name(Mutator.Part.CLASS_NAME);
                }
                bytes(Mutator.Part.SUID, 8);
                int flags = u1(Mutator.Part.LEVEL_FLAGS);
                bytes(Mutator.Part.FINGERPRINT, 8);
                long np = count();
                int primSize = 0;
                for (long j = 0; j < np; j++) {
                    int code = u1(Mutator.Part.FIELD_CODE);
                    primSize += switch (code) {
                        case 'Z', 'B' -> 1;
                        case 'C', 'S' -> 2;
                        case 'I', 'F' -> 4;
                        case 'J', 'D' -> 8;
                        default -> throw STOP;
                    };
                    name(Mutator.Part.FIELD_NAME);
                }
                long nr = count();
                for (long j = 0; j < nr; j++) {
                    int code = u1(Mutator.Part.FIELD_CODE);
                    if (code != 'L' && code != '[') {
                        throw STOP;
                    }
                    name(Mutator.Part.FIELD_NAME);
                    name(Mutator.Part.FIELD_NAME);     // its signature
                }
                levels[i] = new Level((flags & 1) != 0, primSize, (int) nr);
            }
            return levels;
        }

        /** A name: varint(length << 1 | latin1), then Latin-1 bytes or UTF-16LE chars. */
        private String name(Mutator.Part part) {
            int at = pos;
            long header = varint();
            add(Mutator.Part.COUNT, at, header, 0);
            int headerBytes = pos - at;
            long n = header >>> 1;
            boolean latin1 = (header & 1) != 0;
            need(latin1 ? n : 2 * n);
            StringBuilder sb = new StringBuilder((int) n);
            for (int i = 0; i < n; i++) {
                sb.append(latin1 ? (char) (b[pos + i] & 0xFF)
                                 : (char) ((b[pos + 2 * i] & 0xFF) | (b[pos + 2 * i + 1] & 0xFF) << 8));
            }
            pos += (int) (latin1 ? n : 2 * n);
            add(part, at, headerBytes, 0);
            return sb.toString();
        }

        private long count() {
            int at = pos;
            long n = varint();
            add(Mutator.Part.COUNT, at, n, 0);
            if (n > b.length - pos) {
                throw STOP;                        // every element takes a byte at least
            }
            return n;
        }

        private int blockLength() {
            need(4);
            int at = pos;
            long n = (b[pos] & 0xFF) | (b[pos + 1] & 0xFF) << 8 | (b[pos + 2] & 0xFF) << 16
                     | (long) (b[pos + 3] & 0xFF) << 24;
            pos += 4;
            add(Mutator.Part.BLOCK_LENGTH, at, n, 0);
            if (n > b.length - pos) {
                throw STOP;
            }
            return (int) n;
        }

        /** The reader's varint: at most five bytes, the fifth with four bits. */
        private long varint() {
            long v = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                need(1);
                int x = b[pos++];
                v |= (long) (x & 0x7F) << shift;
                if (x >= 0) {
                    if (shift == 28 && (x & 0x78) != 0) {
                        throw STOP;
                    }
                    return v;
                }
            }
            throw STOP;
        }

        private int tag() {
            return u1(Mutator.Part.TAG);
        }

        private int u1(Mutator.Part part) {
            need(1);
            int v = b[pos] & 0xFF;
            add(part, pos, v, 0);
            pos++;
            return v;
        }

        private void bytes(Mutator.Part part, int n) {
            need(n);
            tokens.add(new Mutator.Token(part, pos, n, 0, 0));
            pos += n;
        }

        private void skip(long n) {
            need(n);
            pos += (int) n;
        }

        private void need(long n) {
            if (n < 0 || n > b.length - pos) {
                throw STOP;
            }
        }

        /** A token from at to the current position (a one-byte token: at pos, added before pos moves). */
        private void add(Mutator.Part part, int at, long value, long bound) {
            tokens.add(new Mutator.Token(part, at, Math.max(1, pos - at), value, bound));
        }
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
