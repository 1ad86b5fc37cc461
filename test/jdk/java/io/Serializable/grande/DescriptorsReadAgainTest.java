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
 * @summary One class name read again and again by fresh ObjectInputStreams,
 *          with descriptors that differ from the one before in their field
 *          count, in one field's name (first, middle, last), in a field's
 *          type code, in a reference field's type string, or not at all,
 *          in turn and from four threads at once: each read's descriptor
 *          (as readClassDescriptor returns it) has exactly the fields its
 *          own stream names, in its order, and the values land in the
 *          fields they are written for. The image reuses the fields of the
 *          descriptor read before when every byte matches; more than its
 *          bound of distinct class names, unknown ones, leaves it working.
 *          The same holds on the stock JDK.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm DescriptorsReadAgainTest
 * @run main/othervm -Xint DescriptorsReadAgainTest
 * @run main/othervm -XX:TieredStopAtLevel=1 DescriptorsReadAgainTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation DescriptorsReadAgainTest
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import grande.test.JdkStreams;

import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class DescriptorsReadAgainTest {

    static final class Target implements Serializable {
        private static final long serialVersionUID = 1L;
        int a = -1;
        long b = -1;
        int c = -1;
        Object text = "unset";

        String values() {
            return "a=" + a + " b=" + b + " c=" + c + " text=" + text;
        }
    }

    /** A field of a hand-written descriptor, and the value written for it. */
    record Field(char type, String name, String typeString, Object value) {
        static Field of(char type, String name, Object value) {
            return new Field(type, name, null, value);
        }

        static Field ref(String name, String typeString, Object value) {
            return new Field('L', name, typeString, value);
        }
    }

    /** Records the fields of each descriptor it reads, as the stream gave them. */
    static final class Recording extends ObjectInputStream {
        final List<String> descriptors = new ArrayList<>();

        Recording(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass desc = super.readClassDescriptor();
            descriptors.add(describe(desc.getFields()));
            return desc;
        }
    }

    static String describe(ObjectStreamField[] fields) {
        StringBuilder sb = new StringBuilder();
        for (ObjectStreamField f : fields) {
            sb.append(f.getTypeCode()).append(' ').append(f.getName());
            if (!f.isPrimitive()) {
                sb.append(' ').append(f.getTypeString());
            }
            sb.append(';');
        }
        return sb.toString();
    }

    static String describe(List<Field> fields) {
        StringBuilder sb = new StringBuilder();
        for (Field f : fields) {
            sb.append(f.type()).append(' ').append(f.name());
            if (f.type() == 'L') {
                sb.append(' ').append(f.typeString());
            }
            sb.append(';');
        }
        return sb.toString();
    }

    static final List<Field> FULL = List.of(
            Field.of('I', "a", 1), Field.of('J', "b", 2L), Field.of('I', "c", 3),
            Field.ref("text", "Ljava/lang/String;", "full"));

    /** Layouts of Target, each differing from FULL in one way, and the values read back. */
    static final List<List<Field>> LAYOUTS = List.of(
            FULL,
            List.of(Field.of('I', "a", 11), Field.of('J', "b", 12L), Field.of('I', "c", 13)),
            List.of(Field.of('I', "x", 21), Field.of('J', "b", 22L), Field.of('I', "c", 23),
                    Field.ref("text", "Ljava/lang/String;", "first renamed")),
            List.of(Field.of('I', "a", 31), Field.of('J', "y", 32L), Field.of('I', "c", 33),
                    Field.ref("text", "Ljava/lang/String;", "middle renamed")),
            List.of(Field.of('I', "a", 41), Field.of('J', "b", 42L), Field.of('I', "c", 43),
                    Field.ref("other", "Ljava/lang/String;", "last renamed")),
            List.of(Field.of('I', "a", 51), Field.of('J', "b", 52L), Field.of('I', "c", 53),
                    Field.ref("text", "Ljava/lang/Object;", "object typed")),
            List.of(Field.of('I', "a", 61), Field.of('J', "b", 62L), Field.of('I', "c", 63),
                    Field.ref("text", "Ljava/lang/CharSequence;", "sequence typed")),
            List.of(Field.of('I', "a", 71), Field.of('I', "b\u00e9", 72), Field.of('I', "c", 73),
                    Field.ref("text", "Ljava/lang/String;", "not ascii")));

    public static void main(String[] args) throws Exception {
        int checked = 0;
        for (int round = 0; round < 4; round++) {
            for (List<Field> layout : LAYOUTS) {
                check(layout, "round " + round);
                check(layout, "round " + round + ", the same again");
                checked += 2;
            }
        }
        expectEquals(4 * 2 * LAYOUTS.size(), checked, "layouts read in turn, each twice, descriptors and values exact");

        // The type code of b differs from FULL's, its name not: a layout the
        // class cannot take (long b read as int), after which FULL still reads.
        List<Field> bAsInt = List.of(Field.of('I', "a", 1), Field.of('I', "b", 2), Field.of('I', "c", 3),
                                     Field.ref("text", "Ljava/lang/String;", "x"));
        check(FULL, "before the incompatible layout");
        expectThrows(InvalidClassException.class, () -> read(bAsInt, new ArrayList<>()),
                     "b written as an int");
        check(FULL, "after the incompatible layout");

        // Four threads, each with its own layouts of the one class name, at once.
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int first = t;
                Callable<Integer> reader = () -> {
                    int reads = 0;
                    for (int n = 0; n < 500; n++) {
                        List<Field> layout = LAYOUTS.get((first + n) % LAYOUTS.size());
                        check(layout, "thread " + first + " read " + n);
                        reads++;
                    }
                    return reads;
                };
                done.add(pool.submit(reader));
            }
            int reads = 0;
            for (Future<Integer> f : done) {
                reads += f.get(5, TimeUnit.MINUTES);
            }
            expectEquals(4 * 500, reads, "reads by four threads at once, descriptors and values exact");
        } finally {
            pool.shutdownNow();
        }

        // More class names than any bound on what is kept: names of classes
        // that do not exist end in ClassNotFoundException, and Target reads on.
        int notFound = 0;
        for (int k = 0; k < 600; k++) {
            try {
                readNamed("absent.Class" + k, FULL);
            } catch (ClassNotFoundException e) {
                notFound++;
            }
        }
        expectEquals(600, notFound, "unknown class names that ended in ClassNotFoundException");
        check(FULL, "after 600 unknown class names");
        System.out.println("ok: Target read as written after them");
    }

    /** Reads Target written with layout, checking its descriptor and values. */
    static void check(List<Field> layout, String what) throws Exception {
        List<String> seen = new ArrayList<>();
        Target t = read(layout, seen);
        if (!List.of(describe(layout)).equals(seen)) {
            throw new AssertionError(what + ": the descriptor's fields: expected " + describe(layout)
                                     + ", got " + seen);
        }
        int a = -1, c = -1;
        long b = -1;
        Object text = null;
        for (Field f : layout) {
            switch (f.name()) {
                case "a" -> a = (Integer) f.value();
                case "b" -> b = (Long) f.value();
                case "c" -> c = (Integer) f.value();
                case "text" -> text = f.value();
                default -> { }
            }
        }
        // Fields the stream lacks get their defaults (the constructor of a
        // Serializable class without a serializable superclass's is not run).
        String expected = "a=" + (a == -1 ? 0 : a) + " b=" + (b == -1 ? 0 : b)
                + " c=" + (c == -1 ? 0 : c) + " text=" + text;
        if (!expected.equals(t.values())) {
            throw new AssertionError(what + ": expected " + expected + ", got " + t.values());
        }
    }

    static Target read(List<Field> layout, List<String> seen) throws IOException, ClassNotFoundException {
        try (Recording in = new Recording(new ByteArrayInputStream(stream(Target.class.getName(), layout)))) {
            Object o = in.readObject();
            if (in.read() != -1) {
                throw new AssertionError("bytes left after the object");
            }
            seen.addAll(in.descriptors);
            return (Target) o;
        }
    }

    static Object readNamed(String className, List<Field> layout) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream(className, layout)))) {
            return in.readObject();
        }
    }

    static byte[] stream(String className, List<Field> layout) throws IOException {
        return JdkStreams.handWritten(out -> {
            out.writeByte(ObjectStreamConstants.TC_OBJECT);
            out.writeByte(ObjectStreamConstants.TC_CLASSDESC);
            out.writeUTF(className);
            out.writeLong(1L);
            out.writeByte(ObjectStreamConstants.SC_SERIALIZABLE);
            out.writeShort(layout.size());
            for (Field f : layout) {
                out.writeByte(f.type());
                out.writeUTF(f.name());
                if (f.type() == 'L') {
                    // Each type string a new string (no back reference): the
                    // handles stay as simple as the values' below.
                    out.writeByte(ObjectStreamConstants.TC_STRING);
                    out.writeUTF(f.typeString());
                }
            }
            out.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
            out.writeByte(ObjectStreamConstants.TC_NULL);      // no serializable superclass
            for (Field f : layout) {
                switch (f.type()) {
                    case 'I' -> out.writeInt((Integer) f.value());
                    case 'J' -> out.writeLong((Long) f.value());
                    default -> { }
                }
            }
            for (Field f : layout) {
                if (f.type() == 'L') {
                    out.writeByte(ObjectStreamConstants.TC_STRING);
                    out.writeUTF((String) f.value());
                }
            }
        });
    }
}
