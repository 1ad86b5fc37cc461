/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The argument factories of seed 000 section 6.1, by the name of
 * {@code @Param payload}, and the check that a call gave back an equal
 * copy: {@code null}; {@code byte}, {@code int} and {@code float} arrays
 * of n = 50, 200, 500, 2000, 5000 and 20000 elements ({@code byte50} ...
 * {@code float20000}); an object of 4 int fields ({@code int4}), of 4 int
 * fields and 2 null references ({@code int4null2}), of 32 int fields
 * ({@code int32}); a balanced binary tree of 15 nodes of 4 ints
 * ({@code tree15}). Numbers are random with a fixed seed and of mixed
 * magnitude.
 */
final class Payloads {

    /** The array sizes of the collection. */
    static final List<Integer> ARRAY_SIZES = List.of(50, 200, 500, 2000, 5000, 20000);

    /**
     * Every payload name, in the order of {@code @Param payload} (which,
     * being an annotation, must spell them out again).
     */
    static final List<String> NAMES = names();

    private Payloads() {
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        names.add("null");
        for (String type : List.of("byte", "int", "float")) {
            for (int n : ARRAY_SIZES) {
                names.add(type + n);
            }
        }
        names.addAll(List.of("int4", "int4null2", "int32", "tree15"));
        return List.copyOf(names);
    }

    /** A new payload of the given name, always the same for a name. */
    static Object create(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("payload must be one of " + NAMES + ": " + name);
        }
        Random r = new Random(42);
        return switch (name) {
            case "null" -> null;
            case "int4" -> fill(new Int4(), r);
            case "int4null2" -> fill(new Int4Null2(), r);
            case "int32" -> fill(new Int32(), r);
            case "tree15" -> tree(4, r);
            default -> array(name, r);
        };
    }

    /** byteN, intN or floatN. */
    private static Object array(String name, Random r) {
        int start = 0;
        while (!Character.isDigit(name.charAt(start))) {
            start++;
        }
        int n = Integer.parseInt(name.substring(start));
        return switch (name.substring(0, start)) {
            case "byte" -> bytes(n, r);
            case "int" -> ints(n, r);
            case "float" -> floats(n, r);
            default -> throw new AssertionError(name);
        };
    }

    private static byte[] bytes(int n, Random r) {
        byte[] a = new byte[n];
        r.nextBytes(a);
        return a;
    }

    private static int[] ints(int n, Random r) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt() >> r.nextInt(32);
        }
        return a;
    }

    private static float[] floats(int n, Random r) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (r.nextFloat() - 0.5f) * 1e6f;
        }
        return a;
    }

    /** A balanced binary tree of 2^levels - 1 nodes. */
    private static Tree tree(int levels, Random r) {
        Tree node = fill(new Tree(), r);
        if (levels > 1) {
            node.left = tree(levels - 1, r);
            node.right = tree(levels - 1, r);
        }
        return node;
    }

    /** Sets every int instance field of obj to a random value. */
    private static <T> T fill(T obj, Random r) {
        try {
            for (Field f : instanceFields(obj.getClass())) {
                if (f.getType() == int.class) {
                    f.setInt(obj, r.nextInt() >> r.nextInt(32));
                }
            }
            return obj;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static List<Field> instanceFields(Class<?> c) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    /**
     * Throws unless copy is a deep copy of original: the same classes, the
     * same values (bit for bit for floats), new instances.
     */
    static void checkCopy(Object original, Object copy, String what) {
        String difference = difference(original, copy, "payload");
        if (difference != null) {
            throw new IllegalStateException(what + " did not give back an equal copy: "
                    + difference);
        }
    }

    /** The first difference between a and b, or null if there is none. */
    private static String difference(Object a, Object b, String path) {
        if (a == null || b == null) {
            return a == b ? null : path + ": " + a + " became " + b;
        }
        Class<?> c = a.getClass();
        if (c != b.getClass()) {
            return path + ": " + c.getName() + " became " + b.getClass().getName();
        }
        if (a instanceof Number || a instanceof Boolean || a instanceof Character) {
            // Float.equals compares the bits.
            return a.equals(b) ? null : path + ": " + a + " became " + b;
        }
        if (a == b) {
            return path + ": the same instance, not a copy";
        }
        if (c.isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return path + ": length " + n + " became " + Array.getLength(b);
            }
            for (int i = 0; i < n; i++) {
                String d = difference(Array.get(a, i), Array.get(b, i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        try {
            for (Field f : instanceFields(c)) {
                String d = difference(f.get(a), f.get(b), path + "." + f.getName());
                if (d != null) {
                    return d;
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        return null;
    }
}
