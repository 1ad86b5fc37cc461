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
 * @summary The deserialization filter decides before a class is initialized
 *          or gets a marshaler: a Victim whose static initializer sets a
 *          flag, read in a fresh JVM by a FastObjectInputStream whose filter
 *          (per stream, setObjectInputFilter, or JVM-wide,
 *          -Djdk.serialFilter=!FilterBeforeInitTest$Victim) rejects it,
 *          fails with InvalidClassException, and the flag is still false
 *          (the initializer did not run) and no class but Victim itself
 *          whose name mentions Victim was loaded (-Xlog:class+load: no
 *          generated marshaler). The JDK's ObjectInputStream, reading the
 *          JDK's bytes of the same object in the same JVM shape, behaves
 *          alike. Controls: without a filter both read a Victim, which
 *          initializes it, and the fast stream loads its marshaler.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm FilterBeforeInitTest
 */

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import grande.test.Command;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FilterBeforeInitTest {

    /** Set by Victim's static initializer. */
    static final AtomicBoolean VICTIM_INITIALIZED = new AtomicBoolean();

    static final String VICTIM = "FilterBeforeInitTest$Victim";

    /** A class whose initialization is observable; a marshaler would be generated for it. */
    static final class Victim implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        static {
            VICTIM_INITIALIZED.set(true);
        }

        int x;
        String s;

        Victim(int x, String s) {
            this.x = x;
            this.s = s;
        }
    }

    private static final Pattern LOADED = Pattern.compile("\\] (\\S+) source:");

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child(args[0], args[1], Path.of(args[2]));
            return;
        }
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        Path fast = dir.resolve("victim.fast");
        Path jdk = dir.resolve("victim.jdk");
        // This JVM initializes Victim; the readers are fresh JVMs.
        Victim v = new Victim(7, "seven");
        try (var out = new FastObjectOutputStream(Files.newOutputStream(fast))) {
            out.writeObject(v);
        }
        try (var out = new ObjectOutputStream(Files.newOutputStream(jdk))) {
            out.writeObject(v);
        }

        List<String> failures = new ArrayList<>();
        // Controls: without a filter, both read a Victim and initialize it; the fast one loads a marshaler.
        for (String format : List.of("fast", "jdk")) {
            Outcome o = read(format, "none", format.equals("fast") ? fast : jdk, dir);
            check(failures, o.result().equals("returned " + VICTIM), format + " without a filter reads a Victim: "
                  + o.result());
            check(failures, o.initialized(), format + " without a filter: Victim is initialized (the flag works)");
            if (format.equals("fast")) {
                check(failures, !o.otherVictimClasses().isEmpty(), "fast without a filter loads a generated "
                      + "class for Victim (so that the check below can see one): " + o.otherVictimClasses());
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("the controls failed; the test cannot tell anything:\n"
                                     + String.join("\n", failures));
        }
        for (String filter : List.of("stream", "jvm")) {
            for (String format : List.of("jdk", "fast")) {
                Outcome o = read(format, filter, format.equals("fast") ? fast : jdk, dir);
                String what = format + " stream, " + (filter.equals("jvm") ? "JVM-wide" : "per-stream")
                              + " filter rejecting Victim";
                check(failures, o.result().startsWith("threw java.io.InvalidClassException"),
                      what + ": InvalidClassException: " + o.result());
                check(failures, !o.initialized(), what + ": Victim's static initializer did not run");
                check(failures, o.otherVictimClasses().isEmpty(),
                      what + ": no class but Victim mentioning Victim is loaded: " + o.otherVictimClasses());
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " failures:\n" + String.join("\n", failures));
        }
        System.out.println("PASSED");
    }

    static void check(List<String> failures, boolean ok, String what) {
        System.out.println((ok ? "ok: " : "FAILED: ") + what);
        if (!ok) {
            failures.add(what);
        }
    }

    /** What a reader JVM did: its result, the flag, the classes it loaded that mention Victim but are not it. */
    record Outcome(String result, boolean initialized, List<String> otherVictimClasses) { }

    static Outcome read(String format, String filter, Path file, Path dir) throws Exception {
        Path log = dir.resolve("classload-" + format + "-" + filter + ".log");
        Files.deleteIfExists(log);
        List<String> cmd = Command.testJava();
        cmd.add("-Xlog:class+load=info:file=" + log);
        if (filter.equals("jvm")) {
            cmd.add("-Djdk.serialFilter=!" + VICTIM);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("FilterBeforeInitTest");
        cmd.add(format);
        cmd.add(filter);
        cmd.add(file.toString());
        Command.Result r = Command.run(cmd.toArray(String[]::new));
        System.out.println("reader " + format + " " + filter + " (exit " + r.exit() + "):\n" + r.output());
        expectEquals(0, r.exit(), "the reader's exit code");
        String result = line(r.output(), "RESULT ");
        boolean initialized = Boolean.parseBoolean(line(r.output(), "INITIALIZED "));
        List<String> loaded = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            Matcher m = LOADED.matcher(l);
            if (m.find() && m.group(1).contains("Victim")) {
                loaded.add(m.group(1));
            }
        }
        System.out.println("classes loaded that mention Victim: " + loaded);
        List<String> others = loaded.stream().filter(n -> !n.equals(VICTIM)).toList();
        return new Outcome(result, initialized, others);
    }

    static String line(String output, String prefix) {
        return output.lines().filter(l -> l.startsWith(prefix)).findFirst()
                     .map(l -> l.substring(prefix.length()))
                     .orElseThrow(() -> new AssertionError("the reader printed no " + prefix.trim()));
    }

    // ---------------------------------------------------------- the reader --

    static void child(String format, String filter, Path file) throws Exception {
        String result;
        try (InputStream bytes = new FileInputStream(file.toFile());
             ObjectInputStream in = format.equals("fast") ? new FastObjectInputStream(bytes)
                                                          : new ObjectInputStream(bytes)) {
            if (filter.equals("stream")) {
                // by name: a class literal here would not initialize Victim, but a name is plainer
                in.setObjectInputFilter(info -> info.serialClass() != null
                                                && info.serialClass().getName().equals(VICTIM)
                                                ? ObjectInputFilter.Status.REJECTED
                                                : ObjectInputFilter.Status.UNDECIDED);
            }
            try {
                Object o = in.readObject();
                result = "returned " + (o == null ? "null" : o.getClass().getName());
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                e.printStackTrace(System.out);
                result = "threw " + e;
            }
        }
        System.out.println("RESULT " + result);
        System.out.println("INITIALIZED " + VICTIM_INITIALIZED.get());
    }
}
