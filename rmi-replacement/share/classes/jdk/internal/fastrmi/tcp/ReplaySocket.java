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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.channels.SocketChannel;

/**
 * An accepted connection handed over to another protocol's server (the
 * stock JRMP transport) after the listener read its first bytes to tell
 * which protocol it speaks: a blocking socket whose input gives those bytes
 * again, then the rest. Everything else is the socket's (a channel's
 * adaptor, or a socket factory's socket).
 */
final class ReplaySocket extends DelegatingSocket {

    private final InputStream in;

    /* A channel's connection: its socket adaptor, the bytes read given again first. */
    ReplaySocket(SocketChannel ch, byte[] unread) throws SocketException {
        this(ch.socket(), unread, null);
    }

    /*
     * A socket of a factory's (one without a channel): rest, if not null,
     * is where the rest is to be read from (a buffered stream over the
     * socket's, which may hold bytes read ahead).
     */
    ReplaySocket(Socket socket, byte[] unread, InputStream rest) throws SocketException {
        super(socket);
        if (rest == null) {
            try {
                rest = socket.getInputStream();
            } catch (IOException e) {
                throw new SocketException(e.getMessage());
            }
        }
        this.in = unread.length == 0 ? rest : new SequenceInputStream(new ByteArrayInputStream(unread), rest);
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (adaptor.isClosed()) {
            throw new SocketException("Socket is closed");
        }
        return in;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        return adaptor.getOutputStream();
    }

    @Override
    public String toString() {
        return "ReplaySocket[" + adaptor + "]";
    }
}
