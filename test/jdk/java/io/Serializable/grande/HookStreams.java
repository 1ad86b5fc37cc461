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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Stream subclasses for the tests of the relaxed hooks:
 * initStandardImplementation, useSubclassImplementation and overridable
 * writeObject/readObject. Image only: stock's writeObject and readObject
 * are final.
 */
public final class HookStreams {

    private HookStreams() { }

    /** What a test writes, on any ObjectOutputStream. */
    interface Writes {
        void to(ObjectOutputStream out) throws IOException;
    }

    /** What w writes on a plain ObjectOutputStream, flushed. */
    static byte[] plain(Writes w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        w.to(out);
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Overrides the hooks. Created with the no-argument constructor (with
     * out, the standard implementation is initialized, and with standard
     * also chosen), or with the public one, as an ordinary subclass is.
     */
    static class HookedOut extends ObjectOutputStream {
        final List<Object> overridden = new ArrayList<>();
        boolean initialized;
        Boolean firstSwitch;

        HookedOut(OutputStream out, boolean standard) throws IOException {
            super();
            if (out != null) {
                init(out);
            }
            if (standard) {
                firstSwitch = useSubclassImplementation(false);
            }
        }

        HookedOut(OutputStream out) throws IOException {
            super(out);
            initialized = true;
        }

        final void init(OutputStream out) throws IOException {
            initStandardImplementation(out);
            initialized = true;
        }

        final boolean use(boolean subclass) {
            return useSubclassImplementation(subclass);
        }

        final void replacing(boolean on) {
            enableReplaceObject(on);
        }

        @Override
        protected void writeObjectOverride(Object obj) throws IOException {
            overridden.add(obj);
            if (initialized) {
                writeUTF("override:" + obj);
            }
        }

        @Override
        protected Object replaceObject(Object obj) {
            return "secret".equals(obj) ? "public" : obj;
        }
    }

    /** Not Serializable: PartialOut and PartialIn carry it themselves. */
    record Point(int x, int y) { }

    /**
     * Overrides writeObject: a Point is written as 'P' x y in block data,
     * everything else as 'S' and the standard implementation.
     */
    static class PartialOut extends ObjectOutputStream {
        int points;
        int standard;

        PartialOut(OutputStream out) throws IOException {
            super();
            initStandardImplementation(out);
            useSubclassImplementation(false);
        }

        @Override
        public void writeObject(Object obj) throws IOException {
            if (obj instanceof Point p) {
                points++;
                writeByte('P');
                writeInt(p.x());
                writeInt(p.y());
            } else {
                standard++;
                writeByte('S');
                super.writeObject(obj);
            }
        }
    }

    /** Reads what PartialOut writes. */
    static class PartialIn extends ObjectInputStream {
        int points;
        int standard;

        PartialIn(InputStream in) throws IOException {
            super();
            initStandardImplementation(in);
            useSubclassImplementation(false);
        }

        final void filter(java.io.ObjectInputFilter filter) {
            setObjectInputFilter(filter);
        }

        @Override
        public Object readObject() throws IOException, ClassNotFoundException {
            int tag = readByte();
            if (tag == 'P') {
                points++;
                return new Point(readInt(), readInt());
            } else if (tag == 'S') {
                standard++;
                return super.readObject();
            }
            throw new java.io.StreamCorruptedException("tag " + tag);
        }
    }

    /**
     * Overrides the hooks. Created with the no-argument constructor (with
     * in, the standard implementation is initialized, and with standard
     * also chosen), or with the public one, as an ordinary subclass is.
     */
    static class HookedIn extends ObjectInputStream {
        final List<String> overridden = new ArrayList<>();
        final List<String> resolved = new ArrayList<>();
        boolean initialized;
        Boolean firstSwitch;

        HookedIn(InputStream in, boolean standard) throws IOException {
            super();
            if (in != null) {
                init(in);
            }
            if (standard) {
                firstSwitch = useSubclassImplementation(false);
            }
        }

        HookedIn(InputStream in) throws IOException {
            super(in);
            initialized = true;
        }

        final void init(InputStream in) throws IOException {
            initStandardImplementation(in);
            initialized = true;
        }

        final boolean use(boolean subclass) {
            return useSubclassImplementation(subclass);
        }

        final void resolving(boolean on) {
            enableResolveObject(on);
        }

        @Override
        protected Object readObjectOverride() throws IOException {
            String s = initialized ? readUTF() : "override";
            overridden.add(s);
            return s;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            resolved.add(desc.getName());
            return super.resolveClass(desc);
        }

        @Override
        protected Object resolveObject(Object obj) {
            return "secret".equals(obj) ? "resolved" : obj;
        }
    }
}
