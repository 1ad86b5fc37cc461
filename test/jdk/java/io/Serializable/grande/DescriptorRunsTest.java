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
 * @summary Class descriptors read by ObjectInputStream, which on the image
 *          reads a descriptor's name with its fixed part, and a primitive
 *          field's name with the next field's type code and name length,
 *          in one read of the underlying stream each. Descriptors of every
 *          field type, names of 0 to 2,000 bytes, ASCII and not, arrive
 *          whole through fresh streams over whole, buffered and trickling
 *          sources, and the source is left exactly after the object; a
 *          subclass that overrides readUTF, readLong, readByte or readShort
 *          still sees every descriptor item through its override (a
 *          renaming readUTF renames the field); a stream cut anywhere ends
 *          in EOFException, a malformed field name in
 *          UTFDataFormatException. The same holds on the stock JDK.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm DescriptorRunsTest
 * @run main/othervm -Xint DescriptorRunsTest
 * @run main/othervm -XX:TieredStopAtLevel=1 DescriptorRunsTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation DescriptorRunsTest
 */

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamConstants;
import java.io.Serializable;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import grande.test.JdkStreams;
import grande.test.PiecewiseInputStream;
import grande.test.StreamBytes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class DescriptorRunsTest {

    /** Every field type, references between primitives in the class, names not only ASCII. */
    static final class Everything implements Serializable {
        private static final long serialVersionUID = 7L;
        boolean z = true;
        String text = "text";
        byte b = -2;
        char c = '\u20ac';
        int[] ints = {1, 2, 3};
        short s = -300;
        int i = 0x12345678;
        long j = 0x1234_5678_9abc_def0L;
        Object boxed = 42;
        float f = 1.5f;
        double d = -2.25;
        int größe = 180;
        long 名前 = 99L;
        double[][] grid = {{1.0}, {2.0, 3.0}};
        int x = 7;

        @Override
        public boolean equals(Object o) {
            return o instanceof Everything e && z == e.z && text.equals(e.text) && b == e.b
                    && c == e.c && Arrays.equals(ints, e.ints) && s == e.s && i == e.i && j == e.j
                    && boxed.equals(e.boxed) && f == e.f && d == e.d && größe == e.größe
                    && 名前 == e.名前 && Arrays.deepEquals(grid, e.grid) && x == e.x;
        }

        @Override
        public int hashCode() {
            return Objects.hash(i, j, x);
        }
    }

    /** Only primitives, as most messages of numbers: a run per field. */
    static final class Numbers implements Serializable {
        private static final long serialVersionUID = 1L;
        int a = 1, bb = 2, ccc = 3, dddd = 4;
        long e = 5, f = 6;
        double g = 7.5;

        @Override
        public boolean equals(Object o) {
            return o instanceof Numbers n && a == n.a && bb == n.bb && ccc == n.ccc
                    && dddd == n.dddd && e == n.e && f == n.f && g == n.g;
        }

        @Override
        public int hashCode() {
            return a;
        }
    }

    static final class Enclosing implements Serializable {
        private static final long serialVersionUID = 1L;
        Numbers numbers = new Numbers();
        Everything everything = new Everything();
        Numbers again = numbers;

        @Override
        public boolean equals(Object o) {
            return o instanceof Enclosing e && numbers.equals(e.numbers)
                    && everything.equals(e.everything) && e.again == e.numbers;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    /** The class of the hand-written streams below, with one known field. */
    static final class Target implements Serializable {
        private static final long serialVersionUID = 1L;
        int known = -1;
    }

    /** An ObjectInputStream that counts what the descriptor is read through. */
    static class Counting extends ObjectInputStream {
        int utf, longs, bytes, shorts;

        Counting(InputStream in) throws IOException {
            super(in);
        }

        @Override
        public String readUTF() throws IOException {
            utf++;
            return super.readUTF();
        }

        @Override
        public long readLong() throws IOException {
            longs++;
            return super.readLong();
        }

        @Override
        public byte readByte() throws IOException {
            bytes++;
            return super.readByte();
        }

        @Override
        public short readShort() throws IOException {
            shorts++;
            return super.readShort();
        }
    }

    /** A subclass of a subclass, which overrides only readUTF: renames field "old" to "known". */
    static class Renaming extends ObjectInputStream {
        Renaming(InputStream in) throws IOException {
            super(in);
        }

        @Override
        public String readUTF() throws IOException {
            String s = super.readUTF();
            return s.equals("old") ? "known" : s;
        }
    }

    static final class RenamingAgain extends Renaming {
        RenamingAgain(InputStream in) throws IOException {
            super(in);
        }
    }

    /** A subclass that overrides nothing a descriptor is read through. */
    static final class Plain extends ObjectInputStream {
        Plain(InputStream in) throws IOException {
            super(in);
        }
    }

    public static void main(String[] args) throws Exception {
        Enclosing original = new Enclosing();
        byte[] stream = JdkStreams.write(original);

        List<Function<byte[], InputStream>> sources = List.of(
                ByteArrayInputStream::new,
                b -> new BufferedInputStream(new ByteArrayInputStream(b)),
                b -> new BufferedInputStream(new ByteArrayInputStream(b), 1),
                b -> new BufferedInputStream(new ByteArrayInputStream(b), 7),
                b -> new PiecewiseInputStream(b, 1, 1),
                b -> new PiecewiseInputStream(b, 1, 13));
        for (int round = 0; round < 3; round++) {
            for (Function<byte[], InputStream> source : sources) {
                // What follows the object on the source must still be there:
                // nothing of it is read ahead with a descriptor.
                byte[] followed = Arrays.copyOf(stream, stream.length + 3);
                followed[stream.length] = 11;
                followed[stream.length + 1] = 22;
                followed[stream.length + 2] = 33;
                InputStream in = source.apply(followed);
                ObjectInputStream ois = new ObjectInputStream(in);
                expectEquals(original, ois.readObject(), "round " + round + ": the graph read back");
                expectEquals(11, in.read(), "the source is left right after the object");
                expectEquals(22, in.read(), "and the next byte after it");

                Plain plain = new Plain(source.apply(stream));
                expectEquals(original, plain.readObject(), "round " + round + ": through a plain subclass");
            }
        }

        // An overriding subclass sees every item of the two descriptors it
        // reads through its methods, as readNonProxy calls them: the class
        // name and each field's name by readUTF, the UID by readLong, the
        // flags and each field's type code by readByte, the field count by
        // readShort.
        Counting counting = new Counting(new ByteArrayInputStream(JdkStreams.write(new Numbers())));
        expectEquals(new Numbers(), counting.readObject(), "Numbers through a counting subclass");
        int numbersFields = 7;
        expectEquals(1 + numbersFields, counting.utf, "readUTF calls");
        expectEquals(1, counting.longs, "readLong calls");
        expectEquals(1 + numbersFields, counting.bytes, "readByte calls");
        expectEquals(1, counting.shorts, "readShort calls");

        byte[] oldName = targetStream(List.of(new Field('I', "old", 5)));
        for (ObjectInputStream renaming : List.of(new Renaming(new ByteArrayInputStream(oldName)),
                                                  new RenamingAgain(new ByteArrayInputStream(oldName)))) {
            Target t = (Target) renaming.readObject();
            expectEquals(5, t.known, renaming.getClass().getSimpleName() + ": the renamed field is set");
        }

        // Names of every length around the runs' limits (the buffer holds
        // 1,024 bytes), none of them Target's but the last: skipped, and the
        // known field after them still set.
        List<Field> odd = new ArrayList<>();
        int[] lengths = {0, 1, 255, 256, 1008, 1009, 1010, 1013, 1014, 1021, 1024, 1025, 2000};
        for (int k = 0; k < lengths.length; k++) {
            odd.add(new Field(k % 2 == 0 ? 'J' : 'I', "n".repeat(lengths[k]), k));
        }
        odd.add(new Field('I', "kn\u00f6wn\u4e00", 0));
        odd.add(new Field('I', "known", 77));
        byte[] oddStream = targetStream(odd);
        for (Function<byte[], InputStream> source : sources) {
            InputStream in = source.apply(oddStream);
            Target t = (Target) new ObjectInputStream(in).readObject();
            expectEquals(77, t.known, "the known field after names of " + Arrays.toString(lengths) + " bytes");
            expectEquals(-1, in.read(), "the whole stream was read");
        }

        // Cut anywhere in the descriptor or the values: the end of the stream, always.
        int cuts = 0;
        List<String> wrong = new ArrayList<>();
        for (byte[] whole : List.of(stream, oddStream)) {
            for (int cut = 4; cut < whole.length; cut++) {
                byte[] part = Arrays.copyOf(whole, cut);
                try {
                    Object o = new ObjectInputStream(new ByteArrayInputStream(part)).readObject();
                    wrong.add(cut + " of " + whole.length + ": read " + o);
                } catch (EOFException expected) {
                    cuts++;
                } catch (Exception e) {
                    wrong.add(cut + " of " + whole.length + ": " + e);
                }
            }
        }
        expectEquals(List.of(), wrong, "cut streams that did not end in EOFException");
        expect(cuts > 1000, "cut streams that ended in EOFException: " + cuts);

        // A field name that is not modified UTF-8 (a lone continuation byte).
        byte[] malformed = targetStream(List.of(new Field('I', "bad\u0001name", 1), new Field('I', "known", 2)));
        int at = StreamBytes.indexOf(malformed, "bad\u0001name".getBytes("ISO-8859-1"));
        malformed[at + 3] = (byte) 0x80;
        expectThrows(UTFDataFormatException.class,
                () -> new ObjectInputStream(new ByteArrayInputStream(malformed)).readObject(),
                "a malformed field name");
    }

    record Field(char type, String name, long value) { }

    /** A Target written by hand, its descriptor naming the given primitive fields in order. */
    static byte[] targetStream(List<Field> fields) throws IOException {
        return JdkStreams.handWritten(out -> {
            out.writeByte(ObjectStreamConstants.TC_OBJECT);
            out.writeByte(ObjectStreamConstants.TC_CLASSDESC);
            out.writeUTF(Target.class.getName());
            out.writeLong(1L);
            out.writeByte(ObjectStreamConstants.SC_SERIALIZABLE);
            out.writeShort(fields.size());
            for (Field f : fields) {
                out.writeByte(f.type());
                out.writeUTF(f.name());
            }
            out.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
            out.writeByte(ObjectStreamConstants.TC_NULL);      // no serializable superclass
            // Values in the descriptor's order, as the reader takes them.
            for (Field f : fields) {
                if (f.type() == 'J') {
                    out.writeLong(f.value());
                } else {
                    out.writeInt((int) f.value());
                }
            }
        });
    }
}
