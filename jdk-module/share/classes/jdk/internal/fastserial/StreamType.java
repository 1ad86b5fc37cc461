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

import java.io.InvalidClassException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jdk.fastserial.Marshaler;
import jdk.internal.fastserial.TypeInfo.Level;
import jdk.internal.fastserial.TypeInfo.PrimField;
import jdk.internal.fastserial.TypeInfo.RefField;

/**
 * A type as a stream described it, bound to the local class: the writer's
 * levels and field layouts, and the plan for reading its data into local
 * objects (JDK rules: levels matched by class name, fields by name and type,
 * missing data defaulted or supplied by readObjectNoData, unknown data
 * skipped).
 */
public final class StreamType {

    public final int kind;
    public final String name;
    public final long suid;
    /** The writer's levels, topmost first (kinds SERIALIZABLE, RECORD, PROXY). */
    public final StreamLevel[] levels;
    /** Interface names of a proxy class. */
    public final String[] interfaces;

    /**
     * The local class, or null when it could not be resolved (then
     * resolveException is set), or it is not bound yet: the filter refused
     * it (unfiltered is set) or it is incompatible (bindFailure is set).
     */
    public Class<?> cl;
    public ClassNotFoundException resolveException;
    /** The class resolved for the type while the filter has not allowed it. */
    public Class<?> unfiltered;
    /** Why the type cannot be bound to its local class. */
    public InvalidClassException bindFailure;
    public TypeInfo local;
    /** The reading plan, topmost first. */
    public Slot[] slots;
    /** Non-null when every level matches the local class exactly and it has a marshaler. */
    public Marshaler marshaler;
    /** For a record: how its stream values reach the canonical constructor. */
    private RecordPlan recordPlan;
    /** The element class of an array type. */
    public Class<?> component;
    /** An enum type's constant names, in the writer's order. */
    public String[] enumNames;
    /**
     * The cached descriptor the type was read from (or kept as), or null.
     * Its levels are shared with other streams: the plan is kept for them.
     */
    public DescriptorCache.Entry cached;
    /** An enum type's local constants, by the writer's index (null where the local enum lacks one). */
    public Object[] enumConstants;

    public StreamType(int kind, String name, long suid, StreamLevel[] levels, String[] interfaces) {
        this.kind = kind;
        this.name = name;
        this.suid = suid;
        this.levels = levels;
        this.interfaces = interfaces;
    }

    /** A type as a descriptor parsed to. */
    public StreamType(DescriptorCache.Parsed d) {
        this(d.kind(), d.name(), d.suid(), d.levels(), d.interfaces());
        this.enumNames = d.enumNames();
    }

    /** A type read from a descriptor that {@link DescriptorCache} holds: parsed before, levels shared. */
    public StreamType(DescriptorCache.Entry cached) {
        this(cached.parsed);
        this.cached = cached;
    }

    /** A predefined type: bound to its class from the start. */
    public static StreamType predefined(Class<?> cl) {
        StreamType t = new StreamType(cl.isArray() ? Wire.KIND_ARRAY : Wire.KIND_SERIALIZABLE,
                                      cl.getName(), 0, new StreamLevel[0], null);
        t.cl = cl;
        t.local = TypeInfo.of(cl);
        t.component = cl.getComponentType();
        return t;
    }

    /**
     * Binds the type to the local class and checks that they are
     * compatible; on failure the type stays unbound, with the reason.
     */
    public void bind(Class<?> localClass) throws InvalidClassException {
        try {
            bind0(localClass);
        } catch (InvalidClassException e) {
            cl = null;
            local = null;
            slots = null;
            marshaler = null;
            recordPlan = null;
            component = null;
            enumConstants = null;
            bindFailure = e;
            throw e;
        }
    }

