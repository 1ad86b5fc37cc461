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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a version of some classes from source text into a directory of
 * its own and loads it in a class loader of its own, so that two versions
 * of a class of the same name live side by side in one JVM.
 */
public final class SourceVersions {

    private SourceVersions() { }

    /**
     * Compiles sources (file name relative to the source root, e.g.
     * "evo/A.java", to its text) into dir/classes; the classes' URL.
     */
    public static URL compile(Path dir, Map<String, String> sources) {
        try {
            Path src = dir.resolve("src");
            Path classes = dir.resolve("classes");
            Files.createDirectories(classes);
            List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-nowarn",
                    "-cp", System.getProperty("java.class.path")));
            // the options jtreg gives its compilations (none in `make test`)
            String options = System.getProperty("test.compiler.opts", "").trim();
            if (!options.isEmpty()) {
                args.addAll(List.of(options.split("\\s+")));
            }
            for (Map.Entry<String, String> e : sources.entrySet()) {
                Path file = src.resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, e.getValue());
                args.add(file.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            int rc = javac.run(null, System.out, System.err, args.toArray(String[]::new));
            if (rc != 0) {
                throw new AssertionError("javac failed for " + dir + " (exit " + rc + ")");
            }
            return classes.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new class loader for the classes at url, delegating to the test's class loader first. */
    public static URLClassLoader loader(String name, URL url) {
        return new URLClassLoader(name, new URL[] { url }, SourceVersions.class.getClassLoader());
    }
}
