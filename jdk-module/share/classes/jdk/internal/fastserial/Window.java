/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  Oracle designates this
 * particular file as subject to the "Classpath" exception as provided
 * by Oracle in the LICENSE file that accompanied this code.
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

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

import jdk.fastserial.Marshaler;
import jdk.internal.foreign.AbstractMemorySegmentImpl;
import jdk.internal.foreign.MemorySessionImpl;
import jdk.internal.misc.ScopedMemoryAccess;
import jdk.internal.misc.Unsafe;

/**
 * The memory a fast stream reads or writes: a byte array, a heap segment or
 * native memory, and how many bytes of it the stream may use from index 0.
 *
 * <p>Every access of a stream to its buffer goes through a window, and each
 * access checks its bytes against the window's own bounds, and native memory
 * against its arena's liveness (the FFM API's scoped access, which an
 * arena's close waits out). The one exception is a window that reaches the
 * end of a byte[] ({@link #arrayToEnd()}): the stream accesses the array
 * itself, checked by the JVM. A window never changes; a stream that moves to
 * other memory replaces its window whole. So no misuse of a stream, a call
 * after {@code close()} or two threads at once, can touch memory outside
 * the buffer or memory already freed: the worst it gets is an exception.
 * The streams' own checks come before the window's, so on every path the
 * window's check is a branch that is never taken.
 */
public final class Window {
    private static final ScopedMemoryAccess SMA = ScopedMemoryAccess.getScopedMemoryAccess();

    static {
        // C2 does not inline a method whose signature names a class that the
        // loader of the method's class has not yet been asked for (as the
        // class's defining or initiating loader; the JVM records both). The
        // streams' hot paths name such classes: MemorySessionImpl
        // (every ScopedMemoryAccess accessor) and MemorySegment (the streams'
        // constructors) in a JVM that never touched the FFM API, RecordPlan
        // and Marshaler (what types and reading plans return) before its
        // first record or marshaler, and OutputStream and InputStream (the
        // streams' constructors), which java.base loaded long ago but this
        // module's loader never asked for: its classes come from the image's
        // CDS archive, linked without resolving them, and a stream in memory
        // never calls its sink or source. Such code kept each getLong of a
        // record's fields, or a fresh stream's construction, as a call for
        // the JVM's life: a quarter of reading records10 (perfasm). The
        // class literals resolve them through this module's loader with this
        // class, which every stream's constructor initializes.
        MemorySessionImpl.class.getName();
        MemorySegment.class.getName();
        RecordPlan.class.getName();
        Marshaler.class.getName();
        OutputStream.class.getName();
        InputStream.class.getName();
    }

    private static final long BYTE_BASE = Unsafe.ARRAY_BYTE_BASE_OFFSET;
    private static final int MAX_LENGTH = Integer.MAX_VALUE - 16;
    /** The byte order of the platform, for the accessors' bigEndian argument. */
    public static final boolean NATIVE_BIG_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

