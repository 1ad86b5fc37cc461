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

package jdk.internal.fastrmi;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.Immutable;
import jdk.fastrmi.spi.CallContext;
import jdk.fastrmi.spi.ServerCall;
import jdk.fastrmi.spi.Skeleton;
import jdk.internal.access.JavaLangAccess;
import jdk.internal.access.SharedSecrets;

/**
 * Generates the stub and the skeleton of a set of remote interfaces with
 * java.lang.classfile (Philippsen, Haumacher, Nester, "More Efficient
 * Serialization and RMI for Java", section 4.2; KaRMI generated them ahead of
 * time, this does it at run time, like the JDK's dynamic proxies but
 * without reflection on the call path).
 *
 * <p>A stub method first asks for the local implementation: when the
 * object lives in this JVM it calls it directly, copying the arguments and
 * the result that need it (Haumacher, Philippsen, "Exploiting Object
 * Locality in JavaParty", section 2.2). Otherwise it opens a
 * call, writes each argument with the ObjectOutput method of its type,
 * opens the result and reads it the same way; one exception handler turns
 * whatever is thrown into what the method throws ({@link CallContext#failed}).
 * The skeleton is a switch on the method number that reads the arguments,
 * calls the implementation and writes the result.
 *
 * <p>Both are hidden classes, defined where they can name every type of
 * the methods, as {@link java.lang.reflect.Proxy} places its proxies, but
 * without granting anything of an application's module that it did not
 * grant jdk.fastrmi itself:
 * <ul>
 * <li>in this module, when the types are the platform's (of the boot
 *     loader or this module's) and exported to it (java.rmi.registry.Registry,
 *     the DGC's interface);
 * <li>public interfaces: in a dynamic module of the interfaces' class
 *     loader, {@code jdk.fastrmi.stubsN}, which holds nothing but generated
 *     classes and which this module reads and opens. It reads the modules of
 *     the methods' types; each of their packages must be exported to it:
 *     exported by its module, or exported (or opened) to jdk.fastrmi, which
 *     then exports it on to the dynamic module (as the application asked of
 *     jdk.fastrmi);
 * <li>non-public interfaces (which only classes of their own package may
 *     implement): in that package, which must be open to jdk.fastrmi
 *     ({@code opens p to jdk.fastrmi}), which lets jdk.fastrmi define
 *     classes there ({@link MethodHandles#privateLookupIn}). The module is
 *     then made to read jdk.fastrmi, which those classes need to link: the
 *     one edge added to an application's module, which the application let
 *     jdk.fastrmi add by opening the package to it (code in the package
 *     could add it itself).
 * </ul>
 * Otherwise the export fails with an {@code IllegalArgumentException}
 * (an {@code ExportException} for the application) naming the directive
 * its module needs.
 */
final class ProxyGenerator {

    private static final JavaLangAccess JLA = SharedSecrets.getJavaLangAccess();
    private static final int HIDDEN_CLASS = 0x2;
    private static final Module MODULE = ProxyGenerator.class.getModule();
    private static final AtomicInteger SERIAL = new AtomicInteger();
    private static final AtomicInteger MODULES = new AtomicInteger();
    /* the key of a class loader's dynamic module in its ClassLoaderValue map, which keeps it no longer than the loader */
    private static final Object DYNAMIC_MODULE = new Object();

    private static final ClassDesc CD_FAST_STUB = desc(FastStub.class);
    private static final ClassDesc CD_CALL = desc(CallContext.class);
    private static final ClassDesc CD_SERVER_CALL = desc(ServerCall.class);
    private static final ClassDesc CD_SKELETON = desc(Skeleton.class);
    private static final ClassDesc CD_OUTPUT = desc(java.io.ObjectOutput.class);
    private static final ClassDesc CD_INPUT = desc(java.io.ObjectInput.class);
    private static final ClassDesc CD_THROWABLE = desc(Throwable.class);

