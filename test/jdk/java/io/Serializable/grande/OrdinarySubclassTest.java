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
 * @summary Ordinary ObjectOutputStream/ObjectInputStream subclasses behave
 *          exactly as on stock Temurin: one made with the public
 *          constructors (class annotations, replaceObject, resolveObject, a
 *          proxy, like RMI's MarshalOutputStream) writes the bytes stock
 *          writes and each VM reads the other's stream; one made with the
 *          no-argument constructor (a complete reimplementation) sees the
 *          same result from every method as on stock.
 * @library /lib
 * @build grande.test.* grande.test.samples.* HookGraph MarshalStreams
 * @run main/othervm OrdinarySubclassTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import grande.test.Checks;
import grande.test.Command;
import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class OrdinarySubclassTest {

    static String stock(String... args) throws Exception {
        Path java = Path.of(Checks.requiredEnv("GRANDE_STOCK_JDK"), "bin", "java");
        expect(Files.isExecutable(java), "GRANDE_STOCK_JDK has bin/java: " + java);
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                                                   "MarshalStreams"));
        cmd.addAll(List.of(args));
        return Command.run(cmd.toArray(String[]::new)).require();
    }

    public static void main(String[] args) throws Exception {
        // Public constructors: the same bytes as stock, both ways readable.
        byte[] image = MarshalStreams.write();
        Files.write(Path.of("image-marshal.ser"), image);
        String out = stock("write", "stock-marshal.ser");
        byte[] stockBytes = Files.readAllBytes(Path.of("stock-marshal.ser"));
        expect(out.contains("sha256 " + MarshalStreams.sha256(stockBytes)), "stock wrote its stream:\n" + out);
        int at = Arrays.mismatch(image, stockBytes);
        expect(at < 0, "a MarshalOutputStream-like subclass writes the " + stockBytes.length
               + " bytes stock writes; the image wrote " + image.length + ", first difference at " + at);
        String imageRead = MarshalStreams.read(stockBytes);
        out = stock("read", "image-marshal.ser");
        expect(out.contains("read-ok " + imageRead),
               "stock reads the image's stream as the image reads stock's (" + imageRead + "):\n" + out);

        // The no-argument constructor: every method does what it does on stock.
        List<String> stockLegacy = stock("legacy").lines().filter(l -> l.startsWith("legacy ")).toList();
        List<String> imageLegacy = MarshalStreams.legacy();
        System.out.println(String.join("\n", imageLegacy));
        expectEquals(stockLegacy, imageLegacy, "a complete reimplementation sees the same results as on stock");
        System.out.println("PASSED");
    }
}
