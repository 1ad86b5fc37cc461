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
 * @summary The JVM-wide deserialization filter of the jdk.serialFilter
 *          system property still rejects classes that a stream made with
 *          the no-argument constructor reads through the standard
 *          implementation after initStandardImplementation, directly or from
 *          an overridden readObject; without the property the same streams
 *          read fine.
 * @build HookGraph HookStreams
 * @run main/othervm -Djdk.serialFilter=!SerialFilterRejected;maxarray=100 SubclassHooksSerialFilterTest reject
 * @run main/othervm SubclassHooksSerialFilterTest accept
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

public class SubclassHooksSerialFilterTest {

    interface Reader {
        ObjectInputStream open(byte[] plainStream, byte[] taggedStream) throws IOException;
    }

    public static void main(String[] args) throws Exception {
        boolean reject = args[0].equals("reject");
        ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
        check(reject == (jvmWide != null), "the JVM-wide filter is " + jvmWide);

        byte[] plain = write(false);
        byte[] tagged = write(true);
        byte[] arrays = writeArrays();

        Map<String, Reader> readers = new LinkedHashMap<>();
        readers.put("ObjectInputStream(InputStream)", (p, t) -> new ObjectInputStream(new ByteArrayInputStream(p)));
        readers.put("subclass: no-arg constructor, initStandardImplementation, useSubclassImplementation(false)",
                    (p, t) -> new HookStreams.HookedIn(new ByteArrayInputStream(p), true));
        readers.put("subclass: public constructor", (p, t) -> new HookStreams.HookedIn(new ByteArrayInputStream(p)));
        readers.put("subclass: readObject overridden, super.readObject",
                    (p, t) -> new HookStreams.PartialIn(new ByteArrayInputStream(t)));

        for (Map.Entry<String, Reader> e : readers.entrySet()) {
            String name = e.getKey();
            ObjectInputStream in = e.getValue().open(plain, tagged);
            check("fine".equals(in.readObject()), name + ": reads an allowed object");
            if (reject) {
                expectRejected(in, name + ": SerialFilterRejected");
            } else {
                Object o = in.readObject();
                check(o instanceof SerialFilterRejected, name + ": reads SerialFilterRejected without a filter: " + o);
            }
            if (in instanceof HookStreams.PartialIn) {
                continue;   // the array stream has no tags
            }
            in = e.getValue().open(arrays, null);
            check(((int[]) in.readObject()).length == 100, name + ": reads int[100]");
            if (reject) {
                expectRejected(in, name + ": int[101] beyond maxarray=100");
            } else {
                check(((int[]) in.readObject()).length == 101, name + ": reads int[101] without a filter");
            }
        }
        System.out.println("PASSED");
    }

    static byte[] write(boolean tagged) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = tagged ? new HookStreams.PartialOut(bytes) : new ObjectOutputStream(bytes);
        out.writeObject("fine");
        out.writeObject(new SerialFilterRejected());
        out.flush();
        return bytes.toByteArray();
    }

    static byte[] writeArrays() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        out.writeObject(new int[100]);
        out.writeObject(new int[101]);
        out.flush();
        return bytes.toByteArray();
    }

    static void expectRejected(ObjectInputStream in, String what) throws Exception {
        try {
            Object o = in.readObject();
            throw new AssertionError(what + ": expected InvalidClassException, read " + o);
        } catch (InvalidClassException expected) {
            check(expected.getClass() == InvalidClassException.class,
                  what + ": exactly InvalidClassException, got " + expected);
            check(String.valueOf(expected.getMessage()).contains("REJECTED"),
                  what + ": the filter rejected it: " + expected.getMessage());
            System.out.println("ok: " + what + ": " + expected);
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
        System.out.println("ok: " + what);
    }
}

/** The class the jdk.serialFilter pattern rejects. */
class SerialFilterRejected implements Serializable {
    private static final long serialVersionUID = 1L;
    int value = 3;
}
