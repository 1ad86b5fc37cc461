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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bounded random mutations of a valid stream: bit flips, bytes replaced with
 * interesting values, interesting multi-byte values (lengths near 2^31 in
 * both byte orders and as LEB128 varints), insertions, deletions,
 * duplications, truncation and splicing with another valid stream of the
 * same format. Which of these is made depends only on the random source and
 * the lengths of the streams, so one seed makes comparable mutations of a
 * fast stream and of a JDK stream of the same graph.
 *
 * <p>Where a format has a {@link Parser} (the fast format's finds the
 * {@link Part}s of a stream as its reader sees them), half the mutations
 * are structure-aware: they change one part of the stream to another valid
 * or invalid value of its kind (see {@link #mutate(byte[], List, List, List,
 * Parser, SplittableRandom)}). They depend on the stream's structure too.
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
        return repeat(stream, random, (bytes, how) -> mutateOnce(bytes, others, otherNames, random, how));
    }

    /** One mutation of bytes, described in how. */
    private interface Step {
        byte[] apply(byte[] bytes, StringBuilder how);
    }

    /** step 1 to 4 times over stream, 1 most often; the descriptions separated by spaces. */
    private static Mutation repeat(byte[] stream, SplittableRandom random, Step step) {
        int count = random.nextInt(10) < 6 ? 1 : 2 + random.nextInt(3);
        byte[] bytes = stream;
        StringBuilder how = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                how.append(' ');
            }
            bytes = step.apply(bytes, how);
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

    // ------------------------------------------------ structure-aware --

    /** What a part of a stream is, as a format's parser found it (see FastFormat.Parser). */
    public enum Part {
        /** An item's type code or a marker in custom data (value: the byte). */
        TAG,
        /** A whole item, from its tag to its end (bound: the handles assigned before it). */
        ITEM,
        /** A back reference's handle (value; bound: the handles assigned so far). */
        HANDLE,
        /** A reference to a predefined type or one described before (value: its id; bound: the next id). */
        TYPE_ID,
        /** A new type: the id 0 and the whole descriptor, annotations included (value: the id it gets). */
        DESCRIPTOR,
        /** A varint length or count: of a string, array, list, name, interfaces, levels, fields, constants. */
        COUNT,
        /** An enum constant's index (value; bound: the type's number of constants). */
        ENUM_INDEX,
        /** A block's four-byte length. */
        BLOCK_LENGTH,
        /** A descriptor's kind of type. */
        KIND,
        /** A class name in a descriptor, its length included (value: the length's bytes). */
        CLASS_NAME,
        /** A field name, field signature or enum constant name, its length included (value: the length's bytes). */
        FIELD_NAME,
        /** A field's type code. */
        FIELD_CODE,
        /** A level's flags (bit 0: the level's data was written by a writeObject). */
        LEVEL_FLAGS,
        /** A serialVersionUID (eight bytes). */
        SUID,
        /** A level's layout fingerprint (eight bytes): another value makes the reader go field by field. */
        FINGERPRINT
    }

    /** One part of a stream: where it is and what it holds. */
    public record Token(Part part, int offset, int length, long value, long bound) { }

    /**
     * The parts of a stream in stream order (an item's ITEM after its
     * contents); complete when the parser understood the whole stream.
     */
    public record Structure(List<Token> tokens, boolean complete) {
        public List<Token> all(Part part) {
            List<Token> r = new ArrayList<>();
            for (Token t : tokens) {
                if (t.part() == part) {
                    r.add(t);
                }
            }
            return r;
        }
    }

    /** A format's parser: the structure of a stream, as far as it is valid. Never throws. */
    public interface Parser {
        Structure parse(byte[] stream);
    }

    /**
     * Mutates stream 1 to 4 times, as {@link #mutate(byte[], List, List,
     * SplittableRandom)}, half of the mutations (where parser is not null)
     * structure-aware: a type code or tag swapped, a handle or type id
     * replaced with another valid or invalid one, a length or count
     * changed, an item replaced (by null, a back reference, another item of
     * this or another stream) or dropped or duplicated, a descriptor
     * duplicated, dropped or spliced in from another stream, a class renamed
     * to another class, a field renamed or retyped, a level's flags,
     * serialVersionUID or fingerprint changed. structures are those of
     * others (parser's results), for splicing.
     */
    public static Mutation mutate(byte[] stream, List<byte[]> others, List<String> otherNames,
                                  List<Structure> structures, Parser parser, SplittableRandom random) {
        if (parser == null) {
            return mutate(stream, others, otherNames, random);
        }
        return repeat(stream, random, (bytes, how) -> {
            byte[] r = null;
            if (random.nextBoolean()) {
                r = mutateStructure(bytes, parser.parse(bytes), others, otherNames, structures, random, how);
            }
            return r != null ? r : mutateOnce(bytes, others, otherNames, random, how);
        });
    }

    private static final byte[] FIELD_CODES = "ZBCSIJFDL[".getBytes(StandardCharsets.ISO_8859_1);

    /** One structure-aware mutation, or null where the stream has no part of the kind chosen. */
    static byte[] mutateStructure(byte[] b, Structure st, List<byte[]> others, List<String> otherNames,
                                  List<Structure> structures, SplittableRandom random, StringBuilder how) {
        int op = random.nextInt(100);
        if (op < 10) {
            Token t = pick(st, random, Part.TAG);
            if (t == null) {
                return null;
            }
            int v = random.nextInt(10) < 8 ? random.nextInt(13) : 13 + random.nextInt(243);
            how.append("tag@").append(t.offset()).append(':').append(hex((byte) t.value())).append('>')
               .append(hex((byte) v));
            return replace(b, t, new byte[] {(byte) v});
        } else if (op < 22) {
            Token t = pick(st, random, Part.HANDLE);
            if (t == null) {
                return null;
            }
            long v = newIndex(t.value(), t.bound(), 0, random);
            how.append("handle@").append(t.offset()).append(':').append(t.value()).append('>').append(v)
               .append("/").append(t.bound());
            return replace(b, t, varint(v));
        } else if (op < 34) {
            Token t = pick(st, random, Part.TYPE_ID);
            if (t == null) {
                return null;
            }
            long v;
            int r = random.nextInt(10);
            if (r < 2) {
                v = 1 + random.nextInt(20);               // a predefined type
            } else if (r < 3) {
                v = 0;                                     // "a descriptor follows"
            } else {
                v = newIndex(t.value(), t.bound(), 1, random);
            }
            how.append("type@").append(t.offset()).append(':').append(t.value()).append('>').append(v)
               .append("/").append(t.bound());
            return replace(b, t, varint(v));
        } else if (op < 48) {
            Token t = pick(st, random, Part.COUNT, Part.COUNT, Part.COUNT, Part.ENUM_INDEX, Part.BLOCK_LENGTH);
            if (t == null) {
                return null;
            }
            long v = newLength(t, random);
            how.append(t.part().name().toLowerCase(java.util.Locale.ROOT)).append('@').append(t.offset())
               .append(':').append(t.value()).append('>').append(v);
            if (t.part() == Part.BLOCK_LENGTH) {
                return replace(b, t, new byte[] {(byte) v, (byte) (v >> 8), (byte) (v >> 16), (byte) (v >> 24)});
            }
            return replace(b, t, varint(v));
        } else if (op < 66) {
            return mutateItem(b, st, others, otherNames, structures, random, how);
        } else if (op < 80) {
            return mutateDescriptor(b, st, others, otherNames, structures, random, how);
        } else if (op < 98) {
            return mutateDescription(b, st, others, otherNames, structures, random, how);
        } else {
            Token t = pick(st, random, Part.TAG);
            if (t == null) {
                return null;
            }
            byte reset = (byte) (random.nextBoolean() ? 0x08 : 0x09);
            how.append("reset@").append(t.offset()).append('=').append(hex(reset));
            return splice(b, t.offset(), 0, new byte[] {reset});
        }
    }

    /** A whole item replaced by null, a back reference or another item, dropped, duplicated or swapped. */
    private static byte[] mutateItem(byte[] b, Structure st, List<byte[]> others, List<String> otherNames,
                                     List<Structure> structures, SplittableRandom random, StringBuilder how) {
        Token t = pick(st, random, Part.ITEM);
        if (t == null) {
            return null;
        }
        int r = random.nextInt(100);
        how.append("item@").append(t.offset()).append('+').append(t.length());
        if (r < 20) {
            how.append(">null");
            return replace(b, t, new byte[] {0x00});
        } else if (r < 45) {
            if (t.bound() == 0) {
                how.append(">null");
                return replace(b, t, new byte[] {0x00});
            }
            long h = random.nextInt(8) == 0 ? t.bound() : random.nextLong(t.bound());
            how.append(">ref").append(h).append('/').append(t.bound());
            byte[] ref = varint(h);
            byte[] item = new byte[1 + ref.length];
            item[0] = 0x01;
            System.arraycopy(ref, 0, item, 1, ref.length);
            return replace(b, t, item);
        } else if (r < 65) {
            Token other = pick(st, random, Part.ITEM);
            how.append(">item@").append(other.offset()).append('+').append(other.length());
            return replace(b, t, Arrays.copyOfRange(b, other.offset(), other.offset() + other.length()));
        } else if (r < 80 && !structures.isEmpty()) {
            int which = random.nextInt(structures.size());
            Token other = pick(structures.get(which), random, Part.ITEM);
            if (other == null) {
                return null;
            }
            how.append(">item@").append(otherNames.get(which)).append('@').append(other.offset()).append('+')
               .append(other.length());
            return replace(b, t, Arrays.copyOfRange(others.get(which), other.offset(),
                                                    other.offset() + other.length()));
        } else if (r < 88) {
            how.append(">dropped");
            return replace(b, t, new byte[0]);
        } else if (r < 95) {
            how.append(">twice");
            return splice(b, t.offset() + t.length(), 0, Arrays.copyOfRange(b, t.offset(), t.offset() + t.length()));
        } else {
            Token u = pick(st, random, Part.ITEM);
            Token first = t.offset() < u.offset() ? t : u;
            Token second = first == t ? u : t;
            if (first.offset() + first.length() > second.offset()) {
                how.append(">null");        // one holds the other
                return replace(b, t, new byte[] {0x00});
            }
            how.append("<>item@").append(u.offset()).append('+').append(u.length());
            byte[] r2 = replace(b, second, Arrays.copyOfRange(b, first.offset(), first.offset() + first.length()));
            return replace(r2, first, Arrays.copyOfRange(b, second.offset(), second.offset() + second.length()));
        }
    }

    /** A type descriptor duplicated, dropped or spliced in from another stream. */
    private static byte[] mutateDescriptor(byte[] b, Structure st, List<byte[]> others, List<String> otherNames,
                                           List<Structure> structures, SplittableRandom random,
                                           StringBuilder how) {
        Token d = pick(st, random, Part.DESCRIPTOR);
        int r = random.nextInt(3);
        if (d == null && r < 2) {
            return null;
        }
        if (r == 0) {
            // Again where the stream refers to it (or to another type) later: every later id shifts.
            List<Token> later = new ArrayList<>();
            List<Token> same = new ArrayList<>();
            for (Token t : st.all(Part.TYPE_ID)) {
                if (t.offset() > d.offset()) {
                    later.add(t);
                    if (t.value() == d.value()) {
                        same.add(t);
                    }
                }
            }
            List<Token> targets = !same.isEmpty() && random.nextInt(4) != 0 ? same : later;
            if (targets.isEmpty()) {
                return null;
            }
            Token t = targets.get(random.nextInt(targets.size()));
            how.append("descriptor@").append(d.offset()).append('+').append(d.length()).append(">again@")
               .append(t.offset());
            return replace(b, t, Arrays.copyOfRange(b, d.offset(), d.offset() + d.length()));
        } else if (r == 1) {
            // Dropped: a reference to its own id (not yet defined), an earlier type or a predefined one.
            int k = random.nextInt(3);
            long id = k == 0 ? d.value() : k == 1 && d.value() > 21 ? 21 + random.nextLong(d.value() - 21)
                                                                    : 1 + random.nextInt(20);
            how.append("descriptor@").append(d.offset()).append('+').append(d.length()).append(">type").append(id);
            return replace(b, d, varint(id));
        } else {
            // Another stream's descriptor in place of a type reference or descriptor of this one.
            List<Token> targets = new ArrayList<>(st.all(Part.TYPE_ID));
            targets.addAll(st.all(Part.DESCRIPTOR));
            if (targets.isEmpty() || structures.isEmpty()) {
                return null;
            }
            Token t = targets.get(random.nextInt(targets.size()));
            int which = random.nextInt(structures.size());
            Token foreign = pick(structures.get(which), random, Part.DESCRIPTOR);
            if (foreign == null) {
                return null;
            }
            how.append("descriptor@").append(t.offset()).append("<").append(otherNames.get(which)).append('@')
               .append(foreign.offset()).append('+').append(foreign.length());
            return replace(b, t, Arrays.copyOfRange(others.get(which), foreign.offset(),
                                                    foreign.offset() + foreign.length()));
        }
    }

    /** A detail of a descriptor: its kind, a class or field name, a field's type, a level's flags, suid or fingerprint. */
    private static byte[] mutateDescription(byte[] b, Structure st, List<byte[]> others, List<String> otherNames,
                                            List<Structure> structures, SplittableRandom random,
                                            StringBuilder how) {
        Token t = pick(st, random, Part.KIND, Part.CLASS_NAME, Part.CLASS_NAME, Part.FIELD_NAME, Part.FIELD_CODE,
                       Part.FIELD_CODE, Part.LEVEL_FLAGS, Part.SUID, Part.FINGERPRINT, Part.FINGERPRINT);
        if (t == null) {
            return null;
        }
        String where = t.part().name().toLowerCase(java.util.Locale.ROOT) + "@" + t.offset();
        switch (t.part()) {
            case KIND -> {
                int v = random.nextInt(10) < 8 ? 1 + random.nextInt(8) : random.nextInt(256);
                how.append(where).append(':').append(t.value()).append('>').append(v);
                return replace(b, t, new byte[] {(byte) v});
            }
            case FIELD_CODE -> {
                byte v = random.nextInt(10) < 9 ? FIELD_CODES[random.nextInt(FIELD_CODES.length)]
                                                : (byte) random.nextInt(256);
                how.append(where).append(':').append((char) t.value()).append('>').append(hex(v));
                return replace(b, t, new byte[] {v});
            }
            case LEVEL_FLAGS -> {
                int v = random.nextInt(4) != 0 ? (int) t.value() ^ 1 : random.nextInt(256);
                how.append(where).append(':').append(t.value()).append('>').append(v);
                return replace(b, t, new byte[] {(byte) v});
            }
            case SUID, FINGERPRINT -> {
                byte[] r = b.clone();
                if (t.part() == Part.FINGERPRINT && random.nextInt(4) == 0) {
                    Arrays.fill(r, t.offset(), t.offset() + 8, (byte) 0);
                    how.append(where).append(":0");
                } else {
                    int bit = random.nextInt(64);
                    r[t.offset() + bit / 8] ^= (byte) (1 << (bit % 8));
                    how.append(where).append(":flip").append(bit);
                }
                return r;
            }
            default -> {
                // A name: renamed to another name of this or another stream (another class,
                // another field: a descriptor whose fields differ from the local class's), or
                // one character changed.
                if (random.nextInt(3) != 0) {
                    boolean own = random.nextBoolean() || structures.isEmpty();
                    int which = own ? -1 : random.nextInt(structures.size());
                    List<Token> names = (own ? st : structures.get(which)).all(t.part());
                    if (!names.isEmpty()) {
                        Token n = names.get(random.nextInt(names.size()));
                        byte[] source = own ? b : others.get(which);
                        how.append(where).append(">name@").append(own ? "" : otherNames.get(which) + "@")
                           .append(n.offset());
                        return replace(b, t, Arrays.copyOfRange(source, n.offset(), n.offset() + n.length()));
                    }
                }
                int chars = t.length() - (int) t.value();
                if (chars <= 0) {
                    return null;
                }
                int at = t.offset() + (int) t.value() + random.nextInt(chars);
                byte v = (byte) ("abcxyzQ$_.09[;L".charAt(random.nextInt(15)));
                how.append(where).append(":char@").append(at).append('=').append((char) v);
                byte[] r = b.clone();
                r[at] = v;
                return r;
            }
        }
    }

    /** Another index for one of bound valid ones (from lowest): valid, next, last, first, beyond. */
    private static long newIndex(long value, long bound, long lowest, SplittableRandom random) {
        int r = random.nextInt(100);
        if (r < 50 && bound > lowest) {
            return lowest + random.nextLong(bound - lowest);
        } else if (r < 65) {
            return bound;
        } else if (r < 75) {
            return Math.max(lowest, bound - 1);
        } else if (r < 82) {
            return lowest;
        } else if (r < 90) {
            return value + 1;
        } else if (r < 95) {
            return Math.max(0, value - 1);
        } else {
            return 1L << (7 + random.nextInt(25));
        }
    }

    /** Another length or count: one more or less, none, double, a bit more, the limit or beyond. */
    private static long newLength(Token t, SplittableRandom random) {
        long v = t.value();
        int r = random.nextInt(100);
        if (r < 20) {
            return v + 1;
        } else if (r < 40) {
            return Math.max(0, v - 1);
        } else if (r < 50) {
            return 0;
        } else if (r < 58) {
            return 2 * v;
        } else if (r < 68) {
            return v + 2 + random.nextInt(64);
        } else if (r < 76) {
            return t.part() == Part.ENUM_INDEX ? t.bound() : random.nextInt(300);
        } else if (r < 84) {
            return random.nextInt(16);
        } else if (r < 92) {
            return 0x7fffffffL;
        } else {
            return 0xffffffffL;
        }
    }

    /** A token of one of the parts, each part as likely as it is listed, or null. */
    private static Token pick(Structure st, SplittableRandom random, Part... parts) {
        Part part = parts[random.nextInt(parts.length)];
        List<Token> tokens = st.all(part);
        if (tokens.isEmpty()) {
            for (Part p : parts) {
                tokens = st.all(p);
                if (!tokens.isEmpty()) {
                    break;
                }
            }
        }
        return tokens.isEmpty() ? null : tokens.get(random.nextInt(tokens.size()));
    }

    private static byte[] replace(byte[] b, Token t, byte[] with) {
        return splice(b, t.offset(), t.length(), with);
    }

    /** b with len bytes at at replaced by with. */
    static byte[] splice(byte[] b, int at, int len, byte[] with) {
        byte[] r = new byte[b.length - len + with.length];
        System.arraycopy(b, 0, r, 0, at);
        System.arraycopy(with, 0, r, at, with.length);
        System.arraycopy(b, at + len, r, at + with.length, b.length - at - len);
        return r;
    }

    /** An unsigned LEB128 varint of the low 32 bits of v (as the fast reader reads one). */
    public static byte[] varint(long v) {
        v &= 0xffffffffL;
        byte[] r = new byte[5];
        int n = 0;
        while ((v & ~0x7FL) != 0) {
            r[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        r[n++] = (byte) v;
        return Arrays.copyOf(r, n);
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
