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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/** Builds the named modules that module tests put on a module path. */
public final class Modules {

    private Modules() { }

    /**
     * Compiles every .java file under the given files and directories, with
     * the javac options, into the module name under the directory outDir
     * (outDir/name); an AssertionError if javac fails or no module-info.class
     * results. The sources include a module-info.java.
     */
    public static Path compile(Path outDir, String name, List<String> options, Path... sources)
            throws IOException {
        Path out = outDir.resolve(name);
        List<String> javac = new ArrayList<>(List.of("-d", out.toString()));
        javac.addAll(options);
        for (Path source : sources) {
            try (Stream<Path> files = Files.walk(source)) {
                files.filter(f -> f.toString().endsWith(".java")).map(Path::toString).sorted().forEach(javac::add);
            }
        }
        System.out.println("javac " + String.join(" ", javac));
        int rc = ToolProvider.findFirst("javac").orElseThrow().run(System.out, System.err, javac.toArray(new String[0]));
        if (rc != 0) {
            throw new AssertionError("javac exited " + rc);
        }
        Checks.expect(Files.isRegularFile(out.resolve("module-info.class")),
                      "the module " + name + " was compiled into " + out);
        return out;
    }
}
