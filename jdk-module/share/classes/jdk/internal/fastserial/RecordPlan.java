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
 */
public final class RecordPlan {

    /** A stream field that no component takes: its value is read and dropped. */
    public static final int SKIP = -1;

    private static final MethodType SPREAD = MethodType.methodType(Object.class, Object[].class);

    /** The writer's level of the record class, or null if the stream has none. */
    public final StreamLevel level;
    /** Per primitive field of that level: its component or SKIP. */
    private final int[] primComponents;
    /** Per reference field of that level: its component or SKIP. */
    private final int[] refComponents;
    /** The components' default values (boxed zeros, nulls), copied for each read. */
    private final Object[] defaults;
    /** The canonical constructor as (Object[])Object, or null if the record has none. */
    private final MethodHandle constructor;

    /**
     * The plan for the local record class cl, given the writer's level
     * matched to it (null if none) and the canonical constructor (null if
     * cl has none). The binding has already refused a field whose type is
     * not its component's (the component's field is the level's field of
     * that name), so names alone decide here.
     */
    RecordPlan(Class<?> cl, StreamLevel level, MethodHandle canonical) {
        RecordComponent[] comps = cl.getRecordComponents();
        this.level = level;
        defaults = new Object[comps.length];
        for (int j = 0; j < comps.length; j++) {
            Class<?> t = comps[j].getType();
            defaults[j] = t.isPrimitive() ? Wire.box(Wire.primitiveCode(t), 0) : null;
        }
        int prims = level == null ? 0 : level.primNames.length;
        primComponents = new int[prims];
        for (int f = 0; f < prims; f++) {
            primComponents[f] = componentIndex(comps, level.primNames[f]);
        }
        int refs = level == null ? 0 : level.refNames.length;
        refComponents = new int[refs];
        for (int f = 0; f < refs; f++) {
            refComponents[f] = componentIndex(comps, level.refNames[f]);
        }
        constructor = canonical == null ? null
                : canonical.asSpreader(Object[].class, comps.length).asType(SPREAD);
    }

    private static int componentIndex(RecordComponent[] comps, String name) {
        for (int j = 0; j < comps.length; j++) {
            if (comps[j].getName().equals(name)) {
                return j;
            }
        }
        return SKIP;
    }

    /** The component of the level's primitive field f, or SKIP. */
    public int primComponent(int f) {
        return primComponents[f];
    }

    /** The component of the level's reference field f, or SKIP. */
    public int refComponent(int f) {
        return refComponents[f];
    }

    /** The constructor's arguments before the stream's values: each component's default. */
    public Object[] newArguments() {
        return defaults.clone();
    }

    /** Whether the record has a canonical constructor to read it with. */
    public boolean hasConstructor() {
        return constructor != null;
    }

    /**
     * A new record from args (one per component, in order), made by the
     * canonical constructor; throws what it throws, or ClassCastException
     * for a value of the wrong type.
     */
    public Object construct(Object[] args) throws Throwable {
        return (Object) constructor.invokeExact(args);
    }
}
