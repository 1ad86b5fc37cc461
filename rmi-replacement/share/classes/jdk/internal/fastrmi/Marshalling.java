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

package jdk.internal.fastrmi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.StreamCorruptedException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.net.MalformedURLException;
import java.rmi.Remote;
import java.rmi.server.RMIClassLoader;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Transport;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

/**
 * The object streams of one connection, one per direction, and the layout
 * of the messages in frames: a request is the object id (u8), the method
 * number (u4) and hash (u8), then the arguments; a reply is a status byte,
 * then the result or exception. Integers little-endian.
 *
 * <p>With jdk.fastserial one stream pair lives as long as the connection:
 * classes travel once, objects are forgotten after each message
 * ({@code resetObjects}). With the JDK's serialization every message has
 * streams of its own, as stock RMI's calls do.
 *
 * <p>Every class descriptor carries its class's codebase annotation, as
 * stock RMI's marshal streams write it ({@link RMIClassLoader#getClassAnnotation},
 * usually null: one byte), and a class that the call's loaders do not have
 * is loaded through {@link RMIClassLoader} from the annotation when
 * {@code java.rmi.server.useCodebaseOnly} is false, else from the local
 * {@code java.rmi.server.codebase}. With jdk.fastserial a class travels once
 * per connection, so the annotation costs nothing per call.
 */
abstract sealed class Marshalling {

    /** Reply status: the method returned. */
    static final int RETURN = 0;
    /** Reply status: the method threw; the exception follows. */
    static final int THROWN = 1;
    /** Reply status: the runtime failed the call; a RemoteException follows. */
    static final int FAILED = 2;

    /** The bytes of a request before its arguments, length field included. */
    static final int REQUEST_HEADER = Frame.HEADER + 8 + 4 + 8;

    /** The class loader that resolves classes of the next messages. */
    ClassLoader loader;

    /** The loader tried next: the context loader of the thread that exported the object. */
    ClassLoader fallbackLoader;

    /** The filter of the next messages' objects, or null for the JVM-wide one. */
    ObjectInputFilter filter;

    static Marshalling create(int serialization) throws IOException {
        return serialization == Handshake.FAST ? new Fast() : new Jdk();
    }

    /** @return this end's serialization */
    abstract int serialization();

    /** @return the header of this end's stream, for the handshake */
    abstract byte[] header() throws IOException;

    /** Starts the input with the peer's stream header. */
    abstract void peerHeader(byte[] header) throws IOException;

    abstract ObjectOutput startRequest(long objectId, int method, long hash) throws IOException;

    abstract ObjectOutput startReply(int status) throws IOException;

    /** Ends the message being written; then {@link #data()} and {@link #length()} are its frame. */
    abstract void finishMessage() throws IOException;

    /**
     * Writes the next messages for {@code transport}: in place into its
     * native send buffer when it has one. Called once, before the first
     * message.
     */
    void attach(Transport transport) throws IOException {
    }

    /** Sends the message finished last over {@code transport}. */
    void send(Transport transport) throws IOException {
        transport.send(data(), length());
    }

    abstract byte[] data();

    abstract int length();

    /** Starts reading the message in {@code frame}. */
    abstract void startRead(Frame frame) throws IOException;

    abstract long getLong() throws IOException;

    abstract int getInt() throws IOException;

    abstract int getByte() throws IOException;

    /** @return the stream holding the rest of the message being read */
    abstract ObjectInput input() throws IOException;

    /** Ends the message being read. */
    abstract void finishRead() throws IOException;

    /*
     * An exported object travels as its stub, as with stock RMI: as the
     * stub's serialized form, since a stream does not apply writeReplace to
     * what replaceObject returns.
     */
    static Object replaceRemote(Object obj) {
        if (obj instanceof Remote r && !(obj instanceof FastStub)) {
            Remote stub = RemoteRuntime.get().exportedApplicationStub(r);
            if (stub instanceof FastStub s) {
                return ClientRef.forStub(s).reference();
            }
            if (stub != null) {
                // stock's form (a proxy, a pregenerated class) travels as itself, as stock's stubs do
                return stub;
            }
            return jrmpStub(r);
        }
        return obj;
    }

    /* An object exported by the JDK's JRMP (socket factories) travels as its JRMP stub. */
    @SuppressWarnings("deprecation")     // RemoteStub: static JRMP stubs are stubs too
    static Object jrmpStub(Remote r) {
        if (r instanceof java.rmi.server.RemoteStub || java.lang.reflect.Proxy.isProxyClass(r.getClass())
                || r instanceof java.rmi.server.RemoteObjectInvocationHandler) {
            return r;
        }
        try {
            return java.rmi.server.RemoteObject.toStub(r);
        } catch (java.rmi.NoSuchObjectException e) {
            return r;                   // not exported: serialized as it is
        }
    }

