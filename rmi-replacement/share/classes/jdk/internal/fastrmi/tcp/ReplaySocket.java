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
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.nio.channels.SocketChannel;

/**
 * An accepted connection handed over to another protocol's server (the
 * stock JRMP transport) after the listener read its first bytes to tell
 * which protocol it speaks: a blocking socket whose input gives those bytes
 * again, then the rest. Everything else is the socket's (a channel's
 * adaptor, or a socket factory's socket).
 */
final class ReplaySocket extends Socket {

    private final Socket adaptor;
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
        super((SocketImpl) null);
        this.adaptor = socket;
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
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        throw new SocketException("already connected");
    }

    @Override
    public void bind(SocketAddress bindpoint) throws IOException {
        throw new SocketException("already bound");
    }

    @Override
    public InetAddress getInetAddress() {
        return adaptor.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return adaptor.getLocalAddress();
    }

    @Override
    public int getPort() {
        return adaptor.getPort();
    }

    @Override
    public int getLocalPort() {
        return adaptor.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return adaptor.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return adaptor.getLocalSocketAddress();
    }

    @Override
    public SocketChannel getChannel() {
        return null;        // its bytes are not all in the channel
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        adaptor.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return adaptor.getTcpNoDelay();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        adaptor.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return adaptor.getSoTimeout();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        adaptor.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return adaptor.getKeepAlive();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        adaptor.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return adaptor.getSoLinger();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        adaptor.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return adaptor.getReceiveBufferSize();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        adaptor.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return adaptor.getSendBufferSize();
    }

    @Override
    public void shutdownInput() throws IOException {
        adaptor.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        adaptor.shutdownOutput();
    }

    @Override
    public boolean isConnected() {
        return adaptor.isConnected();
    }

    @Override
    public boolean isBound() {
        return adaptor.isBound();
    }

    @Override
    public boolean isClosed() {
        return adaptor.isClosed();
    }

    @Override
    public boolean isInputShutdown() {
        return adaptor.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
        return adaptor.isOutputShutdown();
    }

    @Override
    public void close() throws IOException {
        adaptor.close();
    }

    @Override
    public String toString() {
        return "ReplaySocket[" + adaptor + "]";
    }
}
