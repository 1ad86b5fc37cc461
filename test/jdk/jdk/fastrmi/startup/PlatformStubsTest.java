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
 * @summary The image ships the stubs and skeletons of the platform's remote
 *          interfaces (lib/fastrmi-stubs.dat): the file holds what the
 *          generator makes now; a registry and a JMX connection on
 *          jdk.fastrmi in a child JVM define those classes from it and
 *          generate none of them (the names of generated classes carry a
 *          serial number, the shipped ones none), and their calls work; a
 *          file that is missing, damaged, truncated, of another generator or
 *          of other methods than the loaded interface's is not used.
 * @library /lib
 * @modules jdk.fastrmi/jdk.internal.fastrmi:+open java.management.rmi
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp PlatformStubsTest
 */

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class PlatformStubsTest {

    private static final Path SHIPPED = Path.of(System.getProperty("java.home"), "lib", "fastrmi-stubs.dat");
    /* a class of the platform's interfaces that the generator made in this JVM: a serial number after the name */
    private static final Pattern GENERATED = Pattern.compile(
        "jdk\\.internal\\.fastrmi\\.(Registry|DgcService|RMIServer|RMIConnection)\\$Fast(Stub|Skeleton)\\d");

    private static Class<?> platformStubs;
    private static Class<?> classesRecord;

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("jmx")) {
            jmxChild();
            return;
        }
        platformStubs = Class.forName("jdk.internal.fastrmi.PlatformStubs");
        classesRecord = Class.forName("jdk.internal.fastrmi.PlatformStubs$Classes");
        shippedFileIsCurrent();
        childUsesShippedClasses();
        damagedFilesAreNotUsed();
        entriesFitOnlyTheirMethods();
        System.out.println("PASSED");
    }

    /* The image's file is what the generator writes from this image's classes, byte for byte. */
    static void shippedFileIsCurrent() throws Exception {
        expect(Files.isRegularFile(SHIPPED), "the image has " + SHIPPED
               + " (written by the Makefile's platform-stubs step)");
        List<?> interfaces = (List<?>) field("INTERFACES");
        byte[] now = (byte[]) call("write", new Class<?>[] {List.class}, interfaces);
        expect(Arrays.equals(now, Files.readAllBytes(SHIPPED)),
               "the image's file is what the generator writes now (else: make platform-stubs)");
        Map<?, ?> entries = read(SHIPPED);
        expectEquals(interfaces.size(), entries.size(), "entries read from " + SHIPPED);
    }

    /*
     * A child JVM with a registry, a JMX connector server and a client of
     * both: the platform's classes come from the file, and calls through
     * them work.
     */
    static void childUsesShippedClasses() throws Exception {
        try (ChildJvm child = ChildJvm.start("jmx", List.of("-Xlog:class+load=info:stdout:none"),
                                             PlatformStubsTest.class.getName(), "jmx")) {
            String uptime = child.awaitLine("UPTIME ", 120);
            expect(Long.parseLong(uptime) >= 0, "the uptime read over JMX: " + uptime);
            expectEquals(0, child.awaitExit(60), "the child's exit code");
            for (String shipped : List.of("Registry$FastStub/", "Registry$FastSkeleton/",
                                          "RMIServer$FastStub/", "RMIServer$FastSkeleton/",
                                          "RMIConnection$FastStub/", "RMIConnection$FastSkeleton/")) {
                expect(child.printedContaining("jdk.internal.fastrmi." + shipped),
                       "the child defined the shipped jdk.internal.fastrmi." + shipped);
            }
            expect(!child.printedMatching(GENERATED), "the child generated no class of a platform interface");
        }
    }

    static void jmxChild() throws Exception {
        ChildJvm.exitWithParent();
        int port = freePort();
        LocateRegistry.createRegistry(port);
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + ChildJvm.HOST + ":" + port
                                              + "/jmxrmi");
        JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(
            url, null, ManagementFactory.getPlatformMBeanServer());
        server.start();
        try (JMXConnector client = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection c = client.getMBeanServerConnection();
            Object uptime = c.getAttribute(new ObjectName(ManagementFactory.RUNTIME_MXBEAN_NAME), "Uptime");
            System.out.println("UPTIME " + uptime);
        } finally {
            server.stop();
        }
        System.exit(0);
    }

    /* A port free a moment ago on the loopback address. */
    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getByName(ChildJvm.HOST))) {
            return socket.getLocalPort();
        }
    }

    /* Files that do not match in any way read as no entries, so every class is generated. */
    static void damagedFilesAreNotUsed() throws Exception {
        byte[] good = Files.readAllBytes(SHIPPED);
        Path dir = Files.createTempDirectory(Path.of("."), "stubs");
        expectEquals(0, read(dir.resolve("missing.dat")).size(), "entries of a missing file");
        int[] cuts = {0, 3, 4, 8, 15, 16, 20, 40, good.length / 2, good.length - 1};
        for (int cut : cuts) {
            expectEquals(0, readBytes(dir, Arrays.copyOf(good, cut)).size(), "entries of the file cut at " + cut);
        }
        // every shorter file, in memory: parse fails on each (read then uses none of it)
        Method parse = platformStubs.getDeclaredMethod("parse", byte[].class);
        parse.setAccessible(true);
        List<String> wrong = new ArrayList<>();
        for (int cut = 0; cut < good.length; cut += cut < good.length - 256 ? 13 : 1) {
            try {
                parse.invoke(null, (Object) Arrays.copyOf(good, cut));
                wrong.add("cut at " + cut + ": parsed");
            } catch (InvocationTargetException e) {
                if (!(e.getCause() instanceof IOException)) {
                    wrong.add("cut at " + cut + ": " + e.getCause());
                }
            }
        }
        expectEquals(List.of(), wrong, "cut files that did not fail with an IOException");
        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        expectEquals(0, readBytes(dir, trailing).size(), "entries of the file with a trailing byte");
        // magic, version, fingerprint (another generator), entry count beyond the bound
        for (int at : new int[] {0, 7, 8, 15}) {
            byte[] b = good.clone();
            b[at] ^= 0x40;
            expectEquals(0, readBytes(dir, b).size(), "entries of the file with byte " + at + " changed");
        }
        byte[] count = good.clone();
        count[16] = 0x7f;
        expectEquals(0, readBytes(dir, count).size(), "entries of a file claiming 2^31 entries");
        expectEquals(((List<?>) field("INTERFACES")).size(), readBytes(dir, good).size(),
                     "entries of an unchanged copy of the file");
    }

    /* An entry serves only the interface whose method signatures and hashes it names. */
    static void entriesFitOnlyTheirMethods() throws Exception {
        Map<?, ?> entries = read(SHIPPED);
        Object registry = entries.get(List.of(Registry.class.getName()));
        expect(registry != null, "the file has the registry's classes");
        Class<?> riClass = Class.forName("jdk.internal.fastrmi.RemoteInterfaces");
        Object ri = riClass.getMethod("of", Class[].class).invoke(null, (Object) new Class<?>[] {Registry.class});
        Method fits = classesRecord.getDeclaredMethod("fits", riClass);
        fits.setAccessible(true);
        expect((boolean) fits.invoke(registry, ri), "the registry's entry fits the registry");

        String[] signatures = (String[]) component(registry, "signatures");
        long[] hashes = (long[]) component(registry, "hashes");
        long[] otherHash = hashes.clone();
        otherHash[0] ^= 1;
        expect(!(boolean) fits.invoke(withMethods(registry, signatures, otherHash), ri),
               "an entry with another hash of a method does not fit");
        String[] otherSignature = signatures.clone();
        otherSignature[1] = otherSignature[1].replace(")", "I)");
        expect(!(boolean) fits.invoke(withMethods(registry, otherSignature, hashes), ri),
               "an entry with another signature of a method does not fit");
        expect(!(boolean) fits.invoke(withMethods(registry, Arrays.copyOf(signatures, signatures.length - 1),
                                                  Arrays.copyOf(hashes, hashes.length - 1)), ri),
               "an entry with a method fewer does not fit");
        Object rmiServer = entries.get(List.of("javax.management.remote.rmi.RMIServer"));
        expect(!(boolean) fits.invoke(rmiServer, ri), "the RMIServer's entry does not fit the registry");
    }

    private static Object withMethods(Object entry, String[] signatures, long[] hashes) throws Exception {
        Constructor<?> c = classesRecord.getDeclaredConstructors()[0];
        c.setAccessible(true);
        return c.newInstance(component(entry, "stubName"), component(entry, "stub"),
                             component(entry, "skeletonName"), component(entry, "skeleton"), signatures, hashes);
    }

    private static Object component(Object record, String name) throws Exception {
        Method m = classesRecord.getDeclaredMethod(name);
        m.setAccessible(true);
        return m.invoke(record);
    }

    private static Map<?, ?> readBytes(Path dir, byte[] bytes) throws Exception {
        Path f = Files.createTempFile(dir, "stubs", ".dat");
        Files.write(f, bytes);
        return read(f);
    }

    private static Map<?, ?> read(Path file) throws Exception {
        return (Map<?, ?>) call("read", new Class<?>[] {Path.class}, file);
    }

    private static Object call(String name, Class<?>[] types, Object... args) throws Exception {
        Method m = platformStubs.getDeclaredMethod(name, types);
        m.setAccessible(true);
        return m.invoke(null, args);
    }

    private static Object field(String name) throws Exception {
        var f = platformStubs.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(null);
    }
}
