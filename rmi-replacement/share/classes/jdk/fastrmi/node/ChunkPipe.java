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

import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import jdk.fastrmi.node.StagingBuffer.Chunk;

/**
 * The transport of a loop node: staged copies, queued for the delivery
 * thread, which reads them as one stream. Offering never blocks (so that
 * the sending lock is never held while waiting for the listener, which may
 * itself copy to the node); senders wait for room afterwards, in
 * {@link #awaitRoom()}.
 */
final class ChunkPipe {

    private final long limit;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final Condition drained = lock.newCondition();
    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private long pending;
    private boolean writerClosed;
    private boolean readerGone;

    /** A pipe whose senders wait while more than {@code limit} bytes are queued. */
    ChunkPipe(long limit) {
        this.limit = limit;
    }

    /** Queues the chunks of a copy; false if the pipe is closed or its reader gone. */
    boolean offer(List<Chunk> copy) {
        lock.lock();
        try {
            if (writerClosed || readerGone) {
                return false;
            }
            for (Chunk chunk : copy) {
                chunks.add(chunk);
                pending += chunk.length();
            }
            arrived.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits while more than the limit is queued and the reader is there. An
     * interrupt ends the wait (the copy is queued already) and is kept.
     */
    void awaitRoom() {
        lock.lock();
        try {
            while (pending > limit && !readerGone) {
                drained.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    /** No more chunks: the reader gets end-of-stream once it has read the queued ones. */
    void closeWriter() {
        lock.lock();
        try {
            writerClosed = true;
            arrived.signal();
        } finally {
            lock.unlock();
        }
    }

    /** The reader has stopped: queued chunks are dropped, senders stop waiting. */
    void readerGone() {
        lock.lock();
        try {
            readerGone = true;
            chunks.clear();
            pending = 0;
            drained.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The next chunk, waiting for one; null at the end. Not interruptible: the writer ends the wait. */
    private Chunk next() {
        lock.lock();
        try {
            while (chunks.isEmpty()) {
                if (writerClosed) {
                    return null;
                }
                arrived.awaitUninterruptibly();
            }
            Chunk chunk = chunks.poll();
            boolean wasFull = pending > limit;
            pending -= chunk.length();
            if (wasFull && pending <= limit) {
                drained.signalAll();
            }
            return chunk;
        } finally {
            lock.unlock();
        }
    }

    /** The stream of the queued bytes, for the one reader. */
    InputStream input() {
        return new InputStream() {
            private Chunk current;
            private int offset;

            private boolean fill() {
                while (current == null || offset == current.length()) {
                    current = next();
                    offset = 0;
                    if (current == null) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public int read() {
                return fill() ? current.bytes()[offset++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                Objects.checkFromIndexSize(off, len, b.length);
                if (len == 0) {
                    return 0;
                }
                if (!fill()) {
                    return -1;
                }
                int n = Math.min(len, current.length() - offset);
                System.arraycopy(current.bytes(), offset, b, off, n);
                offset += n;
                return n;
            }

            @Override
            public int available() {
                return current == null ? 0 : current.length() - offset;
            }
        };
    }
}
