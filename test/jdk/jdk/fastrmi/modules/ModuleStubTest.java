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

/*
 * @test
 * @summary jdk.fastrmi makes stubs of the remote interfaces of a named
 *          module (app/, fastrmi.app, which does not read jdk.fastrmi) only
 *          where the module let it, and grants nothing of the module that it
 *          did not declare: a public interface of an exported package, or of
 *          a package exported to jdk.fastrmi, gets its stub and skeleton in
 *          jdk.fastrmi's dynamic module of the loader (jdk.fastrmi.stubsN),
 *          which local and remote calls run through; a public interface of
 *          a package exported to no one, or one whose methods name such a
 *          package's types, fails with an ExportException naming the
 *          "exports ... to jdk.fastrmi" needed; a non-public interface gets
 *          its classes in its own package if that is open to jdk.fastrmi,
 *          and fails naming the "opens ... to jdk.fastrmi" needed if not.
 *          The module's exports, opens and reads are checked before and
 *          after each export (Module.isExported, isOpen, canRead).
 * @modules java.rmi jdk.fastrmi/jdk.internal.fastrmi jdk.fastrmi/jdk.fastrmi:open jdk.compiler
 * @library /lib
 * @build grande.test.* BuildAppModule
 * @run driver BuildAppModule mods
 * @run main/othervm --module-path mods --add-modules fastrmi.app -Djava.rmi.provider=fastrmi
 *      -Djava.rmi.server.hostname=127.0.0.1 ModuleStubTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.rmi.Remote;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import jdk.fastrmi.FastRMI;
import jdk.fastrmi.FastStub;
import jdk.internal.fastrmi.RemoteReference;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class ModuleStubTest {

    static final String APP = "fastrmi.app";
    static final Module FASTRMI = FastRMI.class.getModule();

    /* What module-info.java of app/ declares, as isExported/isOpen/canRead see it (an open package is exported too). */
    static final Set<String> DECLARED = new TreeSet<>(Set.of(
        "exports fastrmi.app.api",
        "exports fastrmi.app.api to jdk.fastrmi",
        "exports fastrmi.app.asked to jdk.fastrmi",
        "exports fastrmi.app.opened to jdk.fastrmi",
        "opens fastrmi.app.opened to jdk.fastrmi"));

    static Module app;
    static Class<?> appClass;

    public static void main(String[] args) throws Exception {
        app = ModuleLayer.boot().findModule(APP).orElseThrow();
        appClass = Class.forName("fastrmi.app.api.App");
        expectEquals(DECLARED, grants(), "what " + APP + " grants jdk.fastrmi and all before any export");
        expect(!app.canRead(FASTRMI), APP + " does not read jdk.fastrmi");

        // public interfaces the module exports, to all or to jdk.fastrmi
        Module dynamic = null;
        for (String kind : new String[] {"api", "asked"}) {
            Remote impl = (Remote) call("object", kind);
            Remote stub = UnicastRemoteObject.exportObject(impl, 0);
            Class<?> c = stub.getClass();
            expect(stub instanceof FastStub && c.isHidden(), kind + ": the stub is a hidden FastStub: " + c);
            Module m = c.getModule();
            expect(m.isNamed() && m.getName().startsWith("jdk.fastrmi.stubs"),
                   kind + ": the stub is in jdk.fastrmi's dynamic module: " + m);
            expectEquals(m.getName(), c.getPackageName(), kind + ": the dynamic module's package");
            expect(dynamic == null || dynamic == m, kind + ": one dynamic module per class loader");
            dynamic = m;
            expect(!m.isExported(c.getPackageName()) && m.isOpen(c.getPackageName(), FASTRMI)
                   && !m.isOpen(c.getPackageName()),
                   kind + ": the dynamic module exports nothing and opens its package to jdk.fastrmi alone");
            expectEquals("local", FastRMI.technology(stub), kind + ": a stub of this JVM calls locally");
            calls(kind, stub);
            Remote remote = remotely(stub);
            expect(!"local".equals(FastRMI.technology(remote)),
                   kind + ": the forced reference calls over " + FastRMI.technology(remote));
            calls(kind, remote);
            UnicastRemoteObject.unexportObject(impl, true);
            expectEquals(DECLARED, grants(), "what " + APP + " grants after exporting " + kind);
            expect(!app.canRead(FASTRMI), APP + " still does not read jdk.fastrmi");
        }
        String asked = "fastrmi.app.asked";
        expect(app.isExported(asked, dynamic) && !app.isOpen(asked, dynamic),
               "jdk.fastrmi exported " + asked + ", exported to it, on to its dynamic module (not opened)");
        expect(!app.isExported("fastrmi.app.hidden", dynamic) && !app.isExported("fastrmi.app.closed", dynamic),
               "the dynamic module gets no other package of " + APP);

        // what the module did not let jdk.fastrmi do
        refused("hidden", "the stub of [interface fastrmi.app.hidden.Hidden] names interface fastrmi.app.hidden.Hidden,"
                + " but module fastrmi.app exports package fastrmi.app.hidden neither to all modules nor to"
                + " jdk.fastrmi: add \"exports fastrmi.app.hidden to jdk.fastrmi;\" to its module declaration");
        refused("leaky", "names class fastrmi.app.hidden.Secret, but module fastrmi.app exports package"
                + " fastrmi.app.hidden neither to all modules nor to jdk.fastrmi: add"
                + " \"exports fastrmi.app.hidden to jdk.fastrmi;\"");
        refused("closed", "the stub of interface fastrmi.app.closed.Closed (not public) is defined in its package,"
                + " which module fastrmi.app does not open to jdk.fastrmi: add"
                + " \"opens fastrmi.app.closed to jdk.fastrmi;\" to its module declaration");
        expect(!app.canRead(FASTRMI), APP + " still does not read jdk.fastrmi");

        // a non-public interface of a package open to jdk.fastrmi
        Remote impl = (Remote) call("object", "opened");
        Remote stub = UnicastRemoteObject.exportObject(impl, 0);
        Class<?> c = stub.getClass();
        expect(stub instanceof FastStub && c.isHidden() && c.getModule() == app
               && c.getPackageName().equals("fastrmi.app.opened"),
               "opened: the stub is a hidden FastStub in the interface's package: " + c);
        calls("opened", stub);
        calls("opened", remotely(stub));
        UnicastRemoteObject.unexportObject(impl, true);
        Set<String> after = new TreeSet<>(DECLARED);
        after.add("fastrmi.app reads jdk.fastrmi");
        expectEquals(after, grants(), "what " + APP + " grants after exporting opened: it was made to read"
                     + " jdk.fastrmi, which the classes jdk.fastrmi defined in the package it opened need");
    }

    /* Greets and doubles through the kind's interface; a local call passes a copy of the array. */
    static void calls(String kind, Remote stub) throws Exception {
        expectEquals(kind + " greets x", call("greet", kind, stub, "x"), kind + ": greet");
        int[] values = {1, 2, 3};
        int[] r = (int[]) call("twice", kind, stub, values);
        expect(Arrays.equals(new int[] {2, 4, 6}, r) && values[0] == 1,
               kind + ": twice over " + FastRMI.technology(stub) + ", the argument copied: " + Arrays.toString(r));
    }

    static void refused(String kind, String message) throws Exception {
        Remote impl = (Remote) call("object", kind);
        ExportException e = expectThrows(ExportException.class, () -> UnicastRemoteObject.exportObject(impl, 0),
                                         kind + ": no stub");
        expect(e.getMessage().contains(message), kind + ": the exception says what to add to the module"
               + " declaration:\n  " + e.getMessage() + "\ncontains\n  " + message);
        expectEquals(DECLARED, grants(), "what " + APP + " grants after failing to export " + kind);
    }

    /*
     * The exports and opens of fastrmi.app to all and to jdk.fastrmi, and
     * whether it reads jdk.fastrmi, in the words of a module declaration.
     */
    static Set<String> grants() {
        Set<String> s = new TreeSet<>();
        for (String p : app.getPackages()) {
            if (app.isExported(p)) {
                s.add("exports " + p);
            }
            if (app.isOpen(p)) {
                s.add("opens " + p);
            }
            if (app.isExported(p, FASTRMI)) {
                s.add("exports " + p + " to jdk.fastrmi");
            }
            if (app.isOpen(p, FASTRMI)) {
                s.add("opens " + p + " to jdk.fastrmi");
            }
        }
        if (app.canRead(FASTRMI)) {
            s.add(APP + " reads jdk.fastrmi");
        }
        return s;
    }

    static Object call(String name, Object... args) throws Exception {
        for (Method m : appClass.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                try {
                    return m.invoke(null, args);
                } catch (InvocationTargetException e) {
                    throw (Exception) e.getCause();
                }
            }
        }
        throw new AssertionError("App." + name);
    }

    /* A stub of the same object through a reference of another exporter id: calls go over a technology. */
    static Remote remotely(Remote stub) throws Exception {
        Method writeReplace = FastStub.class.getDeclaredMethod("writeReplace");
        writeReplace.setAccessible(true);
        RemoteReference ref = (RemoteReference) writeReplace.invoke(stub);
        RemoteReference foreign = new RemoteReference(ref.interfaces(), ref.objectId(), ref.exporter() + 1,
                                                      ref.endpoints());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(foreign);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Remote) in.readObject();
        }
    }
}