    private static final MethodTypeDesc MTD_STUB_INIT =
        MethodTypeDesc.of(ConstantDescs.CD_void, desc(FastStub.Ref.class), desc(FastStub.Local.class));
    private static final MethodTypeDesc MTD_OBJECT = MethodTypeDesc.of(ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_VOID = MethodTypeDesc.of(ConstantDescs.CD_void);
    private static final MethodTypeDesc MTD_COPY =
        MethodTypeDesc.of(ConstantDescs.CD_Object, ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_PASSES =
        MethodTypeDesc.of(ConstantDescs.CD_boolean, ConstantDescs.CD_Object);
    private static final MethodTypeDesc MTD_OPEN_SEND =
        MethodTypeDesc.of(CD_CALL, ConstantDescs.CD_int);
    private static final MethodTypeDesc MTD_OUTPUT = MethodTypeDesc.of(CD_OUTPUT);
    private static final MethodTypeDesc MTD_INPUT = MethodTypeDesc.of(CD_INPUT);
    private static final MethodTypeDesc MTD_FAILED = MethodTypeDesc.of(CD_THROWABLE, CD_THROWABLE);
    private static final MethodTypeDesc MTD_INVOKE_BOXED = MethodTypeDesc.of(ConstantDescs.CD_Object,
        ConstantDescs.CD_int, ConstantDescs.CD_Object.arrayType());
    private static final MethodTypeDesc MTD_DISPATCH = MethodTypeDesc.of(ConstantDescs.CD_void,
        ConstantDescs.CD_Object, ConstantDescs.CD_int, CD_SERVER_CALL);

    private ProxyGenerator() { }

    /**
     * A generated pair: the stub class and its constructor, and the
     * skeleton, which is generated when it is first asked for: a JVM that
     * only calls objects of these interfaces (a client, and every JVM for
     * the registry's and the DGC's stubs) never needs it, and making it
     * took about 0.5 ms of a client's lookup.
     */
    static final class Generated {
        private final Class<?> stubClass;
        private final MethodHandle stubConstructor;
        private final RemoteInterfaces ri;
        private final Class<?> host;
        private final String skeletonName;
        /* the skeleton's bytes as the image ships them, or null: generated */
        private final byte[] shippedSkeleton;
        private volatile Skeleton skeleton;

        private Generated(Class<?> stubClass, MethodHandle stubConstructor, RemoteInterfaces ri,
                          Class<?> host, String skeletonName, byte[] shippedSkeleton) {
            this.stubClass = stubClass;
            this.stubConstructor = stubConstructor;
            this.ri = ri;
            this.host = host;
            this.skeletonName = skeletonName;
            this.shippedSkeleton = shippedSkeleton;
        }

        Class<?> stubClass() {
            return stubClass;
        }

        FastStub newStub(ClientRef ref, Target local) {
            try {
                return (FastStub) stubConstructor.invokeExact(ref, local);
            } catch (Throwable t) {
                throw new InternalError("stub construction failed", t);
            }
        }

        /** {@return the skeleton, generated on the first call} */
        Skeleton skeleton() {
            Skeleton s = skeleton;
            if (s == null) {
                synchronized (this) {
                    s = skeleton;
                    if (s == null) {
                        byte[] bytes = shippedSkeleton != null ? shippedSkeleton
                                : skeletonBytes(classFile(host), skeletonName, ri);
                        // held by this pair, so it lives as long as the stub class
                        Class<?> c = define(host, skeletonName, bytes, null);
                        try {
                            var ctor = c.getDeclaredConstructor();
                            ctor.setAccessible(true);
                            s = (Skeleton) ctor.newInstance();
                        } catch (ReflectiveOperationException e) {
                            throw new InternalError(e);
                        }
                        skeleton = s;
                    }
                }
            }
            return s;
        }
    }

    static Generated generate(RemoteInterfaces ri) {
        Class<?>[] interfaces = ri.interfacesShared();
        Class<?> host = hostOf(interfaces, referencedTypes(ri));
        // the platform's own interfaces: the classes the image ships, if they fit
        PlatformStubs.Classes shipped = host == ProxyGenerator.class ? PlatformStubs.find(ri) : null;
        String stubName;
        String skeletonName;
        byte[] stubBytes;
        if (shipped != null) {
            stubName = shipped.stubName();
            skeletonName = shipped.skeletonName();
            stubBytes = shipped.stub();
        } else {
            String base = baseName(host, interfaces);
            int serial = SERIAL.incrementAndGet();
            stubName = base + "$FastStub" + serial;
            skeletonName = base + "$FastSkeleton" + serial;
            stubBytes = stubBytes(classFile(host), stubName, ri);
        }
        // the stub class holds the pair in its class data (see StubClasses), the skeleton class nothing
        Generated[] holder = new Generated[1];
        Class<?> stubClass = define(host, stubName, stubBytes, holder);
        try {
            // the package is this module's, or open to it (hostOf made sure)
            var stubCtor = stubClass.getDeclaredConstructor(FastStub.Ref.class, FastStub.Local.class);
            stubCtor.setAccessible(true);
            MethodHandle ctor = MethodHandles.lookup().unreflectConstructor(stubCtor)
                .asType(MethodType.methodType(FastStub.class, ClientRef.class, Target.class));
            holder[0] = new Generated(stubClass, ctor, ri, host, skeletonName,
                                      shipped == null ? null : shipped.skeleton());
            return holder[0];
        } catch (ReflectiveOperationException e) {
            throw new InternalError(e);
        }
    }

    /* The classes' name before $FastStub or $FastSkeleton: the host's package and the first interface. */
    private static String baseName(Class<?> host, Class<?>[] interfaces) {
        String pkg = host.getPackageName().replace('.', '/');
        return (pkg.isEmpty() ? "" : pkg + "/") + interfaces[0].getSimpleName();
    }

    /**
     * The classes of platform interfaces as the image ships them
     * ({@link PlatformStubs}): named without a serial number, so that the
     * bytes are the same in every build.
     *
     * @throws IllegalArgumentException if the interfaces are not the
     *         platform's, or as {@link #generate}
     */
    static PlatformStubs.Classes platformClasses(RemoteInterfaces ri) {
        Class<?>[] interfaces = ri.interfacesShared();
        Class<?> host = hostOf(interfaces, referencedTypes(ri));
        if (host != ProxyGenerator.class) {
            throw new IllegalArgumentException(java.util.Arrays.toString(interfaces) + " are not the platform's");
        }
        String base = baseName(host, interfaces);
        ClassFile cf = classFile(host);
        return PlatformStubs.Classes.of(ri, base + "$FastStub", stubBytes(cf, base + "$FastStub", ri),
                                        base + "$FastSkeleton", skeletonBytes(cf, base + "$FastSkeleton", ri));
    }

    /* Frames are computed with the interfaces' loader, which knows their supertypes. */
    private static ClassFile classFile(Class<?> host) {
        return ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
            ClassHierarchyResolver.ofClassLoading(host.getClassLoader())
                .orElse(ClassHierarchyResolver.defaultResolver())));
    }

