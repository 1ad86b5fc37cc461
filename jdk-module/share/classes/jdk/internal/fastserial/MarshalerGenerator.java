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

import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessFlag;
import java.lang.reflect.ClassInfo;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.Marshaler;
import jdk.internal.access.JavaLangAccess;
import jdk.internal.access.SharedSecrets;

/**
 * Generates, at run time, the {@link Marshaler} of a Serializable class whose
 * every level uses default serialization (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI for Java",
 * sections 3.5 and 3.7).
 *
 * <p>The marshaler is a hidden class in the package and the nest of the
 * class it serves, so its code reads and writes reference fields with
 * getfield and putfield, private ones included, and copies each level's
 * primitive fields with one {@link ClassInfo} image. What bytecode may not
 * do there, a constant {@link MethodHandle} does: final fields (putfield
 * writes them only in a constructor), fields of superclasses in another
 * package or nest, and fields whose type the hidden class cannot name. The
 * ClassInfo objects and handles are the hidden class's class data, loaded
 * with {@code ldc} of dynamic constants, so C2 sees constants: a constant
 * field handle compiles to the same access as getfield, and a constant
 * ClassInfo to a copy of a known size. A value of the wrong type for its
 * field is the ClassCastException of ObjectInputStream, message included,
 * built out of line.
 *
 * <p>A record's marshaler only writes: the stream makes a record with its
 * canonical constructor from the values read ({@link RecordPlan}), never
 * by setting fields, so the marshaler's {@code read} throws
 * {@code UnsupportedOperationException}. Writing through it is what makes
 * a record as cheap to write as an ordinary class: no loop over levels,
 * and a constant ClassInfo.
 *
 * <p>The class is defined as {@code Lookup.defineHiddenClass(bytes, true,
 * NESTMATE)} defines it, through the same entry point of java.lang:
 * {@code MethodHandles.privateLookupIn(cl, ...)} from jdk.fastserial into
 * another module has no MODULE access, and defineHiddenClass requires full
 * privilege. What the lookup would check is checked here: cl's package must
 * be open to jdk.fastserial (every package of an unnamed module is), and a
 * handle is made only for a field reflection may make accessible.
 *
 * <p>The hidden class is defined to the loader of the class it serves and
 * is not strongly linked to it, so it is unloaded with that loader once the
 * marshaler is unreachable. Nothing here keeps a reference to it; the
 * caller caches the marshaler where the class keeps it (a ClassValue).
 * Generation has no shared state and may run in several threads at once.
 */
public final class MarshalerGenerator {

    private MarshalerGenerator() { }

    /*
     * Options of ClassLoader.defineClass0, as MethodHandles.Lookup passes
     * them for defineHiddenClass(bytes, true, NESTMATE) (the flags of
     * java.lang.invoke.MethodHandleNatives.Constants): hidden, a member of
     * the lookup class's nest, not strongly linked to its loader.
     */
    private static final int NESTMATE_CLASS = 0x1;
    private static final int HIDDEN_CLASS = 0x2;

    private static final JavaLangAccess JLA = SharedSecrets.getJavaLangAccess();
    private static final Module FAST_MODULE = Marshaler.class.getModule();

    private static final ClassDesc CD_MARSHALER = desc(Marshaler.class);
    private static final ClassDesc CD_OUTPUT = desc(FastObjectOutputStream.class);
    private static final ClassDesc CD_INPUT = desc(FastObjectInputStream.class);
    private static final ClassDesc CD_CLASS_INFO = desc(ClassInfo.class);

