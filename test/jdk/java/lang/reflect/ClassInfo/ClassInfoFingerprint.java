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
 * @summary ClassInfo.fingerprint() is deterministic across runs of the same
 *          image with the same flags, differs with compact object headers
 *          and with uncompressed oops, and differs when a field is added to
 *          a class of the same name; it depends on the described fields but
 *          not on the order they are given in. A hidden class's fingerprint
 *          is the same in every run although its name is not.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm ClassInfoFingerprint
 */

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import grande.test.Command;
import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ClassInfoFingerprint {

    public static void main(String[] args) throws Exception {
        inProcess();
        sameNameOtherLayout();
        acrossProcesses();
    }

    static void inProcess() throws Exception {
        Field x = FingerprintPrinter.Point.class.getDeclaredField("x");
        Field y = FingerprintPrinter.Point.class.getDeclaredField("y");
        long xy = FingerprintPrinter.Point.class.getClassInfo(x, y).fingerprint();
        expectEquals(xy, FingerprintPrinter.Point.class.getClassInfo(x, y).fingerprint(),
                     "the same ClassInfo twice has the same fingerprint");
        expectEquals(xy, FingerprintPrinter.Point.class.getClassInfo(y, x).fingerprint(),
                     "the order of the fields does not change the fingerprint");
        long onlyX = FingerprintPrinter.Point.class.getClassInfo(x).fingerprint();
        long onlyY = FingerprintPrinter.Point.class.getClassInfo(y).fingerprint();
        long none = FingerprintPrinter.Point.class.getClassInfo().fingerprint();
        expect(onlyX != xy && onlyY != xy && onlyX != onlyY && none != xy && none != onlyX,
               "different described fields have different fingerprints: " + List.of(xy, onlyX, onlyY, none));
        // The printer's samples in this VM agree with themselves.
        expectEquals(FingerprintPrinter.fingerprints(), FingerprintPrinter.fingerprints(),
                     "fingerprints computed twice in one VM");
    }

    /** Version 1 of gen.Versioned: int a, long b; version 2 adds int c; version 3 adds Object c. */
    static byte[] versioned(String extraDescriptor) {
        return ClassFile.of().build(ClassDesc.of("gen.Versioned"), cb -> {
            cb.withFlags(ClassFile.ACC_PUBLIC | ClassFile.ACC_SUPER);
            cb.withField("a", ConstantDescs.CD_int, ClassFile.ACC_PRIVATE);
            cb.withField("b", ConstantDescs.CD_long, ClassFile.ACC_PRIVATE);
            if (extraDescriptor != null) {
                cb.withField("c", ClassDesc.ofDescriptor(extraDescriptor), ClassFile.ACC_PRIVATE);
            }
            cb.withMethod(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_PUBLIC,
                          mb -> mb.withCode(code -> code.aload(0)
                                  .invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME,
                                                 ConstantDescs.MTD_void)
                                  .return_()));
        });
    }

    static final class OneClassLoader extends ClassLoader {
        OneClassLoader() {
            super(ClassInfoFingerprint.class.getClassLoader());
        }

        Class<?> define(byte[] bytes) {
            return defineClass("gen.Versioned", bytes, 0, bytes.length);
        }
    }

    static long fingerprintOfAB(byte[] bytes) throws Exception {
        Class<?> c = new OneClassLoader().define(bytes);
        expectEquals("gen.Versioned", c.getName(), "the generated class's name");
        ClassInfo ci = c.getClassInfo(c.getDeclaredField("a"), c.getDeclaredField("b"));
        expectEquals(12, ci.size(), "size of int a + long b");
        return ci.fingerprint();
    }

    static void sameNameOtherLayout() throws Exception {
        byte[] v1 = versioned(null);
        long first = fingerprintOfAB(v1);
        long second = fingerprintOfAB(v1);
        expectEquals(first, second, "gen.Versioned v1 in two class loaders: the same fingerprint");
        long addedInt = fingerprintOfAB(versioned("I"));
        expect(addedInt != first, "gen.Versioned with an int field added: another fingerprint ("
               + Long.toHexString(first) + " vs " + Long.toHexString(addedInt) + ")");
        long addedRef = fingerprintOfAB(versioned("Ljava/lang/Object;"));
        expect(addedRef != first && addedRef != addedInt,
               "gen.Versioned with a reference field added: another fingerprint");
    }

    /** The fingerprints a child VM of this image prints with the given flags. */
    static Map<String, String> child(String... flags) throws Exception {
        List<String> cmd = Command.testJava();
        cmd.addAll(List.of(flags));
        cmd.add("-cp");
        cmd.add(System.getProperty("test.classes"));
        cmd.add("FingerprintPrinter");
        String out = Command.run(cmd.toArray(String[]::new)).require();
        Map<String, String> result = new TreeMap<>();
        out.lines().filter(l -> l.startsWith("fp ")).forEach(l -> {
            String[] parts = l.split(" ");
            result.put(parts[1], parts[2]);
        });
        expectEquals(FingerprintPrinter.SAMPLES, result.size(),
                     "the child with " + List.of(flags) + " printed every fingerprint:\n" + out);
        System.out.println("child " + List.of(flags) + ": " + result);
        return result;
    }

    static void acrossProcesses() throws Exception {
        Map<String, String> plain = child();
        expectEquals(plain, child(), "fingerprints of two runs with the same flags");
        expectEquals(plain, child("-Xint"), "fingerprints with -Xint (the layout does not change)");

        Map<String, String> compact = child("-XX:+UseCompactObjectHeaders");
        expectEquals(compact, child("-XX:+UseCompactObjectHeaders"),
                     "fingerprints of two runs with compact object headers");
        Map<String, String> wide = child("-XX:-UseCompressedOops");
        for (String name : plain.keySet()) {
            expect(!plain.get(name).equals(compact.get(name)),
                   name + ": the fingerprint differs with -XX:+UseCompactObjectHeaders");
            expect(!plain.get(name).equals(wide.get(name)),
                   name + ": the fingerprint differs with -XX:-UseCompressedOops");
            expect(!compact.get(name).equals(wide.get(name)),
                   name + ": compact headers and uncompressed oops differ from each other");
        }
    }
}

