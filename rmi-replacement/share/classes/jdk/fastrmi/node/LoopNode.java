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
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A node in this JVM: copies are staged by a {@link CopyEncoder}, queued in
 * a {@link ChunkPipe} and read back by the delivery thread, the same bytes a
 * TCP node would send.
 */
final class LoopNode implements Node {

    /** Bytes of copies that may wait for the listener before copy() waits too. */
    private static final long PENDING_LIMIT = 16 << 20;

    private static final AtomicInteger NEXT_ID = new AtomicInteger(1);

    private final String name;
    private final Receiver receiver;
    private final ChunkPipe pipe = new ChunkPipe(PENDING_LIMIT);
    private final Thread delivery;

    private final ReentrantLock copyLock = new ReentrantLock();
    private final CopyEncoder encoder;    // guarded by copyLock
    private boolean closed;               // guarded by copyLock

    private volatile boolean endWithoutMarker;
    private volatile Throwable deliveryFailure;

    LoopNode(CopyListener listener, DeliveryOptions options) {
        name = "loop-" + NEXT_ID.getAndIncrement();
        receiver = new Receiver(listener, options);
        try {
            encoder = new CopyEncoder();
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // in memory: not expected
        }
        pipe.offer(encoder.staged().take());  // the stream header
        delivery = Nodes.newThread(name, receiver.classLoader(), this::deliver);
        delivery.start();
    }

    @Override
    public void copy(Serializable object) throws IOException {
        Objects.requireNonNull(object, "object");
        copyLock.lock();
        try {
            if (closed) {
                throw new IOException(name + ": node closed");
            }
            Throwable failure = deliveryFailure;
            if (failure != null) {
                throw new IOException(name + ": delivery stopped", failure);
            }
            encoder.encode(object);
            if (!pipe.offer(encoder.staged().take())) {
                throw new IOException(name + ": delivery stopped", deliveryFailure);
            }
        } finally {
            copyLock.unlock();
        }
        if (Thread.currentThread() != delivery) {
            pipe.awaitRoom();
        }
    }

    @Override
    public void close() {
        copyLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            try {
                encoder.encodeEnd();
                pipe.offer(encoder.staged().take());
            } catch (IOException e) {
                endWithoutMarker = true;    // the stream broke earlier, and copy() said so
            }
            pipe.closeWriter();
        } finally {
            copyLock.unlock();
        }
        Nodes.awaitEnd(delivery);
    }

    private void deliver() {
        try {
            receiver.receive(pipe.input(), name);
        } catch (Throwable t) {
            if (!endWithoutMarker) {
                deliveryFailure = t;
                receiver.report(name, null, t);
            }
        } finally {
            pipe.readerGone();
        }
    }

    @Override
    public String toString() {
        return "Node[" + name + "]";
    }
}
