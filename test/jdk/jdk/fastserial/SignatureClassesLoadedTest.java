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
 * @summary The classes that signatures on the streams' hot paths name are
 *          loaded with the streams' first use, in a JVM whose streams never
 *          touch the FFM API (byte[] only) nor read a record: C2 does not
 *          inline a callee whose signature names a class not yet loaded, so
 *          code compiled before anything else loaded them kept every
 *          primitive read of a record's reader (ScopedMemoryAccess's
 *          accessors take a MemorySessionImpl), a fresh stream's
 *          construction (its constructors take a MemorySegment) and the
 *          accessors of reading plans (RecordPlan, Marshaler) as calls. A
 *          child JVM that writes and reads a plain object on byte[] streams
 *          logs its class loads; each class must come before the object is
 *          read back. C2 asks the loader of the callee's class, not the
 *          JVM: the java.base classes that the streams' constructors name
 *          (OutputStream among them, which an in-memory stream never uses)
 *          must also be recorded for the module's loader, as
 *          ClassLoader.findLoadedClass tells, before anything reflects on
 *          the streams. Classes from the image's CDS archive are linked
 *          without resolving them, so only the module's own code can.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm SignatureClassesLoadedTest
 */

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class SignatureClassesLoadedTest {

    /** A plain class: no record, no FFM. */
    static final class Counter implements Serializable {
        private static final long serialVersionUID = 1L;
        int count;
    }

    private static final String READ = "object read back";

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child();
            return;
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xlog:class+load=info",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("test.class.path"),
                SignatureClassesLoadedTest.class.getName(), "child");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        }
        expect(p.waitFor(60, TimeUnit.SECONDS), "the child ended");
        expectEquals(0, p.exitValue(), "the child's exit code; its output:\n" + String.join("\n", lines));

        int done = indexOf(lines, READ);
        expect(done >= 0, "the child read its object back");
        for (String cl : List.of("jdk.internal.foreign.MemorySessionImpl", "java.lang.foreign.MemorySegment",
                                 "jdk.internal.fastserial.RecordPlan", "jdk.fastserial.Marshaler")) {
            int at = indexOf(lines, " " + cl + " source:");
            expect(at >= 0 && at < done, cl + " was loaded (line " + at + ") before the object was read back (line "
                   + done + ") in a JVM whose streams used byte[] only and read no record");
        }
        for (String cl : SIGNATURE_CLASSES) {
            expect(lines.contains(RECORDED + cl), cl + " is recorded for jdk.fastserial's loader after the streams'"
                   + " first use; recorded: " + lines.stream().filter(l -> l.startsWith(RECORDED)).toList());
        }
    }

    /**
     * The java.base classes named by the signatures of the streams'
     * constructors: a fresh stream's construction is inlined only if the
     * module's loader knows each.
     */
    private static final List<String> SIGNATURE_CLASSES = List.of(
            "java.io.OutputStream", "java.io.InputStream", "java.io.ObjectOutputStream",
            "java.io.ObjectInputStream", "java.lang.foreign.MemorySegment");

    private static final String RECORDED = "recorded for the module's loader: ";

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    private static void child() throws Exception {
        Counter c = new Counter();
        c.count = 42;
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(c);
        out.flush();
        Counter back = (Counter) new FastObjectInputStream(out.toByteArray()).readObject();
        if (back == c || back.count != 42) {
            throw new AssertionError("read back a count of " + back.count);
        }
        System.out.println(READ);
        // Asked by name, before anything reflects on the streams' classes
        // (reflection would resolve their signatures through the loader).
        ClassLoader loader = FastObjectOutputStream.class.getClassLoader();
        Method findLoaded = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
        findLoaded.setAccessible(true);
        for (String cl : SIGNATURE_CLASSES) {
            if (findLoaded.invoke(loader, cl) != null) {
                System.out.println(RECORDED + cl);
            }
        }
    }
}