/** Prints the fingerprints of a few ClassInfos, one "fp name hex" line each. */
class FingerprintPrinter {

    static final int SAMPLES = 7;

    static class Point {
        int x;
        int y;
    }

    static class Mixed {
        byte b;
        long l;
        Object o;
        short s;
        double d;
    }

    static class Sub extends Mixed {
        char c;
        float f;
        boolean z;
        String t;
    }

    static Field[] primitives(Class<?> c, boolean inherited) {
        List<Field> result = new ArrayList<>();
        for (Class<?> k = c; k != Object.class; k = inherited ? k.getSuperclass() : Object.class) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getType().isPrimitive() && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    result.add(f);
                }
            }
        }
        return result.toArray(Field[]::new);
    }

    static Map<String, String> fingerprints() throws Exception {
        Map<String, String> result = new TreeMap<>();
        result.put("Point", hex(Point.class.getClassInfo(primitives(Point.class, false))));
        result.put("Point-empty", hex(Point.class.getClassInfo()));
        result.put("Mixed", hex(Mixed.class.getClassInfo(primitives(Mixed.class, false))));
        result.put("Sub-all", hex(Sub.class.getClassInfo(primitives(Sub.class, true))));
        result.put("Sub-own", hex(Sub.class.getClassInfo(primitives(Sub.class, false))));
        result.put("StreamTokenizer", hex(java.io.StreamTokenizer.class.getClassInfo(
                java.io.StreamTokenizer.class.getField("nval"),
                java.io.StreamTokenizer.class.getField("ttype"))));
        Class<?> hidden = hiddenPoint();
        result.put("HiddenPoint", hex(hidden.getClassInfo(hidden.getDeclaredField("a"),
                                                          hidden.getDeclaredField("b"))));
        return result;
    }

    /** A hidden class with int a and long b; its name differs in every run. */
    static Class<?> hiddenPoint() throws Exception {
        byte[] bytes = ClassFile.of().build(ClassDesc.of("HiddenPoint"), cb -> {
            cb.withFlags(ClassFile.ACC_PUBLIC | ClassFile.ACC_SUPER);
            cb.withField("a", ConstantDescs.CD_int, ClassFile.ACC_PRIVATE);
            cb.withField("b", ConstantDescs.CD_long, ClassFile.ACC_PRIVATE);
        });
        return MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
    }

    static String hex(ClassInfo ci) {
        return Long.toHexString(ci.fingerprint());
    }

    public static void main(String[] args) throws Exception {
        fingerprints().forEach((name, fp) -> System.out.println("fp " + name + " " + fp));
    }
}
