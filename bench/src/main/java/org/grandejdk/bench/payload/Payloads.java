/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The payloads of every benchmark area, by the name of their
 * {@code @Param payload}, and the check that a round trip gave back an equal
 * copy. The remote calls take the argument factories of Philippsen,
 * Haumacher and Nester, "More Efficient Serialization and RMI for Java",
 * section 6.1 ({@link #COLLECTION}); the serializers take some of them and
 * more ({@link #SERIAL}); the vm area copies the fields of {@link Int32} and
 * {@link Mixed100}.
 *
 * <p>Numbers are random with a fixed seed and of mixed magnitude (a random
 * value shifted right by a random count), so that serializers that write
 * integers as varints meet small, medium and large values alike. A name
 * always gives the same payload.
 */
public final class Payloads {

    /** The array sizes of the collection. */
    public static final List<Integer> ARRAY_SIZES = List.of(50, 200, 500, 2000, 5000, 20000);

    /**
     * The argument factories of the remote calls, in the order of
     * {@code RemoteCallBench.Argument}'s {@code @Param payload} (which,
     * being an annotation, must spell them out again): {@code null};
     * {@code byte}, {@code int} and {@code float} arrays of every size of
     * {@link #ARRAY_SIZES} ({@code byte50} ... {@code float20000}); an object
     * of 4 int fields ({@code int4}), of 4 int fields and 2 null references
     * ({@code int4null2}), of 32 int fields ({@code int32}); a balanced
     * binary tree of 15 nodes of 4 ints ({@code tree15}).
     */
    public static final List<String> COLLECTION = collection();

    /**
     * The payloads of the serial area, in the order of its {@code @Param
     * payload}: some of the collection's, {@code mixed100}, {@code double5000},
     * the media-content graph ({@code media}), strings ({@code latin1},
     * {@code utf16}: a {@link Strings} of Latin-1 or of Greek and CJK text)
     * and collections ({@code list100}: an {@code ArrayList} of 100
     * {@code Integer}s; {@code map50}: a {@code HashMap} of 50 {@code String}
     * keys to {@code Integer}s) and records ({@code records10}: an
     * {@code ArrayList} of 10 {@link Quote}s).
     */
    public static final List<String> SERIAL = List.of("int32", "int4null2", "tree15", "mixed100",
            "float5000", "double5000", "byte5000", "media", "latin1", "utf16", "list100", "map50",
            "records10");

    /**
     * The classes of the payloads, for the serializers that require
     * registration (Kryo, Fory); the same order on every run, so the
     * registration ids are stable: a new class goes at the end. (The JDK's
     * classes of the payloads, ArrayList, HashMap, String, Integer, are
     * Fory's own; Kryo registers them in KryoBench.)
     */
    public static final List<Class<?>> CLASSES = List.of(Int32.class, Int4Null2.class, Tree.class,
            Mixed100.class, MediaContent.class, Media.class, Media.Player.class, Image.class,
            Image.Size.class, Strings.class, Quote.class);

    /** The characters of Latin-1 text: ASCII letters, digits and a space. */
    private static final String ASCII =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";

    /** The accented letters of Latin-1 text (0xC0-0xFF). */
    private static final String ACCENTED = "àáâäçèéêëíîïñóôöùúûüßÀÇÉÖÜ";

    private static final Pattern ARRAY = Pattern.compile("(byte|int|float|double)(\\d+)");

    private Payloads() {
    }

    private static List<String> collection() {
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

    /**
     * A new payload of the given name, always the same for a name: a name of
     * {@link #COLLECTION} or {@link #SERIAL}, or an array TYPEn of another
     * size.
     */
    public static Object create(String name) {
        Random r = new Random(42);
        return switch (name) {
            case "null" -> null;
            case "int4" -> fill(new Int4(), r);
            case "int4null2" -> fill(new Int4Null2(), r);
            case "int32" -> fill(new Int32(), r);
            case "mixed100" -> fill(new Mixed100(), r);
            case "tree15" -> tree(4, r);
            case "media" -> mediaContent();
            case "latin1" -> strings(r, false);
            case "utf16" -> strings(r, true);
            case "list100" -> integers(100, r);
            case "map50" -> map(50, r);
            case "records10" -> quotes(10, r);
            default -> array(name, r);
        };
    }

    /** byteN, intN, floatN or doubleN. */
    private static Object array(String name, Random r) {
        Matcher m = ARRAY.matcher(name);
        if (!m.matches()) {
            throw new IllegalArgumentException("payload must be one of " + COLLECTION + " or "
                    + SERIAL + ": " + name);
        }
        int n = Integer.parseInt(m.group(2));
        switch (m.group(1)) {
            case "byte": {
                byte[] a = new byte[n];
                r.nextBytes(a);
                return a;
            }
            case "int": {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt() >> r.nextInt(32);
                }
                return a;
            }
            case "float": {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (r.nextFloat() - 0.5f) * 1e6f;
                }
                return a;
            }
            default: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (r.nextDouble() - 0.5) * 1e12;
                }
                return a;
            }
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

    /**
     * Four short strings and a long one: Latin-1 text (ASCII letters, digits
     * and spaces, one character in 16 an accented letter of 0xC0-0xFF), or,
     * if utf16, Greek and CJK text (one character in 8 a space, the others
     * half Greek small letters, U+03B1-U+03C9, half CJK ideographs,
     * U+4E00-U+4FFF), which the JDK keeps two bytes per character.
     */
    private static Strings strings(Random r, boolean utf16) {
        Strings s = new Strings();
        s.a = text(Strings.SHORT, r, utf16);
        s.b = text(Strings.SHORT, r, utf16);
        s.c = text(Strings.SHORT, r, utf16);
        s.d = text(Strings.SHORT, r, utf16);
        s.text = text(Strings.LONG, r, utf16);
        return s;
    }

    private static String text(int n, Random r, boolean utf16) {
        char[] cs = new char[n];
        for (int i = 0; i < n; i++) {
            if (!utf16) {
                cs[i] = r.nextInt(16) == 0 ? ACCENTED.charAt(r.nextInt(ACCENTED.length()))
                                           : ASCII.charAt(r.nextInt(ASCII.length()));
            } else if (r.nextInt(8) == 0) {
                cs[i] = ' ';
            } else {
                cs[i] = r.nextBoolean() ? (char) ('\u03b1' + r.nextInt(25))
                                        : (char) ('\u4e00' + r.nextInt(0x200));
            }
        }
        // Either way the string's coder is what the payload's name says.
        boolean wide = false;
        for (char c : cs) {
            wide |= c > 0xFF;
        }
        if (wide != utf16) {
            throw new AssertionError((utf16 ? "no" : "a") + " non-Latin-1 character");
        }
        return new String(cs);
    }

    /** An ArrayList of n Integers of mixed magnitude. */
    private static ArrayList<Integer> integers(int n, Random r) {
        ArrayList<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(r.nextInt() >> r.nextInt(32));
        }
        return list;
    }

    /**
     * A HashMap of n entries: keys of 6 to 12 ASCII letters and digits,
     * Integers of mixed magnitude.
     */
    private static HashMap<String, Integer> map(int n, Random r) {
        HashMap<String, Integer> map = new HashMap<>();
        while (map.size() < n) {
            char[] key = new char[6 + r.nextInt(7)];
            for (int i = 0; i < key.length; i++) {
                key[i] = ASCII.charAt(r.nextInt(ASCII.length() - 1));    // no space
            }
            map.put(new String(key), r.nextInt() >> r.nextInt(32));
        }
        return map;
    }

    /** n quotes of distinct symbols (3 to 5 capital letters). */
    private static ArrayList<Quote> quotes(int n, Random r) {
        ArrayList<Quote> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            char[] symbol = new char[3 + r.nextInt(3)];
            for (int k = 0; k < symbol.length; k++) {
                symbol[k] = (char) ('A' + r.nextInt(26));
            }
            double bid = 10 + r.nextInt(100_000) / 100.0;
            list.add(new Quote(1_000_000L + i, new String(symbol) + i, bid, bid + 0.01 * (1 + r.nextInt(9)),
                               100 * (1 + r.nextInt(50)), r.nextBoolean()));
        }
        return list;
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
     * same values field by field (bit for bit for floating point), element
     * by element for arrays and lists, entry by entry for maps (every key of
     * the original's with an equal key and the same value in the copy, the
     * same size), new instances (boxes and enum constants aside, which may
     * be shared or, for enums, must be; strings are compared by value and
     * must be new instances too, unless empty).
     */
    public static void checkCopy(Object original, Object copy, String what) {
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
            if (!a.equals(b)) {
                return path + ": " + describe(a) + " became " + describe(b);
            }
            // A string read from bytes is a new one; a box may be a cached one.
            return a == b && a instanceof String s && !s.isEmpty()
                    ? path + ": the same String instance, not a copy" : null;
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
        if (a instanceof Map<?, ?> ma) {
            Map<?, ?> mb = (Map<?, ?>) b;
            if (ma.size() != mb.size()) {
                return path + ": size " + ma.size() + " became " + mb.size();
            }
            // Each key of the copy against the original's equal key, so that
            // keys are checked as copies too; then the values.
            Map<Object, Object> keys = new HashMap<>();
            for (Object k : ma.keySet()) {
                keys.put(k, k);
            }
            for (Map.Entry<?, ?> e : mb.entrySet()) {
                Object kb = e.getKey();
                String at = path + "[" + describe(kb) + "]";
                if (!keys.containsKey(kb)) {
                    return at + ": a key the original does not have";
                }
                Object ka = keys.get(kb);
                String d = difference(ka, kb, at + " (key)");
                if (d == null) {
                    d = difference(ma.get(ka), e.getValue(), at);
                }
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (c.getPackage() != Payloads.class.getPackage()) {
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

    /**
     * How much of the sharing in original's graph survives in copy, a deep
     * copy of it ({@link #checkCopy}): {shared, kept}, where shared counts
     * the references of original's graph (fields, elements, keys and values)
     * to an object met before on the walk, boxes and strings included, enum
     * constants aside, and kept counts those whose place in copy holds the
     * copy of that same object. The JDK's streams keep every one (an object
     * met twice is written once); a serializer that writes an object once
     * per reference to it gives back equal but distinct objects.
     */
    public static int[] sharing(Object original, Object copy) {
        int[] counts = new int[2];
        walkShared(original, copy, new IdentityHashMap<>(), counts);
        return counts;
    }

    private static void walkShared(Object a, Object b, IdentityHashMap<Object, Object> copies,
                                   int[] counts) {
        if (a == null || a instanceof Enum<?>) {
            return;
        }
        if (copies.containsKey(a)) {
            counts[0]++;
            if (copies.get(a) == b) {
                counts[1]++;
            }
            return;
        }
        copies.put(a, b);
        Class<?> c = a.getClass();
        if (b == null || c != b.getClass()) {
            return;                     // checkCopy reports the difference
        }
        if (c.isArray()) {
            if (!c.getComponentType().isPrimitive()) {
                Object[] ea = (Object[]) a;
                Object[] eb = (Object[]) b;
                for (int i = 0; i < Math.min(ea.length, eb.length); i++) {
                    walkShared(ea[i], eb[i], copies, counts);
                }
            }
        } else if (a instanceof List<?> la) {
            List<?> lb = (List<?>) b;
            for (int i = 0; i < Math.min(la.size(), lb.size()); i++) {
                walkShared(la.get(i), lb.get(i), copies, counts);
            }
        } else if (a instanceof Map<?, ?> ma) {
            Map<?, ?> mb = (Map<?, ?>) b;
            Map<Object, Object> keysOfCopy = new HashMap<>();
            for (Object k : mb.keySet()) {
                keysOfCopy.put(k, k);
            }
            for (Map.Entry<?, ?> e : ma.entrySet()) {
                Object kb = keysOfCopy.get(e.getKey());
                walkShared(e.getKey(), kb, copies, counts);
                walkShared(e.getValue(), mb.get(kb), copies, counts);
            }
        } else if (c.getPackage() == Payloads.class.getPackage()) {
            try {
                for (Field f : instanceFields(c)) {
                    if (!f.getType().isPrimitive()) {
                        walkShared(f.get(a), f.get(b), copies, counts);
                    }
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static String describe(Object o) {
        if (o instanceof String s) {
            return s.length() <= 40 ? '"' + s + '"'
                                    : '"' + s.substring(0, 40) + "\"... (" + s.length() + " chars)";
        }
        return String.valueOf(o);
    }
}
