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

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The stubs and skeletons of the platform's own remote interfaces (the
 * registry's, the DGC service's, the JMX connector's), generated when the
 * image is built and shipped as {@code lib/fastrmi-stubs.dat}: a JVM defines
 * them from these bytes instead of generating them. Generating runs the
 * class-file API, cold in a fresh JVM: measured on the image, 12 ms for the
 * registry's stub, 18 ms for the stub of JMX's {@code RMIConnection} and 3-5
 * ms for its skeleton, in every registry lookup and JMX connection of a new
 * JVM (Haumacher, Philippsen, Nester: KaRMI generated its stubs ahead of
 * time; here only where the interfaces are the image's own).
 *
 * <p>The file is trusted as the rest of the JDK's lib directory is, and used
 * only while it matches: it names the fingerprint of the generator that
 * wrote it (the class files of {@link ProxyGenerator} and {@code FastStub}
 * in this image), and each entry the signatures and hashes of its methods,
 * which must equal those of the interfaces loaded now. Anything else (no
 * file, another generator, a changed interface, a damaged file) and the
 * classes are generated as for any interface.
 *
 * <p>Written by {@link #main} after the image is linked (the top-level
 * Makefile's {@code platform-stubs}).
 */
final class PlatformStubs {

    /** The file's name in the image's lib directory. */
    static final String FILE_NAME = "fastrmi-stubs.dat";

    /** The interfaces whose classes the image ships, each a set of its own. */
    static final List<String> INTERFACES = List.of(
        "java.rmi.registry.Registry",
        "jdk.internal.fastrmi.dgc.DgcService",
        "javax.management.remote.rmi.RMIServer",
        "javax.management.remote.rmi.RMIConnection");

    private static final int MAGIC = 0x46525354;        // "FRST"
    private static final int VERSION = 1;
    /* bounds of a well-formed file: a damaged one must not allocate much */
    private static final int MAX_ENTRIES = 64;
    private static final int MAX_METHODS = 4096;
    private static final int MAX_CLASS_BYTES = 1 << 20;

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /** One interface set's classes, as the generator made them. */
    record Classes(String stubName, byte[] stub, String skeletonName, byte[] skeleton,
                   String[] signatures, long[] hashes) {

        /* the classes of ri, with its methods' signatures and hashes */
        static Classes of(RemoteInterfaces ri, String stubName, byte[] stub, String skeletonName, byte[] skeleton) {
            String[] signatures = new String[ri.size()];
            long[] hashes = new long[ri.size()];
            for (int n = 0; n < signatures.length; n++) {
                signatures[n] = signature(ri, n);
                hashes[n] = ri.hash(n);
            }
            return new Classes(stubName, stub, skeletonName, skeleton, signatures, hashes);
        }

        /* whether the interfaces loaded now have the methods these classes were made for */
        boolean fits(RemoteInterfaces ri) {
            if (ri.size() != signatures.length) {
                return false;
            }
            for (int n = 0; n < signatures.length; n++) {
                if (ri.hash(n) != hashes[n] || !signatures[n].equals(signature(ri, n))) {
                    return false;
                }
            }
            return true;
        }
    }

    /* the file's entries, by the names of their interfaces in order; read on first use */
    private static final class Shipped {
        static final Map<List<String>, Classes> ENTRIES = read(Path.of(System.getProperty("java.home"),
                                                                       "lib", FILE_NAME));
    }

    private PlatformStubs() { }

    /**
     * {@return the shipped classes of the interfaces, or null} The caller
     * has made sure they are the platform's ({@link ProxyGenerator}'s host).
     */
    static Classes find(RemoteInterfaces ri) {
        Class<?>[] interfaces = ri.interfacesShared();
        List<String> names = new ArrayList<>(interfaces.length);
        for (Class<?> c : interfaces) {
            names.add(c.getName());
        }
        Classes c = Shipped.ENTRIES.get(names);
        return c != null && c.fits(ri) ? c : null;
    }

    private static String signature(RemoteInterfaces ri, int n) {
        return ri.method(n).getName() + RemoteInterfaces.descriptor(ri.method(n));
    }

    /*
     * The generator's fingerprint: CRC-32C of the class files that decide
     * what it writes, as this image holds them.
     */
    static long generatorFingerprint() throws IOException {
        CRC32C crc = new CRC32C();
        for (Class<?> c : new Class<?>[] {ProxyGenerator.class, jdk.fastrmi.FastStub.class}) {
            String resource = c.getName().replace('.', '/') + ".class";
            try (InputStream in = c.getModule().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("no class file for " + c.getName());
                }
                crc.update(in.readAllBytes());
            }
        }
        return crc.getValue();
    }

    /* The entries of the file, none if it is missing, damaged or of another generator. */
    static Map<List<String>, Classes> read(Path file) {
        try {
            return parse(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> file + " not used; the platform's stubs are generated", e);
            return Map.of();
        }
    }

    static Map<List<String>, Classes> parse(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes));
        if (in.readInt() != MAGIC || in.readInt() != VERSION) {
            throw new IOException("not a stub file of this version");
        }
        if (in.readLong() != generatorFingerprint()) {
            throw new IOException("written by another generator");
        }
        int count = bounded(in.readInt(), MAX_ENTRIES, "entries");
        Map<List<String>, Classes> entries = new HashMap<>();
        for (int i = 0; i < count; i++) {
            int k = bounded(in.readInt(), MAX_ENTRIES, "interfaces");
            List<String> names = new ArrayList<>(k);
            for (int j = 0; j < k; j++) {
                names.add(in.readUTF());
            }
            int m = bounded(in.readInt(), MAX_METHODS, "methods");
            String[] signatures = new String[m];
            long[] hashes = new long[m];
            for (int j = 0; j < m; j++) {
                signatures[j] = in.readUTF();
                hashes[j] = in.readLong();
            }
            String stubName = in.readUTF();
            byte[] stub = new byte[bounded(in.readInt(), MAX_CLASS_BYTES, "stub bytes")];
            in.readFully(stub);
            String skeletonName = in.readUTF();
            byte[] skeleton = new byte[bounded(in.readInt(), MAX_CLASS_BYTES, "skeleton bytes")];
            in.readFully(skeleton);
            entries.put(List.copyOf(names), new Classes(stubName, stub, skeletonName, skeleton, signatures, hashes));
        }
        if (in.read() != -1) {
            throw new IOException("trailing bytes");
        }
        return Map.copyOf(entries);
    }

    private static int bounded(int n, int max, String what) throws IOException {
        if (n < 0 || n > max) {
            throw new IOException(what + ": " + n);
        }
        return n;
    }

    /* The file's bytes for the interface sets given, each generated now. */
    static byte[] write(List<String> interfaceNames) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeLong(generatorFingerprint());
        out.writeInt(interfaceNames.size());
        for (String name : interfaceNames) {
            Class<?> c = Class.forName(name, false, ClassLoader.getPlatformClassLoader());
            RemoteInterfaces ri = RemoteInterfaces.of(new Class<?>[] {c});
            Classes g = ProxyGenerator.platformClasses(ri);
            out.writeInt(1);
            out.writeUTF(name);
            out.writeInt(g.signatures().length);
            for (int n = 0; n < g.signatures().length; n++) {
                out.writeUTF(g.signatures()[n]);
                out.writeLong(g.hashes()[n]);
            }
            out.writeUTF(g.stubName());
            out.writeInt(g.stub().length);
            out.write(g.stub());
            out.writeUTF(g.skeletonName());
            out.writeInt(g.skeleton().length);
            out.write(g.skeleton());
        }
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Writes the file: {@code PlatformStubs FILE}, run on the image whose
     * classes it describes (with {@code --add-modules java.management.rmi},
     * whose interfaces it names). The file is written beside and moved in.
     *
     * @param args the file to write
     * @throws Exception if it cannot be written
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: PlatformStubs FILE");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        byte[] bytes = write(INTERFACES);
        if (parse(bytes).size() != INTERFACES.size()) {
            throw new IOException("the written file does not read back");
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("    " + file.getFileName() + ": the classes of " + INTERFACES.size()
                           + " platform remote interfaces, " + bytes.length + " bytes");
    }
}