    Class<?> resolve(String name) {
        Class<?> c = resolve(loader, name);
        return c != null || fallbackLoader == loader ? c : resolve(fallbackLoader, name);
    }

    /*
     * Stock reads this once too (sun.rmi.server.MarshalInputStream): true,
     * the default, ignores the codebases that peers announce.
     */
    private static final boolean USE_CODEBASE_ONLY =
            !"false".equalsIgnoreCase(System.getProperty("java.rmi.server.useCodebaseOnly", "true"));

    /* What stock's MarshalOutputStream.annotateClass writes. */
    static void annotate(ObjectOutputStream out, Class<?> c) throws IOException {
        out.writeObject(RMIClassLoader.getClassAnnotation(c));
    }

    /* Reads a class's annotation: the codebase to load it from, or null. */
    static String codebase(ObjectInputStream in) throws IOException, ClassNotFoundException {
        Object annotation = in.readObject();
        return !USE_CODEBASE_ONLY && annotation instanceof String s ? s : null;
    }

    /*
     * The class from the call's loaders, else from the codebase as stock's
     * MarshalInputStream loads it (RMIClassLoader with this call's loader as
     * the default); null if neither has it.
     */
    Class<?> resolve(String name, String codebase) throws MalformedURLException {
        Class<?> c = resolve(name);
        return c != null ? c : orNull(() -> RMIClassLoader.loadClass(codebase, name, loader));
    }

    /* As resolve(name, codebase), for the class of a dynamic proxy. */
    Class<?> resolveProxy(String[] names, String codebase)
            throws ClassNotFoundException, MalformedURLException {
        Class<?> c = resolveProxy(names);
        return c != null ? c : orNull(() -> RMIClassLoader.loadProxyClass(codebase, names, loader));
    }

    private interface ClassLoad {
        Class<?> load() throws ClassNotFoundException, MalformedURLException;
    }

    /* The class, or null if it is not found (the caller tries the stream's own resolution next). */
    private static Class<?> orNull(ClassLoad load) throws MalformedURLException {
        try {
            return load.load();
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /*
     * The class of a dynamic proxy (a stub of stock's form) with the named
     * interfaces, resolved as classes are; null if one is not found that
     * way. Defined in the loader of a non-public interface, else in the
     * first of the stream's loaders and the interfaces' own that sees them
     * all, as ObjectInputStream defines one in the loader it resolves with.
     */
    @SuppressWarnings("deprecation")     // Proxy.getProxyClass: the class, without an instance
    Class<?> resolveProxy(String[] names) throws ClassNotFoundException {
        Class<?>[] interfaces = new Class<?>[names.length];
        java.util.List<ClassLoader> loaders = new java.util.ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            Class<?> c = resolve(names[i]);
            if (c == null) {
                return null;
            }
            interfaces[i] = c;
            if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                loaders.add(0, c.getClassLoader());
            }
        }
        loaders.add(loader);
        loaders.add(fallbackLoader);
        for (Class<?> c : interfaces) {
            loaders.add(c.getClassLoader());
        }
        IllegalArgumentException failure = null;
        for (ClassLoader l : loaders) {
            try {
                return java.lang.reflect.Proxy.getProxyClass(l, interfaces);
            } catch (IllegalArgumentException e) {
                failure = e;
            }
        }
        throw new ClassNotFoundException(String.join(", ", names), failure);
    }

