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
 * @summary A FastObjectInputStream whose source it reads item by item (a
 *          DataInputStream over the bytes) asks for each field of a type
 *          descriptor in one read: a field's name together with the next
 *          field's type code and name length, a level's serialVersionUID,
 *          flags, fingerprint and field count together. For a class of 32
 *          int fields, a class of three levels with reference fields, one
 *          with long and non-Latin-1 field names, an enum, a record, a
 *          proxy and a HashMap, the first and the second fresh stream each
 *          read the object deeply equal within at most one read per field
 *          plus a few per level and per descriptor (three per field
 *          before), and leave the application's 4 bytes after it in the
 *          source; a source giving 1 to 3 bytes a read gives the same.
 * @library /lib
 * @modules jdk.fastserial
 * @build grande.test.* DeepEquals
 * @run main/othervm DescriptorReadsTest
 * @run main/othervm -Xint DescriptorReadsTest
 */

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import grande.test.PiecewiseInputStream;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class DescriptorReadsTest {

    static final class Wide implements Serializable {
        private static final long serialVersionUID = 1L;
        int a0 = 1, a1, a2, a3, a4, a5, a6, a7, a8, a9;
        int b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = 2;
        int c0, c1, c2, c3, c4, c5, c6, c7, c8, c9;
        int d0 = 3, d1 = 4;
    }

    static class Base implements Serializable {
        private static final long serialVersionUID = 1L;
        long id = 7;
        String tag = "base";
    }

    static class Middle extends Base {
        private static final long serialVersionUID = 1L;
        double x = 1.5;
        int[] numbers = {1, 2, 3};
        List<String> names = new ArrayList<>(List.of("a", "b"));
    }

    static final class Leaf extends Middle {
        private static final long serialVersionUID = 1L;
        boolean flag = true;
        Object other = "leaf";
    }

    static final class Names implements Serializable {
        private static final long serialVersionUID = 1L;
        int größe = 5;
        String 名前 = "名前";
        long aFieldWhoseNameIsLongerThanSixtyFourCharactersSoItsLengthTakesTwoBytes = 9L;
        char ω = 'ω';
    }

    enum Color { RED, GREEN, BLUE }

    record Quote(long id, String symbol, double bid, int size) implements Serializable { }

    interface Greeter {
        String greet();
    }

    /** A record: equal to every other, as DeepEquals compares proxies' handlers. */
    record Handler() implements InvocationHandler, Serializable {
        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method m, Object[] args) {
            return "hello";
        }
    }

    /** Counts the reads a stream makes of it. */
    static final class CountingSource extends InputStream {
        private final InputStream in;
        int reads;

        CountingSource(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            reads++;
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            reads++;
            return in.read(b, off, len);
        }
    }

    static final int MARKER = 0x5A5B5C5D;

    static byte[] message(Object obj) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(obj);
        out.flush();
        byte[] bytes = Arrays.copyOf(out.buffer(), (int) out.size() + 4);
        for (int i = 0; i < 4; i++) {
            bytes[bytes.length - 4 + i] = (byte) (MARKER >>> (24 - 8 * i));
        }
        return bytes;
    }

    /** The fields and levels of the descriptors obj's stream carries: the classes of its graph here. */
    static int[] fieldsAndLevels(Class<?>... classes) {
        int fields = 0;
        int levels = 0;
        for (Class<?> c : classes) {
            for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
                ObjectStreamClass desc = ObjectStreamClass.lookup(k);
                if (desc != null) {
                    fields += desc.getFields().length;
                    levels++;
                }
            }
        }
        return new int[] {fields, levels};
    }

    static void check(String what, Object obj, Class<?>... classes) throws Exception {
        byte[] bytes = message(obj);
        int[] fl = fieldsAndLevels(classes);
        // One read per field, four per level (its name, its own part, the
        // reference count, its first reference field), eight per descriptor
        // (tag, id, kind, name, annotation, superclasses, values) and eight
        // for the stream's header and the object's values; three per field
        // before.
        int bound = fl[0] + 4 * fl[1] + 8 * classes.length + 8;
        for (int round = 0; round < 2; round++) {
            CountingSource counting = new CountingSource(new ByteArrayInputStream(bytes));
            DataInputStream source = new DataInputStream(counting);
            Object back = new FastObjectInputStream(source).readObject();
            DeepEquals.check(obj, back, what);
            expectEquals(MARKER, source.readInt(), what + ": the application's bytes after the object");
            int reads = counting.reads - 1;     // readInt's own
            System.out.println(what + ", stream " + (round + 1) + ": " + reads + " reads for "
                    + fl[0] + " fields in " + fl[1] + " levels (at most " + bound + ")");
            expect(reads <= bound, what + ": " + reads + " reads, at most " + bound);
        }
        // Pieces of 1 to 3 bytes: the same object and the same bytes left.
        DataInputStream pieces = new DataInputStream(new PiecewiseInputStream(bytes, 1, 3));
        DeepEquals.check(obj, new FastObjectInputStream(pieces).readObject(), what + " in pieces");
        expectEquals(MARKER, pieces.readInt(), what + " in pieces: the application's bytes");
    }

    public static void main(String[] args) throws Exception {
        check("32 int fields", new Wide(), Wide.class);
        Leaf leaf = new Leaf();
        check("three levels with references", leaf, Leaf.class, int[].class, ArrayList.class);
        check("long and non-Latin-1 field names", new Names(), Names.class);
        check("an enum", Color.GREEN, Color.class);
        check("a record", new Quote(1, "ABC", 1.25, 100), Quote.class);
        Object proxy = Proxy.newProxyInstance(DescriptorReadsTest.class.getClassLoader(),
                new Class<?>[] {Greeter.class}, new Handler());
        check("a proxy", proxy, Proxy.class, Handler.class);
        Map<String, Integer> map = new HashMap<>();     // one entry: the same order read back
        map.put("k", 1);
        check("a HashMap", map, HashMap.class);
        System.out.println("passed");
    }
}
