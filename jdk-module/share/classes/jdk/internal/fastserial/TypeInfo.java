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

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import jdk.fastserial.FastSerializable;
import jdk.fastserial.Marshaler;
import jdk.internal.access.JavaObjectStreamClassAccess;
import jdk.internal.access.SharedSecrets;
import jdk.internal.misc.Unsafe;

/**
 * What the fast streams need to know about a local class, computed once per
 * class and cached in a {@link ClassValue} (so it goes away with the class's
 * loader): its kind, its serializable levels with their field layouts and
 * ClassInfo images, its class-defined methods (through ObjectStreamClass, so
 * the JDK's rules apply), its encoded type descriptor and, for ordinary
 * classes, a generated {@link Marshaler}.
 */
public final class TypeInfo {

    static final JavaObjectStreamClassAccess OSC = SharedSecrets.getJavaObjectStreamClassAccess();
    static final Unsafe U = Unsafe.getUnsafe();
    static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private static final ClassValue<TypeInfo> CACHE = new ClassValue<>() {
        @Override
        protected TypeInfo computeValue(Class<?> cl) {
            return new TypeInfo(cl);
        }
    };

    private static final Map<Class<?>, Integer> PREDEFINED_IDS = new HashMap<>();
    static {
        for (int i = 1; i < Wire.PREDEFINED.length; i++) {
            PREDEFINED_IDS.put(Wire.PREDEFINED[i], i);
        }
    }

    /** The information about {@code cl}. */
    public static TypeInfo of(Class<?> cl) {
        return CACHE.get(cl);
    }

    public final Class<?> cl;
    /** A Wire.KIND_* constant. */
    public final int kind;
    /** The id of a predefined type, or 0. */
    public final int predefinedId;
    /** A box of a primitive value (predefined; travels as its raw value). */
    public final boolean box;
    /** A random hash for the streams' type tables. */
    public final int hash;
    /** The JDK's descriptor of the class (lookupAny). */
    public final ObjectStreamClass desc;
    public final boolean hasWriteReplace;
    public final boolean hasReadResolve;
    /**
     * An instance is written as itself, by its kind: serializable, without
     * writeReplace, and not of a class the streams write otherwise (String,
     * Class, ObjectStreamClass, the body of an enum constant).
     */
    public final boolean plainWrite;
    /** Serializable levels, topmost first (kinds SERIALIZABLE, RECORD, PROXY). */
    public final Level[] levels;
    /** An instance can be made with allocateInstance (the first non-serializable superclass is Object). */
    private final boolean allocateDirectly;
    /** For records: the canonical constructor, or null if the record has none. */
    private final MethodHandle recordConstructor;
    private final Class<?> descClass;

    private volatile byte[] descriptor;
    // Reading plans made for the writer levels of recent descriptors
    // (DescriptorCache shares the levels, so the same descriptor finds its
    // plan here from any stream); a few, replaced in turn.
    private final StreamType.ReadPlan[] readPlans = new StreamType.ReadPlan[READ_PLANS];
    private int nextReadPlan;
    private static final int READ_PLANS = 4;
    private volatile Object marshaler;      // null: not tried; NO_MARSHALER; or a Marshaler
    private static final Object NO_MARSHALER = new Object();

