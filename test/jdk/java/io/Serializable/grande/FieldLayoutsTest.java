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
 * @summary One class read through descriptors of different field layouts,
 *          each by a fresh ObjectInputStream, in turn and again: the values
 *          land in the fields the descriptor names, also where two layouts
 *          hash alike ("Aa" and "BB" have one String hash), a layout that
 *          differs only in a field's type is told apart (incompatible type:
 *          InvalidClassException), and fields the stream lacks keep their
 *          defaults. The reader finds the field reflector of a layout by
 *          the descriptor's fields, which the image keys on directly. The
 *          same holds on the stock JDK.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm FieldLayoutsTest
 * @run main/othervm -Xint FieldLayoutsTest
 * @run main/othervm -XX:TieredStopAtLevel=1 FieldLayoutsTest
 * @run main/othervm -Xcomp -XX:-TieredCompilation FieldLayoutsTest
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamConstants;
import java.io.Serializable;

import grande.test.JdkStreams;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class FieldLayoutsTest {

    /** "Aa".hashCode() == "BB".hashCode(): layouts {Aa} and {BB} hash alike. */
    static final class Pair implements Serializable {
        private static final long serialVersionUID = 1L;
        int Aa = -1;
        int BB = -1;
        String name = "unset";

        @Override
        public String toString() {
            return "Pair[Aa=" + Aa + ", BB=" + BB + ", name=" + name + "]";
        }
    }

    /** A field of a descriptor written by hand: type code, name, value. */
    record StreamField(char type, String name, Object value) { }

    public static void main(String[] args) throws Exception {
        expectEquals("Aa".hashCode(), "BB".hashCode(), "the two names share a String hash");

        for (int round = 0; round < 3; round++) {
            Pair aa = read(new StreamField('I', "Aa", 11));
            expect(aa.Aa == 11 && aa.BB == 0 && aa.name == null,
                   "round " + round + ": layout {Aa} sets Aa only: " + aa);

            Pair bb = read(new StreamField('I', "BB", 22));
            expect(bb.Aa == 0 && bb.BB == 22 && bb.name == null,
                   "round " + round + ": layout {BB} sets BB only: " + bb);

            Pair both = read(new StreamField('I', "Aa", 1), new StreamField('I', "BB", 2),
                             new StreamField('L', "name", "both"));
            expect(both.Aa == 1 && both.BB == 2 && "both".equals(both.name),
                   "round " + round + ": layout {Aa, BB, name} sets all: " + both);

            Pair named = read(new StreamField('L', "name", "named"));
            expect(named.Aa == 0 && named.BB == 0 && "named".equals(named.name),
                   "round " + round + ": layout {name} sets name only: " + named);

            // The same names as {Aa}, one type differs: a layout of its own,
            // which does not match the class.
            InvalidClassException e = expectThrows(InvalidClassException.class,
                    () -> read(new StreamField('J', "Aa", 11L)),
                    "round " + round + ": layout {long Aa} is incompatible");
            expect(e.getMessage().contains("Aa"), "the exception names the field: " + e.getMessage());

            // An unknown field is skipped, the known one set.
            Pair extra = read(new StreamField('I', "BB", 5), new StreamField('I', "Cc", 6));
            expect(extra.Aa == 0 && extra.BB == 5,
                   "round " + round + ": layout {BB, Cc} sets BB: " + extra);
        }
    }

    /**
     * Reads a Pair, with a fresh ObjectInputStream, from a stream whose
     * descriptor of Pair has the given fields (primitive ones first, as a
     * writer orders them).
     */
    static Pair read(StreamField... fields) throws IOException, ClassNotFoundException {
        byte[] stream = JdkStreams.handWritten(out -> {
            out.writeByte(ObjectStreamConstants.TC_OBJECT);
            out.writeByte(ObjectStreamConstants.TC_CLASSDESC);
            out.writeUTF(Pair.class.getName());
            out.writeLong(1L);
            out.writeByte(ObjectStreamConstants.SC_SERIALIZABLE);
            out.writeShort(fields.length);
            for (StreamField f : fields) {
                out.writeByte(f.type());
                out.writeUTF(f.name());
                if (f.type() == 'L') {
                    out.writeByte(ObjectStreamConstants.TC_STRING);
                    out.writeUTF("Ljava/lang/String;");
                }
            }
            out.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
            out.writeByte(ObjectStreamConstants.TC_NULL);      // no serializable superclass
            for (StreamField f : fields) {
                switch (f.type()) {
                    case 'I' -> out.writeInt((Integer) f.value());
                    case 'J' -> out.writeLong((Long) f.value());
                    default -> { }
                }
            }
            for (StreamField f : fields) {
                if (f.type() == 'L') {
                    out.writeByte(ObjectStreamConstants.TC_STRING);
                    out.writeUTF((String) f.value());
                }
            }
        });
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            Object o = in.readObject();
            expect(in.read() == -1, "the whole stream was read");
            return (Pair) o;
        }
    }
}
