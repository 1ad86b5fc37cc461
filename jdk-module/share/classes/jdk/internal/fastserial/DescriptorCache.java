/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.internal.fastserial;

import java.lang.ref.WeakReference;
import java.util.Arrays;

import jdk.internal.fastserial.StreamType.StreamLevel;

/**
 * Type descriptors as recently read, shared by every input stream of the
 * process: a stream that meets a descriptor byte for byte equal to one
 * read before (by any stream) takes the parsed form from here instead of
 * parsing it again. That is most of what a fresh stream per message pays
 * for a class (names, field lists, levels), and with the parsed levels
 * shared, {@link TypeInfo} can keep the reading plan it made for them.
 *
 * <p>Bytes and strings are kept, and a class only weakly: what a name
 * resolves to is asked again in every stream ({@code resolveClass}, the
 * filter); for a stream that keeps the default {@code resolveClass}, the
 * class the name last resolved to, with its loader, is a hint that spares
 * {@code Class.forName} when the loader is the same. So the cache neither
 * pins class loaders nor changes which class a stream gets. Equality of
 * all the bytes is the only test, and an entry is made only from a private
 * copy of the bytes, parsed again, so a hit parses to exactly what parsing
 * would have given; a collision or a changed descriptor costs one
 * comparison and a parse.
 *
 * <p>An entry also keeps, weakly, the last type a stream of the default
 * {@code resolveClass} bound from it, with the bytes a plain writer of
 * its local class writes after the descriptor (empty annotation,
 * superclass names; {@link Entry#bound()}): a bound type is never changed,
 * so a stream without a filter that resolves the name to the same class
 * and meets those bytes after the descriptor takes that type as it is,
 * without resolving, filtering or binding it again.
 *
 * <p>A stream that reads its source item by item (any source but a
 * {@code BufferedInputStream} or {@code ByteArrayInputStream}) may not read
 * a cached descriptor's length ahead: the descriptor coming may be shorter,
 * and the bytes after it not the stream's. Each entry therefore keeps where
 * the parse of its bytes asked for more input ({@link Entry#readPoint(int)}):
 * while the bytes coming equal the entry's up to one such point, a parse of
 * them would ask for input up to the next one, so the stream may read that
 * far and compare again, and at the end has read exactly the descriptor,
 * without parsing it.
 *
 * <p>Bounded: {@value #SLOTS} slots, one descriptor each (the last one
 * read whose name hashes there), each at most {@value #MAX_BYTES} bytes
 * and two bytes per read point (at most one per byte), so at most 1.5 MiB
 * of descriptors and read points and what they parse to (names and
 * field lists: up to about 20 bytes of heap for a byte of a hostile
 * descriptor of one-letter names, some 10 MB in all), and with each its
 * last bound type and that type's local class's plain tail (local names,
 * not the peer's bytes). A peer that sends many descriptors only displaces
 * entries. Slots are replaced whole, without a lock: an entry is immutable
 * once published, but for the class it resolved to last, which is only a
 * hint, and its last bound type, replaced whole too.
 */
public final class DescriptorCache {

    /** Slots in the table, 2 to the power of SLOT_BITS. */
    private static final int SLOT_BITS = 8;
    static final int SLOTS = 1 << SLOT_BITS;
    /** Longest descriptor kept; longer ones are parsed each time. */
    public static final int MAX_BYTES = 2048;

    /** Bytes at the end of a name that choose its slot: two longs. */
    private static final int HASHED_BYTES = 2 * Long.BYTES;

    private static final Entry[] TABLE = new Entry[SLOTS];

    private DescriptorCache() { }

    /** A bound type and the bytes its descriptor had after it (see {@link Entry#bound()}). */
    public static final class Bound extends WeakReference<StreamType> {
        public final byte[] tail;

        Bound(StreamType type, byte[] tail) {
            super(type);
            this.tail = tail;
        }
    }

    /** A class loader (null: the boot loader) and the class a name resolved to in it. */
    private record Resolution(WeakReference<ClassLoader> loader, WeakReference<Class<?>> cl) { }

    /** What a descriptor parses to: kind, name, serialVersionUID, levels, proxy interfaces, enum constants. */
    public record Parsed(int kind, String name, long suid, StreamLevel[] levels, String[] interfaces,
                         String[] enumNames) { }

    /** A descriptor's bytes (from its kind to its last level) and what they parse to. */
    public static final class Entry {
        final byte[] bytes;
        /** What the bytes parse to; its arrays are shared, and no one writes to them. */
        public final Parsed parsed;
        // Ascending; the last is bytes.length. Offsets fit in a char: MAX_BYTES.
        private final char[] readPoints;

        private Entry(byte[] bytes, Parsed parsed, char[] readPoints) {
            this.bytes = bytes;
            this.parsed = parsed;
            this.readPoints = readPoints;
        }

