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

package jdk.fastserial;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotActiveException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.ClassInfo;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Objects;

import jdk.internal.fastserial.ArenaHold;
import jdk.internal.fastserial.FirstBufferHint;
import jdk.internal.fastserial.StreamMethods;
import jdk.internal.fastserial.TypeInfo;
import jdk.internal.fastserial.TypeInfo.Level;
import jdk.internal.fastserial.TypeInfo.PrimField;
import jdk.internal.fastserial.TypeInfo.RefField;
import jdk.internal.fastserial.Window;
import jdk.internal.fastserial.Wire;
import jdk.internal.misc.Unsafe;

/**
 * An {@link ObjectOutputStream} that writes the fast stream format of
 * UKA-serialization (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI for Java", section
 * 3): slim type encoding, two kinds of
 * reset, an internal buffer that marshalers write to directly, and
 * marshalers generated at run time. It is a drop-in: code that holds an
 * {@code ObjectOutputStream}, subclasses it, or tests {@code instanceof}
 * keeps working, and every class that defines its own serialization
 * ({@code writeObject}, {@code writeReplace}, {@code Externalizable},
 * {@code serialPersistentFields}, records, enums) is written with exactly the
 * JDK's semantics. One difference is allowed by Java SE: a box
 * ({@code Integer}, {@code Long}, {@code Double} and the others), an
 * instance of a value-based class, written shared goes by value, so the
 * reader gets its class and value (its class's {@code valueOf}) but not
 * its identity. Only a {@link FastObjectInputStream} reads the result.
 *
 * <p>A class name travels once per stream; afterwards the type is a small
 * integer. {@link #reset()} forgets objects and types, as the JDK's does;
 * {@link #resetObjects()} forgets only objects, which is what a remote call
 * needs between calls (section 3.3).
 *
 * <p>The stream owns its buffer (section 3.4) and writes it to an
 * {@code OutputStream} when full or flushed, keeps it in memory
 * ({@link #FastObjectOutputStream()}, {@link #toByteArray()}), or writes in
 * place into a {@link MemorySegment}. The {@code put} methods write raw
 * values to it for hand-written marshalers ({@link FastSerializable}); the
 * {@code DataOutput} methods ({@code writeInt}, ...) frame their data in
 * blocks as the JDK's stream does, so that readers of class-defined data can
 * read less than was written.
 *
 * <p>A stream is not safe for use by several threads at once.
 *
 * @since 25
 */
public class FastObjectOutputStream extends ObjectOutputStream {

    private static final Unsafe U = Unsafe.getUnsafe();
    private static final jdk.internal.access.JavaLangAccess JLA = jdk.internal.access.SharedSecrets.getJavaLangAccess();
    /** String's coder for compact (Latin-1) strings. */
    private static final byte LATIN1 = 0;
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long BYTE_BASE = Unsafe.ARRAY_BYTE_BASE_OFFSET;
    /** Whether strings of Latin-1 chars are Latin-1 coded (-XX:+CompactStrings, the default). */
    private static final boolean COMPACT_STRINGS = JLA.stringCoder("a") == LATIN1;
    /** String.value: a UTF-16 string's chars, in the platform's order. */
    private static final long STRING_VALUE = U.objectFieldOffset(String.class, "value");
    private static final int DEFAULT_BUFFER_SIZE = 16 * 1024;
    /** First size of an in-memory buffer: a stream per small message stays cheap. */
    private static final int INITIAL_MEMORY_BUFFER_SIZE = 128;
    private static final int MAX_MEMORY_BUFFER_HINT = 64 * 1024;
    /*
     * The first buffer of an in-memory stream: what such streams needed
     * lately. Code that writes each message with a fresh stream (the usual
     * stream per object, the RMI provider's streams per call) then
     * allocates its buffer once, at the size it needs, instead of growing
     * it by copies: what a fresh stream costs is mostly what it allocates.
     * A hint only, read and written without synchronization (any value in
     * range is correct): it rises when a stream has to grow its buffer and
     * falls slowly when streams end far below it.
     */
    private static int memoryBufferHint = INITIAL_MEMORY_BUFFER_SIZE;
    /** The first buffer of a stream before an output stream: its first message is up to its first flush. */
    private static final FirstBufferHint SINK_BUFFER_HINT = new FirstBufferHint();
    private static final int MAX_ARRAY_BUFFER = Integer.MAX_VALUE - 16;

    // ---- the buffer ----
    private Window win;
    // The window's limit, and the array under it if the window reaches the
    // array's end (Window.arrayToEnd), set with it by setWindow: stores into
    // the array need no window (the JVM checks them against the array), a
    // load or two fewer on each small write.
    private int limit;
    private byte[] array;         // or null: written through win
    private int arrayStart;       // the array's index of the window's index 0
    private byte[] heap;          // the stream's own array (memory or sink), else null
    private int pos;
    private final OutputStream sink;       // null: memory or segment
    private final boolean sinkBuffered;    // sink is exactly a BufferedOutputStream
    private MemorySegment segment;         // null unless writing in place
    private final ArenaHold arena = new ArenaHold();   // the segment's, held while open
    private long flushedBytes;
    private boolean firstMessageFlushed;   // to the sink: SINK_BUFFER_HINT has heard of this stream

    /** Position of the open block's 4-byte length, or -1 when no block is open. */
    private int blockStart = -1;

    // ---- objects and types ----
    private final HandleTable handles = new HandleTable();
    private IdentityHashMap<Object, Object> replaced;   // writeReplace/replaceObject results
    // The stream's first type and its id, then the table for the others,
    // made at the second: a fresh stream per message pays for every byte it
    // allocates (about 80 ns per KiB), and most such messages have one type
    // besides the predefined ones.
    private TypeInfo firstTypeKey;
    private int firstTypeId;
    private TypeInfo[] typeKeys;
    private int[] typeIds;
    private int typeCount;
    private int nextTypeId = Wire.FIRST_STREAM_TYPE_ID;
    private int depth;
    private boolean enableReplace;
    private boolean closed;

    // ---- the class-defined method being run (writeObject/writeExternal) ----
    private Object curObj;
    private Level curLevel;
    private PutFieldImpl curPut;
    private boolean curFieldsWritten;

    /** The stream handed to class-defined methods (this, or a facade). */
    private final ObjectOutputStream facade;
    /** HashMaps are written here, not by HashMap.writeObject: see writeHashMap. */
    private final boolean writesHashMaps;
    // annotateClass and annotateProxyClass are ObjectOutputStream's: a type's
    // descriptor and what follows it are the same bytes in every stream
    private final boolean plainAnnotations;

    private byte[] scratch;
    private Class<?> lastClass;
    private TypeInfo lastType;
    // lastType's id in this stream, 0 until its descriptor is sent: always
    // typeId(lastType), so the writer of an object asks the type table once.
    private int lastTypeId;
    // The TypeInfo of the first classes the stream meets, and their ids in
    // the stream (0: not sent yet), by the class's identity hash (open
    // addressing, half full at most): a graph alternates between a few
    // classes, and the global ClassValue costs several dependent loads per
    // lookup. Made at the second class (a stream of one class never needs it),
    // with room for a graph's few classes, and doubled up to the largest size
    // (a fresh stream per message pays for every byte of it).
    private static final int CLASS_CACHE_FIRST_SIZE = 16;
    private static final int CLASS_CACHE_SIZE = 32;
    private Class<?>[] cachedClasses;
    private TypeInfo[] cachedTypes;
    private int[] cachedTypeIds;
    private int cachedCount;

    /**
     * Creates a stream that writes to {@code out} through its own buffer and
     * writes the stream header into that buffer. As with the JDK's stream,
     * {@link #flush()} after creating it if the reader must not wait.
     *
     * @param out the output stream
     * @throws IOException if the header cannot be written
     * @throws NullPointerException if {@code out} is null
     */
    public FastObjectOutputStream(OutputStream out) throws IOException {
        this(Objects.requireNonNull(out), null, null);
    }

    /**
     * Creates a stream that writes into a growable buffer in memory; see
     * {@link #toByteArray()} and {@link #size()}.
     *
     * @throws IOException never in practice
     */
    public FastObjectOutputStream() throws IOException {
        this(null, null, null);
    }

    /**
     * Creates a stream that writes in place into {@code segment}, from its
     * start. The segment's memory is written directly, without a copy; a
     * write that does not fit throws an {@code IOException}. The stream keeps
     * the segment's arena from being closed until the stream is closed.
     *
     * @param segment the memory to write to
     * @throws IOException if the header does not fit
     * @throws IllegalStateException if the segment's arena is closed
     * @throws UnsupportedOperationException if the segment is read-only
     */
    public FastObjectOutputStream(MemorySegment segment) throws IOException {
        this(null, Objects.requireNonNull(segment), null);
    }

