/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/** A pair of object streams: how a sample's writer gets its bytes and its reader reads them. */
public interface Codec {

    String name();

    /** Runs writer on a fresh output stream; the bytes written, flushed. */
    byte[] write(Corpus.Writer writer) throws Exception;

    /** Runs reader on a fresh input stream over bytes; what it returns. */
    Object read(byte[] bytes, Corpus.Reader reader) throws Exception;

    /** How a codec writes: {@link #write}. */
    @FunctionalInterface
    interface Write {
        byte[] write(Corpus.Writer writer) throws Exception;
    }

    /** How a codec reads: {@link #read}. */
    @FunctionalInterface
    interface Read {
        Object read(byte[] bytes, Corpus.Reader reader) throws Exception;
    }

    /** Opens an object output stream on a byte sink. */
    @FunctionalInterface
    interface OpenOutput {
        ObjectOutputStream open(OutputStream out) throws Exception;
    }

    /** Opens an object input stream on a byte source. */
    @FunctionalInterface
    interface OpenInput {
        ObjectInputStream open(InputStream in) throws Exception;
    }

    /** A codec of its name and its two halves. */
    static Codec of(String name, Write write, Read read) {
        return new Codec() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public byte[] write(Corpus.Writer writer) throws Exception {
                return write.write(writer);
            }

            @Override
            public Object read(byte[] bytes, Corpus.Reader reader) throws Exception {
                return read.read(bytes, reader);
            }
        };
    }

    /** Writes with a fresh stream on a byte array sink, closed after the writer. */
    static Write writeOnStream(OpenOutput open) {
        return writer -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = open.open(bytes)) {
                writer.write(out);
            }
            return bytes.toByteArray();
        };
    }

    /** Reads with a fresh stream on the bytes, closed after the reader. */
    static Read readFromStream(OpenInput open) {
        return (bytes, reader) -> {
            try (ObjectInputStream in = open.open(new ByteArrayInputStream(bytes))) {
                return reader.read(in);
            }
        };
    }

    /** The JDK's own ObjectOutputStream and ObjectInputStream. */
    Codec JDK = of("jdk", writeOnStream(ObjectOutputStream::new),
                   readFromStream(ObjectInputStream::new));
}
