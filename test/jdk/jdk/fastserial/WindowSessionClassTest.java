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
 * @summary The class that every ScopedMemoryAccess accessor names in its
 *          signature (MemorySessionImpl) is loaded with the streams'
 *          Window, in a JVM whose streams never touch the FFM API (byte[]
 *          only): C2 does not inline a callee whose signature names a class
 *          not yet loaded, so code compiled before anything else loaded it
 *          kept every primitive read of a record's reader as a call. A
 *          child JVM that writes and reads a record on byte[] streams logs
 *          its class loads; the session class must come before the record's
 *          reader is generated (the first code that reads through the
 *          window's accessors).
 * @library /lib
 * @build grande.test.*
 * @run main/othervm WindowSessionClassTest
 */

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class WindowSessionClassTest {

    record Quote(long id, String symbol, double bid, double ask, int size, boolean open)
            implements Serializable { }

    private static final String READ = "record read back";

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child();
            return;
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xlog:class+load=info",
                "-cp", System.getProperty("test.class.path"),
                WindowSessionClassTest.class.getName(), "child");
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

        int window = indexOf(lines, " jdk.internal.fastserial.Window source:");
        int session = indexOf(lines, " jdk.internal.foreign.MemorySessionImpl source:");
        int reader = indexOf(lines, " jdk.internal.fastserial.RecordReader/");
        int done = indexOf(lines, READ);
        expect(window >= 0 && reader >= 0 && done >= 0,
               "the log has the window, the record's reader and the read: " + window + ", " + reader + ", " + done);
        expect(session >= 0, "MemorySessionImpl was loaded in a JVM whose streams used byte[] only");
        expect(session < reader, "MemorySessionImpl (line " + session
               + ") was loaded before the record's reader was generated (line " + reader + ")");
        System.out.println("window at line " + window + ", session class at " + session + ", reader at " + reader);
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    private static void child() throws Exception {
        Quote q = new Quote(42L, "GRND", 1.25, 1.5, 300, true);
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(q);
        out.flush();
        Object back = new FastObjectInputStream(out.toByteArray()).readObject();
        if (!q.equals(back)) {
            throw new AssertionError("read back " + back + ", wrote " + q);
        }
        System.out.println(READ);
    }
}
