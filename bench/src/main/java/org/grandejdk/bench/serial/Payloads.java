/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.grandejdk.bench.vm.Mixed100;

/**
 * The payloads of the serial area, by the name of {@code @Param payload},
 * and the check that a serializer gives back an equal copy.
 *
 * <p>Numbers are random with a fixed seed and of mixed magnitude (a random
 * value shifted right by a random count), so that serializers that write
 * integers as varints meet small, medium and large values alike.
 */
final class Payloads {

    /** Every payload name, in the order of {@code @Param payload}. */
    static final List<String> NAMES = List.of("int32", "int4null2", "tree15", "mixed100",
            "float5000", "double5000", "byte5000", "media");

    /**
     * The classes of the payloads, for the serializers that require
     * registration (Kryo, Fory); the same order on every run, so the
     * registration ids are stable.
     */
    static final List<Class<?>> CLASSES = List.of(Int32.class, Int4Null2.class, Tree.class,
            Mixed100.class, MediaContent.class, Media.class, Media.Player.class, Image.class,
            Image.Size.class);

    private Payloads() {
    }

    /** A new payload of the given name, always the same for a name. */
    static Object create(String name) {
        Random r = new Random(42);
        switch (name) {
            case "int32":
                return fill(new Int32(), r);
            case "int4null2":
                return fill(new Int4Null2(), r);
            case "tree15":
                return tree(4, r);
            case "mixed100":
                return fill(new Mixed100(), r);
            case "float5000": {
                float[] a = new float[5000];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (r.nextFloat() - 0.5f) * 1e6f;
                }
                return a;
            }
            case "double5000": {
                double[] a = new double[5000];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (r.nextDouble() - 0.5) * 1e12;
                }
                return a;
            }
            case "byte5000": {
                byte[] a = new byte[5000];
                r.nextBytes(a);
                return a;
            }
            case "media":
                return mediaContent();
            default:
                throw new IllegalArgumentException("payload must be one of " + NAMES + ": " + name);
        }
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

    /** The data of jvm-serializers' MediaContent, in our own classes. */
    static MediaContent mediaContent() {
        Media media = new Media();
        media.uri = "http://javaone.com/keynote.mpg";
        media.title = "Javaone Keynote";
        media.width = 640;
        media.height = 480;
        media.format = "video/mpg4";
        media.duration = 18_000_000L;
        media.size = 58_982_400L;
        media.bitrate = 262_144;
        media.hasBitrate = true;
        media.persons = new ArrayList<>(List.of("Bill Gates", "Steve Jobs"));
        media.player = Media.Player.JAVA;
        media.copyright = null;

        MediaContent content = new MediaContent();
        content.media = media;
        content.images = new ArrayList<>(List.of(
                new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote",
                          1024, 768, Image.Size.LARGE),
                new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote",
                          320, 240, Image.Size.SMALL)));
        return content;
    }

    /** Sets every primitive instance field of obj to a random value. */
    private static <T> T fill(T obj, Random r) {
        try {
            for (Field f : instanceFields(obj.getClass())) {
                Class<?> t = f.getType();
                if (t == int.class) {
                    f.setInt(obj, r.nextInt() >> r.nextInt(32));
                } else if (t == long.class) {
                    f.setLong(obj, r.nextLong() >> r.nextInt(64));
                } else if (t == double.class) {
                    f.setDouble(obj, (r.nextDouble() - 0.5) * 1e12);
                } else if (t == float.class) {
                    f.setFloat(obj, (r.nextFloat() - 0.5f) * 1e6f);
                } else if (t == short.class) {
                    f.setShort(obj, (short) (r.nextInt() >> r.nextInt(32)));
                } else if (t == char.class) {
                    f.setChar(obj, (char) r.nextInt(Character.MAX_VALUE + 1));
                } else if (t == byte.class) {
                    f.setByte(obj, (byte) r.nextInt());
                } else if (t == boolean.class) {
                    f.setBoolean(obj, r.nextBoolean());
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
     * same values field by field (bit for bit for floating point), new
     * instances (strings, boxes and enum constants aside, which may be
     * shared or, for enums, must be).
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
            return a == b ? null : path + ": " + describe(a) + " became " + describe(b);
        }
        Class<?> c = a.getClass();
        if (c != b.getClass()) {
            return path + ": " + c.getName() + " became " + b.getClass().getName();
        }
        if (a instanceof Enum<?>) {
            return a == b ? null : path + ": enum constant " + a + " not resolved";
        }
        if (a instanceof String || a instanceof Number || a instanceof Boolean
                || a instanceof Character) {
            // Float and Double compare the bits: NaN equals NaN, -0.0 not 0.0.
            return a.equals(b) ? null : path + ": " + describe(a) + " became " + describe(b);
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
        if (a instanceof List<?> la) {
            List<?> lb = (List<?>) b;
            if (la.size() != lb.size()) {
                return path + ": size " + la.size() + " became " + lb.size();
            }
            for (int i = 0; i < la.size(); i++) {
                String d = difference(la.get(i), lb.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (!CLASSES.contains(c)) {
            return path + ": no comparison for " + c.getName();
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

    private static String describe(Object o) {
        return o instanceof String s ? '"' + s + '"' : String.valueOf(o);
    }
}
