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

package jdk.fastrmi.spi;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A growable buffer holding one message of a transport: a 4-byte length
 * field (little-endian, the number of bytes after it) followed by the
 * message. Senders write the whole frame; stream transports send it as it
 * is, message transports may skip the length field.
 *
 * <p>A transport that receives into native memory hands the frame over in
 * place with {@link #setNative}; the runtime reads it there, and
 * {@link #data()} copies it to the heap only for a reader that asks.
 *
 * @since 25
 */
public final class Frame {

    /** The bytes before the message: its length. */
    public static final int HEADER = 4;

    private final int maxLength;
    private byte[] data;
    private int length;
    private MemorySegment nativeData;

    /**
     * Creates an empty frame buffer.
     *
     * @param initialCapacity the first buffer size
     * @param maxLength the largest message accepted, header excluded
     */
    public Frame(int initialCapacity, int maxLength) {
        this.data = new byte[Math.max(HEADER, initialCapacity)];
        this.maxLength = maxLength;
    }

    /**
     * The frame in the heap; a frame received in native memory is copied
     * here first.
     *
     * @return the buffer; its first {@link #length()} bytes are the frame
     */
    public byte[] data() {
        if (nativeData != null) {
            ensureCapacity(length);
            MemorySegment.copy(nativeData, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, data, 0, length);
            nativeData = null;
        }
        return data;
    }

    /**
     * The frame in native memory, as a transport set it with
     * {@link #setNative}, or null if it is in {@link #data()}.
     *
     * @return the segment whose first {@link #length()} bytes are the frame
     */
    public MemorySegment nativeData() {
        return nativeData;
    }

    /**
     * Uses {@code frameLength} bytes of native memory as the frame, without
     * a copy, until the next frame is received: for a transport whose
     * buffers live off the heap.
     *
     * @param segment the memory holding the frame from its start
     * @param frameLength the frame's length, header included
     * @throws IllegalArgumentException if the length does not fit the
     *         segment or is below the header
     */
    public void setNative(MemorySegment segment, int frameLength) {
        if (frameLength < HEADER || frameLength > segment.byteSize()) {
            throw new IllegalArgumentException("frame length " + frameLength + " for a segment of "
                                               + segment.byteSize() + " bytes");
        }
        nativeData = segment;
        length = frameLength;
    }

    /** @return the length of the frame, header included */
    public int length() {
        return length;
    }

    /** @return the largest message accepted, header excluded */
    public int maxLength() {
        return maxLength;
    }

    /**
     * Records the length of the frame being received, from its length field.
     * The buffer is not grown to the whole length at once: a receiver calls
     * {@link #room(int)} as bytes arrive, so a hostile length allocates no
     * more than the bytes the peer actually sends (times two).
     *
     * @param messageLength the message length from a length field
     * @throws IOException if the length is negative or above the maximum
     */
    public void prepare(int messageLength) throws IOException {
        if (messageLength < 0 || messageLength > maxLength) {
            throw new IOException("bad frame length " + Integer.toUnsignedString(messageLength)
                                  + " (limit " + maxLength + ")");
        }
        length = HEADER + messageLength;
        nativeData = null;
    }

    /**
     * Makes sure the buffer can take the frame's bytes after {@code received}
     * (at least one more byte, unless the frame is complete).
     *
     * @param received the bytes of the frame received so far
     * @return the buffer's end to read up to
     */
    public int room(int received) {
        if (received == data.length && received < length) {
            int grown = (int) Math.min(length, Math.max(64 * 1024L, 2L * data.length));
            data = Arrays.copyOf(data, grown);
        }
        return Math.min(length, data.length);
    }

    /**
     * Makes the buffer hold at least {@code capacity} bytes, for a sender.
     *
     * @param capacity the bytes needed
     */
    public void ensureCapacity(int capacity) {
        if (data.length < capacity) {
            data = Arrays.copyOf(data, Math.max(capacity, 2 * data.length));
        }
    }

    /**
     * Uses {@code buf} as the frame's bytes.
     *
     * @param buf the buffer
     * @param frameLength the frame's length, header included
     */
    public void set(byte[] buf, int frameLength) {
        nativeData = null;
        data = buf;
        length = frameLength;
    }

    /**
     * Reads the little-endian length field at the start of a buffer.
     *
     * @param b the buffer
     * @return the message length
     */
    public static int messageLength(byte[] b) {
        return (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
    }

    /**
     * Writes the little-endian length field at the start of a buffer.
     *
     * @param b the buffer
     * @param messageLength the message length
     */
    public static void putMessageLength(byte[] b, int messageLength) {
        b[0] = (byte) messageLength;
        b[1] = (byte) (messageLength >>> 8);
        b[2] = (byte) (messageLength >>> 16);
        b[3] = (byte) (messageLength >>> 24);
    }
}
