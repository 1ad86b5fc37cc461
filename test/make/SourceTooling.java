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
 * @summary scripts/source.sh and scripts/patches.sh on a small stand-in for
 *          the OpenJDK tarball: the series is applied one commit per patch,
 *          a patch that does not apply stops the build and is named, edits
 *          in the tree are never thrown away, and new/refresh turn edits
 *          into patch files that source.sh accepts as they are.
 * @library /lib
 * @run main SourceTooling
 */

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import grande.test.Command;
import grande.test.Command.Result;
import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.requiredEnv;

public class SourceTooling {

    static Path scripts;
    static Path work;
    static Path fakeRepo;
    static Path tarball;
    static Path tree;

    public static void main(String[] args) throws Exception {
        scripts = Path.of(requiredEnv("GRANDE_REPO")).resolve("scripts");
        work = Files.createTempDirectory(Path.of("."), "source-tooling").toAbsolutePath();
        fakeRepo = work.resolve("repo");
        tree = work.resolve("openjdk");

        // A stand-in tarball with the top-level directory a real one has.
        Path top = Files.createDirectories(work.resolve("upstream/openjdk-x/src/java.base"));
        Files.writeString(top.resolve("Hello.java"), "class Hello {\n}\n");
        tarball = work.resolve("openjdk-x.tar.xz");
        Command.run(work.resolve("upstream"), Map.of(),
                    List.of("tar", "-cJf", tarball.toString(), "openjdk-x"))
                .require();
        for (String d : List.of("jdk-patches", "hotspot-intrinsics", "jdk-module",
                                "rmi-replacement", "fabric-native")) {
            Files.createDirectories(fakeRepo.resolve(d));
        }
        Files.writeString(fakeRepo.resolve("jdk-patches/0001-greet.patch"), """
                What: gives Hello a greeting.
                Why: the test needs a patch that applies.
                Tested: SourceTooling.

                diff --git a/src/java.base/Hello.java b/src/java.base/Hello.java
                --- a/src/java.base/Hello.java
                +++ b/src/java.base/Hello.java
                @@ -1,2 +1,3 @@
                 class Hello {
                +    String greeting = "hi";
                 }
                """);
        Files.writeString(fakeRepo.resolve("jdk-patches/series"), "# comment\n0001-greet.patch\n");
        Files.writeString(fakeRepo.resolve("hotspot-intrinsics/series"), "# none yet\n");

        // 1. A fresh tree: pristine plus one commit per patch, modules linked.
        Result first = source();
        first.require();
        expectEquals(List.of("pristine", "jdk-patches/0001-greet.patch"), subjects(),
                     "commits after a fresh source");
        expect(hello().contains("greeting = \"hi\""), "the patch is applied");
        expectEquals(fakeRepo.resolve("jdk-module").toRealPath(),
                     tree.resolve("src/jdk.fastserial").toRealPath(),
                     "src/jdk.fastserial links to jdk-module");
        expectEquals(fakeRepo.resolve("rmi-replacement").toRealPath(),
                     tree.resolve("src/jdk.fastrmi").toRealPath(),
                     "src/jdk.fastrmi links to rmi-replacement");
        expectEquals(fakeRepo.resolve("fabric-native").toRealPath(),
                     tree.resolve("fabric-native").toRealPath(),
                     "fabric-native is linked for jdk.fastrmi's Lib.gmk");
        expect(git("status", "--porcelain").require().isBlank(),
               "the module links are not untracked changes:\n" + first.output());

        // 2. Nothing changed: the tree is left alone.
        String head = git("rev-parse", "HEAD").require().strip();
        expect(source().require().contains("already matches"), "a second run is a no-op");
        expectEquals(head, git("rev-parse", "HEAD").require().strip(), "HEAD after a no-op");

        // 3. An edit folded into the patch by refresh; the header survives.
        Files.writeString(tree.resolve("src/java.base/Hello.java"),
                          "class Hello {\n    String greeting = \"hello\";\n}\n");
        patches("refresh", "jdk-patches/0001-greet.patch").require();
        String refreshed = Files.readString(fakeRepo.resolve("jdk-patches/0001-greet.patch"));
        expect(refreshed.startsWith("What: gives Hello a greeting."), "refresh keeps the header");
        expect(refreshed.contains("+    String greeting = \"hello\";"),
               "refresh records the edit:\n" + refreshed);
        expect(source().require().contains("already matches"),
               "after refresh the tree already matches the series");

        // 4. A new file becomes a new patch at the end of its series; the
        // hotspot-intrinsics series comes first, so its commit moves before
        // the jdk-patches one without a file being rewritten.
        Path helloFile = tree.resolve("src/java.base/Hello.java");
        FileTime helloTime = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(helloFile, helloTime);
        Files.writeString(tree.resolve("src/java.base/Added.java"), "class Added {\n}\n");
        patches("new", "hotspot-intrinsics/0001-added.patch").require();
        expect(Files.readString(fakeRepo.resolve("hotspot-intrinsics/series"))
                    .lines().anyMatch("0001-added.patch"::equals),
               "new appends the patch to its series");
        String added = Files.readString(fakeRepo.resolve("hotspot-intrinsics/0001-added.patch"));
        expect(added.startsWith("What:") && added.contains("+class Added {"),
               "new writes a header template and the diff:\n" + added);
        expectEquals(List.of("pristine", "hotspot-intrinsics/0001-added.patch",
                             "jdk-patches/0001-greet.patch"), subjects(),
                     "commits in series order after new");
        expectEquals(helloTime, Files.getLastModifiedTime(helloFile),
                     "reordering the commits rewrote no file");
        expect(source().require().contains("already matches"),
               "after new the tree already matches the series");

        // 4b. Refreshing an earlier patch replays the later ones without
        // checking them out: their files keep their mtimes, so a build
        // recompiles only what was edited.
        Files.writeString(tree.resolve("src/java.base/Added.java"),
                          "class Added {\n    int n;\n}\n");
        patches("refresh", "hotspot-intrinsics/0001-added.patch").require();
        expectEquals(List.of("pristine", "hotspot-intrinsics/0001-added.patch",
                             "jdk-patches/0001-greet.patch"), subjects(),
                     "commits after refreshing the earlier patch");
        expect(Files.readString(fakeRepo.resolve("hotspot-intrinsics/0001-added.patch"))
                    .contains("+    int n;"),
               "the earlier patch records the edit");
        expectEquals(helloTime, Files.getLastModifiedTime(helloFile),
                     "the later patch's file was not rewritten");
        expect(git("status", "--porcelain").require().isBlank(), "no edits left after refresh");
        expect(source().require().contains("already matches"),
               "after refreshing an earlier patch the tree matches the series");

        // 4c. Editing one patch file rewrites only the files that patch
        // touches: the others keep their mtimes (a one-patch edit must not
        // rebuild all of libjvm).
        String greet = Files.readString(fakeRepo.resolve("jdk-patches/0001-greet.patch"));
        Path addedFile = tree.resolve("src/java.base/Added.java");
        FileTime addedTime = FileTime.fromMillis(1_100_000_000_000L);
        Files.setLastModifiedTime(addedFile, addedTime);
        Files.writeString(fakeRepo.resolve("jdk-patches/0001-greet.patch"),
                          greet.replace("\"hello\"", "\"howdy\""));
        String reapplied = source().require();
        expect(hello().contains("\"howdy\""), "the edited patch is applied:\n" + reapplied);
        expectEquals(addedTime, Files.getLastModifiedTime(addedFile),
                     "a file of an unchanged patch was not rewritten");
        Files.writeString(fakeRepo.resolve("jdk-patches/0001-greet.patch"), greet);
        source().require();

        // 5. Uncommitted edits stop source.sh and survive it.
        Files.writeString(tree.resolve("src/java.base/Hello.java"), "class Hello { int lost; }\n");
        Result dirty = source();
        expect(dirty.exit() != 0 && dirty.output().contains("uncommitted edits"),
               "source.sh refuses a tree with edits:\n" + dirty.output());
        expectEquals("class Hello { int lost; }\n", hello(), "the edit survives");
        git("checkout", ".").require();

        // 6. A patch that does not apply stops the build and is named.
        Files.writeString(fakeRepo.resolve("jdk-patches/0002-stale.patch"), """
                What: edits a line that is not there.
                Why: the test needs a patch that does not apply.
                Tested: SourceTooling.

                diff --git a/src/java.base/Hello.java b/src/java.base/Hello.java
                --- a/src/java.base/Hello.java
                +++ b/src/java.base/Hello.java
                @@ -1,2 +1,2 @@
                -class Goodbye {
                +class Farewell {
                 }
                """);
        Files.writeString(fakeRepo.resolve("jdk-patches/series"),
                          "0001-greet.patch\n0002-stale.patch\n");
        Result stale = source();
        expect(stale.exit() != 0 && stale.output().contains("jdk-patches/0002-stale.patch"),
               "a patch that does not apply is named:\n" + stale.output());
        expect(stale.output().contains("the hunk of src/java.base/Hello.java that starts at line 1")
                       && stale.output().contains("-class Goodbye {"),
               "the failing hunk is shown:\n" + stale.output());

        // 7. A series naming a missing file is an error that names it.
        Files.writeString(fakeRepo.resolve("jdk-patches/series"), "0003-missing.patch\n");
        Result missing = source();
        expect(missing.exit() != 0 && missing.output().contains("0003-missing.patch"),
               "a missing patch is named:\n" + missing.output());

        // 8. Back to a good series: the tree is rebuilt from pristine.
        Files.writeString(fakeRepo.resolve("jdk-patches/series"), "0001-greet.patch\n");
        Files.writeString(fakeRepo.resolve("hotspot-intrinsics/series"), "");
        source().require();
        expectEquals(List.of("pristine", "jdk-patches/0001-greet.patch"), subjects(),
                     "commits after the series shrank");
        expect(Files.notExists(tree.resolve("src/java.base/Added.java")),
               "a dropped patch's file is gone");
    }

    static String hello() throws IOException {
        return Files.readString(tree.resolve("src/java.base/Hello.java"));
    }

    static List<String> subjects() throws Exception {
        return git("log", "--reverse", "--format=%s").require().lines().toList();
    }

    static Result source() throws Exception {
        return Command.run(work, Map.of("GRANDE_REPO", fakeRepo.toString()),
                List.of("bash", scripts.resolve("source.sh").toString(), tarball.toString(),
                        "openjdk-x", tree.toString()));
    }

    static Result patches(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", scripts.resolve("patches.sh").toString()));
        cmd.addAll(List.of(args));
        return Command.run(work, Map.of("GRANDE_REPO", fakeRepo.toString(),
                                        "GRANDE_SOURCE", tree.toString()), cmd);
    }

    static Result git(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", tree.toString()));
        cmd.addAll(List.of(args));
        return Command.run(work, Map.of(), cmd);
    }
}