    // Views of a byte[] as values, for a stream that reads or writes the
    // array under its window directly: the JVM checks each access against
    // the array's bounds, so a stream needs no check of its own for safety.
    public static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    public static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    public static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    public static final VarHandle CHAR_BE = MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.BIG_ENDIAN);
    public static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    public static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    public static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** A window of no bytes, for a closed stream. */
    public static final Window CLOSED = ofArray(new byte[0], 0, 0);

    private final Object base;                  // the array, or null for native memory
    private final long address;                 // where index 0 is, within base
    /** The bytes of the window, from index 0. */
    public final int limit;
    /** The index in the byte[] under the window of the window's index 0, or -1 if it is not over a byte[]. */
    public final int arrayStart;
    private final MemorySessionImpl session;    // native memory's, checked on each access; null for arrays

    private Window(Object base, long address, int limit, int arrayStart, MemorySessionImpl session) {
        this.base = base;
        this.address = address;
        this.limit = limit;
        this.arrayStart = arrayStart;
        this.session = session;
    }

    /**
     * {@return a window over {@code length} bytes of {@code array} from
     * {@code offset}}
     *
     * @throws IndexOutOfBoundsException if they are not inside the array
     */
    public static Window ofArray(byte[] array, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, array.length);
        return new Window(array, BYTE_BASE + offset, length, offset, null);
    }

    /**
     * {@return a window over {@code length} bytes of {@code segment} from
     * {@code offset}, at most about 2 GiB} The caller keeps the segment's
     * arena acquired while the window is its stream's.
     *
     * @throws IndexOutOfBoundsException if they are not inside the segment
     */
    public static Window of(MemorySegment segment, long offset, long length) {
        Objects.checkFromIndexSize(offset, length, segment.byteSize());
        // MemorySegment is sealed: every segment, a mapped one too, is this class.
        AbstractMemorySegmentImpl impl = (AbstractMemorySegmentImpl) segment;
        Object base = impl.unsafeGetBase();
        long address = impl.unsafeGetOffset() + offset;
        int limit = (int) Math.min(length, MAX_LENGTH);
        if (base == null) {
            return new Window(null, address, limit, -1, impl.sessionImpl());
        }
        // An array lives as long as it is referenced: no liveness to check.
        int arrayStart = base instanceof byte[] ? (int) (address - BYTE_BASE) : -1;
        return new Window(base, address, limit, arrayStart, null);
    }

    /**
     * {@return {@code current} if it is the window {@link #ofArray(byte[],
     * int, int)} would make, else a new one} For a stream that moves from
     * message to message within one buffer: no allocation per message.
     */
    public static Window ofArray(Window current, byte[] array, int offset, int length) {
        if (current.base == array && current.arrayStart == offset && current.limit == length) {
            return current;
        }
        return ofArray(array, offset, length);
    }

    /** {@return {@code current} if it is the window {@link #of(MemorySegment, long, long)} would make, else a new one} */
    public static Window of(Window current, MemorySegment segment, long offset, long length) {
        AbstractMemorySegmentImpl impl = (AbstractMemorySegmentImpl) segment;
        if (current.base == impl.unsafeGetBase() && current.address == impl.unsafeGetOffset() + offset
                && current.limit == (int) Math.min(length, MAX_LENGTH)
                && (current.session == null || current.session == impl.sessionImpl())) {
            Objects.checkFromIndexSize(offset, length, segment.byteSize());
            return current;
        }
        return of(segment, offset, length);
    }

    /**
     * {@return the byte[] under the window if the window reaches its end,
     * else null} A stream may then access the array directly, from
     * {@link #arrayStart} on, with no check but the JVM's: even indices
     * that a stream used by two threads at once gets wrong stay inside the
     * window or fail.
     */
    public byte[] arrayToEnd() {
        return arrayStart >= 0 && (long) arrayStart + limit == ((byte[]) base).length ? (byte[]) base : null;
    }

    // ---- reads ----

    public byte getByte(int i) {
        Objects.checkIndex(i, limit);
        return SMA.getByte(session, base, address + i);
    }

    public short getShort(int i, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 2, limit);
        return SMA.getShortUnaligned(session, base, address + i, bigEndian);
    }

    public char getChar(int i, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 2, limit);
        return SMA.getCharUnaligned(session, base, address + i, bigEndian);
    }

    public int getInt(int i, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 4, limit);
        return SMA.getIntUnaligned(session, base, address + i, bigEndian);
    }

    public long getLong(int i, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 8, limit);
        return SMA.getLongUnaligned(session, base, address + i, bigEndian);
    }

    /**
     * Copies {@code bytes} bytes from index {@code i} into a Java array at
     * {@code arrayOffset} (an Unsafe offset, which the caller has checked
     * against the array), swapping each element of {@code width} bytes if
     * {@code swap}.
     */
    public void copyTo(int i, Object array, long arrayOffset, long bytes, int width, boolean swap) {
        Objects.checkFromIndexSize(i, bytes, limit);
        if (swap && width > 1) {
            SMA.copySwapMemory(session, null, base, address + i, array, arrayOffset, bytes, width);
        } else {
            SMA.copyMemory(session, null, base, address + i, array, arrayOffset, bytes);
        }
    }

    /** Whether the window holds, from index {@code i}, exactly the bytes of {@code expected}. */
    public boolean regionEquals(int i, byte[] expected) {
        return regionEquals(i, expected, 0, expected.length);
    }

    /**
     * Whether the window holds, from index {@code i}, exactly the {@code n}
     * bytes of {@code expected} from index {@code from}.
     */
    public boolean regionEquals(int i, byte[] expected, int from, int n) {
        Objects.checkFromIndexSize(i, n, limit);
        Objects.checkFromIndexSize(from, n, expected.length);
        int r = SMA.vectorizedMismatch(session, null, base, address + i, expected, BYTE_BASE + from, n, 0);
        if (r >= 0) {
            return false;
        }
        // ~r bytes at the end were left for a scalar compare
        for (int k = n - ~r; k < n; k++) {
            if (SMA.getByte(session, base, address + i + k) != expected[from + k]) {
                return false;
            }
        }
        return true;
    }

    // ---- writes ----

    public void putByte(int i, byte v) {
        Objects.checkIndex(i, limit);
        SMA.putByte(session, base, address + i, v);
    }

    public void putShort(int i, short v, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 2, limit);
        SMA.putShortUnaligned(session, base, address + i, v, bigEndian);
    }

    public void putChar(int i, char v, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 2, limit);
        SMA.putCharUnaligned(session, base, address + i, v, bigEndian);
    }

    public void putInt(int i, int v, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 4, limit);
        SMA.putIntUnaligned(session, base, address + i, v, bigEndian);
    }

    public void putLong(int i, long v, boolean bigEndian) {
        Objects.checkFromIndexSize(i, 8, limit);
        SMA.putLongUnaligned(session, base, address + i, v, bigEndian);
    }

    /** The counterpart of {@link #copyTo}: from a Java array into the window at index {@code i}. */
    public void copyFrom(Object array, long arrayOffset, int i, long bytes, int width, boolean swap) {
        Objects.checkFromIndexSize(i, bytes, limit);
        if (swap && width > 1) {
            SMA.copySwapMemory(null, session, array, arrayOffset, base, address + i, bytes, width);
        } else {
            SMA.copyMemory(null, session, array, arrayOffset, base, address + i, bytes);
        }
    }
}
