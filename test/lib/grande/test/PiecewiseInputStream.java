/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

package grande.test;

import java.io.InputStream;

/**
 * An InputStream over bytes that hands them out in pieces, as a socket
 * does: each read gives at most the next of a cycle of piece sizes between
 * a smallest and a largest, so that a reader's buffer fills in many
 * uneven steps. It counts the calls to {@link #available()}, which answers
 * 0, as a socket with nothing arrived yet.
 */
public final class PiecewiseInputStream extends InputStream {
    private final byte[] bytes;
    private final int smallest;
    private final int sizes;
    private int pos;
    private int reads;
    private int availableCalls;

    /**
     * @param bytes what the stream gives
     * @param smallest the smallest piece, at least 1
     * @param largest the largest piece, at least smallest
     */
    public PiecewiseInputStream(byte[] bytes, int smallest, int largest) {
        if (smallest < 1 || largest < smallest) {
            throw new IllegalArgumentException("pieces of " + smallest + " to " + largest);
        }
        this.bytes = bytes;
        this.smallest = smallest;
        this.sizes = largest - smallest + 1;
    }

    /** How many times {@link #available()} was asked. */
    public int availableCalls() {
        return availableCalls;
    }

    @Override
    public int read() {
        return pos < bytes.length ? bytes[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (pos >= bytes.length) {
            return -1;
        }
        // 37 is prime to most cycle lengths: the sizes come in a scrambled order.
        int piece = smallest + (int) ((long) reads++ * 37 % sizes);
        int n = Math.min(Math.min(len, piece), bytes.length - pos);
        System.arraycopy(bytes, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int available() {
        availableCalls++;
        return 0;
    }
}
