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

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.NotActiveException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectInputValidation;
import java.io.ObjectStreamException;
import java.io.ObjectStreamClass;
import java.io.OptionalDataException;
import java.io.StreamCorruptedException;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.lang.reflect.ClassInfo;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jdk.internal.access.JavaObjectStreamClassAccess;
import jdk.internal.access.SharedSecrets;
import jdk.internal.fastserial.ArenaHold;
import jdk.internal.fastserial.FirstBufferHint;
import jdk.internal.fastserial.DescriptorCache;
import jdk.internal.fastserial.RecordPlan;
import jdk.internal.fastserial.StreamMethods;
import jdk.internal.fastserial.StreamType;
import jdk.internal.fastserial.StreamType.Slot;
import jdk.internal.fastserial.StreamType.StreamLevel;
import jdk.internal.fastserial.TypeInfo;
import jdk.internal.fastserial.TypeInfo.Level;
import jdk.internal.fastserial.TypeInfo.PrimField;
import jdk.internal.fastserial.TypeInfo.RefField;
import jdk.internal.fastserial.Window;
import jdk.internal.fastserial.Wire;
import jdk.internal.misc.Unsafe;
import jdk.internal.reflect.CallerSensitive;
import jdk.internal.reflect.Reflection;

/**
 * An {@link ObjectInputStream} that reads what a {@link FastObjectOutputStream}
 * wrote. It is a drop-in: it keeps the JDK's semantics for every class that
 * defines its own serialization, calls {@code resolveClass},
 * {@code resolveProxyClass} and {@code resolveObject} as the JDK's stream
 * does, and consults the {@linkplain #getObjectInputFilter() deserialization
 * filter} (per stream, JVM-wide, or made by the filter factory) for every
 * class, array length, depth and reference count, exactly where the JDK's
 * stream does.
 *
 * <p>Bad input ends in the JDK's own exception types: a truncated stream in
 * an {@code EOFException}, a corrupt tag, handle, type or length in a
 * {@code StreamCorruptedException}, an incompatible class in an
 * {@code InvalidClassException}. Lengths are checked against what the source
 * can still deliver before anything is allocated (for a byte array or memory
 * segment, exactly; for an input stream, arrays grow as their data arrives),
 * so a corrupt length cannot exhaust the heap.
 *
 * <p>A type whose layout fingerprint (see {@link ClassInfo#fingerprint()})
 * equals the local class's is read with one copy per level; any other (other
 * JVM flags, another version of the class) is read field by field, by name,
 * with the JDK's rules for class evolution.
 *
 * <p>Over an {@code InputStream}, the stream takes from it no byte past its
 * own items, as the JDK's stream: the header alone when it is made; after a
 * top-level {@code readObject} the source goes on right after the object,
 * after top-level block data ({@code readInt}, {@code readFully}...) right
 * after the block. So one connection can carry a fresh stream per message,
 * with the application's own bytes in between. A source that is exactly a
 * {@link BufferedInputStream} (the usual wrapper of a socket's stream) or a
 * {@link ByteArrayInputStream} is read in bulk, and the bytes taken past the
 * items go back into its buffer; any other source is read item by item, a
 * call per item, as the JDK's
 * stream reads it: wrap a socket's or a file's stream in a
 * {@code BufferedInputStream}. (The raw {@code get} methods at the top
 * level, for a subclass's own framing, may leave bytes taken from a
 * {@code BufferedInputStream} until the next top-level read.)
 *
 * <p>A stream is not safe for use by several threads at once.
 *
 * @since 25
 */
public class FastObjectInputStream extends ObjectInputStream {

    private static final Unsafe U = Unsafe.getUnsafe();
    private static final JavaObjectStreamClassAccess OSC = SharedSecrets.getJavaObjectStreamClassAccess();
    private static final jdk.internal.access.JavaLangAccess JLA = SharedSecrets.getJavaLangAccess();
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long BYTE_BASE = Unsafe.ARRAY_BYTE_BASE_OFFSET;
    private static final int DEFAULT_BUFFER_SIZE = 16 * 1024;
    /** The first buffer over an input stream: its first message is up to the end of its first object. */
    private static final FirstBufferHint SOURCE_BUFFER_HINT = new FirstBufferHint();
    /** Arrays whose data is not yet buffered grow in steps from this many bytes. */
    private static final int ARRAY_CHUNK_BYTES = 1 << 20;
    private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
    private static final Object UNSHARED = new Object();
    /** The handle of an object whose top-level read failed: no back reference may reach it. */
    private static final Object FAILED = new Object();
    /** Types one stream may define before a reset: see jdk.fastserial.maxTypes in the module's README. */
    private static final int MAX_TYPES = (int) limitProperty("jdk.fastserial.maxTypes", 8192, Integer.MAX_VALUE);
    /** Bytes of type descriptors one stream may take in before a reset (jdk.fastserial.maxDescriptorBytes). */
    private static final long MAX_DESCRIPTOR_BYTES =
            limitProperty("jdk.fastserial.maxDescriptorBytes", 1L << 20, Long.MAX_VALUE);
    private static final StreamType[] PREDEFINED = new StreamType[Wire.FIRST_STREAM_TYPE_ID];
    /** The predefined ids from 1 to this are the boxes (Wire.PREDEFINED). */
    private static final int LAST_BOX_ID = lastBoxId();

    private static int lastBoxId() {
        int id = 1;
        while (id < Wire.PREDEFINED.length && TypeInfo.of(Wire.PREDEFINED[id]).box) {
            id++;
        }
        return id - 1;
    }
    static {
        // predefinedSeen has a bit per predefined id.
        if (PREDEFINED.length > Integer.SIZE) {
            throw new ExceptionInInitializerError("more predefined types than bits in an int");
        }
        for (int i = 1; i < PREDEFINED.length; i++) {
            PREDEFINED[i] = StreamType.predefined(Wire.PREDEFINED[i]);
        }
    }

    // Where the reader is relative to class-defined data.
    private static final int TOP = 0;            // blocks run until a non-block item
    private static final int CUSTOM = 1;         // blocks and objects run until END
    private static final int NO_DATA = 2;        // a readObject whose writer wrote no data

    // ---- the buffer ----
    private Window win;           // the memory, whose bounds every access checks
    // A window that reaches the end of a byte[] is read through the array
    // itself (Window.arrayToEnd), which the JVM bounds-checks on each
    // access: a load or two fewer than the window's own check on what every
    // object reads (tag, type, null fields, values). Set with win by
    // setWindow; a race between them stays inside one array.
    private byte[] array;         // or null: read through win
    private int arrayStart;       // the array's index of the window's index 0
    private byte[] heap;          // the buffer when reading from an InputStream
    private int pos;
    private int limit;            // the end of the input in win (the window may be larger)
    private final InputStream source;   // null: all input is in the buffer
    // Like the JDK's stream, this one takes from its source no byte past
    // its own items (block data: past the block), so that the source goes
    // on with what follows them: the next stream's message on a connection,
    // the application's own bytes. A BufferedInputStream or a
    // ByteArrayInputStream is read in bulk and gets back what was taken past
    // the items (returnUnread); any other source is read item by item.
    private final boolean sourceBuffered;   // source is exactly a BufferedInputStream
    private final boolean sourceArray;      // source is exactly a ByteArrayInputStream
    private final boolean exactReads;       // any other source
    // The last read from either, if it served it from its buffer alone (a
    // ByteArrayInputStream always does): the bytes stay in that buffer,
    // before its position, until it refills, and can be given back.
    private byte[] takenFrom;           // the source's buffer, or null
    private int takenEnd;               // its position after the read
    private int takenLength;            // bytes of the read not given back
    private final ArenaHold arena = new ArenaHold();   // the input segment's, held while it is the input
    private long consumedBefore;        // bytes of the source before the buffer's start
    private boolean firstObjectRead;    // from the source: SOURCE_BUFFER_HINT has heard of this stream
    private boolean swapImages;         // the writer's images are in the other byte order

    private int blockRemaining;
    private int mode = TOP;

    // ---- objects and types ----
    private Object[] handles = new Object[8];
    private int handleCount;
    private int fillingHandle = -1;     // the handle of the primitive array being filled, else -1
    private StreamType[] types = new StreamType[4];
    private int typeCount;
    // Bit id: the predefined type id has been filtered since the last reset
    // (a bit set, not an array: one allocation less per stream).
    private int predefinedSeen;
    private int depth;
    private long totalRefs;
    private long filterRefsBase;        // totalRefs and bytesRead() when resetFilterCounts() ran
    private long filterBytesBase;
    private boolean filterPerMessage;   // resetFilterCounts() was used
    private boolean enableResolve;
    private boolean closed;
    private ClassNotFoundException pendingNotFound;
    private int topFirstHandle;         // the first handle of the top-level object being read
    private boolean stringOnly;         // the next item must be a string (readStringOnly)
    private long descriptorBytes;       // of the types in the table
    private long descriptorStart = -1;  // bytesRead() where the descriptor being read starts
    private Snapshot snapshot;          // putSnapshot's parse, else null: the window is a private copy
    private List<Validation> validations;

    // ---- the class-defined method being run ----
    private Object curObj;
    private Slot curSlot;
    private boolean curDefaultsRead;

    private final ObjectInputStream facade;
    /** HashMaps are read here, not by HashMap.readObject: see readHashMap. */
    private final boolean readsHashMaps;
    /** The stream's class keeps this class's resolveClass. */
    private final boolean defaultResolve;
    private byte[] scratch;

    /**
     * Creates a stream that reads from {@code in} through its own buffer,
     * and reads the stream header (blocking until it arrives).
     *
     * @param in the input stream
     * @throws StreamCorruptedException if the header is not a fast stream's
     * @throws IOException if the header cannot be read
     */
    public FastObjectInputStream(InputStream in) throws IOException {
        this(Objects.requireNonNull(in), null, null, 0, 0, null);
    }

    /**
     * Creates a stream that reads {@code buf} without copying it.
     *
     * @param buf the bytes a fast output stream wrote
     * @throws StreamCorruptedException if the header is not a fast stream's
     * @throws IOException if the header is truncated
     */
    public FastObjectInputStream(byte[] buf) throws IOException {
        this(buf, 0, buf.length);
    }

    /**
     * Creates a stream that reads {@code len} bytes of {@code buf} from
     * {@code off} without copying them.
     *
     * @param buf the array
     * @param off the first byte
     * @param len the number of bytes
     * @throws StreamCorruptedException if the header is not a fast stream's
     * @throws IOException if the header is truncated
     */
    public FastObjectInputStream(byte[] buf, int off, int len) throws IOException {
        this(null, null, buf, off, len, null);
    }

    /**
     * Creates a stream that reads {@code segment} in place. The stream keeps
     * the segment's arena from being closed until the stream is closed.
     *
     * @param segment the bytes a fast output stream wrote
     * @throws StreamCorruptedException if the header is not a fast stream's
     * @throws IOException if the header is truncated
     * @throws IllegalStateException if the segment's arena is closed
     */
    public FastObjectInputStream(MemorySegment segment) throws IOException {
        this(null, Objects.requireNonNull(segment), null, 0, 0, null);
    }

    /**
     * Creates a stream whose class-defined methods ({@code readObject},
     * {@code readExternal}, {@code resolveClass}...) receive {@code facade}
     * instead of this stream: for an {@code ObjectInputStream} subclass that
     * delegates its methods to a fast stream.
     *
     * @param in the input stream
     * @param facade the stream to hand to class-defined methods
     * @throws IOException if the header cannot be read or is not a fast stream's
     */
    protected FastObjectInputStream(InputStream in, ObjectInputStream facade) throws IOException {
        this(Objects.requireNonNull(in), null, null, 0, 0, Objects.requireNonNull(facade));
    }

    @SuppressWarnings("this-escape")
    private FastObjectInputStream(InputStream in, MemorySegment seg, byte[] buf, int off, int len,
                                  ObjectInputStream facade) throws IOException {
        super();
        this.source = in;
        this.sourceBuffered = in != null && in.getClass() == BufferedInputStream.class;
        this.sourceArray = in != null && in.getClass() == ByteArrayInputStream.class;
        this.exactReads = in != null && !sourceBuffered && !sourceArray;
        this.facade = facade != null ? facade : this;
        // A stream of this very class keeps every method: no class value
        // lookups for code that makes a stream per message.
        Class<?> streamClass = getClass();
        boolean ownClass = streamClass == FastObjectInputStream.class;
        this.readsHashMaps = this.facade == this && (ownClass || KEEPS_MAP_READS.get(streamClass));
        this.defaultResolve = ownClass || DEFAULT_RESOLVE.get(streamClass);
        // The JDK's classes check the arrays they allocate through the stream
        // they were given: the facade.
        OSC.setSubclassSupport(this.facade, new JavaObjectStreamClassAccess.SubclassSupport() {
            @Override
            public void checkArray(Class<?> arrayType, int arrayLength) throws ObjectStreamException {
                checkArrayForClass(arrayType, arrayLength);
            }

            @Override
            public boolean hasReadObjects() {
                return totalRefs > 0;
            }

            @Override
            public String readString() throws IOException {
                return readStringOnly();
            }
        });
        if (seg != null) {
            arena.hold(seg);
            setWindow(Window.of(seg, 0, seg.byteSize()));
            limit = win.limit;
        } else if (buf != null) {
            Objects.checkFromIndexSize(off, len, buf.length);
            setWindow(Window.ofArray(buf, off, buf.length - off));
            limit = len;
        } else {
            heap = new byte[SOURCE_BUFFER_HINT.size()];
            setWindow(Window.ofArray(heap, 0, heap.length));
        }
        try {
            if (source != null) {
                readExactly(Wire.HEADER_BYTES);     // the JDK's stream takes the header alone, too
            } else {
                need(Wire.HEADER_BYTES);
            }
        } catch (IOException | RuntimeException e) {
            arena.release();
            throw e;
        }
        byte magic0 = win.getByte(0);
        byte magic1 = win.getByte(1);
        if (magic0 != Wire.MAGIC_0 || magic1 != Wire.MAGIC_1) {
            arena.release();
            throw new StreamCorruptedException(String.format("invalid stream header: %02X%02X", magic0, magic1));
        }
        byte version = win.getByte(2);
        if (version < Wire.OLDEST_READABLE_VERSION || version > Wire.VERSION) {
            arena.release();
            throw new StreamCorruptedException("unsupported fast stream version " + version);
        }
        boolean imagesLittle = (win.getByte(3) & Wire.FLAG_IMAGES_LITTLE_ENDIAN) != 0;
        swapImages = imagesLittle != LITTLE_ENDIAN;
        pos = Wire.HEADER_BYTES;
    }

    /** A positive limit from a system property; the default if it is unset or not a positive number. */
    private static long limitProperty(String name, long defaultValue, long max) {
        String value = System.getProperty(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            long v = Long.parseLong(value.trim());
            return v > 0 ? Math.min(v, max) : defaultValue;
        } catch (NumberFormatException e) {
            return defaultValue;
        }
    }

