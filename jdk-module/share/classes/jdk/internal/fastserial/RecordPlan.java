/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.internal.fastserial;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;

import jdk.internal.fastserial.StreamType.StreamLevel;

/**
 * How the values of a record's stream fields reach its canonical
 * constructor: which component each field goes to, decided once per
 * descriptor and local class, as the JDK matches them (by name; a value of
 * a component the stream lacks is the component type's default).
 *
 * <p>A record is read by its canonical constructor, so its generated
 * marshaler, which fills an allocated object, cannot serve it. Matching the
 * names and calling {@code invokeWithArguments} on every read made a record
 * cost about 60 times what a class of the same fields costs (a record of
 * two ints, a double, a long and a String: 1,525 ns to read against 26).
 * The plan is cached with the rest of a descriptor's reading plan
 * ({@link StreamType}), so a fresh stream finds it too.
 *
 * <p>The reader collects the level's primitive values as raw bits in a
 * {@code long[]} and its references in an {@code Object[]}, in stream
 * order; the plan's constructor handle takes both arrays and gives each
 * component its element, converted from the bits or cast, or its default.
 * No value is boxed: against the constructor spread over boxed arguments,
 * a round trip of {@code records10} (bench/) took 694-722 ns instead of
 * 817-831.
 */
public final class RecordPlan {

    /** A stream field that no component takes: its value is read and dropped. */
    private static final int SKIP = -1;

    private static final MethodType MAKE =
            MethodType.methodType(Object.class, long[].class, Object[].class);
    private static final MethodHandle LONG_AT = MethodHandles.arrayElementGetter(long[].class);
    private static final MethodHandle OBJECT_AT = MethodHandles.arrayElementGetter(Object[].class);
    private static final long[] NO_BITS = new long[0];
    private static final Object[] NO_REFS = new Object[0];

    /** The writer's level of the record class, or null if the stream has none. */
    public final StreamLevel level;
    /** How many primitive and reference fields that level has. */
    private final int prims, refs;
    /**
     * The canonical constructor as (long[] bits, Object[] refs)Object, over
     * the level's primitive fields' bits and reference fields' values; null
     * if the record has no canonical constructor.
     */
    private final MethodHandle constructor;

    /**
     * The plan for the local record class cl, given the writer's level
     * matched to it (null if none) and the canonical constructor (null if
     * cl has none). The binding has already refused a field whose type is
     * not its component's (the component's field is the level's field of
     * that name), so names alone decide here.
     */
    RecordPlan(Class<?> cl, StreamLevel level, MethodHandle canonical) {
        this.level = level;
        prims = level == null ? 0 : level.primNames.length;
        refs = level == null ? 0 : level.refNames.length;
        constructor = canonical == null ? null : constructor(canonical, cl.getRecordComponents());
    }

    /**
     * canonical adapted to (long[], Object[])Object: component j takes
     * element f of the first array, converted from bits, if stream field f
     * is the primitive it matched; element f of the second, cast to its
     * type, if a reference; else its type's default.
     */
    private MethodHandle constructor(MethodHandle canonical, RecordComponent[] comps) {
        int n = comps.length;
        MethodHandle[] values = new MethodHandle[n];
        int[] argument = new int[n];        // 0: from the bits, 1: from the references
        for (int j = 0; j < n; j++) {
            values[j] = MethodHandles.empty(MethodType.methodType(comps[j].getType(), long[].class));
        }
        for (int f = 0; f < prims; f++) {
            int j = componentIndex(comps, level.primNames[f]);
            if (j >= 0) {
                values[j] = MethodHandles.filterReturnValue(MethodHandles.insertArguments(LONG_AT, 1, f),
                                                            fromBits(comps[j].getType()));
            }
        }
        for (int f = 0; f < refs; f++) {
            int j = componentIndex(comps, level.refNames[f]);
            if (j >= 0) {
                values[j] = MethodHandles.insertArguments(OBJECT_AT, 1, f)
                        .asType(MethodType.methodType(comps[j].getType(), Object[].class));
                argument[j] = 1;
            }
        }
        MethodHandle spread = MethodHandles.filterArguments(canonical, 0, values);
        return MethodHandles.permuteArguments(spread, MAKE.changeReturnType(canonical.type().returnType()),
                                              argument)
                .asType(MAKE);
    }

    private static int componentIndex(RecordComponent[] comps, String name) {
        for (int j = 0; j < comps.length; j++) {
            if (comps[j].getName().equals(name)) {
                return j;
            }
        }
        return SKIP;
    }

    /**
     * (long)t: a primitive of type t from the bits the reader gives for it.
     * The integral types narrow as a cast does; boolean, float and double
     * take the conversions of the reader of a class's fields.
     */
    private static MethodHandle fromBits(Class<?> t) {
        String name = t == boolean.class ? "booleanOf" : t == float.class ? "floatOf"
                : t == double.class ? "doubleOf" : null;
        if (name == null) {
            return MethodHandles.explicitCastArguments(MethodHandles.identity(long.class),
                                                       MethodType.methodType(t, long.class));
        }
        try {
            return MethodHandles.lookup().findStatic(RecordPlan.class, name, MethodType.methodType(t, long.class));
        } catch (ReflectiveOperationException e) {
            throw new InternalError(e);
        }
    }

    private static boolean booleanOf(long bits) {
        return bits != 0;
    }

    private static float floatOf(long bits) {
        return Float.intBitsToFloat((int) bits);
    }

    private static double doubleOf(long bits) {
        return Double.longBitsToDouble(bits);
    }

    /** Where the reader puts the level's primitive values' bits, in stream order. */
    public long[] newBits() {
        return prims == 0 ? NO_BITS : new long[prims];
    }

    /** Where the reader puts the level's reference values, in stream order. */
    public Object[] newRefs() {
        return refs == 0 ? NO_REFS : new Object[refs];
    }

    /** Whether the record has a canonical constructor to read it with. */
    public boolean hasConstructor() {
        return constructor != null;
    }

    /**
     * A new record made by the canonical constructor from the level's
     * values; throws what the constructor throws, or ClassCastException for
     * a reference of the wrong type.
     */
    public Object construct(long[] bits, Object[] refs) throws Throwable {
        return (Object) constructor.invokeExact(bits, refs);
    }
}
