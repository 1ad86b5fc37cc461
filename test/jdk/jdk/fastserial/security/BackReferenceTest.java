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
 * @summary Back-references cannot smuggle what the filter rejects.
 *          (a) Across messages of one long-lived stream (setInput per
 *          message): a reader subclass that calls resetFilterCounts() and
 *          forgetObjects() at each message start, and whose filter rejects
 *          class Secret from message 2 on, gets a StreamCorruptedException,
 *          not the Secret of message 1, when message 2 (written after
 *          rewind() without resetObjects()) refers back to it; also when
 *          the filter allows Secret (forgotten is forgotten); a message 2
 *          written after resetObjects() carries a new Secret, which the
 *          filter rejects (InvalidClassException) or, if allowed, reads
 *          with the types of message 1 still known.
 *          (b) Within one stream, with a filter that rejects Secret: an
 *          Object[] holding one Secret twice is an InvalidClassException;
 *          a later readObject that refers back to a rejected Secret, or to
 *          its class (another Secret), fails with InvalidClassException or
 *          StreamCorruptedException, as does a class-defined readObject
 *          that catches the first rejection and reads on; never does a
 *          Secret come back. The JDK's ObjectInputStream, on the JDK's
 *          bytes of the same graphs, never returns a Secret either.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm BackReferenceTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectThrows;

public class BackReferenceTest {

    /** The class the filter rejects. No fields: nothing of its data is left unread when it is rejected. */
    static final class Secret implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /** A class whose readObject catches the rejection of its first field and reads the second. */
    static final class Lenient implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        transient Object a;
        transient Object b;
        transient IOException firstFailure;

        Lenient(Object a, Object b) {
            this.a = a;
            this.b = b;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeObject(a);
            out.writeObject(b);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            try {
                a = in.readObject();
            } catch (InvalidClassException e) {
                firstFailure = e;
            }
            b = in.readObject();
        }