    // =====================================================================
    // Buffer

    /**
     * Makes the next {@code n} bytes available in the buffer at once, so
     * that that many bytes of {@code get} calls need no further input
     * (Philippsen, Haumacher and Nester, "More Efficient Serialization and
     * RMI for Java", section 3.4a: all bytes of an object at once).
     *
     * @param n the number of bytes
     * @throws EOFException if the input ends first
     * @throws IOException if the input fails
     */
    public final void require(int n) throws IOException {
        if (n < 0) {
            throw new IllegalArgumentException("negative size");
        }
        need(n);
    }

    private void setWindow(Window w) {
        win = w;
        array = w.arrayToEnd();
        arrayStart = w.arrayStart;
    }

    private byte byteAt(int i) {
        byte[] a = array;
        return a != null ? a[arrayStart + i] : win.getByte(i);
    }

    private void need(int n) throws IOException {
        if (limit - pos < n) {
            fill(n);
        }
    }

    private void fill(int n) throws IOException {
        fill(n, true);
    }

    /**
     * Reads until n bytes are buffered. A stream that keeps reading earns
     * the full buffer, unless mayEarn is false.
     */
    private void fill(int n, boolean mayEarn) throws IOException {
        fill(n, n, mayEarn);
    }

    /**
     * Reads until n bytes are buffered, from a source read item by item
     * asking for up to {@code wanted} (bytes known to be this stream's).
     */
    private void fill(int n, int wanted, boolean mayEarn) throws IOException {
        if (snapshot != null) {
            giveSnapshot(n);
            return;
        }
        if (closed) {
            throw new IOException("stream closed");
        }
        if (source == null) {
            throw new EOFException();
        }
        // The descriptor being read stays whole in the buffer (if short):
        // the cache can then keep it, also when it arrives item by item.
        // Read item by item, it fills once per item: with room after pos,
        // nothing moves (not the descriptor's bytes at every item).
        int keep = descriptorBytesHeld();
        if (keep > 0 && heap.length - pos >= n) {
            keep = pos;
        }
        int from = pos - keep;
        int remaining = limit - from;
        if (remaining > 0 && from > 0) {
            System.arraycopy(heap, from, heap, 0, remaining);
        }
        consumedBefore += from;
        pos = keep;
        limit = remaining;
        n += keep;                          // counted from the buffer's start now
        wanted += keep;
        if (mayEarn && heap.length < DEFAULT_BUFFER_SIZE && consumedBefore >= heap.length
                && (!sourceBuffered || consumedBefore >= DEFAULT_BUFFER_SIZE)) {
            // A BufferedInputStream (RMI's) gives no more than it holds: only
            // a stream that has read a buffer's worth earns a larger one, and
            // a message a little larger than the first buffer runs through it.
            heap = Arrays.copyOf(heap, Math.min(DEFAULT_BUFFER_SIZE, heap.length * 4));
            setWindow(Window.ofArray(heap, 0, heap.length));
        }
        while (limit < n) {
            if (limit == heap.length) {
                // Grow with the data that actually arrives, never to a length
                // the stream merely announced.
                heap = Arrays.copyOf(heap, (int) Math.min(Math.max(n, 0L), 2L * heap.length));
                setWindow(Window.ofArray(heap, 0, heap.length));
            }
            int room = heap.length - limit;
            int r;
            if (!exactReads) {
                r = readHeld(n - limit, room);
            } else {
                // The bytes known to be this stream's: what is needed, and the
                // rest of the block being read (which the JDK's stream takes too).
                int known = Math.max(Math.max(n, wanted), pos + Math.min(blockRemaining, heap.length));
                r = source.read(heap, limit, Math.min(room, known - limit));
            }
            if (r < 0) {
                throw new EOFException();
            }
            limit += r;
        }
    }

    /**
     * The bytes of the descriptor being read that are before pos, if it
     * is short enough for DescriptorCache and they are all still there; else 0.
     */
    private int descriptorBytesHeld() {
        if (descriptorStart < 0) {
            return 0;
        }
        long held = bytesRead() - descriptorStart;
        return held > 0 && held <= pos && held < DescriptorCache.MAX_BYTES ? (int) held : 0;
    }

    /**
     * A descriptor's private copy being parsed (putSnapshot): its length,
     * which the parse is given as it asks, and where it asked.
     */
    private static final class Snapshot {
        final int end;
        char[] readPoints = new char[16];
        int readPointCount;

        Snapshot(int end) {
            this.end = end;
        }
    }

    /**
     * In putSnapshot: gives the parse n more bytes of the copy, no more,
     * and notes how far it asked (DescriptorCache's read points).
     */
    private void giveSnapshot(int n) throws EOFException {
        Snapshot sn = snapshot;
        if (n > sn.end - pos) {
            throw new EOFException();       // a copy has nothing more: never the source's bytes
        }
        limit = pos + n;
        if (sn.readPointCount == sn.readPoints.length) {
            sn.readPoints = Arrays.copyOf(sn.readPoints, 2 * sn.readPointCount);
        }
        sn.readPoints[sn.readPointCount++] = (char) limit;
    }

    /** Reads exactly n bytes into the empty buffer. */
    private void readExactly(int n) throws IOException {
        while (limit < n) {
            int r = source.read(heap, limit, n - limit);
            if (r < 0) {
                throw new EOFException();
            }
            limit += r;
        }
    }

    private static final long BUFFERED_BUF = U.objectFieldOffset(BufferedInputStream.class, "buf");
    private static final long BUFFERED_COUNT = U.objectFieldOffset(BufferedInputStream.class, "count");
    private static final long BUFFERED_POS = U.objectFieldOffset(BufferedInputStream.class, "pos");
    private static final long ARRAY_BUF = U.objectFieldOffset(ByteArrayInputStream.class, "buf");
    private static final long ARRAY_COUNT = U.objectFieldOffset(ByteArrayInputStream.class, "count");
    private static final long ARRAY_POS = U.objectFieldOffset(ByteArrayInputStream.class, "pos");

    /** The buffer of a BufferedInputStream or ByteArrayInputStream source. */
    private byte[] sourceBuffer() {
        return (byte[]) U.getReference(source, sourceArray ? ARRAY_BUF : BUFFERED_BUF);
    }

    private int sourcePosition() {
        return U.getInt(source, sourceArray ? ARRAY_POS : BUFFERED_POS);
    }

    /**
     * Reads from a BufferedInputStream (the usual wrapper of a socket's
     * stream, and RMI's) or a ByteArrayInputStream what is {@code needed}
     * or, if more, all it holds, as far as {@code room} allows; never more
     * than it holds when less is needed: asked for more, a
     * BufferedInputStream asks its own source's available() before it
     * returns, a system call (FIONREAD) on a socket, once per message or
     * more. Its count and position are read without its lock: the stream is
     * not for several threads, and a wrong guess only costs that call or a
     * byte not given back.
     */
    private int readHeld(int needed, int room) throws IOException {
        int held = U.getInt(source, sourceArray ? ARRAY_COUNT : BUFFERED_COUNT) - sourcePosition();
        // Asked for more than it holds, a BufferedInputStream asks its
        // source's available() (a system call on a socket) before it reads
        // on: take what it holds, and the rest by the next call.
        int ask = Math.min(room, sourceBuffered && held > 0 ? held : Math.max(needed, held));
        if (depth == 0 && blockRemaining > 0) {
            // top-level block data: no further than the block's end (its
            // unread bytes start at pos, which is 0 here)
            ask = Math.min(ask, Math.max(needed, blockRemaining - limit));
        }
        int r = source.read(heap, limit, ask);
        if (r > 0 && ask <= held && r == ask) {
            takenFrom = sourceBuffer();
            takenEnd = sourcePosition();
            takenLength = r;
        } else {
            takenFrom = null;   // (also) refilled: what it held before is gone
        }
        return r;
    }

    /**
     * Gives a BufferedInputStream or ByteArrayInputStream source back the
     * bytes this stream took past its position and the rest of the current
     * block, where the stream is at the top level between items: the source
     * then goes on where the JDK's stream would leave it. The bytes are
     * still in its buffer if it has not moved since this stream's last read
     * from it, which is checked.
     */
    private void returnUnread() {
        byte[] from = takenFrom;
        int extra = limit - pos - blockRemaining;
        if (from == null || extra <= 0) {
            return;
        }
        if (extra <= takenLength && sourceBuffer() == from && sourcePosition() == takenEnd) {
            takenEnd -= extra;
            takenLength -= extra;
            U.putInt(source, sourceArray ? ARRAY_POS : BUFFERED_POS, takenEnd);
            limit -= extra;
        }
    }

    /**
     * Continues the stream with the bytes of the next message, without a
     * copy; the objects and types read so far stay known. The counterpart of
     * {@link FastObjectOutputStream#rewind()}.
     *
     * @param buf the array
     * @param off the first byte of the message
     * @param len the message's length
     * @throws IllegalStateException if the stream reads from an input
     *         stream, an object is being read, or input is left unread
     */
    public final void setInput(byte[] buf, int off, int len) {
        Objects.checkFromIndexSize(off, len, buf.length);
        checkMessageBoundary();
        // the window spans the rest of the array: the next message in it needs no new one
        Window next = Window.ofArray(win, buf, off, buf.length - off);
        arena.release();
        consumedBefore += pos;
        setWindow(next);
        limit = len;
        pos = 0;
    }

    /**
     * Continues the stream with the next message, read in place from
     * {@code segment}; see {@link #setInput(byte[], int, int)}.
     *
     * @param segment the message
     * @throws IllegalStateException as for {@link #setInput(byte[], int, int)},
     *         or if the segment's arena is closed
     */
    public final void setInput(MemorySegment segment) {
        setInput(segment, 0, segment.byteSize());
    }

    /**
     * Continues the stream with the next message, read in place from
     * {@code length} bytes of {@code segment} at {@code offset}: for a
     * transport that receives messages into one long-lived buffer (no slice
     * per message). See {@link #setInput(byte[], int, int)}.
     *
     * @param segment the buffer
     * @param offset the first byte of the message
     * @param length the message's length
     * @throws IndexOutOfBoundsException if the message is not inside the
     *         segment
     * @throws IllegalStateException as for {@link #setInput(byte[], int, int)},
     *         or if the segment's arena is closed
     * @since 25
     */
    public final void setInput(MemorySegment segment, long offset, long length) {
        Objects.checkFromIndexSize(offset, length, segment.byteSize());
        checkMessageBoundary();
        arena.hold(segment);
        if (closed) {
            arena.release();            // a close() in between left it to us
        }
        consumedBefore += pos;
        setWindow(Window.of(win, segment, offset, segment.byteSize() - offset));
        limit = (int) Math.min(length, win.limit);
        pos = 0;
    }

    private void checkMessageBoundary() {
        if (source != null) {
            throw new IllegalStateException("the stream reads from an InputStream");
        }
        if (depth != 0 || curSlot != null) {
            throw new IllegalStateException("stream active");
        }
        if (pos < limit || blockRemaining > 0) {
            throw new IllegalStateException((limit - pos) + " bytes of input left unread");
        }
        if (closed) {
            throw new IllegalStateException("stream closed");
        }
    }

    /**
     * Makes sure the input can still deliver {@code bytes} bytes before
     * something sized from the stream is allocated: for a byte array or a
     * segment by counting, for an input stream by buffering them (the buffer
     * grows only as they arrive).
     */
    private void requireDeliverable(long bytes, String container, long count, String items) throws IOException {
        if (bytes <= limit - pos) {
            return;
        }
        if (source == null || bytes > MAX_ARRAY_LENGTH) {
            // The message is made here only: reads of small containers are hot.
            String what = container + " of " + count + " " + items;
            throw new StreamCorruptedException(what + " needs " + bytes + " bytes, but "
                    + (source == null ? (limit - pos) + " are left" : "that exceeds any buffer"));
        }
        need((int) bytes);
    }

    /** Bytes the input can still deliver, or Long.MAX_VALUE when unknown. */
    private long deliverable() {
        return source == null ? limit - pos : Long.MAX_VALUE;
    }

    private long bytesRead() {
        return consumedBefore + pos;
    }

    /**
     * Makes the deserialization filter count references and stream bytes
     * from here on, as if the stream started here. For a subclass that
     * carries one message per {@link #setInput(byte[], int, int)} over a
     * long-lived stream, such as a remote call protocol: filter limits
     * ({@code maxrefs}, {@code maxbytes}) then apply to each message, as
     * they do to the JDK's RMI, which uses a new stream per call, and the
     * filter is asked again about each class when a message first uses it,
     * even if the stream's types already include it (the filter may differ
     * from message to message). Depth and array lengths are unaffected.
     */
    protected final void resetFilterCounts() {
        filterRefsBase = totalRefs;
        filterBytesBase = bytesRead();
        filterPerMessage = true;
        filtered = null;
        predefinedSeen = 0;
    }

    /**
     * Forgets the objects read so far, as the writer's
     * {@link FastObjectOutputStream#resetObjects() resetObjects()} would;
     * the types stay known. A later back reference to one of them is a
     * {@code StreamCorruptedException}. For a subclass whose messages are
     * independent, such as a remote call protocol: a peer cannot then reach,
     * from a later message, an object read under another message's filter.
     *
     * @throws IllegalStateException if an object is being read
     * @since 25
     */
    protected final void forgetObjects() {
        if (depth != 0 || curSlot != null) {
            throw new IllegalStateException("stream active");
        }
        handleReset(false);
    }

    private byte nextByte() throws IOException {
        if (pos >= limit) {
            fill(1);
        }
        return byteAt(pos++);
    }

