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

/*
 * @test
 * @summary A FastObjectInputStream over an InputStream takes from it no byte
 *          past its own items, as the JDK's ObjectInputStream: after a
 *          top-level readObject the source goes on right after the object,
 *          after top-level block data right after the block. On one
 *          connection, each message written by a fresh stream and followed
 *          by the application's own 4 bytes, a fresh stream per message
 *          reads every message deeply equal and the source then gives the
 *          application's 4 bytes: over exactly a BufferedInputStream (8 KiB
 *          and 64-byte buffers, messages larger than the buffer, a mark
 *          set by the application), a subclass of it, a DataInputStream
 *          over one, a source that hands out pieces, a ByteArrayInputStream
 *          and a subclass of it;
 *          the JDK's streams do the same with the same messages, also
 *          after a ClassNotFoundException of an object. Over a
 *          loopback socket, a server reading request after request with a
 *          fresh stream each, on the socket's stream and on a
 *          BufferedInputStream over it, answers every request of a client
 *          that sends the next only after the answer (nothing blocks for
 *          bytes that are not the stream's).
 * @library /lib
 * @modules jdk.fastserial
 * @build grande.test.* DeepEquals Rules
 * @run main/othervm SourceAfterItemsTest
 * @run main/othervm -Xint SourceAfterItemsTest
 */

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import grande.test.PiecewiseInputStream;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expectEquals;

public class SourceAfterItemsTest {

    /** What one stream carries, written and read item by item the same way. */
    interface Message {
        String name();

        void write(ObjectOutputStream out) throws IOException;

        void check(ObjectInputStream in) throws IOException, ClassNotFoundException;
    }

    record Graph(String name, Object... objects) implements Message {
        public void write(ObjectOutputStream out) throws IOException {
            for (Object o : objects) {
                out.writeObject(o);
            }
        }

        public void check(ObjectInputStream in) throws IOException, ClassNotFoundException {
            for (Object o : objects) {
                DeepEquals.check(o, in.readObject(), name);
            }
        }
    }

    /** Block data only: an int, a string, bytes. */
    record Data(String name, int value, byte[] bytes) implements Message {
        public void write(ObjectOutputStream out) throws IOException {
            out.writeInt(value);
            out.writeUTF(name);
            out.write(bytes);
        }

        public void check(ObjectInputStream in) throws IOException {
            expectSame(value, in.readInt(), name);
            expectSame(name, in.readUTF(), name);
            byte[] b = new byte[bytes.length];
            in.readFully(b);
            if (!Arrays.equals(bytes, b)) {
                throw new AssertionError("the bytes of " + name);
            }
        }
    }

    /** Block data, then an object, then block data again. */
    record Mixed(String name, Object object) implements Message {
        public void write(ObjectOutputStream out) throws IOException {
            out.writeLong(-7L);
            out.writeObject(object);
            out.writeShort(12345);
        }

        public void check(ObjectInputStream in) throws IOException, ClassNotFoundException {
            expectSame(-7L, in.readLong(), name);
            DeepEquals.check(object, in.readObject(), name);
            expectSame((short) 12345, in.readShort(), name);
        }
    }

    /** Objects with a reset of the stream between them. */
    record WithReset(String name, Object first, Object second) implements Message {
        public void write(ObjectOutputStream out) throws IOException {
            out.writeObject(first);
            out.reset();
            out.writeObject(second);
        }

        public void check(ObjectInputStream in) throws IOException, ClassNotFoundException {
            DeepEquals.check(first, in.readObject(), name);
            DeepEquals.check(second, in.readObject(), name);
        }
    }

    /** A class the readers of readConnection refuse to resolve. */
    record Refused(String name, int[] values) implements java.io.Serializable { }

    /**
     * An object whose class is not found, then one that is: the first read
     * fails with ClassNotFoundException after the whole object, the second
     * reads the next one (the JDK's streams go on after a class not found).
     */
    record NotFound(String name, Object object) implements Message {
        public void write(ObjectOutputStream out) throws IOException {
            out.writeObject(List.of("before", new Refused("refused", new int[] {1, 2, 3}), "after"));
            out.writeObject(object);
        }

        public void check(ObjectInputStream in) throws IOException, ClassNotFoundException {
            try {
                Object o = in.readObject();
                throw new AssertionError(name + ": read " + o + ", not ClassNotFoundException");
            } catch (ClassNotFoundException expected) {
                // the whole object is read past: the next one follows
            }
            DeepEquals.check(object, in.readObject(), name);
        }
    }

