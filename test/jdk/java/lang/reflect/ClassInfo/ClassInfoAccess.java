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
 * @summary Class.getClassInfo applies the access rules of setAccessible(true)
 *          for its caller: a field of a JDK class in a package not opened to
 *          the caller gives InaccessibleObjectException, the same field is
 *          copied once the package is opened with --add-opens, and the
 *          caller's own private fields are always fine.
 * @build ClassInfoSamples
 * @run junit/othervm ClassInfoAccess
 * @run junit/othervm -Dopened=true
 *                    --add-opens java.base/java.lang=ALL-UNNAMED
 *                    --add-opens java.base/java.util=ALL-UNNAMED
 *                    --add-opens java.base/java.io=ALL-UNNAMED
 *                    --add-opens java.base/sun.security.util=ALL-UNNAMED
 *                    ClassInfoAccess
 */

import java.io.ByteArrayOutputStream;
import java.io.StreamTokenizer;
import java.io.StringReader;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class ClassInfoAccess {

    /** Whether this run opened the JDK packages with --add-opens. */
    static final boolean OPENED = Boolean.getBoolean("opened");

    static Field field(Class<?> c, String name) throws NoSuchFieldException {
        return c.getDeclaredField(name);
    }

    /** Whether setAccessible(true) would work for this caller, on a fresh Field. */
    static boolean canSetAccessible(Class<?> c, String name) throws NoSuchFieldException {
        return field(c, name).trySetAccessible();
    }

    /**
     * The ClassInfo of field name of declaring, asked of class of: checks
     * that setAccessible would work on the field exactly when the packages
     * are opened to this test; if they are, returns the ClassInfo, if not,
     * checks that getClassInfo refuses the field and returns null.
     */
    static ClassInfo classInfoWhereOpened(Class<?> of, Class<?> declaring, String name) throws Exception {
        Field f = field(declaring, name);
        assertEquals(OPENED, canSetAccessible(declaring, name));
        if (!OPENED) {
            assertThrowsExactly(InaccessibleObjectException.class, () -> of.getClassInfo(f));
            return null;
        }
        return of.getClassInfo(f);
    }

    static ByteBuffer image(ClassInfo ci, Object obj) {
        byte[] b = new byte[ci.size()];
        assertEquals(ci.size(), ci.toByteArray(obj, 0, b, 0));
        return ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
    }

    @Test
    void theRunIsWhatItSays() {
        Module me = ClassInfoAccess.class.getModule();
        for (String pkg : List.of("java.lang", "java.util", "java.io")) {
            assertEquals(OPENED, Object.class.getModule().isOpen(pkg, me), "java.base opens " + pkg);
        }
    }

    @Test
    void privateFieldOfString() throws Exception {
        ClassInfo ci = classInfoWhereOpened(String.class, String.class, "hash");
        if (ci == null) {
            assertFalse(field(String.class, "hash").canAccess("GrandeJDK"),
                        "getClassInfo does not make the field accessible");
            return;
        }
        assertEquals(4, ci.size());
        String s = new String("GrandeJDK");
        int h = s.hashCode();
        assertEquals(h, image(ci, s).getInt(0), "the image of String.hash is the hash code");
        assertTrue(ci.isWritable(), "String.hash is not final and String is Serializable");
    }

    @Test
    void privateFieldOfArrayList() throws Exception {
        ClassInfo ci = classInfoWhereOpened(ArrayList.class, ArrayList.class, "size");
        if (ci == null) {
            // The same field through a subclass declared here.
            class MyList extends ArrayList<String> { }
            assertNull(classInfoWhereOpened(MyList.class, ArrayList.class, "size"));
            return;
        }
        ArrayList<String> list = new ArrayList<>(List.of("a", "b", "c"));
        assertEquals(3, image(ci, list).getInt(0));
        byte[] two = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(2).array();
        assertEquals(4, ci.fromByteArray(list, 0, two, 0));
        assertEquals(List.of("a", "b"), list, "fromByteArray wrote ArrayList.size");
    }

    @Test
    void oneInaccessibleFieldSpoilsTheLot() throws Exception {
        class Holder extends ByteArrayOutputStream {
            int mine;
        }
        Field count = field(ByteArrayOutputStream.class, "count");
        Field mine = field(Holder.class, "mine");
        if (!OPENED) {
            assertThrowsExactly(InaccessibleObjectException.class,
                    () -> Holder.class.getClassInfo(mine, count));
            assertThrowsExactly(InaccessibleObjectException.class,
                    () -> Holder.class.getClassInfo(count, mine));
        } else {
            assertEquals(8, Holder.class.getClassInfo(mine, count).size());
        }
    }

    @Test
    void protectedFieldOfAnExportedClass() throws Exception {
        // setAccessible(true) refuses a protected instance field of a class in a
        // package that is exported but not open, even to a subclass.
        class Counting extends ByteArrayOutputStream { }
        ClassInfo ci = classInfoWhereOpened(Counting.class, ByteArrayOutputStream.class, "count");
        if (ci == null) {
            return;
        }
        Counting out = new Counting();
        out.write(new byte[5], 0, 5);
        assertEquals(5, image(ci, out).getInt(0));
    }

    @Test
    void publicFieldOfANonExportedPackage() throws Exception {
        Class<?> derValue = Class.forName("sun.security.util.DerValue");
        Field tag = field(derValue, "tag");
        boolean opened = Object.class.getModule().isOpen("sun.security.util", ClassInfoAccess.class.getModule());
        assertEquals(OPENED, opened);
        assertEquals(opened, canSetAccessible(derValue, "tag"));
        if (!opened) {
            assertThrowsExactly(InaccessibleObjectException.class, () -> derValue.getClassInfo(tag));
        } else {
            assertEquals(1, derValue.getClassInfo(tag).size());
        }
    }

    @Test
    void publicFieldsOfAnExportedClass() throws Exception {
        // Accessible with or without --add-opens.
        Field ttype = field(StreamTokenizer.class, "ttype");
        Field nval = field(StreamTokenizer.class, "nval");
        assertTrue(canSetAccessible(StreamTokenizer.class, "nval"));
        ClassInfo ci = StreamTokenizer.class.getClassInfo(nval, ttype);
        assertEquals(12, ci.size());
        StreamTokenizer st = new StreamTokenizer(new StringReader("42.5"));
        assertEquals(StreamTokenizer.TT_NUMBER, st.nextToken());
        ByteBuffer image = image(ci, st);
        int position = 0;
        for (Field f : ci.getFields()) {
            if (f.equals(ttype)) {
                assertEquals(StreamTokenizer.TT_NUMBER, image.getInt(position));
                position += 4;
            } else {
                assertEquals(42.5, image.getDouble(position));
                position += 8;
            }
        }
        assertTrue(ci.isWritable());
        ByteBuffer other = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
        for (Field f : ci.getFields()) {
            if (f.equals(ttype)) {
                other.putInt(StreamTokenizer.TT_WORD);
            } else {
                other.putDouble(-7.25);
            }
        }
        assertEquals(12, ci.fromByteArray(st, 0, other.array(), 0));
        assertEquals(StreamTokenizer.TT_WORD, st.ttype);
        assertEquals(-7.25, st.nval);
    }

    private record Pair(int left, long right) { }

    @Test
    @SuppressWarnings("deprecation")  // isAccessible: the override flag itself
    void getFieldsSharesNoAccessibilityWithTheCaller() throws Exception {
        Field left = Pair.class.getDeclaredField("left");
        left.setAccessible(true);
        ClassInfo ci = Pair.class.getClassInfo(left);
        Field[] described = ci.getFields();
        assertEquals(left, described[0]);
        assertTrue(described[0] != left, "getFields() hands out its own Field objects");
        assertFalse(described[0].isAccessible(),
                    "a described field is not accessible because the caller's was");
        described[0].setAccessible(true);
        assertFalse(ci.getFields()[0].isAccessible(),
                    "making a returned Field accessible changes nothing in the ClassInfo");
    }

    private static class Secret {
        private int a = 0x01020304;
        private long b = 0x1122334455667788L;
    }

    @Test
    void ownPrivateFields() throws Exception {
        ClassInfo ci = Secret.class.getClassInfo(field(Secret.class, "a"), field(Secret.class, "b"));
        assertEquals(12, ci.size());
        Secret s = new Secret();
        Secret t = new Secret();
        t.a = 0;
        t.b = 0;
        byte[] image = new byte[12];
        ci.toByteArray(s, 0, image, 0);
        ci.fromByteArray(t, 0, image, 0);
        assertEquals(0x01020304, t.a);
        assertEquals(0x1122334455667788L, t.b);
        // Private fields of another class in the unnamed module: open to us.
        ClassInfo other = ClassInfoSamples.Ints32.class.getClassInfo(
                field(ClassInfoSamples.Ints32.class, "i07"));
        assertEquals(4, other.size());
    }

    @Test
    void callerSensitiveThroughReflection() throws Throwable {
        Field hash = field(String.class, "hash");
        Method m = Class.class.getMethod("getClassInfo", Field[].class);
        MethodHandle mh = MethodHandles.lookup().findVirtual(Class.class, "getClassInfo",
                MethodType.methodType(ClassInfo.class, Field[].class));
        if (!OPENED) {
            InvocationTargetException e = assertThrowsExactly(InvocationTargetException.class,
                    () -> m.invoke(String.class, (Object) new Field[] { hash }));
            assertInstanceOf(InaccessibleObjectException.class, e.getCause());
            assertThrowsExactly(InaccessibleObjectException.class,
                    () -> { ClassInfo ci = (ClassInfo) mh.invokeExact(String.class, new Field[] { hash }); });
        } else {
            assertEquals(4, ((ClassInfo) m.invoke(String.class, (Object) new Field[] { hash })).size());
            assertEquals(4, ((ClassInfo) mh.invokeExact(String.class, new Field[] { hash })).size());
        }
        // Own fields through reflection and method handles.
        Field a = field(Secret.class, "a");
        assertEquals(4, ((ClassInfo) m.invoke(Secret.class, (Object) new Field[] { a })).size());
        assertEquals(4, ((ClassInfo) mh.invokeExact(Secret.class, new Field[] { a })).size());
    }

    @Test
    void accessibleFlagDoesNotMatter() throws Exception {
        // Our own field, explicitly made inaccessible: still ours to copy.
        Field a = field(Secret.class, "a");
        a.setAccessible(false);
        assertEquals(4, Secret.class.getClassInfo(a).size());
        byte[] image = new byte[4];
        Secret.class.getClassInfo(a).toByteArray(new Secret(), 0, image, 0);
        assertArrayEquals(ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0x01020304).array(),
                          image);
    }
}
