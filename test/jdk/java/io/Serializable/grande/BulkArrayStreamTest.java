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
 * @test id=default
 * @summary The image converts primitive arrays to and from stream bytes in
 *          bulk; the bytes must stay those of stock: the image and stock
 *          Temurin write byte-identical streams for a corpus of arrays of
 *          every primitive type (all lengths that matter, every kind of NaN,
 *          -0.0, infinities, subnormals, nesting, multi-dimensional arrays,
 *          arrays in class-defined writeObject and writeExternal methods);
 *          each reads the other's stream back to the same values; a hot loop
 *          lets C2 compile the conversions and checks them against stock.
 * @library /lib
 * @build grande.test.* BulkArrayCorpus
 * @run main/othervm BulkArrayStreamTest 20000
 * @run main/othervm -XX:TieredStopAtLevel=1 BulkArrayStreamTest 5000
 * @run main/othervm -Xint BulkArrayStreamTest 100
 * @run main/othervm -Xcomp BulkArrayStreamTest 2000
 */

/*
 * @test id=scalar
 * @summary The same with the vector paths of the conversion switched off
 *          (-XX:UseAVX=1 and 0), so that the scalar loops do all the work.
 * @requires os.arch == "amd64" | os.arch == "x86_64"
 * @library /lib
 * @build grande.test.* BulkArrayCorpus
 * @run main/othervm -XX:UseAVX=1 BulkArrayStreamTest 20000
 * @run main/othervm -XX:UseAVX=0 BulkArrayStreamTest 2000
 */

/*
 * @test id=gc
 * @summary The same under ZGC and the Serial collector.
 * @library /lib
 * @build grande.test.* BulkArrayCorpus
 * @run main/othervm -XX:+UseZGC BulkArrayStreamTest 20000
 * @run main/othervm -XX:+UseSerialGC -Xmx64m BulkArrayStreamTest 5000
 */

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import grande.test.Checks;
import grande.test.Command;
import static grande.test.Checks.expect;

public class BulkArrayStreamTest {

    static Path stockJava;

    public static void main(String[] args) throws Exception {
        int hotIterations = Integer.parseInt(args[0]);
        String stock = Checks.requiredEnv("GRANDE_STOCK_JDK");
        stockJava = Path.of(stock, "bin", "java");
        expect(Files.isExecutable(stockJava), "GRANDE_STOCK_JDK has bin/java: " + stockJava);

        compare("full");
        compare("hot");
        hot(hotIterations);
        System.out.println("PASSED");
    }