    private void bind0(Class<?> localClass) throws InvalidClassException {
        this.cl = localClass;
        this.local = TypeInfo.of(localClass);
        int lk = local.kind;
        switch (kind) {
            case Wire.KIND_ARRAY -> {
                if (!localClass.isArray()) {
                    throw new InvalidClassException(name, "not an array class");
                }
                component = localClass.getComponentType();
            }
            case Wire.KIND_ENUM -> {
                if (lk != Wire.KIND_ENUM) {
                    throw new InvalidClassException(name, "non-enum class: " + localClass.getName());
                }
                enumConstants = local.enumConstants(enumNames, cached != null);
            }
            case Wire.KIND_PLAIN -> { }
            case Wire.KIND_EXTERNALIZABLE, Wire.KIND_FAST -> {
                if (lk != kind) {
                    throw new InvalidClassException(name, kind == Wire.KIND_FAST
                            ? "stream class is FastSerializable, local class is not"
                            : lk == Wire.KIND_FAST ? "local class is FastSerializable, stream class is not"
                            : "Serializable incompatible with Externalizable");
                }
                checkSuid(local.desc.getSerialVersionUID(), suid, localClass);
            }
            case Wire.KIND_SERIALIZABLE, Wire.KIND_RECORD, Wire.KIND_PROXY -> {
                if (lk == Wire.KIND_EXTERNALIZABLE || lk == Wire.KIND_FAST) {
                    throw new InvalidClassException(name, lk == Wire.KIND_FAST
                            ? "local class is FastSerializable, stream class is not"
                            : "Serializable incompatible with Externalizable");
                }
                if (lk == Wire.KIND_ENUM || lk == Wire.KIND_ARRAY) {
                    throw new InvalidClassException(name, "incompatible local class " + localClass.getName());
                }
                if (kind == Wire.KIND_RECORD && lk != Wire.KIND_RECORD) {
                    throw new InvalidClassException(name, "stream class is a record, local class is not");
                }
                if (lk == Wire.KIND_PLAIN) {
                    throw new InvalidClassException(name, "class invalid for deserialization");
                }
                planSlots();
            }
            default -> throw new InvalidClassException(name, "unknown kind " + kind);
        }
    }

    private static void checkSuid(long localSuid, long streamSuid, Class<?> localClass)
            throws InvalidClassException {
        if (localSuid != streamSuid) {
            throw new InvalidClassException(localClass.getName(),
                    "local class incompatible: stream classdesc serialVersionUID = " + streamSuid
                    + ", local class serialVersionUID = " + localSuid);
        }
    }

    /**
     * A reading plan: the slots and marshaler that binding the writer's
     * levels to a class gave. Kept by the class's TypeInfo for the levels
     * of a cached descriptor, which every stream then shares: the plan
     * depends only on them and on the class.
     */
    record ReadPlan(StreamLevel[] streamLevels, Slot[] slots, Marshaler marshaler, RecordPlan recordPlan) { }

    /** How a bound record's values reach its canonical constructor. */
    public RecordPlan recordPlan() {
        return recordPlan;
    }

    /** ObjectStreamClass.getClassDataLayout's matching, over this type's levels. */
    private void planSlots() throws InvalidClassException {
        ReadPlan plan = local.readPlan(levels);
        if (plan != null) {
            slots = plan.slots();
            marshaler = plan.marshaler();
            recordPlan = plan.recordPlan();
            return;
        }
        planSlots0();
        if (cached != null) {
            local.addReadPlan(new ReadPlan(levels, slots, marshaler, recordPlan));
        }
    }

    private void planSlots0() throws InvalidClassException {
        Class<?> end = cl;
        while (end != null && Serializable.class.isAssignableFrom(end)) {
            end = end.getSuperclass();
        }
        Level[] localLevels = local.levels;
        List<Slot> list = new ArrayList<>();
        Class<?> start = cl;
        for (int i = levels.length - 1; i >= 0; i--) {
            StreamLevel s = levels[i];
            Class<?> match = null;
            for (Class<?> c = start; c != end; c = c.getSuperclass()) {
                if (s.name.equals(c.getName())) {
                    match = c;
                    break;
                }
            }
            if (match != null) {
                for (Class<?> c = start; c != match; c = c.getSuperclass()) {
                    list.add(new Slot(null, levelOf(localLevels, c)));
                }
                start = match.getSuperclass();
            }
            list.add(new Slot(s, match == null ? null : levelOf(localLevels, match)));
        }
        for (Class<?> c = start; c != end; c = c.getSuperclass()) {
            list.add(new Slot(null, levelOf(localLevels, c)));
        }
        Collections.reverse(list);
        Slot[] ss = list.toArray(new Slot[0]);
        boolean allExact = ss.length == localLevels.length;
        for (Slot slot : ss) {
            if (slot.stream != null && slot.local != null) {
                if (kind != Wire.KIND_RECORD && kind != Wire.KIND_PROXY) {
                    checkSuid(slot.local.suid, slot.stream.suid, slot.local.cl);
                }
                slot.match();
            }
            allExact &= slot.exact;
        }
        this.slots = ss;
        if (allExact && kind == Wire.KIND_SERIALIZABLE) {
            this.marshaler = local.marshaler();
        }
        if (kind == Wire.KIND_RECORD) {
            StreamLevel matched = null;
            for (Slot slot : ss) {
                if (slot.stream != null && slot.local != null) {
                    matched = slot.stream;
                }
            }
            this.recordPlan = new RecordPlan(cl, matched, local.recordConstructor());
        }
    }

