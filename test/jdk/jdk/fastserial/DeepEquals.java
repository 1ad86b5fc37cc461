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

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Deep structural equality of two object graphs, identity structure
 * included: the walk keeps a one-to-one map between the objects of both
 * graphs, so an object shared (or reached through a cycle) in one graph
 * must be shared in the same places in the other, and two distinct objects
 * must stay distinct. Boxes (Integer, Long, ...) are the exception: they are
 * value-based classes, whose identity serialization need not keep (the fast
 * streams send them by value), so they compare by class and value only.
 *
 * <p>Classes whose fields the test can read (the test's own, records,
 * lambdas) are compared field by field, transient fields included. Classes
 * of modules that do not open their packages to the test (the JDK's) are
 * compared through their API: maps entry by entry and collections element
 * by element in iteration order (so keys of hash-based collections in a
 * corpus must have value-based hash codes), sorted collections and
 * priority queues also by comparator, throwables by message, stack trace,
 * cause and suppressed exceptions, and any other such class with its own
 * equals method by equals. Anything else is reported as not comparable, so
 * a corpus cannot silently compare less than it claims. Floating-point
 * values compare as Float.equals and Double.equals do.
 */
public final class DeepEquals {

    private record Pair(Object expected, Object actual, String path) { }

    private final IdentityHashMap<Object, Object> forward = new IdentityHashMap<>();
    private final IdentityHashMap<Object, Object> backward = new IdentityHashMap<>();
    private final Deque<Pair> work = new ArrayDeque<>();

    private DeepEquals() { }

    /** Throws an AssertionError naming the first difference between the two graphs. */
    public static void check(Object expected, Object actual, String what) {
        String difference = difference(expected, actual);
        if (difference != null) {
            throw new AssertionError(what + ": " + difference);
        }
    }

    /** The first difference between two graphs, or null if they are deeply equal. */
    public static String difference(Object expected, Object actual) {
        DeepEquals walk = new DeepEquals();
        walk.work.add(new Pair(expected, actual, "root"));
        try {
            return walk.run();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot compare the graphs", e);
        }
    }

    private String run() throws ReflectiveOperationException {
        Pair p;
        while ((p = work.poll()) != null) {
            String d = compare(p.expected, p.actual, p.path);
            if (d != null) {
                return p.path + ": " + d;
            }
        }
        return null;
    }

    private void push(Object expected, Object actual, String path) {
        work.add(new Pair(expected, actual, path));
    }

    private static String show(Object o) {
        if (o == null) {
            return "null";
        }
        String s;
        try {
            s = o.getClass().isArray() ? o.getClass().getTypeName() + "[" + Array.getLength(o) + "]"
                                       : String.valueOf(o);
        } catch (RuntimeException | StackOverflowError e) {
            s = "(toString failed)";
        }
        if (s.length() > 120) {
            s = s.substring(0, 117) + "...";
        }
        return o.getClass().getName() + " " + s;
    }

    private String compare(Object a, Object b, String path) throws ReflectiveOperationException {
        if (a == null || b == null) {
            return a == b ? null : "expected " + show(a) + ", got " + show(b);
        }
        if (isBox(a) || isBox(b)) {
            return sameBoxedValue(a, b) ? null : "expected " + show(a) + ", got " + show(b);
        }
        Object mappedA = forward.get(a);
        if (mappedA != null) {
            return mappedA == b ? null
                    : "expected the object seen before as " + show(mappedA) + ", got " + show(b)
                      + (backward.containsKey(b) ? " (another object seen before)" : " (a new object)");
        }
        if (backward.containsKey(b)) {
            return "expected a new object " + show(a) + ", got an object seen before: " + show(b);
        }
        forward.put(a, b);
        backward.put(b, a);
        if (a == b) {
            return null;    // one object in both graphs: an enum constant, a class, a resolved singleton
        }

        Class<?> c = a.getClass();
        if (c != b.getClass()) {
            return "expected class " + c.getName() + ", got " + b.getClass().getName();
        }
        if (a instanceof Class<?> || a instanceof Enum<?>) {
            return a == b ? null : "expected the same " + show(a) + ", got " + show(b);
        }
        if (c.isArray()) {
            return compareArrays(a, b, path);
        }
        if (Proxy.isProxyClass(c)) {
            push(Proxy.getInvocationHandler(a), Proxy.getInvocationHandler(b), path + ".<handler>");
            return null;
        }
        boolean opaque = false;
        for (Class<?> level = c; level != null; level = level.getSuperclass()) {
            if (!readable(level)) {
                opaque |= Arrays.stream(level.getDeclaredFields())
                                .anyMatch(f -> !Modifier.isStatic(f.getModifiers()));
                continue;
            }
            for (Field f : level.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.setAccessible(true);
                String fieldPath = path + "." + f.getName();
                if (f.getType().isPrimitive()) {
                    Object va = f.get(a);
                    Object vb = f.get(b);
                    if (!va.equals(vb)) {
                        return "field " + fieldPath + ": expected " + va + ", got " + vb;
                    }
                } else {
                    push(f.get(a), f.get(b), fieldPath);
                }
            }
        }
        return opaque ? compareOpaque(a, b, path) : null;
    }

    private static boolean isBox(Object o) {
        return o instanceof Integer || o instanceof Long || o instanceof Double || o instanceof Float
               || o instanceof Short || o instanceof Byte || o instanceof Character || o instanceof Boolean;
    }

    /** One box class and one value, as equals compares them (Float and Double: as everywhere here). */
    private static boolean sameBoxedValue(Object a, Object b) {
        return a.getClass() == b.getClass() && a.equals(b);
    }

    /** Whether the test can read the fields a class declares. */
    private static boolean readable(Class<?> level) {
        Module m = level.getModule();
        return !m.isNamed() || m.isOpen(level.getPackageName(), DeepEquals.class.getModule());
    }

    private String compareArrays(Object a, Object b, String path) {
        int n = Array.getLength(a);
        if (n != Array.getLength(b)) {
            return "expected length " + n + ", got " + Array.getLength(b);
        }
        if (a instanceof Object[] x) {
            Object[] y = (Object[]) b;
            for (int i = 0; i < n; i++) {
                push(x[i], y[i], path + "[" + i + "]");
            }
            return null;
        }
        // arrays of one primitive type: Objects.deepEquals compares them with that type's Arrays.equals
        if (Objects.deepEquals(a, b)) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            Object ea = Array.get(a, i);
            Object eb = Array.get(b, i);
            if (!ea.equals(eb)) {
                return "element [" + i + "]: expected " + ea + ", got " + eb;
            }
        }
        return "the arrays differ";
    }

    private String compareOpaque(Object a, Object b, String path) {
        switch (a) {
            case Map<?, ?> ma -> {
                Map<?, ?> mb = (Map<?, ?>) b;
                if (ma.size() != mb.size()) {
                    return "expected a map of size " + ma.size() + ", got " + mb.size();
                }
                if (a instanceof SortedMap<?, ?> sa) {
                    push(sa.comparator(), ((SortedMap<?, ?>) b).comparator(), path + ".<comparator>");
                }
                Iterator<? extends Map.Entry<?, ?>> ia = ma.entrySet().iterator();
                Iterator<? extends Map.Entry<?, ?>> ib = mb.entrySet().iterator();
                for (int i = 0; ia.hasNext(); i++) {
                    Map.Entry<?, ?> ea = ia.next();
                    Map.Entry<?, ?> eb = ib.next();
                    push(ea.getKey(), eb.getKey(), path + ".<key " + i + ">");
                    push(ea.getValue(), eb.getValue(), path + ".<value " + i + ">");
                }
                return null;
            }
            case Collection<?> ca -> {
                Collection<?> cb = (Collection<?>) b;
                if (ca.size() != cb.size()) {
                    return "expected a collection of size " + ca.size() + ", got " + cb.size();
                }
                if (a instanceof SortedSet<?> sa) {
                    push(sa.comparator(), ((SortedSet<?>) b).comparator(), path + ".<comparator>");
                }
                if (a instanceof PriorityQueue<?> qa) {
                    push(qa.comparator(), ((PriorityQueue<?>) b).comparator(), path + ".<comparator>");
                }
                if (a instanceof EnumSet<?> ea
                        && !EnumSet.complementOf(ea).equals(EnumSet.complementOf((EnumSet<?>) b))) {
                    return "enum sets of different element types";
                }
                Iterator<?> ia = ca.iterator();
                Iterator<?> ib = cb.iterator();
                for (int i = 0; ia.hasNext(); i++) {
                    push(ia.next(), ib.next(), path + ".<element " + i + ">");
                }
                return null;
            }
            case Throwable ta -> {
                Throwable tb = (Throwable) b;
                if (!Objects.equals(ta.getMessage(), tb.getMessage())) {
                    return "expected message " + ta.getMessage() + ", got " + tb.getMessage();
                }
                if (!Arrays.equals(ta.getStackTrace(), tb.getStackTrace())) {
                    return "different stack traces";
                }
                push(ta.getCause(), tb.getCause(), path + ".<cause>");
                push(ta.getSuppressed(), tb.getSuppressed(), path + ".<suppressed>");
                return null;
            }
            default -> {
                if (!definesEquals(a.getClass())) {
                    return "cannot compare " + a.getClass().getName()
                           + ": its fields are not readable and it has no equals method";
                }
                return a.equals(b) ? null : "expected " + show(a) + ", got " + show(b);
            }
        }
    }

    /** Whether c or one of its superclasses overrides Object.equals. */
    public static boolean definesEquals(Class<?> c) {
        try {
            return c.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    private static final class Cell {
        Object value;

        Cell(Object value) {
            this.value = value;
        }
    }

    /** Fails unless the comparison finds the differences it must find: the corpus rests on it. */
    public static void selfTest() {
        Cell shared = new Cell(1);
        expect(DeepEquals.difference(List.of(shared, shared), List.of(new Cell(1), new Cell(1))) != null,
               "DeepEquals: a shared object against two equal ones differs");
        expect(DeepEquals.difference(List.of(new Cell(1), new Cell(1)), List.of(shared, shared)) != null,
               "DeepEquals: two equal objects against a shared one differ");
        Cell cycle = new Cell(null);
        cycle.value = cycle;
        expect(DeepEquals.difference(cycle, new Cell(new Cell(null))) != null, "DeepEquals: a cycle differs");
        expect(DeepEquals.difference(new Cell(1), new Cell(2)) != null, "DeepEquals: other values differ");
        expect(DeepEquals.difference(new Cell(1), new Cell(1L)) != null, "DeepEquals: other classes differ");
        expect(DeepEquals.difference(new int[] { 1 }, new int[] { 2 }) != null, "DeepEquals: other elements differ");
        expect(DeepEquals.difference(new Object[] { "a" }, new String[] { "a" }) != null,
               "DeepEquals: other array classes differ");
        expect(DeepEquals.difference(new TreeMap<>(Map.of("a", 1)),
                                     new TreeMap<>(Map.of("a", 2))) != null,
               "DeepEquals: other map values differ");
        expect(DeepEquals.difference(new ArrayList<>(List.of(shared, shared)),
                                     new ArrayList<>(List.of(shared, new Cell(1)))) != null,
               "DeepEquals: sharing inside a JDK collection counts");
        Cell copy = new Cell(null);
        copy.value = copy;
        expect(DeepEquals.difference(cycle, copy) == null, "DeepEquals: two equal cycles are equal");
        expect(DeepEquals.difference(new ArrayList<>(List.of(1, 2)), new ArrayList<>(List.of(1))) != null,
               "DeepEquals: other sizes differ");
    }

    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
        System.out.println("ok: " + what);
    }
}
