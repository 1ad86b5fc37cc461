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
 * @summary A closed fast stream refuses to be used. For every input source
 *          (a byte[], an InputStream, a heap MemorySegment, native segments
 *          of confined, shared, global and automatic arenas, a segment
 *          mapped from a file) and every output target (memory, an
 *          OutputStream, heap and native segments), after close() with input
 *          left unread or room left to write, every read, get, write and put
 *          method throws an IOException (not an NPE, not an
 *          IllegalStateException, no value, no crash), a second close() does
 *          nothing, and setInput throws IllegalStateException. While a
 *          segment stream is open its arena cannot be closed
 *          (IllegalStateException: the stream keeps it acquired) and the
 *          stream still works; once the stream is closed the arena closes,
 *          and the stream's methods still throw IOException, never touching
 *          the freed memory.
 * @modules jdk.fastserial
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -XX:-OmitStackTraceInFastThrow UseAfterCloseTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import grande.test.Checks.Action;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

public class UseAfterCloseTest {

    /** A class with a generated marshaler. */
    static final class Point implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        final int x;
        final int y;
        final String label;

        Point(int x, int y, String label) {
            this.x = x;
            this.y = y;
            this.label = label;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point p && p.x == x && p.y == y && p.label.equals(label);
        }

        @Override
        public int hashCode() {
            return x * 31 + y;
        }

