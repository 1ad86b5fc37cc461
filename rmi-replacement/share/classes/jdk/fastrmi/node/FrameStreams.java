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

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Transport;

/**
 * A node's byte stream over a transport's frames. The sender cuts the
 * stream into frames of at most {@link #MAX_FRAME_BYTES} (the receiver's
 * buffer for one connection stays bounded, whatever the size of a copy);
 * the receiver reads their bytes in order as one stream.
 */
final class FrameStreams {

    /** The most bytes of the stream one frame carries. */
    static final int MAX_FRAME_BYTES = 256 << 10;

    private FrameStreams() { }

    /** Frames what is written to it; {@link #flush} sends the rest of the stream. */
    static final class FrameOutput extends OutputStream {

        private final Transport transport;
        private final byte[] frame = new byte[Frame.HEADER + MAX_FRAME_BYTES];
        private int length = Frame.HEADER;

        FrameOutput(Transport transport) {
            this.transport = transport;
        }

        @Override
        public void write(int b) throws IOException {
            if (length == frame.length) {
                send();
            }
            frame[length++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            while (len > 0) {
                if (length == frame.length) {
                    send();
                }
                int n = Math.min(len, frame.length - length);
                System.arraycopy(b, off, frame, length, n);
                length += n;
                off += n;
                len -= n;
            }
        }

        @Override
        public void flush() throws IOException {
            if (length > Frame.HEADER) {
                send();
            }
        }

        /** Forgets what is written but not sent (after a failed send). */
        void discard() {
            length = Frame.HEADER;
        }

        private void send() throws IOException {
            Frame.putMessageLength(frame, length - Frame.HEADER);
            int n = length;
            length = Frame.HEADER;
            transport.send(frame, n);
        }
    }

    /** Reads the frames of a transport as one stream, which ends when the peer closes between frames. */
    static final class FrameInput extends InputStream {

        private final Transport transport;
        private final Frame frame = new Frame(64 << 10, MAX_FRAME_BYTES);
        private byte[] data;
        private int position;
        private int limit;
        private boolean ended;

        FrameInput(Transport transport) {
            this.transport = transport;
        }

        /* Makes bytes readable; false at the end of the stream. */
        private boolean fill() throws IOException {
            while (position == limit) {
                if (ended) {
                    return false;
                }
                try {
                    transport.receive(frame);
                } catch (EOFException e) {
                    ended = true;
                    return false;
                }
                data = frame.data();
                position = Frame.HEADER;
                limit = frame.length();
            }
            return true;
        }

        @Override
        public int read() throws IOException {
            return fill() ? data[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            if (!fill()) {
                return -1;
            }
            int n = Math.min(len, limit - position);
            System.arraycopy(data, position, b, off, n);
            position += n;
            return n;
        }

        @Override
        public int available() {
            return limit - position;
        }
    }
}
