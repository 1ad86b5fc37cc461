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
 * @summary The image under test is GrandeJDK 25.0.3: it names itself, holds
 *          the modules jdk.fastserial and jdk.fastrmi, and ships a working
 *          libfastfabric.
 * @library /lib
 * @run main/othervm --enable-native-access=ALL-UNNAMED ImageIdentity
 */

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import grande.test.Command;
import static grande.test.Checks.expect;

public class ImageIdentity {

    static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

    public static void main(String[] args) throws Throwable {
        checkVersion();
        checkJavaVersionOutput();
        checkModules();
        checkFabricLibrary();
    }

    static void checkVersion() {
        Runtime.Version v = Runtime.version();
        expect(v.feature() == 25 && v.interim() == 0 && v.update() == 3,
               "Runtime.version() is 25.0.3, got " + v);
        expect(v.optional().orElse("").equals("grande"),
               "Runtime.version() carries the opt 'grande', got " + v);
        expect("GrandeJDK".equals(System.getProperty("java.vendor")),
               "java.vendor is GrandeJDK, got " + System.getProperty("java.vendor"));
        expect("GrandeJDK-25.0.3".equals(System.getProperty("java.vendor.version")),
               "java.vendor.version is GrandeJDK-25.0.3, got "
               + System.getProperty("java.vendor.version"));
    }

    static void checkJavaVersionOutput() throws Exception {
        String out = run("-version");
        expect(out.contains("GrandeJDK-25.0.3"), "java -version names GrandeJDK:\n" + out);
    }

    static void checkModules() throws Exception {
        List<String> listed = run("--list-modules").lines()
                .map(l -> l.replaceFirst("@.*", ""))
                .toList();
        for (String m : List.of("jdk.fastserial", "jdk.fastrmi")) {
            expect(listed.contains(m), "java --list-modules lists " + m + ": " + listed);
        }

        ModuleDescriptor serial = ModuleFinder.ofSystem().find("jdk.fastserial")
                .orElseThrow().descriptor();
        expect(exported(serial).equals(Set.of("jdk.fastserial")),
               "jdk.fastserial exports exactly jdk.fastserial: " + serial);
        expect(serial.requires().stream().noneMatch(r -> r.name().equals("java.rmi"))
                       && serial.provides().isEmpty(),
               "jdk.fastserial neither requires java.rmi nor provides its services: " + serial);
        for (String m : List.of("jdk.fastserial", "jdk.fastrmi")) {
            expect(ModuleLayer.boot().findModule(m).orElseThrow().getClassLoader()
                           == ClassLoader.getPlatformClassLoader(),
                   m + " is defined by the platform class loader");
        }
        ModuleDescriptor rmi = ModuleFinder.ofSystem().find("jdk.fastrmi")
                .orElseThrow().descriptor();
        expect(exported(rmi).equals(Set.of("jdk.fastrmi", "jdk.fastrmi.spi", "jdk.fastrmi.node")),
               "jdk.fastrmi exports exactly jdk.fastrmi, jdk.fastrmi.spi and jdk.fastrmi.node: " + rmi);
        expect(rmi.provides().stream().anyMatch(p -> p.service().equals("sun.rmi.server.RemoteProvider")
                                                     && p.providers().equals(
                                                         List.of("jdk.internal.fastrmi.FastRemoteProvider"))),
               "jdk.fastrmi provides the RMI provider behind java.rmi's entry points: " + rmi);
        expect(rmi.uses().contains("jdk.fastrmi.spi.TechnologyProvider"),
               "jdk.fastrmi loads its transport technologies as services: " + rmi);
        expect(rmi.provides().stream().anyMatch(p -> p.service().equals("jdk.fastrmi.spi.TechnologyProvider")
                                                     && p.providers().containsAll(List.of(
                                                         "jdk.internal.fastrmi.tcp.TcpTechnologyProvider",
                                                         "jdk.internal.fastrmi.fabric.FabricTechnologyProvider"))),
               "jdk.fastrmi provides its tcp and fabric technologies: " + rmi);
        expect(rmi.provides().stream().anyMatch(p -> p.service().equals("sun.rmi.server.MarshalStreamProvider")
                                                     && p.providers().equals(List.of(
                                                         "jdk.internal.fastrmi.jrmp.FastMarshalStreamProvider"))),
               "jdk.fastrmi provides stock RMI's marshal streams on jdk.fastserial: " + rmi);
        ModuleDescriptor javaRmi = ModuleFinder.ofSystem().find("java.rmi").orElseThrow().descriptor();
        expect(javaRmi.exports().stream().noneMatch(e -> e.targets().contains("jdk.fastserial")),
               "java.rmi exports nothing to jdk.fastserial: " + javaRmi);
        Set<String> requires = rmi.requires().stream()
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
        expect(requires.containsAll(Set.of("java.rmi", "jdk.fastserial")),
               "jdk.fastrmi requires java.rmi and jdk.fastserial: " + requires);

        // The classes load from the image and carry their documented values.
        Class<?> fs = Class.forName("jdk.fastserial.FastSerialization");
        expect(fs.getModule().getName().equals("jdk.fastserial"),
               "FastSerialization is in module jdk.fastserial");
        expect(fs.getField("PROTOCOL_VERSION").getInt(null) == 2,
               "FastSerialization.PROTOCOL_VERSION is 2");
        Class<?> fr = Class.forName("jdk.fastrmi.FastRMI");
        expect(fr.getModule().getName().equals("jdk.fastrmi"),
               "FastRMI is in module jdk.fastrmi");
    }

    static void checkFabricLibrary() throws Throwable {
        Path lib = JAVA_HOME.resolve("lib").resolve("libfastfabric.so");
        expect(Files.isRegularFile(lib), "the image ships " + lib);
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup lookup = SymbolLookup.libraryLookup(lib, arena);
            MethodHandle version = Linker.nativeLinker().downcallHandle(
                    lookup.find("ff_version").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
            int v = (int) version.invokeExact();
            expect(v >= 1, "ff_version() from the image's libfastfabric answers, got 0x"
                   + Integer.toHexString(v));
            MethodHandle available = Linker.nativeLinker().downcallHandle(
                    lookup.find("ff_provider_available").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            int shm = (int) available.invokeExact(arena.allocateFrom("shm"));
            expect(shm == 1, "libfabric's shm provider is usable through FFM, got " + shm);
            int bogus = (int) available.invokeExact(arena.allocateFrom("no-such-provider"));
            expect(bogus == 0, "an unknown provider is absent through FFM, got " + bogus);
        }
    }

    static Set<String> exported(ModuleDescriptor d) {
        return d.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
    }

    static String run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA_HOME.resolve("bin").resolve("java").toString());
        cmd.addAll(List.of(args));
        return Command.run(cmd.toArray(String[]::new)).require();
    }
}
