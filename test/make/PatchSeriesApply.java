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
 * @summary Every patch in hotspot-intrinsics/series and jdk-patches/series
 *          has its what/why/tested header, every prefix of the series
 *          applies to the pristine OpenJDK source (scripts/check-series.sh
 *          --apply-only, which names a failing hunk), and build/openjdk
 *          holds exactly that series, in that order.
 * @library /lib
 * @run main PatchSeriesApply
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import grande.test.Command;
import static grande.test.Checks.expect;
import static grande.test.Checks.requiredEnv;

public class PatchSeriesApply {

    /** The order scripts/series-lib.sh applies them in: the VM side first. */
    static final List<String> SERIES_DIRS = List.of("hotspot-intrinsics", "jdk-patches");

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(requiredEnv("GRANDE_REPO"));
        Path source = Path.of(requiredEnv("GRANDE_SOURCE"));

        List<String> entries = new ArrayList<>();
        for (String dir : SERIES_DIRS) {
            for (String line : Files.readAllLines(repo.resolve(dir).resolve("series"))) {
                String name = line.strip();
                if (!name.isEmpty() && !name.startsWith("#")) {
                    entries.add(dir + "/" + name);
                }
            }
        }
        System.out.println("series: " + entries);

        for (String entry : entries) {
            checkHeader(entry, Files.readString(repo.resolve(entry)));
        }

        // Every prefix applies, in scratch indexes: build/openjdk's work
        // tree is not touched.
        Command.Result check = Command.run(null, Map.of(), List.of(
                repo.resolve("scripts/check-series.sh").toString(), source.toString(),
                "/nonexistent", "--apply-only"));
        System.out.println(check.output());
        expect(check.exit() == 0, "scripts/check-series.sh --apply-only failed");
        for (int i = 0; i < entries.size(); i++) {
            String line = "applies: " + (i + 1) + "/" + entries.size() + " " + entries.get(i);
            expect(check.output().lines().anyMatch(line::equals), "no line '" + line + "'");
        }

        // The tree that was built is the series, in the same order.
        List<String> applied = git(source, "log", "--reverse", "--format=%s",
                                   "pristine..HEAD").require().lines().toList();
        if (!applied.equals(entries)) {
            throw new AssertionError("build/openjdk was built from " + applied
                    + ", not from the current series " + entries + " (run: make source)");
        }
    }

    static void checkHeader(String entry, String text) {
        int diff = text.indexOf("diff --git ");
        if (diff < 0) {
            throw new AssertionError(entry + " contains no diff");
        }
        String header = text.substring(0, diff);
        for (String key : List.of("What:", "Why:", "Tested:")) {
            int at = header.indexOf(key);
            if (at < 0) {
                throw new AssertionError(entry + ": header lacks '" + key + "'");
            }
            String first = header.substring(at + key.length()).strip();
            if (first.isEmpty() || first.startsWith("(")) {
                throw new AssertionError(entry + ": header's '" + key + "' is not filled in");
            }
        }
    }

    static Command.Result git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        return Command.run(null, Map.of(), cmd);
    }
}
