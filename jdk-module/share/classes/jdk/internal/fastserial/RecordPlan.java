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

import java.io.InvalidObjectException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessFlag;
import java.lang.reflect.RecordComponent;

import jdk.fastserial.FastObjectInputStream;
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
 * <p>The plan generates a {@link Reader} for its level: straight-line code
 * that takes each primitive value from the stream's window at its constant
 * offset into a local of its component's type, reads each reference
 * through the stream, and calls the canonical constructor, a constant
 * handle that C2 inlines. Before, the stream collected the values in a
 * {@code long[]} and an {@code Object[]} with a loop over the level's
 * field codes, and a handle composed over the constructor spread them
 * (JMH {@code perfasm} of reading {@code records10}, bench/: the loop and
 * the arrays were 44% of the time, the composed handle 6% more).
 */
public final class RecordPlan {

    /** A stream field that no component takes: its value is read and dropped. */
    private static final int SKIP = -1;

    private static final ClassDesc CD_INPUT = desc(FastObjectInputStream.class);
    private static final ClassDesc CD_WINDOW = desc(Window.class);
    private static final ClassDesc CD_READER = desc(Reader.class);
    private static final ClassDesc CD_PLAN = desc(RecordPlan.class);
    private static final MethodTypeDesc MTD_READ = MethodTypeDesc.of(ConstantDescs.CD_Object, CD_INPUT,
            CD_WINDOW, ConstantDescs.CD_int, ConstantDescs.CD_boolean);
    private static final MethodTypeDesc MTD_READ_REFERENCE = MethodTypeDesc.of(ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_FAILED = MethodTypeDesc.of(desc(InvalidObjectException.class),
            ConstantDescs.CD_Throwable);

    /**
     * A record's level read from a stream: the primitive values of the
     * level start at {@code at} in {@code win} (already consumed by the
     * stream, in the writer's byte order), its references follow in the
     * stream. Returns the record its canonical constructor makes.
     */
    public abstract static class Reader {
        protected Reader() { }

        /**
         * @throws java.io.IOException as the stream's reads throw
         * @throws ClassNotFoundException as the stream's reads throw
         * @throws InvalidObjectException if the constructor throws an
         *         exception, or a reference is not of its component's type
         */
        public abstract Object read(FastObjectInputStream in, Window win, int at, boolean bigEndian)
                throws java.io.IOException, ClassNotFoundException;
    }

    /** The writer's level of the record class, or null if the stream has none. */
    public final StreamLevel level;
    /** The generated reader; null if the record has no canonical constructor. */
    private final Reader reader;

    /**
     * The plan for the local record class cl, given the writer's level
     * matched to it (null if none) and the canonical constructor (null if
     * cl has none). The binding has already refused a field whose type is
     * not its component's (the component's field is the level's field of
     * that name), so names alone decide here.
     */
    RecordPlan(Class<?> cl, StreamLevel level, MethodHandle canonical) {
        this.level = level;
        this.reader = canonical == null ? null : generate(cl, level, canonical);
    }

    /** Whether the record has a canonical constructor to read it with. */
    public boolean hasConstructor() {
        return reader != null;
    }

    /**
     * Reads the level's values, the primitives at {@code at} in
     * {@code win}, the references from {@code in}, and makes the record
     * (see {@link Reader#read}). With no level, makes it from the
     * components' defaults and reads nothing.
     */
    public Object read(FastObjectInputStream in, Window win, int at, boolean bigEndian)
            throws java.io.IOException, ClassNotFoundException {
        return reader.read(in, win, at, bigEndian);
    }

    /**
     * The exception for a canonical constructor that threw t (or for a
     * reference of the wrong type, a ClassCastException), as the stream
     * reported it before the reader was generated; an Error is rethrown.
     * Called by the generated readers.
     */
    public static InvalidObjectException constructorFailed(Throwable t) {
        if (t instanceof Error err) {
            throw err;
        }
        String message = t instanceof Exception && t.getMessage() != null ? t.getMessage() : t.toString();
        return new InvalidObjectException(message, t);
    }

    // ---- generation ----

    /** Local variable slots of Reader.read: this, in, win, at, bigEndian. */
    private static final int IN_SLOT = 1, WIN_SLOT = 2, AT_SLOT = 3, BIG_ENDIAN_SLOT = 4;

    private static Reader generate(Class<?> cl, StreamLevel level, MethodHandle canonical) {
        RecordComponent[] comps = cl.getRecordComponents();
        int n = comps.length;
        Class<?>[] types = new Class<?>[n];
        Class<?>[] erased = new Class<?>[n];
        for (int j = 0; j < n; j++) {
            types[j] = comps[j].getType();
            erased[j] = types[j].isPrimitive() ? types[j] : Object.class;
        }
        // Reference arguments are cast by the handle: a value of the wrong
        // type fails there with ClassCastException, as it did before.
        MethodType constructorType = MethodType.methodType(Object.class, erased);
        MethodHandle constant = canonical.asType(constructorType);
        int[] primComponent = new int[level == null ? 0 : level.primNames.length];
        int[] refComponent = new int[level == null ? 0 : level.refNames.length];
        for (int f = 0; f < primComponent.length; f++) {
            primComponent[f] = componentIndex(comps, level.primNames[f]);
        }
        for (int f = 0; f < refComponent.length; f++) {
            refComponent[f] = componentIndex(comps, level.refNames[f]);
        }
        MethodTypeDesc invokeDesc = constructorType.describeConstable().orElseThrow();
        ClassDesc self = ClassDesc.of(RecordPlan.class.getPackageName() + ".RecordReader");
        byte[] bytes = ClassFile.of().build(self, cb -> {
            cb.withFlags(AccessFlag.FINAL, AccessFlag.SUPER, AccessFlag.SYNTHETIC);
            cb.withSuperclass(CD_READER);
            cb.withMethodBody(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_PUBLIC,
                              code -> code.aload(0)
                                          .invokespecial(CD_READER, ConstantDescs.INIT_NAME,
                                                         ConstantDescs.MTD_void)
                                          .return_());
            cb.withMethodBody("read", MTD_READ, ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL, code -> {
                int[] local = new int[n];
                for (int j = 0; j < n; j++) {
                    local[j] = -1;
                }
                // The primitives first: the window holds them only until
                // the next read from the stream.
                for (int f = 0; f < primComponent.length; f++) {
                    int j = primComponent[f];
                    if (j != SKIP) {
                        local[j] = code.allocateLocal(TypeKind.from(types[j]));
                        loadPrimitive(code, types[j], level.primOffsets[f]);
                        code.storeLocal(TypeKind.from(types[j]), local[j]);
                    }
                }
                for (int f = 0; f < refComponent.length; f++) {
                    int j = refComponent[f];
                    code.aload(IN_SLOT).invokevirtual(CD_INPUT, "readReference", MTD_READ_REFERENCE);
                    if (j == SKIP) {
                        code.pop();
                    } else {
                        local[j] = code.allocateLocal(TypeKind.REFERENCE);
                        code.astore(local[j]);
                    }
                }
                Label start = code.newBoundLabel();
                code.ldc(DynamicConstantDesc.ofNamed(ConstantDescs.BSM_CLASS_DATA, ConstantDescs.DEFAULT_NAME,
                                                     ConstantDescs.CD_MethodHandle));
                for (int j = 0; j < n; j++) {
                    TypeKind kind = TypeKind.from(erased[j]);
                    if (local[j] >= 0) {
                        code.loadLocal(kind, local[j]);
                    } else {
                        loadDefault(code, kind);
                    }
                }
                code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact", invokeDesc);
                Label end = code.newBoundLabel();
                code.areturn();
                Label handler = code.newBoundLabel();
                code.invokestatic(CD_PLAN, "constructorFailed", MTD_FAILED)
                    .athrow();
                code.exceptionCatch(start, end, handler, ConstantDescs.CD_Throwable);
            });
        });
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(bytes, constant, true);
            return (Reader) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
        } catch (Throwable e) {
            throw new InternalError("reader of record " + cl.getName(), e);
        }
    }

