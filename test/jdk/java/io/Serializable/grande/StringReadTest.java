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
 * @summary Strings and the names in class descriptors, which
 *          ObjectInputStream reads outside block data mode and the image
 *          reads whole into its buffer when they fit: ASCII, Latin-1,
 *          UTF-16 and surrogate pairs, NULs, lengths around the 256-char
 *          and 1 KiB buffers and past 64 KiB, a class with non-ASCII field
 *          names, read from whole, trickling and buffered streams with
 *          the stream in step after each; malformed modified UTF-8 ends in
 *          UTFDataFormatException and a cut string in EOFException. The
 *          same holds on the stock JDK.
 * @library /lib
 * @build grande.test.* BulkArrayCorpus
 * @run main/othervm StringReadTest
 * @run main/othervm -Xint StringReadTest
 * @run main/othervm -XX:TieredStopAtLevel=1 StringReadTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation StringReadTest
 */

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamConstants;
import java.io.Serializable;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import grande.test.Checks;
import grande.test.JdkStreams;

public class StringReadTest {

    /** A class whose descriptor carries non-ASCII names. */
    static final class Café implements Serializable {
        private static final long serialVersionUID = 1L;
        int crème = 7;
        String ΔΣ = "δσ";
        long 名前 = -3L;

        @Override
        public boolean equals(Object o) {
            return o instanceof Café c && crème == c.crème && ΔΣ.equals(c.ΔΣ) && 名前 == c.名前;
        }

        @Override
        public int hashCode() {
            return crème;
        }
    }

    static final int TRAILER = 0x5eed;

    public static void main(String[] args) throws Exception {
        List<String> strings = strings(new Random(0x6772616e6465L));
        byte[] stream = written(strings);
        List<Function<byte[], InputStream>> sources = List.of(
                ByteArrayInputStream::new,
                b -> new BulkArrayCorpus.Trickle(new ByteArrayInputStream(b)),
                b -> new BufferedInputStream(new ByteArrayInputStream(b)),
                b -> new BufferedInputStream(new BulkArrayCorpus.Trickle(new ByteArrayInputStream(b)), 16));
        for (Function<byte[], InputStream> source : sources) {
            readBack(strings, source.apply(stream));
        }
        // The strings up to 4 KiB again and again, so that the compiled reads are checked too
        List<String> shorter = strings.stream().filter(t -> t.length() <= 4000).toList();
        byte[] shorterStream = written(shorter);
        for (int round = 0; round < 400; round++) {
            readBack(shorter, sources.get(round % sources.size()).apply(shorterStream));
        }
        malformed();
        cut(strings);
        System.out.println("PASSED: " + strings.size() + " strings");
    }

    /** Strings of every kind, at lengths around the reader's buffers. */
    static List<String> strings(Random random) {
        List<String> all = new ArrayList<>();
        all.add("");
        all.add("a");
        all.add("\u0000");
        all.add("a\u0000b");
        all.add("é");
        all.add("\u20ac");
        all.add("\ud83d\ude00");            // a surrogate pair: two 3-byte sequences
        for (int n : new int[] { 255, 256, 257, 340, 341, 342, 1023, 1024, 1025, 4000, 65535, 70000 }) {
            all.add(text(random, n, "abcdefghijklmnopqrstuvwxyz0123456789 "));
            all.add(text(random, n, "abcdefgé ÀÿABC"));
            all.add(text(random, n, "αβγδεζ\u4e00\u4e01 x"));
            all.add(text(random, n, "ab\u0000\ud800\udc00"));
        }
        // ASCII up to a two- or three-byte character crossing 1 KiB
        for (String wide : new String[] { "é", "\u20ac" }) {
            for (int ascii = 1020; ascii <= 1025; ascii++) {
                all.add("x".repeat(ascii) + wide + "y");
            }
        }
        return all;
    }