    /*
     * A hidden class next to host, which hostOf chose: the classes a
     * lookup with full privilege on host could define (MethodHandles.privateLookupIn
     * gives none across modules, so this is done through JavaLangAccess).
     */
    private static Class<?> define(Class<?> host, String internalName, byte[] bytes, Object classData) {
        // not ClassOption.STRONG: the class may be unloaded before its loader
        return JLA.defineClass(host.getClassLoader(), host, internalName, bytes,
                               JLA.protectionDomain(host), true, HIDDEN_CLASS, classData);
    }

    /** {@return the pair a stub class's class data holds} */
    static Generated generatedOf(Object stubClassData) {
        return ((Generated[]) stubClassData)[0];
    }

    /* The interfaces and the (element) types of their methods' parameters and results. */
    private static Set<Class<?>> referencedTypes(RemoteInterfaces ri) {
        Set<Class<?>> types = new LinkedHashSet<>(List.of(ri.interfacesShared()));
        for (int n = 0; n < ri.size(); n++) {
            Method m = ri.method(n);
            types.add(m.getDeclaringClass());
            types.add(elementType(m.getReturnType()));
            for (Class<?> p : m.getParameterTypes()) {
                types.add(elementType(p));
            }
        }
        types.removeIf(Class::isPrimitive);
        return types;
    }

