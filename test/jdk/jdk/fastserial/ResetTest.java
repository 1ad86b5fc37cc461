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
 * @summary The two resets of the fast object streams and slim type encoding.
 *          reset() is the JDK's: the reader sees fresh objects (a modified
 *          object is sent again with its new state) and forgets the types
 *          (resolveClass runs again, the class name is sent again);
 *          resetObjects() forgets the objects only: objects are fresh, but
 *          the type is not sent again (the next write of the class is
 *          smaller, resolveClass does not run again). A class name appears
 *          once per stream in the bytes however often the class is written,
 *          until reset(), and a type goes to the reader once (annotateClass
 *          runs once) for objects of more classes than the writer's class
 *          cache holds, interleaved.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm ResetTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

import grande.test.JdkStreams;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ResetTest {

    static final class Mutable implements Serializable {
        private static final long serialVersionUID = 1L;
        int value;
        String tag;
        long[] data = { 1, 2 };

        Mutable(int value, String tag) {
            this.value = value;
            this.tag = tag;
        }
    }

    static final class CountingFastInput extends FastObjectInputStream {
        final List<String> resolved = new ArrayList<>();

        CountingFastInput(byte[] bytes) throws IOException {
            super(bytes);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            resolved.add(desc.getName());
            return super.resolveClass(desc);
        }
    }

    static final String NAME = Mutable.class.getName();

    // More classes than the writer's per-stream class cache holds (16), so
    // that some of them are looked up past it.
    record R0(int v) implements Serializable { }
    record R1(int v) implements Serializable { }
    record R2(int v) implements Serializable { }
    record R3(int v) implements Serializable { }
    record R4(int v) implements Serializable { }
    record R5(int v) implements Serializable { }
    record R6(int v) implements Serializable { }
    record R7(int v) implements Serializable { }
    record R8(int v) implements Serializable { }
    record R9(int v) implements Serializable { }
    record R10(int v) implements Serializable { }
    record R11(int v) implements Serializable { }
    record R12(int v) implements Serializable { }
    record R13(int v) implements Serializable { }
    record R14(int v) implements Serializable { }
    record R15(int v) implements Serializable { }
    record R16(int v) implements Serializable { }
    record R17(int v) implements Serializable { }
    record R18(int v) implements Serializable { }
    record R19(int v) implements Serializable { }

    static final List<IntFunction<Object>> MAKERS = List.of(
            R0::new, R1::new, R2::new, R3::new, R4::new, R5::new, R6::new, R7::new, R8::new, R9::new,
            R10::new, R11::new, R12::new, R13::new, R14::new, R15::new, R16::new, R17::new, R18::new,
            R19::new, v -> new Mutable(v, "m" + v), v -> new java.util.Date(v),
            v -> java.math.BigInteger.valueOf(v), v -> new ArrayList<>(List.of(v)),
            v -> java.util.concurrent.TimeUnit.values()[v % 7], v -> new int[] { v });

    /** Counts the types a stream sends, by the annotateClass call each sent type gets. */
    static final class TypeCountingOutput extends FastObjectOutputStream {
        final List<Class<?>> annotated = new ArrayList<>();

        TypeCountingOutput() throws IOException {
        }

        @Override
        protected void annotateClass(Class<?> cl) {
            annotated.add(cl);
        }
    }

    public static void main(String[] args) throws Exception {
        objectsAndTypes();
        sizes();
        slimTypes();
        nameOnce();
        typesSentOnce();
    }

    /**
     * Objects of many classes, interleaved in three orders: each type goes
     * to the reader once (its descriptor and annotateClass) until reset(),
     * whatever order its objects come in and whether the writer finds the
     * class in its per-stream cache, and each comes back equal.
     */
    static void typesSentOnce() throws Exception {
        TypeCountingOutput out = new TypeCountingOutput();
        List<Object> written = new ArrayList<>();
        int n = MAKERS.size();
        int[] steps = { 1, 7, 11 };          // coprime to n: every class in every round
        for (int round = 0; round < 6; round++) {
            if (round == 2) {
                out.resetObjects();
            } else if (round == 4) {
                out.reset();
            }
            int step = steps[round % steps.length];
            for (int k = 0; k < n; k++) {
                Object o = MAKERS.get((k * step + round) % n).apply(round * n + k);
                out.writeObject(o);
                written.add(o);
            }
            if (round == 1) {
                List<Class<?>> distinct = out.annotated.stream().distinct().toList();
                expectEquals(distinct, out.annotated, "before reset(): each type is sent once");
            }
        }
        out.flush();
        List<Class<?>> sent = out.annotated;
        List<Class<?>> beforeReset = sent.subList(0, sent.size() / 2);
        List<Class<?>> afterReset = sent.subList(sent.size() / 2, sent.size());
        expectEquals(beforeReset.stream().distinct().count(), (long) beforeReset.size(),
                     "before reset(): no type sent twice: " + beforeReset);
        expectEquals(new java.util.HashSet<>(beforeReset), new java.util.HashSet<>(afterReset),
                     "after reset(): the same types are sent again, once each: " + sent);
        expect(beforeReset.size() >= n, "at least one sent type per class: " + beforeReset);
        FastObjectInputStream in = new FastObjectInputStream(out.toByteArray());
        for (int i = 0; i < written.size(); i++) {
            Object o = written.get(i);
            Object back = in.readObject();
            boolean same = o instanceof int[] a ? Arrays.equals(a, (int[]) back)
                    : o instanceof Mutable m ? back instanceof Mutable b && b.value == m.value && b.tag.equals(m.tag)
                    : o.equals(back);
            expect(same, "object " + i + " (" + o.getClass().getName() + ") reads back equal");
        }
    }

    /** Writes m, m again, reset, m, the second reset, m; m's value changes before each write. */
    static void write(ObjectOutputStream out, boolean fast) throws IOException {
        Mutable m = new Mutable(1, "tag");
        out.writeObject(m);
        m.value = 2;
        out.writeObject(m);
        m.value = 3;
        out.reset();
        out.writeObject(m);
        m.value = 4;
        if (fast) {
            ((FastObjectOutputStream) out).resetObjects();
        } else {
            out.reset();
        }
        out.writeObject(m);
        out.writeObject(m.tag);
    }

    static List<Object> read(ObjectInputStream in) throws Exception {
        List<Object> r = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            r.add(in.readObject());
        }
        return r;
    }

    static void checkObjects(List<Object> r, String what) {
        Mutable a = (Mutable) r.get(0);
        Mutable b = (Mutable) r.get(1);
        Mutable c = (Mutable) r.get(2);
        Mutable d = (Mutable) r.get(3);
        expect(a == b && a.value == 1, what + ": without a reset, a back reference to the object with its old state");
        expect(c != a && c.value == 3 && c.tag != a.tag && c.data != a.data,
               what + ": after reset(), a fresh object with the new state");
        expect(d != c && d.value == 4 && d.tag != c.tag && d.data != c.data,
               what + ": after the second reset, a fresh object with the new state");
        expect(r.get(4) == d.tag, what + ": objects written after the reset are shared again");
    }

    static void objectsAndTypes() throws Exception {
        ByteArrayOutputStream jdkBytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(jdkBytes)) {
            write(out, false);
        }
        JdkStreams.ResolveRecorder jdkIn = new JdkStreams.ResolveRecorder(new ByteArrayInputStream(jdkBytes.toByteArray()));
        List<Object> jdk = read(jdkIn);
        checkObjects(jdk, "jdk");
        expectEquals(List.of(NAME, "[J", NAME, "[J", NAME, "[J"), jdkIn.resolved,
                     "jdk: resolveClass runs again after each reset()");

        FastObjectOutputStream out = new FastObjectOutputStream();
        write(out, true);
        out.flush();
        CountingFastInput fastIn = new CountingFastInput(out.toByteArray());
        List<Object> fast = read(fastIn);
        checkObjects(fast, "fast");
        List<String> own = fastIn.resolved.stream().filter(n -> n.equals(NAME)).toList();
        expectEquals(List.of(NAME, NAME), own,
                     "fast: resolveClass for " + NAME + " runs again after reset(), not after resetObjects()");
    }

    static int count(byte[] haystack, String needle) {
        byte[] n = needle.getBytes(StandardCharsets.UTF_8);
        int found = 0;
        outer:
        for (int i = 0; i + n.length <= haystack.length; i++) {
            for (int j = 0; j < n.length; j++) {
                if (haystack[i + j] != n[j]) {
                    continue outer;
                }
            }
            found++;
        }
        return found;
    }

    static void sizes() throws Exception {
        FastObjectOutputStream out = new FastObjectOutputStream();
        int header = out.toByteArray().length;
        out.writeObject(new Mutable(1, "t"));
        int first = out.toByteArray().length;
        out.resetObjects();
        out.writeObject(new Mutable(1, "t"));
        int afterResetObjects = out.toByteArray().length;
        out.reset();
        out.writeObject(new Mutable(1, "t"));
        int afterReset = out.toByteArray().length;
        int firstWrite = first - header;
        int secondWrite = afterResetObjects - first;
        int thirdWrite = afterReset - afterResetObjects;
        System.out.println("bytes: header " + header + ", first write " + firstWrite + ", after resetObjects() "
                           + secondWrite + ", after reset() " + thirdWrite);
        expect(secondWrite + NAME.length() <= firstWrite,
               "after resetObjects() the same class writes smaller, without its name: "
               + secondWrite + " vs " + firstWrite + " bytes");
        expect(thirdWrite >= firstWrite, "after reset() the class is described again: "
               + thirdWrite + " vs " + firstWrite + " bytes");
        byte[] all = out.toByteArray();
        int once = count(Arrays.copyOf(all, first), NAME);
        expect(once > 0, "the first write names the class");
        expectEquals(2 * once, count(all, NAME), "the class is named again after reset(), not after resetObjects()");
        FastObjectInputStream in = new FastObjectInputStream(all);
        for (int i = 0; i < 3; i++) {
            Mutable m = (Mutable) in.readObject();
            expect(m.value == 1 && m.tag.equals("t"), "object " + i + " reads back");
        }
    }

    static List<Object> graph(int copies) {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < copies; i++) {
            list.add(new Mutable(i, "t" + i));
        }
        return list;
    }

    /** The bytes of a stream of one object. */
    static byte[] single(Object o) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(o);
        out.flush();
        return out.toByteArray();
    }

    /** The bytes of a stream of one Mutable. */
    static byte[] single() throws IOException {
        return single(new Mutable(0, "a"));
    }

    static void slimTypes() throws Exception {
        int once = count(single(), NAME);
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(graph(100));
        out.writeObject(graph(10));
        out.resetObjects();
        out.writeObject(graph(10));
        out.resetObjects();
        out.writeObject(new Mutable[] { new Mutable(0, "a") });
        out.flush();
        byte[] bytes = out.toByteArray();
        // the array's class name contains the element's
        expectEquals(once, count(bytes, NAME) - count(bytes, "[L" + NAME),
                     "121 instances name the class as often as one does");
        expectEquals(1, count(bytes, "[L" + NAME), "the array class name appears once");
        expectEquals(count(single(new ArrayList<>()), "java.util.ArrayList"), count(bytes, "java.util.ArrayList"),
                     "four ArrayLists name their class as often as one does");

        FastObjectOutputStream withReset = new FastObjectOutputStream();
        for (int i = 0; i < 3; i++) {
            withReset.writeObject(graph(5));
            withReset.reset();
        }
        withReset.flush();
        expectEquals(3 * once, count(withReset.toByteArray(), NAME), "after each reset() the class is named again");

        int jdkSize = JdkStreams.write(graph(100)).length;
        System.out.println("100 objects: " + jdkSize + " bytes with the JDK's streams");
        FastObjectOutputStream fast = new FastObjectOutputStream();
        fast.writeObject(graph(100));
        fast.flush();
        int fastSize = fast.toByteArray().length;
        System.out.println("100 objects: " + fastSize + " bytes with the fast streams");
        expect(fastSize < jdkSize, "the fast stream is smaller than the JDK's for 100 objects");
    }

    /**
     * Slim type encoding: the class name travels once per stream (Philippsen,
     * Haumacher and Nester, "More Efficient Serialization and RMI for Java",
     * section 3.2).
     */
    static void nameOnce() throws Exception {
        expectEquals(1, count(single(), NAME), "the class name appears once in the stream's bytes");
    }
}
