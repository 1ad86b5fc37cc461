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
 * @summary ClassInfo.fromByteArray writes final fields only where
 *          deserialization does: isWritable() is false and fromByteArray
 *          throws UnsupportedOperationException when a described field is
 *          final and its declaring class is not Serializable, or is
 *          Externalizable, a record, an enum or hidden; final fields of an
 *          ordinary Serializable class are written. toByteArray works
 *          regardless.
 * @build ClassInfoSamples
 * @run junit ClassInfoFinalFields
 */

import java.io.Externalizable;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class ClassInfoFinalFields {

    record PlainRecord(int a, long b) { }

    record SerialRecord(int a, long b) implements Serializable { }

    enum Color {
        RED(0x11), GREEN(0x22);
        final int code;
        int scratch;
        Color(int code) { this.code = code; }
    }

    static class PlainFinal {
        final int f;
        int g;
        PlainFinal(int f, int g) { this.f = f; this.g = g; }
    }

    static class SerialFinal implements Serializable {
        private static final long serialVersionUID = 1L;
        final int f;
        final long g;
        int h;
        SerialFinal(int f, long g, int h) { this.f = f; this.g = g; this.h = h; }
    }

    public static class ExternalFinal implements Externalizable {
        final int f;
        int g;
        public ExternalFinal() { this.f = 0x5151; }
        public void writeExternal(ObjectOutput out) throws IOException { out.writeInt(g); }
        public void readExternal(ObjectInput in) throws IOException { g = in.readInt(); }
    }

    static class NonSerialBase {
        final int baseFinal;
        int baseMutable;
        NonSerialBase() { baseFinal = 0x0b0b; baseMutable = 0x0c0c; }
    }

    static class SerialChild extends NonSerialBase implements Serializable {
        private static final long serialVersionUID = 1L;
        final int childFinal = 0x0d0d;
    }

    static Class<?> hidden;

    @BeforeAll
    static void defineHiddenClass() throws Exception {
        byte[] bytes;
        try (InputStream in = ClassInfoFinalFields.class.getResourceAsStream("/HiddenTemplate.class")) {
            bytes = in.readAllBytes();
        }
        hidden = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
        assertTrue(hidden.isHidden());
        assertTrue(Serializable.class.isAssignableFrom(hidden));
    }

    static Field field(Class<?> c, String name) throws NoSuchFieldException {
        return c.getDeclaredField(name);
    }

    /** The image of obj, checked against the values given in getFields() order. */
    static byte[] image(ClassInfo ci, Object obj) {
        byte[] b = new byte[ci.size()];
        assertEquals(ci.size(), ci.toByteArray(obj, 0, b, 0));
        return b;
    }

    /** Asserts that ci is read-only: fromByteArray fails and leaves obj alone. */
    static void assertReadOnly(ClassInfo ci, Object obj) {
        assertFalse(ci.isWritable(), ci + " is not writable");
        byte[] before = image(ci, obj);
        byte[] other = new byte[ci.size()];
        Arrays.fill(other, (byte) 0x77);
        assertThrowsExactly(UnsupportedOperationException.class, () -> ci.fromByteArray(obj, 0, other, 0));
        assertThrowsExactly(UnsupportedOperationException.class,
                () -> ci.fromByteArray(obj, ci.size(), other, other.length));
        assertArrayEquals(before, image(ci, obj), "fromByteArray left the object alone");
    }

    static ByteBuffer nativeBuffer(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.nativeOrder());
    }

    @Test
    void records() throws Exception {
        for (Class<?> c : new Class<?>[] { PlainRecord.class, SerialRecord.class }) {
            ClassInfo ci = c.getClassInfo(field(c, "a"), field(c, "b"));
            Object r = c == PlainRecord.class ? new PlainRecord(7, -8L) : new SerialRecord(7, -8L);
            // toByteArray reads the record's fields.
            ByteBuffer image = ByteBuffer.wrap(image(ci, r)).order(ByteOrder.nativeOrder());
            Field first = ci.getFields()[0];
            if (first.getName().equals("a")) {
                assertEquals(7, image.getInt(0));
                assertEquals(-8L, image.getLong(4));
            } else {
                assertEquals(-8L, image.getLong(0));
                assertEquals(7, image.getInt(8));
            }
            assertReadOnly(ci, r);
            assertReadOnly(c.getClassInfo(field(c, "a")), r);
        }
    }

    @Test
    void enums() throws Exception {
        ClassInfo code = Color.class.getClassInfo(field(Color.class, "code"));
        assertEquals(0x22, ByteBuffer.wrap(image(code, Color.GREEN)).order(ByteOrder.nativeOrder()).getInt());
        assertReadOnly(code, Color.GREEN);
        assertReadOnly(Color.class.getClassInfo(field(Color.class, "code"), field(Color.class, "scratch")),
                       Color.GREEN);
        // A non-final field of an enum is not a final field: writable.
        ClassInfo scratch = Color.class.getClassInfo(field(Color.class, "scratch"));
        assertTrue(scratch.isWritable());
        int old = Color.RED.scratch;
        try {
            assertEquals(4, scratch.fromByteArray(Color.RED, 0, nativeBuffer(4).putInt(99).array(), 0));
            assertEquals(99, Color.RED.scratch);
        } finally {
            Color.RED.scratch = old;
        }
    }

    @Test
    void nonSerializableClass() throws Exception {
        PlainFinal p = new PlainFinal(1, 2);
        assertReadOnly(PlainFinal.class.getClassInfo(field(PlainFinal.class, "f")), p);
        assertReadOnly(PlainFinal.class.getClassInfo(field(PlainFinal.class, "g"),
                                                     field(PlainFinal.class, "f")), p);
        assertEquals(1, p.f);
        assertEquals(2, p.g);
        ClassInfo g = PlainFinal.class.getClassInfo(field(PlainFinal.class, "g"));
        assertTrue(g.isWritable(), "a non-final field of a non-serializable class is writable");
        g.fromByteArray(p, 0, nativeBuffer(4).putInt(-5).array(), 0);
        assertEquals(-5, p.g);
        assertEquals(1, p.f);
    }

    @Test
    void externalizableClass() throws Exception {
        ExternalFinal e = new ExternalFinal();
        e.g = 3;
        assertReadOnly(ExternalFinal.class.getClassInfo(field(ExternalFinal.class, "f")), e);
        assertReadOnly(ExternalFinal.class.getClassInfo(field(ExternalFinal.class, "f"),
                                                        field(ExternalFinal.class, "g")), e);
        ClassInfo g = ExternalFinal.class.getClassInfo(field(ExternalFinal.class, "g"));
        assertTrue(g.isWritable());
        g.fromByteArray(e, 0, nativeBuffer(4).putInt(44).array(), 0);
        assertEquals(44, e.g);
        assertEquals(0x5151, e.f);
    }

    @Test
    void hiddenClass() throws Throwable {
        Object h = MethodHandles.lookup().findConstructor(hidden, MethodType.methodType(void.class)).invoke();
        Field f = field(hidden, "f");
        Field g = field(hidden, "g");
        ClassInfo fi = hidden.getClassInfo(f);
        assertEquals(0x4242, ByteBuffer.wrap(image(fi, h)).order(ByteOrder.nativeOrder()).getInt());
        assertReadOnly(fi, h);
        assertReadOnly(hidden.getClassInfo(g, f), h);
        ClassInfo gi = hidden.getClassInfo(g);
        assertTrue(gi.isWritable(), "a non-final field of a hidden class is writable");
        gi.fromByteArray(h, 0, nativeBuffer(4).putInt(12345).array(), 0);
        g.setAccessible(true);
        assertEquals(12345, g.getInt(h));
    }

    @Test
    void serializableClassFinalFieldsAreWritable() throws Exception {
        SerialFinal s = new SerialFinal(1, 2L, 3);
        ClassInfo ci = SerialFinal.class.getClassInfo(field(SerialFinal.class, "f"), field(SerialFinal.class, "g"),
                                                      field(SerialFinal.class, "h"));
        assertTrue(ci.isWritable(), "final fields of an ordinary Serializable class are writable");
        SerialFinal t = new SerialFinal(-1, -2L, -3);
        assertEquals(16, ci.fromByteArray(t, 0, image(ci, s), 0));
        assertEquals(1, t.f);
        assertEquals(2L, t.g);
        assertEquals(3, t.h);
    }

    @Test
    void declaringClassDecides() throws Exception {
        // SerialChild is Serializable, but the final field it inherits is
        // declared by a class that is not: deserialization leaves that one to
        // the no-arg constructor.
        SerialChild c = new SerialChild();
        Field baseFinal = field(NonSerialBase.class, "baseFinal");
        Field baseMutable = field(NonSerialBase.class, "baseMutable");
        Field childFinal = field(SerialChild.class, "childFinal");
        assertReadOnly(SerialChild.class.getClassInfo(baseFinal), c);
        assertReadOnly(SerialChild.class.getClassInfo(childFinal, baseFinal, baseMutable), c);
        ClassInfo ok = SerialChild.class.getClassInfo(childFinal, baseMutable);
        assertTrue(ok.isWritable());
        SerialChild d = new SerialChild();
        byte[] image = new byte[8];
        ByteBuffer bb = ByteBuffer.wrap(image).order(ByteOrder.nativeOrder());
        for (Field f : ok.getFields()) {
            bb.putInt(f.equals(childFinal) ? 0x7e7e : 0x6d6d);
        }
        assertEquals(8, ok.fromByteArray(d, 0, image, 0));
        childFinal.setAccessible(true);
        assertEquals(0x7e7e, childFinal.getInt(d));
        assertEquals(0x6d6d, d.baseMutable);
        assertEquals(0x0b0b, d.baseFinal);
    }
}

/** Defined again as a hidden class by ClassInfoFinalFields. */
class HiddenTemplate implements Serializable {
    private static final long serialVersionUID = 1L;
    final int f = 0x4242;
    int g;
}
