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
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;

import jdk.internal.fastrmi.tcp.TcpLinks;

/**
 * Makes {@link Node}s and {@link NodeServer}s that exchange objects over the
 * fast streams of {@code jdk.fastserial} (JToe: Chaumette et al., "JToe: a
 * Java API for Object Exchange").
 *
 * <pre>{@code
 * // receiver
 * NodeServer server = Nodes.listen(new InetSocketAddress(5000), obj -> work.add(obj));
 * // sender
 * try (Node node = Nodes.connect(new InetSocketAddress("node7", 5000))) {
 *     node.copy(particles);   // one-sided: returns once the copy is sent
 * }
 * }</pre>
 *
 * <p><b>The stream.</b> Each node writes one
 * {@link jdk.fastserial.FastObjectOutputStream FastObjectOutputStream} for its
 * whole life and resets its objects (not its types) after each copy, so a
 * class name travels once per node. A copy is serialized completely before
 * it is sent: a graph that fails to serialize sends nothing and leaves the
 * node usable.
 *
 * <p><b>TCP.</b> Nodes connect over the connections of jdk.fastrmi's tcp
 * technology: the same listener, handshake and frames as remote calls
 * (with {@code TCP_NODELAY}: a copy is sent at once, not held back to be
 * merged with the next). A copy travels in frames of at most 256 KiB, so a
 * server holds no more than that per connection, whatever the size of a
 * copy. Before a copy, a sending node looks, without waiting, whether its
 * connection has ended: once the peer has closed or dropped it, {@code copy}
 * throws an {@code IOException} saying so, with the reason the server gave
 * (such as the {@code InvalidClassException} of a rejected class), rather
 * than writing into a dead connection. A peer lost without a trace (its
 * machine gone) is found by TCP's own timeouts. The handshake waits no
 * longer than stock RMI's {@code sun.rmi.transport.tcp.handshakeTimeout}.
 *
 * <p><b>Threads.</b> Every thread is a daemon platform thread whose name
 * starts with {@value #THREAD_NAME_PREFIX}: the delivery thread of a loop
 * ({@code "fastrmi-node loop-1"}), the accepting thread and the reader
 * thread of each connection of a server ({@code "fastrmi-node accept
 * /127.0.0.1:5000"}, {@code "fastrmi-node reader /127.0.0.1:40312 ->
 * /127.0.0.1:5000"}). A connected node has no thread. {@code close} ends
 * them.
 *
 * @since 25
 */
public final class Nodes {

    /** The start of the name of every thread of this package. */
    public static final String THREAD_NAME_PREFIX = "fastrmi-node ";

    private Nodes() {
        throw new AssertionError("no instances");
    }

    /**
     * Returns a node in this JVM whose copies go to {@code listener}, with
     * the {@linkplain DeliveryOptions#defaults() default options}.
     *
     * @param listener the listener
     * @return the node
     * @see #loop(CopyListener, DeliveryOptions)
     */
    public static Node loop(CopyListener listener) {
        return loop(listener, DeliveryOptions.defaults());
    }

    /**
     * Returns a node in this JVM whose copies go to {@code listener}. The
     * copies go through the same stream machinery as over TCP: serialized
     * when {@code copy} is called, deserialized and delivered on the node's
     * delivery thread, in order. A node lets 16 MiB of copies wait for
     * delivery; past that, {@code copy} waits for the listener to catch up
     * (except when called by the listener itself).
     *
     * <p>{@link Node#close() close} waits until the copies sent before it
     * have been delivered (unless called by the listener).
     *
     * @param listener the listener
     * @param options the filter, class loader and failure handler
     * @return the node
     * @throws NullPointerException if an argument is null
     */
    public static Node loop(CopyListener listener, DeliveryOptions options) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(options, "options");
        return new LoopNode(listener, options);
    }

    /**
     * Listens on {@code bind} for connected nodes and delivers their copies
     * to {@code listener}, with the {@linkplain DeliveryOptions#defaults()
     * default options}.
     *
     * @param bind the local address and port (port 0: one the system picks)
     * @param listener the listener
     * @return the server, listening
     * @throws IOException if the address cannot be bound
     * @see #listen(InetSocketAddress, CopyListener, DeliveryOptions)
     */
    public static NodeServer listen(InetSocketAddress bind, CopyListener listener) throws IOException {
        return listen(bind, listener, DeliveryOptions.defaults());
    }

    /**
     * Listens on {@code bind} for connected nodes and delivers their copies
     * to {@code listener}: one reader thread per connection, which reads the
     * copies in the order they were sent and calls the listener with each.
     *
     * <p>A connection ends when its node closes. It is dropped when reading
     * fails: a class the filter rejects, a class not found, corrupt or
     * truncated input; the failure goes to the failure handler and, as far as
     * the connection still allows, to the sending node, whose next
     * {@code copy} throws an {@code IOException} that names it. Other
     * connections go on.
     *
     * @param bind the local address and port (port 0: one the system picks)
     * @param listener the listener
     * @param options the filter, class loader and failure handler
     * @return the server, listening
     * @throws IOException if the address cannot be bound
     * @throws NullPointerException if an argument is null
     */
    public static NodeServer listen(InetSocketAddress bind, CopyListener listener,
                                    DeliveryOptions options) throws IOException {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(options, "options");
        return TcpNodeServer.listen(bind, new Receiver(listener, options));
    }

    /**
     * Connects to the {@link NodeServer} at {@code peer} and returns the node
     * that copies to it. Blocks until the connection is made or refused.
     *
     * @param peer the server's address
     * @return the node, connected
     * @throws IOException if the connection cannot be made
     * @throws NullPointerException if {@code peer} is null
     */
    public static Node connect(InetSocketAddress peer) throws IOException {
        Objects.requireNonNull(peer, "peer");
        return TcpNode.connect(peer);
    }

    // ---- package-private helpers ----

    /** A daemon platform thread named with the package's prefix, not started. */
    static Thread newThread(String name, ClassLoader contextLoader, Runnable task) {
        Thread thread = Thread.ofPlatform()
                .name(THREAD_NAME_PREFIX + name)
                .daemon(true)
                .unstarted(task);
        thread.setContextClassLoader(contextLoader);
        return thread;
    }

    /**
     * Waits for {@code thread} to end, unless it is the calling thread (a
     * close from a listener). An interrupt does not stop the wait; it is kept
     * for the caller.
     */
    static void awaitEnd(Thread thread) {
        TcpLinks.awaitEnd(List.of(thread));
    }
}