    /** The class of desc, unless it is Refused: as if the reader's class path lacked it. */
    static Class<?> unlessRefused(java.io.ObjectStreamClass desc, Class<?> resolved) throws ClassNotFoundException {
        if (desc.getName().equals(Refused.class.getName())) {
            throw new ClassNotFoundException(desc.getName());
        }
        return resolved;
    }

    /** The readers of readConnection: the JDK's stream or the fast one, each refusing Refused. */
    static ObjectInputStream newInput(InputStream source, boolean fast) throws IOException {
        if (fast) {
            return new FastObjectInputStream(source) {
                @Override
                protected Class<?> resolveClass(java.io.ObjectStreamClass desc)
                        throws IOException, ClassNotFoundException {
                    return unlessRefused(desc, super.resolveClass(desc));
                }
            };
        }
        return new ObjectInputStream(source) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc)
                    throws IOException, ClassNotFoundException {
                return unlessRefused(desc, super.resolveClass(desc));
            }
        };
    }

    /** A class that writes data of its own after its fields: blocks and an object inside the object. */
    static final class Custom implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        int count;
        String label;
        transient String extra;

        Custom(int count, String label) {
            this.count = count;
            this.label = label;
            this.extra = label + "!";
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(count * 2);
            out.writeObject(extra);
            out.write(bytes(count * 100, count));
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            expectSame(count * 2, in.readInt(), "Custom's int");
            extra = (String) in.readObject();
            byte[] b = new byte[count * 100];
            in.readFully(b);
            if (!Arrays.equals(bytes(count * 100, count), b)) {
                throw new AssertionError("Custom's bytes");
            }
        }
    }

    /** Checks.expectEquals prints a line per call: a message set checks thousands of values. */
    static void expectSame(Object expected, Object actual, String what) {
        if (!expected.equals(actual)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    static byte[] bytes(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    static List<Message> messages() {
        List<String> strings = new ArrayList<>();
        for (int k = 0; k < 50; k++) {
            strings.add("string " + k + (k % 3 == 0 ? " \u00e9t\u00e9" : k % 3 == 1 ? " \u4e16\u754c" : ""));
        }
        Map<String, Integer> map = new HashMap<>();
        for (int k = 0; k < 30; k++) {
            map.put("key" + k, k * 1000);
        }
        double[] doubles = new double[5000];        // 40 kB: more than a BufferedInputStream holds
        Arrays.setAll(doubles, k -> k * 0.25);
        List<Message> set = new ArrayList<>();
        set.add(new Graph("an int", 42));
        set.add(new Graph("null", (Object) null));
        set.add(new Graph("a point", new Rules.Point(3, 4)));
        set.add(new Graph("a latin-1 string", "caf\u00e9 au lait"));
        set.add(new Graph("a utf-16 string", "\u4e16\u754c\u4f60\u597d"));
        set.add(new Graph("strings", strings));
        set.add(new Graph("a map", map));
        set.add(new Graph("a ring", Rules.Node.ring(30)));
        set.add(new Graph("two objects", new Rules.Point(1, 2), strings));
        set.add(new Graph("byte[3000]", (Object) bytes(3000, 1)));
        set.add(new Graph("double[5000]", (Object) doubles));
        set.add(new Graph("class-defined data", new Custom(11, "eleven"), new Custom(12, "twelve")));
        set.add(new Data("data", 7, bytes(100, 2)));
        set.add(new Data("data, 20 kB", 8, bytes(20000, 3)));
        set.add(new Data("data, none", 9, new byte[0]));
        set.add(new Mixed("mixed", strings));
        set.add(new Mixed("mixed, array", doubles));
        set.add(new WithReset("a reset", new Rules.Point(5, 6), map));
        set.add(new NotFound("a class not found", new Rules.Point(7, 8)));
        return set;
    }

    /** Each message written by a fresh stream, each followed by the application's own int. */
    static byte[] connection(List<Message> messages, boolean fast) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        BufferedOutputStream buffered = new BufferedOutputStream(sink, 8192);
        DataOutputStream raw = new DataOutputStream(buffered);
        for (int i = 0; i < messages.size(); i++) {
            ObjectOutputStream out = fast ? new FastObjectOutputStream(buffered) : new ObjectOutputStream(buffered);
            messages.get(i).write(out);
            out.flush();
            raw.writeInt(marker(i));
        }
        raw.flush();
        return sink.toByteArray();
    }

    static int marker(int i) {
        return 0x5A000000 | i;
    }

    static final class SubclassedBuffer extends BufferedInputStream {
        SubclassedBuffer(InputStream in) {
            super(in, 8192);
        }
    }

    /** Reads the connection with a fresh stream per message from source, the application's ints between. */
    static void readConnection(List<Message> messages, InputStream source, boolean fast, String what)
            throws IOException, ClassNotFoundException {
        DataInputStream raw = new DataInputStream(source);
        for (int i = 0; i < messages.size(); i++) {
            Message m = messages.get(i);
            m.check(newInput(source, fast));
            int after = raw.readInt();
            if (after != marker(i)) {
                throw new AssertionError(what + ": after " + m.name() + " the source gave "
                        + Integer.toHexString(after) + ", not the application's " + Integer.toHexString(marker(i)));
            }
        }
        expectEquals(-1, source.read(), what + ": the end, nothing left over");
    }

    static void overSources(List<Message> messages, boolean fast) throws Exception {
        byte[] wire = connection(messages, fast);
        String streams = fast ? "fast streams" : "the JDK's streams";
        Map<String, Function<byte[], InputStream>> sources = new java.util.LinkedHashMap<>();
        sources.put("BufferedInputStream, 8 KiB, over pieces",
                b -> new BufferedInputStream(new PiecewiseInputStream(b, 1, 700), 8192));
        sources.put("BufferedInputStream, 64 bytes, over pieces",
                b -> new BufferedInputStream(new PiecewiseInputStream(b, 1, 700), 64));
        sources.put("BufferedInputStream over all bytes", b -> new BufferedInputStream(new ByteArrayInputStream(b)));
        sources.put("BufferedInputStream, marked by the application", b -> {
            BufferedInputStream in = new BufferedInputStream(new PiecewiseInputStream(b, 100, 3000), 4096);
            in.mark(100_000);
            return in;
        });
        sources.put("a subclass of BufferedInputStream", b -> new SubclassedBuffer(new PiecewiseInputStream(b, 1, 700)));
        sources.put("DataInputStream over a BufferedInputStream",
                b -> new DataInputStream(new BufferedInputStream(new PiecewiseInputStream(b, 1, 700))));
        sources.put("pieces of 1 to 700 bytes", b -> new PiecewiseInputStream(b, 1, 700));
        sources.put("ByteArrayInputStream", ByteArrayInputStream::new);
        sources.put("a subclass of ByteArrayInputStream", b -> new ByteArrayInputStream(b) { });
        for (Map.Entry<String, Function<byte[], InputStream>> e : sources.entrySet()) {
            readConnection(messages, e.getValue().apply(wire), fast, streams + ", " + e.getKey());
            System.out.println("ok: " + streams + ", " + e.getKey() + ": " + messages.size()
                    + " messages, the application's bytes after each");
        }
    }

    /**
     * A client sends each message with a fresh stream and waits for the
     * server's answer before the next; the server reads each with a fresh
     * stream and answers with the message's index. A reader that waited for
     * bytes past its message would wait forever (the socket's timeout ends
     * the test then).
     */
    static void requestResponse(List<Message> messages, boolean bufferedServer) throws Exception {
        try (ServerSocket listener = new ServerSocket()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            java.util.concurrent.CompletableFuture<Void> served = new java.util.concurrent.CompletableFuture<>();
            Thread server = new Thread(() -> {
                try (Socket s = listener.accept()) {
                    s.setSoTimeout(30_000);
                    InputStream in = bufferedServer ? new BufferedInputStream(s.getInputStream())
                                                    : s.getInputStream();
                    DataOutputStream answers = new DataOutputStream(s.getOutputStream());
                    for (int i = 0; i < messages.size(); i++) {
                        messages.get(i).check(newInput(in, true));
                        answers.writeInt(marker(i));
                        answers.flush();
                    }
                    expectEquals(-1, in.read(), "the server's source at the end");
                    served.complete(null);
                } catch (Throwable e) {
                    served.completeExceptionally(e);
                }
            }, "server");
            server.setDaemon(true);
            server.start();
            try (Socket c = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
                c.setSoTimeout(30_000);
                OutputStream out = new BufferedOutputStream(c.getOutputStream());
                DataInputStream answers = new DataInputStream(c.getInputStream());
                for (int i = 0; i < messages.size(); i++) {
                    FastObjectOutputStream request = new FastObjectOutputStream(out);
                    messages.get(i).write(request);
                    request.flush();
                    expectSame(marker(i), answers.readInt(), "the answer to " + messages.get(i).name());
                }
                c.shutdownOutput();
                served.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
        System.out.println("ok: request after request over a socket" + (bufferedServer ? ", buffered" : "")
                + ": " + messages.size() + " answered");
    }

    public static void main(String[] args) throws Exception {
        List<Message> messages = messages();
        overSources(messages, false);       // the behaviour to match
        overSources(messages, true);
        requestResponse(messages, false);
        requestResponse(messages, true);
    }
}
