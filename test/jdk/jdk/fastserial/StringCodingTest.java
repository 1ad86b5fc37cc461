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
 * @summary Strings through jdk.fastserial, whose chars are copied in bulk:
 *          a UTF-16 string's value as it is in memory on writing, into the
 *          new string's own array on reading (JavaLangAccess
 *          newStringUTF16NoCopy). Every length from 0 to 70 and long ones,
 *          of ASCII, Latin-1, Greek and CJK, mixed (one wide char after a
 *          long Latin-1 run), surrogate pairs and lone surrogates, written
 *          to memory and to an OutputStream, read from a byte[] and from an
 *          InputStream that gives 7 bytes at a time, come back equal, with
 *          the same hash and the compact form the JDK gives the same chars;
 *          a string met twice is one object; Latin-1 chars that a hand-made
 *          stream sends in the UTF-16 form come back compact and equal; a
 *          UTF-16 string cut short is an EOFException or a
 *          StreamCorruptedException; an odd byte count is refused by the
 *          access method. In the interpreter, C1, C2 and with every method
 *          compiled at once, and with -XX:-CompactStrings (every string
 *          UTF-16 coded: the writer finds Latin-1 ones char by char).
 * @modules java.base/jdk.internal.access jdk.fastserial/jdk.internal.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm StringCodingTest
 * @run main/othervm -Xint StringCodingTest
 * @run main/othervm -XX:TieredStopAtLevel=1 StringCodingTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation StringCodingTest
 * @run main/othervm -XX:-CompactStrings StringCodingTest
 */

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import grande.test.PiecewiseInputStream;
import grande.test.StreamBytes;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.internal.access.SharedSecrets;
import jdk.internal.fastserial.Wire;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class StringCodingTest {

    /** At most 7 bytes a read, so that a long string arrives in many fills. */
    static PiecewiseInputStream trickle(byte[] bytes) {
        return new PiecewiseInputStream(bytes, 1, 7);
    }

    public static void main(String[] args) throws Exception {
        List<String> strings = new ArrayList<>();
        Random r = new Random(20261128);
        String[] alphabets = {
            "abcXYZ019 ",                       // ASCII
            "abc\u00e9\u00ff\u00c0 ",           // Latin-1
            "\u03b1\u03b2\u03c9\u4e00\u4e2d\u9fa5 ", // Greek and CJK
            "a\u00e9\u4e2d",                    // mixed
            "\ud83d\ude00\u4e2d",               // surrogate pairs (a smiley) and CJK
            "a\ud800\udc00\udfff",              // lone surrogates among others
        };
        for (String alphabet : alphabets) {
            for (int n = 0; n <= 70; n++) {
                strings.add(random(alphabet, n, r));
            }
            strings.add(random(alphabet, 1000, r));
            strings.add(random(alphabet, 70_000, r));       // many buffers' worth
        }
        // one wide char after a long Latin-1 run: the writer switches forms late
        strings.add("\u00e9".repeat(5000) + "\u4e2d");
        strings.add("a".repeat(3) + "\u4e2d" + "b".repeat(3));

        for (String s : strings) {
            roundTrip(s);
        }
        sharedTwice();
        latin1SentAsUtf16();
        cutShort();
        oddByteCount();
        System.out.println(strings.size() + " strings");
    }

    static String random(String alphabet, int n, Random r) {
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = alphabet.charAt(r.nextInt(alphabet.length()));
        }
        return new String(c);
    }

    static void roundTrip(String s) throws Exception {
        String what = describe(s);

        FastObjectOutputStream memory = new FastObjectOutputStream();
        memory.writeObject(s);
        byte[] bytes = memory.toByteArray();
        check(s, new FastObjectInputStream(bytes).readObject(), what + " from a byte[]");
        check(s, new FastObjectInputStream(trickle(bytes)).readObject(), what + " from a trickling stream");

        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (FastObjectOutputStream out = new FastObjectOutputStream(sink)) {
            out.writeObject(s);
        }
        check(s, new FastObjectInputStream(trickle(sink.toByteArray())).readObject(),
              what + " written to an OutputStream");
    }

    static void check(String expected, Object read, String what) {
        expect(read instanceof String, what + ": a String");
        String s = (String) read;
        expectEquals(expected, s, what + ": equal");
        expectEquals(expected.hashCode(), s.hashCode(), what + ": hash");
        // String.equals compares the coders first: a UTF-16 string of
        // Latin-1 chars would differ from what the JDK makes of its chars
        expect(s.equals(new String(s.toCharArray())), what + ": the JDK's compact form");
        expect(expected.isEmpty() || s != expected, what + ": a new string");
    }

    static void sharedTwice() throws Exception {
        String wide = "\u4e2d\u6587".repeat(300);
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(new Object[] {wide, wide, "\u00e9"});
        Object[] back = (Object[]) new FastObjectInputStream(out.toByteArray()).readObject();
        expectEquals(wide, back[0], "a shared UTF-16 string");
        expect(back[0] == back[1], "a string met twice is one object");
        expectEquals("\u00e9", back[2], "the Latin-1 string after it");
    }

    static StreamBytes header() {
        return new StreamBytes().bytes(Wire.MAGIC_0, Wire.MAGIC_1, Wire.VERSION, Wire.FLAG_IMAGES_LITTLE_ENDIAN);
    }

    /* The UTF-16 form: varint (length << 1), then two bytes a char, little-endian. */
    static StreamBytes utf16(StreamBytes b, String s) {
        b.varint((long) s.length() << 1);
        for (char c : s.toCharArray()) {
            b.bytes(c, c >>> 8);
        }
        return b;
    }

    static void latin1SentAsUtf16() throws Exception {
        for (String s : List.of("abc", "\u00e9t\u00e9", "x".repeat(5000))) {
            byte[] stream = utf16(header().bytes(Wire.STRING), s).done();
            check(s, new FastObjectInputStream(stream).readObject(), "Latin-1 chars in the UTF-16 form");
            check(s, new FastObjectInputStream(trickle(stream)).readObject(),
                  "Latin-1 chars in the UTF-16 form, trickling");
        }
    }

    static void cutShort() throws Exception {
        byte[] whole = utf16(header().bytes(Wire.STRING), "\u4e2d".repeat(40)).done();
        for (int cut : new int[] {whole.length - 1, whole.length - 41, 7}) {
            byte[] part = java.util.Arrays.copyOf(whole, cut);
            for (boolean trickle : new boolean[] {false, true}) {
                try {
                    Object o = trickle ? new FastObjectInputStream(trickle(part)).readObject()
                                       : new FastObjectInputStream(part).readObject();
                    throw new AssertionError("a string cut at " + cut + " read as " + o);
                } catch (EOFException | StreamCorruptedException expected) {
                    System.out.println("cut at " + cut + (trickle ? ", trickling: " : ": ") + expected);
                }
            }
        }
    }

    static void oddByteCount() {
        var jla = SharedSecrets.getJavaLangAccess();
        try {
            String s = jla.newStringUTF16NoCopy(new byte[3]);
            throw new AssertionError("3 bytes made " + s.length() + " chars");
        } catch (IllegalArgumentException expected) {
            System.out.println(expected);
        }
        expectEquals("", jla.newStringUTF16NoCopy(new byte[0]), "no bytes");
        byte[] a = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN
                   ? new byte[] {'A', 0} : new byte[] {0, 'A'};
        expectEquals("A", jla.newStringUTF16NoCopy(a), "a Latin-1 char in native order");
    }

    static String describe(String s) {
        String head = s.length() > 12 ? s.substring(0, 12) + "..." : s;
        StringBuilder b = new StringBuilder("\"");
        for (char c : head.toCharArray()) {
            b.append(c < 0x7f && c >= 0x20 ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return b.append("\" (").append(s.length()).append(" chars)").toString();
    }
}
