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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * The driver of ModuleStubTest: compiles app/ (module-info.java and the
 * packages of fastrmi.app) into the module fastrmi.app under the directory
 * named by its argument.
 */
public class BuildAppModule {

    public static void main(String[] args) throws IOException {
        Path src = Path.of(System.getProperty("test.src"), "app");
        Path out = Path.of(args[0], "fastrmi.app");
        // -exports: Leaky, exported, names a type of a non-exported package on purpose;
        // -missing-explicit-ctor: the implementations of the exported package have default constructors
        List<String> javac = new ArrayList<>(List.of("-d", out.toString(),
                                                     "-Xlint:all,-exports,-missing-explicit-ctor", "-Werror"));
        try (Stream<Path> files = Files.walk(src)) {
            files.filter(f -> f.toString().endsWith(".java")).map(Path::toString).sorted().forEach(javac::add);
        }
        System.out.println("javac " + String.join(" ", javac));
        int rc = ToolProvider.findFirst("javac").orElseThrow().run(System.out, System.err, javac.toArray(new String[0]));
        if (rc != 0) {
            throw new AssertionError("javac exited " + rc);
        }
        grande.test.Checks.expect(Files.isRegularFile(out.resolve("module-info.class")),
                                  "the module fastrmi.app was compiled into " + out);
    }
}