    private static Level levelOf(Level[] levels, Class<?> c) {
        for (Level l : levels) {
            if (l.cl == c) {
                return l;
            }
        }
        throw new InternalError("no level for " + c);
    }

    @Override
    public String toString() {
        return "StreamType[" + name + ", kind " + kind + "]";
    }

    // =====================================================================

    /** One level as the writer described it. */
    public static final class StreamLevel {
        public final String name;
        public final long suid;
        public final boolean hasWriteObjectData;
        public final long fingerprint;
        public final char[] primCodes;
        public final String[] primNames;
        public final int[] primOffsets;
        public final int primSize;
        public final char[] refCodes;
        public final String[] refNames;
        public final String[] refSignatures;

        public StreamLevel(String name, long suid, int flags, long fingerprint,
                           char[] primCodes, String[] primNames,
                           char[] refCodes, String[] refNames, String[] refSignatures) {
            this.name = name;
            this.suid = suid;
            this.hasWriteObjectData = (flags & Wire.LEVEL_WRITE_OBJECT) != 0;
            this.fingerprint = fingerprint;
            this.primCodes = primCodes;
            this.primNames = primNames;
            this.primOffsets = new int[primCodes.length];
            int off = 0;
            for (int i = 0; i < primCodes.length; i++) {
                primOffsets[i] = off;
                off += TypeInfo.width(primCodes[i]);
            }
            this.primSize = off;
            this.refCodes = refCodes;
            this.refNames = refNames;
            this.refSignatures = refSignatures;
        }

        public int primIndex(String name) {
            return indexOf(primNames, name);
        }

        public int refIndex(String name) {
            return indexOf(refNames, name);
        }

        private static int indexOf(String[] names, String name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }
    }

    /** Reading plan for one level: stream data (or none) into a local level (or nowhere). */
    public static final class Slot {
        /** The writer's level, or null when the stream has no data for the local level. */
        public final StreamLevel stream;
        /** The local level, or null when the stream's level has no local class (its data is skipped). */
        public final Level local;
        /** Per stream primitive field: the local field it goes to, or null. */
        public PrimField[] primTargets;
        /** Per stream reference field: the local field it goes to, or null. */
        public RefField[] refTargets;
        /** The image can be copied with the local ClassInfo and the references stored in order. */
        public boolean exact;

        Slot(StreamLevel stream, Level local) {
            this.stream = stream;
            this.local = local;
        }

        void match() throws InvalidClassException {
            StreamLevel s = stream;
            Level l = local;
            primTargets = new PrimField[s.primCodes.length];
            for (int i = 0; i < primTargets.length; i++) {
                PrimField lf = l.prim(s.primNames[i]);
                if (lf != null && lf.code != s.primCodes[i]) {
                    throw new InvalidClassException(l.cl.getName(), "incompatible types for field " + s.primNames[i]);
                }
                if (lf == null && l.refIndex(s.primNames[i]) >= 0) {
                    throw new InvalidClassException(l.cl.getName(), "incompatible types for field " + s.primNames[i]);
                }
                primTargets[i] = lf != null && lf.offset >= 0 ? lf : null;
            }
            refTargets = new RefField[s.refCodes.length];
            for (int i = 0; i < refTargets.length; i++) {
                int li = l.refIndex(s.refNames[i]);
                if (li < 0 && l.prim(s.refNames[i]) != null) {
                    throw new InvalidClassException(l.cl.getName(), "incompatible types for field " + s.refNames[i]);
                }
                refTargets[i] = li >= 0 && l.refs[li].offset >= 0 ? l.refs[li] : null;
            }
            // A level without primitive fields has no image to compare: its
            // references alone decide (such a class is read by its marshaler too).
            boolean imagesMatch = s.primCodes.length == 0 && l.prims.length == 0
                    || s.fingerprint != 0 && s.fingerprint == l.fingerprint
                       && l.image != null && l.image.isWritable();
            boolean same = imagesMatch
                    && !s.hasWriteObjectData && !l.hasReadObject
                    && s.primCodes.length == l.prims.length
                    && s.refNames.length == l.refs.length;
            if (same) {
                for (int i = 0; i < s.primNames.length && same; i++) {
                    same = s.primNames[i].equals(l.prims[i].name);
                }
                for (int i = 0; i < s.refNames.length && same; i++) {
                    same = s.refNames[i].equals(l.refs[i].name)
                           && s.refSignatures[i].equals(l.refs[i].signature)
                           && l.refs[i].offset >= 0;
                }
            }
            exact = same;
        }
    }
}
