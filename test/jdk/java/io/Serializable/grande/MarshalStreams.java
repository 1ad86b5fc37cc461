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
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.OutputStream;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import grande.test.samples.GreeterHandler;

/**
 * Ordinary stream subclasses as applications write them, using only stock
 * API, run by the image and by stock Temurin:
 * <ul>
 * <li>MarshalOut/MarshalIn: the public constructors, class annotations,
 *     replaceObject/resolveObject, as RMI's MarshalOutputStream and
 *     MarshalInputStream do;
 * <li>LegacyOut/LegacyIn: the no-argument constructor and
 *     writeObjectOverride/readObjectOverride only, as complete
 *     reimplementations do; what every other method does on them.
 * </ul>
 * <pre>
 *   write FILE    writes the graph with MarshalOut, prints "sha256 HEX"
 *   read FILE     reads it with MarshalIn and checks it, prints "read-ok ..."
 *   legacy        prints "legacy OPERATION RESULT" lines
 * </pre>
 */
public final class MarshalStreams {

    private MarshalStreams() { }

    /** Replaced by a StubRef when written, as RMI replaces remote objects by stubs. */
    static final class Exported {
        final String name;

        Exported(String name) {
            this.name = name;
        }
    }

    record StubRef(String name) implements Serializable { }

    interface Greeter extends Serializable {
        String greet(String who);
    }

    static final String CODEBASE = "file:/grande/codebase/";

    static class MarshalOut extends ObjectOutputStream {
        MarshalOut(OutputStream out) throws IOException {
            super(out);
            useProtocolVersion(ObjectStreamConstants.PROTOCOL_VERSION_2);
            enableReplaceObject(true);
        }

        @Override
        protected void annotateClass(Class<?> cl) throws IOException {
            writeObject(cl.getName().startsWith("java.") ? null : CODEBASE);
        }

        @Override
        protected void annotateProxyClass(Class<?> cl) throws IOException {
            annotateClass(cl);
        }

        @Override
        protected Object replaceObject(Object obj) {
            return obj instanceof Exported e ? new StubRef(e.name) : obj;
        }
    }

    static class MarshalIn extends ObjectInputStream {
        final List<Object> annotations = new ArrayList<>();

        MarshalIn(InputStream in) throws IOException {
            super(in);
            enableResolveObject(true);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            annotations.add(readObject());
            return super.resolveClass(desc);
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
            annotations.add(readObject());
            return super.resolveProxyClass(interfaces);
        }

        @Override
        protected Object resolveObject(Object obj) {
            return obj instanceof StubRef s ? "stub:" + s.name() : obj;
        }
    }

    static List<Object> graph() {
        List<Object> g = new ArrayList<>();
        g.add(HookGraph.graph());
        g.add(new Exported("registry"));
        g.add(Proxy.newProxyInstance(MarshalStreams.class.getClassLoader(), new Class<?>[] { Greeter.class },
                                     new GreeterHandler("hello")));
        g.add(new double[] { 1.5, -0.0, Double.NaN });
        return g;
    }

