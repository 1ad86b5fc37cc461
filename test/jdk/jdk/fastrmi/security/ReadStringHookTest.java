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
 * @summary ObjectInputStream's readString (what stock RMI reads String
 *          parameters and the registry's names with, through
 *          SharedSecrets.getJavaObjectInputStreamReadString) on a
 *          jdk.fastserial FastObjectInputStream reading what a
 *          FastObjectOutputStream wrote behaves as on the JDK's
 *          ObjectInputStream reading what an ObjectOutputStream wrote: a
 *          string, a long string, a null, a back reference to a string and a
 *          string after a reset are returned; an Integer, an int[], an enum,
 *          a Class and a Gadget (a Serializable class whose static
 *          initializer and readObject log) end in ClassCastException with
 *          the same message ("Cannot cast an object / an array / an enum / a
 *          class to java.lang.String") before anything of them is read: no
 *          class is resolved (resolveClass is not called), the Gadget class
 *          is not initialized and its readObject does not run; the stream
 *          stays at the refused item, which readObject then reads (for the
 *          Gadget, the control: now it is initialized and read). A back
 *          reference to an enum read by readString ends in the
 *          ClassCastException of a cast ("Cannot cast
 *          java.util.concurrent.TimeUnit to java.lang.String") on both.
 * @modules java.base/jdk.internal.access jdk.fastserial
 * @run main/othervm ReadStringHookTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.internal.access.SharedSecrets;

public class ReadStringHookTest {

    static final String CAST = "ClassCastException: Cannot cast ";
    static final String TO_STRING = " to java.lang.String";

    /** A serialization: how values are written, and a reader that logs the classes it resolves. */
    abstract static class Format {
        private final String name;

        Format(String name) {
            this.name = name;
        }

        String name() {
            return name;
        }

        abstract byte[] write(List<Object> values) throws IOException;

        abstract ObjectInputStream open(byte[] bytes, List<String> resolved) throws IOException;
    }

    static final Format STOCK = new Format("java.io") {
        @Override
        byte[] write(List<Object> values) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                writeAll(out, values);
            }
            return bytes.toByteArray();
        }

        @Override
        ObjectInputStream open(byte[] bytes, List<String> resolved) throws IOException {
            return new ObjectInputStream(new ByteArrayInputStream(bytes)) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    resolved.add(desc.getName());
                    return super.resolveClass(desc);
                }
            };
        }
    };

    static final Format FAST = new Format("jdk.fastserial") {
        @Override
        byte[] write(List<Object> values) throws IOException {
            FastObjectOutputStream out = new FastObjectOutputStream();
            writeAll(out, values);
            return out.toByteArray();
        }

        @Override
        ObjectInputStream open(byte[] bytes, List<String> resolved) throws IOException {
            return new FastObjectInputStream(bytes) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    resolved.add(desc.getName());
                    return super.resolveClass(desc);
                }
            };
        }
    };

    /** In the values of a case: a reset of the stream. */
    static final Object RESET = new Object();

    /** Writes each value, or resets the stream where the value is RESET. */
    static void writeAll(ObjectOutputStream out, List<Object> values) throws IOException {
        for (Object v : values) {
            if (v == RESET) {
                out.reset();
            } else {
                out.writeObject(v);
            }
        }
    }

    /** What a case does with the stream; returns what happened, compared across formats. */
    interface Reading {
        String read(ObjectInputStream in, List<String> resolved) throws Exception;
    }

    /** The hook under test: what stock RMI reads String parameters with. */
    static String readString(ObjectInputStream in) throws IOException {
        return SharedSecrets.getJavaObjectInputStreamReadString().readString(in);
    }

    /** readString, as text: the string or what it threw. */
    static String attempt(ObjectInputStream in) {
        try {
            String s = readString(in);
            return s == null ? "null" : "\"" + abbreviate(s) + "\"";
        } catch (Exception | Error e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 20) + "...(" + s.length() + " chars)";
    }

    /** A refusal read: readString's outcome, the classes resolved meanwhile, then what readObject finds. */
    static String refusedThenRead(ObjectInputStream in, List<String> resolved) throws Exception {
        String outcome = attempt(in);
        String during = "resolved " + resolved;
        Object next = in.readObject();
        return outcome + "; " + during + "; then readObject: " + describe(next);
    }

    static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof int[] a) {
            return "int[] " + Arrays.toString(a);
        }
        if (o instanceof Class<?> c) {
            return "class " + c.getName();
        }
        return o.getClass().getName() + " " + o;
    }

    static int failures;

    public static void main(String[] args) throws Exception {
        // values

        String string = "grande";
        check("a string", List.of(string), (in, resolved) -> attempt(in) + "; resolved " + resolved,
              "\"grande\"; resolved []");

        String longString = "x".repeat(70_000);        // the JDK's TC_LONGSTRING
        check("a string longer than 65535 UTF-8 bytes", List.of(longString),
              (in, resolved) -> {
                  String s = readString(in);
                  return (longString.equals(s) ? "equal" : "different: " + abbreviate(String.valueOf(s)))
                         + "; resolved " + resolved;
              }, "equal; resolved []");

        check("a null", Collections.singletonList(null), (in, resolved) -> attempt(in), "null");

        String shared = new String("shared");
        check("a string, then a back reference to it", List.of(shared, shared), (in, resolved) -> {
            String first = readString(in);
            String second = readString(in);
            return "\"" + first + "\", " + (second == first ? "the same instance" : "another: " + second);
        }, "\"shared\", the same instance");

        check("a string, a reset, a string", List.of("one", RESET, "two"),
              (in, resolved) -> attempt(in) + ", " + attempt(in), "\"one\", \"two\"");

        // refusals: before anything of the item is read, which readObject then reads

        check("an Integer", List.of(4242), ReadStringHookTest::refusedThenRead,
              CAST + "an object" + TO_STRING + "; resolved []; then readObject: java.lang.Integer 4242");

        check("an int[]", List.of(new int[] {1, 2, 3}), ReadStringHookTest::refusedThenRead,
              CAST + "an array" + TO_STRING + "; resolved []; then readObject: int[] [1, 2, 3]");

        check("an enum", List.of(TimeUnit.SECONDS), ReadStringHookTest::refusedThenRead,
              CAST + "an enum" + TO_STRING
              + "; resolved []; then readObject: java.util.concurrent.TimeUnit SECONDS");

        check("a Class", List.of(ArrayList.class), ReadStringHookTest::refusedThenRead,
              CAST + "a class" + TO_STRING + "; resolved []; then readObject: class java.util.ArrayList");

        // (not a box: the fast streams send boxes by value, without handles)
        check("an enum, then a back reference to it", List.of(TimeUnit.SECONDS, TimeUnit.SECONDS), (in, resolved) -> {
            Object first = in.readObject();
            return describe(first) + ", " + attempt(in);
        }, "java.util.concurrent.TimeUnit SECONDS, " + CAST + "java.util.concurrent.TimeUnit" + TO_STRING);

        // the gadget: written by its copy in another loader, so that this loader's class
        // stays uninitialized until a stream initializes it

        URL classes = ReadStringHookTest.class.getProtectionDomain().getCodeSource().getLocation();
        Object gadget;
        try (URLClassLoader writer = new URLClassLoader("writer", new URL[] {classes},
                                                        ClassLoader.getPlatformClassLoader())) {
            Class<?> writerGadget = Class.forName(HookGadget.NAME, true, writer);
            expect(writerGadget.getClassLoader() == writer, "the writer's Gadget is its own copy: "
                   + writerGadget.getClassLoader());
            Constructor<?> c = writerGadget.getDeclaredConstructor();
            c.setAccessible(true);
            gadget = c.newInstance();
            byte[] stockBytes = STOCK.write(List.of(gadget));
            byte[] fastBytes = FAST.write(List.of(gadget));
            String log = gadgetLog();
            expectEquals("init@writer", log, "the Gadget log after writing (its class initialized in writer only)");

            String expected = CAST + "an object" + TO_STRING + "; resolved []";
            for (Format f : List.of(STOCK, FAST)) {
                byte[] bytes = f == STOCK ? stockBytes : fastBytes;
                List<String> resolved = new ArrayList<>();
                try (ObjectInputStream in = f.open(bytes, resolved)) {
                    String outcome = attempt(in) + "; resolved " + resolved;
                    expectEquals(expected, outcome, f.name() + ": readString of a Gadget");
                }
                expectEquals("init@writer", gadgetLog(),
                             f.name() + ": after readString of a Gadget, the Gadget log (not initialized, not read)");
            }

            // the control: readObject does initialize and read it, in this test's loader
            String[] after = {"init@writer init@app read@app", "init@writer init@app read@app read@app"};
            int i = 0;
            for (Format f : List.of(FAST, STOCK)) {
                byte[] bytes = f == STOCK ? stockBytes : fastBytes;
                List<String> resolved = new ArrayList<>();
                try (ObjectInputStream in = f.open(bytes, resolved)) {
                    String refusal = attempt(in);
                    Object read = in.readObject();
                    expectEquals(CAST + "an object" + TO_STRING, refusal, f.name() + ": readString of a Gadget again");
                    expectEquals(HookGadget.NAME, read.getClass().getName(),
                                 f.name() + ": then readObject reads the Gadget");
                    expect(read.getClass().getClassLoader() == ReadStringHookTest.class.getClassLoader(),
                           f.name() + ": in this test's loader");
                    expectEquals(List.of(HookGadget.NAME), resolved, f.name() + ": the classes readObject resolved");
                }
                expectEquals(after[i++], gadgetLog(), f.name() + ": the Gadget log after readObject (the control)");
            }
        }

        if (failures > 0) {
            throw new AssertionError(failures + " check(s) failed, see above");
        }
    }

    /**
     * Writes the values with each format, reads them back with reading on
     * the format's own stream; both outcomes must be expected.
     */
    static void check(String what, List<Object> values, Reading reading, String expected) throws Exception {
        for (Format f : List.of(STOCK, FAST)) {
            byte[] bytes = f.write(values);
            List<String> resolved = new ArrayList<>();
            String outcome;
            try (ObjectInputStream in = f.open(bytes, resolved)) {
                outcome = reading.read(in, resolved);
            } catch (Exception | Error e) {
                outcome = "unexpected " + e;
                e.printStackTrace(System.out);
            }
            if (expected.equals(outcome)) {
                System.out.println("ok: " + f.name() + ": " + what + ": " + outcome);
            } else {
                failures++;
                System.out.println("FAILED: " + f.name() + ": " + what + ": expected\n    " + expected
                                   + "\n  got\n    " + outcome);
            }
        }
    }

    /**
     * HookGadget's log so far; touches no HookGadget class (LOG is a
     * constant: a static method of the class would initialize it).
     */
    static String gadgetLog() {
        return System.getProperty(HookGadget.LOG, "");
    }

    static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
        System.out.println("ok: " + what);
    }

    static void expectEquals(Object expected, Object actual, String what) {
        expect(Objects.equals(expected, actual), what + ": expected " + expected + ", got " + actual);
    }
}

/**
 * A class whose initialization and deserialization show: each appends
 * "event@loader" to a system property, the one place both copies of the
 * class (this test's loader's and the writer's) share.
 */
class HookGadget implements Serializable {
    static final String NAME = "HookGadget";
    static final String LOG = "test.hookgadget.log";

    @Serial
    private static final long serialVersionUID = 1L;

    static {
        record("init");
    }

    private int payload = 7;

    HookGadget() { }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        record("read");
    }

    private static void record(String event) {
        String loader = String.valueOf(HookGadget.class.getClassLoader().getName());
        String log = System.getProperty(LOG, "");
        System.setProperty(LOG, (log.isEmpty() ? "" : log + " ") + event + "@" + loader);
        System.out.println("HookGadget: " + event + " in loader " + loader);
    }
}