    private static Class<?> elementType(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        return c;
    }

    /*
     * A class of the package the classes go to (see the class description): the package of the non-public
     * interfaces (all of them must share it, as for proxies), else this
     * module if the types are the platform's and it may access them,
     * else the dynamic module of the first interface's loader that sees
     * all the others.
     */
    private static Class<?> hostOf(Class<?>[] interfaces, Set<Class<?>> types) {
        Class<?> nonPublic = null;
        for (Class<?> i : interfaces) {
            if (!Modifier.isPublic(i.getModifiers())) {
                if (nonPublic != null && (!nonPublic.getPackageName().equals(i.getPackageName())
                                          || nonPublic.getClassLoader() != i.getClassLoader())) {
                    throw new IllegalArgumentException("non-public interfaces from different packages");
                }
                nonPublic = i;
            }
        }
        if (nonPublic != null) {
            if (!visibleFrom(nonPublic.getClassLoader(), interfaces)) {
                throw new IllegalArgumentException("interfaces not visible from one class loader");
            }
            return packageOf(nonPublic, types);
        }
        if (platformTypes(types) && accessible(MODULE, types)) {
            for (Class<?> c : types) {
                // this module's own readability: its classes name the type
                MODULE.addReads(c.getModule());
            }
            return ProxyGenerator.class;
        }
        for (Class<?> i : interfaces) {
            if (visibleFrom(i.getClassLoader(), interfaces)) {
                return dynamicModule(i.getClassLoader(), interfaces, types);
            }
        }
        throw new IllegalArgumentException("interfaces not visible from one class loader");
    }

    /*
     * Whether the types are the platform's: of the boot loader or this
     * module's. (The built-in loaders share their packages, so this
     * module's loader also sees the application modules of the system
     * class loader; their stubs still go to a dynamic module.)
     */
    private static boolean platformTypes(Set<Class<?>> types) {
        for (Class<?> c : types) {
            ClassLoader l = c.getClassLoader();
            if (l != null && l != ProxyGenerator.class.getClassLoader()) {
                return false;
            }
        }
        return true;
    }

    /* Whether the types' packages are exported to a module (it may be made to read them). */
    private static boolean accessible(Module module, Set<Class<?>> types) {
        for (Class<?> c : types) {
            if (!c.getModule().isExported(c.getPackageName(), module)) {
                return false;
            }
        }
        return true;
    }

    /*
     * The package of a non-public interface: it must be open to this module,
     * and the other types exported to the interface's module, which reads them.
     */
    private static Class<?> packageOf(Class<?> iface, Set<Class<?>> types) {
        Module m = iface.getModule();
        String pn = iface.getPackageName();
        if (!m.isOpen(pn, MODULE)) {
            throw new IllegalArgumentException(
                "the stub of " + iface + " (not public) is defined in its package, which " + m
                + " does not open to " + MODULE.getName() + ": add \"opens " + pn + " to "
                + MODULE.getName() + ";\" to its module declaration (or make the interface public)");
        }
        for (Class<?> c : types) {
            Module o = c.getModule();
            if (o != m && !(m.canRead(o) && o.isExported(c.getPackageName(), m))) {
                throw new IllegalArgumentException(m + " cannot access " + c + ", which the stub of "
                                                   + iface + " names");
            }
        }
        // the package's classes name jdk.fastrmi's exported types; the module
        // let this module define classes there (opens), and they need to link
        if (!m.canRead(MODULE)) {
            JLA.addReads(m, MODULE);
        }
        MODULE.addReads(m);
        return iface;
    }

