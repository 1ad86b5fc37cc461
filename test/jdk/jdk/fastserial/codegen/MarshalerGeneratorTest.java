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
 * @summary The run-time generated marshalers of jdk.fastserial
 *          (MarshalerGenerator): round trips of private, final, volatile,
 *          primitive and reference fields, superclass chains in the same
 *          nest, the same package and another package, empty classes and a
 *          class in a named module; a value of the wrong type is a
 *          ClassCastException; classes that cannot have a marshaler get
 *          none; concurrent generation; a class loader is unloaded after its
 *          classes were marshaled, directly and through the streams; a hot
 *          loop lets C2 compile the generated code.
 * @modules jdk.fastserial/jdk.internal.fastserial
 *          jdk.unsupported
 *          jdk.compiler
 * @library /lib
 * @build grande.test.* other.OtherBase other.Holders mismatch.*
 * @run main/othervm MarshalerGeneratorTest 20000
 * @run main/othervm -Xint MarshalerGeneratorTest 100
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.ref.WeakReference;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.spi.ToolProvider;

import grande.test.JdkStreams;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.Marshaler;
import jdk.internal.fastserial.MarshalerGenerator;
import sun.reflect.ReflectionFactory;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class MarshalerGeneratorTest {

    /** After each marshaled object, so that a read that takes too much or too little shows. */
    private static final String END = "END";

    public static void main(String[] args) throws Exception {
        int hotIterations = Integer.parseInt(args[0]);
        primitivesOnly();
        referencesOnly();
        mixedFields();
        emptyClasses();
        sameNestChain();
        samePackageChain();
        otherPackageChain();
        nonSerializableSuperclass();
        typeMismatch();
        records();
        noMarshaler();
        namedModule();
        concurrentGeneration();
        loaderUnloaded();
        hot(hotIterations);
        System.out.println("PASSED");
    }

    /**
     * Enough round trips for C2 to compile the generated code, with its
     * constant ClassInfo objects and field handles inlined.
     */
    static void hot(int iterations) throws Exception {
        Marshaler leafMarshaler = marshalerFor(Leaf.class);
        Marshaler foreignMarshaler = marshalerFor(Foreign.class);
        int same = 0;
        for (int i = 0; i < iterations; i++) {
            Leaf leaf = new Leaf(i, "s" + i, null, i * 0.5, i, "f", -i, (char) i, "l");
            Foreign foreign = new Foreign(i, null, List.of(), i, -i, i * 3L, "own" + i, i);
            FastObjectOutputStream out = new FastObjectOutputStream();
            leafMarshaler.write(leaf, out);
            foreignMarshaler.write(foreign, out);
            FastObjectInputStream in = new FastObjectInputStream(out.toByteArray());
            Object leafCopy = newInstance(Leaf.class);
            Object foreignCopy = newInstance(Foreign.class);
            leafMarshaler.read(leafCopy, in);
            foreignMarshaler.read(foreignCopy, in);
            if (sameState(leaf, leafCopy) && sameState(foreign, foreignCopy)) {
                same++;
            } else {
                expectSameState(leaf, leafCopy, "Leaf in hot round trip " + i);
                expectSameState(foreign, foreignCopy, "Foreign in hot round trip " + i);
            }
        }
        expectEquals(iterations, same, "hot round trips of Leaf and Foreign that gave back the same state");
    }

    static void primitivesOnly() throws Exception {
        roundTrip(new Primitives(true, (byte) -7, '\u20ac', (short) 300, -123456, Long.MIN_VALUE,
                                 Float.NaN, -0.0));
        roundTrip(new Primitives(false, Byte.MAX_VALUE, '\0', Short.MIN_VALUE, Integer.MAX_VALUE,
                                 0x0123456789abcdefL, Float.MIN_VALUE, Double.POSITIVE_INFINITY));
        roundTrip(new Point(3, -4));
    }

    static void referencesOnly() throws Exception {
        References r = new References("text", 42, new Point(1, 2), new int[] {1, -1, 7},
                                      List.of("a", "b"), new Point[][] {{new Point(5, 6)}, {}},
                                      new Date(86_400_000L));
        roundTrip(r);
        roundTrip(new References(null, null, null, null, null, null, null));
    }

    static void mixedFields() throws Exception {
        Mixed m = new Mixed(17, "label", 2.5, new ArrayList<>(List.of(1, 2, 3)));
        Mixed copy = roundTrip(m);
        expect(copy.cache == null, "a transient field is not marshaled");
    }

    static void emptyClasses() throws Exception {
        roundTrip(new Empty());
        roundTrip(new EmptyChild());
    }

    static void sameNestChain() throws Exception {
        NestLeaf leaf = new NestLeaf("secret", 99L, Map.of("k", "v"), (short) 12);
        roundTrip(leaf);
    }

    static void samePackageChain() throws Exception {
        roundTrip(new Leaf(1, "base", "base-shadowed", 0.25, new Point(9, 9), "middle-final",
                           77, 'x', "leaf-shadowed"));
        roundTrip(new Leaf(0, null, null, 0, null, null, null, '\0', null));
    }

    static void otherPackageChain() throws Exception {
        Foreign f = new Foreign(5, "other", List.of("i1", "i2"), 3.0f, 8, 1234567890123L,
                                "own", -2);
        roundTrip(f);
    }

    static void nonSerializableSuperclass() throws Exception {
        OnPlain p = new OnPlain("serialized", 3);
        p.notSerialized = 12;
        OnPlain copy = roundTrip(p);
        expect(copy.notSerialized == 7,
               "the non-serializable superclass's field comes from its constructor");
    }

    /** A stream value of another type than the field's is a ClassCastException, as in the JDK. */
    static void typeMismatch() throws Exception {
        // Classes of package mismatch have the same simple names and Integer fields.
        expectMismatch(new mismatch.TextHolder(5), TextHolder.class,
                       "a non-final field (putfield)");
        expectMismatch(new mismatch.FinalText(5), FinalText.class,
                       "a final field (setter handle)");
        expectMismatch(new mismatch.TextSub(5), TextSub.class,
                       "a protected field of a superclass in another package (setter handle)");

        Marshaler m = marshalerFor(TextHolder.class);
        expectThrows(ClassCastException.class, () -> m.write(new Point(1, 2), new FastObjectOutputStream()),
                     "a marshaler given an object of another class");
    }

    private static void expectMismatch(Object written, Class<?> readAs, String what)
            throws Exception {
        FastObjectOutputStream out = new FastObjectOutputStream();
        marshalerFor(written.getClass()).write(written, out);
        FastObjectInputStream in = new FastObjectInputStream(out.toByteArray());
        Object target = newInstance(readAs);
        Marshaler reader = marshalerFor(readAs);
        String jdkMessage = jdkMismatchMessage(written, readAs);
        try {
            reader.read(target, in);
            throw new AssertionError("read an Integer into a String field: " + what);
        } catch (ClassCastException expected) {
            expect(expected.getClass() == ClassCastException.class
                   && jdkMessage.equals(expected.getMessage()),
                   "Integer read into a String field, " + what
                   + ": ClassCastException with the JDK's message: " + expected.getMessage());
        }
    }

    /**
     * The message of the ClassCastException of the JDK's own streams when
     * they read written's bytes as an instance of readAs (each class of
     * written's hierarchy resolved to the class of readAs's at its depth).
     */
    private static String jdkMismatchMessage(Object written, Class<?> readAs) throws Exception {
        Map<String, Class<?>> resolution = new HashMap<>();
        for (Class<?> w = written.getClass(), r = readAs; w != null; w = w.getSuperclass(),
                r = r.getSuperclass()) {
            resolution.put(w.getName(), r);
        }
        InputStream source = new ByteArrayInputStream(JdkStreams.write(written));
        ObjectInputStream in = new ObjectInputStream(source) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc)
                    throws IOException, ClassNotFoundException {
                Class<?> c = resolution.get(desc.getName());
                return c != null ? c : super.resolveClass(desc);
            }
        };
        try {
            in.readObject();
        } catch (ClassCastException e) {
            return e.getMessage();
        }
        throw new AssertionError("the JDK read a " + written.getClass().getName()
                                 + " as a " + readAs.getName());
    }

    /**
     * A record's marshaler writes what its contract says, the image of its
     * primitive components and then its references, byte for byte; the
     * streams read that back through the canonical constructor, shared
     * references included; its own read is refused.
     */
    static void records() throws Exception {
        Point shared = new Point(7, -7);
        Tick tick = new Tick(Long.MIN_VALUE, "GRND", Double.NaN, -0.0, 1 << 20, true, shared);
        Marshaler m = marshalerFor(Tick.class);
        expect(m != null && m.getClass().isHidden()
               && m.getClass().getNestHost() == Tick.class.getNestHost(),
               "a hidden nestmate marshaler for a record");

        FastObjectOutputStream generated = new FastObjectOutputStream();
        m.write(tick, generated);
        FastObjectOutputStream byContract = new FastObjectOutputStream();
        List<Field> primitives = new ArrayList<>();
        List<Field> references = new ArrayList<>();
        for (ObjectStreamField osf : ObjectStreamClass.lookup(Tick.class).getFields()) {
            (osf.isPrimitive() ? primitives : references).add(Tick.class.getDeclaredField(osf.getName()));
        }
        byContract.putImage(Tick.class.getClassInfo(primitives.toArray(Field[]::new)), tick);
        for (Field f : references) {
            f.setAccessible(true);
            byContract.writeObject(f.get(tick));
        }
        expect(Arrays.equals(generated.toByteArray(), byContract.toByteArray()),
               "a record's marshaler writes the image of its primitives, then its references");

        throughStreams(tick);
        throughStreams(new Tick(0, null, 1.5, 2.5, -1, false, null));
        List<Tick> ticks = List.of(tick, new Tick(1, "B", 0, 0, 0, false, shared));
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(new ArrayList<>(ticks));
        @SuppressWarnings("unchecked")
        List<Tick> copies = (List<Tick>) new FastObjectInputStream(out.toByteArray()).readObject();
        expectEquals(ticks, copies, "records read back");
        expect(copies.get(0).at() == copies.get(1).at() && copies.get(0).at() != shared,
               "a component two records share is one copy");

        expectThrows(UnsupportedOperationException.class,
                     () -> m.read(tick, new FastObjectInputStream(generated.toByteArray())),
                     "a record's marshaler does not read");
    }

    /** Classes that cannot have a generated marshaler get null, not an error. */
    static void noMarshaler() throws Exception {
        // java.util is not open to jdk.fastserial.
        expect(MarshalerGenerator.generate(Date.class, new Class<?>[] {Date.class},
                                           new ClassInfo[1], new Field[1][]) == null,
               "no marshaler for a class of a package not open to jdk.fastserial");

        byte[] bytes = classBytes(HiddenSample.class);
        Class<?> hidden = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
        expect(MarshalerGenerator.generate(hidden, new Class<?>[] {hidden}, new ClassInfo[1],
                                           new Field[1][]) == null,
               "no marshaler for a hidden class");

        // A loader that does not delegate to the application loader, which
        // defines jdk.fastserial, cannot host a class that implements Marshaler.
        Class<?> isolated = new VictimLoader(null).loadClass("LoaderVictim");
        expect(isolated.getClassLoader() instanceof VictimLoader, "LoaderVictim in its own loader");
        expect(marshalerFor(isolated) == null,
               "no marshaler for a class whose loader does not see jdk.fastserial");

        expectThrows(IllegalArgumentException.class,
                     () -> MarshalerGenerator.generate(Point.class, new Class<?>[] {Empty.class},
                                                       new ClassInfo[1], new Field[1][]),
                     "levels of another class");
    }

    /**
     * A class in a named module that opens its package but does not read
     * jdk.fastserial: the generator makes the module read it. A package the
     * module only exports gets no marshaler.
     */
    static void namedModule() throws Exception {
        Path src = Path.of("m.sample-src");
        Path classes = Path.of("m.sample-classes");
        write(src.resolve("module-info.java"), "module m.sample { opens p; exports q; }");
        write(src.resolve("p/Sample.java"), """
                package p;
                public class Sample implements java.io.Serializable {
                    private int count;
                    private String name;
                    private q.Part part;
                    private final java.util.List<String> tags;
                    public Sample(int count, String name, q.Part part,
                                  java.util.List<String> tags) {
                        this.count = count; this.name = name;
                        this.part = part; this.tags = tags;
                    }
                }
                """);
        write(src.resolve("q/Part.java"), """
                package q;
                public class Part implements java.io.Serializable {
                    private long id;
                    public Part(long id) { this.id = id; }
                    @Override public boolean equals(Object o) {
                        return o instanceof Part p && p.id == id;
                    }
                    @Override public int hashCode() { return Long.hashCode(id); }
                }
                """);
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        int rc = javac.run(System.out, System.err, "-d", classes.toString(),
                           src.resolve("module-info.java").toString(),
                           src.resolve("p/Sample.java").toString(),
                           src.resolve("q/Part.java").toString());
        expect(rc == 0, "javac compiled module m.sample");

        ModuleLayer parent = ModuleLayer.boot();
        Configuration cf = parent.configuration().resolve(ModuleFinder.of(classes),
                                                          ModuleFinder.of(), Set.of("m.sample"));
        ModuleLayer layer = parent.defineModulesWithOneLoader(cf,
                                                              ClassLoader.getSystemClassLoader());
        Module module = layer.findModule("m.sample").orElseThrow();
        Module fastserial = Marshaler.class.getModule();
        expect(!module.canRead(fastserial), "m.sample does not read jdk.fastserial");

        ClassLoader loader = layer.findLoader("m.sample");
        Class<?> sampleClass = loader.loadClass("p.Sample");
        Class<?> partClass = loader.loadClass("q.Part");
        // (No ClassInfo here: the test may not describe q.Part's fields either.)
        expect(MarshalerGenerator.generate(partClass, new Class<?>[] {partClass},
                                           new ClassInfo[1], new Field[1][]) == null,
               "no marshaler for a class of a package its module does not open");

        Object part = partClass.getConstructor(long.class).newInstance(77L);
        Object sample = sampleClass.getConstructor(int.class, String.class, partClass, List.class)
                                   .newInstance(3, "named", part, List.of("t"));
        roundTrip(sample);
        expect(module.canRead(fastserial), "m.sample reads jdk.fastserial after generation");
    }

    /** The generator may run in several threads at once (ClassValue.computeValue can). */
    static void concurrentGeneration() throws Exception {
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        Marshaler[] results = new Marshaler[threads];
        Throwable[] failures = new Throwable[threads];
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 20; i++) {
                        results[index] = marshalerFor(Leaf.class);
                    }
                } catch (Throwable e) {
                    failures[index] = e;
                }
            });
            thread.start();
            started.add(thread);
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join(60_000);
            expect(!thread.isAlive(), "generating thread finished");
        }
        Leaf leaf = new Leaf(1, "b", "bs", 1.5, 7, "f", 8, 'q', "ls");
        for (int t = 0; t < threads; t++) {
            if (failures[t] != null) {
                throw new AssertionError("generation failed in thread " + t, failures[t]);
            }
        }
        expect(Arrays.stream(results).allMatch(Objects::nonNull),
               threads + " threads generating at once each got a marshaler");
        for (Marshaler m : results) {
            roundTrip(leaf, m);
        }
    }

    /**
     * A class of a loader that is no longer referenced is unloaded after its
     * marshaler was generated and used: neither the hidden class nor the
     * generator keeps the loader alive.
     */
    static void loaderUnloaded() throws Exception {
        expectCollected(useVictimLoader(false), "the marshaler was generated and used directly");
        expectCollected(useVictimLoader(true), "the object went through the streams");
    }

    private static void expectCollected(WeakReference<ClassLoader> loaderRef, String how)
            throws InterruptedException {
        for (int i = 0; i < 100 && loaderRef.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        expect(loaderRef.get() == null, "the loader of a marshaled class was collected; " + how);
    }

    private static WeakReference<ClassLoader> useVictimLoader(boolean throughStreams)
            throws Exception {
        VictimLoader loader = new VictimLoader(ClassLoader.getSystemClassLoader());
        Class<?> victimClass = loader.loadClass("LoaderVictim");
        expect(victimClass.getClassLoader() == loader, "LoaderVictim in its own loader");
        // Package-private in another runtime package than the test's.
        Constructor<?> ctor = victimClass.getDeclaredConstructor(int.class, String.class,
                                                                 Object.class, String.class);
        ctor.setAccessible(true);
        Object victim = ctor.newInstance(4, "final", List.of(1), "base");
        if (throughStreams) {
            // The engine generates (and caches) the marshaler itself.
            FastObjectOutputStream out = new FastObjectOutputStream();
            out.writeObject(victim);
            out.writeObject(victim);
            FastObjectInputStream in = new LoaderInputStream(out.toByteArray(), loader);
            Object copy = in.readObject();
            expectSameState(victim, copy, "LoaderVictim through the streams");
            expect(in.readObject() == copy, "the second write is a back reference");
        } else {
            Marshaler m = marshalerFor(victimClass);
            expect(m != null && m.getClass().getClassLoader() == loader,
                   "the marshaler of LoaderVictim is defined to its loader");
            roundTrip(victim, m);
        }
        return new WeakReference<>(loader);
    }

    // ---- the engine's part, as TypeInfo does it ----

    /**
     * The marshaler of cl, generated from cl's serializable levels as the
     * engine describes them: per level its primitive fields as one ClassInfo
     * and its reference fields in ObjectStreamClass order.
     */
    static Marshaler marshalerFor(Class<?> cl) throws Exception {
        List<Class<?>> levels = new ArrayList<>();
        for (Class<?> c = cl; c != null && Serializable.class.isAssignableFrom(c);
                c = c.getSuperclass()) {
            levels.add(0, c);
        }
        int n = levels.size();
        ClassInfo[] images = new ClassInfo[n];
        Field[][] refFields = new Field[n][];
        for (int i = 0; i < n; i++) {
            Class<?> level = levels.get(i);
            List<Field> primitives = new ArrayList<>();
            List<Field> references = new ArrayList<>();
            for (ObjectStreamField osf : ObjectStreamClass.lookup(level).getFields()) {
                Field f = level.getDeclaredField(osf.getName());
                (osf.isPrimitive() ? primitives : references).add(f);
            }
            images[i] = primitives.isEmpty() ? null
                    : level.getClassInfo(primitives.toArray(Field[]::new));
            refFields[i] = references.toArray(Field[]::new);
        }
        return MarshalerGenerator.generate(cl, levels.toArray(Class<?>[]::new), images, refFields);
    }

    /**
     * A new instance as deserialization makes it (the no-arg constructor of the first
     * non-serializable superclass).
     */
    static Object newInstance(Class<?> cl) throws Exception {
        Constructor<?> ctor = ReflectionFactory.getReflectionFactory()
                .newConstructorForSerialization(cl);
        return ctor.newInstance();
    }

    static <T> T roundTrip(T obj) throws Exception {
        Marshaler m = marshalerFor(obj.getClass());
        expect(m != null, "a marshaler for " + obj.getClass().getName());
        expect(m.getClass().isHidden()
               && m.getClass().getNestHost() == obj.getClass().getNestHost()
               && m.getClass().getPackageName().equals(obj.getClass().getPackageName()),
               "the marshaler is a hidden nestmate of " + obj.getClass().getName());
        T copy = roundTrip(obj, m);
        throughStreams(obj);
        return copy;
    }

    /** The whole path: the engine generates and uses the marshaler (TypeInfo). */
    static void throughStreams(Object obj) throws Exception {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(obj);
        FastObjectInputStream in = new LoaderInputStream(out.toByteArray(),
                                                         obj.getClass().getClassLoader());
        expectSameState(obj, in.readObject(), obj.getClass().getName() + " through the streams");
    }

    @SuppressWarnings("unchecked")
    static <T> T roundTrip(T obj, Marshaler m) throws Exception {
        FastObjectOutputStream out = new FastObjectOutputStream();
        m.write(obj, out);
        out.writeObject(END);
        FastObjectInputStream in = new LoaderInputStream(out.toByteArray(),
                                                         obj.getClass().getClassLoader());
        T copy = (T) newInstance(obj.getClass());
        m.read(copy, in);
        expect(END.equals(in.readObject()),
               "the read of " + obj.getClass().getName() + " took what its write wrote");
        expectSameState(obj, copy, obj.getClass().getName());
        return copy;
    }

    /** Every serializable field of expected and actual holds equal values (arrays deeply). */
    static void expectSameState(Object expected, Object actual, String what) throws Exception {
        expect(expected.getClass() == actual.getClass(), what + ": same class");
        String difference = stateDifference(expected, actual);
        expect(difference == null, what + ": all serializable fields equal after the round trip"
                                   + (difference == null ? "" : ": " + difference));
    }

    static boolean sameState(Object expected, Object actual) throws Exception {
        return expected.getClass() == actual.getClass()
               && stateDifference(expected, actual) == null;
    }

    /** The first serializable field whose values differ, described, or null. */
    private static String stateDifference(Object expected, Object actual) throws Exception {
        for (Class<?> c = expected.getClass(); c != null && Serializable.class.isAssignableFrom(c);
                c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int mods = f.getModifiers();
                if (Modifier.isStatic(mods) || Modifier.isTransient(mods)) {
                    continue;
                }
                f.setAccessible(true);
                Object e = f.get(expected);
                Object a = f.get(actual);
                if (!Objects.deepEquals(e, a)) {
                    return c.getName() + "." + f.getName()
                            + ": expected " + Arrays.deepToString(new Object[] {e})
                            + ", got " + Arrays.deepToString(new Object[] {a});
                }
            }
        }
        return null;
    }

    static byte[] classBytes(Class<?> c) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(c.getName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /**
     * Resolves classes with the loader of the object read, as an application
     * whose classes are not on the class path does.
     */
    static final class LoaderInputStream extends FastObjectInputStream {
        private final ClassLoader loader;

        LoaderInputStream(byte[] bytes, ClassLoader loader) throws IOException {
            super(bytes);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc)
                throws IOException, ClassNotFoundException {
            return Class.forName(desc.getName(), false, loader);
        }
    }

    /** Defines LoaderVictim and LoaderVictimBase itself; delegates the rest to its parent. */
    static final class VictimLoader extends ClassLoader {
        VictimLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals("LoaderVictim") && !name.equals("LoaderVictimBase")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (InputStream in = ClassLoader.getSystemResourceAsStream(name + ".class")) {
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }

    /** Fields of classes in one nest: all reachable with getfield and putfield. */
    static class NestBase implements Serializable {
        private static final long serialVersionUID = 1L;
        private String secret;
        private long number;

        NestBase(String secret, long number) {
            this.secret = secret;
            this.number = number;
        }
    }

    static class NestLeaf extends NestBase {
        private static final long serialVersionUID = 1L;
        private Object more;
        private short small;

        NestLeaf(String secret, long number, Object more, short small) {
            super(secret, number);
            this.more = more;
            this.small = small;
        }
    }

    /** A member class that other top-level classes of the package name in a field. */
    static final class Secret implements Serializable {
        private static final long serialVersionUID = 1L;
        final String word;

        Secret(String word) {
            this.word = word;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Secret s && Objects.equals(s.word, word);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(word);
        }
    }

    static Secret secret(String word) {
        return new Secret(word);
    }
}

/** A record with primitive and reference components, in the package of the test. */
record Tick(long id, String symbol, double bid, double ask, int size, boolean firm, Point at)
        implements Serializable { }

class Point implements Serializable {
    private static final long serialVersionUID = 1L;
    int x;
    int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && p.x == x && p.y == y;
    }

    @Override
    public int hashCode() {
        return 31 * x + y;
    }
}

