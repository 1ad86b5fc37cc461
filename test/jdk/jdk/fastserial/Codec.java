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
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** A pair of object streams: how a sample's writer gets its bytes and its reader reads them. */
public interface Codec {

    String name();

    /** Runs writer on a fresh output stream; the bytes written, flushed. */
    byte[] write(Corpus.Writer writer) throws Exception;

    /** Runs reader on a fresh input stream over bytes; what it returns. */
    Object read(byte[] bytes, Corpus.Reader reader) throws Exception;

    /** The JDK's own ObjectOutputStream and ObjectInputStream. */
    Codec JDK = new Codec() {
        @Override
        public String name() {
            return "jdk";
        }

        @Override
        public byte[] write(Corpus.Writer writer) throws Exception {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                writer.write(out);
            }
            return bytes.toByteArray();
        }

        @Override
        public Object read(byte[] bytes, Corpus.Reader reader) throws Exception {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                return reader.read(in);
            }
        }
    };
}
