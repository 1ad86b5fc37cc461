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

/**
 * One-sided object exchange after JToe (Grange and Vignéras): a sender
 * {@linkplain Node#copy copies} an object graph to a {@link Node}; on the
 * receiving side a {@link CopyListener} is called with the copy. No thread
 * of the application waits in a {@code readObject} call, and the exchange
 * does not separate serialization from transport: each node serializes with
 * the fast streams of {@code jdk.fastserial}, one stream per node for its
 * whole life, so that classes travel once.
 *
 * <pre>{@code
 * try (NodeServer server = Nodes.listen(new InetSocketAddress(0), copy -> queue.add(copy));
 *      Node node = Nodes.connect(server.localAddress())) {
 *     node.copy(mesh);
 * }
 * }</pre>
 *
 * <p>{@link Nodes} makes the nodes: in this JVM ({@link Nodes#loop loop},
 * through the same stream machinery) and over TCP
 * ({@link Nodes#listen listen}, {@link Nodes#connect connect}).
 * {@link DeliveryOptions} sets the receiving side's
 * {@link java.io.ObjectInputFilter ObjectInputFilter}, class loader and
 * {@link FailureHandler}.
 *
 * @since 25
 */
package jdk.fastrmi.node;