class Primitives implements Serializable {
    private static final long serialVersionUID = 1L;
    private boolean z;
    private byte b;
    private char c;
    private short s;
    private int i;
    private long j;
    private float f;
    private double d;

    Primitives(boolean z, byte b, char c, short s, int i, long j, float f, double d) {
        this.z = z;
        this.b = b;
        this.c = c;
        this.s = s;
        this.i = i;
        this.j = j;
        this.f = f;
        this.d = d;
    }
}

class References implements Serializable {
    private static final long serialVersionUID = 1L;
    private String text;
    Object any;
    private Point point;
    private int[] numbers;
    List<String> names;
    private Point[][] grid;
    protected Date date;
    private MarshalerGeneratorTest.Secret secret;

    References(String text, Object any, Point point, int[] numbers, List<String> names,
               Point[][] grid, Date date) {
        this.text = text;
        this.any = any;
        this.point = point;
        this.numbers = numbers;
        this.names = names;
        this.grid = grid;
        this.date = date;
        this.secret = text == null ? null : MarshalerGeneratorTest.secret(text);
    }
}

class Mixed implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int id;
    private final String label;
    transient String cache = "cached";
    private volatile Object shared;
    private double weight;
    private final List<Integer> values;

    Mixed(int id, String label, double weight, List<Integer> values) {
        this.id = id;
        this.label = label;
        this.weight = weight;
        this.values = values;
        this.shared = values;
    }
}

