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

package grande.test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.util.ArrayList;
import java.util.List;

/** Objects through the JDK's own streams, as a peer that uses java.io writes and reads them. */
public final class JdkStreams {

    private JdkStreams() { }

    /** o as ObjectOutputStream writes it, stream header included. */
    public static byte[] write(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    /** What a test writes after the stream header, by hand. */
    @FunctionalInterface
    public interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /**
     * A stream no ObjectOutputStream writes: the header, then what body
     * writes, for tests that feed ObjectInputStream odd or hostile input.
     */
    public static byte[] handWritten(Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(ObjectStreamConstants.STREAM_MAGIC);
        out.writeShort(ObjectStreamConstants.STREAM_VERSION);
        body.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    /** o written, then read back by ObjectInputStream. */
    public static Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(write(o)))) {
            return in.readObject();
        }
    }

    /** An ObjectInputStream that records the name of every class its resolveClass is asked for, in order. */
    public static class ResolveRecorder extends ObjectInputStream {
        public final List<String> resolved = new ArrayList<>();

        public ResolveRecorder(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            resolved.add(desc.getName());
            return super.resolveClass(desc);
        }
    }
}