    private int varint() throws IOException {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            byte b = nextByte();
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 28 && (b & 0x78) != 0) {
                    break;
                }
                return v;
            }
        }
        throw new StreamCorruptedException("invalid length or index");
    }

    /** A varint that must be a length of at most max. */
    private int length(long max, String what) throws IOException {
        int n = varint();
        if (n < 0 || n > max) {
            throw new StreamCorruptedException("invalid " + what + ": " + Integer.toUnsignedString(n));
        }
        return n;
    }

    /** A block's length: four bytes, little-endian (the writer patches it in place). */
    private int blockLength() throws IOException {
        need(4);
        byte[] a = array;
        int n = a != null ? (int) Window.INT_LE.get(a, arrayStart + pos) : win.getInt(pos, false);
        pos += 4;
        if (n < 0 || n > deliverable()) {
            throw new StreamCorruptedException("invalid block length: " + Integer.toUnsignedString(n));
        }
        return n;
    }

    // =====================================================================
    // The public buffer: raw values, no framing

    /** Reads a boolean (one byte). @return the value @throws IOException on failure */
    public final boolean getBoolean() throws IOException {
        return nextByte() != 0;
    }

    /** Reads a byte. @return the value @throws IOException on failure */
    public final byte getByte() throws IOException {
        return nextByte();
    }

    /** Reads a little-endian char. @return the value @throws IOException on failure */
    public final char getChar() throws IOException {
        return (char) getShort();           // the same two bytes
    }

    // getShort, getInt and getLong stay one method per width, not one on a
    // width argument: each is a single unaligned load that a marshaler inlines.

    /** Reads a little-endian short. @return the value @throws IOException on failure */
    public final short getShort() throws IOException {
        need(2);
        byte[] a = array;
        short v = a != null ? (short) Window.SHORT_LE.get(a, arrayStart + pos) : win.getShort(pos, false);
        pos += 2;
        return v;
    }

    /** Reads a little-endian int. @return the value @throws IOException on failure */
    public final int getInt() throws IOException {
        need(4);
        byte[] a = array;
        int v = a != null ? (int) Window.INT_LE.get(a, arrayStart + pos) : win.getInt(pos, false);
        pos += 4;
        return v;
    }

    /** Reads a little-endian long. @return the value @throws IOException on failure */
    public final long getLong() throws IOException {
        need(8);
        byte[] a = array;
        long v = a != null ? (long) Window.LONG_LE.get(a, arrayStart + pos) : win.getLong(pos, false);
        pos += 8;
        return v;
    }

    /** Reads a float's bits. @return the value @throws IOException on failure */
    public final float getFloat() throws IOException {
        return Float.intBitsToFloat(getInt());
    }

    /** Reads a double's bits. @return the value @throws IOException on failure */
    public final double getDouble() throws IOException {
        return Double.longBitsToDouble(getLong());
    }

    /** Reads booleans into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getBooleans(boolean[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        for (int i = 0; i < len; i++) {
            a[off + i] = nextByte() != 0;
        }
    }

    /** Reads bytes into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getBytes(byte[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_BYTE_BASE_OFFSET + off, len, 1);
    }

    /** Reads little-endian chars into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getChars(char[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_CHAR_BASE_OFFSET + 2L * off, len, 2);
    }

    /** Reads little-endian shorts into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getShorts(short[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_SHORT_BASE_OFFSET + 2L * off, len, 2);
    }

    /** Reads little-endian ints into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getInts(int[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_INT_BASE_OFFSET + 4L * off, len, 4);
    }

    /** Reads little-endian longs into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getLongs(long[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_LONG_BASE_OFFSET + 8L * off, len, 8);
    }

    /** Reads float bits into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getFloats(float[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_FLOAT_BASE_OFFSET + 4L * off, len, 4);
    }

    /** Reads double bits into an array. @param a the array @param off the first index @param len the count @throws IOException on failure */
    public final void getDoubles(double[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        bulk(a, Unsafe.ARRAY_DOUBLE_BASE_OFFSET + 8L * off, len, 8);
    }

    /**
     * Reads an image that {@link FastObjectOutputStream#putImage} wrote into
     * the fields of {@code obj} that {@code info} describes
     * ({@link ClassInfo#fromByteArray}).
     *
     * @param info the fields
     * @param obj the object
     * @throws IOException on failure
     * @throws IllegalArgumentException if {@code obj} is not an instance of
     *         the class {@code info} describes
     * @throws UnsupportedOperationException if {@code info} may not write
     *         the fields
     */
    public final void getImage(ClassInfo info, Object obj) throws IOException {
        int size = info.size();
        need(size);
        byte[] a = array;
        if (swapImages) {
            byte[] tmp = scratch(size);
            win.copyTo(pos, tmp, BYTE_BASE, size, 1, false);
            reverseFields(info, tmp);
            info.fromByteArray(obj, 0, tmp, 0);
        } else if (a != null) {
            info.fromByteArray(obj, 0, a, arrayStart + pos);
        } else {
            byte[] tmp = scratch(size);
            win.copyTo(pos, tmp, BYTE_BASE, size, 1, false);
            info.fromByteArray(obj, 0, tmp, 0);
        }
        pos += size;
    }

    /**
     * An image from a writer in the other byte order made this machine's:
     * each field's bytes reversed where the image packs it. Rare (the
     * generated paths never come here then), so the fields are asked for
     * each time.
     */
    private static void reverseFields(ClassInfo info, byte[] image) {
        int at = 0;
        for (java.lang.reflect.Field f : info.getFields()) {
            Class<?> t = f.getType();
            int width = t == long.class || t == double.class ? 8
                    : t == int.class || t == float.class ? 4
                    : t == short.class || t == char.class ? 2 : 1;
            for (int i = at, j = at + width - 1; i < j; i++, j--) {
                byte b = image[i];
                image[i] = image[j];
                image[j] = b;
            }
            at += width;
        }
    }

    private byte[] scratch(int n) {
        byte[] s = scratch;
        if (s == null || s.length < n) {
            scratch = s = new byte[Math.max(n, 256)];
        }
        return s;
    }

    /** Copies len elements of width w, little-endian, from the input. */
    private void bulk(Object array, long offset, int len, int w) throws IOException {
        while (len > 0) {
            int avail = (limit - pos) / w;
            if (avail <= 0) {
                // From a BufferedInputStream (RMI's connections), an array
                // runs through the buffer this stream has: that stream
                // gives no more than it holds (readHeld), so a larger
                // buffer would save no copy and cost zeroing it, in every
                // stream made per message (RMI's, one per call).
                // FastSerialConnectionBench measures it. Any other source
                // is asked for the array's bytes, all this stream's own.
                fill(w, exactReads ? (int) Math.min((long) len * w, heap.length) : w, !sourceBuffered);
                continue;
            }
            int n = Math.min(len, avail);
            long bytes = (long) n * w;
            win.copyTo(pos, array, offset, bytes, w, !LITTLE_ENDIAN);
            pos += (int) bytes;
            offset += bytes;
            len -= n;
        }
    }

    // =====================================================================
    // Objects

    /**
     * Reads an object and the objects it refers to.
     *
     * @return the object
     * @throws ClassNotFoundException if a class of the graph cannot be found
     * @throws InvalidClassException if a class is incompatible with its
     *         stream description, or the filter rejects it
     * @throws StreamCorruptedException if the stream is corrupt
     * @throws OptionalDataException if primitive data is next
     * @throws IOException if the input fails
     */
    @Override
    @CallerSensitive
    public Object readObject() throws IOException, ClassNotFoundException {
        return readTop(false, Reflection.getCallerClass());
    }

    @Override
    @CallerSensitive
    public Object readUnshared() throws IOException, ClassNotFoundException {
        return readTop(true, Reflection.getCallerClass());
    }

    /**
     * Reads the value of a reference field, as {@code defaultReadObject}
     * reads it: without going through an override of {@link #readObject} in
     * a subclass of this stream. Generated marshalers use it.
     *
     * @return the field's value
     * @throws IOException as for {@link #readObject}
     * @throws ClassNotFoundException as for {@link #readObject}
     */
    public final Object readReference() throws IOException, ClassNotFoundException {
        if (depth > 0) {
            // A null field, the commonest reference of all, without the whole
            // of readObject0 (which does the same for it: a marshaler's field
            // is never in block data, never read for readString).
            if (pos < limit && blockRemaining == 0 && mode != NO_DATA && byteAt(pos) == Wire.NULL) {
                pos++;
                totalRefs++;
                return null;
            }
            return readObject0(false);
        }
        return readTop(false, null);
    }

    @Override
    protected final Object readObjectOverride() throws IOException, ClassNotFoundException {
        return readTop(false, null);
    }

    /**
     * Reads an object: a top-level read, or one that a class-defined method
     * or a marshaler asks for. {@code caller} is the class whose code called
     * readObject or readUnshared, or null if unknown.
     */
    private Object readTop(boolean unshared, Class<?> caller) throws IOException, ClassNotFoundException {
        if (closed) {
            throw new IOException("stream closed");
        }
        if (depth > 0) {
            // Called by a class-defined method or a marshaler.
            ClassNotFoundException outer = pendingNotFound;
            pendingNotFound = null;
            Object obj = readObject0(unshared);
            if (pendingNotFound != null) {
                throw pendingNotFound;      // stays pending: the enclosing object fails too
            }
            pendingNotFound = outer;
            return obj;
        }
        // The caller's frame is the latest user-defined one if its loader is,
        // until a class-defined method runs (latestUserDefinedLoader()).
        walkedLoader = NOT_WALKED;
        if (caller != null && !caller.isHidden()) {
            ClassLoader loader = caller.getClassLoader();
            if (loader != null && loader != PLATFORM_LOADER) {
                walkedLoader = loader;
            }
        }
        topFirstHandle = handleCount;
        boolean done = false;
        try {
            Object obj = readObject0(unshared);
            if (pendingNotFound != null) {
                throw pendingNotFound;
            }
            if (validations != null) {
                runValidations();
            }
            if (heap != null && !firstObjectRead) {
                // the first buffers of the next streams follow what this one read
                firstObjectRead = true;
                SOURCE_BUFFER_HINT.firstMessage(consumedBefore + pos);
            }
            done = true;
            return obj;
        } finally {
            returnUnread();
            if (!done) {
                // A later back reference must not hand out what this read left
                // half-built or refused (the JDK's stream is unusable after such
                // a failure; a message-framed one can go on with the next message).
                Arrays.fill(handles, topFirstHandle, handleCount, FAILED);
            }
            validations = null;
            pendingNotFound = null;
        }
    }

    /**
     * ObjectInputStream's readString, for RMI (through its subclass hook): a
     * string, a null or a back reference to a string; any other item is
     * refused before anything of it is read, with the JDK's
     * ClassCastException.
     */
    private String readStringOnly() throws IOException {
        stringOnly = true;
        try {
            return String.class.cast(readTop(false, null));     // a back reference to another object fails here
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);     // as the JDK's: a string needs no class
        } finally {
            stringOnly = false;
        }
    }

    private Object readObject0(boolean unshared) throws IOException, ClassNotFoundException {
        if (limit - pos >= 2 && blockRemaining == 0 && mode != NO_DATA && !stringOnly
                && !unshared && !enableResolve) {
            // The commonest leaves of a graph, a string and a box of a type
            // seen before, without the general dispatch: nothing is read
            // inside them and, without a filter, nothing is asked about them.
            byte tag = byteAt(pos);
            if (tag == Wire.STRING) {
                pos++;
                totalRefs++;
                return readStringItem(false);
            }
            int id;
            if (tag == Wire.VALUE && (id = byteAt(pos + 1)) > 0 && id <= LAST_BOX_ID
                    && seen(id) && facade.getObjectInputFilter() == null) {
                pos += 2;
                totalRefs++;
                return readBox(PREDEFINED[id].cl, true);
            }
        }
        if (blockRemaining > 0) {
            throw optionalData(blockRemaining, false);
        }
        byte tag;
        for (;;) {
            need(1);
            tag = byteAt(pos);
            if (tag == Wire.RESET || tag == Wire.RESET_OBJECTS) {
                if (depth > 0) {
                    throw new StreamCorruptedException("unexpected reset; recursion depth: " + depth);
                }
                pos++;
                handleReset(tag == Wire.RESET);
            } else if (tag == Wire.BLOCK) {
                if (mode == NO_DATA) {
                    throw optionalData(0, true);
                }
                pos++;
                blockRemaining = blockLength();
                throw optionalData(blockRemaining, false);
            } else if (tag == Wire.END) {
                if (mode == TOP) {
                    throw new StreamCorruptedException("unexpected end of custom data");
                }
                throw optionalData(0, true);
            } else {
                break;
            }
        }
        if (mode == NO_DATA) {
            throw optionalData(0, true);
        }
        if (stringOnly) {
            refuseAllButString(tag);
        }
        pos++;
        depth++;
        totalRefs++;
        try {
            return switch (tag) {
                case Wire.NULL -> null;
                case Wire.REF -> readHandle(unshared);
                case Wire.OBJECT -> readOrdinary(unshared);
                case Wire.VALUE -> readValue();
                case Wire.STRING -> checkResolve(readStringItem(unshared), handleCount - 1);
                case Wire.ARRAY -> readArray(unshared);
                case Wire.ENUM -> readEnum(unshared);
                case Wire.CLASS -> readClassItem(unshared);
                case Wire.CLASSDESC -> readClassDescItem(unshared);
                default -> throw new StreamCorruptedException(String.format("invalid type code: %02X", tag));
            };
        } finally {
            depth--;
        }
    }

    /*
     * For readString, out of readObject0's way (the hot path of every other
     * read): a string, a null or a back reference (which readStringOnly
     * checks) pass; any other item is refused before anything of it is read.
     */
    private void refuseAllButString(byte tag) {
        stringOnly = false;
        String other = switch (tag) {
            case Wire.NULL, Wire.STRING, Wire.REF -> null;
            case Wire.CLASS, Wire.CLASSDESC -> "a class";
            case Wire.ARRAY -> "an array";
            case Wire.ENUM -> "an enum";
            default -> "an object";
        };
        if (other != null) {
            throw new ClassCastException("Cannot cast " + other + " to java.lang.String");
        }
    }

    private OptionalDataException optionalData(int length, boolean eof) {
        OptionalDataException e = OPTIONAL_DATA.newOptionalDataExceptionForSerialization(eof);
        e.length = length;
        return e;
    }

    private static final sun.reflect.ReflectionFactory OPTIONAL_DATA =
            sun.reflect.ReflectionFactory.getReflectionFactory();

    private void handleReset(boolean types) {
        Arrays.fill(handles, 0, handleCount, null);
        handleCount = 0;
        topFirstHandle = 0;
        if (types) {
            Arrays.fill(this.types, 0, typeCount, null);
            typeCount = 0;
            descriptorBytes = 0;
            predefinedSeen = 0;
            filtered = null;
        }
    }

    private int assignHandle(Object obj) {
        if (handleCount == handles.length) {
            handles = Arrays.copyOf(handles, handleCount * 2);
        }
        handles[handleCount] = obj;
        return handleCount++;
    }

    private Object readHandle(boolean unshared) throws IOException {
        int h = varint();
        if (h < 0 || h >= handleCount) {
            throw new StreamCorruptedException("invalid handle value: " + Integer.toUnsignedString(h));
        }
        if (unshared) {
            throw new InvalidObjectException("cannot read back reference as unshared");
        }
        if (h == fillingHandle) {
            // read by a source that calls back into this stream while it fills the array
            throw new StreamCorruptedException("back reference to an array still being read");
        }
        Object obj = handles[h];
        if (obj == UNSHARED) {
            throw new InvalidObjectException("cannot read back reference to unshared object");
        }
        if (obj == FAILED) {
            throw new StreamCorruptedException("back reference to an object whose reading failed");
        }
        if (obj instanceof ClassNotFoundException cnf && obj == notFoundMarker(cnf)) {
            pendingNotFound = cnf;
            obj = null;
        }
        filterCheck(null, -1);
        return obj;
    }

    /** Handles of objects whose class was not found hold the exception itself. */
    private List<ClassNotFoundException> notFound;

    private ClassNotFoundException notFoundMarker(ClassNotFoundException cnf) {
        if (notFound != null) {
            for (ClassNotFoundException e : notFound) {
                if (e == cnf) {
                    return e;
                }
            }
        }
        return null;
    }

    private void markNotFound(int handle, ClassNotFoundException cnf) {
        if (notFound == null) {
            notFound = new ArrayList<>();
        }
        notFound.add(cnf);
        handles[handle] = cnf;
        pendingNotFound = cnf;
    }

    private Object checkResolve(Object obj, int handle) throws IOException {
        if (!enableResolve || obj == null) {
            return obj;
        }
        Object rep = resolve(obj);
        if (rep != obj && handles[handle] != UNSHARED) {
            handles[handle] = rep;
        }
        return rep;
    }

    /** resolveObject's replacement for obj, which the filter is asked about. */
    private Object resolve(Object obj) throws IOException {
        Object rep = resolveObject(obj);
        if (rep != obj && rep != null) {
            if (rep.getClass().isArray()) {
                filterCheck(rep.getClass(), Array.getLength(rep));
            } else {
                filterCheck(rep.getClass(), -1);
            }
        }
        return rep;
    }

    private String readStringItem(boolean unshared) throws IOException {
        int h = assignHandle(null);
        String s = readStringData();
        handles[h] = unshared ? UNSHARED : s;
        return s;
    }

    private String readStringData() throws IOException {
        int header = varint();
        int n = header >>> 1;
        boolean latin1 = (header & 1) != 0;
        long bytes = latin1 ? n : 2L * n;
        if (bytes > deliverable()) {
            throw new StreamCorruptedException("string of " + n + " chars exceeds the "
                                               + deliverable() + " bytes left");
        }
        if (latin1) {
            byte[] a = array;
            if (limit - pos >= n && a != null) {
                String s = JLA.newStringLatin1(a, arrayStart + pos, n);
                pos += n;
                return s;
            }
            byte[] b = readGrowing(n);
            return JLA.newStringLatin1(b, 0, n);
        }
        // The chars in the layout of a UTF-16 string's value, which takes the
        // array as it is: one copy (through a char[], three).
        return JLA.newStringUTF16NoCopy(readGrowing(2 * n, 2));
    }

    /** n bytes, the array growing as data arrives. */
    private byte[] readGrowing(int n) throws IOException {
        return readGrowing(n, 1);
    }

    /**
     * n bytes of elements of width w (n and the chunk size multiples of w),
     * in the platform's byte order, the array growing as data arrives.
     */
    private byte[] readGrowing(int n, int w) throws IOException {
        byte[] b = new byte[Math.min(n, ARRAY_CHUNK_BYTES)];
        int filled = 0;
        while (filled < n) {
            if (filled == b.length) {
                b = Arrays.copyOf(b, (int) Math.min(n, 2L * b.length));
            }
            int k = Math.min(n - filled, b.length - filled);
            bulk(b, BYTE_BASE + filled, k / w, w);
            filled += k;
        }
        return b;
    }

    private Class<?> readClassItem(boolean unshared) throws IOException, ClassNotFoundException {
        StreamType st = readType();
        int h = assignHandle(null);
        if (st.cl == null) {
            markNotFound(h, st.resolveException);
            return null;
        }
        handles[h] = unshared ? UNSHARED : st.cl;
        return st.cl;
    }

    private ObjectStreamClass readClassDescItem(boolean unshared) throws IOException, ClassNotFoundException {
        StreamType st = readType();
        int h = assignHandle(null);
        if (st.cl == null) {
            markNotFound(h, st.resolveException);
            return null;
        }
        ObjectStreamClass desc = ObjectStreamClass.lookupAny(st.cl);
        handles[h] = unshared ? UNSHARED : desc;
        return desc;
    }

    private Object readEnum(boolean unshared) throws IOException, ClassNotFoundException {
        StreamType st = readType();
        if (st.kind != Wire.KIND_ENUM) {
            throw new StreamCorruptedException("enum item of non-enum type " + st.name);
        }
        int h = assignHandle(null);
        int index = varint();
        if (index < 0 || index >= st.enumNames.length) {
            throw new StreamCorruptedException("invalid enum constant index " + Integer.toUnsignedString(index)
                                               + " for " + st.name);
        }
        if (st.cl == null) {
            markNotFound(h, st.resolveException);
            return null;
        }
        Object constant = st.enumConstants[index];
        if (constant == null) {
            throw new InvalidObjectException("enum constant " + st.enumNames[index] + " does not exist in " + st.cl);
        }
        handles[h] = unshared ? UNSHARED : constant;
        return checkResolve(constant, h);
    }

    private Object readArray(boolean unshared) throws IOException, ClassNotFoundException {
        StreamType st = readType();
        if (st.kind != Wire.KIND_ARRAY) {
            throw new StreamCorruptedException("array item of non-array type " + st.name);
        }
        int len = length(MAX_ARRAY_LENGTH, "array length");
        Class<?> arrayClass = st.cl != null ? st.cl : Object[].class;
        filterCheck(arrayClass, len);
        Class<?> comp = arrayClass.getComponentType();
        int width = comp.isPrimitive() ? TypeInfo.width(Wire.primitiveCode(comp)) : 1;
        long minBytes = (long) len * width;
        if (minBytes > deliverable()) {
            throw new StreamCorruptedException("array length " + len + " exceeds the "
                                               + deliverable() + " bytes left");
        }
        int h = assignHandle(null);
        Object array;
        if (comp.isPrimitive()) {
            array = readPrimitiveArray(comp, len, width, h, unshared);
        } else {
            array = readObjectArray(comp, len, h, unshared);
        }
        if (st.cl == null) {
            markNotFound(h, st.resolveException);
            return null;
        }
        return checkResolve(array, h);
    }

    /*
     * The array takes handle h as soon as it exists, before its elements are
     * copied: G1 fences a store into an old object (a reused stream's handle
     * table), and the fence waits for every store before it, which after
     * the copy are the whole array's. No stream puts a back reference to
     * it inside its elements; a source that calls back into this stream's
     * readObject while it fills (fillingHandle) gets a
     * StreamCorruptedException for one. If filling fails the handle is
     * FAILED. So memory not yet copied is never handed out.
     */
    private Object readPrimitiveArray(Class<?> comp, int len, int width, int h, boolean unshared)
            throws IOException {
        long bytes = (long) len * width;
        int initial = bytes <= limit - pos || bytes <= ARRAY_CHUNK_BYTES ? len : ARRAY_CHUNK_BYTES / width;
        // every element is copied from the stream before the array is handed
        // out, so it need not be zeroed first
        Object a = comp == boolean.class ? new boolean[initial] : uninitializedArray(comp, initial);
        long baseOffset = primitiveArrayBase(comp);
        handles[h] = unshared ? UNSHARED : a;
        int outerFilling = fillingHandle;
        fillingHandle = h;
        try {
            int filled = 0;
            while (true) {
                int n = Math.min(len, Array.getLength(a)) - filled;
                if (comp == boolean.class) {
                    getBooleans((boolean[]) a, filled, n);
                } else {
                    bulk(a, baseOffset + (long) filled * width, n, width);
                }
                filled += n;
                if (filled == len) {
                    return a;
                }
                a = grow(a, (int) Math.min(len, 2L * Array.getLength(a)));
                handles[h] = unshared ? UNSHARED : a;
            }
        } catch (Throwable t) {
            handles[h] = FAILED;
            throw t;
        } finally {
            fillingHandle = outerFilling;
        }
    }

    /**
     * An array of n elements of the primitive type comp, not zeroed. Each
     * branch names its class, so C2 knows the array is primitive and skips
     * zeroing on its slow path (arrays larger than what is left of the
     * TLAB) as well as on its fast path.
     */
    private static Object uninitializedArray(Class<?> comp, int n) {
        if (comp == byte.class) {
            return U.allocateUninitializedArray(byte.class, n);
        } else if (comp == int.class) {
            return U.allocateUninitializedArray(int.class, n);
        } else if (comp == long.class) {
            return U.allocateUninitializedArray(long.class, n);
        } else if (comp == double.class) {
            return U.allocateUninitializedArray(double.class, n);
        } else if (comp == float.class) {
            return U.allocateUninitializedArray(float.class, n);
        } else if (comp == char.class) {
            return U.allocateUninitializedArray(char.class, n);
        } else if (comp == short.class) {
            return U.allocateUninitializedArray(short.class, n);
        }
        throw new InternalError(comp.getName());
    }

    /*
     * Unsafe.arrayBaseOffset of a class C2 does not know is a native call,
     * some 15 ns per array read; the constants fold.
     */
    private static long primitiveArrayBase(Class<?> comp) {
        if (comp == byte.class) {
            return Unsafe.ARRAY_BYTE_BASE_OFFSET;
        } else if (comp == int.class) {
            return Unsafe.ARRAY_INT_BASE_OFFSET;
        } else if (comp == long.class) {
            return Unsafe.ARRAY_LONG_BASE_OFFSET;
        } else if (comp == double.class) {
            return Unsafe.ARRAY_DOUBLE_BASE_OFFSET;
        } else if (comp == float.class) {
            return Unsafe.ARRAY_FLOAT_BASE_OFFSET;
        } else if (comp == char.class) {
            return Unsafe.ARRAY_CHAR_BASE_OFFSET;
        } else if (comp == short.class) {
            return Unsafe.ARRAY_SHORT_BASE_OFFSET;
        }
        return Unsafe.ARRAY_BOOLEAN_BASE_OFFSET;
    }

    private static Object grow(Object a, int n) {
        // no pattern switch: its bootstrap spins a class on first use
        if (a instanceof boolean[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof byte[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof char[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof short[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof int[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof long[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof float[] x) {
            return Arrays.copyOf(x, n);
        } else if (a instanceof double[] x) {
            return Arrays.copyOf(x, n);
        }
        return Arrays.copyOf((Object[]) a, n);
    }

    private Object readObjectArray(Class<?> comp, int len, int h, boolean unshared)
            throws IOException, ClassNotFoundException {
        // Every element takes at least one byte of the stream.
        requireDeliverable(len, "an array", len, "references");
        Object[] a = (Object[]) Array.newInstance(comp, len);
        handles[h] = unshared ? UNSHARED : a;
        for (int i = 0; i < len; i++) {
            Object e = readElement();
            if (e != null && !comp.isInstance(e)) {
                // the stream contradicts its own array type (the JDK's store would fail)
                throw new StreamCorruptedException("array element of " + e.getClass().getName()
                                                   + " cannot be stored in " + a.getClass().getTypeName());
            }
            a[i] = e;
        }
        return a;
    }

    /*
     * As the JDK's stream: an object that depends on a class not found (a
     * field, an element) gets no class-defined readObject, readResolve or
     * resolveObject, and its defaultReadObject throws; pendingNotFound holds
     * the current object's dependency while it is read.
     */
    private Object readOrdinary(boolean unshared) throws IOException, ClassNotFoundException {
        ClassNotFoundException outer = pendingNotFound;
        if (outer == null) {
            return readOrdinary0(unshared);     // nothing to set aside: the common case
        }
        pendingNotFound = null;
        Object obj = readOrdinary0(unshared);
        if (pendingNotFound == null) {
            pendingNotFound = outer;
        }
        return obj;
    }

    private Object readOrdinary0(boolean unshared) throws IOException, ClassNotFoundException {
        StreamType st = readType();
        switch (st.kind) {
            case Wire.KIND_SERIALIZABLE, Wire.KIND_PROXY -> { }
            case Wire.KIND_RECORD -> {
                return readRecord(st, unshared);
            }
            case Wire.KIND_EXTERNALIZABLE -> {
                return readExternal(st, unshared);
            }
            case Wire.KIND_FAST -> {
                return readFast(st, unshared);
            }
            default -> throw new StreamCorruptedException("object item of type " + st.name + " (kind " + st.kind + ")");
        }
        if (st.cl == null) {
            int h = assignHandle(null);
            skipSerialData(st);
            markNotFound(h, st.resolveException);
            return null;
        }
        if (st.levels.length == 0) {
            // A predefined type.
            return st.cl == java.util.ArrayList.class ? readList(unshared) : readBoxed(st.cl, unshared);
        }
        TypeInfo local = st.local;
        Object obj = local.newInstance();
        int h = assignHandle(unshared ? UNSHARED : obj);
        // A marshaler copies the images as they are: only in this machine's byte order.
        Marshaler m = swapImages ? null : st.marshaler;
        if (m != null) {
            marshalerDepth++;
            try {
                m.read(obj, this);
            } finally {
                marshalerDepth--;
            }
        } else {
            readSerialData(obj, st);
        }
        return finishObject(obj, local, h, unshared);
    }

    private Object finishObject(Object obj, TypeInfo local, int h, boolean unshared) throws IOException {
        if (pendingNotFound != null) {
            markNotFound(h, pendingNotFound);   // a back reference fails as this object does
            return obj;
        }
        if (local.hasReadResolve && handles[h] != null) {
            Object rep = local.invokeReadResolve(obj);
            if (unshared && rep != null && rep.getClass().isArray()) {
                rep = cloneArray(rep);
            }
            if (rep != obj) {
                if (rep != null) {
                    if (rep.getClass().isArray()) {
                        filterCheck(rep.getClass(), Array.getLength(rep));
                    } else {
                        filterCheck(rep.getClass(), -1);
                    }
                }
                obj = rep;
                if (!unshared) {
                    handles[h] = rep;
                }
            }
        }
        return checkResolve(obj, h);
    }

    private static Object cloneArray(Object array) {
        // no pattern switch: its bootstrap spins a class on first use
        if (array instanceof Object[] a) {
            return a.clone();
        } else if (array instanceof boolean[] a) {
            return a.clone();
        } else if (array instanceof byte[] a) {
            return a.clone();
        } else if (array instanceof char[] a) {
            return a.clone();
        } else if (array instanceof short[] a) {
            return a.clone();
        } else if (array instanceof int[] a) {
            return a.clone();
        } else if (array instanceof long[] a) {
            return a.clone();
        } else if (array instanceof float[] a) {
            return a.clone();
        } else if (array instanceof double[] a) {
            return a.clone();
        }
        throw new InternalError();
    }

    /** An ArrayList, built as ArrayList.readObject builds it. */
    private Object readList(boolean unshared) throws IOException, ClassNotFoundException {
        int n = length(MAX_ARRAY_LENGTH, "list size");
        if (n > 0) {
            checkArrayForClass(Object[].class, n);    // what ArrayList.readObject asks the filter
        }
        requireDeliverable(n, "a list", n, "elements");
        java.util.ArrayList<Object> list = new java.util.ArrayList<>(n);
        int h = assignHandle(unshared ? UNSHARED : list);
        for (int i = 0; i < n; i++) {
            list.add(readElement());
        }
        return checkResolve(list, h);
    }

    /**
     * An element of a list or of an Object[]. An Integer by value or a new
     * string, the commonest elements, is read here as readObject0's path
     * for such leaves reads it, but inline in the loop, where readObject0
     * is too large to be; anything else goes through readObject0.
     */
    private Object readElement() throws IOException, ClassNotFoundException {
        int p = pos;
        if (limit - p >= 2 + Integer.BYTES && blockRemaining == 0 && mode != NO_DATA
                && !stringOnly && !enableResolve) {
            byte tag = byteAt(p);
            if (tag == Wire.VALUE && byteAt(p + 1) == INTEGER_ID && seen(INTEGER_ID)
                    && facade.getObjectInputFilter() == null) {
                byte[] a = array;
                int v = a != null ? (int) Window.INT_LE.get(a, arrayStart + p + 2) : win.getInt(p + 2, false);
                pos = p + 2 + Integer.BYTES;
                totalRefs++;
                return Integer.valueOf(v);
            }
            if (tag == Wire.STRING) {
                pos = p + 1;
                totalRefs++;
                return readStringItem(false);
            }
        }
        return readObject0(false);
    }

    private static final byte INTEGER_ID = (byte) TypeInfo.of(Integer.class).predefinedId;

    /**
     * A boxed value of an OBJECT item, which takes a handle: a new box, as
     * the JDK's stream makes one (a graph with two distinct boxes of equal
     * value keeps them distinct).
     */
    private Object readBoxed(Class<?> cl, boolean unshared) throws IOException {
        Object v = readBox(cl, false);
        int h = assignHandle(unshared ? UNSHARED : v);
        return checkResolve(v, h);
    }

    /**
     * A VALUE item: a box without a handle, after its predefined type's id.
     * The filter is asked what an OBJECT item of that type asks it.
     */
    private Object readValue() throws IOException, ClassNotFoundException {
        int id = varint();
        if (id <= 0 || id > LAST_BOX_ID) {
            throw new StreamCorruptedException("value item of type id " + Integer.toUnsignedString(id));
        }
        Object v = readBox(predefinedType(id).cl, true);
        return enableResolve ? resolve(v) : v;
    }

    /**
     * A box of class cl (a predefined box type) from its raw value: the
     * class's valueOf if byValue, else a new box.
     */
    @SuppressWarnings({"removal", "deprecation"})    // the boxes' constructors: a new box of a known class
    private Object readBox(Class<?> cl, boolean byValue) throws IOException {
        // Each class's own allocation (a constant class, inlined), not
        // allocateInstance of the class in a variable.
        if (cl == Integer.class) {
            int v = getInt();
            return byValue ? Integer.valueOf(v) : new Integer(v);
        } else if (cl == Long.class) {
            long v = getLong();
            return byValue ? Long.valueOf(v) : new Long(v);
        } else if (cl == Double.class) {
            // A Float or Double travels as its raw bits: stored as they came.
            Object v = newRawBox(Double.class);
            U.putLong(v, DOUBLE_VALUE, getLong());
            U.storeFence();         // the box's final field, published safely
            return v;
        } else if (cl == Float.class) {
            Object v = newRawBox(Float.class);
            U.putInt(v, FLOAT_VALUE, getInt());
            U.storeFence();
            return v;
        } else if (cl == Boolean.class) {
            boolean v = getBoolean();
            return byValue ? Boolean.valueOf(v) : new Boolean(v);
        } else if (cl == Byte.class) {
            byte v = getByte();
            return byValue ? Byte.valueOf(v) : new Byte(v);
        } else if (cl == Short.class) {
            short v = getShort();
            return byValue ? Short.valueOf(v) : new Short(v);
        } else if (cl == Character.class) {
            char v = getChar();
            return byValue ? Character.valueOf(v) : new Character(v);
        }
        throw new StreamCorruptedException("object item of type " + cl.getName());
    }

    /* The value fields of Double and Float, which are set to raw bits. */
    private static final long DOUBLE_VALUE = U.objectFieldOffset(Double.class, "value");
    private static final long FLOAT_VALUE = U.objectFieldOffset(Float.class, "value");

    private static Object newRawBox(Class<?> cl) {
        try {
            return U.allocateInstance(cl);
        } catch (InstantiationException e) {
            throw new InternalError(e);
        }
    }

    /** Class data level by level, as the stream describes it and the local class wants it. */
    private void readSerialData(Object obj, StreamType st) throws IOException, ClassNotFoundException {
        for (Slot slot : st.slots) {
            StreamLevel s = slot.stream;
            Level l = slot.local;
            if (s == null) {
                if (l.hasReadObjectNoData) {
                    l.invokeReadObjectNoData(obj);
                }
                continue;
            }
            if (l == null) {
                skipLevel(s);
                continue;
            }
            if (l.hasReadObject && pendingNotFound == null) {
                Object savedObj = curObj;
                Slot savedSlot = curSlot;
                boolean savedDefaults = curDefaultsRead;
                int savedMode = mode;
                int savedBlock = blockRemaining;
                curObj = obj;
                curSlot = slot;
                curDefaultsRead = false;
                blockRemaining = 0;
                mode = s.hasWriteObjectData ? CUSTOM : NO_DATA;
                try {
                    int savedMarshalers = marshalerDepth;
                    Object savedWalked = walkedLoader;
                    try {
                        if (readsHashMaps && obj.getClass() == HashMap.class) {
                            // No class-defined frame comes between: the
                            // latest user-defined loader stays what it was.
                            @SuppressWarnings("unchecked")
                            HashMap<Object, Object> map = (HashMap<Object, Object>) obj;
                            readHashMap(map);
                        } else {
                            marshalerDepth = 0;     // the class's own frame is the latest now
                            walkedLoader = NOT_WALKED;
                            l.invokeReadObject(obj, facade);
                        }
                    } catch (ClassNotFoundException e) {
                        // As the JDK's: the object fails at the end, the stream goes on.
                        pendingNotFound = e;
                    } finally {
                        marshalerDepth = savedMarshalers;
                        walkedLoader = savedWalked;
                    }
                    if (s.hasWriteObjectData) {
                        mode = CUSTOM;
                        skipCustomData(s);
                    } else if (!curDefaultsRead) {
                        // readObject did not read the defaults the writer wrote.
                        mode = TOP;
                        skipFields(s);
                    }
                } finally {
                    curObj = savedObj;
                    curSlot = savedSlot;
                    curDefaultsRead = savedDefaults;
                    mode = savedMode;
                    blockRemaining = savedBlock;
                }
            } else if (s.hasWriteObjectData) {
                int savedMode = mode;
                int savedBlock = blockRemaining;
                mode = CUSTOM;
                blockRemaining = 0;
                try {
                    enterFields(s);
                    mode = TOP;
                    readFields(obj, slot);
                    mode = CUSTOM;
                    skipCustomData(s);
                } finally {
                    mode = savedMode;
                    blockRemaining = savedBlock;
                }
            } else {
                readFields(obj, slot);
            }
        }
    }

    /* HashMap's fields, set as its readObject sets them. */
    private static final long HASH_MAP_LOAD_FACTOR = U.objectFieldOffset(HashMap.class, "loadFactor");
    private static final long HASH_MAP_THRESHOLD = U.objectFieldOffset(HashMap.class, "threshold");
    private static final int HASH_MAP_DEFAULT_CAPACITY = 16;
    private static final int HASH_MAP_MAXIMUM_CAPACITY = 1 << 30;

    /**
     * What HashMap.readObject does, done here for a map of exactly that
     * class: the same reads through this stream's own methods, in the same
     * order, the same checks, the same exceptions, and the same map. It
     * saves the reflective call, and each key and value is read without
     * going through the public readObject. The map comes from
     * allocateInstance with everything zero, as HashMap.reinitialize
     * leaves it; the capacity readObject gives its table is set as
     * HashMap(int, float) sets it, so the first put makes a table of that
     * size. put(key, value) is putVal(hash(key), key, value, false, true):
     * its last argument matters only to LinkedHashMap.
     */
    private void readHashMap(HashMap<Object, Object> map) throws IOException, ClassNotFoundException {
        ObjectInputStream.GetField fields = readFields();
        float lf = fields.get("loadFactor", 0.75f);
        if (lf <= 0 || Float.isNaN(lf)) {
            throw new InvalidObjectException("Illegal load factor: " + lf);
        }
        lf = Math.clamp(lf, 0.25f, 4.0f);
        U.putFloat(map, HASH_MAP_LOAD_FACTOR, lf);
        readInt();                              // the number of buckets: ignored
        int mappings = readInt();
        if (mappings < 0) {
            throw new InvalidObjectException("Illegal mappings count: " + mappings);
        }
        if (mappings == 0) {
            return;
        }
        double dc = Math.ceil(mappings / (double) lf);
        int cap = dc < HASH_MAP_DEFAULT_CAPACITY ? HASH_MAP_DEFAULT_CAPACITY
                : dc >= HASH_MAP_MAXIMUM_CAPACITY ? HASH_MAP_MAXIMUM_CAPACITY
                : (-1 >>> Integer.numberOfLeadingZeros((int) dc - 1)) + 1;
        checkArrayForClass(Map.Entry[].class, cap);     // what readObject asks the filter
        // Unlike readObject, no table is sized from a count the stream
        // cannot back: each mapping takes at least two bytes.
        requireDeliverable(2L * mappings, "a map", mappings, "mappings");
        U.putInt(map, HASH_MAP_THRESHOLD, cap);
        // Each key and value as HashMap.readObject's readObject() reads it
        // (readTop, depth > 0), its commonest leaves through readElement.
        ClassNotFoundException outer = pendingNotFound;
        pendingNotFound = null;
        for (int i = 0; i < mappings; i++) {
            Object key = readElement();
            if (pendingNotFound != null) {
                throw pendingNotFound;      // stays pending: the map fails too
            }
            Object value = readElement();
            if (pendingNotFound != null) {
                throw pendingNotFound;
            }
            map.put(key, value);
        }
        pendingNotFound = outer;
    }

    /** Reads and drops the data of a level that has no local class. */
    private void skipLevel(StreamLevel s) throws IOException, ClassNotFoundException {
        if (!s.hasWriteObjectData) {
            skipFields(s);
            return;
        }
        int savedMode = mode;
        int savedBlock = blockRemaining;
        mode = CUSTOM;
        blockRemaining = 0;
        try {
            skipCustomData(s);           // tagged field data included
        } finally {
            mode = savedMode;
            blockRemaining = savedBlock;
        }
    }

    private void skipFields(StreamLevel s) throws IOException, ClassNotFoundException {
        skipBytesRaw(s.primSize);
        for (int i = 0; i < s.refNames.length; i++) {
            readDiscarded();
        }
    }

    /**
     * Reads a value nobody keeps (a field the local class dropped, data of a
     * class it does not have): a class missing for it does not fail the
     * enclosing object, as with the JDK's stream.
     */
    private void readDiscarded() throws IOException, ClassNotFoundException {
        ClassNotFoundException saved = pendingNotFound;
        readObject0(false);
        pendingNotFound = saved;
    }

    private void skipBytesRaw(int n) throws IOException {
        while (n > 0) {
            if (pos >= limit) {
                fill(1);
            }
            int k = Math.min(n, limit - pos);
            pos += k;
            n -= k;
        }
    }

    /** An object whose class could not be found: its data is read and dropped. */
    private void skipSerialData(StreamType st) throws IOException, ClassNotFoundException {
        for (StreamLevel s : st.levels) {
            skipLevel(s);
        }
    }

    /** Skips what is left of custom data up to and including END (mode is CUSTOM). */
    private void skipCustomData() throws IOException, ClassNotFoundException {
        skipCustomData(null);
    }

    /** The same, for the class-defined data of level s, whose field data may be in it. */
    private void skipCustomData(StreamLevel s) throws IOException, ClassNotFoundException {
        for (;;) {
            if (blockRemaining > 0) {
                skipBytesRaw(blockRemaining);
                blockRemaining = 0;
            }
            need(1);
            byte tag = win.getByte(pos);
            if (tag == Wire.END) {
                pos++;
                return;
            }
            if (tag == Wire.BLOCK) {
                pos++;
                blockRemaining = blockLength();
                continue;
            }
            if (tag == Wire.FIELDS && s != null) {
                pos++;
                int savedMode = mode;
                mode = TOP;
                try {
                    skipFields(s);
                } finally {
                    mode = savedMode;
                }
                continue;
            }
            readDiscarded();
        }
    }

    /** A level's default data into obj. */
    private void readFields(Object obj, Slot slot) throws IOException, ClassNotFoundException {
        StreamLevel s = slot.stream;
        Level l = slot.local;
        if (l != null && !l.cl.isInstance(obj)) {
            // The fields are set by offset. Only a stream read by several
            // threads at once gets here (its current object and slot changed
            // under it): refuse to write another class's offsets.
            throw new java.util.ConcurrentModificationException(
                    "stream read by several threads at once: a " + obj.getClass().getName()
                    + " with the fields of " + l.cl.getName());
        }
        if (slot.exact && !swapImages) {
            if (l.image != null) {
                getImage(l.image, obj);
            }
        } else if (s.primSize > 0) {
            need(s.primSize);
            int a = pos;
            PrimField[] targets = slot.primTargets;
            for (int i = 0; i < targets.length; i++) {
                PrimField f = targets[i];
                if (f != null) {
                    f.store(obj, imageBits(a + s.primOffsets[i], f.width));
                }
            }
            pos += s.primSize;
        }
        RefField[] targets = slot.refTargets;
        for (int i = 0; i < targets.length; i++) {
            RefField f = targets[i];
            if (f != null) {
                f.set(obj, readObject0(f.unshared));
            } else {
                readDiscarded();
            }
        }
    }

    /** A value of an image in the writer's byte order, as native-order bits. */
    private long imageBits(int at, int width) {
        boolean writerBigEndian = LITTLE_ENDIAN == swapImages;
        return switch (width) {
            case 1 -> win.getByte(at);
            case 2 -> win.getShort(at, writerBigEndian);
            case 4 -> win.getInt(at, writerBigEndian);
            default -> win.getLong(at, writerBigEndian);
        };
    }

    private Object readRecord(StreamType st, boolean unshared) throws IOException, ClassNotFoundException {
        int h = assignHandle(null);
        if (st.cl == null) {
            skipSerialData(st);
            markNotFound(h, st.resolveException);
            return null;
        }
        // The record's level is read by the plan's generated reader, which
        // makes the record; any other level's data, in the order the levels
        // come, is read and dropped.
        RecordPlan plan = st.recordPlan();
        if (!plan.hasConstructor()) {
            skipSerialData(st);
            throw new InvalidClassException(st.name, "record canonical constructor not found");
        }
        Object obj = null;
        boolean made = false;
        for (Slot slot : st.slots) {
            StreamLevel s = slot.stream;
            if (s == null) {
                continue;
            }
            if (s != plan.level) {
                skipLevel(s);
                continue;
            }
            need(s.primSize);
            int a = pos;
            pos += s.primSize;
            obj = plan.read(this, win, a, LITTLE_ENDIAN == swapImages);
            made = true;
        }
        if (!made) {
            // The stream has no level of the record: every component takes its default.
            if (plan.level != null) {
                throw new StreamCorruptedException("record " + st.name + " without its level");
            }
            obj = plan.read(this, win, pos, LITTLE_ENDIAN == swapImages);
        }
        handles[h] = unshared ? UNSHARED : obj;
        return finishObject(obj, st.local, h, unshared);
    }

    private Object readExternal(StreamType st, boolean unshared) throws IOException, ClassNotFoundException {
        int h = assignHandle(null);
        Object obj = null;
        if (st.cl != null) {
            obj = st.local.newInstance();
            handles[h] = unshared ? UNSHARED : obj;
        }
        Object savedObj = curObj;
        Slot savedSlot = curSlot;
        int savedMode = mode;
        int savedBlock = blockRemaining;
        curObj = null;
        curSlot = null;
        mode = CUSTOM;
        blockRemaining = 0;
        try {
            if (obj != null) {
                int savedMarshalers = marshalerDepth;
                Object savedWalked = walkedLoader;
                marshalerDepth = 0;             // the class's own frame is the latest now
                walkedLoader = NOT_WALKED;
                try {
                    ((java.io.Externalizable) obj).readExternal(facade);
                } catch (ClassNotFoundException e) {
                    pendingNotFound = e;
                } finally {
                    marshalerDepth = savedMarshalers;
                    walkedLoader = savedWalked;
                }
            }
            skipCustomData();
        } finally {
            curObj = savedObj;
            curSlot = savedSlot;
            mode = savedMode;
            blockRemaining = savedBlock;
        }
        if (obj == null) {
            markNotFound(h, st.resolveException);
            return null;
        }
        return finishObject(obj, st.local, h, unshared);
    }

    private Object readFast(StreamType st, boolean unshared) throws IOException, ClassNotFoundException {
        if (st.cl == null) {
            // Hand-marshaled data has no framing: it cannot be skipped.
            throw st.resolveException;
        }
        Object obj = st.local.newInstance();
        int h = assignHandle(unshared ? UNSHARED : obj);
        Object savedObj = curObj;
        Slot savedSlot = curSlot;
        curObj = null;
        curSlot = null;
        int savedMarshalers = marshalerDepth;
        Object savedWalked = walkedLoader;
        marshalerDepth = 0;                     // the class's own frame is the latest now
        walkedLoader = NOT_WALKED;
        try {
            ((FastSerializable) obj).readFast(this);
        } finally {
            curObj = savedObj;
            curSlot = savedSlot;
            marshalerDepth = savedMarshalers;
            walkedLoader = savedWalked;
        }
        return finishObject(obj, st.local, h, unshared);
    }

    // =====================================================================
    // Types

    /** Whether the predefined type {@code id} has been filtered since the last reset. */
    private boolean seen(int id) {
        return (predefinedSeen & (1 << id)) != 0;
    }

    /** A predefined type by its id: the filter is asked about its class the first time, as about a new type. */
    private StreamType predefinedType(int id) throws InvalidClassException {
        StreamType st = PREDEFINED[id];
        if (!seen(id)) {
            predefinedSeen |= 1 << id;
            filterClassChain(st.cl);
        } else {
            typeBackReference();
        }
        return st;
    }

    private StreamType readType() throws IOException, ClassNotFoundException {
        int id = varint();
        if (id > 0 && id < Wire.FIRST_STREAM_TYPE_ID) {
            return predefinedType(id);
        }
        if (id == 0) {
            return readTypeDescriptor();
        }
        int index = id - Wire.FIRST_STREAM_TYPE_ID;
        if (index < 0 || index >= typeCount) {
            throw new StreamCorruptedException("invalid type id: " + Integer.toUnsignedString(id));
        }
        StreamType st = types[index];
        if (st.cl == null && st.resolveException == null) {
            // The filter refused the type, or it is incompatible: it is not bound.
            if (st.unfiltered == null && st.bindFailure == null) {
                throw new StreamCorruptedException("type " + st.name + " used in its own descriptor");
            }
            if (st.unfiltered == null) {
                InvalidClassException e = new InvalidClassException(st.bindFailure.getMessage());
                e.initCause(st.bindFailure);
                throw e;
            }
            filterAndBind(st);
        } else if (filterPerMessage && st.cl != null && (filtered == null || !filtered.containsKey(st.cl))) {
            filterClassChain(st.cl);        // first use in this message
        } else {
            typeBackReference();
        }
        return st;
    }

    private String readName() throws IOException {
        return readName(0);
    }

    /**
     * Reads a name, asking the source for it together with the {@code after}
     * bytes that a descriptor's structure puts after it (a field's type code
     * and the first byte of its name's length, a count, a serialVersionUID):
     * read item by item, a descriptor then takes one read per field rather
     * than three, and never a byte a well-formed stream does not have there.
     */
    private String readName(int after) throws IOException {
        int header = varint();
        int n = header >>> 1;
        if (n > Wire.MAX_NAME_LENGTH) {
            throw new StreamCorruptedException("name of " + n + " chars");
        }
        if ((header & 1) != 0) {
            need(n + after);
            byte[] a = array;
            if (a != null) {
                // one copy, not a checked read per byte into a char[] to compress
                String s = JLA.newStringLatin1(a, arrayStart + pos, n);
                pos += n;
                return s;
            }
            char[] c = new char[n];
            for (int i = 0; i < n; i++) {
                c[i] = (char) (win.getByte(pos + i) & 0xFF);
            }
            pos += n;
            return new String(c);
        }
        need(2 * n + after);
        char[] c = new char[n];
        bulk(c, Unsafe.ARRAY_CHAR_BASE_OFFSET, n, 2);
        return new String(c);
    }

    // What a well-formed descriptor has after an item, asked for with the
    // item (readName's after): the first byte of a name's or count's varint.
    private static final int NEXT_VARINT = 1;
    // A field: its type code, then its name's length.
    private static final int NEXT_FIELD = 2;
    // A level's own part: serialVersionUID, flags, fingerprint, field count,
    // and the first byte after the count (a field's type code or the
    // reference field count).
    private static final int LEVEL_HEAD = Long.BYTES + 1 + Long.BYTES + NEXT_VARINT + 1;

    /** What a descriptor of this kind has after its name (0 for an invalid kind). */
    private static int afterTypeName(int kind) {
        return switch (kind) {
            case Wire.KIND_PROXY, Wire.KIND_ENUM -> NEXT_VARINT;        // a count
            case Wire.KIND_EXTERNALIZABLE, Wire.KIND_FAST -> Long.BYTES;   // the serialVersionUID
            // and the level count, then a level's name or own part (there is at least one level)
            case Wire.KIND_SERIALIZABLE, Wire.KIND_RECORD -> Long.BYTES + NEXT_VARINT + 1;
            default -> 0;
        };
    }

    private int count(String what) throws IOException {
        long left = snapshot != null ? snapshot.end - pos : deliverable();
        return length(Math.min(Wire.MAX_DESCRIPTOR_COUNT, left), what);
    }

    private StreamType readTypeDescriptor() throws IOException, ClassNotFoundException {
        if (typeCount >= MAX_TYPES) {
            throw new InvalidClassException("type table full: more than " + MAX_TYPES
                    + " types in one stream (jdk.fastserial.maxTypes)");
        }
        // A class annotation may hold objects whose types come here too,
        // while the annotated descriptor is counted (checkDescriptorBytes).
        long annotated = descriptorStart;
        descriptorStart = bytesRead();
        try {
            return addType(descriptorType());
        } finally {
            descriptorStart = annotated;
        }
    }

    /** The type of the descriptor at pos: as read before (DescriptorCache), else parsed. */
    private StreamType descriptorType() throws IOException {
        int slot = descriptorSlot();
        if (slot < 0 && source != null) {
            slot = descriptorSlotAsRead();
        }
        if (slot >= 0) {
            DescriptorCache.Entry cached = DescriptorCache.get(slot);
            if (cached != null && (cached.matches(win, pos, limit)
                                   || source != null && limit - pos < cached.length() && matchesAsRead(cached))) {
                // read before, by this or another stream: the same bytes parse to the same type
                pos += cached.length();
                checkDescriptorBytes();
                StreamType bound = boundBefore(cached);
                return bound != null ? bound : new StreamType(cached);
            }
        }
        DescriptorCache.Parsed parsed = parseDescriptor();
        int start = (int) (descriptorStart - consumedBefore);
        int length = pos - start;
        if (slot >= 0 && start >= 0 && length > 0 && length <= DescriptorCache.MAX_BYTES
                && length <= win.limit - start) {
            // all its bytes are still in the buffer (fill keeps them if it can)
            byte[] bytes = new byte[length];
            win.copyTo(start, bytes, Unsafe.ARRAY_BYTE_BASE_OFFSET, length, 1, false);
            DescriptorCache.Entry kept = putSnapshot(slot, bytes);
            if (kept != null) {
                // the kept parse is this one's twin, with levels the next stream shares
                return new StreamType(kept);
            }
        }
        return new StreamType(parsed);
    }

    /**
     * Whether the descriptor coming at pos, not all in the buffer yet, has
     * the bytes of {@code cached}: read only as far as a parse of it would
     * read (the entry's read points), so that a shorter descriptor leaves
     * what follows it in the source. The bytes read stay in the buffer at
     * pos, for the parse if they differ.
     */
    private boolean matchesAsRead(DescriptorCache.Entry cached) throws IOException {
        int matched = Math.min(limit - pos, cached.length());
        if (!matchesPart(cached, 0, matched)) {
            return false;
        }
        for (int k = cached.readPointPast(matched); matched < cached.length(); k++) {
            int next = cached.readPoint(k);
            need(next);
            if (!matchesPart(cached, matched, next - matched)) {
                return false;
            }
            matched = next;
        }
        return true;
    }

    /** Whether the n bytes from pos + from equal those of cached from there. */
    private boolean matchesPart(DescriptorCache.Entry cached, int from, int n) {
        // a byte or a name at a time: no scoped access to set up for each
        return array != null && arrayStart == 0 ? cached.matchesPart(array, pos + from, from, n)
                : cached.matchesPart(win, pos + from, from, n);
    }

    /** Parses a descriptor from its kind on (the type id 0 read). */
    private DescriptorCache.Parsed parseDescriptor() throws IOException {
        need(1 + NEXT_VARINT);                  // the kind and its name's length
        int kind = nextByte();
        if (kind < 1 || kind > Wire.MAX_KIND) {
            throw new StreamCorruptedException("invalid type kind " + kind);
        }
        String name = readName(afterTypeName(kind));
        checkClassName(name);
        long suid = 0;
        String[] interfaces = null;
        StreamLevel[] levels = new StreamLevel[0];
        switch (kind) {
            case Wire.KIND_PROXY -> {
                int n = count("interface count");
                interfaces = new String[n];
                for (int i = 0; i < n; i++) {
                    interfaces[i] = readName(NEXT_VARINT);     // a name or the level count
                    checkClassName(interfaces[i]);
                }
                levels = readLevels(name);
            }
            case Wire.KIND_EXTERNALIZABLE, Wire.KIND_FAST -> suid = getLong();
            case Wire.KIND_SERIALIZABLE, Wire.KIND_RECORD -> {
                suid = getLong();
                levels = readLevels(name);
            }
            default -> { }
        }
        String[] enumNames = null;
        if (kind == Wire.KIND_ENUM) {
            enumNames = new String[count("enum constant count")];
            for (int i = 0; i < enumNames.length; i++) {
                enumNames[i] = readName(i + 1 < enumNames.length ? NEXT_VARINT : 0);
                checkDescriptorBytes();
            }
        }
        checkDescriptorBytes();
        return new DescriptorCache.Parsed(kind, name, suid, levels, interfaces, enumNames);
    }

    /**
     * Keeps a private copy of a descriptor's bytes in DescriptorCache with
     * what it parses to and where the parse asked for input, or nothing if
     * it does not parse to exactly those bytes. The cache is filled only so:
     * the stream's own buffer may change under a parse (an application that
     * reuses an array too early, or uses a stream from two threads), and a
     * pair of bytes and parse that do not belong together must never reach
     * other streams. Parsed by this stream, its window moved to the copy for
     * the time (a new stream would call the JVM-wide filter factory).
     */
    private DescriptorCache.Entry putSnapshot(int slot, byte[] bytes) {
        Window savedWin = win;
        int savedPos = pos;
        int savedLimit = limit;
        long savedConsumed = consumedBefore;
        long savedStart = descriptorStart;
        Snapshot sn = new Snapshot(bytes.length);
        snapshot = sn;
        try {
            setWindow(Window.ofArray(bytes, 0, bytes.length));
            pos = 0;
            limit = 0;                      // given as the parse asks: giveSnapshot
            consumedBefore = 0;
            descriptorStart = 0;
            DescriptorCache.Parsed parsed = parseDescriptor();
            return pos == bytes.length
                    ? DescriptorCache.put(slot, bytes, parsed, Arrays.copyOf(sn.readPoints, sn.readPointCount))
                    : null;
        } catch (IOException | RuntimeException e) {
            return null;
        } finally {
            snapshot = null;
            setWindow(savedWin);
            pos = savedPos;
            limit = savedLimit;
            consumedBefore = savedConsumed;
            descriptorStart = savedStart;
        }
    }

    private StreamType addType(StreamType st) throws IOException, ClassNotFoundException {
        if (typeCount == types.length) {
            types = Arrays.copyOf(types, typeCount * 2);
        }
        types[typeCount++] = st;
        if (st.cl == null) {
            resolve(st);
        }                       // else bound before (boundBefore), what follows its descriptor read
        descriptorBytes += checkDescriptorBytes();
        return st;
    }

    /**
     * The type another stream bound from the cached descriptor just read,
     * if this stream would bind the same: the default resolveClass finds
     * the same class, no filter is asked, and the bytes after the
     * descriptor (its class annotation and superclass names) are those the
     * other stream read there, with no object in them. Then resolve would
     * read just those bytes and bind an equal type, which, once bound, is
     * never changed: the type is shared and they are skipped. A fresh
     * stream per message otherwise resolves and binds every type again
     * (most of what a fresh pair costs over a reused one on graphs of a
     * few classes, jdk-module/README.md). Null otherwise.
     */
    private StreamType boundBefore(DescriptorCache.Entry cached) {
        DescriptorCache.Bound b;
        if (!defaultResolve || (b = cached.bound()) == null || facade.getObjectInputFilter() != null) {
            return null;
        }
        byte[] tail = b.tail;
        StreamType st;
        if (limit - pos < tail.length || !win.regionEquals(pos, tail) || (st = b.get()) == null
                || cached.resolvedIn(latestUserDefinedLoader()) != st.cl) {
            return null;
        }
        pos += tail.length;
        totalRefs++;                // as filterClassChain counts a class without a filter
        return st;
    }

    /**
     * The DescriptorCache slot of the descriptor at pos, from its name's
     * bytes, or -1 if its kind and name are not all in the buffer yet (it
     * is then parsed, as it arrives, and not cached).
     */
    private int descriptorSlot() {
        int i = pos + 1;                    // after the kind
        int header = 0;
        for (int shift = 0; ; shift += 7) {
            if (i >= limit || shift > 28) {
                return -1;
            }
            byte b = byteAt(i++);
            header |= (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        int n = header >>> 1;
        long bytes = (header & 1) != 0 ? n : 2L * n;
        if (n > Wire.MAX_NAME_LENGTH || bytes > limit - i) {
            return -1;
        }
        return DescriptorCache.slot(win, i, (int) bytes);
    }

    /**
     * The DescriptorCache slot of the descriptor at pos, its kind and name
     * read from the source as far as they are not in the buffer: as a
     * parse reads them, the kind with the name's length (byte by byte from
     * its second), then the name with what follows it; or -1 (what was
     * read stays in the buffer for the parse) if the kind or length is not
     * one a parse would go on after, or if the name alone is too long for
     * DescriptorCache.
     */
    private int descriptorSlotAsRead() throws IOException {
        need(1 + NEXT_VARINT);
        int kind = byteAt(pos);
        if (kind < 1 || kind > Wire.MAX_KIND) {
            return -1;
        }
        int header = 0;
        int i = 1;                          // after the kind
        for (int shift = 0; ; shift += 7) {
            if (shift > 21) {
                return -1;                  // longer than any name DescriptorCache keeps
            }
            need(i + 1);
            byte b = byteAt(pos + i++);
            header |= (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        int n = header >>> 1;
        int bytes = (header & 1) != 0 ? n : 2 * n;
        if (n > Wire.MAX_NAME_LENGTH || i + bytes > DescriptorCache.MAX_BYTES) {
            return -1;
        }
        need(i + bytes + afterTypeName(kind));
        return DescriptorCache.slot(win, pos + i, bytes);
    }

    /**
     * Bounds the heap that descriptors may take: a peer could otherwise
     * grow a long-lived stream's type table without end, at several bytes
     * of heap per byte sent. Checked as a descriptor is read, so one huge
     * descriptor fails early too.
     *
     * @return the bytes of the descriptor being read so far
     */
    private long checkDescriptorBytes() throws StreamCorruptedException {
        long current = bytesRead() - descriptorStart;
        if (descriptorBytes + current > MAX_DESCRIPTOR_BYTES) {
            throw new StreamCorruptedException("type descriptors exceed " + MAX_DESCRIPTOR_BYTES
                    + " bytes in one stream (jdk.fastserial.maxDescriptorBytes)");
        }
        return current;
    }

    private static void checkClassName(String name) throws StreamCorruptedException {
        if (name.isEmpty() || name.indexOf('/') >= 0 || name.indexOf(';') >= 0 && !name.startsWith("[")) {
            throw new StreamCorruptedException("invalid class name: " + name);
        }
    }

    /** The levels of type typeName, topmost first; the last, unnamed, is typeName's own. */
    private StreamLevel[] readLevels(String typeName) throws IOException {
        int n = count("level count");
        if (n == 0) {
            throw new StreamCorruptedException("type " + typeName + " without its own level");
        }
        StreamLevel[] levels = new StreamLevel[n];
        for (int i = 0; i < n; i++) {
            String name = typeName;
            if (i < n - 1) {
                name = readName(LEVEL_HEAD);
                checkClassName(name);
            }
            need(LEVEL_HEAD);
            long suid = getLong();
            int flags = nextByte();
            long fingerprint = getLong();
            int np = count("field count");
            char[] primCodes = new char[np];
            String[] primNames = new String[np];
            if (np > 0) {
                need(NEXT_FIELD);
            }
            for (int j = 0; j < np; j++) {
                primCodes[j] = (char) nextByte();
                if (TypeInfo.width(primCodes[j]) < 0) {
                    throw new StreamCorruptedException("invalid field type code " + (int) primCodes[j]);
                }
                primNames[j] = readName(j + 1 < np ? NEXT_FIELD : NEXT_VARINT);   // or the reference count
                checkDescriptorBytes();
            }
            int nr = count("field count");
            char[] refCodes = new char[nr];
            String[] refNames = new String[nr];
            String[] refSigs = new String[nr];
            if (nr > 0) {
                need(NEXT_FIELD);
            }
            // after the level's last field: the next level's name or own part, or the end
            int afterLevel = i + 1 == n ? 0 : i + 1 < n - 1 ? NEXT_VARINT : LEVEL_HEAD;
            for (int j = 0; j < nr; j++) {
                refCodes[j] = (char) nextByte();
                if (refCodes[j] != 'L' && refCodes[j] != '[') {
                    throw new StreamCorruptedException("invalid field type code " + (int) refCodes[j]);
                }
                refNames[j] = readName(NEXT_VARINT);       // the signature's length
                refSigs[j] = readName(j + 1 < nr ? NEXT_FIELD : afterLevel);
                checkDescriptorBytes();
            }
            levels[i] = new StreamLevel(name, suid, flags, fingerprint, primCodes, primNames,
                                        refCodes, refNames, refSigs);
        }
        return levels;
    }

    /** resolveClass (with the type's annotation readable), binding and filter checks. */
    private void resolve(StreamType st) throws IOException, ClassNotFoundException {
        Object savedObj = curObj;
        Slot savedSlot = curSlot;
        int savedMode = mode;
        int savedBlock = blockRemaining;
        curObj = null;
        curSlot = null;
        mode = CUSTOM;
        blockRemaining = 0;
        Class<?> cl = null;
        try {
            try {
                if (st.kind == Wire.KIND_PROXY) {
                    cl = resolveProxyClass(st.interfaces);
                } else if (st.cached != null && defaultResolve) {
                    cl = resolveCached(st.cached);
                } else {
                    cl = resolveClass(OSC.newUnresolvedDescriptor(st.name, st.suid));
                }
            } catch (ClassNotFoundException e) {
                st.resolveException = e;
            }
            mode = CUSTOM;
            blockRemaining = 0;
            skipCustomData();
            // Each serializable superclass, with its own annotation, as the JDK's
            // superclass descriptors; the local hierarchy decides the levels.
            // What resolveClass returns for one is not used: it is called for
            // what an override does (RMI's codebase loading), and the default
            // one, a Class.forName after a stack walk for every enum's
            // java.lang.Enum in every fresh stream, is skipped.
            int supers = count("superclass count");
            for (int i = 0; i < supers; i++) {
                String superName = readName();
                checkClassName(superName);
                mode = CUSTOM;
                blockRemaining = 0;
                if (!defaultResolve) {
                    try {
                        resolveClass(OSC.newUnresolvedDescriptor(superName, levelSuid(st, superName)));
                    } catch (ClassNotFoundException e) {
                        // Matched by name against the local class's hierarchy below.
                    }
                }
                mode = CUSTOM;
                blockRemaining = 0;
                skipCustomData();
            }
        } finally {
            curObj = savedObj;
            curSlot = savedSlot;
            mode = savedMode;
            blockRemaining = savedBlock;
        }
        if (cl == null) {
            if (st.resolveException == null) {
                st.resolveException = new ClassNotFoundException(st.name);
            }
            // As the JDK's stream: the filter sees a descriptor it cannot resolve too (limits only).
            if (facade.getObjectInputFilter() != null) {
                filterCheck(null, -1);
            }
            totalRefs++;
            return;
        }
        st.unfiltered = cl;
        filterAndBind(st);
        // Other streams of the default resolveClass may take this type as it
        // is (boundBefore). What they compare the bytes after the descriptor
        // with is what a plain writer of the local class writes there, not
        // the bytes read here: a stream read by several threads at once must
        // not teach other streams bytes it did not parse, and a type does not
        // depend on those bytes (annotations are skipped, the local hierarchy
        // decides the levels).
        if (st.cached != null && defaultResolve && st.kind != Wire.KIND_PROXY) {
            DescriptorCache.Bound b = st.cached.bound();
            StreamType before = b != null ? b.get() : null;
            byte[] tail = st.local.plainTail();
            if ((before == null || before.cl != cl) && tail != null && st.cl == cl) {
                st.cached.bound(st, tail);
            }
        }
    }

    /**
     * The JDK's order: the filter is asked before the class is initialized
     * or anything is generated for it, so a rejected class stays untouched;
     * the type stays unbound, and the filter is asked again when it is used
     * again (the filter may differ from message to message).
     */
    private void filterAndBind(StreamType st) throws InvalidClassException {
        Class<?> cl = st.unfiltered;
        if (st.kind == Wire.KIND_PROXY && facade.getObjectInputFilter() != null) {
            for (Class<?> i : cl.getInterfaces()) {
                filterCheck(i, -1);
            }
        }
        filterClassChain(cl);
        st.unfiltered = null;
        // resolveClass may map the name to another class, as the JDK allows: the local class decides.
        st.bind(cl);
    }

    private static long levelSuid(StreamType st, String name) {
        for (StreamLevel l : st.levels) {
            if (l.name.equals(name)) {
                return l.suid;
            }
        }
        return 0L;
    }

    /**
     * Asks the filter about a class and its serializable superclasses, as
     * the JDK's stream asks about a class descriptor and its superclass
     * descriptors: once per class per stream (later, as a back reference),
     * superclasses one level deeper each.
     */
    private void filterClassChain(Class<?> cl) throws InvalidClassException {
        if (facade.getObjectInputFilter() == null) {
            totalRefs++;
            return;
        }
        if (filtered == null) {
            filtered = new java.util.IdentityHashMap<>();
        }
        int savedDepth = depth;
        try {
            for (Class<?> c = cl; c != null; c = serializableSuperclass(c)) {
                if (filtered.containsKey(c)) {
                    filterCheck(null, -1);
                    break;
                }
                filterCheck(c, -1);          // as the JDK's: before counting the descriptor
                filtered.put(c, Boolean.TRUE);  // only once allowed: a refused class is asked again
                totalRefs++;
                depth++;
            }
        } finally {
            depth = savedDepth;
        }
    }

    private static Class<?> serializableSuperclass(Class<?> c) {
        if (c.isArray()) {
            return null;
        }
        Class<?> s = c.getSuperclass();
        return s != null && java.io.Serializable.class.isAssignableFrom(s) ? s : null;
    }

    /** A type met again: the JDK's back reference to a class descriptor. */
    private void typeBackReference() throws InvalidClassException {
        if (facade.getObjectInputFilter() != null) {
            filterCheck(null, -1);
        }
    }

    /** Classes the filter was asked about since the last full reset. */
    private java.util.IdentityHashMap<Class<?>, Boolean> filtered;

    /**
     * Loads the local class for a stream class, as {@link
     * ObjectInputStream#resolveClass} does: with the latest user-defined
     * class loader on the stack. Frames of generated marshalers (hidden
     * classes) do not count, so that a marshaler reading a field does not
     * change the loader the JDK's stream would use.
     */
    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        String name = desc.getName();
        try {
            return Class.forName(name, false, latestUserDefinedLoader());
        } catch (ClassNotFoundException ex) {
            Class<?> primitive = primitiveClass(name);
            if (primitive != null) {
                return primitive;
            }
            throw ex;
        }
    }

    /** Whether a stream class keeps this class's resolveClass. */
    private static final ClassValue<Boolean> DEFAULT_RESOLVE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return StreamMethods.declaringClass(type, "resolveClass", ObjectStreamClass.class)
                    == FastObjectInputStream.class;
        }
    };

    /** Whether a stream class keeps this class's methods that HashMap.readObject calls. */
    private static final ClassValue<Boolean> KEEPS_MAP_READS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return StreamMethods.declaringClass(type, "readObject") == FastObjectInputStream.class
                    && StreamMethods.declaringClass(type, "readFields") == FastObjectInputStream.class
                    && StreamMethods.declaringClass(type, "readInt") == FastObjectInputStream.class;
        }
    };

    /**
     * What {@link #resolveClass} answers for a cached descriptor's name, for
     * a stream that keeps it: the class found before for the same name and
     * the same class loader, if both are still there. The VM keeps the class
     * a loader has once returned for a name (the loader is recorded as its
     * initiating loader), so this is what {@code Class.forName} would find.
     */
    private Class<?> resolveCached(DescriptorCache.Entry cached) throws ClassNotFoundException {
        ClassLoader loader = latestUserDefinedLoader();
        Class<?> cl = cached.resolvedIn(loader);
        if (cl == null) {
            try {
                cl = Class.forName(cached.parsed.name(), false, loader);
            } catch (ClassNotFoundException ex) {
                Class<?> primitive = primitiveClass(cached.parsed.name());
                if (primitive != null) {
                    return primitive;
                }
                throw ex;
            }
            cached.resolved(loader, cl);
        }
        return cl;
    }

    /** Generated marshalers (hidden classes) on the stack: their frames must not choose the loader. */
    private int marshalerDepth;

    private static final StackWalker STACK = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final ClassLoader PLATFORM_LOADER = ClassLoader.getPlatformClassLoader();

    /*
     * One walk per top-level read: between the caller of readObject and
     * here there are only this stream's frames and generated marshalers
     * (whose frames do not count) until a class-defined method runs. Each
     * of those (readObject, readExternal, readFast) is a frame of its class
     * on top of the stack: its reads walk again, and the outer walk holds
     * again when it returns.
     */
    private ClassLoader latestUserDefinedLoader() {
        Object loader = walkedLoader;
        if (loader == NOT_WALKED) {
            walkedLoader = loader = marshalerDepth == 0
                    ? jdk.internal.misc.VM.latestUserDefinedLoader()    // what the JDK's stream asks
                    : walkLatestUserDefinedLoader();
        }
        return (ClassLoader) loader;
    }

    // The latest user-defined loader of this read (null: none, the boot
    // loader), or NOT_WALKED; saved and restored around class-defined methods.
    private Object walkedLoader = NOT_WALKED;
    private static final Object NOT_WALKED = new Object();

    private static ClassLoader walkLatestUserDefinedLoader() {
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        return STACK.walk(frames -> frames
                .map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> !c.isHidden())
                .map(Class::getClassLoader)
                .filter(l -> l != null && l != platform)
                .findFirst()
                .orElse(null));
    }

    private static Class<?> primitiveClass(String name) {
        return switch (name) {
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "char" -> char.class;
            case "short" -> short.class;
            case "int" -> int.class;
            case "long" -> long.class;
            case "float" -> float.class;
            case "double" -> double.class;
            case "void" -> void.class;
            default -> null;
        };
    }

    // =====================================================================
    // Filters

    private void filterCheck(Class<?> cl, long arrayLength) throws InvalidClassException {
        // A facade (RMI's marshal stream) is where callers set the filter.
        ObjectInputFilter filter = facade.getObjectInputFilter();
        if (filter == null) {
            return;
        }
        ObjectInputFilter.Status status;
        RuntimeException ex = null;
        try {
            status = filter.checkInput(new FilterInfo(cl, arrayLength, depth, totalRefs - filterRefsBase,
                                                      bytesRead() - filterBytesBase));
        } catch (RuntimeException e) {
            status = ObjectInputFilter.Status.REJECTED;
            ex = e;
        }
        if (status == null || status == ObjectInputFilter.Status.REJECTED) {
            throw new InvalidClassException("filter status: " + status, ex);
        }
    }

    /**
     * ObjectInputStream.checkArray for this stream: a class (ArrayList,
     * HashMap...) is about to allocate an array of a length it read. The
     * filter decides, and the input must be able to deliver the array's
     * content: at least one byte per eight elements (a HashMap's table has
     * up to eight slots per mapping, and every mapping takes bytes).
     */
    private void checkArrayForClass(Class<?> arrayType, int arrayLength) throws ObjectStreamException {
        if (!arrayType.isArray()) {
            throw new IllegalArgumentException("not an array type");
        }
        if (arrayLength < 0) {
            throw new StreamCorruptedException("Array length is negative");
        }
        filterCheck(arrayType, arrayLength);
        try {
            requireDeliverable(arrayLength >>> 3, "an array", arrayLength, "elements");
        } catch (ObjectStreamException e) {
            throw e;
        } catch (IOException e) {
            throw (StreamCorruptedException) new StreamCorruptedException(
                    "an array of " + arrayLength + " elements, but the stream ends first").initCause(e);
        }
    }

    private record FilterInfo(Class<?> serialClass, long arrayLength, long depth, long references,
                              long streamBytes) implements ObjectInputFilter.FilterInfo { }

    // =====================================================================
    // Class-defined methods' API

    /**
     * Reads the serializable fields of the class whose {@code readObject} is
     * running, as the JDK's {@code defaultReadObject} does.
     *
     * @throws NotActiveException if no class-defined {@code readObject} is running
     * @throws IOException if the input fails or is corrupt
     * @throws ClassNotFoundException if a class of a field's value cannot be found
     */
    @Override
    public void defaultReadObject() throws IOException, ClassNotFoundException {
        if (curSlot == null) {
            throw new NotActiveException("not in call to readObject");
        }
        if (curDefaultsRead) {
            throw new NotActiveException("not in readObject invocation or fields already read");
        }
        enterFields(curSlot.stream);
        int savedMode = mode;
        mode = TOP;
        try {
            readFields(curObj, curSlot);
        } finally {
            mode = savedMode;
        }
        curDefaultsRead = true;
        if (pendingNotFound != null) {
            throw pendingNotFound;      // as the JDK's: a field's class was not found
        }
    }

    @Override
    public ObjectInputStream.GetField readFields() throws IOException, ClassNotFoundException {
        if (curSlot == null) {
            throw new NotActiveException("not in call to readObject");
        }
        if (curDefaultsRead) {
            throw new NotActiveException("not in readObject invocation or fields already read");
        }
        enterFields(curSlot.stream);
        StreamLevel s = curSlot.stream;
        int savedMode = mode;
        mode = TOP;
        try {
            need(s.primSize);
            byte[] prims = new byte[s.primSize];
            win.copyTo(pos, prims, BYTE_BASE, s.primSize, 1, false);
            pos += s.primSize;
            Object[] refs = new Object[s.refNames.length];
            for (int i = 0; i < refs.length; i++) {
                RefField f = curSlot.refTargets[i];
                refs[i] = readObject0(f != null && f.unshared);
            }
            curDefaultsRead = true;
            return new GetFieldImpl(curSlot, prims, refs);
        } finally {
            mode = savedMode;
        }
    }

    /**
     * Inside class-defined data, default field data is tagged FIELDS: the
     * block data before it must have been read, and a class whose fields
     * were not written there reads no fields.
     */
    private void enterFields(StreamLevel s) throws IOException {
        if (blockRemaining > 0) {
            throw new StreamCorruptedException("unread block data");
        }
        if (mode != CUSTOM) {
            return;                      // default data of a level without writeObject
        }
        need(1);
        byte tag = win.getByte(pos);
        if (tag == Wire.FIELDS) {
            pos++;
        } else if (tag == Wire.BLOCK) {
            throw new StreamCorruptedException("unread block data");
        } else if (s.primSize > 0 || s.refNames.length > 0) {
            throw new StreamCorruptedException("no field data where " + s.name + "'s fields are read");
        }
    }

    /** GetField over one level's stream data. */
    private final class GetFieldImpl extends ObjectInputStream.GetField {
        private final Slot slot;
        private final byte[] prims;
        private final Object[] refs;

        GetFieldImpl(Slot slot, byte[] prims, Object[] refs) {
            this.slot = slot;
            this.prims = prims;
            this.refs = refs;
        }

        @Override
        public ObjectStreamClass getObjectStreamClass() {
            return slot.local.desc;
        }

        /** Index of the stream's primitive field, -1 if only the local class has it. */
        private int prim(String name, char code) {
            StreamLevel s = slot.stream;
            int i = s.primIndex(name);
            if (i >= 0 && s.primCodes[i] == code) {
                return i;
            }
            TypeInfo.PrimField lf = slot.local.prim(name);
            if (lf != null && lf.code == code) {
                return -1;
            }
            throw new IllegalArgumentException("no such field " + name + " with type " + TypeInfo.typeName(code));
        }

        private long bits(int i) {
            StreamLevel s = slot.stream;
            long at = BYTE_BASE + s.primOffsets[i];
            int w = TypeInfo.width(s.primCodes[i]);
            return switch (w) {
                case 1 -> U.getByte(prims, at);
                case 2 -> swapImages ? Short.reverseBytes(U.getShortUnaligned(prims, at)) : U.getShortUnaligned(prims, at);
                case 4 -> swapImages ? Integer.reverseBytes(U.getIntUnaligned(prims, at)) : U.getIntUnaligned(prims, at);
                default -> swapImages ? Long.reverseBytes(U.getLongUnaligned(prims, at)) : U.getLongUnaligned(prims, at);
            };
        }

        @Override
        public boolean defaulted(String name) {
            StreamLevel s = slot.stream;
            if (s.primIndex(name) >= 0 || s.refIndex(name) >= 0) {
                return false;
            }
            if (slot.local.prim(name) != null || slot.local.refIndex(name) >= 0) {
                return true;
            }
            throw new IllegalArgumentException("no such field " + name);
        }

        @Override public boolean get(String name, boolean val) { int i = prim(name, 'Z'); return i < 0 ? val : bits(i) != 0; }
        @Override public byte get(String name, byte val) { int i = prim(name, 'B'); return i < 0 ? val : (byte) bits(i); }
        @Override public char get(String name, char val) { int i = prim(name, 'C'); return i < 0 ? val : (char) bits(i); }
        @Override public short get(String name, short val) { int i = prim(name, 'S'); return i < 0 ? val : (short) bits(i); }
        @Override public int get(String name, int val) { int i = prim(name, 'I'); return i < 0 ? val : (int) bits(i); }
        @Override public long get(String name, long val) { int i = prim(name, 'J'); return i < 0 ? val : bits(i); }
        @Override public float get(String name, float val) {
            int i = prim(name, 'F');
            return i < 0 ? val : Float.intBitsToFloat((int) bits(i));
        }
        @Override public double get(String name, double val) {
            int i = prim(name, 'D');
            return i < 0 ? val : Double.longBitsToDouble(bits(i));
        }
        @Override
        public Object get(String name, Object val) {
            int i = slot.stream.refIndex(name);
            if (i >= 0) {
                return refs[i];
            }
            if (slot.local.refIndex(name) >= 0) {
                return val;
            }
            throw new IllegalArgumentException("no such field " + name + " with type Object");
        }
    }

    @Override
    public void registerValidation(ObjectInputValidation obj, int prio)
            throws NotActiveException, InvalidObjectException {
        if (depth == 0) {
            throw new NotActiveException("stream inactive");
        }
        if (obj == null) {
            throw new InvalidObjectException("null callback");
        }
        if (validations == null) {
            validations = new ArrayList<>();
        }
        validations.add(new Validation(obj, prio, validations.size()));
    }

    private record Validation(ObjectInputValidation callback, int priority, int order) { }

    private void runValidations() throws InvalidObjectException {
        List<Validation> list = validations;
        validations = null;
        // Highest priority first; among equals, the last registered first (as the JDK's list).
        list.sort((a, b) -> a.priority != b.priority ? Integer.compare(b.priority, a.priority)
                                                      : Integer.compare(b.order, a.order));
        for (Validation v : list) {
            v.callback.validateObject();
        }
    }

    @Override
    protected boolean enableResolveObject(boolean enable) throws SecurityException {
        boolean was = enableResolve;
        super.enableResolveObject(enable);
        enableResolve = enable;
        return was;
    }

    // =====================================================================
    // DataInput, framed in blocks

    /** Makes at least n bytes of the current block buffered; false at the end of block data. */
    private boolean blockNeed(int n) throws IOException {
        if (blockRemaining >= n) {
            need(n);
            return true;
        }
        return false;
    }

    /** Moves to the next block; false at the end of block data. */
    private boolean nextBlock() throws IOException {
        if (closed) {
            throw new IOException("stream closed");     // not the end of the data: there is none
        }
        while (blockRemaining == 0) {
            if (mode == NO_DATA) {
                return false;
            }
            if (pos >= limit) {
                if (source == null) {
                    return false;
                }
                try {
                    fill(1);
                } catch (EOFException e) {
                    return false;
                }
            }
            byte tag = win.getByte(pos);
            if (tag == Wire.BLOCK) {
                pos++;
                blockRemaining = blockLength();
                if (depth == 0) {
                    returnUnread();
                }
            } else if ((tag == Wire.RESET || tag == Wire.RESET_OBJECTS) && depth == 0) {
                pos++;
                handleReset(tag == Wire.RESET);
            } else {
                return false;
            }
        }
        return true;
    }

    /** Reads n (at most 8) bytes of block data, across blocks, as a big-endian value (DataInput's order). */
    private long blockValue(int n) throws IOException {
        long v = 0;
        for (int i = 0; i < n; i++) {
            if (blockRemaining == 0 && !nextBlock()) {
                throw new EOFException();
            }
            v = (v << 8) | (nextByte() & 0xFF);
            blockRemaining--;
        }
        return v;
    }

    @Override
    public int read() throws IOException {
        if (blockRemaining == 0 && !nextBlock()) {
            return -1;
        }
        blockRemaining--;
        return nextByte() & 0xFF;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, buf.length);
        if (len == 0) {
            return 0;
        }
        if (blockRemaining == 0 && !nextBlock()) {
            return -1;
        }
        if (pos >= limit) {
            fill(1);
        }
        int n = Math.min(len, Math.min(blockRemaining, limit - pos));
        win.copyTo(pos, buf, BYTE_BASE + off, n, 1, false);
        pos += n;
        blockRemaining -= n;
        return n;
    }

    @Override
    public void readFully(byte[] buf) throws IOException {
        readFully(buf, 0, buf.length);
    }

    @Override
    public void readFully(byte[] buf, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, buf.length);
        while (len > 0) {
            int n = read(buf, off, len);
            if (n < 0) {
                throw new EOFException();
            }
            off += n;
            len -= n;
        }
    }

    @Override
    public int available() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
        if (blockRemaining == 0 && (pos >= limit || !nextBlock())) {
            return 0;
        }
        return Math.min(blockRemaining, limit - pos);
    }

    @Override
    public int skipBytes(int len) throws IOException {
        int skipped = 0;
        while (skipped < len) {
            if (blockRemaining == 0 && !nextBlock()) {
                break;
            }
            if (pos >= limit) {
                fill(1);
            }
            int n = Math.min(len - skipped, Math.min(blockRemaining, limit - pos));
            pos += n;
            blockRemaining -= n;
            skipped += n;
        }
        return skipped;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        if (blockNeed(1)) {
            blockRemaining--;
            return byteAt(pos++);
        }
        return (byte) blockValue(1);
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xFF;
    }

    // One method per width, a single load in the open block; readChar does not
    // call readShort (as getChar does getShort): both may be overridden.
    @Override
    public char readChar() throws IOException {
        if (blockNeed(2)) {
            blockRemaining -= 2;
            byte[] a = array;
            char v = a != null ? (char) Window.CHAR_BE.get(a, arrayStart + pos) : win.getChar(pos, true);
            pos += 2;
            return v;
        }
        return (char) blockValue(2);
    }

    @Override
    public short readShort() throws IOException {
        if (blockNeed(2)) {
            blockRemaining -= 2;
            byte[] a = array;
            short v = a != null ? (short) Window.SHORT_BE.get(a, arrayStart + pos) : win.getShort(pos, true);
            pos += 2;
            return v;
        }
        return (short) blockValue(2);
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xFFFF;
    }

    @Override
    public int readInt() throws IOException {
        if (blockNeed(4)) {
            blockRemaining -= 4;
            byte[] a = array;
            int v = a != null ? (int) Window.INT_BE.get(a, arrayStart + pos) : win.getInt(pos, true);
            pos += 4;
            return v;
        }
        return (int) blockValue(4);
    }

    @Override
    public long readLong() throws IOException {
        if (blockNeed(8)) {
            blockRemaining -= 8;
            byte[] a = array;
            long v = a != null ? (long) Window.LONG_BE.get(a, arrayStart + pos) : win.getLong(pos, true);
            pos += 8;
            return v;
        }
        return blockValue(8);
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    /** Reads a string in modified UTF-8, as {@link java.io.DataInput#readUTF} specifies. */
    @Override
    public String readUTF() throws IOException {
        int utflen = readUnsignedShort();
        char[] chars = new char[utflen];
        int n = 0;
        int i = 0;
        while (i < utflen) {
            int c = readUnsignedByte();
            i++;
            if (c < 0x80) {
                chars[n++] = (char) c;
            } else if ((c & 0xE0) == 0xC0) {
                if (i + 1 > utflen) {
                    throw new java.io.UTFDataFormatException("malformed input: partial character at end");
                }
                int c2 = readUnsignedByte();
                i++;
                if ((c2 & 0xC0) != 0x80) {
                    throw new java.io.UTFDataFormatException("malformed input around byte " + i);
                }
                chars[n++] = (char) (((c & 0x1F) << 6) | (c2 & 0x3F));
            } else if ((c & 0xF0) == 0xE0) {
                if (i + 2 > utflen) {
                    throw new java.io.UTFDataFormatException("malformed input: partial character at end");
                }
                int c2 = readUnsignedByte();
                int c3 = readUnsignedByte();
                i += 2;
                if ((c2 & 0xC0) != 0x80 || (c3 & 0xC0) != 0x80) {
                    throw new java.io.UTFDataFormatException("malformed input around byte " + i);
                }
                chars[n++] = (char) (((c & 0x0F) << 12) | ((c2 & 0x3F) << 6) | (c3 & 0x3F));
            } else {
                throw new java.io.UTFDataFormatException("malformed input around byte " + i);
            }
        }
        return new String(chars, 0, n);
    }

    @Override
    @Deprecated
    public String readLine() throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = read()) >= 0) {
            if (c == '\n') {
                return sb.toString();
            }
            if (c == '\r') {
                continue;
            }
            sb.append((char) c);
        }
        return sb.isEmpty() ? null : sb.toString();
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        setWindow(Window.CLOSED);
        limit = 0;
        pos = 0;
        blockRemaining = 0;
        try {
            if (source != null) {
                source.close();
            }
        } finally {
            arena.release();
        }
    }
}