class Empty implements Serializable {
    private static final long serialVersionUID = 1L;
}

class EmptyChild extends Empty {
    private static final long serialVersionUID = 1L;
}

/** Three levels in one package but three nests: private fields of Base and Middle need handles. */
class Base implements Serializable {
    private static final long serialVersionUID = 1L;
    private int a;
    private String s;
    String shadowed;

    Base(int a, String s, String shadowed) {
        this.a = a;
        this.s = s;
        this.shadowed = shadowed;
    }
}

class Middle extends Base {
    private static final long serialVersionUID = 1L;
    protected double d;
    Object o;
    private final String fin;

    Middle(int a, String s, String shadowed, double d, Object o, String fin) {
        super(a, s, shadowed);
        this.d = d;
        this.o = o;
        this.fin = fin;
    }
}

class Leaf extends Middle {
    private static final long serialVersionUID = 1L;
    private final Integer x;
    char c;
    String shadowed;

    Leaf(int a, String s, String baseShadowed, double d, Object o, String fin, Integer x, char c,
         String shadowed) {
        super(a, s, baseShadowed, d, o, fin);
        this.x = x;
        this.c = c;
        this.shadowed = shadowed;
    }
}

/** A subclass of a class in another package. */
class Foreign extends other.OtherBase {
    private static final long serialVersionUID = 1L;
    private String own;
    int k;

