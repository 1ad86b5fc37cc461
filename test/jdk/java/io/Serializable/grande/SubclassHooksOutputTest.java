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
 * @summary The relaxed ObjectOutputStream hooks: a subclass made with the
 *          no-argument constructor that calls initStandardImplementation and
 *          useSubclassImplementation(false) writes exactly the bytes of a
 *          plain ObjectOutputStream, and class-defined writeObject methods
 *          see the subclass; writeObject can be overridden and call
 *          super.writeObject; the two implementations can be switched back
 *          and forth on one stream; misuse gives IllegalStateException.
 * @build HookGraph HookStreams
 * @run junit SubclassHooksOutputTest
 * @run junit/othervm -Dsun.io.serialization.extendedDebugInfo=true SubclassHooksOutputTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class SubclassHooksOutputTest {

    /** The graph, primitives, a reset and the graph again. */
    static final HookStreams.Writes SESSION = out -> {
        List<Object> graph = HookGraph.graph();
        out.writeObject(graph);
        out.writeInt(0x1234);
        out.writeUTF("between");
        out.writeObject(graph);            // a back reference
        out.writeUnshared(HookGraph.graph());
        out.reset();
        out.writeObject(graph);            // in full again
        out.writeObject(null);
        out.writeObject(String.class);
        out.flush();
    };

    static byte[] plain(HookStreams.Writes w) throws IOException {
        return HookStreams.plain(w);
    }

    /**
     * Writes the value made by value on out, flushed, and checks that sink
     * then holds what a plain ObjectOutputStream writes for such a value.
     */
    static void writesLikePlain(ObjectOutputStream out, ByteArrayOutputStream sink,
                                Supplier<Object> value) throws IOException {
        out.writeObject(value.get());
        out.flush();
        assertArrayEquals(plain(o -> o.writeObject(value.get())), sink.toByteArray());
    }

    @BeforeEach
    void clear() {
        HookGraph.clearWitnesses();
    }

    @Test
    void standardImplementationThroughInit() throws IOException {
        byte[] expected = plain(SESSION);
        HookGraph.clearWitnesses();

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.HookedOut out = new HookStreams.HookedOut(bytes, true);
        assertEquals(Boolean.TRUE, out.firstSwitch,
                     "after initStandardImplementation the subclass implementation was still chosen");
        SESSION.to(out);
        assertArrayEquals(expected, bytes.toByteArray(), "the same bytes as a plain ObjectOutputStream");
        assertEquals(List.of(), out.overridden, "writeObjectOverride was not called");

        // Witness.writeObject ran three times (graph, unshared graph, graph after reset), each on the subclass.
        assertEquals(3, HookGraph.Witness.WRITERS.size());
        for (Object seen : HookGraph.Witness.WRITERS) {
            assertInstanceOf(HookStreams.HookedOut.class, seen, "writeObject sees the subclass");
            assertSame(out, seen, "writeObject sees the subclass instance itself");
        }
    }

    @Test
    void headerWrittenByInit() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.HookedOut out = new HookStreams.HookedOut(null, false);
        assertEquals(0, bytes.size());
        out.init(bytes);
        out.flush();
        assertArrayEquals(new byte[] { (byte) 0xac, (byte) 0xed, 0x00, 0x05 }, bytes.toByteArray(),
                          "initStandardImplementation writes the stream header");
    }

    @Test
    void subclassHooksAreHonoured() throws IOException {
        // replaceObject of the subclass runs in the standard implementation,
        // exactly as in an ordinary subclass made with the public constructor.
        ByteArrayOutputStream viaPublic = new ByteArrayOutputStream();
        HookStreams.HookedOut pub = new HookStreams.HookedOut(viaPublic);
        pub.replacing(true);
        SESSION.to(pub);

        ByteArrayOutputStream viaInit = new ByteArrayOutputStream();
        HookStreams.HookedOut hooked = new HookStreams.HookedOut(viaInit, true);
        hooked.replacing(true);
        SESSION.to(hooked);

        assertArrayEquals(viaPublic.toByteArray(), viaInit.toByteArray());
        assertFalse(java.util.Arrays.equals(plain(SESSION), viaInit.toByteArray()), "replaceObject changed the stream");
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(viaInit.toByteArray()))) {
            HookGraph.checkGraph(in.readObject(), "public");
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void overriddenWriteObject() throws IOException {
        // Objects whose serialization makes no nested writeObject calls, so
        // that a plain stream can write the same bytes with its public API.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.PartialOut out = new HookStreams.PartialOut(bytes);
        out.writeObject(new HookStreams.Point(3, -4));
        out.writeObject("text");
        out.writeObject(new HookStreams.Point(5, 6));
        out.writeObject(new HookGraph.Pair(7, "pair"));
        out.writeObject(new int[] { 8, 9 });
        out.flush();
        assertEquals(2, out.points);
        assertEquals(3, out.standard);

        byte[] expected = plain(o -> {
            o.writeByte('P');
            o.writeInt(3);
            o.writeInt(-4);
            o.writeByte('S');
            o.writeObject("text");
            o.writeByte('P');
            o.writeInt(5);
            o.writeInt(6);
            o.writeByte('S');
            o.writeObject(new HookGraph.Pair(7, "pair"));
            o.writeByte('S');
            o.writeObject(new int[] { 8, 9 });
        });
        assertArrayEquals(expected, bytes.toByteArray());
    }

    @Test
    void overriddenWriteObjectSeesNestedCalls() throws Exception {
        // Point is not Serializable: inside an ArrayList it can only be written
        // because ArrayList.writeObject calls the overridden writeObject.
        java.util.ArrayList<Object> list = new java.util.ArrayList<>(
                List.of(new HookStreams.Point(1, 2), "s", new HookStreams.Point(3, 4)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.PartialOut out = new HookStreams.PartialOut(bytes);
        out.writeObject(list);
        out.flush();
        assertEquals(2, out.points);
        assertEquals(2, out.standard);   // the list and "s"

        HookStreams.PartialIn in = new HookStreams.PartialIn(new ByteArrayInputStream(bytes.toByteArray()));
        assertEquals(list, in.readObject());
        assertEquals(2, in.points);

        // A plain stream refuses the Point.
        assertThrowsExactly(java.io.NotSerializableException.class,
                () -> new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(list));
    }

    @Test
    void switchingBackAndForth() throws IOException {
        List<Object> graph = HookGraph.graph();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.HookedOut out = new HookStreams.HookedOut(bytes, false);
        out.writeObject("x");                           // still the subclass implementation
        assertTrue(out.use(false), "the subclass implementation was chosen before");
        out.writeObject(graph);
        assertFalse(out.use(false), "the standard implementation was chosen before");
        out.writeInt(77);
        assertFalse(out.use(true), "the standard implementation was chosen before");
        out.writeObject("y");
        assertTrue(out.use(true), "the subclass implementation was chosen before");
        assertTrue(out.use(false), "the subclass implementation was chosen before");
        out.writeObject(graph);                         // a back reference: the handle table is kept
        out.flush();
        assertEquals(List.of("x", "y"), out.overridden);

        byte[] expected = plain(o -> {
            o.writeUTF("override:x");
            o.writeObject(graph);
            o.writeInt(77);
            o.writeUTF("override:y");
            o.writeObject(graph);
        });
        assertArrayEquals(expected, bytes.toByteArray());
    }

    @Test
    void subclassImplementationCallsWriteObjectOverride() throws IOException {
        // The old way: the no-argument constructor and nothing else.
        HookStreams.HookedOut bare = new HookStreams.HookedOut(null, false);
        bare.writeObject("a");
        bare.writeObject(42);
        assertEquals(List.of("a", 42), bare.overridden);
        assertTrue(bare.use(true), "the no-argument constructor chooses the subclass implementation");
        bare.writeObject("b");
        assertEquals(List.of("a", 42, "b"), bare.overridden);

        // Initialized, but the subclass implementation still chosen.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HookStreams.HookedOut initialized = new HookStreams.HookedOut(bytes, false);
        initialized.writeObject("c");
        assertEquals(List.of("c"), initialized.overridden);

        // A stream made with the public constructor, switched to the subclass implementation.
        ByteArrayOutputStream pubBytes = new ByteArrayOutputStream();
        HookStreams.HookedOut pub = new HookStreams.HookedOut(pubBytes);
        assertFalse(pub.use(false), "the public constructor chooses the standard implementation");
        assertFalse(pub.use(true));
        pub.writeObject("d");
        assertTrue(pub.use(false));
        pub.writeObject("e");
        pub.flush();
        assertEquals(List.of("d"), pub.overridden);
        assertArrayEquals(plain(o -> {
            o.writeUTF("override:d");
            o.writeObject("e");
        }), pubBytes.toByteArray());
    }

    @Test
    void notSerializableReportedTheSameWay() throws IOException {
        // A Point is not Serializable; with -Dsun.io.serialization.extendedDebugInfo=true
        // the message also gives the path to it.
        java.util.ArrayList<Object> list = new java.util.ArrayList<>(List.of("s", new HookStreams.Point(1, 2)));
        java.io.NotSerializableException plain = org.junit.jupiter.api.Assertions.assertThrowsExactly(
                java.io.NotSerializableException.class,
                () -> new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(list));
        java.io.NotSerializableException hooked = org.junit.jupiter.api.Assertions.assertThrowsExactly(
                java.io.NotSerializableException.class,
                () -> new HookStreams.HookedOut(new ByteArrayOutputStream(), true).writeObject(list));
        assertEquals(plain.getMessage(), hooked.getMessage());
        if (Boolean.getBoolean("sun.io.serialization.extendedDebugInfo")) {
            assertTrue(hooked.getMessage().contains("java.util.ArrayList"),
                       "the extended debug info names the path: " + hooked.getMessage());
        }
    }

    @Test
    void initTwice() throws IOException {
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        HookStreams.HookedOut out = new HookStreams.HookedOut(first, true);
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        assertThrowsExactly(IllegalStateException.class, () -> out.init(second));
        assertEquals(0, second.size(), "the failed call wrote nothing");
        // The stream still works, on the first target.
        writesLikePlain(out, first, () -> HookGraph.graph());
    }

    @Test
    void initOnAStreamMadeWithThePublicConstructor() throws IOException {
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        HookStreams.HookedOut out = new HookStreams.HookedOut(first);
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        assertThrowsExactly(IllegalStateException.class, () -> out.init(second));
        assertEquals(0, second.size(), "the failed call wrote nothing");
        writesLikePlain(out, first, () -> "still fine");
    }

    @Test
    void standardBeforeInit() throws IOException {
        HookStreams.HookedOut out = new HookStreams.HookedOut(null, false);
        assertThrowsExactly(IllegalStateException.class, () -> out.use(false));
        // Nothing changed: the subclass implementation is still chosen.
        out.writeObject("after");
        assertEquals(List.of("after"), out.overridden);
        assertTrue(out.use(true));
        // Once initialized, the switch works.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        out.init(bytes);
        assertTrue(out.use(false));
        writesLikePlain(out, bytes, () -> "standard");
    }

    @Test
    void initWithNull() throws IOException {
        HookStreams.HookedOut out = new HookStreams.HookedOut(null, false);
        assertThrowsExactly(NullPointerException.class, () -> out.init((OutputStream) null));
        assertThrowsExactly(IllegalStateException.class, () -> out.use(false),
                           "a failed init leaves the stream uninitialized");
    }

    @Test
    void apiShape() throws NoSuchMethodException {
        Method writeObject = ObjectOutputStream.class.getMethod("writeObject", Object.class);
        assertTrue(Modifier.isPublic(writeObject.getModifiers()));
        assertFalse(Modifier.isFinal(writeObject.getModifiers()), "writeObject is no longer final");
        Method init = ObjectOutputStream.class.getDeclaredMethod("initStandardImplementation", OutputStream.class);
        assertEquals(Modifier.PROTECTED | Modifier.FINAL, init.getModifiers() & (Modifier.PUBLIC
                     | Modifier.PROTECTED | Modifier.PRIVATE | Modifier.FINAL | Modifier.STATIC));
        assertEquals(List.of(IOException.class), List.of(init.getExceptionTypes()));
        Method use = ObjectOutputStream.class.getDeclaredMethod("useSubclassImplementation", boolean.class);
        assertEquals(Modifier.PROTECTED | Modifier.FINAL, use.getModifiers() & (Modifier.PUBLIC
                     | Modifier.PROTECTED | Modifier.PRIVATE | Modifier.FINAL | Modifier.STATIC));
        assertEquals(boolean.class, use.getReturnType());
        assertEquals(List.of(IOException.class), List.of(writeObject.getExceptionTypes()));
    }
}