    /** Runs BulkArrayCorpus in stock Temurin; returns its output. */
    static String stock(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(
                stockJava.toString(), "-cp", System.getProperty("test.classes"), "BulkArrayCorpus"));
        cmd.addAll(List.of(args));
        String out = Command.run(cmd.toArray(String[]::new)).require();
        expect(!out.contains("GrandeJDK"), "the stock child is not GrandeJDK:\n" + out);
        return out;
    }

    static void compare(String which) throws Exception {
        System.out.println("--- corpus " + which);
        Path imageFile = Path.of("image-" + which + ".ser");
        Path stockFile = Path.of("stock-" + which + ".ser");

        // (i) The same corpus written by the image and by stock: the same bytes.
        byte[] image = BulkArrayCorpus.write(BulkArrayCorpus.corpus(which, false));
        Files.write(imageFile, image);
        String out = stock("write", which, stockFile.toString());
        byte[] stockBytes = Files.readAllBytes(stockFile);
        expect(out.contains("sha256 " + BulkArrayCorpus.sha256(stockBytes)),
               "stock reports the SHA-256 of the file it wrote:\n" + out);
        int at = Arrays.mismatch(image, stockBytes);
        expect(at < 0, "the image writes the " + stockBytes.length + " bytes stock writes for the "
               + which + " corpus; the image wrote " + image.length + " bytes, first difference at "
               + at + (at < 0 ? "" : around(image, stockBytes, at)));
        expect(BulkArrayCorpus.sha256(image).equals(BulkArrayCorpus.sha256(stockBytes)),
               "SHA-256 of the image's stream equals stock's " + BulkArrayCorpus.sha256(stockBytes));

        // (i b) The image's streams write arrays straight into a
        // ByteArrayOutputStream's buffer; through any other OutputStream
        // they take the general path: the same bytes there too.
        byte[] general = writeElsewhere(BulkArrayCorpus.corpus(which, false));
        at = Arrays.mismatch(general, stockBytes);
        expect(at < 0, "through an OutputStream that is not a ByteArrayOutputStream the image writes the "
               + which + " corpus as stock does; first difference at " + at
               + (at < 0 ? "" : around(general, stockBytes, at)));

        // (ii) Each reads the other's stream back to the canonical values.
        out = stock("read", which, imageFile.toString());
        expect(out.contains("read-ok "), "stock reads the image's " + which + " stream:\n" + out);
        Object[] expected = BulkArrayCorpus.corpus(which, true);
        int n = BulkArrayCorpus.read(stockBytes, expected, false);
        expect(BulkArrayCorpus.read(stockBytes, expected, true) == n,
               "the image reads stock's " + which + " stream, also in pieces of 7 bytes (" + n + " objects)");
        expect(BulkArrayCorpus.read(image, expected, false) == n, "the image reads its own stream");
        expect(out.contains("read-ok " + n), "stock read as many objects as the image: " + n + "\n" + out);
    }

    /** Write and read the hot corpus until C2 has compiled the conversions; every stream checked. */
    static void hot(int iterations) throws Exception {
        byte[] stockBytes = Files.readAllBytes(Path.of("stock-hot.ser"));
        Object[] corpus = BulkArrayCorpus.corpus("hot", false);
        Object[] expected = BulkArrayCorpus.corpus("hot", true);
        for (int i = 0; i < iterations; i++) {
            // odd iterations through an OutputStream that is not a ByteArrayOutputStream
            byte[] image = (i & 1) == 0 ? BulkArrayCorpus.write(corpus) : writeElsewhere(corpus);
            if (!Arrays.equals(image, stockBytes)) {
                int at = Arrays.mismatch(image, stockBytes);
                throw new AssertionError("iteration " + i + ": the image's stream differs from stock's at byte "
                                         + at + around(image, stockBytes, at));
            }
            if (i % 10 == 0 || i == iterations - 1) {
                BulkArrayCorpus.read(stockBytes, expected, (i & 1) == 0);
            } else {
                readQuick(stockBytes, expected);
            }
        }
        System.out.println("ok: " + iterations + " hot iterations, every stream identical to stock's");
    }

    /** Reads the hot stream and compares its arrays bit for bit (BulkArrayCorpus.sameBits). */
    static void readQuick(byte[] stream, Object[] expected) throws Exception {
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(stream))) {
            Object[] actual = (Object[]) in.readObject();
            for (int k = 0; k < expected.length; k++) {
                Object e = expected[k];
                Object a = actual[k];
                if (!BulkArrayCorpus.sameBits(e, a)) {
                    BulkArrayCorpus.requireSame(e, a, "hot corpus[" + k + "]");
                    throw new AssertionError("hot corpus[" + k + "] differs");
                }
            }
        }
    }

    /** BulkArrayCorpus.write through an OutputStream that is not a ByteArrayOutputStream. */
    static byte[] writeElsewhere(Object[] corpus) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(new BulkArrayCorpus.Forwarding(bytes))) {
            BulkArrayCorpus.write(out, corpus);
        }
        return bytes.toByteArray();
    }

    static String around(byte[] a, byte[] b, int at) {
        int from = Math.max(0, at - 8);
        return "\n  image: " + hex(a, from, at + 24) + "\n  stock: " + hex(b, from, at + 24);
    }

    static String hex(byte[] a, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int k = from; k < Math.min(to, a.length); k++) {
            sb.append(String.format("%02x", a[k] & 0xff));
        }
        return sb.toString();
    }
}