    Foreign(int count, String text, List<String> items, Object open, int opaqueValue, long stamp,
            String own, int k) {
        super(count, text, items, open, opaqueValue, stamp);
        this.own = own;
        this.k = k;
    }
}

class Plain {
    int notSerialized = 7;
}

class OnPlain extends Plain implements Serializable {
    private static final long serialVersionUID = 1L;
    private String s;
    private int n;

    OnPlain(String s, int n) {
        this.s = s;
        this.n = n;
    }
}

class TextHolder implements Serializable {
    private static final long serialVersionUID = 1L;
    String text;
}

class FinalText implements Serializable {
    private static final long serialVersionUID = 1L;
    final String text = null;
}

class TextSub extends other.Holders.TextBase {
    private static final long serialVersionUID = 1L;
}

/** Defined as a hidden class by the test. */
class HiddenSample implements Serializable {
    private static final long serialVersionUID = 1L;
    String s;
}

class LoaderVictimBase implements Serializable {
    private static final long serialVersionUID = 1L;
    private String base;

    LoaderVictimBase(String base) {
        this.base = base;
    }
}

/** Defined by a VictimLoader of the test, which must be collectable after use. */
class LoaderVictim extends LoaderVictimBase {
    private static final long serialVersionUID = 1L;
    private int number;
    private final String text;
    Object any;

    LoaderVictim(int number, String text, Object any, String base) {
        super(base);
        this.number = number;
        this.text = text;
        this.any = any;
    }
}
