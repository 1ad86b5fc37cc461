/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A connection in memory as RMI's transport keeps one: a
 * BufferedOutputStream and a BufferedInputStream of 8 KiB (TCPConnection's
 * wrappers of a socket), both reused across messages, over a byte array
 * that the output fills and the input drains. Streams made per message on
 * {@link #out} and {@link #in} are what stock RMI makes per call.
 */
final class Connection {

    private byte[] bytes = new byte[64 * 1024];
    private int written;
    private int read;

    /** The connection's buffered output. */
    final BufferedOutputStream out = new BufferedOutputStream(new OutputStream() {
        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (written + len > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(written + len, 2 * bytes.length));
            }
            System.arraycopy(b, off, bytes, written, len);
            written += len;
        }
    }, 8192);

    /** The connection's buffered input, which reads what {@link #out} wrote. */
    final BufferedInputStream in = new BufferedInputStream(new InputStream() {
        @Override
        public int read() {
            return read < written ? bytes[read++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (read == written) {
                return len == 0 ? 0 : -1;
            }
            int n = Math.min(len, written - read);
            System.arraycopy(bytes, read, b, off, n);
            read += n;
            return n;
        }

        @Override
        public int available() {
            return written - read;
        }
    }, 8192);

    /**
     * Starts the next message: what was written before is dropped (a
     * {@code write} benchmark reads nothing). Throws if {@link #in} still
     * buffers bytes: a reader took more than its message.
     */
    void next() throws IOException {
        int buffered = in.available() - (written - read);
        if (buffered != 0) {
            throw new IllegalStateException(buffered + " bytes of the last message were left in the"
                                            + " connection's buffer");
        }
        read = written = 0;
    }

    /** The length of the current message, so far. */
    int length() {
        return written;
    }

    /** The bytes of the current message. */
    byte[] message() {
        return Arrays.copyOf(bytes, written);
    }

    /** Makes {@code message} the current message, to be read from {@link #in}. */
    void replay(byte[] message) throws IOException {
        next();
        if (message.length > bytes.length) {
            bytes = new byte[message.length];
        }
        System.arraycopy(message, 0, bytes, 0, message.length);
        written = message.length;
    }
}
