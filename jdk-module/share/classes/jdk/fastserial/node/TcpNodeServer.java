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

package jdk.fastserial.node;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static jdk.fastserial.node.TcpNode.closeQuietly;

/**
 * Accepts connections of {@link TcpNode}s; a reader thread per connection
 * reads its copies and hands them to the {@link Receiver}.
 */
final class TcpNodeServer implements NodeServer {

    /** The longest reason sent to a dropped peer. */
    private static final int MAX_REASON_CHARS = 2000;

    /** How long a dropped connection waits for its peer to close, and how much it reads meanwhile. */
    private static final long DRAIN_MILLIS = 1000;
    private static final long MAX_DRAINED_BYTES = 16 << 20;

    /** Pause after a failed accept (out of file descriptors...), so as not to spin. */
    private static final long ACCEPT_RETRY_MILLIS = 100;

    private final ServerSocket serverSocket;
    private final InetSocketAddress localAddress;
    private final Receiver receiver;
    private final Thread acceptor;

    private final Object lock = new Object();
    private final Set<Connection> connections = new HashSet<>();   // guarded by lock
    private volatile boolean closed;                                // written under lock

    static TcpNodeServer listen(InetSocketAddress bind, Receiver receiver) throws IOException {
        ServerSocket serverSocket = new ServerSocket();
        try {
            serverSocket.bind(bind);
            return new TcpNodeServer(serverSocket, receiver);
        } catch (Throwable t) {
            closeQuietly(serverSocket);
            throw t;
        }
    }

    private TcpNodeServer(ServerSocket serverSocket, Receiver receiver) {
        this.serverSocket = serverSocket;
        this.localAddress = (InetSocketAddress) serverSocket.getLocalSocketAddress();
        this.receiver = receiver;
        this.acceptor = Nodes.newThread("accept " + localAddress, receiver.classLoader(), this::accept);
        acceptor.start();
    }

    @Override
    public InetSocketAddress localAddress() {
        return localAddress;
    }

    private void accept() {
        while (!closed) {
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (IOException e) {
                if (closed || serverSocket.isClosed()) {
                    return;
                }
                receiver.report("accept " + localAddress, null, e);
                try {
                    Thread.sleep(ACCEPT_RETRY_MILLIS);
                } catch (InterruptedException ie) {
                    // close() interrupts; the loop condition decides
                }
                continue;
            }
            try {
                socket.setTcpNoDelay(true);
                socket.setKeepAlive(true);
            } catch (IOException e) {
                closeQuietly(socket);   // reset before it could be set up
                continue;
            }
            Connection connection = new Connection(socket);
            synchronized (lock) {
                if (closed) {
                    closeQuietly(socket);
                    return;
                }
                connections.add(connection);
                connection.thread.start();
            }
        }
    }

    @Override
    public void close() {
        List<Connection> open;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            open = new ArrayList<>(connections);
        }
        closeQuietly(serverSocket);
        acceptor.interrupt();
        for (Connection connection : open) {
            connection.abort();
        }
        Nodes.awaitEnd(acceptor);
        for (Connection connection : open) {
            Nodes.awaitEnd(connection.thread);
        }
    }

    @Override
    public String toString() {
        return "NodeServer[" + localAddress + "]";
    }

    /** One accepted connection and its reader thread. */
    private final class Connection {

        final Socket socket;
        final String name;
        final Thread thread;

        Connection(Socket socket) {
            this.socket = socket;
            this.name = socket.getRemoteSocketAddress() + " -> " + socket.getLocalSocketAddress();
            this.thread = Nodes.newThread("reader " + name, receiver.classLoader(), this::read);
        }

        private void read() {
            Throwable failure = null;
            try {
                receiver.receive(socket.getInputStream(), name);
            } catch (Throwable t) {
                failure = t;
            }
            boolean serverClosing = closed;
            if (failure != null && !serverClosing) {
                tellPeer(failure);
            }
            closeQuietly(socket);
            synchronized (lock) {
                connections.remove(this);
            }
            if (failure != null && !serverClosing) {
                receiver.report(name, null, failure);
            }
        }

        /** Sends the peer why its connection is dropped, as far as the connection allows. */
        private void tellPeer(Throwable failure) {
            String reason = failure.toString();
            if (reason.length() > MAX_REASON_CHARS) {
                reason = reason.substring(0, MAX_REASON_CHARS) + "...";
            }
            try {
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                out.writeUTF(reason);
                out.flush();
                socket.shutdownOutput();
                // Closing with unread input would reset the connection, and
                // the peer could lose the reason: read until the peer, told,
                // closes its end (a node's watcher does at once), within bounds
                socket.setSoTimeout((int) DRAIN_MILLIS);
                InputStream in = socket.getInputStream();
                byte[] discard = new byte[8192];
                long deadline = System.nanoTime() + DRAIN_MILLIS * 1_000_000;
                long drained = 0;
                int n;
                while (drained < MAX_DRAINED_BYTES && System.nanoTime() < deadline
                       && (n = in.read(discard)) >= 0) {
                    drained += n;
                }
            } catch (IOException e) {
                // the peer is gone, or did not close in time
            }
        }

        void abort() {
            closeQuietly(socket);
            thread.interrupt();
        }
    }
}