    private TypeInfo(Class<?> cl) {
        this.cl = cl;
        this.hash = ThreadLocalRandom.current().nextInt();
        Integer pre = PREDEFINED_IDS.get(cl);
        this.predefinedId = pre == null ? 0 : pre;
        this.box = pre != null && (Number.class.isAssignableFrom(cl) || cl == Boolean.class
                                   || cl == Character.class);
        this.desc = OSC.lookup(cl);
        Class<?> dc = cl;
        int k;
        if (cl.isArray()) {
            k = Wire.KIND_ARRAY;
        } else if (Enum.class.isAssignableFrom(cl) && cl != Enum.class) {
            k = Wire.KIND_ENUM;
            while (!dc.isEnum() && dc.getSuperclass() != null && dc.getSuperclass() != Enum.class) {
                dc = dc.getSuperclass();
            }
        } else if (!Serializable.class.isAssignableFrom(cl)) {
            k = Wire.KIND_PLAIN;
        } else if (Proxy.isProxyClass(cl)) {
            k = Wire.KIND_PROXY;
        } else if (cl.isRecord()) {
            k = Wire.KIND_RECORD;
        } else if (FastSerializable.class.isAssignableFrom(cl)) {
            k = Wire.KIND_FAST;
        } else if (Externalizable.class.isAssignableFrom(cl)) {
            k = Wire.KIND_EXTERNALIZABLE;
        } else {
            k = Wire.KIND_SERIALIZABLE;
        }
        this.kind = k;
        this.descClass = dc;
        boolean serial = k != Wire.KIND_PLAIN && k != Wire.KIND_ARRAY && k != Wire.KIND_ENUM;
        this.hasWriteReplace = serial && OSC.hasWriteReplaceMethod(desc);
        this.hasReadResolve = serial && OSC.hasReadResolveMethod(desc);
        this.plainWrite = k != Wire.KIND_PLAIN && !hasWriteReplace && dc == cl
                && cl != String.class && cl != Class.class && cl != ObjectStreamClass.class;
        if (k == Wire.KIND_SERIALIZABLE || k == Wire.KIND_RECORD || k == Wire.KIND_PROXY) {
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> c = cl; c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass()) {
                chain.add(0, c);
            }
            Level[] ls = new Level[chain.size()];
            for (int i = 0; i < ls.length; i++) {
                ls[i] = new Level(chain.get(i));
            }
            this.levels = ls;
        } else {
            this.levels = new Level[0];
        }
        boolean direct = false;
        if ((k == Wire.KIND_SERIALIZABLE || k == Wire.KIND_FAST || k == Wire.KIND_PROXY)
                && !Modifier.isAbstract(cl.getModifiers())) {
            Class<?> c = cl;
            while (c != null && Serializable.class.isAssignableFrom(c)) {
                c = c.getSuperclass();
            }
            direct = c == Object.class && isDeserializable();
        }
        this.allocateDirectly = direct;
        this.recordConstructor = k == Wire.KIND_RECORD ? OSC.getRecordConstructor(desc) : null;
    }

    private boolean isDeserializable() {
        try {
            OSC.checkDeserialize(desc);
            return true;
        } catch (InvalidClassException e) {
            return false;
        }
    }

    /** The serializable superclasses of the class, nearest first. */
    public Class<?>[] serializableSuperclasses() {
        Class<?>[] s = supers;
        if (s == null) {
            List<Class<?>> list = new ArrayList<>();
            if (!cl.isArray()) {
                for (Class<?> c = cl.getSuperclass();
                     c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass()) {
                    list.add(c);
                }
            }
            supers = s = list.toArray(new Class<?>[0]);
        }
        return s;
    }

    private Class<?>[] supers;

    /** The constant of this enum type with that name, or null (Enum.valueOf without its map). */
    public Object enumConstant(String name) {
        Object[] cs = enumConstants;
        if (cs == null) {
            Object[] all = descClass.getEnumConstants();
            enumConstants = cs = all != null ? all : new Object[0];
        }
        for (Object c : cs) {
            if (((Enum<?>) c).name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private Object[] enumConstants;

    /**
     * The local constants for a stream's enum constant names, by the
     * writer's index (null where this enum lacks one). Kept for the names
     * of a cached descriptor, which every stream that reads it shares, so a
     * fresh stream per message does not match them again; the array is
     * only read.
     */
    Object[] enumConstants(String[] names, boolean keep) {
        EnumPlan plan = enumPlan;
        if (plan != null && plan.names() == names) {
            return plan.constants();
        }
        Object[] cs = new Object[names.length];
        for (int i = 0; i < names.length; i++) {
            cs[i] = enumConstant(names[i]);
        }
        if (keep) {
            enumPlan = new EnumPlan(names, cs);
        }
        return cs;
    }

    private record EnumPlan(String[] names, Object[] constants) { }

    private volatile EnumPlan enumPlan;

    /** The class a descriptor names: the enum class for enum constants with bodies. */
    public Class<?> descClass() {
        return descClass;
    }

    public void checkSerialize() throws InvalidClassException {
        if (!serializeChecked) {
            OSC.checkSerialize(desc);
            serializeChecked = true;      // a descriptor's verdict never changes
        }
    }

    private boolean serializeChecked;

    public Object invokeWriteReplace(Object obj) throws IOException {
        return OSC.invokeWriteReplace(desc, obj);
    }

    public Object invokeReadResolve(Object obj) throws IOException {
        return OSC.invokeReadResolve(desc, obj);
    }

    public MethodHandle recordConstructor() {
        return recordConstructor;
    }

    /** A new instance for deserialization, made as the JDK makes it. */
    public Object newInstance() throws IOException {
        if (allocateDirectly) {
            try {
                return U.allocateInstance(cl);
            } catch (InstantiationException e) {
                throw (InvalidClassException) new InvalidClassException(cl.getName(), "unable to create instance")
                        .initCause(e);
            }
        }
        OSC.checkDeserialize(desc);
        if (!OSC.isInstantiable(desc)) {
            throw new InvalidClassException(cl.getName(), "no valid constructor");
        }
        try {
            return OSC.newInstance(desc);
        } catch (InstantiationException | InvocationTargetException | UnsupportedOperationException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw (InvalidClassException) new InvalidClassException(cl.getName(), "unable to create instance")
                    .initCause(cause);
        }
    }

    /**
     * The generated marshaler, or null when the class takes the generic path
     * (class-defined methods, serialPersistentFields, inaccessible fields).
     * A record's only writes; records are read through their {@link RecordPlan}.
     */
    public Marshaler marshaler() {
        Object m = marshaler;
        if (m == null) {
            m = makeMarshaler();
            marshaler = m;
        }
        return m == NO_MARSHALER ? null : (Marshaler) m;
    }

    private Object makeMarshaler() {
        if ((kind != Wire.KIND_SERIALIZABLE && kind != Wire.KIND_RECORD) || cl.isHidden()
                || levels.length == 0) {
            return NO_MARSHALER;
        }
        Class<?>[] classes = new Class<?>[levels.length];
        ClassInfo[] images = new ClassInfo[levels.length];
        Field[][] refFields = new Field[levels.length][];
        for (int i = 0; i < levels.length; i++) {
            Level l = levels[i];
            if (!l.plain) {
                return NO_MARSHALER;
            }
            classes[i] = l.cl;
            images[i] = l.image;
            refFields[i] = l.refFields();
        }
        try {
            Marshaler m = MarshalerGenerator.generate(cl, classes, images, refFields);
            return m == null ? NO_MARSHALER : m;
        } catch (RuntimeException | LinkageError e) {
            // The generic path writes the same bytes.
            return NO_MARSHALER;
        }
    }

    /** The reading plan made before for exactly these writer levels (by identity), or null. */
    StreamType.ReadPlan readPlan(StreamType.StreamLevel[] streamLevels) {
        for (StreamType.ReadPlan p : readPlans) {
            if (p != null && p.streamLevels() == streamLevels) {
                return p;
            }
        }
        return null;
    }

    /** Keeps a reading plan, in place of the oldest. */
    void addReadPlan(StreamType.ReadPlan plan) {
        synchronized (readPlans) {
            readPlans[nextReadPlan] = plan;
            nextReadPlan = (nextReadPlan + 1) % READ_PLANS;
        }
    }

    /** The encoded type descriptor (without the annotation). */
    public byte[] descriptor() {
        byte[] d = descriptor;
        if (d == null) {
            descriptor = d = encodeDescriptor();
        }
        return d;
    }

    /**
     * The descriptor followed by what a stream whose annotateClass and
     * annotateProxyClass write nothing writes after it: the end of the
     * annotation, the number of serializable superclasses, and each one's
     * name with the end of its annotation. One copy per type for a fresh
     * stream per message. Null if a superclass name is not Latin-1 (the
     * stream then writes them as any string).
     */
    public byte[] descriptorWithPlainTail() {
        byte[] d = descriptorWithPlainTail;
        if (d == null) {
            byte[] t = plainTail();
            if (t == null) {
                return null;
            }
            Encoder e = new Encoder();
            e.bytes(descriptor());
            e.bytes(t);
            descriptorWithPlainTail = d = e.toByteArray();
        }
        return d;
    }

    /**
     * What such a stream writes after the descriptor (the part of {@link
     * #descriptorWithPlainTail()} after it), or null if a superclass name is
     * not Latin-1. A reader that finds these bytes after a descriptor of this
     * class knows what they hold without reading them item by item.
     */
    public byte[] plainTail() {
        byte[] t = plainTail;
        if (t == null) {
            Class<?>[] supers = serializableSuperclasses();
            Encoder e = new Encoder();
            e.u1(Wire.END);
            e.varint(supers.length);
            t = null;
            for (Class<?> c : supers) {
                if (!Encoder.isLatin1(c.getName())) {
                    t = NO_PLAIN_TAIL;
                    break;
                }
                e.string(c.getName());
                e.u1(Wire.END);
            }
            plainTail = t = t != null ? t : e.toByteArray();
        }
        return t != NO_PLAIN_TAIL ? t : null;
    }

    private byte[] descriptorWithPlainTail;
    private byte[] plainTail;
    /** plainTail's answer for a class with a superclass name beyond Latin-1. */
    private static final byte[] NO_PLAIN_TAIL = new byte[0];

    private byte[] encodeDescriptor() {
        Encoder e = new Encoder();
        e.u1(kind);
        switch (kind) {
            case Wire.KIND_ARRAY, Wire.KIND_PLAIN -> e.string(cl.getName());
            case Wire.KIND_ENUM -> {
                e.string(cl.getName());
                Object[] constants = cl == descClass ? cl.getEnumConstants() : null;
                e.varint(constants == null ? 0 : constants.length);
                if (constants != null) {
                    for (Object c : constants) {
                        e.string(((Enum<?>) c).name());
                    }
                }
            }
            case Wire.KIND_PROXY -> {
                e.string(cl.getName());
                Class<?>[] ifaces = cl.getInterfaces();
                e.varint(ifaces.length);
                for (Class<?> i : ifaces) {
                    e.string(i.getName());
                }
                encodeLevels(e);
            }
            case Wire.KIND_EXTERNALIZABLE, Wire.KIND_FAST -> {
                e.string(cl.getName());
                e.i64(desc.getSerialVersionUID());
            }
            default -> {
                e.string(cl.getName());
                e.i64(desc.getSerialVersionUID());
                encodeLevels(e);
            }
        }
        return e.toByteArray();
    }

    private void encodeLevels(Encoder e) {
        e.varint(levels.length);
        for (Level l : levels) {
            if (l.cl != cl) {
                e.string(l.cl.getName());    // the class's own level is named by the type
            }
            e.i64(l.suid);
            e.u1(l.hasWriteObject ? Wire.LEVEL_WRITE_OBJECT : 0);
            e.i64(l.fingerprint);
            e.varint(l.prims.length);
            for (PrimField f : l.prims) {
                e.u1(f.code);
                e.string(f.name);
            }
            e.varint(l.refs.length);
            for (RefField f : l.refs) {
                e.u1(f.signature.charAt(0));
                e.string(f.name);
                e.string(f.signature);
            }
        }
    }

    public static String typeName(char code) {
        return switch (code) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            default -> "Object";
        };
    }

    public static int width(char code) {
        return switch (code) {
            case 'Z', 'B' -> 1;
            case 'C', 'S' -> 2;
            case 'I', 'F' -> 4;
            case 'J', 'D' -> 8;
            default -> -1;
        };
    }

    @Override
    public String toString() {
        return "TypeInfo[" + cl.getName() + "]";
    }

    // =====================================================================

    /** One serializable class of a hierarchy: its fields and methods. */
    public static final class Level {
        public final Class<?> cl;
        public final ObjectStreamClass desc;
        public final long suid;
        public final boolean hasWriteObject;
        public final boolean hasReadObject;
        public final boolean hasReadObjectNoData;
        /** Primitive fields in image order. */
        public final PrimField[] prims;
        public final int primSize;
        /** The ClassInfo of the primitive fields, or null (none, or not accessible). */
        public final ClassInfo image;
        /** The image's fingerprint; 0 when the image is the portable packed layout. */
        public final long fingerprint;
        /** Reference fields in ObjectStreamClass order. */
        public final RefField[] refs;
        /** Default serialization of real, accessible fields: a marshaler can do it. */
        final boolean plain;

        Level(Class<?> cl) {
            this.cl = cl;
            this.desc = OSC.lookup(cl);
            this.suid = desc.getSerialVersionUID();
            this.hasWriteObject = OSC.hasWriteObjectMethod(desc);
            this.hasReadObject = OSC.hasReadObjectMethod(desc);
            this.hasReadObjectNoData = OSC.hasReadObjectNoDataMethod(desc);
            ObjectStreamField[] fields = desc.getFields();
            List<ObjectStreamField> primList = new ArrayList<>();
            List<ObjectStreamField> refList = new ArrayList<>();
            boolean allReal = true;
            for (ObjectStreamField f : fields) {
                (f.isPrimitive() ? primList : refList).add(f);
                Field rf = OSC.getReflectField(f);
                if (rf == null || f.isUnshared() || rf.getType() != f.getType()) {
                    allReal = false;
                }
            }
            ClassInfo ci = null;
            if (!primList.isEmpty() && allPrimsReal(primList)) {
                Field[] pf = new Field[primList.size()];
                for (int i = 0; i < pf.length; i++) {
                    pf[i] = OSC.getReflectField(primList.get(i));
                }
                try {
                    ci = cl.getClassInfo(pf);
                } catch (RuntimeException e) {
                    ci = null;      // not accessible to jdk.fastserial: the portable layout
                }
            }
            this.image = ci;
            List<ObjectStreamField> ordered = primList;
            if (ci != null) {
                Field[] imageOrder = ci.getFields();
                ordered = new ArrayList<>();
                for (Field f : imageOrder) {
                    for (ObjectStreamField of : primList) {
                        if (of.getName().equals(f.getName())) {
                            ordered.add(of);
                        }
                    }
                }
            }
            PrimField[] ps = new PrimField[ordered.size()];
            int offset = 0;
            for (int i = 0; i < ps.length; i++) {
                ObjectStreamField f = ordered.get(i);
                Field rf = OSC.getReflectField(f);
                ps[i] = new PrimField(f.getName(), f.getTypeCode(), offset,
                                      rf != null && rf.getType() == f.getType() ? U.objectFieldOffset(rf) : -1);
                offset += ps[i].width;
            }
            this.prims = ps;
            this.primSize = offset;
            this.fingerprint = ci != null ? ci.fingerprint() : 0;
            RefField[] rs = new RefField[refList.size()];
            for (int i = 0; i < rs.length; i++) {
                ObjectStreamField f = refList.get(i);
                Field rf = OSC.getReflectField(f);
                boolean real = rf != null && !rf.getType().isPrimitive()
                               && f.getType().isAssignableFrom(rf.getType());
                rs[i] = new RefField(f.getName(), f.getTypeString(), real ? rf.getType() : f.getType(),
                                     real ? U.objectFieldOffset(rf) : -1, f.isUnshared(), real ? rf : null);
            }
            this.refs = rs;
            this.plain = allReal && (primList.isEmpty() || ci != null)
                         && !hasWriteObject && !hasReadObject && !hasReadObjectNoData
                         && !declaresSerialPersistentFields(cl);
        }

        private static boolean allPrimsReal(List<ObjectStreamField> prims) {
            for (ObjectStreamField f : prims) {
                Field rf = OSC.getReflectField(f);
                if (rf == null || rf.getType() != f.getType()) {
                    return false;
                }
            }
            return true;
        }

        private static boolean declaresSerialPersistentFields(Class<?> cl) {
            try {
                Field f = cl.getDeclaredField("serialPersistentFields");
                int mods = f.getModifiers();
                return Modifier.isStatic(mods) && Modifier.isFinal(mods) && Modifier.isPrivate(mods);
            } catch (NoSuchFieldException e) {
                return false;
            }
        }

        Field[] refFields() {
            Field[] fs = new Field[refs.length];
            for (int i = 0; i < fs.length; i++) {
                fs[i] = refs[i].field;
            }
            return fs;
        }

        public void checkDefaultSerialize() throws InvalidClassException {
            OSC.checkDefaultSerialize(desc);
        }

        public void invokeWriteObject(Object obj, ObjectOutputStream out) throws IOException {
            OSC.invokeWriteObject(desc, obj, out);
        }

        public void invokeReadObject(Object obj, ObjectInputStream in) throws IOException, ClassNotFoundException {
            OSC.invokeReadObject(desc, obj, in);
        }

        public void invokeReadObjectNoData(Object obj) throws IOException {
            OSC.invokeReadObjectNoData(desc, obj);
        }

        public PrimField prim(String name) {
            for (PrimField f : prims) {
                if (f.name.equals(name)) {
                    return f;
                }
            }
            return null;
        }

        public int refIndex(String name) {
            for (int i = 0; i < refs.length; i++) {
                if (refs[i].name.equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public String toString() {
            return "Level[" + cl.getName() + "]";
        }
    }

    /** A primitive field: its place in the image and in the object. */
    public static final class PrimField {
        public final String name;
        public final char code;
        public final int width;
        public final int imageOffset;
        /** Offset in the object, or -1 when the field does not exist (serialPersistentFields). */
        public final long offset;

        PrimField(String name, char code, int imageOffset, long offset) {
            this.name = name;
            this.code = code;
            this.width = width(code);
            this.imageOffset = imageOffset;
            this.offset = offset;
        }

        /** Copies the field's value to index {@code at} of a stream's window, in native order (0 if the field does not exist). */
        public void copyToImage(Object obj, Window window, int at) {
            boolean be = Window.NATIVE_BIG_ENDIAN;
            switch (width) {
                case 1 -> window.putByte(at, offset < 0 ? 0 : U.getByte(obj, offset));
                case 2 -> window.putShort(at, offset < 0 ? 0 : U.getShort(obj, offset), be);
                case 4 -> window.putInt(at, offset < 0 ? 0 : U.getInt(obj, offset), be);
                default -> window.putLong(at, offset < 0 ? 0 : U.getLong(obj, offset), be);
            }
        }

        /** Stores a value of this field's width (raw bits, native order) into obj. */
        public void store(Object obj, long bits) {
            switch (width) {
                case 1 -> U.putByte(obj, offset, code == 'Z' ? (byte) (bits != 0 ? 1 : 0) : (byte) bits);
                case 2 -> U.putShort(obj, offset, (short) bits);
                case 4 -> U.putInt(obj, offset, (int) bits);
                default -> U.putLong(obj, offset, bits);
            }
        }

        @Override
        public String toString() {
            return typeName(code) + " " + name;
        }
    }

    /** A reference field: its type and offset. */
    public static final class RefField {
        public final String name;
        public final String signature;
        public final Class<?> type;
        /** Offset in the object, or -1 when the field does not exist. */
        public final long offset;
        public final boolean unshared;
        final Field field;

        RefField(String name, String signature, Class<?> type, long offset, boolean unshared, Field field) {
            this.name = name;
            this.signature = signature;
            this.type = type;
            this.offset = offset;
            this.unshared = unshared;
            this.field = field;
        }

        public Object get(Object obj) {
            return offset < 0 ? null : U.getReference(obj, offset);
        }

        /**
         * Stores a value, checked against the field's type first: an
         * unchecked store would break the heap's type safety.
         */
        public void set(Object obj, Object value) {
            if (offset < 0) {
                return;
            }
            if (value != null && !type.isInstance(value)) {
                throw new ClassCastException("cannot assign instance of " + value.getClass().getName()
                        + " to field " + field.getDeclaringClass().getName() + "." + name + " of type "
                        + type.getName() + " in instance of " + obj.getClass().getName());
            }
            U.putReference(obj, offset, value);
        }

        @Override
        public String toString() {
            return signature + " " + name;
        }
    }

    /** Builds descriptor bytes in the stream's encoding. */
    static final class Encoder {
        private byte[] buf = new byte[64];
        private int n;

        private void ensure(int k) {
            if (n + k > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + k));
            }
        }

        void u1(int v) {
            ensure(1);
            buf[n++] = (byte) v;
        }

        void i64(long v) {
            ensure(8);
            U.putLongUnaligned(buf, Unsafe.ARRAY_BYTE_BASE_OFFSET + n, v, false);
            n += 8;
        }

        void varint(int v) {
            ensure(5);
            while ((v & ~0x7F) != 0) {
                buf[n++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[n++] = (byte) v;
        }

        static boolean isLatin1(String s) {
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) > 0xFF) {
                    return false;
                }
            }
            return true;
        }

        void string(String s) {
            int len = s.length();
            boolean latin1 = isLatin1(s);
            varint(len << 1 | (latin1 ? 1 : 0));
            ensure(latin1 ? len : 2 * len);
            for (int i = 0; i < len; i++) {
                if (latin1) {
                    buf[n++] = (byte) s.charAt(i);
                } else {
                    U.putCharUnaligned(buf, Unsafe.ARRAY_BYTE_BASE_OFFSET + n, s.charAt(i), false);
                    n += 2;
                }
            }
        }

        void bytes(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, buf, n, b.length);
            n += b.length;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, n);
        }
    }
}