    private static Class<?> resolve(ClassLoader loader, String name) {
        if (loader == null) {
            return null;
        }
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------

    static final class Fast extends Marshalling {
        private static final ValueLayout.OfInt LENGTH_FIELD =
                ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        private Output out = new Output();
        private final byte[] header;
        private Input in;
        private byte[] data;
        private int length;
        private Transport direct;       // non-null: out writes into its send buffer

        Fast() throws IOException {
            header = out.toByteArray();
            out.rewind();
        }

        @Override int serialization() { return Handshake.FAST; }

        @Override byte[] header() { return header.clone(); }

        @Override
        void peerHeader(byte[] peer) throws IOException {
            in = new Input(peer, this);
        }

        @Override
        ObjectOutput startRequest(long objectId, int method, long hash) throws IOException {
            rewind();
            out.putInt(0);
            out.putLong(objectId);
            out.putInt(method);
            out.putLong(hash);
            return out;
        }

        @Override
        ObjectOutput startReply(int status) throws IOException {
            rewind();
            out.putInt(0);
            out.putByte(status);
            return out;
        }

        /* The next message goes where the transport wants it: its send buffer may change between frames. */
        private void rewind() throws IOException {
            if (direct != null) {
                out.rewindInto(direct.sendBuffer());
            } else {
                out.rewind();
            }
        }

        @Override
        void attach(Transport transport) throws IOException {
            if (transport.sendBuffer() != null) {
                // a fresh stream: nothing was written yet, and its header is the same bytes
                out = new Output(transport);
                out.rewind();
                direct = transport;
            }
        }

        @Override
        void finishMessage() throws IOException {
            out.resetObjects();
            long len = out.size();
            if (len > Integer.MAX_VALUE) {
                throw new IOException("message too long: " + len + " bytes");
            }
            length = (int) len;
            if (direct != null) {
                out.segment().set(LENGTH_FIELD, 0, length - Frame.HEADER);
            } else {
                data = out.buffer();
                Frame.putMessageLength(data, length - Frame.HEADER);
            }
        }

        @Override
        void send(Transport transport) throws IOException {
            if (direct != null) {
                direct.sendBuffered(length);
            } else {
                transport.send(data, length);
            }
        }

        @Override
        byte[] data() {
            if (direct != null) {
                throw new IllegalStateException("the message is in the transport's send buffer");
            }
            return data;
        }

        @Override int length() { return length; }

        @Override
        void startRead(Frame frame) throws IOException {
            try {
                MemorySegment nativeFrame = frame.nativeData();
                if (nativeFrame != null) {
                    in.setInput(nativeFrame, Frame.HEADER, frame.length() - Frame.HEADER);
                } else {
                    in.setInput(frame.data(), Frame.HEADER, frame.length() - Frame.HEADER);
                }
                in.startMessage();
                in.startPeerMessage();
            } catch (IllegalStateException e) {
                // the last message was not read to its end: the streams disagree
                throw new StreamCorruptedException("message boundary lost: " + e.getMessage());
            }
        }

        @Override long getLong() throws IOException { return in.getLong(); }

        @Override int getInt() throws IOException { return in.getInt(); }

        @Override int getByte() throws IOException { return in.getByte() & 0xFF; }

        @Override ObjectInput input() { return in; }

        @Override
        void finishRead() throws IOException {
            // consumes the trailing reset of the writer; data left is an error
            if (in.available() > 0) {
                throw new StreamCorruptedException("unread data at the end of a message");
            }
        }

        /* A pair whose input reads what its output writes: LocalCopier's. */
        static Fast loopback() throws IOException {
            Fast f = new Fast();
            f.peerHeader(f.header);
            return f;
        }

        /*
         * Writes a value for readCopy to read back; objects it shares with
         * the values before stay shared.
         */
        void writeCopy(Object value) throws IOException {
            out.rewind();
            out.writeObject(value);
            feedBack();
        }

        /* Reads what writeCopy wrote. */
        Object readCopy() throws IOException, ClassNotFoundException {
            return in.readObject();
        }

        /* Forgets the objects of the values copied so far. */
        void forgetObjects() throws IOException {
            out.rewind();
            out.resetObjects();
            feedBack();
            in.available();             // reads the reset
        }

        private void feedBack() throws IOException {
            int size = (int) out.size();
            in.setInput(out.buffer(), 0, size);
            in.startMessage();
        }
    }

    private static final class Output extends FastObjectOutputStream {
        private final Transport transport;
        private MemorySegment segment;      // written in place: the transport's memory of this message

        Output() throws IOException {
            transport = null;
            enableReplaceObject(true);
        }

        /* Writes in place into the transport's native send buffer. */
        Output(Transport transport) throws IOException {
            this(transport, transport.sendBuffer());
        }

        private Output(Transport transport, MemorySegment segment) throws IOException {
            super(segment);
            this.transport = transport;
            this.segment = segment;
            enableReplaceObject(true);
        }

        @Override
        protected MemorySegment growSegment(MemorySegment full, long minimumSize) throws IOException {
            if (transport == null) {
                return super.growSegment(full, minimumSize);
            }
            return segment = transport.growSendBuffer(minimumSize);
        }

        void rewindInto(MemorySegment next) throws IOException {
            rewind(next);
            segment = next;
        }

        MemorySegment segment() {
            return segment;
        }

        @Override
        protected Object replaceObject(Object obj) {
            return replaceRemote(obj);
        }

        @Override
        protected void annotateClass(Class<?> c) throws IOException {
            annotate(this, c);
        }

        @Override
        protected void annotateProxyClass(Class<?> c) throws IOException {
            annotate(this, c);
        }
    }

    private static final class Input extends FastObjectInputStream {
        private final Marshalling owner;

        Input(byte[] header, Marshalling owner) throws IOException {
            super(header);
            this.owner = owner;
            ObjectInputFilter jvmWide = getObjectInputFilter();
            setObjectInputFilter(info -> {
                ObjectInputFilter f = owner.filter != null ? owner.filter : jvmWide;
                return f == null ? ObjectInputFilter.Status.UNDECIDED : f.checkInput(info);
            });
        }

        /* Filter limits count per call, as for stock RMI's stream per call. */
        void startMessage() {
            resetFilterCounts();
        }

        /*
         * A peer's messages are independent (its writer resets the objects at
         * the end of each): a back reference into an earlier call, under
         * another filter, is refused even if the peer left out the reset.
         */
        void startPeerMessage() {
            forgetObjects();
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            Class<?> c = owner.resolve(desc.getName(), codebase(this));
            return c != null ? c : super.resolveClass(desc);
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
            Class<?> c = owner.resolveProxy(interfaces, codebase(this));
            return c != null ? c : super.resolveProxyClass(interfaces);
        }
    }

    // ------------------------------------------------------------------

    private static final class Jdk extends Marshalling {
        private final Buffer buf = new Buffer();
        private byte[] readData;
        private int readPos;
        private int readLimit;
        private ObjectInputStream in;
        private JdkOutput out;

        @Override int serialization() { return Handshake.JDK; }

        @Override byte[] header() { return new byte[0]; }

        @Override void peerHeader(byte[] header) { }

        @Override
        ObjectOutput startRequest(long objectId, int method, long hash) throws IOException {
            buf.reset();
            buf.putLong(0, 4);
            buf.putLong(objectId, 8);
            buf.putLong(method, 4);
            buf.putLong(hash, 8);
            return out = new JdkOutput(buf);
        }

        @Override
        ObjectOutput startReply(int status) throws IOException {
            buf.reset();
            buf.putLong(0, 4);
            buf.write(status);
            return out = new JdkOutput(buf);
        }

        @Override
        void finishMessage() throws IOException {
            out.flush();
            out = null;
            Frame.putMessageLength(buf.data(), buf.size() - Frame.HEADER);
        }

        @Override byte[] data() { return buf.data(); }

        @Override int length() { return buf.size(); }

        @Override
        void startRead(Frame frame) {
            readData = frame.data();
            readPos = Frame.HEADER;
            readLimit = frame.length();
            in = null;
        }

        private long raw(int n) throws IOException {
            if (readLimit - readPos < n) {
                throw new java.io.EOFException("message too short");
            }
            long v = 0;
            for (int i = n - 1; i >= 0; i--) {
                v = (v << 8) | (readData[readPos + i] & 0xFF);
            }
            readPos += n;
            return v;
        }

        @Override long getLong() throws IOException { return raw(8); }

        @Override int getInt() throws IOException { return (int) raw(4); }

        @Override int getByte() throws IOException { return (int) raw(1); }

        @Override
        ObjectInput input() throws IOException {
            if (in == null) {
                in = new JdkInput(new ByteArrayInputStream(readData, readPos, readLimit - readPos), this);
            }
            return in;
        }

        @Override
        void finishRead() {
            in = null;
        }
    }

    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(256);
        }

        byte[] data() {
            return buf;
        }

        void putLong(long v, int n) {
            for (int i = 0; i < n; i++) {
                write((int) (v >>> (8 * i)));
            }
        }
    }

    private static final class JdkOutput extends ObjectOutputStream {
        JdkOutput(OutputStream out) throws IOException {
            super(out);
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            return replaceRemote(obj);
        }

        @Override
        protected void annotateClass(Class<?> c) throws IOException {
            annotate(this, c);
        }

        @Override
        protected void annotateProxyClass(Class<?> c) throws IOException {
            annotate(this, c);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    private static final class JdkInput extends ObjectInputStream {
        private final Marshalling owner;

        JdkInput(InputStream in, Marshalling owner) throws IOException {
            super(in);
            this.owner = owner;
            if (owner.filter != null) {
                setObjectInputFilter(owner.filter);
            }
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            Class<?> c = owner.resolve(desc.getName(), codebase(this));
            return c != null ? c : super.resolveClass(desc);
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
            Class<?> c = owner.resolveProxy(interfaces, codebase(this));
            return c != null ? c : super.resolveProxyClass(interfaces);
        }
    }
}