    /** The value of a primitive stream field of type t at offset from AT_SLOT in the window, as t. */
    private static void loadPrimitive(CodeBuilder code, Class<?> t, int offset) {
        code.aload(WIN_SLOT).iload(AT_SLOT);
        if (offset != 0) {
            code.loadConstant(offset).iadd();
        }
        if (t == byte.class || t == boolean.class) {
            code.invokevirtual(CD_WINDOW, "getByte", MethodTypeDesc.of(ConstantDescs.CD_byte, ConstantDescs.CD_int));
            if (t == boolean.class) {
                // any byte but 0 is true, as the reader of a class's fields takes it
                code.invokestatic(CD_PLAN, "booleanOf", MethodTypeDesc.of(ConstantDescs.CD_boolean,
                                                                         ConstantDescs.CD_byte));
            }
            return;
        }
        code.iload(BIG_ENDIAN_SLOT);
        ClassDesc ret;
        String getter;
        if (t == short.class) {
            getter = "getShort";
            ret = ConstantDescs.CD_short;
        } else if (t == char.class) {
            getter = "getChar";
            ret = ConstantDescs.CD_char;
        } else if (t == int.class || t == float.class) {
            getter = "getInt";
            ret = ConstantDescs.CD_int;
        } else {
            getter = "getLong";
            ret = ConstantDescs.CD_long;
        }
        code.invokevirtual(CD_WINDOW, getter, MethodTypeDesc.of(ret, ConstantDescs.CD_int, ConstantDescs.CD_boolean));
        if (t == float.class) {
            code.invokestatic(ConstantDescs.CD_Float, "intBitsToFloat",
                              MethodTypeDesc.of(ConstantDescs.CD_float, ConstantDescs.CD_int));
        } else if (t == double.class) {
            code.invokestatic(ConstantDescs.CD_Double, "longBitsToDouble",
                              MethodTypeDesc.of(ConstantDescs.CD_double, ConstantDescs.CD_long));
        }
    }

    /** A component the stream lacks: its type's default. */
    private static void loadDefault(CodeBuilder code, TypeKind kind) {
        switch (kind) {
            case LONG -> code.lconst_0();
            case FLOAT -> code.fconst_0();
            case DOUBLE -> code.dconst_0();
            case REFERENCE -> code.aconst_null();
            default -> code.iconst_0();
        }
    }

    public static boolean booleanOf(byte b) {
        return b != 0;
    }

    private static int componentIndex(RecordComponent[] comps, String name) {
        for (int j = 0; j < comps.length; j++) {
            if (comps[j].getName().equals(name)) {
                return j;
            }
        }
        return SKIP;
    }

    private static ClassDesc desc(Class<?> c) {
        return ClassDesc.ofDescriptor(c.descriptorString());
    }
}
