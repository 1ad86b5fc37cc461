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
 * @summary The fields of a class descriptor read from a stream, whose
 *          primitive signatures the image takes from string literals
 *          instead of interning each: every type code gives its type and
 *          type code, an object field's type string is the interned one,
 *          the values arrive, and a descriptor with a type code that names
 *          no type ends in InvalidClassException. The same holds on the
 *          stock JDK.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm DescriptorFieldsTest
 * @run main/othervm -Xint DescriptorFieldsTest
 * @run main/othervm -XX:TieredStopAtLevel=1 DescriptorFieldsTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation DescriptorFieldsTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import grande.test.StreamBytes;

public class DescriptorFieldsTest {

    /** One field of each primitive type and two object fields; the names sort in this order. */
    static final class AllKinds implements Serializable {
        private static final long serialVersionUID = 1L;
        boolean aBoolean;
        byte bByte;
        char cChar;
        short dShort;
        int eInt;
        long fLong;
        float gFloat;
        double hDouble;
        String iString;
        int[] jInts;

        @Override
        public boolean equals(Object o) {
            return o instanceof AllKinds k && aBoolean == k.aBoolean && bByte == k.bByte
                    && cChar == k.cChar && dShort == k.dShort && eInt == k.eInt && fLong == k.fLong
                    && Float.compare(gFloat, k.gFloat) == 0 && Double.compare(hDouble, k.hDouble) == 0
                    && iString.equals(k.iString) && Arrays.equals(jInts, k.jInts);
        }

        @Override
        public int hashCode() {
            return eInt;
        }
    }

    /** Keeps the descriptors as read from the stream, before they are bound to local classes. */
    static final class DescriptorKeeping extends ObjectInputStream {
        final List<ObjectStreamClass> read = new ArrayList<>();

        DescriptorKeeping(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass desc = super.readClassDescriptor();
            read.add(desc);
            return desc;
        }
    }

    /** What each field of AllKinds reads back as: type code, type, type string. */
    static final Map<String, Object[]> EXPECTED = new TreeMap<>();
    static {
        EXPECTED.put("aBoolean", new Object[] { 'Z', boolean.class, null });
        EXPECTED.put("bByte", new Object[] { 'B', byte.class, null });
        EXPECTED.put("cChar", new Object[] { 'C', char.class, null });
        EXPECTED.put("dShort", new Object[] { 'S', short.class, null });
        EXPECTED.put("eInt", new Object[] { 'I', int.class, null });
        EXPECTED.put("fLong", new Object[] { 'J', long.class, null });
        EXPECTED.put("gFloat", new Object[] { 'F', float.class, null });
        EXPECTED.put("hDouble", new Object[] { 'D', double.class, null });
        // A descriptor read from a stream knows no class: its object fields are Object
        EXPECTED.put("iString", new Object[] { 'L', Object.class, "Ljava/lang/String;" });
        EXPECTED.put("jInts", new Object[] { '[', Object.class, "[I" });
    }

    public static void main(String[] args) throws Exception {
        AllKinds value = new AllKinds();
        value.aBoolean = true;
        value.bByte = -7;
        value.cChar = '\u00e9';
        value.dShort = -1234;
        value.eInt = 0x12345678;
        value.fLong = -0x123456789abcdefL;
        value.gFloat = -1.5e-7f;
        value.hDouble = Math.PI;
        value.iString = "grande";
        value.jInts = new int[] { 3, -1, 4 };
        byte[] stream = written(value);

        // Several rounds, so that the compiled read of a descriptor is checked too
        for (int round = 0; round < 2000; round++) {
            DescriptorKeeping in = new DescriptorKeeping(new ByteArrayInputStream(stream));
            Object back = in.readObject();
            expect(value.equals(back), "round " + round + ": the values come back");
            if (round % 500 == 0) {
                checkFields(in.read);
            }
        }
        corruptTypeCodes(stream);
        System.out.println("PASSED");
    }

    static byte[] written(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    static void checkFields(List<ObjectStreamClass> read) {
        ObjectStreamClass desc = read.stream()
                .filter(d -> d.getName().equals(AllKinds.class.getName()))
                .findFirst().orElseThrow(() -> new AssertionError("no descriptor of AllKinds was read"));
        ObjectStreamField[] fields = desc.getFields();
        expect(fields.length == EXPECTED.size(), "AllKinds has " + EXPECTED.size() + " fields: " + fields.length);
        for (ObjectStreamField f : fields) {
            Object[] want = EXPECTED.get(f.getName());
            expect(want != null, "a field of AllKinds: " + f.getName());
            expect(f.getTypeCode() == (char) want[0], f.getName() + ": type code " + want[0] + ", not " + f.getTypeCode());
            expect(f.getType() == want[1], f.getName() + ": type " + want[1] + ", not " + f.getType());
            expect(f.isPrimitive() == ((Class<?>) want[1]).isPrimitive(), f.getName() + ": isPrimitive");
            String typeString = f.getTypeString();
            if (want[2] == null) {
                expect(typeString == null, f.getName() + ": no type string");
            } else {
                expect(want[2].equals(typeString), f.getName() + ": type string " + want[2] + ", not " + typeString);
                expect(typeString == ((String) want[2]).intern(), f.getName() + ": the type string is interned");
            }
        }
    }

    /**
     * Each primitive type code in the stream's descriptor of AllKinds
     * replaced by a byte that names no type: InvalidClassException, whose
     * cause is the IllegalArgumentException of the field's signature.
     */
    static void corruptTypeCodes(byte[] stream) throws Exception {
        int corrupted = 0;
        for (Map.Entry<String, Object[]> e : EXPECTED.entrySet()) {
            char code = (char) e.getValue()[0];
            if (code == 'L' || code == '[') {
                continue;
            }
            // a field in the descriptor: its type code, then its name in modified UTF-8
            byte[] name = e.getKey().getBytes("US-ASCII");
            byte[] entry = new byte[3 + name.length];
            entry[0] = (byte) code;
            entry[1] = 0;
            entry[2] = (byte) name.length;
            System.arraycopy(name, 0, entry, 3, name.length);
            int at = StreamBytes.indexOf(stream, entry);
            expect(at > 0, "the stream holds the field " + e.getKey());
            for (byte bad : new byte[] { 'X', 'V', 0, (byte) 0xC9 }) {
                byte[] corrupt = stream.clone();
                corrupt[at] = bad;
                try {
                    Object o = new ObjectInputStream(new ByteArrayInputStream(corrupt)).readObject();
                    throw new AssertionError(e.getKey() + " with type code " + (bad & 0xff) + ": read " + o);
                } catch (InvalidClassException expected) {
                    expect(expected.getCause() instanceof IllegalArgumentException,
                           e.getKey() + " with type code " + (bad & 0xff)
                           + ": caused by IllegalArgumentException, not " + expected.getCause());
                }
                corrupted++;
            }
        }
        expect(corrupted == 32, "32 corrupt streams read: " + corrupted);
    }

    static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
