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
 * @summary The relaxed ObjectInputStream hooks: a subclass made with the
 *          no-argument constructor that calls initStandardImplementation and
 *          useSubclassImplementation(false) reads what a plain stream reads,
 *          and class-defined readObject methods see the subclass; readObject
 *          can be overridden and call super.readObject; the implementations
 *          can be switched back and forth; misuse gives IllegalStateException;
 *          a filter set with setObjectInputFilter still rejects classes read
 *          through the standard implementation.
 * @build HookGraph HookStreams
 * @run junit SubclassHooksInputTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.StreamCorruptedException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class SubclassHooksInputTest {

    static byte[] plain(HookStreams.Writes w) throws IOException {
        return HookStreams.plain(w);
    }

    static InputStream in(byte[] b) {
        return new ByteArrayInputStream(b);
    }

    /** The graph, primitives, the graph again, a reset and the graph in full. */
    static byte[] session() throws IOException {
        return plain(out -> {
            List<Object> graph = HookGraph.graph();
            out.writeObject(graph);
            out.writeInt(0x1234);
            out.writeUTF("between");
            out.writeObject(graph);
            out.reset();
            out.writeObject(graph);
            out.writeObject(null);
        });
    }

    /** Reads session() and checks it. */
    static void readSession(ObjectInputStream in, String text) throws Exception {
        Object first = in.readObject();
        HookGraph.checkGraph(first, text);
        assertEquals(0x1234, in.readInt());
        assertEquals("between", in.readUTF());
        assertSame(first, in.readObject(), "a back reference");
        Object afterReset = in.readObject();
        HookGraph.checkGraph(afterReset, text);
        assertFalse(first == afterReset, "after reset a new graph");
        assertNull(in.readObject());
        assertEquals(-1, in.read());
    }

    @BeforeEach
    void clear() {
        HookGraph.clearWitnesses();
    }

    @Test
    void standardImplementationThroughInit() throws Exception {
        byte[] stream = session();
        // The reference: a plain stream.
        readSession(new ObjectInputStream(in(stream)), "secret");
        HookGraph.clearWitnesses();

        HookStreams.HookedIn hooked = new HookStreams.HookedIn(in(stream), true);
        assertEquals(Boolean.TRUE, hooked.firstSwitch,
                     "after initStandardImplementation the subclass implementation was still chosen");
        readSession(hooked, "secret");
        assertEquals(List.of(), hooked.overridden);
        assertEquals(2, HookGraph.Witness.READERS.size());
        for (Object seen : HookGraph.Witness.READERS) {
            assertInstanceOf(HookStreams.HookedIn.class, seen, "readObject sees the subclass");
            assertSame(hooked, seen, "readObject sees the subclass instance itself");
        }
        assertTrue(hooked.resolved.contains(HookGraph.Witness.class.getName()),
                   "the subclass's resolveClass resolved the classes: " + hooked.resolved);
        assertEquals(2, HookGraph.Witness.VALIDATED.size(),
                     "the validation callbacks registered in readObject ran, once per graph read in full");
    }

    @Test
    void resolveObjectHook() throws Exception {
        HookStreams.HookedIn hooked = new HookStreams.HookedIn(in(session()), true);
        hooked.resolving(true);
        readSession(hooked, "resolved");
    }

    @Test
    void overriddenReadObject() throws Exception {
        // What PartialOut writes, written with the public API of a plain stream.
        byte[] stream = plain(o -> {
            o.writeByte('P');
            o.writeInt(3);
            o.writeInt(-4);
            o.writeByte('S');
            o.writeObject(new HookGraph.Pair(7, "pair"));
            o.writeByte('P');
            o.writeInt(5);
            o.writeInt(6);
            o.writeByte('S');
            o.writeObject(new int[] { 8, 9 });
        });
        HookStreams.PartialIn in = new HookStreams.PartialIn(in(stream));
        assertEquals(new HookStreams.Point(3, -4), in.readObject());
        assertEquals(new HookGraph.Pair(7, "pair"), in.readObject());
        assertEquals(new HookStreams.Point(5, 6), in.readObject());
        assertArrayEquals(new int[] { 8, 9 }, (int[]) in.readObject());
        assertEquals(2, in.points);
        assertEquals(2, in.standard);
        assertEquals(-1, in.read());
    }

    @Test
    void overriddenReadObjectRoundTrip() throws Exception {
        ArrayList<Object> list = new ArrayList<>();
        list.add(new HookStreams.Point(1, 2));
        list.add(HookGraph.graph());
        list.add(new HookStreams.Point(3, 4));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.PartialOut out = new HookStreams.PartialOut(bytes);
        out.writeObject(list);
        out.writeObject(new HookStreams.Point(7, 8));
        out.flush();

        HookStreams.PartialIn in = new HookStreams.PartialIn(in(bytes.toByteArray()));
        List<?> read = (List<?>) in.readObject();
        assertEquals(new HookStreams.Point(1, 2), read.get(0));
        HookGraph.checkGraph(read.get(1), "secret");
        assertEquals(new HookStreams.Point(3, 4), read.get(2));
        assertEquals(new HookStreams.Point(7, 8), in.readObject());
        assertEquals(3, in.points);
        assertEquals(out.standard, in.standard, "one standard read for each standard write");
        HookGraph.Witness.READERS.forEach(r -> assertSame(in, r));
    }

    @Test
    void switchingBackAndForth() throws Exception {
        List<Object> graph = HookGraph.graph();
        byte[] stream = plain(o -> {
            o.writeUTF("override:x");
            o.writeObject(graph);
            o.writeInt(77);
            o.writeUTF("override:y");
            o.writeObject(graph);
        });
        HookStreams.HookedIn in = new HookStreams.HookedIn(in(stream), false);
        assertEquals("override:x", in.readObject());
        assertTrue(in.use(false));
        Object first = in.readObject();
        HookGraph.checkGraph(first, "secret");
        assertFalse(in.use(false));
        assertEquals(77, in.readInt());
        assertFalse(in.use(true));
        assertEquals("override:y", in.readObject());
        assertTrue(in.use(true));
        assertTrue(in.use(false));
        assertSame(first, in.readObject(), "the handle table is kept across switches");
        assertEquals(List.of("override:x", "override:y"), in.overridden);
    }

    @Test
    void subclassImplementationCallsReadObjectOverride() throws Exception {
        HookStreams.HookedIn bare = new HookStreams.HookedIn(null, false);
        assertEquals("override", bare.readObject());
        assertTrue(bare.use(true));
        assertEquals("override", bare.readObject());
        assertEquals(List.of("override", "override"), bare.overridden);

        byte[] stream = plain(o -> {
            o.writeUTF("override:d");
            o.writeObject("e");
        });
        HookStreams.HookedIn pub = new HookStreams.HookedIn(in(stream));
        assertFalse(pub.use(false), "the public constructor chooses the standard implementation");
        assertFalse(pub.use(true));
        assertEquals("override:d", pub.readObject());
        assertTrue(pub.use(false));
        assertEquals("e", pub.readObject());
        assertEquals(List.of("override:d"), pub.overridden);
    }

    /** How a test stream's init is called. */
    interface Init {
        void init(InputStream in) throws IOException;
    }

    /**
     * A second init of in (which reads "first") throws IllegalStateException
     * and reads nothing of the stream it is given; in still reads "first".
     */
    static void secondInitRefused(ObjectInputStream in, Init init) throws Exception {
        ByteArrayInputStream second = new ByteArrayInputStream(plain(o -> o.writeObject("second")));
        int available = second.available();
        assertThrowsExactly(IllegalStateException.class, () -> init.init(second));
        assertEquals(available, second.available(), "the failed call read nothing");
        assertEquals("first", in.readObject());
    }

    @Test
    void initTwice() throws Exception {
        byte[] stream = plain(o -> o.writeObject("first"));
        HookStreams.HookedIn in = new HookStreams.HookedIn(in(stream), true);
        secondInitRefused(in, in::init);
    }

    @Test
    void initOnAStreamMadeWithThePublicConstructor() throws Exception {
        HookStreams.HookedIn in = new HookStreams.HookedIn(in(plain(o -> o.writeObject("first"))));
        secondInitRefused(in, in::init);
    }

    @Test
    void standardBeforeInit() throws Exception {
        HookStreams.HookedIn in = new HookStreams.HookedIn(null, false);
        assertThrowsExactly(IllegalStateException.class, () -> in.use(false));
        assertEquals("override", in.readObject(), "still the subclass implementation");
        assertTrue(in.use(true));
        in.init(in(plain(o -> o.writeObject("standard"))));
        assertTrue(in.use(false));
        assertEquals("standard", in.readObject());
    }

    @Test
    void initWithNullOrABadHeader() throws Exception {
        HookStreams.HookedIn in = new HookStreams.HookedIn(null, false);
        assertThrowsExactly(NullPointerException.class, () -> in.init((InputStream) null));
        assertThrowsExactly(IllegalStateException.class, () -> in.use(false),
                           "a failed init leaves the stream uninitialized");
        HookStreams.HookedIn bad = new HookStreams.HookedIn(null, false);
        assertThrowsExactly(StreamCorruptedException.class,
                () -> bad.init(in(new byte[] { (byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe })));
    }

    // ---- filters

    static final class RecordingFilter implements ObjectInputFilter {
        final List<Class<?>> seen = new ArrayList<>();

        @Override
        public Status checkInput(FilterInfo info) {
            Class<?> c = info.serialClass();
            if (c != null) {
                seen.add(c);
            }
            if (c == HookGraph.Forbidden.class) {
                return Status.REJECTED;
            }
            if (info.arrayLength() > 100) {
                return Status.REJECTED;
            }
            return Status.UNDECIDED;
        }
    }

    static final class FilteringIn extends ObjectInputStream {
        FilteringIn(InputStream in, ObjectInputFilter filter, boolean filterFirst) throws IOException {
            super();
            if (filterFirst) {
                setObjectInputFilter(filter);
            }
            initStandardImplementation(in);
            if (!filterFirst) {
                setObjectInputFilter(filter);
            }
            useSubclassImplementation(false);
        }
    }

    @Test
    void filterRejectsThroughTheStandardImplementation() throws Exception {
        byte[] forbidden = plain(o -> {
            o.writeObject("fine");
            o.writeObject(List.of(1, 2));
            o.writeObject(new HookGraph.Forbidden());
        });
        byte[] longArray = plain(o -> {
            o.writeObject(new int[100]);
            o.writeObject(new int[101]);
        });
        for (boolean filterFirst : new boolean[] { true, false }) {
            RecordingFilter filter = new RecordingFilter();
            FilteringIn in = new FilteringIn(in(forbidden), filter, filterFirst);
            assertSame(filter, in.getObjectInputFilter(), "the stream's filter");
            assertEquals("fine", in.readObject());
            assertEquals(List.of(1, 2), in.readObject());
            assertThrowsExactly(InvalidClassException.class, in::readObject);
            assertTrue(filter.seen.contains(HookGraph.Forbidden.class), "the filter saw " + filter.seen);

            in = new FilteringIn(in(longArray), new RecordingFilter(), filterFirst);
            assertEquals(100, ((int[]) in.readObject()).length);
            assertThrowsExactly(InvalidClassException.class, in::readObject);
        }
        // The same with a plain stream, for reference.
        ObjectInputStream plain = new ObjectInputStream(in(forbidden));
        plain.setObjectInputFilter(new RecordingFilter());
        assertEquals("fine", plain.readObject());
        assertEquals(List.of(1, 2), plain.readObject());
        assertThrowsExactly(InvalidClassException.class, plain::readObject);
    }

    @Test
    void filterRejectsThroughAnOverriddenReadObject() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.PartialOut out = new HookStreams.PartialOut(bytes);
        out.writeObject(new HookStreams.Point(1, 1));
        out.writeObject("fine");
        out.writeObject(new HookGraph.Forbidden());
        out.flush();
        HookStreams.PartialIn in = new HookStreams.PartialIn(in(bytes.toByteArray()));
        RecordingFilter filter = new RecordingFilter();
        in.filter(filter);
        assertEquals(new HookStreams.Point(1, 1), in.readObject());
        assertEquals("fine", in.readObject());
        assertThrowsExactly(InvalidClassException.class, in::readObject);
        assertTrue(filter.seen.contains(HookGraph.Forbidden.class));
    }

    @Test
    void filterCannotBeSetAfterAStandardRead() throws Exception {
        HookStreams.PartialIn in = new HookStreams.PartialIn(in(plain(o -> {
            o.writeByte('S');
            o.writeObject("x");
        })));
        assertEquals("x", in.readObject());
        assertThrowsExactly(IllegalStateException.class, () -> in.filter(new RecordingFilter()));
    }

    @Test
    void apiShape() throws NoSuchMethodException {
        Method readObject = ObjectInputStream.class.getMethod("readObject");
        assertTrue(Modifier.isPublic(readObject.getModifiers()));
        assertFalse(Modifier.isFinal(readObject.getModifiers()), "readObject is no longer final");
        int visibility = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.PRIVATE | Modifier.FINAL | Modifier.STATIC;
        Method init = ObjectInputStream.class.getDeclaredMethod("initStandardImplementation", InputStream.class);
        assertEquals(Modifier.PROTECTED | Modifier.FINAL, init.getModifiers() & visibility);
        assertEquals(List.of(IOException.class), List.of(init.getExceptionTypes()));
        Method use = ObjectInputStream.class.getDeclaredMethod("useSubclassImplementation", boolean.class);
        assertEquals(Modifier.PROTECTED | Modifier.FINAL, use.getModifiers() & visibility);
        assertEquals(boolean.class, use.getReturnType());
    }
}
