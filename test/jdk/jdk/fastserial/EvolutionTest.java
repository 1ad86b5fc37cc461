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
 * @summary Class evolution through the fast object streams, as through the
 *          JDK's: two versions of the same classes, compiled at run time and
 *          loaded in two class loaders; version 1 writes, version 2 reads
 *          (through resolveClass overridden in subclasses of the streams).
 *          Fields added (defaults) and removed (read and dropped, their
 *          objects still taking handles), custom data longer than the reader
 *          reads (skipped, objects included) and shorter (EOFException and
 *          OptionalDataException inside readObject), a superclass added
 *          (readObjectNoData) or removed, a non-serializable superclass added
 *          (its no-arg constructor runs), readFields with defaulted fields,
 *          records with components added, removed and retyped (an int
 *          widened, a reference made primitive: InvalidClassException; a
 *          reference narrowed: InvalidObjectException), an enum constant gone,
 *          a class gone (ClassNotFoundException, after which the next object
 *          reads; none when only a removed field refers to it), and the
 *          failures: serialVersionUID mismatch and incompatible field
 *          types (InvalidClassException), a reference field's type narrowed
 *          (ClassCastException). Without a resolveClass override, classes
 *          are resolved in the class loader of the code that calls
 *          readObject, as ObjectInputStream does (latestUserDefinedLoader).
 * @library /lib
 * @build grande.test.* DeepEquals SourceVersions
 * @run main/othervm EvolutionTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class EvolutionTest {

    static final String IMPORTS = "package evo;\nimport java.io.*;\nimport java.util.*;\n";
    static final String UID = "    private static final long serialVersionUID = 1L;\n";

    /** Version 1: the writer's classes, and Make, which builds the objects each case writes. */
    static Map<String, String> version1() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("Added", "public class Added implements Serializable {\n" + UID
                + "    int a = 1; String s = \"one\";\n}\n");
        v.put("Removed", "public class Removed implements Serializable {\n" + UID
                + "    int a = 2; double gone = 2.5; long goneToo = 7; Object goneRef; Object kept;\n}\n");
        v.put("Extra", "public class Extra implements Serializable {\n" + UID
                + "    int v = 3; transient List<String> extra;\n"
                + "    private void writeObject(ObjectOutputStream out) throws IOException {\n"
                + "        out.defaultWriteObject(); out.writeInt(7); out.writeObject(extra);\n"
                + "        out.writeUTF(\"tail\"); out.writeObject(new int[] { 1, 2, 3 });\n"
                + "    }\n}\n");
        v.put("Missing", "public class Missing implements Serializable {\n" + UID + "    int v = 4;\n}\n");
        v.put("Leaf", "public class Leaf implements Serializable {\n" + UID + "    int x = 5;\n}\n");
        v.put("SerParent", "public class SerParent implements Serializable {\n" + UID
                + "    int p = 12; String q = \"parent\";\n}\n");
        v.put("LostSuper", "public class LostSuper extends SerParent {\n" + UID + "    int own = 13;\n}\n");
        v.put("GainsPlainBase", "public class GainsPlainBase implements Serializable {\n" + UID
                + "    int own = 8;\n}\n");
        v.put("Versioned", "public class Versioned implements Serializable {\n"
                + "    private static final long serialVersionUID = 1L;\n    int x = 1;\n}\n");
        v.put("Retyped", "public class Retyped implements Serializable {\n" + UID + "    int count = 9;\n}\n");
        v.put("RefRetyped", "public class RefRetyped implements Serializable {\n" + UID
                + "    Object ref = \"a string\";\n}\n");
        v.put("Persistent", "public class Persistent implements Serializable {\n" + UID
                + "    private static final ObjectStreamField[] serialPersistentFields = {\n"
                + "        new ObjectStreamField(\"a\", int.class), new ObjectStreamField(\"gone\", String.class) };\n"
                + "    transient int value = 6;\n"
                + "    private void writeObject(ObjectOutputStream out) throws IOException {\n"
                + "        ObjectOutputStream.PutField f = out.putFields();\n"
                + "        f.put(\"a\", value); f.put(\"gone\", \"only in version 1\"); out.writeFields();\n"
                + "    }\n}\n");
        v.put("Rec", "public record Rec(int a, String s) implements Serializable { }\n");
        v.put("RecRemoved", "public record RecRemoved(int a, String gone) implements Serializable { }\n");
        v.put("RecRetyped", "public record RecRetyped(int a, String s) implements Serializable { }\n");
        v.put("RecToPrimitive", "public record RecToPrimitive(String a) implements Serializable { }\n");
        v.put("RecNarrowed", "public record RecNarrowed(Object o, int b) implements Serializable { }\n");
        v.put("Shade", "public enum Shade { LIGHT, DARK, GONE }\n");
        v.put("OnlyInV1", "public class OnlyInV1 implements Serializable {\n" + UID + "    int z = 1;\n}\n");
        v.put("Make", """
                public class Make {
                    public static Object[] make(String name) {
                        switch (name) {
                            case "added": return new Object[] { new Added() };
                            case "removed": {
                                Removed r = new Removed();
                                List<String> shared = new ArrayList<>(List.of("shared"));
                                r.goneRef = shared;
                                r.kept = shared;
                                return new Object[] { r, shared };
                            }
                            case "extra": {
                                Extra e = new Extra();
                                e.extra = new ArrayList<>(List.of("in the skipped data"));
                                return new Object[] { e, e.extra, "after" };
                            }
                            case "missing": return new Object[] { new Missing(), "after" };
                            case "superclass-added": return new Object[] { new Leaf() };
                            case "superclass-removed": return new Object[] { new LostSuper() };
                            case "plain-superclass-added": return new Object[] { new GainsPlainBase() };
                            case "uid-mismatch": return new Object[] { new Versioned() };
                            case "field-type-changed": return new Object[] { new Retyped() };
                            case "reference-type-narrowed": return new Object[] { new RefRetyped() };
                            case "readFields-defaulted": return new Object[] { new Persistent() };
                            case "record-component-added": return new Object[] { new Rec(1, "s") };
                            case "record-component-removed": return new Object[] { new RecRemoved(2, "g") };
                            case "record-component-retyped": return new Object[] { new RecRetyped(3, "t") };
                            case "record-reference-to-primitive": return new Object[] { new RecToPrimitive("p") };
                            case "record-reference-narrowed": return new Object[] { new RecNarrowed("not an Integer", 4) };
                            case "enum-constant-gone": return new Object[] { Shade.DARK, Shade.GONE };
                            case "class-gone":
                                return new Object[] { new ArrayList<>(List.of(new OnlyInV1())), "after" };
                            case "class-gone-in-removed-field": {
                                Removed r = new Removed();
                                r.goneRef = new OnlyInV1();
                                return new Object[] { r, "after" };
                            }
                            default: throw new IllegalArgumentException(name);
                        }
                    }
                }
                """);
        return withImports(v);
    }

    /** Version 2: the reader's classes. */
    static Map<String, String> version2() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("Added", "public class Added implements Serializable {\n" + UID
                + "    int a; String s; long added = 99; String addedRef = \"initial\";\n}\n");
        v.put("Removed", "public class Removed implements Serializable {\n" + UID + "    int a; Object kept;\n}\n");
        v.put("Extra", "public class Extra implements Serializable {\n" + UID
                + "    int v; transient int firstExtra;\n"
                + "    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {\n"
                + "        in.defaultReadObject(); firstExtra = in.readInt();\n"
                + "    }\n}\n");
        v.put("Missing", "public class Missing implements Serializable {\n" + UID
                + "    int v; transient String observed;\n"
                + "    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {\n"
                + "        in.defaultReadObject();\n"
                + "        StringBuilder sb = new StringBuilder();\n"
                + "        try { int i = in.readInt(); sb.append(\"int=\").append(i); }\n"
                + "        catch (IOException e) { sb.append(\"int:\").append(e.getClass().getName()); }\n"
                + "        try { Object o = in.readObject(); sb.append(\" object=\").append(o); }\n"
                + "        catch (OptionalDataException e) {\n"
                + "            sb.append(\" object:OptionalDataException eof=\").append(e.eof)\n"
                + "              .append(\" length=\").append(e.length);\n"
                + "        }\n"
                + "        sb.append(\" read()=\").append(in.read());\n"
                + "        observed = sb.toString();\n"
                + "    }\n}\n");
        v.put("Middle", "public class Middle implements Serializable {\n" + UID
                + "    int m = 11; transient boolean noData;\n"
                + "    private void readObjectNoData() throws ObjectStreamException { m = -5; noData = true; }\n}\n");
        v.put("Leaf", "public class Leaf extends Middle {\n" + UID + "    int x;\n}\n");
        v.put("SerParent", "public class SerParent implements Serializable {\n" + UID
                + "    int p; String q;\n}\n");
        v.put("LostSuper", "public class LostSuper implements Serializable {\n" + UID + "    int own;\n}\n");
        v.put("PlainBase", "public class PlainBase {\n    int base;\n    public PlainBase() { base = 17; }\n}\n");
        v.put("GainsPlainBase", "public class GainsPlainBase extends PlainBase implements Serializable {\n" + UID
                + "    int own;\n}\n");
        v.put("Versioned", "public class Versioned implements Serializable {\n"
                + "    private static final long serialVersionUID = 2L;\n    int x;\n}\n");
        v.put("Retyped", "public class Retyped implements Serializable {\n" + UID + "    long count;\n}\n");
        v.put("RefRetyped", "public class RefRetyped implements Serializable {\n" + UID + "    Integer ref;\n}\n");
        v.put("Persistent", "public class Persistent implements Serializable {\n" + UID
                + "    private static final ObjectStreamField[] serialPersistentFields = {\n"
                + "        new ObjectStreamField(\"a\", int.class), new ObjectStreamField(\"b\", int.class) };\n"
                + "    transient int value; transient String observed;\n"
                + "    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {\n"
                + "        ObjectInputStream.GetField f = in.readFields();\n"
                + "        value = f.get(\"a\", -1);\n"
                + "        StringBuilder sb = new StringBuilder();\n"
                + "        sb.append(\"defaulted(a)=\").append(f.defaulted(\"a\"));\n"
                + "        sb.append(\" defaulted(b)=\").append(f.defaulted(\"b\"));\n"
                + "        sb.append(\" b=\").append(f.get(\"b\", 42));\n"
                + "        sb.append(\" gone=\").append(f.get(\"gone\", \"dflt\"));\n"
                + "        try { f.defaulted(\"nosuch\"); sb.append(\" nosuch:none\"); }\n"
                + "        catch (IllegalArgumentException e) {\n"
                + "            sb.append(\" nosuch:\").append(e.getClass().getName());\n"
                + "        }\n"
                + "        observed = sb.toString();\n"
                + "    }\n}\n");
        v.put("Rec", "public record Rec(int a, String s, long added) implements Serializable { }\n");
        v.put("RecRemoved", "public record RecRemoved(int a) implements Serializable { }\n");
        v.put("RecRetyped", "public record RecRetyped(long a, String s) implements Serializable { }\n");
        v.put("RecToPrimitive", "public record RecToPrimitive(int a) implements Serializable { }\n");
        v.put("RecNarrowed", "public record RecNarrowed(Integer o, int b) implements Serializable { }\n");
        v.put("Shade", "public enum Shade { LIGHT, DARK }\n");
        v.put("Caller", """
                public class Caller {
                    /** Reads with the streams' own resolveClass, called from this class loader's code. */
                    public static Object read(java.util.function.Function<byte[], ObjectInputStream> open,
                                              byte[] bytes) {
                        try {
                            return open.apply(bytes).readObject();
                        } catch (Exception e) {
                            return e;
                        }
                    }
                }
                """);
        return withImports(v);
    }

    static Map<String, String> withImports(Map<String, String> classes) {
        Map<String, String> files = new LinkedHashMap<>();
        classes.forEach((name, body) -> files.put("evo/" + name + ".java", IMPORTS + body));
        return files;
    }

    /** One case: what version 1 writes (Make.make(name)) and what version 2 must read. */
    record Case(String name, Class<? extends Throwable> failure, Consumer<List<Object>> check) { }

    static Object field(Object o, String name) {
        try {
            for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (f.getName().equals(name)) {
                        f.setAccessible(true);
                        return f.get(o);
                    }
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no field " + name + " in " + o.getClass());
    }

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("added", null, r -> {
            Object o = r.get(0);
            expect(field(o, "a").equals(1) && field(o, "s").equals("one"), "added: the old fields keep their values");
            expect(field(o, "added").equals(0L) && field(o, "addedRef") == null,
                   "added: the new fields are 0 and null, no initializer runs");
        }));
        c.add(new Case("removed", null, r -> {
            Object o = r.get(0);
            expect(field(o, "a").equals(2) && field(o, "kept").equals(List.of("shared")), "removed: the kept fields");
            expect(field(o, "kept") == r.get(1), "removed: the object of a removed field took its handle");
        }));
        c.add(new Case("extra", null, r -> {
            expect(field(r.get(0), "v").equals(3) && field(r.get(0), "firstExtra").equals(7),
                   "extra: the part read");
            expect(r.get(1).equals(List.of("in the skipped data")) && r.get(2).equals("after"),
                   "extra: an object inside the skipped data is referred to later");
        }));
        c.add(new Case("missing", null, r -> {
            expectEquals("int:java.io.EOFException object:OptionalDataException eof=true length=0 read()=-1",
                         field(r.get(0), "observed"), "missing: reading beyond default data");
            expectEquals("after", r.get(1), "missing: the next object");
        }));
        c.add(new Case("superclass-added", null, r -> {
            Object o = r.get(0);
            expect(field(o, "x").equals(5) && field(o, "m").equals(-5) && field(o, "noData").equals(true),
                   "superclass-added: readObjectNoData ran for the new superclass");
        }));
        c.add(new Case("superclass-removed", null,
                       r -> expectEquals(13, field(r.get(0), "own"), "superclass-removed: the own field")));
        c.add(new Case("plain-superclass-added", null, r -> {
            expect(field(r.get(0), "own").equals(8) && field(r.get(0), "base").equals(17),
                   "plain-superclass-added: its no-arg constructor ran");
        }));
        c.add(new Case("uid-mismatch", java.io.InvalidClassException.class, null));
        c.add(new Case("field-type-changed", java.io.InvalidClassException.class, null));
        c.add(new Case("reference-type-narrowed", ClassCastException.class, null));
        c.add(new Case("readFields-defaulted", null, r -> {
            expectEquals(6, field(r.get(0), "value"), "readFields-defaulted: a");
            expectEquals("defaulted(a)=false defaulted(b)=true b=42 gone=only in version 1"
                         + " nosuch:java.lang.IllegalArgumentException",
                         field(r.get(0), "observed"), "readFields-defaulted: what GetField reported");
        }));
        c.add(new Case("record-component-added", null,
                       r -> expectEquals("Rec[a=1, s=s, added=0]", r.get(0).toString(), "record-component-added")));
        c.add(new Case("record-component-removed", null,
                       r -> expectEquals("RecRemoved[a=2]", r.get(0).toString(), "record-component-removed")));
        c.add(new Case("record-component-retyped", java.io.InvalidClassException.class, null));
        c.add(new Case("record-reference-to-primitive", java.io.InvalidClassException.class, null));
        // the canonical constructor cannot take the value: the JDK's InvalidObjectException
        c.add(new Case("record-reference-narrowed", java.io.InvalidObjectException.class, null));
        c.add(new Case("enum-constant-gone", java.io.InvalidObjectException.class, null));
        // ClassNotFoundException leaves the stream after the object: the next object reads
        c.add(new Case("class-gone", null, r -> expectEquals(List.of(ClassNotFoundException.class.getName(), "after"),
                                                             r, "class-gone: the exception, then the next object")));
        // the JDK ignores a class it cannot find when only a removed field refers to its object
        c.add(new Case("class-gone-in-removed-field", null, r -> expect(
                field(r.get(0), "a").equals(2) && field(r.get(0), "kept") == null,
                "class-gone-in-removed-field: the object reads without the removed field")));
        return c;
    }

    /** Writes objects with a fresh stream of one kind; the bytes. */
    interface Writing {
        byte[] write(Object[] objects) throws IOException;
    }

    /** Reads n objects with a fresh stream of one kind resolving classes in loader. */
    interface Reading {
        List<Object> read(byte[] bytes, int n, ClassLoader loader) throws Exception;
    }

    record Streams(String name, Writing writing, Reading reading) { }

    static Class<?> resolve(ObjectStreamClass desc, ClassLoader loader) throws ClassNotFoundException {
        return Class.forName(desc.getName(), false, loader);
    }

    /** Reads n objects; an object whose class is not found reads as the exception's class name. */
    static List<Object> readAll(ObjectInputStream in, int n) throws Exception {
        List<Object> result = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            try {
                result.add(in.readObject());
            } catch (ClassNotFoundException e) {
                result.add(e.getClass().getName());
            }
        }
        return result;
    }

    static final Streams JDK = new Streams("jdk", objects -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (Object o : objects) {
                out.writeObject(o);
            }
        }
        return bytes.toByteArray();
    }, (bytes, n, loader) -> {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                return resolve(desc, loader);
            }
        }) {
            return readAll(in, n);
        }
    });

    static byte[] fastWrite(Object[] objects) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        for (Object o : objects) {
            out.writeObject(o);
        }
        out.flush();
        return out.toByteArray();
    }

    /** A fast stream on a byte[] or an InputStream that resolves classes in loader. */
    static final class ResolvingFastInput extends FastObjectInputStream {
        private final ClassLoader loader;

        ResolvingFastInput(byte[] bytes, ClassLoader loader) throws IOException {
            super(bytes);
            this.loader = loader;
        }

        ResolvingFastInput(InputStream source, ClassLoader loader) throws IOException {
            super(source);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
            return resolve(desc, loader);
        }
    }

    static final Streams FAST = new Streams("fast/byte[]", EvolutionTest::fastWrite,
            (bytes, n, loader) -> readAll(new ResolvingFastInput(bytes, loader), n));

    static final Streams FAST_STREAM = new Streams("fast/stream", EvolutionTest::fastWrite, (bytes, n, loader) -> {
        try (FastObjectInputStream in = new ResolvingFastInput(new ByteArrayInputStream(bytes), loader)) {
            return readAll(in, n);
        }
    });

    record Outcome(List<Object> result, Throwable failure) { }

    static Outcome run(Streams streams, Object[] objects, ClassLoader reader) {
        byte[] bytes;
        try {
            bytes = streams.writing().write(objects);
        } catch (Throwable t) {
            throw new AssertionError(streams.name() + ": version 1 could not be written", t);
        }
        try {
            return new Outcome(streams.reading().read(bytes, objects.length, reader), null);
        } catch (Throwable t) {
            return new Outcome(null, t);
        }
    }

    static ObjectInputStream open(byte[] bytes, boolean fast) {
        try {
            return fast ? new FastObjectInputStream(bytes) : new ObjectInputStream(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Without a resolveClass override the streams resolve a class with the
     * class loader of the nearest caller that has one of its own (not the
     * JDK's): version 2's evo.Caller reads version 1's bytes and gets
     * version 2's classes, as an application in its own class loader does.
     */
    static void defaultResolveClass(Method make, ClassLoader v2, List<String> failures) throws Exception {
        Method read = v2.loadClass("evo.Caller").getMethod("read", Function.class, byte[].class);
        Object added = ((Object[]) make.invoke(null, "added"))[0];
        // evo.Added alone, and in a field of a class of the test's own loader (whose
        // default serialization involves no code of that loader in the JDK's streams)
        for (Object graph : List.of(added, new Holder(added))) {
            Object[] objects = { graph };
            String what = "default resolveClass from version 2's code, reading " + graph.getClass().getName();
            Object jdk = read.invoke(null, (Function<byte[], ObjectInputStream>) b -> open(b, false),
                                     JDK.writing().write(objects));
            Object jdkAdded = jdk instanceof Holder h ? h.value : jdk;
            expect(jdkAdded.getClass().getClassLoader() == v2, "jdk: " + what + " finds version 2: " + jdk);
            Object fast = read.invoke(null, (Function<byte[], ObjectInputStream>) b -> open(b, true),
                                      fastWrite(objects));
            Object fastAdded = fast instanceof Holder h ? h.value : fast;
            if (fastAdded == null || fastAdded.getClass().getClassLoader() != v2) {
                if (fast instanceof Throwable t) {
                    t.printStackTrace(System.out);
                }
                failures.add(what + ": expected version 2's evo.Added, got " + fast);
            } else {
                DeepEquals.check(jdk, fast, what + ", against the JDK's result");
                System.out.println("ok: fast: " + what + " finds version 2");
            }
        }
    }

    /** A class of the test's own loader holding an object of version 2. */
    static final class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        final int n = 3;
        final Object value;

        Holder(Object value) {
            this.value = value;
        }
    }

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(System.getProperty("user.dir"), "evolution");
        URLClassLoader v1 = SourceVersions.loader("version1",
                                                  SourceVersions.compile(scratch.resolve("v1"), version1()));
        URLClassLoader v2 = SourceVersions.loader("version2",
                                                  SourceVersions.compile(scratch.resolve("v2"), version2()));
        Method make = v1.loadClass("evo.Make").getMethod("make", String.class);
        List<String> failures = new ArrayList<>();
        for (Case k : cases()) {
            Object[] objects = (Object[]) make.invoke(null, k.name());
            Outcome jdk = run(JDK, objects, v2);
            // the JDK's streams first: the case must be right about them
            if (k.failure() != null) {
                expect(jdk.failure() != null && jdk.failure().getClass() == k.failure(),
                       k.name() + ": the JDK's streams fail with " + k.failure().getName() + ", got " + jdk.failure());
            } else {
                if (jdk.failure() != null) {
                    throw new AssertionError(k.name() + ": the JDK's streams failed", jdk.failure());
                }
                k.check().accept(jdk.result());
            }
            for (Streams fast : List.of(FAST, FAST_STREAM)) {
                String what = k.name() + " with " + fast.name();
                try {
                    Outcome other = run(fast, objects, v2);
                    if (jdk.failure() != null) {
                        expect(other.failure() != null && other.failure().getClass() == jdk.failure().getClass(),
                               what + ": " + jdk.failure().getClass().getName() + " as with the JDK's streams, got "
                               + other.failure());
                        continue;
                    }
                    if (other.failure() != null) {
                        throw new AssertionError(what + ": failed", other.failure());
                    }
                    DeepEquals.check(jdk.result(), other.result(), what + " against the JDK's result");
                    k.check().accept(other.result());
                    System.out.println("ok: " + what);
                } catch (AssertionError e) {
                    e.printStackTrace(System.out);
                    failures.add(what + ": " + e.getMessage());
                }
            }
        }
        defaultResolveClass(make, v2, failures);
        v1.close();
        v2.close();
        if (!failures.isEmpty()) {
            failures.forEach(f -> System.out.println("FAILED: " + f));
            throw new AssertionError(failures.size() + " evolution cases failed; the first: " + failures.get(0));
        }
    }
}
