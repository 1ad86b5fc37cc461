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
 * @summary 100,000 mutated fast streams (bit flips, interesting bytes and
 *          lengths, insertions, deletions, truncation, splicing) of graphs
 *          with every kind of content, read with FastObjectInputStream from
 *          a byte[], a trickling InputStream and a native MemorySegment:
 *          each read returns or ends in an IOException,
 *          ClassNotFoundException or ClassCastException; never another
 *          exception (but what a class's readObject or its callees
 *          throw, as with the JDK's reader), an error (OutOfMemoryError in
 *          a 256 MB heap, a StackOverflowError in the reader) or a hang.
 *          The seed is random and printed;
 *          -Dfuzz.seed=N repeats a run, and the report of a failure names
 *          the FastStreamFuzzer command that replays it.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.* FuzzCorpus Mutator FastStreamFuzzer FastFormat
 * @run main/othervm -Xmx256m -XX:-OmitStackTraceInFastThrow -XX:MaxJavaStackTraceDepth=100000
 *      FastStreamFuzzTest 100000
 */

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static grande.test.Checks.expect;

public class FastStreamFuzzTest {

    public static void main(String[] args) throws Exception {
        long iterations = Long.parseLong(args[0]);
        String seedProperty = System.getProperty("fuzz.seed");
        long seed = seedProperty != null ? FastStreamFuzzer.parseSeed(seedProperty)
                                         : ThreadLocalRandom.current().nextLong();
        System.out.println("seed " + FastStreamFuzzer.seedString(seed) + " (-Dfuzz.seed= to repeat)");

        FastStreamFuzzer.Format fast = FastStreamFuzzer.fastFormat();
        expect(fast != null, "jdk.fastserial is in the runtime");
        List<FuzzCorpus.Script> scripts = FuzzCorpus.scripts(fast.extraObject());
        FastStreamFuzzer fuzzer = new FastStreamFuzzer(fast, scripts);
        fuzzer.checkValidStreams(FastStreamFuzzer.reference(scripts));
        System.out.println("ok: every valid stream reads back from every source to what the JDK reads from its own");

        // Generous limits: the run is bounded by its iterations; the hang
        // limit is per stream, and no valid stream takes a millisecond.
        FastStreamFuzzer.Report report = fuzzer.run(new FastStreamFuzzer.Options(seed, iterations, 3600, 20_000, 20));
        report.print(System.out);
        expect(report.hang() == null, "no read hangs");
        expect(report.failures() == 0, report.failures() + " failures; see above");
        expect(report.done() == iterations, iterations + " mutated streams read, " + report.done() + " done");
        // A fuzzer whose mutations always, or never, break the streams tests little.
        long returned = report.outcomes().getOrDefault("returned", 0L);
        expect(returned > 0 && returned < iterations / 2,
               "some mutated streams still read (" + returned + "), most do not");
        expect(report.outcomes().size() >= 4, "the outcomes vary: " + report.outcomes().keySet());
        System.out.println("PASSED");
    }
}
