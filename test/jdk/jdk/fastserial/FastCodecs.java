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

import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import grande.test.PiecewiseInputStream;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

/** The fast streams as codecs, one for each pair of targets they write to and read from. */
public final class FastCodecs {

    private FastCodecs() { }

    /** Room for the largest sample of the corpus, for the MemorySegment codec. */
    static final long SEGMENT_SIZE = 1 << 20;

    /** Writes to an OutputStream, reads from an InputStream. */
    public static final Codec STREAM = Codec.of("fast/stream",
            Codec.writeOnStream(FastObjectOutputStream::new),
            Codec.readFromStream(FastObjectInputStream::new));

    /** Writes to the stream's own growable array, reads from a byte[]. */
    public static final Codec MEMORY = Codec.of("fast/byte[]",
            writer -> {
                FastObjectOutputStream out = new FastObjectOutputStream();
                writer.write(out);
                out.flush();
                return out.toByteArray();
            },
            (bytes, reader) -> reader.read(new FastObjectInputStream(bytes)));

    /** Writes to and reads from off-heap MemorySegments. */
    public static final Codec SEGMENT = Codec.of("fast/MemorySegment",
            writer -> {
                // the streams keep the arena open until they are closed
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment segment = arena.allocate(SEGMENT_SIZE);
                    try (FastObjectOutputStream out = new FastObjectOutputStream(segment)) {
                        writer.write(out);
                        out.flush();
                        return segment.asSlice(0, out.size()).toArray(ValueLayout.JAVA_BYTE);
                    }
                }
            },
            (bytes, reader) -> {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment segment = arena.allocate(Math.max(1, bytes.length));
                    MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, bytes.length);
                    try (FastObjectInputStream in = new FastObjectInputStream(segment.asSlice(0, bytes.length))) {
                        return reader.read(in);
                    }
                }
            });

    /**
     * Writes like MEMORY; reads from an InputStream that hands out at most
     * a few bytes per call and reports nothing available, so that the
     * reader's buffer is refilled in the middle of every kind of item.
     */
    public static final Codec TRICKLE = Codec.of("fast/trickling InputStream",
            MEMORY::write,
            (bytes, reader) -> {
                try (FastObjectInputStream in = new FastObjectInputStream(new PiecewiseInputStream(bytes, 1, 5))) {
                    return reader.read(in);
                }
            });

    /** Every fast codec; all of them must write the same bytes for the same sample. */
    public static final List<Codec> ALL = List.of(MEMORY, STREAM, SEGMENT, TRICKLE);
}