    /*
     * The dynamic module of a class loader, made to read the types' modules;
     * a package not exported to it is exported to it if its module exports
     * (or opens) it to this module, else the export fails.
     */
    private static Class<?> dynamicModule(ClassLoader loader, Class<?>[] interfaces,
                                                      Set<Class<?>> types) {
        for (Class<?> c : types) {
            Module m = c.getModule();
            String pn = c.getPackageName();
            if (!m.isExported(pn) && !m.isExported(pn, MODULE)) {
                throw new IllegalArgumentException(
                    "the stub of " + java.util.Arrays.toString(interfaces) + " names " + c
                    + ", but " + m + " exports package " + pn + " neither to all modules nor to "
                    + MODULE.getName() + ": add \"exports " + pn + " to " + MODULE.getName()
                    + ";\" to its module declaration (or export the package)");
            }
        }
        @SuppressWarnings("unchecked")
        ConcurrentHashMap<Object, Object> values =
            (ConcurrentHashMap<Object, Object>) JLA.createOrGetClassLoaderValueMap(loader);
        Class<?> anchor = (Class<?>) values.get(DYNAMIC_MODULE);
        if (anchor == null) {
            synchronized (DYNAMIC_MODULE) {
                anchor = (Class<?>) values.get(DYNAMIC_MODULE);
                if (anchor == null) {
                    // not in computeIfAbsent: defining a module may use the same map
                    anchor = defineDynamicModule(loader);
                    values.put(DYNAMIC_MODULE, anchor);
                }
            }
        }
        Module d = anchor.getModule();
        for (Class<?> c : types) {
            Module m = c.getModule();
            String pn = c.getPackageName();
            if (!d.canRead(m)) {
                JLA.addReads(d, m);
            }
            if (!m.isExported(pn, d)) {
                // m exports (or opens) pn to jdk.fastrmi, whose classes these are
                JLA.addExports(m, pn, d);
            }
        }
        return anchor;
    }

