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
 * @summary 100,000 mutated fast streams read with FastObjectInputStream from a
 *          byte[], a trickling InputStream and a native MemorySegment. The
 *          valid streams hold every kind of content (FuzzCorpus.fuzzScripts:
 *          enums with constant bodies, records, proxies, Externalizable,
 *          putFields/readFields, other versions of the local classes,
 *          cycles, arrays and strings of every kind, back references, many
 *          classes, Class and ObjectStreamClass objects); half the mutations
 *          are byte-level (bit flips, interesting bytes and lengths,
 *          insertions, deletions, truncation, splicing), half know the
 *          format (tags and kinds swapped, handles and type ids replaced,
 *          lengths and counts changed, items replaced, dropped or
 *          duplicated, descriptors duplicated, dropped or spliced from
 *          another stream, classes and fields renamed). Each read returns or
 *          ends in an IOException or ClassNotFoundException, in a
 *          ClassCastException only for a field value of the wrong type
 *          (as the JDK's reader words it), or in what a class's own
 *          readObject or readResolve throws; never another exception, an
 *          error (OutOfMemoryError in a 256 MB heap, a StackOverflowError in
 *          the reader) or a hang. Each valid stream with each class it
 *          names missing ends as the JDK's reader ends on its own stream:
 *          never in class code that the JDK would not have run.
 *          The seed is random and printed; -Dfuzz.seed=N repeats a run, and
 *          the report of a failure names the FastStreamFuzzer command that
 *          replays it.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FuzzCorpus Mutator FastStreamFuzzer FastFormat
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
        List<FuzzCorpus.Script> scripts = FuzzCorpus.fuzzScripts(fast.extraObject());
        FastStreamFuzzer fuzzer = new FastStreamFuzzer(fast, scripts);
        fuzzer.checkValidStreams(FastStreamFuzzer.reference(scripts));
        System.out.println("ok: every valid stream reads back from every source to what the JDK reads from its own");
        int parts = fuzzer.checkStructures();
        System.out.println("ok: the structure-aware mutations understand every valid stream (" + parts + " parts)");

        FastStreamFuzzer.Report probes = fuzzer.probeMissingClasses(new FastStreamFuzzer.JdkFormat(), 20);
        probes.print(System.out);

        // Generous limits: the run is bounded by its iterations; the hang
        // limit is per stream, and no valid stream takes a millisecond.
        FastStreamFuzzer.Report report = fuzzer.run(new FastStreamFuzzer.Options(seed, iterations, 3600, 20_000, 20));
        report.print(System.out);
        expect(report.hang() == null, "no read hangs");
        expect(probes.failures() == 0, probes.failures() + " missing-class probes fail; see above");
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