        @Override
        public String toString() {
            return "Lenient[a=" + a + ", b=" + b + ", firstFailure=" + firstFailure + "]";
        }
    }

    static final ObjectInputFilter REJECT_SECRET =
            info -> info.serialClass() == Secret.class ? ObjectInputFilter.Status.REJECTED
                                                       : ObjectInputFilter.Status.UNDECIDED;

    public static void main(String[] args) throws Exception {
        acrossMessages();
        withinStream();
        System.out.println("PASSED");
    }

    // ------------------------------------------------- (a) across messages --

    /** A transport's reader: one message per setInput, objects forgotten at each message. */
    static final class MessageReader extends FastObjectInputStream {
        volatile boolean rejectSecret;

        MessageReader(byte[] first) throws IOException {
            super(first);
            setObjectInputFilter(info -> rejectSecret ? REJECT_SECRET.checkInput(info)
                                                      : ObjectInputFilter.Status.UNDECIDED);
        }

        void startMessage() throws IOException {
            resetFilterCounts();
            forgetObjects();
        }

        void next(byte[] message, boolean rejectSecret) throws IOException {
            setInput(message, 0, message.length);
            this.rejectSecret = rejectSecret;
            startMessage();
        }
    }

    static void acrossMessages() throws Exception {
        Secret x = new Secret();
        FastObjectOutputStream out = new FastObjectOutputStream();
        out.writeObject(x);
        byte[] first = message(out);
        out.rewind();                          // no resetObjects(): x is sent as a back-reference
        out.writeObject(x);
        byte[] backRef = message(out);

        FastObjectOutputStream out2 = new FastObjectOutputStream();
        out2.writeObject(x);
        expect(Arrays.equals(first, message(out2)), "the second writer's first message is the same");
        out2.rewind();
        out2.resetObjects();                   // what a transport's writer does at each message
        out2.writeObject(new Secret());
        byte[] fresh = message(out2);

        for (boolean reject : new boolean[] {true, false}) {
            String filter = reject ? "the filter rejects Secret from message 2 on" : "the filter allows Secret";
            MessageReader in = new MessageReader(first);
            in.startMessage();
            Object got = in.readObject();
            expect(got instanceof Secret, "message 1 reads a Secret");
            in.next(backRef, reject);
            expectThrows(StreamCorruptedException.class, () -> {
                Object o = in.readObject();
                throw new AssertionError("message 2 returned " + (o == got ? "message 1's Secret" : o));
            }, "a back-reference of message 2 to message 1's Secret, after forgetObjects(); " + filter);
        }

        MessageReader in = new MessageReader(first);
        in.startMessage();
        in.readObject();
        in.next(fresh, true);
        expectThrows(InvalidClassException.class, in::readObject,
                     "a new Secret in message 2 (after the writer's resetObjects), rejected from message 2 on");

        MessageReader allowed = new MessageReader(first);
        allowed.startMessage();
        Object one = allowed.readObject();
        allowed.next(fresh, false);
        Object two = allowed.readObject();
        expect(two instanceof Secret && two != one,
               "a new Secret in message 2, allowed: a new object, its type known from message 1: " + two);
    }

    static byte[] message(FastObjectOutputStream out) throws IOException {
        return Arrays.copyOf(out.buffer(), (int) out.size());
    }

    // -------------------------------------------------- (b) within a stream --

    /** A graph, written by successive writeObject calls. */
    record Graph(String name, Object... tops) { }

    static void withinStream() throws Exception {
        Secret s = new Secret();
        Secret s2 = new Secret();
        List<Graph> graphs = List.of(
                new Graph("one Object[] holding one Secret twice", (Object) new Object[] {s, s}),
                new Graph("a Secret, then a back-reference to it", s, s),
                new Graph("a Secret, then another Secret (its class by back-reference)", s, s2),
                new Graph("a readObject that catches the rejection, then a back-reference to the Secret",
                          new Lenient(s, s)),
                new Graph("a readObject that catches the rejection, then another Secret", new Lenient(s, s2)));
        List<String> failures = new ArrayList<>();
        for (Graph g : graphs) {
            System.out.println("--- " + g.name());
            List<Object> fast = readAll(new FastObjectInputStream(fastBytes(g)), g.tops().length);
            List<Object> jdk = readAll(new ObjectInputStream(new ByteArrayInputStream(jdkBytes(g))),
                                       g.tops().length);
            System.out.println("fast: " + fast);
            System.out.println("JDK:  " + jdk);
            // the first object: the Secret, or its container, is rejected
            Object first = fast.get(0);
            boolean firstOk = g.tops()[0] instanceof Object[] || g.tops()[0] instanceof Secret
                              ? first instanceof InvalidClassException
                              : first instanceof InvalidClassException || first instanceof StreamCorruptedException;
            check(failures, firstOk, g.name() + ": fast, the first readObject: "
                  + (g.tops()[0] instanceof Lenient ? "InvalidClassException or StreamCorruptedException"
                                                    : "InvalidClassException") + ", got " + first);
            for (int i = 1; i < fast.size(); i++) {
                Object later = fast.get(i);
                check(failures, later instanceof InvalidClassException || later instanceof StreamCorruptedException,
                      g.name() + ": fast, readObject " + (i + 1) + ": InvalidClassException or "
                      + "StreamCorruptedException, got " + later);
            }
            for (int i = 0; i < jdk.size(); i++) {
                check(failures, jdk.get(i) instanceof IOException,
                      g.name() + ": the JDK's, readObject " + (i + 1) + " fails too: " + jdk.get(i));
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " failures:\n" + String.join("\n", failures));
        }
    }

    /** What each of n readObject calls gave: the object, or what it threw. */
    static List<Object> readAll(ObjectInputStream in, int n) {
        in.setObjectInputFilter(REJECT_SECRET);
        List<Object> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            try {
                results.add(in.readObject());
            } catch (Exception e) {
                results.add(e);
            }
        }
        return results;
    }

    static void check(List<String> failures, boolean ok, String what) {
        System.out.println((ok ? "ok: " : "FAILED: ") + what);
        if (!ok) {
            failures.add(what);
        }
    }

    static byte[] fastBytes(Graph g) throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        for (Object o : g.tops()) {
            out.writeObject(o);
        }
        out.close();
        return out.toByteArray();
    }

    static byte[] jdkBytes(Graph g) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (Object o : g.tops()) {
                out.writeObject(o);
            }
        }
        return bytes.toByteArray();
    }
}