    /*
     * Defines a class loader's dynamic module, jdk.fastrmi.stubsN, with one
     * package of the same name, not exported, open to this module only, and
     * an empty class there that the generated classes are defined next to.
     */
    private static Class<?> defineDynamicModule(ClassLoader loader) {
        String mn = MODULE.getName() + ".stubs" + MODULES.incrementAndGet();
        ModuleDescriptor descriptor = ModuleDescriptor.newModule(mn, Set.of(ModuleDescriptor.Modifier.SYNTHETIC))
                                                      .packages(Set.of(mn))
                                                      .build();
        Module d = JLA.defineModule(loader, descriptor, null);
        JLA.addReads(d, MODULE);
        JLA.addReads(d, Object.class.getModule());
        JLA.addOpens(d, mn, MODULE);
        MODULE.addReads(d);
        String anchor = mn.replace('.', '/') + "/Stubs";
        byte[] bytes = ClassFile.of().build(ClassDesc.ofInternalName(anchor), cb -> cb
            .withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER | ClassFile.ACC_SYNTHETIC));
        return JLA.defineClass(loader, anchor.replace('/', '.'), bytes, null, "__fastrmi_stubs__");
    }

    private static boolean visibleFrom(ClassLoader loader, Class<?>[] interfaces) {
        for (Class<?> i : interfaces) {
            try {
                if (Class.forName(i.getName(), false, loader) != i) {
                    return false;
                }
            } catch (ClassNotFoundException e) {
                return false;
            }
        }
        // the generated code names jdk.fastrmi's classes
        try {
            return Class.forName(FastStub.class.getName(), false, loader) == FastStub.class;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    // ------------------------------------------------------------- stub --

    private static byte[] stubBytes(ClassFile cf, String internalName, RemoteInterfaces ri) {
        ClassDesc self = ClassDesc.ofInternalName(internalName);
        Class<?>[] interfaces = ri.interfacesShared();
        ClassDesc[] ifaces = new ClassDesc[interfaces.length];
        for (int i = 0; i < ifaces.length; i++) {
            ifaces[i] = desc(interfaces[i]);
        }
        return cf.build(self, cb -> {
            cb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER | ClassFile.ACC_SYNTHETIC);
            cb.withSuperclass(CD_FAST_STUB);
            cb.withInterfaceSymbols(ifaces);
            cb.withMethodBody(ConstantDescs.INIT_NAME, MTD_STUB_INIT, ClassFile.ACC_PUBLIC, code -> code
                .aload(0).aload(1).aload(2)
                .invokespecial(CD_FAST_STUB, ConstantDescs.INIT_NAME, MTD_STUB_INIT)
                .return_());
            for (int n = 0; n < ri.size(); n++) {
                Method m = ri.method(n);
                int number = n;
                cb.withMethodBody(m.getName(), methodDesc(m), ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL,
                                  code -> stubMethod(code, m, number));
            }
            cb.withMethodBody("invokeBoxed", MTD_INVOKE_BOXED, ClassFile.ACC_PROTECTED | ClassFile.ACC_FINAL,
                              code -> invokeBoxed(code, self, ri));
        });
    }

    /*
     * FastStub.invokeBoxed: a switch on the method number that unboxes the
     * arguments, calls the stub's own method and boxes its result.
     */
    private static void invokeBoxed(CodeBuilder code, ClassDesc self, RemoteInterfaces ri) {
        final int number = 1, args = 2;
        methodSwitch(code, number, ri, m -> {
            code.aload(0);
            Class<?>[] params = m.getParameterTypes();
            for (int p = 0; p < params.length; p++) {
                code.aload(args).loadConstant(p).aaload();
                unbox(code, params[p]);
            }
            code.invokevirtual(self, m.getName(), methodDesc(m));
            box(code, m.getReturnType());
            code.areturn();
        });
    }

    /* An Object on the stack to a value of the type: a cast, or the box's xxxValue(). */
    private static void unbox(CodeBuilder code, Class<?> type) {
        if (!type.isPrimitive()) {
            if (type != Object.class) {
                code.checkcast(desc(type));
            }
            return;
        }
        ClassDesc box = desc(boxOf(type));
        code.checkcast(box)
            .invokevirtual(box, type.getName() + "Value", MethodTypeDesc.of(desc(type)));
    }

    /* A value of the type on the stack to an Object: as it is, boxed, or null for void. */
    private static void box(CodeBuilder code, Class<?> type) {
        if (type == void.class) {
            code.aconst_null();
        } else if (type.isPrimitive()) {
            ClassDesc box = desc(boxOf(type));
            code.invokestatic(box, "valueOf", MethodTypeDesc.of(box, desc(type)));
        }
    }

    private static Class<?> boxOf(Class<?> primitive) {
        return MethodType.methodType(primitive).wrap().returnType();
    }

    private static void stubMethod(CodeBuilder code, Method m, int number) {
        Class<?>[] params = m.getParameterTypes();
        Class<?> ret = m.getReturnType();
        int[] slots = new int[params.length];
        int slot = 1;
        for (int i = 0; i < params.length; i++) {
            slots[i] = slot;
            slot += TypeKind.from(params[i]).slotSize();
        }
        int local = slot++;
        int call = slot++;
        int output = slot++;
        int result = slot;
        Label remote = code.newLabel();

        // the local-call shortcut
        code.aload(0).invokevirtual(CD_FAST_STUB, "localImpl", MTD_OBJECT).astore(local)
            .aload(local).ifnull(remote);
        boolean copies = false;
        for (Class<?> p : params) {
            copies |= needsCopy(p);
        }
        if (copies) {
            // values that pass as they are (the common case) need no copier
            Label copy = code.newLabel();
            Label invoke = code.newLabel();
            for (int i = 0; i < params.length; i++) {
                if (needsCopy(params[i])) {
                    code.aload(slots[i]).invokestatic(CD_FAST_STUB, "passes", MTD_PASSES).ifeq(copy);
                }
            }
            code.goto_(invoke);
            code.labelBinding(copy);
            code.aload(0).invokevirtual(CD_FAST_STUB, "beginCopy", MTD_VOID);
            for (int i = 0; i < params.length; i++) {
                if (needsCopy(params[i])) {
                    code.aload(0).aload(slots[i]).invokevirtual(CD_FAST_STUB, "copy", MTD_COPY)
                        .checkcast(desc(params[i])).astore(slots[i]);
                }
            }
            code.aload(0).invokevirtual(CD_FAST_STUB, "endCopy", MTD_VOID);
            code.labelBinding(invoke);
        }
        ClassDesc declaring = desc(m.getDeclaringClass());
        code.aload(local).checkcast(declaring);
        for (int i = 0; i < params.length; i++) {
            code.loadLocal(TypeKind.from(params[i]), slots[i]);
        }
        code.invokeinterface(declaring, m.getName(), methodDesc(m));
        if (needsCopy(ret)) {
            Label done = code.newLabel();
            code.astore(result)
                .aload(result).invokestatic(CD_FAST_STUB, "passes", MTD_PASSES).ifne(done)
                .aload(0).invokevirtual(CD_FAST_STUB, "beginResultCopy", MTD_VOID)
                .aload(0).aload(result).invokevirtual(CD_FAST_STUB, "copy", MTD_COPY)
                .checkcast(desc(ret)).astore(result)
                .aload(0).invokevirtual(CD_FAST_STUB, "endCopy", MTD_VOID)
                .labelBinding(done);
            code.aload(result);
        }
        code.return_(TypeKind.from(ret));

        // the remote call
        code.labelBinding(remote);
        code.aload(0).loadConstant(number).invokevirtual(CD_FAST_STUB, "openSendCall", MTD_OPEN_SEND)
            .astore(call);
        Label start = code.newLabel();
        Label end = code.newLabel();
        Label handler = code.newLabel();
        code.labelBinding(start);
        code.aload(call).invokevirtual(CD_CALL, "output", MTD_OUTPUT).astore(output);
        for (int i = 0; i < params.length; i++) {
            code.aload(output).loadLocal(TypeKind.from(params[i]), slots[i]);
            write(code, params[i]);
        }
        code.aload(call).invokevirtual(CD_CALL, "openReceiveResult", MTD_INPUT);
        if (ret == void.class) {
            code.pop();
        } else {
            read(code, ret);
            code.storeLocal(TypeKind.from(ret), result);
        }
        code.aload(call).invokevirtual(CD_CALL, "closeReceiveResult", MTD_VOID);
        if (ret != void.class) {
            code.loadLocal(TypeKind.from(ret), result);
        }
        code.return_(TypeKind.from(ret));
        code.labelBinding(end);
        code.labelBinding(handler);
        code.astore(output)
            .aload(call).aload(output).invokevirtual(CD_CALL, "failed", MTD_FAILED)
            .athrow();
        code.exceptionCatch(start, end, handler, CD_THROWABLE);
    }

    /* Whether a local call copies a value of this static type (the copy checks the dynamic type again). */
    private static boolean needsCopy(Class<?> type) {
        if (type.isPrimitive() || type == String.class || type.isEnum()) {
            return false;
        }
        if (Immutable.class.isAssignableFrom(type)) {
            return false;
        }
        return switch (type.getName()) {
            case "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
                 "java.lang.Character", "java.lang.Boolean", "java.lang.Float", "java.lang.Double" -> false;
            // a remote interface type may hold an exported object, passed as its stub
            default -> true;
        };
    }

    // --------------------------------------------------------- skeleton --

    private static byte[] skeletonBytes(ClassFile cf, String internalName, RemoteInterfaces ri) {
        ClassDesc self = ClassDesc.ofInternalName(internalName);
        return cf.build(self, cb -> {
            cb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER | ClassFile.ACC_SYNTHETIC);
            cb.withInterfaceSymbols(CD_SKELETON);
            cb.withMethodBody(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_PUBLIC, code -> code
                .aload(0).invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void)
                .return_());
            cb.withMethodBody("dispatch", MTD_DISPATCH, ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL,
                              code -> dispatch(code, ri));
        });
    }

    /*
     * A tableswitch on the method number in a local slot: each method's case
     * generated by methodCase, which must not fall through, and a default
     * that throws IllegalArgumentException.
     */
    private static void methodSwitch(CodeBuilder code, int numberSlot, RemoteInterfaces ri,
                                     Consumer<Method> methodCase) {
        int methods = ri.size();
        Label dflt = code.newLabel();
        List<SwitchCase> cases = new ArrayList<>(methods);
        Label[] labels = new Label[methods];
        for (int i = 0; i < methods; i++) {
            labels[i] = code.newLabel();
            cases.add(SwitchCase.of(i, labels[i]));
        }
        code.iload(numberSlot);
        if (methods > 0) {
            code.tableswitch(0, methods - 1, dflt, cases);
        } else {
            code.pop().goto_(dflt);
        }
        for (int i = 0; i < methods; i++) {
            code.labelBinding(labels[i]);
            methodCase.accept(ri.method(i));
        }
        code.labelBinding(dflt);
        ClassDesc iae = desc(IllegalArgumentException.class);
        code.new_(iae).dup().ldc("unknown method number")
            .invokespecial(iae, ConstantDescs.INIT_NAME, MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_String))
            .athrow();
    }

    private static void dispatch(CodeBuilder code, RemoteInterfaces ri) {
        final int impl = 1, method = 2, call = 3, input = 4, first = 5;
        code.aload(call).invokevirtual(CD_SERVER_CALL, "arguments", MTD_INPUT).astore(input);
        methodSwitch(code, method, ri, m -> {
            Class<?>[] params = m.getParameterTypes();
            int[] slots = new int[params.length];
            int slot = first;
            for (int p = 0; p < params.length; p++) {
                slots[p] = slot;
                code.aload(input);
                read(code, params[p]);
                code.storeLocal(TypeKind.from(params[p]), slot);
                slot += TypeKind.from(params[p]).slotSize();
            }
            code.aload(call).invokevirtual(CD_SERVER_CALL, "invoking", MTD_VOID);
            ClassDesc declaring = desc(m.getDeclaringClass());
            code.aload(impl).checkcast(declaring);
            for (int p = 0; p < params.length; p++) {
                code.loadLocal(TypeKind.from(params[p]), slots[p]);
            }
            code.invokeinterface(declaring, m.getName(), methodDesc(m));
            Class<?> ret = m.getReturnType();
            if (ret == void.class) {
                code.aload(call).invokevirtual(CD_SERVER_CALL, "openResult", MTD_OUTPUT).pop();
            } else {
                code.storeLocal(TypeKind.from(ret), slot);
                code.aload(call).invokevirtual(CD_SERVER_CALL, "openResult", MTD_OUTPUT)
                    .loadLocal(TypeKind.from(ret), slot);
                write(code, ret);
            }
            code.return_();
        });
    }

    // ------------------------------------------------------------ types --

    /* ObjectOutput's method for a value of this type, on the stack above the stream. */
    private static void write(CodeBuilder code, Class<?> type) {
        // DataOutput takes byte, char and short as int
        ClassDesc arg = type == byte.class || type == char.class || type == short.class ? ConstantDescs.CD_int
                        : valueDesc(type);
        code.invokeinterface(CD_OUTPUT, "write" + ioSuffix(type), MethodTypeDesc.of(ConstantDescs.CD_void, arg));
    }

    /* The suffix of ObjectOutput's and ObjectInput's methods for this type: "Int", "Boolean", ..., "Object". */
    private static String ioSuffix(Class<?> type) {
        if (!type.isPrimitive()) {
            return "Object";
        }
        String name = type.getName();
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /* The type of a value as the streams pass it: itself if primitive, else Object. */
    private static ClassDesc valueDesc(Class<?> type) {
        return type.isPrimitive() ? type.describeConstable().orElseThrow() : ConstantDescs.CD_Object;
    }

    /* ObjectInput's method for a value of this type, the stream on the stack; leaves the value. */
    private static void read(CodeBuilder code, Class<?> type) {
        if (type == String.class) {
            // strings only, as stock RMI reads String values
            code.invokestatic(CD_SERVER_CALL, "readString", MethodTypeDesc.of(ConstantDescs.CD_String, CD_INPUT));
            return;
        }
        code.invokeinterface(CD_INPUT, "read" + ioSuffix(type), MethodTypeDesc.of(valueDesc(type)));
        if (!type.isPrimitive()) {
            code.checkcast(desc(type));
        }
    }

    private static MethodTypeDesc methodDesc(Method m) {
        return MethodTypeDesc.ofDescriptor(RemoteInterfaces.descriptor(m));
    }

    private static ClassDesc desc(Class<?> c) {
        return ClassDesc.ofDescriptor(c.descriptorString());
    }
}
