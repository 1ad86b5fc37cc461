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
 * @summary Types that fresh input streams take as another stream bound
 *          them, and descriptors written with what follows them in one
 *          copy. A second fresh stream of the same message holds the very
 *          type objects the first bound (so it neither resolved nor bound
 *          them again) and reads an equal graph; a stream with a filter is
 *          still asked about each class, and one that rejects a class fails
 *          with InvalidClassException after streams without a filter shared
 *          it; a stream with its own resolveClass is still asked for each
 *          class and superclass; a message whose writer annotates its
 *          classes (an object in the annotation, which takes a handle) reads
 *          right after the same descriptor was shared without annotations,
 *          back references included; eight threads reading fresh streams at
 *          once get equal graphs. A writer whose annotateClass is
 *          overridden to write nothing writes the same bytes as the plain
 *          stream for classes with serializable superclasses, enums, proxies,
 *          arrays, records and externalizable classes.
 * @modules jdk.fastserial/jdk.fastserial:+open
 * @library /lib
 * @build grande.test.*
 * @run main/othervm SharedTypesTest
 * @run main/othervm -Xint SharedTypesTest
 * @run main/othervm -XX:TieredStopAtLevel=1 SharedTypesTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation SharedTypesTest
 */

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;
import java.io.ObjectOutput;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class SharedTypesTest {

    static class Base implements Serializable {
        private static final long serialVersionUID = 1L;
        int a;
    }

    static class Middle extends Base {
        private static final long serialVersionUID = 1L;
        String name;
    }

    static class Leaf extends Middle {
        private static final long serialVersionUID = 1L;
        long b;
        TimeUnit unit;
        Leaf next;

        Leaf(int a, String name, long b, TimeUnit unit) {
            this.a = a;
            this.name = name;
            this.b = b;
            this.unit = unit;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Leaf l && l.a == a && java.util.Objects.equals(l.name, name) && l.b == b
                    && l.unit == unit && java.util.Objects.equals(l.next, next);
        }

        @Override
        public int hashCode() {
            return a;
        }
    }

    record Pair(String left, int right) implements Serializable { }

    static class External implements Externalizable {
        private static final long serialVersionUID = 1L;
        int v;

        public External() { }

        External(int v) {
            this.v = v;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(v);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException {
            v = in.readInt();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof External e && e.v == v;
        }

        @Override
        public int hashCode() {
            return v;
        }
    }

    interface Greeter {
        String greet();
    }

    record Greeting(String text) implements java.lang.reflect.InvocationHandler, Serializable {
        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method m, Object[] args) {
            return m.getName().equals("greet") ? text : null;
        }
    }

    static Leaf graph() {
        Leaf first = new Leaf(1, "first", 10L, TimeUnit.SECONDS);
        first.next = new Leaf(2, "second", 20L, TimeUnit.MINUTES);
        return first;
    }

    static byte[] write(FastObjectOutputStream out, Object... objects) throws IOException {
        for (Object o : objects) {
            out.writeObject(o);
        }
        return out.toByteArray();
    }

    static byte[] write(Object... objects) throws IOException {
        return write(new FastObjectOutputStream(), objects);
    }

    static Object[] read(FastObjectInputStream in, int count) throws IOException, ClassNotFoundException {
        Object[] read = new Object[count];
        for (int i = 0; i < count; i++) {
            read[i] = in.readObject();
        }
        return read;
    }

    static final Field TYPES;
    static final Field TYPE_COUNT;

    static {
        try {
            TYPES = FastObjectInputStream.class.getDeclaredField("types");
            TYPES.setAccessible(true);
            TYPE_COUNT = FastObjectInputStream.class.getDeclaredField("typeCount");
            TYPE_COUNT.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The type objects a stream holds, in its order. */
    static List<Object> types(FastObjectInputStream in) throws ReflectiveOperationException {
        Object[] t = (Object[]) TYPES.get(in);
        return Arrays.asList(Arrays.copyOf(t, TYPE_COUNT.getInt(in)));
    }

    public static void main(String[] args) throws Exception {
        sharedBetweenFreshStreams();
        filterAskedInEveryStream();
        resolveClassAskedInEveryStream();
        annotatedAfterShared();
        concurrentReaders();
        plainTailBytes();
        System.out.println("SharedTypesTest passed");
    }

    static void sharedBetweenFreshStreams() throws Exception {
        byte[] bytes = write(graph(), new Pair("p", 3), new External(7));
        FastObjectInputStream first = new FastObjectInputStream(bytes);
        Object[] one = read(first, 3);
        FastObjectInputStream second = new FastObjectInputStream(bytes);
        Object[] two = read(second, 3);
        expectEquals(Arrays.asList(graph(), new Pair("p", 3), new External(7)), Arrays.asList(two),
                "second fresh stream's graph");
        expectEquals(Arrays.asList(one), Arrays.asList(two), "both streams' graphs");
        List<Object> firstTypes = types(first);
        List<Object> secondTypes = types(second);
        expectEquals(firstTypes.size(), secondTypes.size(), "types in each stream");
        expect(firstTypes.size() >= 4, "Leaf, TimeUnit, Pair, External at least: " + firstTypes.size());
        for (int i = 0; i < firstTypes.size(); i++) {
            expect(firstTypes.get(i) == secondTypes.get(i),
                    "type " + i + " is the one the first stream bound: " + firstTypes.get(i));
        }
    }

    /** A filter that records the classes it is asked about and rejects one. */
    static final class Recording implements ObjectInputFilter {
        final List<Class<?>> asked = new ArrayList<>();
        final Class<?> rejected;

        Recording(Class<?> rejected) {
            this.rejected = rejected;
        }

        @Override
        public Status checkInput(FilterInfo info) {
            if (info.serialClass() != null) {
                asked.add(info.serialClass());
                if (info.serialClass() == rejected) {
                    return Status.REJECTED;
                }
            }
            return Status.UNDECIDED;
        }
    }

    static void filterAskedInEveryStream() throws Exception {
        byte[] bytes = write(graph());
        for (int round = 0; round < 3; round++) {
            read(new FastObjectInputStream(bytes), 1);       // shares the types

            Recording recording = new Recording(null);
            FastObjectInputStream filtered = new FastObjectInputStream(bytes);
            filtered.setObjectInputFilter(recording);
            expectEquals(graph(), filtered.readObject(), "read with a filter, round " + round);
            for (Class<?> c : List.of(Leaf.class, Middle.class, Base.class, TimeUnit.class)) {
                expect(recording.asked.contains(c), c.getName() + " asked of the filter, round " + round
                        + ": " + recording.asked);
            }

            FastObjectInputStream rejecting = new FastObjectInputStream(bytes);
            rejecting.setObjectInputFilter(new Recording(Leaf.class));
            expectThrows(InvalidClassException.class, rejecting::readObject, "Leaf rejected, round " + round);

            expectEquals(graph(), new FastObjectInputStream(bytes).readObject(), "unfiltered again, round " + round);
        }
    }

    static void resolveClassAskedInEveryStream() throws Exception {
        byte[] bytes = write(graph());
        read(new FastObjectInputStream(bytes), 1);
        for (int round = 0; round < 3; round++) {
            List<String> asked = new ArrayList<>();
            FastObjectInputStream in = new FastObjectInputStream(new java.io.ByteArrayInputStream(bytes)) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    asked.add(desc.getName());
                    return super.resolveClass(desc);
                }
            };
            expectEquals(graph(), in.readObject(), "read with resolveClass overridden, round " + round);
            for (Class<?> c : List.of(Leaf.class, Middle.class, Base.class, TimeUnit.class, Enum.class)) {
                expect(asked.contains(c.getName()), c.getName() + " asked of resolveClass, round " + round
                        + ": " + asked);
            }
        }
    }

    /** A writer that annotates each class with a string, which takes a handle in the stream. */
    static final class Annotating extends FastObjectOutputStream {
        Annotating() throws IOException {
            super();
        }

        @Override
        protected void annotateClass(Class<?> cl) throws IOException {
            writeObject("codebase of " + cl.getSimpleName());
        }
    }

    static void annotatedAfterShared() throws Exception {
        Leaf g = graph();
        byte[] plain = write(g, g);
        byte[] annotated = write(new Annotating(), g, g, "after");
        expect(!Arrays.equals(plain, Arrays.copyOf(annotated, plain.length)), "the annotations change the bytes");
        for (int round = 0; round < 3; round++) {
            Object[] p = read(new FastObjectInputStream(plain), 2);
            expectEquals(graph(), p[0], "plain, round " + round);
            expect(p[0] == p[1], "plain back reference, round " + round);
            Object[] a = read(new FastObjectInputStream(annotated), 3);
            expectEquals(graph(), a[0], "annotated, round " + round);
            expect(a[0] == a[1], "annotated back reference, round " + round);
            expectEquals("after", a[2], "string after the annotated graph, round " + round);
        }
    }

    static void concurrentReaders() throws Exception {
        byte[] bytes = write(graph(), new Pair("q", 4), new External(9));
        List<Object> expected = Arrays.asList(graph(), new Pair("q", 4), new External(9));
        Thread[] threads = new Thread[8];
        Throwable[] failures = new Throwable[threads.length];
        for (int t = 0; t < threads.length; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                try {
                    for (int i = 0; i < 2_000; i++) {
                        Object[] got = read(new FastObjectInputStream(bytes), 3);
                        if (!expected.equals(Arrays.asList(got))) {
                            throw new AssertionError("thread " + id + ", read " + i + ": " + Arrays.asList(got));
                        }
                    }
                } catch (Throwable e) {
                    failures[id] = e;
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        for (Throwable f : failures) {
            if (f != null) {
                throw new AssertionError("concurrent fresh readers", f);
            }
        }
    }

    /** Writes nothing in its annotations, but through its own methods: the general path. */
    static final class Quiet extends FastObjectOutputStream {
        Quiet() throws IOException {
            super();
        }

        @Override
        protected void annotateClass(Class<?> cl) throws IOException {
            super.annotateClass(cl);
        }

        @Override
        protected void annotateProxyClass(Class<?> cl) throws IOException {
            super.annotateProxyClass(cl);
        }
    }

    static void plainTailBytes() throws Exception {
        Greeter proxy = (Greeter) Proxy.newProxyInstance(SharedTypesTest.class.getClassLoader(),
                new Class<?>[] { Greeter.class }, new Greeting("hello"));
        Object[] objects = { graph(), TimeUnit.HOURS, new int[] { 1, 2 }, new Leaf[] { graph() },
                             new Pair("r", 5), new External(11), proxy, new java.util.ArrayList<>(List.of(1, "x")) };
        for (int round = 0; round < 2; round++) {
            byte[] plain = write(objects);
            byte[] quiet = write(new Quiet(), objects);
            expect(Arrays.equals(plain, quiet), "a writer annotating nothing through its own methods writes "
                    + "the plain stream's bytes, round " + round);
            Object[] back = read(new FastObjectInputStream(plain), objects.length);
            expectEquals(graph(), back[0], "graph");
            expectEquals(TimeUnit.HOURS, back[1], "enum");
            expectEquals("hello", ((Greeter) back[6]).greet(), "proxy");
            expectEquals(objects[7], back[7], "list");
        }
    }
}
