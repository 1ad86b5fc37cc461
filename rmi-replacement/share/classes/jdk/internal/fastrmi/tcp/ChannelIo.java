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

package jdk.internal.fastrmi.tcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import jdk.fastrmi.spi.WaitPolicy;

/**
 * A non-blocking socket channel read as this technology's receivers wait:
 * what is there at once; else polling as the wait policy says; then in a
 * blocking read, until a deadline if there is one (one reading thread at a
 * time); and written whole.
 */
final class ChannelIo {

    /* The buffer of a blocking read with a deadline. */
    private static final int TIMED_READ_BYTES = 8192;

    private final SocketChannel ch;
    private final WaitPolicy.Waiter waiter;
    /* the socket's stream and a buffer for it, made at the first timed read */
    private InputStream timedStream;
    private byte[] timedBuffer;

    ChannelIo(SocketChannel ch, WaitPolicy.Waiter waiter) {
        this.ch = ch;
        this.waiter = waiter;
    }

    /*
     * Reads what is there into b (in write mode), at least one byte; -1 at
     * the end of the stream. deadline: System.nanoTime() at which a
     * SocketTimeoutException ends the wait, 0 for none.
     */
    int read(ByteBuffer b, long deadline) throws IOException {
        int n = ch.read(b);
        if (n != 0) {
            return n;
        }
        long start = System.nanoTime();
        long length = waiter.beginPoll();
        if (length > 0) {
            boolean found = false;
            try {
                long pollEnd = start + length;
                do {
                    waiter.pause();
                    n = ch.read(b);
                    if (n != 0) {
                        found = true;
                        return n;
                    }
                } while (System.nanoTime() - pollEnd < 0);
            } finally {
                waiter.endPoll(found);
            }
        }
        ch.configureBlocking(true);
        try {
            n = deadline == 0 ? ch.read(b) : readBefore(b, deadline);
        } finally {
            if (ch.isOpen()) {
                ch.configureBlocking(false);
            }
        }
        waiter.blocked(System.nanoTime() - start);
        return n;
    }

    /*
     * A blocking read that gives up at a deadline: through the socket's
     * stream, whose reads honour SO_TIMEOUT (the channel's own do not),
     * into the buffer being filled.
     */
    private int readBefore(ByteBuffer b, long deadline) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("Read timed out");
        }
        Socket s = ch.socket();
        s.setSoTimeout(Math.clamp(left / 1_000_000, 1, Integer.MAX_VALUE));
        if (timedBuffer == null) {
            // small: only the first bytes after a wait come this way, the
            // rest by the non-blocking reads straight into the buffer
            timedBuffer = new byte[TIMED_READ_BYTES];
            timedStream = s.getInputStream();
        }
        int n = timedStream.read(timedBuffer, 0, Math.min(timedBuffer.length, b.remaining()));
        if (n > 0) {
            b.put(timedBuffer, 0, n);
        }
        return n;
    }

    /* Writes all of b, blocking while the socket's buffer is full. */
    static void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            if (ch.write(b) == 0) {
                ch.configureBlocking(true);
                try {
                    while (b.hasRemaining()) {
                        ch.write(b);
                    }
                } finally {
                    if (ch.isOpen()) {
                        ch.configureBlocking(false);
                    }
                }
            }
        }
    }
}
