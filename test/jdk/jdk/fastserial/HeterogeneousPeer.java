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

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of HeterogeneousTest: "write file" writes every corpus sample
 * with the fast streams into file; "read file" reads each sample's bytes
 * from file with the fast streams and compares the outcome with this JVM's
 * own round trip through the JDK's streams.
 */
public class HeterogeneousPeer {

    /** Writes the fast bytes of every sample (empty for a sample whose writer fails); the sample count. */
    static int write(Path file) throws IOException {
        List<Corpus.Sample> samples = Corpus.samples();
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeInt(samples.size());
            for (Corpus.Sample sample : samples) {
                CorpusRunner.Outcome o = CorpusRunner.run(FastCodecs.MEMORY, sample);
                out.writeUTF(sample.name());
                byte[] bytes = o.bytes() == null ? new byte[0] : o.bytes();
                out.writeInt(bytes.length);
                out.write(bytes);
            }
        }
        return samples.size();
    }

    /** The bytes of each sample in file, by name. */
    static Map<String, byte[]> load(Path file) throws IOException {
        Map<String, byte[]> result = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                result.put(name, bytes);
            }
        }
        return result;
    }

    /** Reads every sample of file; the failures. */
    static List<String> read(Path file) throws IOException {
        Map<String, byte[]> written = load(file);
        List<String> failures = new ArrayList<>();
        List<Corpus.Sample> samples = Corpus.samples();
        if (written.size() != samples.size()) {
            failures.add("the file has " + written.size() + " samples, this corpus " + samples.size());
        }
        for (Corpus.Sample sample : samples) {
            try {
                CorpusRunner.Outcome jdk = CorpusRunner.run(Codec.JDK, sample);
                byte[] bytes = written.get(sample.name());
                if (bytes == null) {
                    throw new AssertionError(sample.name() + ": not in the file");
                }
                if (jdk.failure() != null && jdk.phase().equals("write")) {
                    if (bytes.length != 0) {
                        throw new AssertionError(sample.name() + ": the peer wrote what fails to write here");
                    }
                    continue;
                }
                CorpusRunner.Outcome fromPeer = CorpusRunner.read(FastCodecs.MEMORY, sample, bytes);
                try {
                    CorpusRunner.checkSame(sample, jdk, fromPeer, "the fast streams, from a peer's bytes");
                } catch (AssertionError e) {
                    // a sample the fast streams get wrong within one JVM too is SemanticsCorpusTest's
                    // failure; here it counts only if the peer's bytes read otherwise than local ones
                    CorpusRunner.Outcome local = CorpusRunner.run(FastCodecs.MEMORY, sample);
                    if (CorpusRunner.agree(jdk, local)) {
                        throw e;
                    }
                    if (!CorpusRunner.agree(local, fromPeer)) {
                        throw new AssertionError(sample.name() + ": read from a peer's bytes otherwise than from"
                                                 + " local ones: " + fromPeer.describe() + " vs " + local.describe()
                                                 + (fromPeer.failure() == null && local.failure() == null
                                                    ? ", " + DeepEquals.difference(local.result(), fromPeer.result())
                                                    : ""));
                    }
                    System.out.println("fails within one JVM too (see SemanticsCorpusTest): " + e.getMessage());
                }
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            }
        }
        return failures;
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        switch (args[0]) {
            case "write" -> System.out.println("wrote " + write(file) + " samples");
            case "read" -> {
                List<String> failures = read(file);
                failures.forEach(f -> System.out.println("FAILED: " + f));
                System.out.println("read " + Corpus.samples().size() + " samples, " + failures.size() + " failures");
                System.exit(failures.isEmpty() ? 0 : 1);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
