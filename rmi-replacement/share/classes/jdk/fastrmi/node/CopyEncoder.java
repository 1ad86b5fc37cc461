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

package jdk.fastrmi.node;

import java.io.IOException;
import java.io.Serializable;

import jdk.fastserial.FastObjectOutputStream;

/**
 * The sending stream of a node: one {@link FastObjectOutputStream} for the
 * node's life, writing into a {@link StagingBuffer}. Each copy is followed by
 * {@code resetObjects()}, so the next copy sends its objects anew (with their
 * current state) but refers to known classes by number. A copy that fails
 * half-way is cut from the buffer and the stream is {@code reset()} (objects
 * and types), so the types the failed copy introduced are forgotten at the
 * same point by the reader. Not thread-safe: the node serializes access.
 */
final class CopyEncoder {

    private final StagingBuffer staging = new StagingBuffer();
    private final FastObjectOutputStream out;
    private Throwable broken;

    /** Creates the stream; its header is staged, to go with the first send. */
    CopyEncoder() throws IOException {
        out = new FastObjectOutputStream(staging);
        out.flush();
    }

    /** The bytes staged so far. */
    StagingBuffer staged() {
        return staging;
    }

    /**
     * Stages a copy of {@code object}. If it fails, the buffer is as before
     * plus a reset, unless even that failed ({@link #failure()} then says why
     * and the stream is unusable).
     */
    void encode(Serializable object) throws IOException {
        ensureUsable();
        long mark = staging.size();
        try {
            out.writeObject(object);
            out.resetObjects();
            out.flush();
        } catch (Throwable failure) {
            recover(mark, failure);
            throw failure;
        }
    }

    /** Stages the end marker (a null), written when the sender closes. */
    void encodeEnd() throws IOException {
        ensureUsable();
        out.writeObject(null);
        out.flush();
    }

    /** Why the stream is unusable, or null. */
    Throwable failure() {
        return broken;
    }

    private void ensureUsable() throws IOException {
        if (broken != null) {
            throw new IOException("the node's stream is unusable after a failed copy", broken);
        }
    }

    private void recover(long mark, Throwable failure) {
        try {
            out.flush();                // the partial copy, out of the stream's own buffer
            staging.truncate(mark);
            out.reset();
            out.flush();
        } catch (Throwable t) {
            failure.addSuppressed(t);
            broken = failure;
        }
    }
}
