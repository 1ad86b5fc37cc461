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
 * @summary Heterogeneous peers: a JVM with another object layout (compact
 *          object headers, or uncompressed oops) writes the corpus with the
 *          fast streams, so every class travels with a ClassInfo fingerprint
 *          other than the reader's, and this JVM (default flags) reads it;
 *          then the other way round. Every sample must read back as the JDK's
 *          streams read it locally (the fast streams fall back to the
 *          field-wise encoding transparently), and the peers' bytes must in
 *          fact differ from the local ones. A sample the fast streams get
 *          wrong within one JVM too must at least read from a peer's bytes
 *          as from local ones; SemanticsCorpusTest reports it.
 * @library /lib
 * @build grande.test.* grande.test.samples.* DeepEquals Rules Corpus Codec CorpusRunner FastCodecs
 *        HeterogeneousPeer
 * @run main/othervm HeterogeneousTest
 */

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import grande.test.Command;

import static grande.test.Checks.expect;

public class HeterogeneousTest {

    /** A child JVM of this image with the given flags running HeterogeneousPeer with args. */
    static Command.Result peer(List<String> flags, String... args) throws Exception {
        List<String> cmd = Command.testJava();
        cmd.addAll(flags);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("HeterogeneousPeer");
        cmd.addAll(List.of(args));
        Command.Result r = Command.run(cmd.toArray(String[]::new));
        System.out.println("peer " + flags + " " + List.of(args) + " (exit " + r.exit() + "):\n" + r.output());
        return r;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(System.getProperty("user.dir"));
        Path local = dir.resolve("local.bin");
        int samples = HeterogeneousPeer.write(local);
        Map<String, byte[]> localBytes = HeterogeneousPeer.load(local);
        for (List<String> flags : List.of(List.of("-XX:+UseCompactObjectHeaders"),
                                          List.of("-XX:-UseCompressedOops"))) {
            Path foreign = dir.resolve("peer" + flags.get(0).replaceAll("[^A-Za-z]", "") + ".bin");
            peer(flags, "write", foreign.toString()).require();
            List<String> failures = HeterogeneousPeer.read(foreign);
            failures.forEach(f -> System.out.println("FAILED: " + f));
            expect(failures.isEmpty(), "this JVM reads what a peer with " + flags + " wrote: "
                   + failures.size() + " failures of " + samples);
            Map<String, byte[]> peerBytes = HeterogeneousPeer.load(foreign);
            expect(!Arrays.equals(localBytes.get("class-hierarchy-default"), peerBytes.get("class-hierarchy-default")),
                   "the peer with " + flags + " wrote other bytes for a class with primitive fields");

            Command.Result r = peer(flags, "read", local.toString());
            expect(r.exit() == 0 && r.output().contains("read " + samples + " samples, 0 failures"),
                   "a peer with " + flags + " reads what this JVM wrote");
        }
    }
}
