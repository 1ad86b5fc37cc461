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

import java.io.Serializable;

/**
 * Receives the copies sent to a node (JToe's receiving program, program 1 of
 * Chaumette et al., "JToe: a Java API for Object Exchange"): the
 * receiving half of the object exchange.
 *
 * <p>The nodes made by {@link Nodes} call a listener from a thread of their
 * own, one call at a time per sending node, in the order the copies were
 * sent. Copies from different sending nodes (different connections of a
 * {@link NodeServer}) arrive on different threads, so a listener shared by
 * several connections must be safe for concurrent use. An exception thrown by
 * the listener is reported to the {@link FailureHandler} and does not end the
 * connection.
 *
 * @see Nodes
 * @since 25
 */
@FunctionalInterface
public interface CopyListener {

    /**
     * Called with each copy received. The object is a new graph, shared with
     * nobody: the listener may keep and change it.
     *
     * @param object the root of the copied graph
     */
    void copied(Serializable object);
}
