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
import java.nio.ByteBuffer;

/**
 * A {@link Bootstrap}'s connection as the technology upgraded from it sees
 * it: the bytes of the upgrade protocol, then, while the upgraded transport
 * lives, a sign of the peer's life and a way to wake it. Nothing else
 * travels on it after the handshake.
 *
 * @since 25
 */
public interface ControlChannel {

    /**
     * Writes bytes of the upgrade protocol.
     *
     * @param bytes the bytes, from its position to its limit
     * @throws IOException if the connection fails
     */
    void write(ByteBuffer bytes) throws IOException;

    /**
     * Reads bytes of the upgrade protocol, waiting no longer than a
     * handshake may.
     *
     * @param n the number of bytes, at most 64 KiB
     * @return a little-endian buffer of them, positioned at 0
     * @throws IOException if the connection fails, ends or times out, or
     *         {@code n} is out of range
     */
    ByteBuffer read(int n) throws IOException;

    /**
     * Reads and drops what arrived, without waiting: once the upgrade's
     * protocol is done the connection only tells that the peer lives.
     *
     * @return the bytes dropped, or -1 if the peer closed the connection
     */
    int drain();

    /**
     * Waits until bytes arrive, the peer closes the connection, or
     * {@code millis} pass.
     *
     * @param millis the longest wait, at least 1
     * @return whether the connection became readable
     * @throws IOException if the connection was closed here
     */
    boolean awaitReadable(long millis) throws IOException;

    /** @return the peer's host address, as {@link Transport#peerHost()} */
    String peerHost();

    /** @return whether the peer's address is one of this host's */
    boolean peerIsLocal();

    /**
     * Whether the kernel vouches that the peer is a process of this host
     * running as the same user as this one (as a Unix-domain socket's
     * credentials would); false when it cannot tell. For what only the same
     * user may set up, such as shared memory.
     *
     * @return true if so
     */
    default boolean peerIsSameUser() {
        return false;
    }

    /** @return false once closed or broken */
    boolean isOpen();

    /** Closes the connection; a thread waiting in it returns. */
    void close();
}