        @Override
        public String toString() {
            return "Point(" + x + ", " + y + ", " + label + ")";
        }
    }

    /** How often the content repeats: the reader reads the first round only. */
    static final int ROUNDS = 40;

    /** Failures, all collected so that one run shows them all. */
    static final List<String> FAILURES = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        byte[] stream = content();
        System.out.println("content: " + stream.length + " bytes");

        // (a) every source, closed with input left unread
        input("byte[]", stream, () -> new FastObjectInputStream(stream), null, null);
        input("byte[] at an offset", stream, () -> {
            byte[] padded = new byte[stream.length + 20];
            System.arraycopy(stream, 0, padded, 10, stream.length);
            return new FastObjectInputStream(padded, 10, stream.length);
        }, null, null);
        input("InputStream", stream, () -> new FastObjectInputStream(new ByteArrayInputStream(stream)), null, null);
        input("heap segment", stream, () -> new FastObjectInputStream(MemorySegment.ofArray(stream.clone())),
              null, null);
        input("global-arena segment", stream, () -> new FastObjectInputStream(copy(Arena.global(), stream)),
              null, null);
        input("auto-arena segment", stream, () -> new FastObjectInputStream(copy(Arena.ofAuto(), stream)),
              null, null);

        // (b) segments of arenas that can be closed: not while the stream is
        // open, then after it is closed; the stream keeps refusing.
        for (String kind : List.of("confined", "shared")) {
            Arena arena = kind.equals("shared") ? Arena.ofShared() : Arena.ofConfined();
            MemorySegment seg = copy(arena, stream);
            input(kind + "-arena segment", stream, () -> new FastObjectInputStream(seg), arena, seg);
        }
        output("memory (no-arg constructor)", FastObjectOutputStream::new, null);
        output("OutputStream", () -> new FastObjectOutputStream(new ByteArrayOutputStream()), null);
        output("heap segment", () -> new FastObjectOutputStream(MemorySegment.ofArray(new byte[64 * 1024])), null);
        output("global-arena segment", () -> new FastObjectOutputStream(Arena.global().allocate(64 * 1024)), null);
        for (String kind : List.of("confined", "shared")) {
            Arena arena = kind.equals("shared") ? Arena.ofShared() : Arena.ofConfined();
            MemorySegment seg = arena.allocate(64 * 1024);
            output(kind + "-arena segment", () -> new FastObjectOutputStream(seg), arena);
        }
        // Last, as a read of an unmapped file would crash the VM.
        Path file = Path.of(System.getProperty("test.scratch", "."), "stream.bin").toAbsolutePath();
        Files.write(file, stream);
        for (String kind : List.of("confined", "shared")) {
            Arena arena = kind.equals("shared") ? Arena.ofShared() : Arena.ofConfined();
            MemorySegment seg;
            try (FileChannel fc = FileChannel.open(file, StandardOpenOption.READ)) {
                seg = fc.map(FileChannel.MapMode.READ_ONLY, 0, stream.length, arena);
            }
            input("file mapped in a " + kind + " arena", stream, () -> new FastObjectInputStream(seg), arena, seg);
        }

        if (!FAILURES.isEmpty()) {
            // grouped by call and outcome, with the sources where it happened
            Map<String, List<String>> byProblem = new TreeMap<>();
            for (String f : FAILURES) {
                int colon = f.indexOf(": ");
                String source = colon < 0 ? "" : f.substring(0, colon);
                String problem = (colon < 0 ? f : f.substring(colon + 2)).replaceAll("-?\\d+", "#");
                byProblem.computeIfAbsent(problem, k -> new ArrayList<>()).add(source);
            }
            StringBuilder sb = new StringBuilder(FAILURES.size() + " failures (each printed above):");
            byProblem.forEach((problem, sources) -> sb.append("\n").append(problem).append("\n    in ")
                    .append(sources.size()).append(": ").append(String.join("; ", sources)));
            throw new AssertionError(sb.toString());
        }
        System.out.println("PASSED");
    }

    // ------------------------------------------------------------- content --

    /** Objects, block data and raw values, ROUNDS times, written by a fast stream. */
    static byte[] content() throws IOException {
        FastObjectOutputStream out = new FastObjectOutputStream();
        for (int i = 0; i < ROUNDS; i++) {
            out.writeObject("hello " + i);
            out.writeObject(new int[] {i, i + 1, i + 2});
            out.writeObject(new Point(i, -i, "p" + i));
            out.writeInt(42 + i);
            out.writeLong(43L + i);
            out.writeUTF("block " + i);
            out.putInt(7 + i);
            out.putLong(8L + i);
            out.putBytes(new byte[64], 0, 64);
        }
        out.close();
        return out.toByteArray();
    }

    /** What the reader reads before it closes: the first round, as written. */
    static void readFirstRound(FastObjectInputStream in) throws Exception {
        expectEq("hello 0", in.readObject(), "readObject");
        int[] a = (int[]) in.readObject();
        expectEq(List.of(0, 1, 2), List.of(a[0], a[1], a[2]), "an int[]");
        expectEq(new Point(0, 0, "p0"), in.readObject(), "a Point");
        expectEq(42, in.readInt(), "readInt");
        expectEq(43L, in.readLong(), "readLong");
        expectEq("block 0", in.readUTF(), "readUTF");
        expectEq(7, in.getInt(), "getInt");
        expectEq(8L, in.getLong(), "getLong");
        byte[] b = new byte[64];
        in.getBytes(b, 0, 64);
    }

    static MemorySegment copy(Arena arena, byte[] bytes) {
        MemorySegment seg = arena.allocate(bytes.length);
        MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return seg;
    }

    // --------------------------------------------------------------- input --

    interface InputFactory {
        FastObjectInputStream open() throws Exception;
    }

    /**
     * Reads the first round from a new stream, closes it and checks every
     * method; with an arena, first that the open stream keeps it from
     * closing, and last that after the stream's close the arena closes and
     * the stream still refuses.
     */
    static void input(String source, byte[] stream, InputFactory factory, Arena arena, MemorySegment seg)
            throws Exception {
        System.out.println("--- input from " + source);
        FastObjectInputStream in = factory.open();
        readFirstRound(in);
        if (arena != null) {
            expectThrows(IllegalStateException.class, arena::close,
                         source + ": closing the arena while the stream is open");
            check(seg.scope().isAlive(), source + ": the arena is still alive after the refused close");
            expectEq("hello 1", in.readObject(), source + ": the stream still reads after the refused close");
        }
        in.close();
        afterInputClose(source + " (closed)", in, stream, seg);
        expectNormal(in::close, source + ": a second close()");
        if (arena != null) {
            expectNormal(arena::close, source + ": closing the arena after the stream");
            check(!seg.scope().isAlive(), source + ": the arena is closed");
            afterInputClose(source + " (closed, arena closed)", in, stream, null);
        }
    }

    static void afterInputClose(String what, FastObjectInputStream in, byte[] stream, MemorySegment seg) {
        byte[] b = new byte[8];
        Map<String, Action> calls = new LinkedHashMap<>();
        calls.put("readObject()", in::readObject);
        calls.put("readUnshared()", in::readUnshared);
        calls.put("readReference()", in::readReference);
        calls.put("readBoolean()", in::readBoolean);
        calls.put("readByte()", in::readByte);
        calls.put("readUnsignedByte()", in::readUnsignedByte);
        calls.put("readChar()", in::readChar);
        calls.put("readShort()", in::readShort);
        calls.put("readUnsignedShort()", in::readUnsignedShort);
        calls.put("readInt()", in::readInt);
        calls.put("readLong()", in::readLong);
        calls.put("readFloat()", in::readFloat);
        calls.put("readDouble()", in::readDouble);
        calls.put("readUTF()", in::readUTF);
        calls.put("readFully(byte[])", () -> in.readFully(b));
        calls.put("readFully(byte[], 0, 8)", () -> in.readFully(b, 0, 8));
        calls.put("read()", in::read);
        calls.put("read(byte[], 0, 8)", () -> in.read(b, 0, 8));
        calls.put("available()", in::available);
        calls.put("skipBytes(8)", () -> in.skipBytes(8));
        calls.put("getBoolean()", in::getBoolean);
        calls.put("getByte()", in::getByte);
        calls.put("getChar()", in::getChar);
        calls.put("getShort()", in::getShort);
        calls.put("getInt()", in::getInt);
        calls.put("getLong()", in::getLong);
        calls.put("getFloat()", in::getFloat);
        calls.put("getDouble()", in::getDouble);
        calls.put("getBooleans(boolean[8])", () -> in.getBooleans(new boolean[8], 0, 8));
        calls.put("getBytes(byte[8])", () -> in.getBytes(new byte[8], 0, 8));
        calls.put("getChars(char[4])", () -> in.getChars(new char[4], 0, 4));
        calls.put("getShorts(short[4])", () -> in.getShorts(new short[4], 0, 4));
        calls.put("getInts(int[2])", () -> in.getInts(new int[2], 0, 2));
        calls.put("getLongs(long[1])", () -> in.getLongs(new long[1], 0, 1));
        calls.put("getFloats(float[2])", () -> in.getFloats(new float[2], 0, 2));
        calls.put("getDoubles(double[1])", () -> in.getDoubles(new double[1], 0, 1));
        calls.put("require(8)", () -> in.require(8));
        for (Map.Entry<String, Action> c : calls.entrySet()) {
            expectThrows(IOException.class, c.getValue(), what + ": " + c.getKey());
        }
        expectThrows(IllegalStateException.class, () -> in.setInput(stream, 0, stream.length),
                     what + ": setInput(byte[], int, int)");
        MemorySegment next = seg != null && seg.scope().isAlive() ? seg : MemorySegment.ofArray(stream);
        expectThrows(IllegalStateException.class, () -> in.setInput(next), what + ": setInput(MemorySegment)");
        expectThrows(IllegalStateException.class, () -> in.setInput(next, 0, 4),
                     what + ": setInput(MemorySegment, long, long)");
    }

    // -------------------------------------------------------------- output --

    interface OutputFactory {
        FastObjectOutputStream open() throws Exception;
    }

    static void output(String target, OutputFactory factory, Arena arena) throws Exception {
        System.out.println("--- output to " + target);
        FastObjectOutputStream out = factory.open();
        out.writeObject("hello");
        out.writeObject(new Point(1, 2, "p"));
        out.writeInt(42);
        out.writeUTF("block");
        out.putLong(43L);
        out.putBytes(new byte[32], 0, 32);
        if (arena != null) {
            expectThrows(IllegalStateException.class, arena::close,
                         target + ": closing the arena while the stream is open");
            expectNormal(() -> out.writeObject(new Point(3, 4, "q")),
                         target + ": the stream still writes after the refused close");
        }
        out.close();
        afterOutputClose(target + " (closed)", out);
        expectNormal(out::close, target + ": a second close()");
        if (arena != null) {
            expectNormal(arena::close, target + ": closing the arena after the stream");
            afterOutputClose(target + " (closed, arena closed)", out);
        }
    }

    static void afterOutputClose(String what, FastObjectOutputStream out) {
        Map<String, Action> calls = new LinkedHashMap<>();
        calls.put("writeObject(String)", () -> out.writeObject("again"));
        calls.put("writeObject(Point)", () -> out.writeObject(new Point(5, 6, "r")));
        calls.put("writeObject(null)", () -> out.writeObject(null));
        calls.put("writeUnshared(Point)", () -> out.writeUnshared(new Point(7, 8, "s")));
        calls.put("writeReference(String)", () -> out.writeReference("ref"));
        calls.put("write(int)", () -> out.write(1));
        calls.put("write(byte[])", () -> out.write(new byte[8]));
        calls.put("write(byte[], 0, 8)", () -> out.write(new byte[8], 0, 8));
        calls.put("writeBoolean", () -> out.writeBoolean(true));
        calls.put("writeByte", () -> out.writeByte(1));
        calls.put("writeShort", () -> out.writeShort(1));
        calls.put("writeChar", () -> out.writeChar('c'));
        calls.put("writeInt", () -> out.writeInt(1));
        calls.put("writeLong", () -> out.writeLong(1L));
        calls.put("writeFloat", () -> out.writeFloat(1f));
        calls.put("writeDouble", () -> out.writeDouble(1d));
        calls.put("writeBytes(String)", () -> out.writeBytes("ab"));
        calls.put("writeChars(String)", () -> out.writeChars("ab"));
        calls.put("writeUTF(String)", () -> out.writeUTF("ab"));
        calls.put("putBoolean", () -> out.putBoolean(true));
        calls.put("putByte", () -> out.putByte(1));
        calls.put("putChar", () -> out.putChar('c'));
        calls.put("putShort", () -> out.putShort(1));
        calls.put("putInt", () -> out.putInt(1));
        calls.put("putLong", () -> out.putLong(1L));
        calls.put("putFloat", () -> out.putFloat(1f));
        calls.put("putDouble", () -> out.putDouble(1d));
        calls.put("putBooleans", () -> out.putBooleans(new boolean[8], 0, 8));
        calls.put("putBytes", () -> out.putBytes(new byte[8], 0, 8));
        calls.put("putChars", () -> out.putChars(new char[4], 0, 4));
        calls.put("putShorts", () -> out.putShorts(new short[4], 0, 4));
        calls.put("putInts", () -> out.putInts(new int[2], 0, 2));
        calls.put("putLongs", () -> out.putLongs(new long[1], 0, 1));
        calls.put("putFloats", () -> out.putFloats(new float[2], 0, 2));
        calls.put("putDoubles", () -> out.putDoubles(new double[1], 0, 1));
        calls.put("reserve(8)", () -> out.reserve(8));
        calls.put("reset()", out::reset);
        calls.put("resetObjects()", out::resetObjects);
        for (Map.Entry<String, Action> c : calls.entrySet()) {
            expectThrows(IOException.class, c.getValue(), what + ": " + c.getKey());
        }
    }

    // -------------------------------------------------------------- checks --

    static void check(boolean ok, String what) {
        if (ok) {
            System.out.println("ok: " + what);
        } else {
            System.out.println("FAILED: " + what);
            FAILURES.add(what);
        }
    }

    static void expectEq(Object expected, Object actual, String what) throws Exception {
        if (!expected.equals(actual)) {
            // Reading before close must work: nothing after it would mean anything.
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    static void expectThrows(Class<? extends Throwable> type, Action action, String what) {
        try {
            action.run();
            check(false, what + ": expected " + type.getSimpleName() + ", returned normally");
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                System.out.println("ok: " + what + ": " + t);
            } else {
                check(false, what + ": expected " + type.getSimpleName() + ", got " + t);
                t.printStackTrace(System.out);
            }
        }
    }

    static void expectNormal(Action action, String what) {
        try {
            action.run();
            System.out.println("ok: " + what);
        } catch (Throwable t) {
            check(false, what + ": expected to return normally, got " + t);
            t.printStackTrace(System.out);
        }
    }
}