        // The class the name last resolved to, and in which loader: weakly,
        // so that the cache keeps neither alive.
        private volatile Resolution resolution;

        /**
         * The class the name resolved to before in {@code loader} (null
         * for the boot loader), or null if it did not or either is gone.
         */
        public Class<?> resolvedIn(ClassLoader loader) {
            Resolution r = resolution;
            if (r == null || (loader == null ? r.loader != null : r.loader == null || r.loader.get() != loader)) {
                return null;
            }
            return r.cl.get();
        }

        /** Notes that the name resolved to {@code cl} in {@code loader}. */
        public void resolved(ClassLoader loader, Class<?> cl) {
            resolution = new Resolution(loader == null ? null : new WeakReference<>(loader), new WeakReference<>(cl));
        }

        // A type bound from this descriptor by a stream of the default
        // resolveClass, with the bytes a plain writer of its local class
        // writes after the descriptor (no class annotation, the superclass
        // names), weakly: once bound a type is not changed, so a stream
        // that resolves the name to the same class and meets those bytes
        // takes it as it is.
        private volatile Bound bound;

        public Bound bound() {
            return bound;
        }

        /** Keeps {@code type}, bound to its class, with its local class's plain tail. */
        public void bound(StreamType type, byte[] tail) {
            bound = new Bound(type, tail);
        }

        /** The descriptor's length in bytes. */
        public int length() {
            return bytes.length;
        }

        /** Whether the descriptor's bytes are at index i of the window (all of them there). */
        public boolean matches(Window win, int i, int limit) {
            return limit - i >= bytes.length && win.regionEquals(i, bytes);
        }

        /**
         * Whether the {@code n} bytes at index i of the window equal the
         * descriptor's from offset {@code from} (which they must not pass).
         */
        public boolean matchesPart(Window win, int i, int from, int n) {
            return win.regionEquals(i, bytes, from, n);
        }

        /** {@link #matchesPart(Window, int, int, int)} for a window of array {@code a} from index 0. */
        public boolean matchesPart(byte[] a, int i, int from, int n) {
            // Parts are a byte or a name: a plain loop, no vectorized set-up.
            for (int k = 0; k < n; k++) {
                if (a[i + k] != bytes[from + k]) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The index of the first read point past the descriptor's first
         * {@code matched} bytes: with those bytes known (the descriptor's,
         * the same bytes), a parse of it asks for input up to that point
         * next, whatever follows. Input that equals the descriptor up to
         * there is read that far by a parse in any case.
         */
        public int readPointPast(int matched) {
            int i = Arrays.binarySearch(readPoints, (char) matched);
            return i >= 0 ? i + 1 : -i - 1;
        }

        /**
         * Read point {@code k}, in bytes from the descriptor's start; the
         * last is its length.
         */
        public int readPoint(int k) {
            return readPoints[k];
        }
    }

    /**
     * The slot of a descriptor whose name is {@code length} bytes at index
     * {@code nameStart} of the window: a hash of the length and of the
     * last bytes, where the names of one package differ.
     */
    public static int slot(Window win, int nameStart, int length) {
        long h = length;
        if (length >= HASHED_BYTES) {
            // Two loads, not sixteen checked byte reads: a fresh stream
            // hashes every descriptor it meets.
            int end = nameStart + length;
            h = h * GOLDEN + win.getLong(end - HASHED_BYTES, false);
            h = h * GOLDEN + win.getLong(end - Long.BYTES, false);
        } else {
            for (int i = 0; i < length; i++) {
                h = 31 * h + win.getByte(nameStart + i);
            }
        }
        return (int) ((h * GOLDEN) >>> (Long.SIZE - SLOT_BITS));
    }

    /** 2^64 divided by the golden ratio: multiplying by it spreads the bits (Fibonacci hashing). */
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /** The entry in a slot, or null. */
    public static Entry get(int slot) {
        return TABLE[slot];
    }

    /**
     * Keeps a descriptor's bytes, which nothing else may hold, and what
     * they parse to, in the slot its name hashes to.
     *
     * @param bytes the descriptor's bytes, at most {@value #MAX_BYTES}
     * @param parsed what those bytes alone parse to, or null: nothing is kept
     * @param readPoints where that parse asked for more input: ascending
     *        offsets of the end of what it needed, the last one the length
     * @return the entry, or null if nothing was kept
     */
    public static Entry put(int slot, byte[] bytes, Parsed parsed, char[] readPoints) {
        if (parsed == null || bytes.length > MAX_BYTES || readPoints.length == 0
                || readPoints[readPoints.length - 1] != bytes.length) {
            return null;
        }
        Entry e = new Entry(bytes, parsed, readPoints);
        TABLE[slot] = e;
        return e;
    }

    /** Forgets every entry (for tests). */
    static void clear() {
        Arrays.fill(TABLE, null);
    }
}
