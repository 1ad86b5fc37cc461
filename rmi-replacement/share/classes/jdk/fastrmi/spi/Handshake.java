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

import java.util.Objects;

/**
 * What each end of a connection says first: the serialization its object
 * streams use and the header of the stream it will send; each end reads the
 * other's calls or results with a stream started from that header.
 *
 * @param serialization {@link #FAST} or {@link #JDK}
 * @param streamHeader the header of the sender's object stream
 * @since 25
 */
public record Handshake(int serialization, byte[] streamHeader) {

    /** jdk.fastserial's streams. */
    public static final int FAST = 0;

    /** The JDK's ObjectOutputStream and ObjectInputStream, one per call. */
    public static final int JDK = 1;

    /** The version of the call protocol. */
    public static final int VERSION = 1;

    /** The longest stream header accepted. */
    public static final int MAX_HEADER = 256;

    /**
     * Checks the parts.
     *
     * @param serialization the serialization
     * @param streamHeader the header
     * @throws IllegalArgumentException if the serialization is unknown or
     *         the header too long
     */
    public Handshake {
        Objects.requireNonNull(streamHeader);
        if (serialization != FAST && serialization != JDK) {
            throw new IllegalArgumentException("unknown serialization " + serialization);
        }
        if (streamHeader.length > MAX_HEADER) {
            throw new IllegalArgumentException("stream header too long: " + streamHeader.length);
        }
    }

    /**
     * A connection opened by {@link Technology#connect}.
     *
     * @param transport the connection
     * @param peer the server's handshake
     */
    public record Connected(Transport transport, Handshake peer) { }
}