    static String text(Random random, int length, String alphabet) {
        StringBuilder sb = new StringBuilder(length);
        while (sb.length() < length) {
            char c = alphabet.charAt(random.nextInt(alphabet.length()));
            if (Character.isHighSurrogate(c)) {
                sb.append(c).append(alphabet.charAt(alphabet.indexOf(c) + 1));
            } else if (!Character.isLowSurrogate(c)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Each string alone, an int in block data after it, then all in one graph with a Café. */
    static byte[] written(List<String> strings) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (String s : strings) {
                out.writeObject(s);
                out.writeInt(TRAILER);
            }
            List<Object> graph = new ArrayList<>(strings);
            graph.add(new Café());
            out.writeObject(graph.toArray());
            out.writeInt(TRAILER);
        }
        return bytes.toByteArray();
    }

    static void readBack(List<String> strings, InputStream source) throws Exception {
        ObjectInputStream in = new ObjectInputStream(source);
        for (String s : strings) {
            Object back = in.readObject();
            expect(s.equals(back), "a string of " + s.length() + " chars comes back");
            expect(in.readInt() == TRAILER, "the stream is in step after a string of " + s.length() + " chars");
        }
        Object[] graph = (Object[]) in.readObject();
        expect(graph.length == strings.size() + 1
               && Arrays.equals(strings.toArray(), Arrays.copyOf(graph, strings.size()))
               && new Café().equals(graph[strings.size()]),
               "the graph of all strings and a class with non-ASCII field names comes back");
        expect(in.readInt() == TRAILER && in.read() == -1, "the stream ends in step");
    }

    /** Hand-made TC_STRING items with invalid modified UTF-8: UTFDataFormatException. */
    static void malformed() throws Exception {
        byte[][] bodies = {
            { (byte) 0x80 },                              // a continuation byte first
            { 'a', (byte) 0xC3 },                         // a two-byte sequence cut by the length
            { (byte) 0xC3, 'a' },                         // a bad second byte
            { (byte) 0xE2, (byte) 0x82 },                 // a three-byte sequence cut by the length
            { (byte) 0xE2, 'a', (byte) 0xAC },            // a bad second byte of three
            { (byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80 },   // four-byte UTF-8 is not modified UTF-8
        };
        for (byte[] body : bodies) {
            for (int prefix : new int[] { 0, 300, 1000 }) {
                byte[] item = new byte[prefix + body.length];
                Arrays.fill(item, 0, prefix, (byte) 'p');
                System.arraycopy(body, 0, item, prefix, body.length);
                byte[] stream = stringStream(item);
                String what = "malformed " + HexFormat.of().formatHex(body) + " after " + prefix + " ASCII bytes";
                expectThrows(UTFDataFormatException.class,
                             () -> new ObjectInputStream(new ByteArrayInputStream(stream)).readObject(), what);
                expectThrows(UTFDataFormatException.class,
                             () -> new ObjectInputStream(new BulkArrayCorpus.Trickle(new ByteArrayInputStream(stream)))
                                     .readObject(), what + ", 7 bytes a read");
            }
        }
    }

    /** A stream cut inside a string's bytes: EOFException. */
    static void cut(List<String> strings) throws Exception {
        for (String s : strings) {
            if (s.length() < 2) {
                continue;
            }
            byte[] whole = JdkStreams.write(s);
            for (int cut : new int[] { whole.length - 1, whole.length / 2 + 4 }) {
                byte[] shortStream = Arrays.copyOf(whole, cut);
                expectThrows(EOFException.class,
                             () -> new ObjectInputStream(new ByteArrayInputStream(shortStream)).readObject(),
                             "a string of " + s.length() + " chars cut at byte " + cut);
            }
        }
    }

    static byte[] stringStream(byte[] utf) throws IOException {
        return JdkStreams.handWritten(data -> {
            data.writeByte(ObjectStreamConstants.TC_STRING);
            data.writeShort(utf.length);
            data.write(utf);
        });
    }

    /** Checks.expectThrows, and of exactly that class, as the stock JDK throws it. */
    static void expectThrows(Class<? extends Throwable> type, Checks.Action action, String what) {
        Throwable t = Checks.expectThrows(type, action, what);
        expect(t.getClass() == type, what + ": " + type.getName() + " expected, got " + t);
    }

    /** Quiet, unlike Checks.expect: readBack checks tens of thousands of strings. */
    static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
