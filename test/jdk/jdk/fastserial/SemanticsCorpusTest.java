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
 * @summary The fast object streams keep the JDK's serialization semantics:
 *          every sample of a corpus (strings, boxes, arrays of every type and
 *          shape, the JDK's collections and value classes, and classes of the
 *          test's own for each rule: writeObject/readObject, putFields and
 *          readFields, writeReplace/readResolve, Externalizable, records,
 *          enums, serialPersistentFields, proxies, non-serializable
 *          superclasses, sharing and cycles, unshared writes and reads,
 *          validation callbacks, primitive data between objects) is written
 *          and read with the JDK's streams and with the fast streams over
 *          every target (OutputStream, byte[], MemorySegment, an InputStream
 *          that trickles); the fast streams must end in the same exception,
 *          or read a graph deeply equal to the JDK's, identity structure
 *          included, and all fast targets must hold the same bytes. Run
 *          interpreted, with C1 only, with -Xcomp and (repeated, so that C2
 *          compiles the engine) with default flags.
 * @library /lib
 * @build grande.test.samples.* DeepEquals Rules Corpus Codec CorpusRunner FastCodecs
 * @run main/othervm SemanticsCorpusTest 4
 * @run main/othervm -Xint SemanticsCorpusTest 1
 * @run main/othervm -XX:TieredStopAtLevel=1 SemanticsCorpusTest 2
 * @run main/othervm -Xcomp -XX:-TieredCompilation SemanticsCorpusTest 1
 */

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class SemanticsCorpusTest {

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        DeepEquals.selfTest();
        // a second argument names one sample, to look into it alone
        List<Corpus.Sample> samples = args.length > 1 ? List.of(Corpus.sample(args[1])) : Corpus.samples();
        List<String> failures = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            for (Corpus.Sample sample : samples) {
                try {
                    runSample(sample);
                } catch (AssertionError e) {
                    failures.add(e.getMessage());
                    if (round == 1) {
                        e.printStackTrace(System.out);
                    }
                }
            }
            System.out.println("round " + round + ": " + samples.size() + " samples, "
                               + failures.size() + " failures so far");
            if (!failures.isEmpty()) {
                break;
            }
        }
        if (!failures.isEmpty()) {
            failures.forEach(f -> System.out.println("FAILED: " + f));
            throw new AssertionError(failures.size() + " samples failed; the first: " + failures.get(0));
        }
        System.out.println("ok: " + samples.size() + " samples, " + FastCodecs.ALL.size()
                           + " fast codecs each, " + rounds + " round(s)");
    }

    static void runSample(Corpus.Sample sample) {
        CorpusRunner.Outcome jdk = CorpusRunner.run(Codec.JDK, sample);
        CorpusRunner.checkReference(sample, jdk);
        byte[] firstBytes = null;
        String firstCodec = null;
        for (Codec codec : FastCodecs.ALL) {
            CorpusRunner.Outcome fast = CorpusRunner.run(codec, sample);
            CorpusRunner.checkSame(sample, jdk, fast, codec.name());
            if (fast.bytes() != null) {
                if (firstBytes == null) {
                    firstBytes = fast.bytes();
                    firstCodec = codec.name();
                } else if (!Arrays.equals(firstBytes, fast.bytes())) {
                    throw new AssertionError(sample.name() + ": " + codec.name() + " wrote other bytes than "
                                             + firstCodec + " (" + fast.bytes().length + " vs "
                                             + firstBytes.length + " bytes, first difference at "
                                             + Arrays.mismatch(firstBytes, fast.bytes()) + ")");
                }
            }
        }
    }
}