    private static final MethodTypeDesc MTD_WRITE =
            MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, CD_OUTPUT);
    private static final MethodTypeDesc MTD_READ =
            MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, CD_INPUT);
    private static final MethodTypeDesc MTD_IMAGE =
            MethodTypeDesc.of(ConstantDescs.CD_void, CD_CLASS_INFO, ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_WRITE_OBJECT =
            MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_READ_OBJECT =
            MethodTypeDesc.of(ConstantDescs.CD_Object);

    /** The erased types of the field handles the generated code invokes exactly. */
    private static final MethodType GETTER_TYPE = MethodType.methodType(Object.class, Object.class);
    private static final MethodType SETTER_TYPE =
            MethodType.methodType(void.class, Object.class, Object.class);
    private static final MethodTypeDesc MTD_GETTER =
            MethodTypeDesc.of(ConstantDescs.CD_Object, ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_SETTER =
            MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object,
                              ConstantDescs.CD_Object);

    /** The generated code's local variable holding the object, cast to its class. */
    private static final int OBJ_SLOT = 3;
    /** The local variable of read() holding the value read for a field. */
    private static final int VALUE_SLOT = 4;

    private static final ClassDesc CD_CLASS_CAST_EXCEPTION = desc(ClassCastException.class);
    private static final ClassDesc CD_UNSUPPORTED = desc(UnsupportedOperationException.class);
    private static final MethodTypeDesc MTD_VOID_STRING =
            MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_String);
    /** A static method of the generated class: the exception for a value of the wrong type. */
    private static final String CANNOT_ASSIGN = "cannotAssign";
    private static final MethodTypeDesc MTD_CANNOT_ASSIGN =
            MethodTypeDesc.of(CD_CLASS_CAST_EXCEPTION, ConstantDescs.CD_Object,
                              ConstantDescs.CD_String, ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_CONCAT =
            MethodTypeDesc.of(ConstantDescs.CD_String, ConstantDescs.CD_String);

    /**
     * A marshaler for cl: levels[i] is the i-th serializable class of cl's
     * hierarchy, top-down (levels[last] == cl); images[i] is the ClassInfo
     * of that level's serializable primitive fields (null when it has none);
     * refFields[i] its serializable reference fields (null or empty when it
     * has none), in the order ObjectStreamClass.getFields() lists them.
     * Returns null when such code cannot be generated (cl's package not open
     * to jdk.fastserial, a hidden class, a loader that does not see
     * jdk.fastserial, a field that cannot be made accessible, ...), in which
     * case the engine uses its generic path.
     *
     * @throws IllegalArgumentException if the arrays do not describe cl's
     *         hierarchy as above
     */
    public static Marshaler generate(Class<?> cl, Class<?>[] levels, ClassInfo[] images,
                                     Field[][] refFields) {
        checkArguments(cl, levels, images, refFields);
        if (cl.isHidden() || Enum.class.isAssignableFrom(cl) || cl.isArray()
                || cl.isInterface() || cl.isPrimitive()) {
            return null;
        }
        Module module = cl.getModule();
        if (!module.isOpen(cl.getPackageName(), FAST_MODULE)) {
            return null;
        }
        ClassLoader loader = cl.getClassLoader();
        if (!seesFastSerial(loader)) {
            return null;
        }
        try {
            Generation g = new Generation(cl);
            byte[] bytes = g.classBytes(levels, images, refFields);
            if (!module.canRead(FAST_MODULE)) {
                // The hidden class belongs to cl's module and names
                // jdk.fastserial's types. The module opened the package to
                // jdk.fastserial; reading jdk.fastserial, an exported API,
                // gives it nothing beyond that.
                JLA.addReads(module, FAST_MODULE);
            }
            Class<?> hidden = JLA.defineClass(loader, cl, g.internalName, bytes,
                                              JLA.protectionDomain(cl), true,
                                              NESTMATE_CLASS | HIDDEN_CLASS,
                                              List.copyOf(g.classData));
            Constructor<?> ctor = hidden.getDeclaredConstructor();
            ctor.setAccessible(true);
            return (Marshaler) ctor.newInstance();
        } catch (ReflectiveOperationException | InaccessibleObjectException
                 | LinkageError e) {
            // A handle that cannot be made (IllegalAccessException: a static
            // field), a level in a package not open to us, or a loader whose
            // view of a named class is not ours.
            return null;
        }
    }

    private static void checkArguments(Class<?> cl, Class<?>[] levels, ClassInfo[] images,
                                       Field[][] refFields) {
        Objects.requireNonNull(cl, "cl");
        int n = levels.length;
        if (images.length != n || refFields.length != n) {
            throw new IllegalArgumentException("levels, images and refFields differ in length");
        }
        if (n == 0 || levels[n - 1] != cl) {
            throw new IllegalArgumentException("the last level is not " + cl.getName());
        }
        for (int i = 0; i < n; i++) {
            Class<?> level = levels[i];
            if (!level.isAssignableFrom(cl) || (i > 0 && !levels[i - 1].isAssignableFrom(level))) {
                throw new IllegalArgumentException(level.getName()
                        + " is not a level of " + cl.getName() + " in top-down order");
            }
            Class<?> described = images[i] != null ? images[i].getDescribedClass() : null;
            if (described != null
                    && !(level.isAssignableFrom(described) && described.isAssignableFrom(cl))) {
                throw new IllegalArgumentException(images[i] + " is not an image of "
                        + level.getName() + " in " + cl.getName());
            }
            if (refFields[i] != null) {
                for (Field f : refFields[i]) {
                    if (f.getDeclaringClass() != level || f.getType().isPrimitive()
                            || Modifier.isStatic(f.getModifiers())) {
                        throw new IllegalArgumentException(f
                                + " is not a reference instance field of " + level.getName());
                    }
                }
            }
        }
    }

    /**
     * Whether loader resolves jdk.fastserial's types to ours: the hidden
     * class names them and is defined to loader (a loader that does not
     * delegate to the one of jdk.fastserial cannot host it).
     */
    private static boolean seesFastSerial(ClassLoader loader) {
        try {
            return Class.forName(Marshaler.class.getName(), false, loader) == Marshaler.class
                    && Class.forName(FastObjectOutputStream.class.getName(), false, loader)
                            == FastObjectOutputStream.class
                    && Class.forName(FastObjectInputStream.class.getName(), false, loader)
                            == FastObjectInputStream.class;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The state of one generation: the class data and access decisions for cl. */
    private static final class Generation {
        final Class<?> cl;
        final ClassDesc clDesc;
        final String internalName;
        final Class<?> nestHost;
        /** Class data: ClassInfo objects and field handles, indexed by the generated code. */
        final List<Object> classData = new ArrayList<>();
        /** A record's marshaler: its read throws, its fields are never set. */
        final boolean writeOnly;

        Generation(Class<?> cl) {
            this.cl = cl;
            this.clDesc = desc(cl);
            this.internalName = cl.getName().replace('.', '/') + "$$FastMarshaler";
            this.nestHost = cl.getNestHost();
            this.writeOnly = cl.isRecord();
        }

        byte[] classBytes(Class<?>[] levels, ClassInfo[] images, Field[][] refFields)
                throws ReflectiveOperationException {
            int n = levels.length;
            // Constant indexes per level, decided before any code is emitted.
            int[] imageIndex = new int[n];
            FieldAccess[][] access = new FieldAccess[n][];
            for (int i = 0; i < n; i++) {
                imageIndex[i] = images[i] != null ? addClassData(images[i]) : -1;
                Field[] fields = refFields[i] != null ? refFields[i] : new Field[0];
                access[i] = new FieldAccess[fields.length];
                for (int j = 0; j < fields.length; j++) {
                    access[i][j] = fieldAccess(fields[j]);
                }
            }
            return ClassFile.of().build(ClassDesc.ofInternalName(internalName), cb -> {
                cb.withFlags(AccessFlag.FINAL, AccessFlag.SUPER, AccessFlag.SYNTHETIC);
                cb.withInterfaceSymbols(CD_MARSHALER);
                cb.withMethodBody(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void,
                                  ClassFile.ACC_PRIVATE, code -> code
                        .aload(0)
                        .invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME,
                                       ConstantDescs.MTD_void)
                        .return_());
                cb.withMethodBody("write", MTD_WRITE, ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL,
                                  code -> {
                    castObject(code);
                    for (int i = 0; i < n; i++) {
                        if (imageIndex[i] >= 0) {
                            copyImage(code, CD_OUTPUT, "putImage", imageIndex[i]);
                        }
                        for (FieldAccess fa : access[i]) {
                            code.aload(2);
                            fa.emitGet(code);
                            code.invokevirtual(CD_OUTPUT, "writeReference", MTD_WRITE_OBJECT);
                        }
                    }
                    code.return_();
                });
                cb.withMethodBody("read", MTD_READ, ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL,
                                  code -> {
                    if (writeOnly) {
                        emitReadUnsupported(code);
                        return;
                    }
                    castObject(code);
                    List<Label> handlers = new ArrayList<>();
                    List<FieldAccess> checked = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        if (imageIndex[i] >= 0) {
                            copyImage(code, CD_INPUT, "getImage", imageIndex[i]);
                        }
                        for (FieldAccess fa : access[i]) {
                            code.aload(2)
                                .invokevirtual(CD_INPUT, "readReference", MTD_READ_OBJECT)
                                .astore(VALUE_SLOT);
                            if (fa.field().getType() == Object.class) {
                                fa.emitSet(code);    // nothing to check
                            } else {
                                Label start = code.newBoundLabel();
                                fa.emitSet(code);
                                Label handler = code.newLabel();
                                code.exceptionCatch(start, code.newBoundLabel(), handler,
                                                    CD_CLASS_CAST_EXCEPTION);
                                handlers.add(handler);
                                checked.add(fa);
                            }
                        }
                    }
                    code.return_();
                    // Out of line: the JDK's message for a value of the wrong type.
                    for (int k = 0; k < handlers.size(); k++) {
                        Field f = checked.get(k).field();
                        code.labelBinding(handlers.get(k))
                            .pop()
                            .aload(VALUE_SLOT)
                            .ldc(f.getDeclaringClass().getName() + "." + f.getName()
                                 + " of type " + f.getType().getName())
                            .aload(OBJ_SLOT)
                            .invokestatic(ClassDesc.ofInternalName(internalName), CANNOT_ASSIGN,
                                          MTD_CANNOT_ASSIGN)
                            .athrow();
                    }
                });
                cb.withMethodBody(CANNOT_ASSIGN, MTD_CANNOT_ASSIGN,
                                  ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC,
                                  MarshalerGenerator::emitCannotAssign);
            });
        }

        /** A record's read: the stream reads records through their canonical constructor. */
        private void emitReadUnsupported(CodeBuilder code) {
            code.new_(CD_UNSUPPORTED)
                .dup()
                .ldc(cl.getName() + " is a record: made by its canonical constructor, not read into")
                .invokespecial(CD_UNSUPPORTED, ConstantDescs.INIT_NAME, MTD_VOID_STRING)
                .athrow();
        }

        /** obj, the first argument, cast once to cl into OBJ_SLOT. */
        private void castObject(CodeBuilder code) {
            code.aload(1).checkcast(clDesc).astore(OBJ_SLOT);
        }

        /** stream.method(the ClassInfo at index, obj): putImage or getImage of a level's primitives. */
        private void copyImage(CodeBuilder code, ClassDesc stream, String method, int index) {
            code.aload(2)
                .ldc(classDataAt(CD_CLASS_INFO, index))
                .aload(OBJ_SLOT)
                .invokevirtual(stream, method, MTD_IMAGE);
        }

        private int addClassData(Object value) {
            classData.add(value);
            return classData.size() - 1;
        }

        /**
         * How the generated code reads and writes f: with getfield/putfield
         * where the hidden class, a nestmate of cl in cl's runtime package,
         * may use them; with a constant field handle where it may not.
         */
        private FieldAccess fieldAccess(Field f) throws ReflectiveOperationException {
            Class<?> declaring = f.getDeclaringClass();
            int mods = f.getModifiers();
            boolean directGet = inRuntimePackage(declaring)
                    && (!Modifier.isPrivate(mods) || declaring.getNestHost() == nestHost);
            // putfield of a final field is legal only in the declaring class's
            // constructors; the cast before putfield must name the field type.
            // A record's fields are never set, so they need no setter handle.
            boolean directSet = writeOnly
                    || directGet && !Modifier.isFinal(mods) && canName(f.getType());
            int getter = -1;
            int setter = -1;
            if (!directGet || !directSet) {
                // A fresh Field, so the caller's keeps its accessibility.
                Field copy = declaring.getDeclaredField(f.getName());
                copy.setAccessible(true);
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                if (!directGet) {
                    getter = addClassData(lookup.unreflectGetter(copy).asType(GETTER_TYPE));
                }
                if (!directSet) {
                    // unreflectSetter of an accessible field writes a final
                    // instance field of an ordinary class, as deserialization does.
                    setter = addClassData(lookup.unreflectSetter(copy).asType(SETTER_TYPE));
                }
            }
            return new FieldAccess(f, getter, setter);
        }

        /** Whether c is in cl's runtime package (same package name and loader). */
        private boolean inRuntimePackage(Class<?> c) {
            return c.getClassLoader() == cl.getClassLoader()
                    && c.getPackageName().equals(cl.getPackageName());
        }

        /**
         * Whether the hidden class may name type (in checkcast) and get the
         * class that f's declaring class meant. Conservative: a protected
         * member class counts as inaccessible although the VM sees it public.
         */
        private boolean canName(Class<?> type) {
            while (type.isArray()) {
                type = type.getComponentType();
            }
            if (type.isPrimitive() || type == Object.class) {
                return true;
            }
            if (type.isHidden()) {
                return false;
            }
            if (inRuntimePackage(type)) {
                return true;
            }
            Module m = cl.getModule();
            Module tm = type.getModule();
            return Modifier.isPublic(type.getModifiers())
                    && tm.isExported(type.getPackageName(), m)
                    && m.canRead(tm)
                    && resolvesTo(type);
        }

        /** Whether cl's loader resolves type's name to type. */
        private boolean resolvesTo(Class<?> type) {
            try {
                return Class.forName(type.getName(), false, cl.getClassLoader()) == type;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }

    /** Code for one reference field: getfield/putfield or a handle in class data. */
    private record FieldAccess(Field field, int getterIndex, int setterIndex) {

        /** Pushes the field's value of the object in OBJ_SLOT. */
        void emitGet(CodeBuilder code) {
            if (getterIndex < 0) {
                code.aload(OBJ_SLOT)
                    .getfield(desc(field.getDeclaringClass()), field.getName(),
                              desc(field.getType()));
            } else {
                code.ldc(classDataAt(ConstantDescs.CD_MethodHandle, getterIndex))
                    .aload(OBJ_SLOT)
                    .invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact", MTD_GETTER);
            }
        }

        /**
         * Sets the field of the object in OBJ_SLOT to the value in
         * VALUE_SLOT, cast to the field's type: a ClassCastException, as in
         * the JDK, when it is of another type.
         */
        void emitSet(CodeBuilder code) {
            if (setterIndex < 0) {
                Class<?> type = field.getType();
                code.aload(OBJ_SLOT)
                    .aload(VALUE_SLOT);
                if (type != Object.class) {
                    code.checkcast(desc(type));
                }
                code.putfield(desc(field.getDeclaringClass()), field.getName(), desc(type));
            } else {
                code.ldc(classDataAt(ConstantDescs.CD_MethodHandle, setterIndex))
                    .aload(OBJ_SLOT)
                    .aload(VALUE_SLOT)
                    .invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact", MTD_SETTER);
            }
        }
    }

    /**
     * The body of {@code static ClassCastException cannotAssign(Object value,
     * String field, Object obj)}: the exception ObjectInputStream throws for
     * a value of the wrong type, with its message ("cannot assign instance
     * of V to field C.f of type T in instance of O").
     */
    private static void emitCannotAssign(CodeBuilder code) {
        code.new_(CD_CLASS_CAST_EXCEPTION)
            .dup()
            .ldc("cannot assign instance of ")
            .aload(0);
        appendClassName(code);
        code.ldc(" to field ")
            .invokevirtual(ConstantDescs.CD_String, "concat", MTD_CONCAT)
            .aload(1)
            .invokevirtual(ConstantDescs.CD_String, "concat", MTD_CONCAT)
            .ldc(" in instance of ")
            .invokevirtual(ConstantDescs.CD_String, "concat", MTD_CONCAT)
            .aload(2);
        appendClassName(code);
        code.invokespecial(CD_CLASS_CAST_EXCEPTION, ConstantDescs.INIT_NAME,
                           MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_String))
            .areturn();
    }

    /** (String s, Object o) on the stack to s + o.getClass().getName(). */
    private static void appendClassName(CodeBuilder code) {
        code.invokevirtual(ConstantDescs.CD_Object, "getClass",
                           MethodTypeDesc.of(ConstantDescs.CD_Class))
            .invokevirtual(ConstantDescs.CD_Class, "getName",
                           MethodTypeDesc.of(ConstantDescs.CD_String))
            .invokevirtual(ConstantDescs.CD_String, "concat", MTD_CONCAT);
    }

    /** A dynamic constant: element index of the hidden class's class data list. */
    private static DynamicConstantDesc<Object> classDataAt(ClassDesc type, int index) {
        return DynamicConstantDesc.ofNamed(ConstantDescs.BSM_CLASS_DATA_AT,
                                           ConstantDescs.DEFAULT_NAME, type, index);
    }

    private static ClassDesc desc(Class<?> c) {
        return ClassDesc.ofDescriptor(c.descriptorString());
    }
}