    static byte[] write() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MarshalOut out = new MarshalOut(bytes)) {
            List<Object> g = graph();
            out.writeObject(g);
            out.writeLong(-1L);
            out.writeObject(g.get(1));       // its replacement, by reference
            out.writeObject(g);              // a back reference
        }
        return bytes.toByteArray();
    }

    /** Reads what write() wrote; returns a summary for comparing two VMs. */
    static String read(byte[] stream) throws Exception {
        try (MarshalIn in = new MarshalIn(new ByteArrayInputStream(stream))) {
            List<?> g = (List<?>) in.readObject();
            HookGraph.checkGraph(g.get(0), "secret");
            check("stub:registry".equals(g.get(1)), "the Exported object resolved to its stub: " + g.get(1));
            check(((Greeter) g.get(2)).greet("world").equals("hello, world"), "the proxy works");
            double[] d = (double[]) g.get(3);
            check(d.length == 3 && d[0] == 1.5 && Double.doubleToRawLongBits(d[1]) == 0x8000000000000000L
                  && Double.doubleToRawLongBits(d[2]) == 0x7ff8000000000000L, "the double[]");
            check(in.readLong() == -1L, "the long");
            check("stub:registry".equals(in.readObject()), "the second stub");
            check(in.readObject() == g, "the back reference");
            check(in.read() == -1, "the end of the stream");
            check(in.annotations.contains(CODEBASE) && in.annotations.contains(null),
                  "codebase annotations were read: " + in.annotations);
            return "annotations=" + in.annotations.size();
        }
    }

    // ---- complete reimplementations

    static final class LegacyOut extends ObjectOutputStream {
        final DataOutputStream data;

        LegacyOut(OutputStream out) throws IOException {
            super();
            data = new DataOutputStream(out);
        }

        @Override
        protected void writeObjectOverride(Object obj) throws IOException {
            data.writeUTF(String.valueOf(obj));
        }
    }

    static final class LegacyIn extends ObjectInputStream {
        int count;

        LegacyIn() throws IOException {
            super();
        }

        @Override
        protected Object readObjectOverride() {
            return "override " + count++;
        }
    }

    interface Op {
        Object run() throws Exception;
    }

    static void op(List<String> out, String name, Op op) {
        String result;
        try {
            Object r = op.run();
            result = "ok" + (r == null ? "" : " " + r);
        } catch (Throwable t) {
            result = t.getClass().getName();
        }
        out.add("legacy " + name + " " + result);
    }

    /** What each method does on streams made with the no-argument constructor. */
    static List<String> legacy() throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LegacyOut out = new LegacyOut(bytes);
        op(lines, "out.writeObject", () -> { out.writeObject("a"); return bytes.size(); });
        op(lines, "out.writeObject(null)", () -> { out.writeObject(null); return bytes.size(); });
        op(lines, "out.writeUnshared", () -> { out.writeUnshared("b"); return null; });
        op(lines, "out.writeInt", () -> { out.writeInt(1); return null; });
        op(lines, "out.write", () -> { out.write(new byte[3]); return null; });
        op(lines, "out.writeUTF", () -> { out.writeUTF("u"); return null; });
        op(lines, "out.defaultWriteObject", () -> { out.defaultWriteObject(); return null; });
        op(lines, "out.putFields", () -> out.putFields() == null);
        op(lines, "out.reset", () -> { out.reset(); return null; });
        op(lines, "out.useProtocolVersion", () -> { out.useProtocolVersion(1); return null; });
        op(lines, "out.flush", () -> { out.flush(); return null; });
        op(lines, "out.close", () -> { out.close(); return null; });
        op(lines, "out.bytes", () -> HexFormat.of().formatHex(bytes.toByteArray()));

        LegacyIn in = new LegacyIn();
        op(lines, "in.readObject", in::readObject);
        op(lines, "in.readObject again", in::readObject);
        op(lines, "in.readUnshared", in::readUnshared);
        op(lines, "in.readInt", in::readInt);
        op(lines, "in.read", in::read);
        op(lines, "in.available", in::available);
        op(lines, "in.defaultReadObject", () -> { in.defaultReadObject(); return null; });
        op(lines, "in.readFields", in::readFields);
        op(lines, "in.registerValidation", () -> { in.registerValidation(() -> { }, 0); return null; });
        op(lines, "in.getObjectInputFilter", () -> in.getObjectInputFilter() == null);
        op(lines, "in.close", () -> { in.close(); return null; });
        return lines;
    }

    static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "write" -> {
                byte[] stream = write();
                Files.write(Path.of(args[1]), stream);
                System.out.println("sha256 " + sha256(stream));
            }
            case "read" -> System.out.println("read-ok " + read(Files.readAllBytes(Path.of(args[1]))));
            case "legacy" -> legacy().forEach(System.out::println);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
