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

/**
 * A node to which objects are copied: the sending half of JToe's object
 * exchange (JToe: Chaumette et al., "JToe: a Java API for Object Exchange",
 * program 1). {@link #copy} sends a deep copy of an
 * object graph to the node; the receiving side hands it to a
 * {@link CopyListener}. The exchange is one-sided: no thread of the sender
 * waits for the receiver, and no thread of the receiver waits in a
 * {@code readObject} call of its own.
 *
 * <p>The nodes made by {@link Nodes} serialize with the fast streams of
 * {@code jdk.fastserial}: one stream per node, kept for the node's life, so
 * that a class travels once per node and then as a small integer. They are
 * safe for use by several threads: copies are delivered in the order in which
 * their {@code copy} calls took the node, so the copies of one thread arrive
 * in program order.
 *
 * <p>Other implementations (other transports) are welcome; they keep the
 * contract of {@link #copy} and {@link #close}.
 *
 * @see Nodes
 * @since 25
 */
public interface Node extends AutoCloseable {

    /**
     * Sends a copy of {@code object} and of every object it refers to.
     *
     * <p>The graph is serialized before this method returns, so changes made
     * to it afterwards do not reach the copy. The method returns once the
     * copy is on its way (handed to the transport), without waiting for the
     * receiver to take it; it may block while the transport is full
     * (back-pressure from a receiver that is slower than the sender).
     *
     * <p>An object that cannot be serialized ({@code NotSerializableException},
     * {@code InvalidClassException}, an exception of a class-defined
     * {@code writeObject}) is not sent, and the node stays usable.
     *
     * @param object the root of the graph to copy
     * @throws IOException if the node is closed, the peer is gone or the
     *         connection fails (the node is then unusable), or if the graph
     *         cannot be serialized (the node stays usable)
     * @throws NullPointerException if {@code object} is null
     */
    void copy(Serializable object) throws IOException;

    /**
     * Closes the node, releasing its connection and threads. Copies that
     * {@code copy} has returned from stay on their way; later calls to
     * {@code copy} throw an {@code IOException}. Closing a closed node has no
     * effect.
     */
    @Override
    void close();
}
