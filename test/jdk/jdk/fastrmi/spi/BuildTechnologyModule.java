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
import java.nio.file.Path;
import java.util.List;

import grande.test.Modules;

/**
 * The driver of TechnologySpiTest#modulepath: compiles the "test"
 * technology (testtech/) with modulepath/module-info.java into the module
 * fastrmi.testtech under the directory named by its argument.
 */
public class BuildTechnologyModule {

    public static void main(String[] args) throws IOException {
        Path src = Path.of(System.getProperty("test.src"));
        Modules.compile(Path.of(args[0]), "fastrmi.testtech", List.of("-Xlint:all", "-Werror"),
                        src.resolve("modulepath/module-info.java"), src.resolve("testtech"));
    }
}
