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

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.nio.channels.SocketChannel;

/**
 * A connected socket whose streams are its subclass's and whose state and
 * options are those of another, connected socket (a channel's adaptor, or
 * a socket factory's socket): the base of the sockets this package hands
 * to code that wants a {@code Socket} (the stock JRMP transport,
 * {@link SocketTransport}) for bytes it does not read straight from the
 * socket.
 */
abstract class DelegatingSocket extends Socket {

    final Socket adaptor;

    DelegatingSocket(Socket adaptor) throws SocketException {
        super((SocketImpl) null);
        this.adaptor = adaptor;
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
        return null;        // its bytes are not the channel's as they are
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
}
