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

/**
 * The first buffer size of the fast streams over an OutputStream or an
 * InputStream: what the first messages of such streams took lately, rounded
 * up to 64 bytes, from 256 bytes to 2 KiB. Stock RMI with
 * {@code jdk.rmi.fastSerialization=true} makes a stream pair per call on the
 * connection's buffered streams, which batch the system calls themselves; a
 * fixed 2 KiB on each side was most of what a call with small arguments
 * allocated (FastSerialConnectionBench). A hint only, read and written
 * without synchronization (any value in range is correct): it rises to a
 * first message larger than it, and falls by an eighth when a first message
 * is far below it.
 */
public final class FirstBufferHint {
    private static final int SMALLEST = 256;
    private static final int LARGEST = 2048;

    private int size = 512;

    /** The first buffer size of the next stream. */
    public int size() {
        return size;
    }

    /** A stream's first message took {@code bytes}, with the stream header. */
    public void firstMessage(long bytes) {
        int needed = (int) Math.min(LARGEST, (bytes + 63) & ~63L);
        int hint = size;
        if (needed > hint) {
            size = needed;
        } else if (needed * 4 < hint) {
            size = Math.max(SMALLEST, hint - hint / 8);
        }
    }
}