    /**
     * Creates a stream whose class-defined methods ({@code writeObject},
     * {@code writeExternal}, {@code annotateClass}...) receive {@code facade}
     * instead of this stream: for an {@code ObjectOutputStream} subclass that
     * delegates its methods to a fast stream, so that methods testing the
     * stream's type see the subclass (Philippsen et al., section 3.7d).
     *
     * @param out the output stream
     * @param facade the stream to hand to class-defined methods
     * @throws IOException if the header cannot be written
     */
    protected FastObjectOutputStream(OutputStream out, ObjectOutputStream facade) throws IOException {
        this(Objects.requireNonNull(out), null, Objects.requireNonNull(facade));
    }

    private FastObjectOutputStream(OutputStream out, MemorySegment seg, ObjectOutputStream facade)
            throws IOException {
        super();
        this.sink = out;
        this.sinkBuffered = out != null && out.getClass() == BufferedOutputStream.class;
        this.segment = seg;
        this.facade = facade != null ? facade : this;
        // A stream of this very class keeps every method: no class value
        // lookup for code that makes a stream per message.
        this.writesHashMaps = this.facade == this
                && (getClass() == FastObjectOutputStream.class || KEEPS_MAP_WRITES.get(getClass()));
        this.plainAnnotations = getClass() == FastObjectOutputStream.class || ANNOTATES_NOTHING.get(getClass());
        if (seg != null) {
            if (seg.isReadOnly()) {
                throw new UnsupportedOperationException("read-only segment");
            }
            arena.hold(seg);
            setWindow(Window.of(seg, 0, seg.byteSize()));
        } else {
            heap = new byte[out != null ? SINK_BUFFER_HINT.size() : memoryBufferHint];
            setWindow(Window.ofArray(heap, 0, heap.length));
        }
        if (limit < Wire.HEADER_BYTES) {
            // checked here, not by reserve(): growSegment must not run before a subclass is built
            arena.release();
            throw new IOException("MemorySegment of " + seg.byteSize() + " bytes: no room for the stream header");
        }
        win.putByte(pos, Wire.MAGIC_0);
        win.putByte(pos + 1, Wire.MAGIC_1);
        win.putByte(pos + 2, Wire.VERSION);
        win.putByte(pos + 3, (byte) (LITTLE_ENDIAN ? Wire.FLAG_IMAGES_LITTLE_ENDIAN : 0));
        pos += Wire.HEADER_BYTES;
    }

    // =====================================================================
    // Buffer management

    /**
     * Makes room for {@code n} bytes in the buffer, so that the next
     * {@code n} bytes of {@code put} calls go to it without further checks
     * (the section 3.4 "reads all bytes of an object at once", for writing).
     * Closes an open block of {@code DataOutput} data first.
     *
     * @param n the number of bytes
     * @throws IOException if the output stream fails, or a segment is full
     */
    public final void reserve(int n) throws IOException {
        if (blockStart >= 0) {
            closeBlock();
        }
        if (limit - pos < n) {
            makeRoom(n);
        }
    }

    private void ensure(int n) throws IOException {
        if (limit - pos < n) {
            makeRoom(n);
        }
    }

    private void makeRoom(int n) throws IOException {
        if (n < 0) {
            throw new IllegalArgumentException("negative size");
        }
        ensureOpen();
        if (sink != null) {
            if (limit < DEFAULT_BUFFER_SIZE && flushedBytes + pos >= limit
                    && (!sinkBuffered || flushedBytes >= DEFAULT_BUFFER_SIZE)) {
                // A stream that keeps writing earns the full buffer. Into a
                // BufferedOutputStream, which batches the system calls, only
                // one that has written a buffer's worth: a message a little
                // larger than the first buffer runs through it instead.
                heap = Arrays.copyOf(heap, Math.min(DEFAULT_BUFFER_SIZE, limit * 4));
                setWindow(Window.ofArray(heap, 0, heap.length));
            }
            if (blockStart >= 0) {
                // An open block stays in the buffer, whole, until it is closed, so
                // the bytes do not depend on the buffer: drain what precedes it.
                int tag = blockStart - 1;
                sink.write(heap, 0, tag);
                flushedBytes += tag;
                System.arraycopy(heap, tag, heap, 0, pos - tag);
                pos -= tag;
                blockStart = 1;
            } else {
                drainBuffer();
            }
            if (limit - pos < n) {
                heap = Arrays.copyOf(heap, Math.max(pos + n, limit * 2));
                setWindow(Window.ofArray(heap, 0, heap.length));
            }
        } else if (segment != null) {
            long needed = (long) pos + n;
            moveToSegment(growSegment(segment, needed), needed);
        } else {
            long wanted = Math.max((long) pos + n, Math.min((long) limit * 2, MAX_ARRAY_BUFFER));
            if (wanted > MAX_ARRAY_BUFFER) {
                throw new IOException("stream too large for a byte array: " + ((long) pos + n));
            }
            int needed = bufferHint((long) pos + n);
            if (needed > memoryBufferHint) {
                memoryBufferHint = needed;
            }
            heap = Arrays.copyOf(heap, (int) wanted);
            setWindow(Window.ofArray(heap, 0, heap.length));
        }
    }

    /** A first buffer size that holds {@code bytes}: rounded up, at most the largest hint. */
    private static int bufferHint(long bytes) {
        return (int) Math.min(MAX_MEMORY_BUFFER_HINT, (bytes + 63) & ~63L);
    }

    /** An in-memory stream's message ends here: a hint far above it falls by an eighth. */
    private void endOfMessage() {
        int hint = memoryBufferHint;
        if ((long) bufferHint(pos) * 4 < hint) {
            memoryBufferHint = Math.max(INITIAL_MEMORY_BUFFER_SIZE, hint - hint / 8);
        }
    }

    /**
     * Gives a stream that writes in place a larger segment when the current
     * one is full: for a transport whose buffers live in native memory,
     * registered with a network card, and grow with the messages. The
     * stream copies the bytes written so far (since the last
     * {@link #rewind()}) into the new segment and continues there; it no
     * longer touches the old one, which the caller may then free.
     *
     * <p>The default throws an {@code IOException}: a segment given to the
     * constructor is all the room there is.
     *
     * @param full the segment in use
     * @param minimumSize the bytes the new segment must hold at least
     * @return a segment of at least {@code minimumSize} bytes
     * @throws IOException if there is no larger segment
     * @since 25
     */
    protected MemorySegment growSegment(MemorySegment full, long minimumSize) throws IOException {
        throw new IOException("MemorySegment full: " + (minimumSize - pos) + " more bytes needed at offset "
                              + pos + " of " + full.byteSize());
    }

    private void moveToSegment(MemorySegment bigger, long needed) throws IOException {
        if (bigger == null || bigger.isReadOnly() || bigger.byteSize() < needed
                || needed > MAX_ARRAY_BUFFER) {
            throw new IOException("growSegment gave no larger writable segment");
        }
        MemorySegment.copy(segment, 0, bigger, 0, pos);
        arena.hold(bigger);
        if (closed) {
            arena.release();            // a close() in between left it to us
            throw new IOException("stream closed");
        }
        segment = bigger;
        setWindow(Window.of(bigger, 0, bigger.byteSize()));
    }

    private void setWindow(Window w) {
        win = w;
        limit = w.limit;
        array = w.arrayToEnd();
        arrayStart = w.arrayStart;
    }

