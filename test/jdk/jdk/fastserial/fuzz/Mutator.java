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

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bounded random mutations of a valid stream: bit flips, bytes replaced with
 * interesting values, interesting multi-byte values (lengths near 2^31 in
 * both byte orders and as LEB128 varints), insertions, deletions,
 * duplications, truncation and splicing with another valid stream of the
 * same format. Which mutation is made depends only on the random source and
 * the lengths of the streams, so one seed makes comparable mutations of a
 * fast stream and of a JDK stream of the same graph.
 */
public final class Mutator {

    private Mutator() { }

    /** A mutated stream and how it was made, for a reproduction. */
    public record Mutation(byte[] bytes, String description) { }

    private static final byte[] INTERESTING_BYTES = {
        0x00, 0x01, 0x02, 0x3f, 0x40, 0x7e, 0x7f, (byte) 0x80, (byte) 0x81, (byte) 0xfe, (byte) 0xff
    };

    private static final byte[][] INTERESTING_VALUES = {
        {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f},              // 2^31-1, little-endian
        {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff},              // 2^31-1, big-endian
        {0x00, 0x00, 0x00, (byte) 0x80},                            // -2^31, little-endian
        {(byte) 0x80, 0x00, 0x00, 0x00},                            // -2^31, big-endian
        {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff},       // -1
        {0x00, 0x00, 0x00, 0x00},
        {(byte) 0xff, (byte) 0xff},                                 // 65535 (a UTF length)
        {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, // varint 2^31-1
        {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, // varint 2^32-1
        {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08}, // varint 2^31
        {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
         (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01},  // varint 2^64-1
        {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
         (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x00}, // an over-long varint
        {(byte) 0x80, 0x01},                                        // varint 128
    };

    /**
     * Mutates stream 1 to 4 times. others are the valid streams of the same
     * format (with their names) for splicing.
     */
    public static Mutation mutate(byte[] stream, List<byte[]> others, List<String> otherNames,
                                  SplittableRandom random) {
        int count = random.nextInt(10) < 6 ? 1 : 2 + random.nextInt(3);
        byte[] bytes = stream;
        StringBuilder how = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                how.append(' ');
            }
            bytes = mutateOnce(bytes, others, otherNames, random, how);
        }
        return new Mutation(bytes, how.toString());
    }

    private static byte[] mutateOnce(byte[] b, List<byte[]> others, List<String> otherNames,
                                     SplittableRandom random, StringBuilder how) {
        int n = b.length;
        int op = random.nextInt(100);
        if (n == 0) {
            op = 40;   // only an insertion makes sense
        }
        if (op < 20) {
            int at = random.nextInt(n);
            int bit = random.nextInt(8);
            byte[] r = b.clone();
            r[at] ^= (byte) (1 << bit);
            how.append("flip@").append(at).append(':').append(bit);
            return r;
        } else if (op < 40) {
            int at = random.nextInt(n);
            byte v = random.nextInt(4) == 0 ? (byte) random.nextInt(256)
                                            : INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
            byte[] r = b.clone();
            r[at] = v;
            how.append("set@").append(at).append('=').append(hex(v));
            return r;
        } else if (op < 52) {
            int at = random.nextInt(n + 1);
            byte[] insert = randomBytes(random);
            byte[] r = new byte[n + insert.length];
            System.arraycopy(b, 0, r, 0, at);
            System.arraycopy(insert, 0, r, at, insert.length);
            System.arraycopy(b, at, r, at + insert.length, n - at);
            how.append("insert@").append(at).append('[').append(hex(insert)).append(']');
            return r;
        } else if (op < 65) {
            int at = random.nextInt(n);
            byte[] value = INTERESTING_VALUES[random.nextInt(INTERESTING_VALUES.length)];
            byte[] r = b.clone();
            int len = Math.min(value.length, n - at);
            System.arraycopy(value, 0, r, at, len);
            how.append("overwrite@").append(at).append('[').append(hex(Arrays.copyOf(value, len))).append(']');
            return r;
        } else if (op < 76) {
            int at = random.nextInt(n);
            int len = Math.min(1 + random.nextInt(16), n - at);
            byte[] r = new byte[n - len];
            System.arraycopy(b, 0, r, 0, at);
            System.arraycopy(b, at + len, r, at, n - at - len);
            how.append("delete@").append(at).append('+').append(len);
            return r;
        } else if (op < 84) {
            int at = random.nextInt(n);
            how.append("truncate@").append(at);
            return Arrays.copyOf(b, at);
        } else if (op < 93) {
            int which = random.nextInt(others.size());
            byte[] other = others.get(which);
            int at = random.nextInt(n + 1);
            int from = random.nextInt(other.length + 1);
            byte[] r = new byte[at + other.length - from];
            System.arraycopy(b, 0, r, 0, at);
            System.arraycopy(other, from, r, at, other.length - from);
            how.append("splice@").append(at).append('<').append(otherNames.get(which)).append('@').append(from);
            return r;
        } else {
            int from = random.nextInt(n);
            int len = Math.min(1 + random.nextInt(64), n - from);
            int at = random.nextInt(n + 1);
            byte[] r = new byte[n + len];
            System.arraycopy(b, 0, r, 0, at);
            System.arraycopy(b, from, r, at, len);
            System.arraycopy(b, at, r, at + len, n - at);
            how.append("duplicate@").append(from).append('+').append(len).append('>').append(at);
            return r;
        }
    }

    private static byte[] randomBytes(SplittableRandom random) {
        if (random.nextBoolean()) {
            return INTERESTING_VALUES[random.nextInt(INTERESTING_VALUES.length)].clone();
        }
        byte[] r = new byte[1 + random.nextInt(8)];
        for (int i = 0; i < r.length; i++) {
            r[i] = random.nextInt(3) == 0 ? (byte) random.nextInt(256)
                                          : INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
        }
        return r;
    }

    static String hex(byte v) {
        return String.format("%02x", v & 0xff);
    }

    /** The bytes as hex digits, pairs separated by nothing. */
    public static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2);
        for (byte v : bytes) {
            sb.append(hex(v));
        }
        return sb.toString();
    }
}
