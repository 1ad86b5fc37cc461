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

import java.io.Closeable;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * One connection of a technology, either end: it moves whole frames
 * (see {@link Frame}). One thread at a time sends and one receives; the
 * runtime never has two calls in flight on one transport.
 *
 * @since 25
 */
public interface Transport extends Closeable {

    /**
     * Sends one frame.
     *
     * @param frame the bytes, starting with the 4-byte length field
     * @param length the frame's length, header included
     * @throws IOException if the connection fails
     */
    void send(byte[] frame, int length) throws IOException;

    /**
     * The native memory the next frame may be written into in place, for a
     * transport that sends from off-heap buffers (registered with a network
     * card, as the jbufs of C.-C. Chang, "Object Serialization: A Case for
     * Specialization"): the runtime's fast streams then write there
     * directly and call {@link #sendBuffered}, with no byte array between.
     * The runtime asks again before each frame: the transport may hand out
     * other memory for the next one (after a long frame went out through
     * memory its peer reads in place).
     *
     * @return the buffer, or null if the transport sends byte arrays only
     */
    default MemorySegment sendBuffer() {
        return null;
    }

    /**
     * Gives memory of at least {@code minimumSize} bytes for the frame being
     * written, in place of what {@link #sendBuffer()} or this method gave
     * last; the caller copies what it wrote into it. The old memory stays
     * valid until the next {@link #sendBuffered} or {@link #close}.
     *
     * @param minimumSize the bytes needed
     * @return the new {@link #sendBuffer()}
     * @throws IOException if the frame would exceed the transport's limit
     *         or no memory can be registered
     * @throws UnsupportedOperationException if {@link #sendBuffer()} is null
     */
    default MemorySegment growSendBuffer(long minimumSize) throws IOException {
        throw new UnsupportedOperationException();
    }

    /**
     * Sends the frame in the first {@code length} bytes of the memory
     * {@link #sendBuffer()} or {@link #growSendBuffer} gave last, length
     * field included.
     *
     * @param length the frame's length
     * @throws IOException if the connection fails
     * @throws UnsupportedOperationException if {@link #sendBuffer()} is null
     */
    default void sendBuffered(int length) throws IOException {
        throw new UnsupportedOperationException();
    }

    /**
     * Receives the next frame into {@code frame}, waiting as long as it
     * takes (spinning briefly first where the technology can). The frame
     * may be left in the transport's native memory ({@link Frame#setNative}),
     * or in memory the peer wrote it into: it is valid until the next
     * receive, or until this end next sends (the peer may then reuse it), so
     * a caller reads a frame whole before it answers.
     *
     * @param frame where to put it
     * @throws java.io.EOFException if the peer closed the connection
     *         between frames
     * @throws IOException if the connection fails or the frame is bad
     */
    void receive(Frame frame) throws IOException;

    /**
     * Receives the next frame as {@link #receive(Frame)} does, with a bound
     * of the caller's in place of the transport's own time-out: the wait
     * for the frame to begin, and once begun for it to arrive whole, ends
     * after {@code timeoutMillis} with a
     * {@link java.net.SocketTimeoutException}, and the connection is
     * closed. For a client's per-stub and per-call deadlines
     * ({@code FastRMI.withResponseTimeout}, {@code FastRMI.callAsync}).
     *
     * @param frame where to put it
     * @param timeoutMillis the bound, at least 1
     * @throws java.io.EOFException if the peer closed the connection
     *         between frames
     * @throws IOException if the connection fails, the frame is bad or the
     *         time runs out
     * @throws IllegalArgumentException if {@code timeoutMillis} is below 1
     */
    void receive(Frame frame, long timeoutMillis) throws IOException;

    /** @return the peer's host address, as {@code RemoteServer.getClientHost} reports it */
    String peerHost();

    /** @return whether the peer's address is one of this host's */
    boolean peerIsLocal();

    /** @return false once closed or broken */
    boolean isOpen();

    /**
     * Checks, without waiting, that a connection idle for a while is still
     * usable (the peer has not closed it), before a call reuses it.
     *
     * @return false if it is not; it is then closed
     */
    default boolean probe() {
        return isOpen();
    }

    /** Closes the connection; a thread blocked in it gets an exception. */
    @Override
    void close();
}