    private void putByteAt(int i, byte v) {
        byte[] a = array;
        if (a != null) {
            a[arrayStart + i] = v;
        } else {
            win.putByte(i, v);
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
    }

    /**
     * The number of bytes written so far, header included (for a stream over
     * an {@code OutputStream}: handed to it or buffered).
     *
     * @return the byte count
     * @throws IOException if an open block cannot be closed
     */
    public final long size() throws IOException {
        if (blockStart >= 0) {
            closeBlock();
        }
        return flushedBytes + pos;
    }

    /**
     * A copy of the bytes written so far, for a stream created with
     * {@link #FastObjectOutputStream()}.
     *
     * @return the bytes
     * @throws IOException if an open block cannot be closed
     * @throws IllegalStateException if the stream writes to an output
     *         stream or a segment
     */
    public final byte[] toByteArray() throws IOException {
        if (sink != null || segment != null) {
            throw new IllegalStateException("not an in-memory stream");
        }
        if (blockStart >= 0) {
            closeBlock();
        }
        endOfMessage();
        return Arrays.copyOf(heap, pos);
    }

    /**
     * The buffer of a stream created with {@link #FastObjectOutputStream()},
     * without a copy: its first {@link #size()} bytes are the stream. The
     * array is replaced when the buffer grows.
     *
     * @return the internal array
     * @throws IOException if an open block cannot be closed
     * @throws IllegalStateException if the stream writes to an output
     *         stream or a segment
     */
    public final byte[] buffer() throws IOException {
        if (sink != null || segment != null) {
            throw new IllegalStateException("not an in-memory stream");
        }
        if (blockStart >= 0) {
            closeBlock();
        }
        endOfMessage();
        return heap;
    }

    /**
     * Forgets the bytes written so far, so that the buffer (or segment) is
     * filled again from its start; the objects and types written stay known,
     * as after no reset at all. For message transports: write a message,
     * hand over its {@link #size()} bytes, rewind, write the next; the
     * reader gives each message to {@link FastObjectInputStream#setInput}.
     *
     * @throws IOException if an open block cannot be closed
     * @throws IllegalStateException if the stream writes to an output
     *         stream, or an object is being written
     */
    public final void rewind() throws IOException {
        if (sink != null) {
            throw new IllegalStateException("not an in-memory or segment stream");
        }
        if (depth != 0 || curLevel != null) {
            throw new IllegalStateException("stream active");
        }
        if (blockStart >= 0) {
            closeBlock();
        }
        if (segment == null) {
            endOfMessage();
        }
        pos = 0;
        flushedBytes = 0;
    }

    /**
     * Forgets the bytes written so far, as {@link #rewind()} does, and
     * writes the next message from the start of {@code segment}: for a
     * transport whose buffer for the next message is another one than the
     * last (one it registered with a network card, after a long message went
     * out through memory its peer reads in place). The stream lets go of
     * the last segment's arena and holds the new one's until it moves on
     * or is closed.
     *
     * @param segment the memory the next message is written to
     * @throws IOException if an open block cannot be closed, or the segment
     *         has no room for a byte
     * @throws IllegalStateException if the stream does not write in place
     *         into a segment, an object is being written, or the segment's
     *         arena is closed
     * @throws UnsupportedOperationException if the segment is read-only
     * @since 25
     */
    public final void rewind(MemorySegment segment) throws IOException {
        Objects.requireNonNull(segment);
        if (this.segment == null) {
            throw new IllegalStateException("not a segment stream");
        }
        if (segment.isReadOnly()) {
            throw new UnsupportedOperationException("read-only segment");
        }
        if (segment.byteSize() < 1) {
            throw new IOException("MemorySegment of " + segment.byteSize() + " bytes: no room for a message");
        }
        rewind();
        if (segment != this.segment) {
            ensureOpen();
            arena.hold(segment);
            if (closed) {
                arena.release();        // a close() in between left it to us
                throw new IOException("stream closed");
            }
            this.segment = segment;
            setWindow(Window.of(segment, 0, segment.byteSize()));
        }
    }

    // ---- block framing of DataOutput data ----

    private void openBlock() throws IOException {
        ensure(5);
        win.putByte(pos, Wire.BLOCK);
        blockStart = pos + 1;
        pos += 5;
    }

    private void closeBlock() {
        int start = blockStart;
        blockStart = -1;
        int len = pos - start - 4;
        if (len == 0) {
            pos = start - 1;            // drop an empty block
        } else {
            win.putInt(start, len, false);
        }
    }

    /** Room for n bytes of block data, in an open block of at most MAX_BLOCK bytes. */
    private void blockData(int n) throws IOException {
        if (blockStart < 0) {
            openBlock();
        } else if (pos - blockStart - 4 + n > MAX_BLOCK) {
            closeBlock();
            openBlock();
        }
        if (limit - pos < n) {
            makeRoom(n);
        }
    }

    /** Block data is cut in blocks of this size, whatever the target, so bytes never depend on it. */
    private static final int MAX_BLOCK = 64 * 1024;

    // =====================================================================
    // The public buffer: raw values, no framing

    /** Writes a boolean as one byte. @param v the value @throws IOException on failure */
    public final void putBoolean(boolean v) throws IOException {
        reserve(1);
        putByteAt(pos++, (byte) (v ? 1 : 0));
    }

    /** Writes a byte. @param v the value @throws IOException on failure */
    public final void putByte(int v) throws IOException {
        reserve(1);
        putByteAt(pos++, (byte) v);
    }

    /** Writes a char, little-endian. @param v the value @throws IOException on failure */
    public final void putChar(int v) throws IOException {
        putShort(v);                        // the same two bytes
    }

    // putShort, putInt and putLong stay one method per width, not one on a
    // width argument: each is a single unaligned store that a marshaler inlines.

    /** Writes a short, little-endian. @param v the value @throws IOException on failure */
    public final void putShort(int v) throws IOException {
        reserve(2);
        byte[] a = array;
        if (a != null) {
            Window.SHORT_LE.set(a, arrayStart + pos, (short) v);
        } else {
            win.putShort(pos, (short) v, false);
        }
        pos += 2;
    }

    /** Writes an int, little-endian. @param v the value @throws IOException on failure */
    public final void putInt(int v) throws IOException {
        reserve(4);
        byte[] a = array;
        if (a != null) {
            Window.INT_LE.set(a, arrayStart + pos, v);
        } else {
            win.putInt(pos, v, false);
        }
        pos += 4;
    }

    /** Writes a long, little-endian. @param v the value @throws IOException on failure */
    public final void putLong(long v) throws IOException {
        reserve(8);
        byte[] a = array;
        if (a != null) {
            Window.LONG_LE.set(a, arrayStart + pos, v);
        } else {
            win.putLong(pos, v, false);
        }
        pos += 8;
    }

    /** Writes a float's bits, little-endian. @param v the value @throws IOException on failure */
    public final void putFloat(float v) throws IOException {
        putInt(Float.floatToRawIntBits(v));
    }

    /** Writes a double's bits, little-endian. @param v the value @throws IOException on failure */
    public final void putDouble(double v) throws IOException {
        putLong(Double.doubleToRawLongBits(v));
    }

    /**
     * Writes {@code len} booleans of {@code a} from {@code off}, a byte each.
     * @param a the array @param off the first index @param len the count
     * @throws IOException on failure
     */
    public final void putBooleans(boolean[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        while (len > 0) {
            int n = Math.min(len, room(1, len));
            for (int i = 0; i < n; i++) {
                win.putByte(pos + i, (byte) (a[off + i] ? 1 : 0));
            }
            pos += n; off += n; len -= n;
        }
    }

    /** Writes bytes of an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putBytes(byte[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_BYTE_BASE_OFFSET + off, len, 1);
    }

    /** Writes chars of an array, little-endian. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putChars(char[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_CHAR_BASE_OFFSET + 2L * off, len, 2);
    }

    /** Writes shorts of an array, little-endian. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putShorts(short[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_SHORT_BASE_OFFSET + 2L * off, len, 2);
    }

    /** Writes ints of an array, little-endian. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putInts(int[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_INT_BASE_OFFSET + 4L * off, len, 4);
    }

    /** Writes longs of an array, little-endian. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putLongs(long[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_LONG_BASE_OFFSET + 8L * off, len, 8);
    }

    /** Writes the bits of floats of an array, little-endian. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putFloats(float[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_FLOAT_BASE_OFFSET + 4L * off, len, 4);
    }

    /** Writes the bits of doubles of an array, little-endian. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void putDoubles(double[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        reserve(0);
        bulk(a, Unsafe.ARRAY_DOUBLE_BASE_OFFSET + 8L * off, len, 8);
    }

    /**
     * Writes the image of {@code obj}'s fields that {@code info} describes
     * ({@link ClassInfo#toByteArray}): one copy of the fields' memory.
     *
     * @param info the fields
     * @param obj the object
     * @throws IOException on failure
     * @throws IllegalArgumentException if {@code obj} is not an instance of
     *         the class {@code info} describes
     */
    public final void putImage(ClassInfo info, Object obj) throws IOException {
        int size = info.size();
        reserve(size);
        byte[] a = array;
        if (a != null) {
            info.toByteArray(obj, 0, a, arrayStart + pos);
        } else {
            byte[] tmp = scratch(size);
            info.toByteArray(obj, 0, tmp, 0);
            win.copyFrom(tmp, BYTE_BASE, pos, size, 1, false);
        }
        pos += size;
    }

    private byte[] scratch(int n) {
        byte[] s = scratch;
        if (s == null || s.length < n) {
            scratch = s = new byte[Math.max(n, 256)];
        }
        return s;
    }

    /** How many elements of width w fit now, after making room for at least one. */
    private int room(int w, int wanted) throws IOException {
        if (limit - pos < w) {
            if (sinkBuffered && blockStart < 0) {
                // Into a BufferedOutputStream (RMI's connections), an array
                // runs through the buffer this stream has: that stream
                // batches the system calls, and a larger buffer made for the
                // array would save it one copy but cost zeroing as many
                // bytes, in every stream made per message (RMI's, one per
                // call). FastSerialConnectionBench measures it.
                drainBuffer();
            }
            if (limit - pos < w) {
                makeRoom((int) Math.min((long) w * wanted, Math.max(w, DEFAULT_BUFFER_SIZE)));
            }
        }
        return (limit - pos) / w;
    }

    /** Copies len elements of width w, little-endian, in runs that fit the buffer. */
    private void bulk(Object array, long offset, int len, int w) throws IOException {
        long bytes0 = (long) len * w;
        if (sink == null && limit - pos < bytes0 && pos + bytes0 <= MAX_ARRAY_BUFFER) {
            // in memory or in place, room for the whole array first: its bytes are
            // copied once, not partly into the old buffer and again when it grows
            makeRoom((int) bytes0);
        }
        while (len > 0) {
            int n = Math.min(len, room(w, len));
            long bytes = (long) n * w;
            win.copyFrom(array, offset, pos, bytes, w, !LITTLE_ENDIAN);
            pos += (int) bytes;
            offset += bytes;
            len -= n;
        }
    }

    private void putTag(byte tag) throws IOException {
        if (blockStart >= 0) {
            closeBlock();
        }
        if (limit - pos < 1) {
            makeRoom(1);
        }
        putByteAt(pos++, tag);
    }

    private void putVarint(int v) throws IOException {
        ensure(varintLength(v));
        int p = pos;
        while ((v & ~0x7F) != 0) {
            putByteAt(p++, (byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        putByteAt(p++, (byte) v);
        pos = p;
    }

    /** A string's chars: varint(length << 1 | latin1), then bytes or LE chars. */
    private void putStringData(String s) throws IOException {
        int n = s.length();
        if (n > (Integer.MAX_VALUE >> 1) - 8) {
            throw new IOException("string too long: " + n + " chars");
        }
        byte coder = JLA.stringCoder(s);
        if (coder != LATIN1 && COMPACT_STRINGS) {
            putUtf16(s);            // a UTF-16 string has a char beyond Latin-1
            return;
        }
        int header = (n << 1) | 1;
        ensure(varintLength(header) + n);
        int start = pos;
        putVarint(header);
        byte[] a = array;
        if (a != null && coder == LATIN1) {
            // A compact string's bytes are its Latin-1 chars: one copy.
            copyLatin1(s, n, a, arrayStart + pos);
            pos += n;
            return;
        }
        int p = pos;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c > 0xFF) {
                pos = start;
                putUtf16(s);
                return;
            }
            putByteAt(p + i, (byte) c);
        }
        pos += n;
    }

    @SuppressWarnings("deprecation")
    private static void copyLatin1(String s, int n, byte[] dst, int at) {
        s.getBytes(0, n, dst, at);
    }

    private static int varintLength(int v) {
        return (38 - Integer.numberOfLeadingZeros(v | 1)) / 7;
    }

    /* A UTF-16 string's chars: its value array, in the platform's order, copied as chars. */
    private void putUtf16(String s) throws IOException {
        byte[] chars = (byte[]) U.getReference(s, STRING_VALUE);
        putVarint(s.length() << 1);
        bulk(chars, BYTE_BASE, chars.length >> 1, 2);
    }

    // =====================================================================
    // Objects

    /**
     * Writes an object and, recursively, the objects it refers to; an object
     * written before (since the last reset) is written as a reference to it.
     *
     * @param obj the object to write
     * @throws NotSerializableException if an object of the graph is not
     *         serializable
     * @throws InvalidClassException if a class of the graph cannot be
     *         serialized
     * @throws IOException if the output fails
     */
    @Override
    public void writeObject(Object obj) throws IOException {
        writeObject0(obj, false);
    }

    /**
     * Writes an unshared object: always as a new object, never as a
     * reference, and never referred to by later writes.
     *
     * @param obj the object to write
     * @throws IOException as for {@link #writeObject}
     */
    @Override
    public void writeUnshared(Object obj) throws IOException {
        writeObject0(obj, true);
    }

    /**
     * Writes the value of a reference field, as {@code defaultWriteObject}
     * writes it: shared, and without going through an override of
     * {@link #writeObject} in a subclass of this stream. Generated
     * marshalers use it.
     *
     * @param obj the field's value
     * @throws IOException as for {@link #writeObject}
     */
    public final void writeReference(Object obj) throws IOException {
        if (obj == null && blockStart < 0 && pos < limit && !closed) {
            // A null field, the commonest reference of all, without the whole
            // of writeObject0 (which writes the same tag for it).
            putByteAt(pos++, Wire.NULL);
            return;
        }
        writeObject0(obj, false);
    }

    @Override
    protected final void writeObjectOverride(Object obj) throws IOException {
        writeObject0(obj, false);
    }

    private void writeObject0(Object obj, boolean unshared) throws IOException {
        if (obj != null && !unshared && replaced == null && !enableReplace && !closed) {
            // Nothing is replaced: a box goes by value, without a handle; an
            // object of a type the stream has written before is looked up
            // and, if new, given its handle with one probe.
            Class<?> cl = obj.getClass();
            if (cl == String.class) {
                writeSharedString((String) obj);
                return;
            }
            TypeInfo ti = typeInfo(cl);
            if (ti.plainWrite && (ti.predefinedId != 0 || lastTypeId != 0)) {
                // The type goes as an id (no annotateClass to run, which could
                // write objects that take handles first), and the class is
                // checked before it takes a handle: nothing can come between
                // the handle and the object's tag.
                if (ti.box) {
                    writeBoxed(obj, ti, BY_VALUE);    // small enough to inline here
                    return;
                }
                if (ti.predefinedId == 0) {
                    ti.checkSerialize();
                }
                int h = handles.putIfAbsent(obj);
                if (h >= 0) {
                    writeHandle(h);
                } else {
                    writeNew(obj, ti, HANDLE_GIVEN);
                }
                return;
            }
        }
        writeAny(obj, unshared);
    }

    /** A shared string when nothing is replaced: a back reference, or the string with its handle. */
    private void writeSharedString(String s) throws IOException {
        int h = handles.putIfAbsent(s);
        if (h >= 0) {
            writeHandle(h);
        } else {
            putTag(Wire.STRING);
            putStringData(s);
        }
    }

    /**
     * An element of a list or of an Object[]. An Integer or a String, the
     * commonest elements, is written with the bytes writeObject0 writes for
     * it, but without its dispatch: the class is compared with constants,
     * and this stays inline in the loop, where writeObject0 is too large to
     * be. Anything else goes through writeObject0.
     */
    private void writeElement(Object e) throws IOException {
        if (e != null && replaced == null && !enableReplace && !closed) {
            Class<?> c = e.getClass();
            if (c == Integer.class) {
                putIntegerValue((Integer) e);
                return;
            }
            if (c == String.class) {
                writeSharedString((String) e);
                return;
            }
        }
        writeObject0(e, false);
    }

    /** An Integer by value: the tag, its predefined type's id and its raw value, with one check for room. */
    private void putIntegerValue(int v) throws IOException {
        reserve(2 + Integer.BYTES);
        int p = pos;
        byte[] a = array;
        if (a != null) {
            a[arrayStart + p] = Wire.VALUE;
            a[arrayStart + p + 1] = INTEGER_ID;
            Window.INT_LE.set(a, arrayStart + p + 2, v);
        } else {
            win.putByte(p, Wire.VALUE);
            win.putByte(p + 1, INTEGER_ID);
            win.putInt(p + 2, v, false);
        }
        pos = p + 2 + Integer.BYTES;
    }

    private static final byte INTEGER_ID = (byte) TypeInfo.of(Integer.class).predefinedId;

    /** writeObject0 for all: replacements, unshared objects, classes and types met first. */
    private void writeAny(Object obj, boolean unshared) throws IOException {
        ensureOpen();
        if (obj == null) {
            putTag(Wire.NULL);
            return;
        }
        if (replaced != null) {
            Object rep = replaced.get(obj);
            if (rep != null || replaced.containsKey(obj)) {
                obj = rep;
                if (obj == null) {
                    putTag(Wire.NULL);
                    return;
                }
            }
        }
        int h;
        if (!unshared && (h = handles.lookup(obj)) >= 0) {
            writeHandle(h);
            return;
        }
        int share = unshared ? UNSHARED : SHARED;
        if (obj instanceof String s) {
            if (enableReplace) {
                Object rep = replaceWith(obj, s, unshared);
                if (rep != s) {
                    if (rep != null) {
                        writeReplacedObject(rep, unshared);
                    }
                    return;
                }
            }
            writeString(s, share);
            return;
        }
        if (obj instanceof Class<?> c) {
            writeClass(c, share);
            return;
        }
        if (obj instanceof ObjectStreamClass desc) {
            writeClassDesc(desc, share);
            return;
        }
        TypeInfo ti = typeInfo(obj.getClass());
        if (ti.hasWriteReplace || enableReplace) {
            Object rep = replace(obj, ti);
            if (rep != obj) {
                if (rep != null) {
                    writeReplacedObject(rep, unshared);
                }
                return;
            }
        }
        writeNew(obj, ti, share);
    }

    /**
     * The TypeInfo of a class, which becomes lastType, with its id in this
     * stream in lastTypeId.
     */
    private TypeInfo typeInfo(Class<?> cl) {
        if (cl == lastClass) {
            return lastType;            // runs of one class: lists, arrays
        }
        Class<?>[] classes = cachedClasses;
        if (classes == null) {
            if (lastClass == null) {
                // The stream's first class: a stream that writes one object
                // of one class (one per message) never allocates the cache.
                TypeInfo ti = TypeInfo.of(cl);
                lastClass = cl;
                lastType = ti;
                lastTypeId = typeId(ti);
                return ti;
            }
            cachedClasses = classes = new Class<?>[CLASS_CACHE_FIRST_SIZE];
            cachedTypes = new TypeInfo[CLASS_CACHE_FIRST_SIZE];
            cachedTypeIds = new int[CLASS_CACHE_FIRST_SIZE];
        }
        int mask = classes.length - 1;
        int i = System.identityHashCode(cl) & mask;
        Class<?> c;
        while ((c = classes[i]) != null && c != cl) {
            i = (i + 1) & mask;
        }
        TypeInfo ti;
        int id;
        if (c != null) {
            ti = cachedTypes[i];
            id = cachedTypeIds[i];
        } else {
            ti = TypeInfo.of(cl);
            id = typeId(ti);
            if (cachedCount < classes.length / 2) {
                cacheClass(cl, ti, id);
            } else if (classes.length < CLASS_CACHE_SIZE) {
                growClassCache();
                cacheClass(cl, ti, id);
            }
        }
        lastClass = cl;
        lastType = ti;
        lastTypeId = id;
        return ti;
    }

    private void growClassCache() {
        Class<?>[] classes = cachedClasses;
        TypeInfo[] types = cachedTypes;
        int[] ids = cachedTypeIds;
        cachedClasses = new Class<?>[classes.length * 2];
        cachedTypes = new TypeInfo[classes.length * 2];
        cachedTypeIds = new int[classes.length * 2];
        cachedCount = 0;
        for (int i = 0; i < classes.length; i++) {
            if (classes[i] != null) {
                cacheClass(classes[i], types[i], ids[i]);
            }
        }
    }

    /** Adds a class missing from the class cache, which has room for it. */
    private void cacheClass(Class<?> cl, TypeInfo ti, int id) {
        Class<?>[] classes = cachedClasses;
        int mask = classes.length - 1;
        int i = System.identityHashCode(cl) & mask;
        while (classes[i] != null) {
            i = (i + 1) & mask;
        }
        classes[i] = cl;
        cachedTypes[i] = ti;
        cachedTypeIds[i] = id;
        cachedCount++;
    }

    /** Notes, where the class cache and lastTypeId keep it, the id a type was just given. */
    private void cacheTypeId(TypeInfo ti, int id) {
        if (ti == lastType) {
            lastTypeId = id;
        }
        Class<?>[] classes = cachedClasses;
        if (classes != null) {
            int mask = classes.length - 1;
            int i = System.identityHashCode(ti.cl) & mask;
            Class<?> c;
            while ((c = classes[i]) != null) {
                if (c == ti.cl) {
                    cachedTypeIds[i] = id;
                    return;
                }
                i = (i + 1) & mask;
            }
        }
    }

    private void writeHandle(int h) throws IOException {
        putTag(Wire.REF);
        putVarint(h);
    }

    // How a new object gets its handle.
    private static final int SHARED = 0;        // the next one, found by later writes
    private static final int UNSHARED = 1;      // the next one, never found
    private static final int HANDLE_GIVEN = 2;  // it has it: writeObject0's probe gave it
    private static final int BY_VALUE = 3;      // none: a box written shared, as a Wire.VALUE

    private void giveHandle(Object obj, int share) {
        if (share < HANDLE_GIVEN) {
            handles.assign(share == UNSHARED ? null : obj);
        }
    }

    /** The JDK's replacement: writeReplace while the class changes, then replaceObject. */
    private Object replace(Object obj, TypeInfo ti) throws IOException {
        Object orig = obj;
        Class<?> cl = ti.cl;
        TypeInfo cur = ti;
        while (cur.hasWriteReplace) {
            obj = cur.invokeWriteReplace(obj);
            if (obj == null || obj.getClass() == cl) {
                break;
            }
            cl = obj.getClass();
            cur = TypeInfo.of(cl);
        }
        if (enableReplace) {
            obj = replaceObject(obj);
        }
        if (obj != orig) {
            remember(orig, obj);
            if (obj == null) {
                putTag(Wire.NULL);
            }
        }
        return obj;
    }

    private Object replaceWith(Object orig, Object obj, boolean unshared) throws IOException {
        Object rep = replaceObject(obj);
        if (rep != orig) {
            remember(orig, rep);
            if (rep == null) {
                putTag(Wire.NULL);
            }
        }
        return rep;
    }

    private void remember(Object orig, Object rep) {
        if (replaced == null) {
            replaced = new IdentityHashMap<>();
        }
        replaced.put(orig, rep);
    }

    /** A replacement is written like any object, without replacing it again. */
    private void writeReplacedObject(Object obj, boolean unshared) throws IOException {
        int h;
        int share = unshared ? UNSHARED : SHARED;
        if (!unshared && (h = handles.lookup(obj)) >= 0) {
            writeHandle(h);
        } else if (obj instanceof String s) {
            writeString(s, share);
        } else if (obj instanceof Class<?> c) {
            writeClass(c, share);
        } else if (obj instanceof ObjectStreamClass desc) {
            writeClassDesc(desc, share);
        } else {
            writeNew(obj, TypeInfo.of(obj.getClass()), share);
        }
    }

    private void writeString(String s, int share) throws IOException {
        putTag(Wire.STRING);
        giveHandle(s, share);
        putStringData(s);
    }

    private void writeClass(Class<?> c, int share) throws IOException {
        putTag(Wire.CLASS);
        writeType(TypeInfo.of(c));
        giveHandle(c, share);
    }

    private void writeClassDesc(ObjectStreamClass desc, int share) throws IOException {
        Class<?> c = desc.forClass();
        if (c == null) {
            throw new NotSerializableException("descriptor without a local class: " + desc.getName());
        }
        putTag(Wire.CLASSDESC);
        writeType(TypeInfo.of(c));
        giveHandle(desc, share);
    }

    private void writeNew(Object obj, TypeInfo ti, int share) throws IOException {
        switch (ti.kind) {
            case Wire.KIND_ARRAY -> writeArray(obj, ti, share);
            case Wire.KIND_ENUM -> writeEnum((Enum<?>) obj, ti, share);
            case Wire.KIND_SERIALIZABLE, Wire.KIND_PROXY, Wire.KIND_RECORD -> {
                if (ti.predefinedId != 0) {
                    if (obj instanceof java.util.ArrayList<?> list) {
                        writeList(list, ti, share);
                    } else {
                        // A box written shared goes by value on every path.
                        writeBoxed(obj, ti, share == SHARED ? BY_VALUE : share);
                    }
                    return;
                }
                ti.checkSerialize();
                putTag(Wire.OBJECT);
                writeType(ti);
                giveHandle(obj, share);
                depth++;
                try {
                    Marshaler m = ti.marshaler();
                    if (m != null) {
                        m.write(obj, this);
                    } else {
                        writeSerialData(obj, ti);
                    }
                } finally {
                    depth--;
                }
            }
            case Wire.KIND_EXTERNALIZABLE -> {
                ti.checkSerialize();
                putTag(Wire.OBJECT);
                writeType(ti);
                giveHandle(obj, share);
                writeExternalData((java.io.Externalizable) obj);
            }
            case Wire.KIND_FAST -> {
                ti.checkSerialize();
                putTag(Wire.OBJECT);
                writeType(ti);
                giveHandle(obj, share);
                depth++;
                Object savedObj = curObj;
                Level savedLevel = curLevel;
                PutFieldImpl savedPut = curPut;
                curObj = null;
                curLevel = null;
                curPut = null;
                try {
                    ((FastSerializable) obj).writeFast(this);
                } finally {
                    curObj = savedObj;
                    curLevel = savedLevel;
                    curPut = savedPut;
                    depth--;
                }
            }
            default -> {
                if (obj instanceof Enum<?> e) {       // an enum constant whose class is not an enum
                    writeEnum(e, TypeInfo.of(e.getDeclaringClass()), share);
                } else {
                    throw new NotSerializableException(ti.cl.getName());
                }
            }
        }
    }

    /** A boxed primitive of a predefined type: its value, raw. */
    private void writeBoxed(Object obj, TypeInfo ti, int share) throws IOException {
        // Tag, id (predefined: one byte) and value with one check for room.
        reserve(2 + Long.BYTES);
        putByteAt(pos, share == BY_VALUE ? Wire.VALUE : Wire.OBJECT);
        putByteAt(pos + 1, (byte) ti.predefinedId);
        pos += 2;
        giveHandle(obj, share);
        // The class, a constant per branch, instead of a type switch on the object.
        Class<?> cl = ti.cl;
        if (cl == Integer.class) {
            putInt((Integer) obj);
        } else if (cl == Long.class) {
            putLong((Long) obj);
        } else if (cl == Double.class) {
            putDouble((Double) obj);
        } else if (cl == Float.class) {
            putFloat((Float) obj);
        } else if (cl == Boolean.class) {
            putBoolean((Boolean) obj);
        } else if (cl == Byte.class) {
            putByte((Byte) obj);
        } else if (cl == Short.class) {
            putShort((Short) obj);
        } else if (cl == Character.class) {
            putChar((Character) obj);
        } else {
            throw new InternalError(cl.getName());
        }
    }

    /** An ArrayList: its size and elements (what ArrayList.writeObject sends that readObject uses). */
    private void writeList(java.util.ArrayList<?> list, TypeInfo ti, int share) throws IOException {
        putTag(Wire.OBJECT);
        putVarint(ti.predefinedId);
        giveHandle(list, share);
        putVarint(list.size());
        depth++;
        try {
            for (Object e : list) {         // fails fast if the list changes meanwhile
                writeElement(e);
            }
        } finally {
            depth--;
        }
    }

    private void writeEnum(Enum<?> e, TypeInfo ti, int share) throws IOException {
        putTag(Wire.ENUM);
        // A constant with a body is of a subclass: the type is the enum's.
        writeType(ti.descClass() == ti.cl ? ti : TypeInfo.of(ti.descClass()));
        giveHandle(e, share);
        // The constant's index in the type's list of names (sent once with the
        // type): the reader maps names, so constants may be added or reordered.
        putVarint(e.ordinal());
    }

    private void writeArray(Object array, TypeInfo ti, int share) throws IOException {
        putTag(Wire.ARRAY);
        writeType(ti);
        giveHandle(array, share);
        // An instanceof chain, not a pattern switch: the switch's bootstrap
        // spins a class through the class-file API on first use, about 2-4 ms
        // of an RMI program's first call on each end.
        if (array instanceof int[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_INT_BASE_OFFSET, a.length, 4);
        } else if (array instanceof byte[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_BYTE_BASE_OFFSET, a.length, 1);
        } else if (array instanceof long[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_LONG_BASE_OFFSET, a.length, 8);
        } else if (array instanceof float[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_FLOAT_BASE_OFFSET, a.length, 4);
        } else if (array instanceof double[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_DOUBLE_BASE_OFFSET, a.length, 8);
        } else if (array instanceof char[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_CHAR_BASE_OFFSET, a.length, 2);
        } else if (array instanceof short[] a) {
            putVarint(a.length);
            bulk(a, Unsafe.ARRAY_SHORT_BASE_OFFSET, a.length, 2);
        } else if (array instanceof boolean[] a) {
            putVarint(a.length);
            putBooleans(a, 0, a.length);
        } else if (array instanceof Object[] a) {
            putVarint(a.length);
            depth++;
            try {
                for (Object e : a) {
                    writeElement(e);
                }
            } finally {
                depth--;
            }
        } else {
            throw new InternalError(array.getClass().getName());
        }
    }

    /** Class data, level by level from the topmost serializable class. */
    private void writeSerialData(Object obj, TypeInfo ti) throws IOException {
        for (Level level : ti.levels) {
            if (level.hasWriteObject) {
                Object savedObj = curObj;
                Level savedLevel = curLevel;
                PutFieldImpl savedPut = curPut;
                boolean savedWritten = curFieldsWritten;
                curObj = obj;
                curLevel = level;
                curPut = null;
                curFieldsWritten = false;
                try {
                    if (writesHashMaps && obj.getClass() == java.util.HashMap.class) {
                        writeHashMap((java.util.HashMap<?, ?>) obj);
                    } else {
                        level.invokeWriteObject(obj, facade);
                    }
                    putTag(Wire.END);
                } finally {
                    curObj = savedObj;
                    curLevel = savedLevel;
                    curPut = savedPut;
                    curFieldsWritten = savedWritten;
                }
            } else {
                writeFields(obj, level);
            }
        }
    }

    /** A stream class that keeps ObjectOutputStream's annotateClass and annotateProxyClass, which write nothing. */
    private static final ClassValue<Boolean> ANNOTATES_NOTHING = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return StreamMethods.declaringClass(type, "annotateClass", Class.class) == ObjectOutputStream.class
                    && StreamMethods.declaringClass(type, "annotateProxyClass", Class.class)
                            == ObjectOutputStream.class;
        }
    };

    /** Whether a stream class keeps this class's methods that HashMap.writeObject calls. */
    private static final ClassValue<Boolean> KEEPS_MAP_WRITES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return StreamMethods.declaringClass(type, "writeObject", Object.class)
                            == FastObjectOutputStream.class
                    && StreamMethods.declaringClass(type, "writeInt", int.class)
                            == FastObjectOutputStream.class
                    && StreamMethods.declaringClass(type, "defaultWriteObject")
                            == FastObjectOutputStream.class;
        }
    };

    private static final long HASH_MAP_TABLE = U.objectFieldOffset(java.util.HashMap.class, "table");
    private static final long HASH_MAP_THRESHOLD = U.objectFieldOffset(java.util.HashMap.class, "threshold");

    /**
     * What HashMap.writeObject writes, written here for a map of exactly
     * that class: its default fields, its capacity and size, and each key
     * and value in the order of its table, through this stream's own
     * methods (which its class keeps), so the bytes are the same. It saves
     * the reflective call, and each key and value is written without going
     * through the public writeObject. Unlike HashMap.writeObject, a map
     * changed meanwhile fails with ConcurrentModificationException.
     */
    private void writeHashMap(java.util.HashMap<?, ?> map) throws IOException {
        Object[] table = (Object[]) U.getReference(map, HASH_MAP_TABLE);
        int threshold = U.getInt(map, HASH_MAP_THRESHOLD);
        int buckets = table != null ? table.length : threshold > 0 ? threshold : 16;   // HashMap.capacity()
        defaultWriteObject();
        writeInt(buckets);
        writeInt(map.size());
        for (java.util.Map.Entry<?, ?> e : map.entrySet()) {
            writeElement(e.getKey());
            writeElement(e.getValue());
        }
    }

    private void writeExternalData(java.io.Externalizable obj) throws IOException {
        Object savedObj = curObj;
        Level savedLevel = curLevel;
        PutFieldImpl savedPut = curPut;
        curObj = null;
        curLevel = null;
        curPut = null;
        depth++;
        try {
            obj.writeExternal(facade);
            putTag(Wire.END);
        } finally {
            curObj = savedObj;
            curLevel = savedLevel;
            curPut = savedPut;
            depth--;
        }
    }

    /** A level's default data: its primitive image, then its reference fields. */
    private void writeFields(Object obj, Level level) throws IOException {
        if (!level.cl.isInstance(obj)) {
            // The fields are read by offset. Only a stream written by several
            // threads at once gets here (its current object, level or type
            // caches changed under it): refuse to read another class's offsets.
            throw new java.util.ConcurrentModificationException(
                    "stream written by several threads at once: a " + obj.getClass().getName()
                    + " with the fields of " + level.cl.getName());
        }
        level.checkDefaultSerialize();
        if (level.image != null) {
            putImage(level.image, obj);
        } else if (level.primSize > 0) {
            reserve(level.primSize);
            Window w = win;
            int p = pos;
            for (PrimField f : level.prims) {
                f.copyToImage(obj, w, p + f.imageOffset);
            }
            pos += level.primSize;
        }
        for (RefField f : level.refs) {
            writeObject0(f.get(obj), f.unshared);
        }
    }

    private void writeType(TypeInfo ti) throws IOException {
        if (ti.predefinedId != 0) {
            putVarint(ti.predefinedId);
            return;
        }
        int id = ti == lastType ? lastTypeId : typeId(ti);
        if (id != 0) {
            putVarint(id);
            return;
        }
        addType(ti);
        putVarint(0);
        if (plainAnnotations) {
            byte[] dt = ti.descriptorWithPlainTail();
            if (dt != null) {
                reserve(dt.length);
                win.copyFrom(dt, BYTE_BASE, pos, dt.length, 1, false);
                pos += dt.length;
                return;
            }
        }
        byte[] d = ti.descriptor();
        reserve(d.length);
        win.copyFrom(d, BYTE_BASE, pos, d.length, 1, false);
        pos += d.length;
        // What annotateClass writes travels with the type, framed as custom data.
        Object savedObj = curObj;
        Level savedLevel = curLevel;
        PutFieldImpl savedPut = curPut;
        curObj = null;
        curLevel = null;
        curPut = null;
        try {
            if (ti.kind == Wire.KIND_PROXY) {
                annotateProxyClass(ti.cl);
            } else {
                annotateClass(ti.cl);
            }
            putTag(Wire.END);
            // The JDK annotates each superclass descriptor too (RMI's codebases).
            Class<?>[] supers = ti.serializableSuperclasses();
            putVarint(supers.length);
            for (Class<?> c : supers) {
                putStringData(c.getName());
                annotateClass(c);
                putTag(Wire.END);
            }
        } finally {
            curObj = savedObj;
            curLevel = savedLevel;
            curPut = savedPut;
        }
    }

    private int typeId(TypeInfo ti) {
        if (ti == firstTypeKey) {
            return firstTypeId;
        }
        TypeInfo[] keys = typeKeys;
        if (keys == null) {
            return 0;
        }
        int mask = keys.length - 1;
        int i = ti.hash & mask;
        TypeInfo k;
        while ((k = keys[i]) != null) {
            if (k == ti) {
                return typeIds[i];
            }
            i = (i + 1) & mask;
        }
        return 0;
    }

    private void addType(TypeInfo ti) {
        int id = nextTypeId++;
        if (firstTypeKey == null) {
            firstTypeKey = ti;
            firstTypeId = id;
        } else {
            putTypeInTable(ti, id);
        }
        cacheTypeId(ti, id);
    }

    private void putTypeInTable(TypeInfo ti, int id) {
        if (typeKeys == null) {
            typeKeys = new TypeInfo[8];
            typeIds = new int[8];
        } else if ((typeCount + 1) * 2 > typeKeys.length) {
            TypeInfo[] oldKeys = typeKeys;
            int[] oldIds = typeIds;
            typeKeys = new TypeInfo[oldKeys.length * 2];
            typeIds = new int[oldKeys.length * 2];
            typeCount = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    insertType(oldKeys[i], oldIds[i]);
                }
            }
        }
        insertType(ti, id);
    }

    private void insertType(TypeInfo ti, int id) {
        int mask = typeKeys.length - 1;
        int i = ti.hash & mask;
        while (typeKeys[i] != null) {
            i = (i + 1) & mask;
        }
        typeKeys[i] = ti;
        typeIds[i] = id;
        typeCount++;
    }

    // =====================================================================
    // Class-defined methods' API

    /**
     * Writes the serializable fields of the class whose {@code writeObject}
     * is running, as the JDK's {@code defaultWriteObject} does.
     *
     * @throws NotActiveException if no class-defined {@code writeObject} is
     *         running
     * @throws IOException if the output fails
     */
    @Override
    public void defaultWriteObject() throws IOException {
        if (curLevel == null) {
            throw new NotActiveException("not in call to writeObject");
        }
        markFieldsWritten();
        putTag(Wire.FIELDS);
        writeFields(curObj, curLevel);
    }

    /** The JDK's rule: a writeObject writes its default data once. */
    private void markFieldsWritten() throws NotActiveException {
        if (curFieldsWritten) {
            throw new NotActiveException("not in readObject invocation or fields already read");
        }
        curFieldsWritten = true;
    }

    @Override
    public ObjectOutputStream.PutField putFields() throws IOException {
        if (curLevel == null) {
            throw new NotActiveException("not in call to writeObject");
        }
        if (curPut == null) {
            curPut = new PutFieldImpl(curLevel);
        }
        return curPut;
    }

    @Override
    public void writeFields() throws IOException {
        if (curPut == null) {
            throw new NotActiveException("no current PutField object");
        }
        markFieldsWritten();
        putTag(Wire.FIELDS);
        Level level = curPut.level;
        reserve(level.primSize);
        if (level.primSize > 0) {
            win.copyFrom(curPut.prims, BYTE_BASE, pos, level.primSize, 1, false);
            pos += level.primSize;
        }
        RefField[] refs = level.refs;
        for (int i = 0; i < refs.length; i++) {
            writeObject0(curPut.refs[i], refs[i].unshared);
        }
    }

    /** PutField over a level's fields, primitives kept as the level's image. */
    private static final class PutFieldImpl extends ObjectOutputStream.PutField {
        final Level level;
        final byte[] prims;
        final Object[] refs;

        PutFieldImpl(Level level) {
            this.level = level;
            this.prims = new byte[level.primSize];
            this.refs = new Object[level.refs.length];
        }

        private long at(String name, char code) {
            PrimField f = level.prim(name);
            if (f == null || f.code != code) {
                throw new IllegalArgumentException("no such field " + name + " with type " + TypeInfo.typeName(code));
            }
            return BYTE_BASE + f.imageOffset;
        }

        @Override public void put(String name, boolean val) { U.putByte(prims, at(name, 'Z'), (byte) (val ? 1 : 0)); }
        @Override public void put(String name, byte val) { U.putByte(prims, at(name, 'B'), val); }
        @Override public void put(String name, char val) { U.putCharUnaligned(prims, at(name, 'C'), val, !LITTLE_ENDIAN); }
        @Override public void put(String name, short val) { U.putShortUnaligned(prims, at(name, 'S'), val, !LITTLE_ENDIAN); }
        @Override public void put(String name, int val) { U.putIntUnaligned(prims, at(name, 'I'), val, !LITTLE_ENDIAN); }
        @Override public void put(String name, long val) { U.putLongUnaligned(prims, at(name, 'J'), val, !LITTLE_ENDIAN); }
        @Override public void put(String name, float val) {
            U.putIntUnaligned(prims, at(name, 'F'), Float.floatToRawIntBits(val), !LITTLE_ENDIAN);
        }
        @Override public void put(String name, double val) {
            U.putLongUnaligned(prims, at(name, 'D'), Double.doubleToRawLongBits(val), !LITTLE_ENDIAN);
        }
        @Override public void put(String name, Object val) {
            int i = level.refIndex(name);
            if (i < 0) {
                throw new IllegalArgumentException("no such field " + name + " with type Object");
            }
            refs[i] = val;
        }
        @Override
        @Deprecated
        @SuppressWarnings("removal")
        public void write(java.io.ObjectOutput out) throws IOException {
            throw new UnsupportedOperationException("use ObjectOutputStream.writeFields()");
        }
    }

    // =====================================================================
    // Resets

    /**
     * Forgets every object and type written so far, as the JDK's
     * {@code reset} does; the reader forgets them at the same point of the
     * stream.
     *
     * @throws IOException if called while an object is being written
     */
    @Override
    public void reset() throws IOException {
        if (depth != 0 || curLevel != null) {
            throw new IOException("stream active");
        }
        putTag(Wire.RESET);
        clearObjects();
        firstTypeKey = null;
        firstTypeId = 0;
        if (typeKeys != null) {
            Arrays.fill(typeKeys, null);
        }
        typeCount = 0;
        nextTypeId = Wire.FIRST_STREAM_TYPE_ID;
        // The stream lets go of the classes it wrote (class unloading).
        cachedClasses = null;
        cachedTypes = null;
        cachedTypeIds = null;
        cachedCount = 0;
        lastClass = null;
        lastType = null;
        lastTypeId = 0;
    }

    /**
     * Forgets every object written so far but keeps the types (Philippsen et
     * al., section 3.3): later writes send objects again with their current state,
     * and classes as small integers. A remote call needs this between calls.
     *
     * @throws IOException if called while an object is being written
     */
    public void resetObjects() throws IOException {
        if (depth != 0 || curLevel != null) {
            throw new IOException("stream active");
        }
        if (handles.size() == 0 && replaced == null) {
            return;
        }
        putTag(Wire.RESET_OBJECTS);
        clearObjects();
    }

    private void clearObjects() {
        handles.clear();
        replaced = null;
    }

    // =====================================================================
    // DataOutput, framed in blocks

    @Override
    public void write(int val) throws IOException {
        blockData(1);
        putByteAt(pos++, (byte) val);
    }

    @Override
    public void write(byte[] buf) throws IOException {
        write(buf, 0, buf.length);
    }

    @Override
    public void write(byte[] buf, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, buf.length);
        while (len > 0) {
            blockData(1);
            int n = Math.min(len, Math.min(limit - pos, MAX_BLOCK - (pos - blockStart - 4)));
            win.copyFrom(buf, BYTE_BASE + off, pos, n, 1, false);
            pos += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void writeBoolean(boolean val) throws IOException {
        blockData(1);
        putByteAt(pos++, (byte) (val ? 1 : 0));
    }

    @Override
    public void writeByte(int val) throws IOException {
        blockData(1);
        putByteAt(pos++, (byte) val);
    }

    // One method per width, a single store in the open block; writeChar does not
    // call writeShort (as putChar does putShort): both may be overridden.
    @Override
    public void writeShort(int val) throws IOException {
        blockData(2);
        byte[] a = array;
        if (a != null) {
            Window.SHORT_BE.set(a, arrayStart + pos, (short) val);
        } else {
            win.putShort(pos, (short) val, true);
        }
        pos += 2;
    }

    @Override
    public void writeChar(int val) throws IOException {
        blockData(2);
        byte[] a = array;
        if (a != null) {
            Window.CHAR_BE.set(a, arrayStart + pos, (char) val);
        } else {
            win.putChar(pos, (char) val, true);
        }
        pos += 2;
    }

    @Override
    public void writeInt(int val) throws IOException {
        blockData(4);
        byte[] a = array;
        if (a != null) {
            Window.INT_BE.set(a, arrayStart + pos, val);
        } else {
            win.putInt(pos, val, true);
        }
        pos += 4;
    }

    @Override
    public void writeLong(long val) throws IOException {
        blockData(8);
        byte[] a = array;
        if (a != null) {
            Window.LONG_BE.set(a, arrayStart + pos, val);
        } else {
            win.putLong(pos, val, true);
        }
        pos += 8;
    }

    @Override
    public void writeFloat(float val) throws IOException {
        writeInt(Float.floatToIntBits(val));
    }

    @Override
    public void writeDouble(double val) throws IOException {
        writeLong(Double.doubleToLongBits(val));
    }

    @Override
    public void writeBytes(String str) throws IOException {
        int n = str.length();
        for (int i = 0; i < n; i++) {
            writeByte(str.charAt(i));
        }
    }

    @Override
    public void writeChars(String str) throws IOException {
        int n = str.length();
        for (int i = 0; i < n; i++) {
            writeChar(str.charAt(i));
        }
    }

    /** Writes a string in modified UTF-8, as {@link java.io.DataOutput#writeUTF} specifies. */
    @Override
    public void writeUTF(String str) throws IOException {
        int n = str.length();
        long utflen = n;
        for (int i = 0; i < n; i++) {
            char c = str.charAt(i);
            if (c >= 0x80 || c == 0) {
                utflen += c >= 0x800 ? 2 : 1;
            }
        }
        if (utflen > 0xFFFF) {
            throw new java.io.UTFDataFormatException("encoded string too long: " + utflen + " bytes");
        }
        writeShort((int) utflen);
        for (int i = 0; i < n; i++) {
            char c = str.charAt(i);
            if (c < 0x80 && c != 0) {
                writeByte(c);
            } else if (c < 0x800) {
                writeByte(0xC0 | (c >> 6));
                writeByte(0x80 | (c & 0x3F));
            } else {
                writeByte(0xE0 | (c >> 12));
                writeByte(0x80 | ((c >> 6) & 0x3F));
                writeByte(0x80 | (c & 0x3F));
            }
        }
    }

    @Override
    public void useProtocolVersion(int version) throws IOException {
        if (version != ObjectStreamConstants.PROTOCOL_VERSION_1
                && version != ObjectStreamConstants.PROTOCOL_VERSION_2) {
            throw new IllegalArgumentException("unknown version: " + version);
        }
        // The fast format has one version; block framing is always on.
    }

    @Override
    protected boolean enableReplaceObject(boolean enable) throws SecurityException {
        boolean was = enableReplace;
        super.enableReplaceObject(enable);
        enableReplace = enable;
        return was;
    }

    @Override
    public void flush() throws IOException {
        if (blockStart >= 0) {
            closeBlock();
        }
        if (sink != null) {
            endOfFirstMessage();
            drainBuffer();
            sink.flush();
        }
    }

    /**
     * A flush to the output stream: if it ends the stream's first message
     * (a flush of the header alone, as callers do so that the reader need
     * not wait, is none), the first buffers of the next streams follow it.
     */
    private void endOfFirstMessage() {
        long written = flushedBytes + pos;
        if (!firstMessageFlushed && written > Wire.HEADER_BYTES) {
            firstMessageFlushed = true;
            SINK_BUFFER_HINT.firstMessage(written);
        }
    }

    @Override
    protected void drain() throws IOException {
        // ObjectOutputStream.drain(): write buffered data without flushing
        if (blockStart >= 0) {
            closeBlock();
        }
        if (sink != null) {
            drainBuffer();
        }
    }

    private void drainBuffer() throws IOException {
        if (pos > 0) {
            sink.write(heap, 0, pos);
            flushedBytes += pos;
            pos = 0;
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            flush();
            if (sink != null) {
                sink.close();
            }
        } finally {
            closed = true;
            setWindow(Window.CLOSED);
            arena.release();
        }
    }

    // =====================================================================

    /**
     * Identity map object -> handle, cleared by the resets. A stream's
     * first objects are kept in handle order and found by a scan: a new
     * object's first identity hash writes its header (a CAS; about 5 ns here
     * in compiled code, 1.7 ns once hashed), and objects new to the writer
     * are the usual case (a message built per call, an echo of what was
     * read). Past SMALL objects the hash table takes over, and serves the
     * stream from then on, resets included.
     */
    private static final class HandleTable {
        private static final int SMALL = 16;
        /** In first for an unshared object: found by no scan. */
        private static final Object UNSHARED_OBJECT = new Object();
        /** Handle 0's object while not hashed. */
        private Object first0;
        /**
         * Handle i's object, for i from 1, while not hashed; made at the
         * second handle, since a fresh stream per message of one object
         * (the commonest use) pays for every byte it allocates.
         */
        private Object[] first;
        private Object[] keys;      // the table, made past SMALL objects: null while scanning
        private int[] values;
        private int count;      // handles assigned (including unshared ones)
        private int stored;     // keys in the table
        /** Slots in use, so that a reset after a small graph clears only those. */
        private int[] used;

        int size() {
            return count;
        }

        int lookup(Object obj) {
            if (keys == null) {
                return scan(obj);
            }
            Object[] k = keys;
            int mask = k.length - 1;
            int i = hash(obj) & mask;
            Object o;
            while ((o = k[i]) != null) {
                if (o == obj) {
                    return values[i];
                }
                i = (i + 1) & mask;
            }
            return -1;
        }

        private int scan(Object obj) {
            if (count == 0) {
                return -1;
            }
            if (first0 == obj) {
                return 0;
            }
            Object[] f = first;
            for (int i = 1; i < count; i++) {
                if (f[i] == obj) {
                    return i;
                }
            }
            return -1;
        }

        /** Gives the next handle, below SMALL, to obj while not hashed. */
        private void keep(Object obj) {
            if (count == 0) {
                first0 = obj;
            } else {
                if (first == null) {
                    first = new Object[SMALL];
                }
                first[count] = obj;
            }
            count++;
        }

        /**
         * The handle of obj if it has one; else gives it the next handle
         * and returns -1 (lookup and assign in one probe).
         */
        int putIfAbsent(Object obj) {
            if (keys == null) {
                int h = scan(obj);
                if (h >= 0) {
                    return h;
                }
                if (count < SMALL) {
                    keep(obj);
                    return -1;
                }
                startHashing();
            }
            if ((stored + 1) * 2 > keys.length) {
                grow();
            }
            Object[] k = keys;
            int mask = k.length - 1;
            int i = hash(obj) & mask;
            Object o;
            while ((o = k[i]) != null) {
                if (o == obj) {
                    return values[i];
                }
                i = (i + 1) & mask;
            }
            store(obj, count++, i);
            return -1;
        }

        /** Gives the next handle to obj (null: an unshared object, not looked up). */
        void assign(Object obj) {
            if (keys == null) {
                if (count < SMALL) {
                    keep(obj != null ? obj : UNSHARED_OBJECT);
                    return;
                }
                startHashing();
            }
            int h = count++;
            if (obj == null) {
                return;
            }
            if ((stored + 1) * 2 > keys.length) {
                grow();
            }
            put(obj, h);
        }

        /** Moves the objects kept in order into the table, which serves the stream from now on. */
        private void startHashing() {
            keys = new Object[4 * SMALL];
            values = new int[4 * SMALL];
            used = new int[2 * SMALL];
            if (first0 != UNSHARED_OBJECT) {
                put(first0, 0);
            }
            first0 = null;
            Object[] f = first;
            for (int h = 1; h < count; h++) {
                if (f[h] != UNSHARED_OBJECT) {
                    put(f[h], h);
                }
                f[h] = null;
            }
        }

        private void put(Object obj, int h) {
            Object[] k = keys;
            int mask = k.length - 1;
            int i = hash(obj) & mask;
            while (k[i] != null) {
                i = (i + 1) & mask;
            }
            store(obj, h, i);
        }

        private void store(Object obj, int h, int i) {
            keys[i] = obj;
            values[i] = h;
            if (stored == used.length) {
                used = Arrays.copyOf(used, stored * 2);
            }
            used[stored++] = i;
        }

        private void grow() {
            Object[] oldKeys = keys;
            int[] oldValues = values;
            keys = new Object[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            stored = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }

        void clear() {
            if (keys == null) {
                first0 = null;
                if (count > 1) {
                    Arrays.fill(first, 1, count, null);
                }
            } else if (keys.length > 4096 && stored < 512) {
                keys = new Object[64];
                values = new int[64];
                used = new int[32];
            } else {
                Object[] k = keys;
                int[] u = used;
                for (int i = 0; i < stored; i++) {
                    k[u[i]] = null;
                }
            }
            count = 0;
            stored = 0;
        }

        private static int hash(Object obj) {
            int h = System.identityHashCode(obj);
            return h ^ (h >>> 16);
        }
    }
}
