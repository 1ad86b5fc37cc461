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

package grande.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs an external command to completion and keeps its exit code and its
 * output (stdout and stderr merged, in order).
 */
public final class Command {

    /** What a command did: its exit code and its merged output. */
    public record Result(int exit, String output) {
        /** The output, or an AssertionError naming the exit code. */
        public String require() {
            if (exit != 0) {
                throw new AssertionError("command failed (exit " + exit + "):\n" + output);
            }
            return output;
        }
    }

    private Command() { }

    /** Runs cmd in dir with env added to this process's environment. */
    public static Result run(Path dir, Map<String, String> env, List<String> cmd)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.waitFor(), out);
    }

    /**
     * The start of a command line for a child JVM of the JDK under test: its
     * java, then the options jtreg gives test VMs ({@code test.vm.opts},
     * {@code test.java.opts}; none in {@code make test}), each once. The
     * list is the caller's to add flags, class path and main class to.
     */
    public static List<String> testJava() {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Set<String> inherited = new LinkedHashSet<>();
        for (String property : List.of("test.vm.opts", "test.java.opts")) {
            String options = System.getProperty(property, "").trim();
            if (!options.isEmpty()) {
                inherited.addAll(List.of(options.split("\\s+")));
            }
        }
        cmd.addAll(inherited);
        return cmd;
    }

    /** Runs cmd in the current directory with this process's environment. */
    public static Result run(String... cmd) throws IOException, InterruptedException {
        return run(null, Map.of(), List.of(cmd));
    }

    /**
     * Runs cmd as {@link #run(String...)} does, within a deadline: if it has
     * not ended after the given seconds (not scaled), it is killed and the
     * result is an AssertionError with what it printed so far.
     */
    public static Result runWithin(long seconds, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException e) {
                // the process was killed: its output ends here
            }
        }, "command-output");
        reader.setDaemon(true);
        reader.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            reader.join(TimeUnit.SECONDS.toMillis(5));
            throw new AssertionError(String.join(" ", cmd) + ": still running after " + seconds
                                     + " s, killed; its output:\n" + out.toString(StandardCharsets.UTF_8));
        }
        reader.join(TimeUnit.SECONDS.toMillis(5));
        return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8));
    }
}
