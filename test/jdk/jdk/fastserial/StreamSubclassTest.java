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
 * @summary Subclasses of the fast object streams behave as subclasses of the
 *          JDK's: class-defined writeObject/readObject and writeExternal/
 *          readExternal are handed the stream object itself; replaceObject
 *          and resolveObject are called for the same objects in the same
 *          order and their replacements are used; annotateClass and
 *          annotateProxyClass may write data and objects that resolveClass
 *          and resolveProxyClass read back, once per class, in the JDK's
 *          order (as RMI's marshal streams do). An annotation that holds an
 *          object of another class, more than a megabyte into a stream,
 *          reads back (its descriptor counted once, not from the stream's
 *          start, against jdk.fastserial.maxDescriptorBytes).
 * @library /lib
 * @build grande.test.* grande.test.samples.* DeepEquals Rules
 * @run main/othervm StreamSubclassTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import grande.test.samples.GreeterHandler;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class StreamSubclassTest {

    // ---- the stream handed to class-defined methods ----------------------------------

    static final class Witness implements Serializable {
        private static final long serialVersionUID = 1L;
        static final List<Object> SEEN = new ArrayList<>();
        int v = 1;

        private void writeObject(ObjectOutputStream out) throws IOException {
            SEEN.add(out);
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            SEEN.add(in);
            in.defaultReadObject();
        }
    }

    public static final class ExtWitness implements Externalizable {
        private static final long serialVersionUID = 1L;

        public ExtWitness() { }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            Witness.SEEN.add(out);
            out.writeInt(1);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException {
            Witness.SEEN.add(in);
            in.readInt();
        }
    }

    static final class MyFastOut extends FastObjectOutputStream {
        MyFastOut(OutputStream out) throws IOException {
            super(out);
        }
    }

    static final class MyFastIn extends FastObjectInputStream {
        MyFastIn(InputStream in) throws IOException {
            super(in);
        }
    }

    /** Writes through the ObjectOutputStream type, as code written for the JDK's streams does. */
    static void writeAsJdk(ObjectOutputStream out, Object o) throws IOException {
        out.writeObject(o);
        out.flush();
    }

    static void streamIdentity() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        MyFastOut out = new MyFastOut(sink);
        Witness.SEEN.clear();
        writeAsJdk(out, new ArrayList<>(List.of(new Witness(), new ExtWitness())));
        expect(Witness.SEEN.size() == 2 && Witness.SEEN.get(0) == out && Witness.SEEN.get(1) == out,
               "writeObject and writeExternal get the fast stream's subclass itself: " + Witness.SEEN);
        Witness.SEEN.clear();
        ObjectInputStream in = new MyFastIn(new ByteArrayInputStream(sink.toByteArray()));
        in.readObject();
        expect(Witness.SEEN.size() == 2 && Witness.SEEN.get(0) == in && Witness.SEEN.get(1) == in,
               "readObject and readExternal get the fast stream's subclass itself: " + Witness.SEEN);
        Witness.SEEN.clear();
    }

    // ---- replaceObject and resolveObject -----------------------------------------------

    static final class Secret implements Serializable {
        private static final long serialVersionUID = 1L;
        final int code;

        Secret(int code) {
            this.code = code;
        }
    }

    record SecretForm(int code) implements Serializable { }

    /** Writes the string "secret" inside its custom data. */
    static final class WritesSecret implements Serializable {
        private static final long serialVersionUID = 1L;
        transient Object inside;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeObject("secret");
            out.writeObject(new Secret(9));
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            inside = List.of(in.readObject(), in.readObject());
        }
    }

    static String describe(Object o) {
        return o instanceof String s ? "String=" + s : o.getClass().getName();
    }

    static Object replace(Object obj, List<String> log) {
        log.add(describe(obj));
        if ("secret".equals(obj)) {
            return "public";
        }
        return obj instanceof Secret s ? new SecretForm(s.code) : obj;
    }

    static Object resolve(Object obj, List<String> log) {
        log.add(describe(obj));
        return obj instanceof SecretForm f ? new Secret(f.code + 1) : obj;
    }

    static Object replaceGraph() {
        Secret shared = new Secret(5);
        List<Object> list = new ArrayList<>(Arrays.asList("secret", shared, shared, "plain", new int[] { 1 },
                Rules.Color.RED, new Rules.Point(1, 2), null, String.class, new WritesSecret(), "secret"));
        list.add(new Object[] { shared, "secret" });
        return list;
    }

    static void replaceAndResolve() throws Exception {
        Object graph = replaceGraph();

        List<String> jdkReplaced = new ArrayList<>();
        ByteArrayOutputStream jdkSink = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(jdkSink) {
            {
                enableReplaceObject(true);
            }

            @Override
            protected Object replaceObject(Object obj) {
                return replace(obj, jdkReplaced);
            }
        }) {
            out.writeObject(graph);
        }
        List<String> jdkResolved = new ArrayList<>();
        Object jdk = new ObjectInputStream(new ByteArrayInputStream(jdkSink.toByteArray())) {
            {
                enableResolveObject(true);
            }

            @Override
            protected Object resolveObject(Object obj) {
                return resolve(obj, jdkResolved);
            }
        }.readObject();

        List<String> fastReplaced = new ArrayList<>();
        ByteArrayOutputStream fastSink = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(fastSink) {
            {
                enableReplaceObject(true);
            }

            @Override
            protected Object replaceObject(Object obj) {
                return replace(obj, fastReplaced);
            }
        }) {
            out.writeObject(graph);
        }
        List<String> fastResolved = new ArrayList<>();
        Object fast = new FastObjectInputStream(new ByteArrayInputStream(fastSink.toByteArray())) {
            {
                enableResolveObject(true);
            }

            @Override
            protected Object resolveObject(Object obj) {
                return resolve(obj, fastResolved);
            }
        }.readObject();

        System.out.println("replaceObject saw " + jdkReplaced);
        System.out.println("resolveObject saw " + jdkResolved);
        List<?> l = (List<?>) jdk;
        expect(l.get(0).equals("public") && ((Secret) l.get(1)).code == 6 && l.get(1) == l.get(2),
               "jdk: the replacements and resolutions are used");
        expectEquals(jdkReplaced, fastReplaced, "replaceObject sees the same objects in the same order");
        expectEquals(jdkResolved, fastResolved, "resolveObject sees the same objects in the same order");
        DeepEquals.check(jdk, fast, "the graph read with replaceObject and resolveObject against the JDK's");
    }

    // ---- annotateClass and resolveClass --------------------------------------------------

    interface Annotating {
        List<String> annotated();
    }

    interface Resolving {
        List<String> resolved();
    }

    static void annotate(ObjectOutputStream out, Class<?> cl, List<String> log) throws IOException {
        log.add(cl.getName());
        out.writeUTF("codebase:" + cl.getName());
        out.writeObject("location of " + cl.getSimpleName());   // an object, as RMI writes its codebase
        out.writeInt(cl.getName().length());
    }

    static void annotateProxy(ObjectOutputStream out, Class<?> cl, List<String> log) throws IOException {
        String names = Arrays.toString(Arrays.stream(cl.getInterfaces()).map(Class::getName).toArray());
        log.add("proxy " + names);
        out.writeUTF("proxy:" + names);
    }

    static void checkAnnotation(ObjectInputStream in, String name, List<String> log)
            throws IOException, ClassNotFoundException {
        String codebase = in.readUTF();
        Object location = in.readObject();
        int length = in.readInt();
        if (!codebase.equals("codebase:" + name) || !(location instanceof String s && s.startsWith("location of "))
                || length != name.length()) {
            throw new InvalidObjectException("bad annotation of " + name + ": " + codebase + " " + location + " "
                                             + length);
        }
        log.add(name);
    }

    static void checkProxyAnnotation(ObjectInputStream in, String[] interfaces, List<String> log) throws IOException {
        String names = Arrays.toString(interfaces);
        String annotation = in.readUTF();
        if (!annotation.equals("proxy:" + names)) {
            throw new InvalidObjectException("bad proxy annotation " + annotation);
        }
        log.add("proxy " + names);
    }

    static Object annotatedGraph() {
        Object proxy = Proxy.newProxyInstance(Rules.class.getClassLoader(), new Class<?>[] { Rules.Greeter.class },
                                              new GreeterHandler("hi"));
        return new ArrayList<>(List.of(new Rules.LevelThree(1), new Rules.Point(1, 2), proxy, Rules.Color.RED,
                                       new Rules.Point[] { new Rules.Point(3, 4) }, Rules.Node.class,
                                       new Rules.LevelThree(2), proxy));
    }

    static List<String> own(List<String> names) {
        return names.stream().filter(n -> !n.startsWith("java.") && !n.startsWith("[Ljava.")
                                          && !n.matches("\\[+[ZBCSIJFD]")).toList();
    }

    static void annotations() throws Exception {
        Object graph = annotatedGraph();

        List<String> jdkAnnotated = new ArrayList<>();
        ByteArrayOutputStream jdkSink = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(jdkSink) {
            @Override
            protected void annotateClass(Class<?> cl) throws IOException {
                annotate(this, cl, jdkAnnotated);
            }

            @Override
            protected void annotateProxyClass(Class<?> cl) throws IOException {
                annotateProxy(this, cl, jdkAnnotated);
            }
        }) {
            out.writeObject(graph);
        }
        List<String> jdkResolved = new ArrayList<>();
        Object jdk = new ObjectInputStream(new ByteArrayInputStream(jdkSink.toByteArray())) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                checkAnnotation(this, desc.getName(), jdkResolved);
                return super.resolveClass(desc);
            }

            @Override
            protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
                checkProxyAnnotation(this, interfaces, jdkResolved);
                return super.resolveProxyClass(interfaces);
            }
        }.readObject();

        List<String> fastAnnotated = new ArrayList<>();
        ByteArrayOutputStream fastSink = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(fastSink) {
            @Override
            protected void annotateClass(Class<?> cl) throws IOException {
                annotate(this, cl, fastAnnotated);
            }

            @Override
            protected void annotateProxyClass(Class<?> cl) throws IOException {
                annotateProxy(this, cl, fastAnnotated);
            }
        }) {
            out.writeObject(graph);
        }
        List<String> fastResolved = new ArrayList<>();
        Object fast = new FastObjectInputStream(new ByteArrayInputStream(fastSink.toByteArray())) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                checkAnnotation(this, desc.getName(), fastResolved);
                return super.resolveClass(desc);
            }

            @Override
            protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
                checkProxyAnnotation(this, interfaces, fastResolved);
                return super.resolveProxyClass(interfaces);
            }
        }.readObject();

        System.out.println("jdk annotateClass: " + jdkAnnotated);
        System.out.println("fast annotateClass: " + fastAnnotated);
        System.out.println("jdk resolveClass: " + jdkResolved);
        System.out.println("fast resolveClass: " + fastResolved);
        expectEquals(jdkAnnotated, jdkResolved, "jdk: each annotation read back by resolveClass");
        expectEquals(fastAnnotated, fastResolved, "fast: each annotation read back by resolveClass");
        expectEquals(own(jdkAnnotated), own(fastAnnotated),
                     "annotateClass for the test's classes and proxies: once each, in the JDK's order");
        expectEquals((long) fastResolved.size(), fastResolved.stream().distinct().count(),
                     "fast: resolveClass once per class");
        DeepEquals.check(jdk, fast, "the annotated graph against the JDK's");
    }

    /** What an annotation holds: an object of a class of its own. */
    record Stamp(String className) implements Serializable { }

    /**
     * A class annotation holding an object whose class has its own
     * descriptor (read while the annotated one is being read), after more
     * than jdk.fastserial.maxDescriptorBytes (1 MiB) of other data: the
     * annotated descriptor's bytes are counted from its own start, not from
     * the stream's (the nested descriptor once reset what was counted from).
     */
    static void annotationObjectsDeepInStream() throws Exception {
        List<Object> graph = new ArrayList<>(List.of(new byte[1_200_000], new Rules.Point(1, 2),
                                                     Rules.Color.RED, new Rules.Point[] { new Rules.Point(3, 4) }));
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(sink) {
            @Override
            protected void annotateClass(Class<?> cl) throws IOException {
                writeObject(cl == Stamp.class ? null : new Stamp(cl.getName()));
            }
        }) {
            for (Object o : graph) {
                out.writeObject(o);
            }
        }
        List<Object> back = new ArrayList<>();
        try (FastObjectInputStream in = new FastObjectInputStream(new ByteArrayInputStream(sink.toByteArray())) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                Object stamp = readObject();
                if (desc.getName().equals(Stamp.class.getName()) ? stamp != null
                        : !(stamp instanceof Stamp t && t.className().equals(desc.getName()))) {
                    throw new InvalidObjectException("bad annotation of " + desc.getName() + ": " + stamp);
                }
                return super.resolveClass(desc);
            }
        }) {
            for (int i = 0; i < graph.size(); i++) {
                back.add(in.readObject());
            }
        }
        DeepEquals.check(graph, back, "objects after 1.2 MB, their class annotations holding objects");
    }

    public static void main(String[] args) throws Exception {
        streamIdentity();
        replaceAndResolve();
        annotations();
        annotationObjectsDeepInStream();
    }
}
