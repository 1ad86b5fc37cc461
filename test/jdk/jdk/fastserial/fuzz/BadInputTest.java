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
 * @summary Bad input to FastObjectInputStream (from a byte[], an
 *          InputStream and a MemorySegment) ends in the JDK's exception
 *          types: every prefix of a valid stream in EOFException or
 *          StreamCorruptedException; a wrong header, a corrupt tag, a bad
 *          handle or type id, an absurd length (2^31-1 elements in a
 *          100-byte stream, in a 32 MB heap: fast, allocating at most 4 MB)
 *          in StreamCorruptedException or EOFException; an unknown class in
 *          ClassNotFoundException; a non-serializable class, another
 *          serialVersionUID in InvalidClassException, as on the JDK.
 * @modules jdk.fastserial/jdk.internal.fastserial jdk.management
 * @library /lib
 * @build grande.test.* grande.test.samples.* FuzzCorpus Mutator FastStreamFuzzer FastFormat
 * @run main/othervm -Xmx32m BadInputTest
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.OptionalDataException;
import java.io.Serial;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import grande.test.StreamBytes;
import jdk.internal.fastserial.Wire;

import static grande.test.Checks.expect;

public class BadInputTest {

    static final FastFormat FAST = new FastFormat();
    static final List<String> SOURCES = FAST.sources();
    static final Set<Class<?>> EOF_OR_CORRUPT = Set.of(EOFException.class, StreamCorruptedException.class);
    static final Set<Class<?>> CORRUPT = Set.of(StreamCorruptedException.class);

    /** Failures, all collected so that one run shows them all. */
    static final List<String> FAILURES = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        truncations();
        headers();
        tags();
        handles();
        typeIds();
        absurdLengths();
        classNames();
        serialVersionUids();
        trailingBytes();
        expect(FAILURES.isEmpty(), FAILURES.size() + " bad inputs ended otherwise than expected:\n"
               + String.join("\n", FAILURES));
        System.out.println("PASSED");
    }

    // --------------------------------------------------------------- reading --

    /** Reads one object of stream from a source; returns what was thrown, or null. */
    static Throwable readOne(byte[] stream, int source) {
        try {
            FAST.open(stream, source).readObject();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /** Reads one object of a JDK stream; returns what was thrown, or null. */
    static Throwable readJdk(byte[] stream) {
        try {
            new ObjectInputStream(new ByteArrayInputStream(stream)).readObject();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /** Reads stream's first object from every source, expecting one of the allowed exceptions, quickly. */
    static void expectFailure(String what, byte[] stream, Set<Class<?>> allowed) {
        expectFailure(what, stream, allowed, Long.MAX_VALUE);
    }

    /** The same, allocating at most maxBytes while reading. */
    static void expectFailure(String what, byte[] stream, Set<Class<?>> allowed, long maxBytes) {
        for (int source = 0; source < SOURCES.size(); source++) {
            long start = System.nanoTime();
            long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
            Throwable t = readOne(stream, source);
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore;
            long millis = (System.nanoTime() - start) / 1_000_000;
            String where = what + " (" + SOURCES.get(source) + ")";
            check(t != null && allowed.contains(t.getClass()), where + ": one of " + names(allowed), t);
            check(millis < 5000, where + ": fails in " + millis + " ms", null);
            if (maxBytes != Long.MAX_VALUE) {
                check(allocated <= maxBytes, where + ": allocates " + allocated + " bytes, at most " + maxBytes, null);
            }
        }
    }

    static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** What reading an absurd length may allocate: buffers and a first chunk, never the length. */
    static final long ABSURD_ALLOCATION = 4 << 20;

    static void check(boolean ok, String what, Throwable t) {
        String line = what + (t == null ? "" : ", got " + t);
        if (ok) {
            System.out.println("ok: " + line);
        } else {
            System.out.println("FAILED: " + line);
            if (t != null) {
                t.printStackTrace(System.out);
            }
            FAILURES.add(line);
        }
    }

    static String names(Set<Class<?>> classes) {
        return classes.stream().map(Class::getSimpleName).sorted().toList().toString();
    }

    // --------------------------------------------------------------- streams --

    /** A fast stream's header, then what the test builds by hand. */
    static StreamBytes header() {
        return new StreamBytes().bytes(Wire.MAGIC_0, Wire.MAGIC_1, Wire.VERSION, Wire.FLAG_IMAGES_LITTLE_ENDIAN);
    }

    static int typeId(Class<?> predefined) {
        int id = Arrays.asList(Wire.PREDEFINED).indexOf(predefined);
        if (id <= 0) {
            throw new IllegalStateException(predefined + " is not predefined");
        }
        return id;
    }

    // ----------------------------------------------------------------- tests --

    /** Every prefix of every valid stream ends in EOFException or StreamCorruptedException. */
    static void truncations() throws Exception {
        List<FuzzCorpus.Script> scripts = FuzzCorpus.scripts(FAST.extraObject());
        Map<String, Integer> jdkOutcomes = new TreeMap<>();
        for (FuzzCorpus.Script script : scripts) {
            byte[] stream = FastFormat.bytes(script);
            for (int source = 0; source < SOURCES.size(); source++) {
                Map<String, Integer> outcomes = new TreeMap<>();
                List<String> wrong = new ArrayList<>();
                for (int n = 0; n < stream.length; n++) {
                    byte[] prefix = Arrays.copyOf(stream, n);
                    String outcome;
                    try {
                        FAST.read(prefix, script, source);
                        outcome = "returned";
                    } catch (Throwable t) {
                        outcome = t.getClass().getName();
                        if (!EOF_OR_CORRUPT.contains(t.getClass()) && wrong.size() < 3) {
                            wrong.add("prefix of " + n + " bytes: " + t);
                            if (wrong.size() == 1) {
                                t.printStackTrace(System.out);
                            }
                        }
                    }
                    outcomes.merge(outcome, 1, Integer::sum);
                }
                check(outcomes.keySet().stream().allMatch(o -> o.equals(EOFException.class.getName())
                                                             || o.equals(StreamCorruptedException.class.getName())),
                      "the " + stream.length + " prefixes of the " + script + " stream (" + SOURCES.get(source)
                      + ") end in EOFException or StreamCorruptedException: " + outcomes
                      + (wrong.isEmpty() ? "" : " " + wrong), null);
            }
            byte[] jdk = FuzzCorpus.jdkBytes(script);
            for (int n = 0; n < jdk.length; n++) {
                String outcome;
                try {
                    FuzzCorpus.read(new ObjectInputStream(new ByteArrayInputStream(Arrays.copyOf(jdk, n))), script);
                    outcome = "returned";
                } catch (Throwable t) {
                    outcome = t.getClass().getName();
                }
                jdkOutcomes.merge(outcome, 1, Integer::sum);
            }
        }
        System.out.println("for comparison, the prefixes of the JDK's streams of the same scripts: " + jdkOutcomes);
    }

    /** A wrong magic or version: StreamCorruptedException; a short header: EOFException. */
    static void headers() throws Exception {
        byte[] valid = FastFormat.bytes("s");
        for (int n = 0; n < 4; n++) {
            expectFailure("a header of " + n + " bytes", Arrays.copyOf(valid, n), Set.of(EOFException.class));
        }
        int[][] wrong = {{0, 0xFB}, {0, 0x00}, {1, 0x56}, {1, 0xFF}, {2, 0}, {2, Wire.VERSION + 1}, {2, 0xFF}};
        for (int[] w : wrong) {
            byte[] b = valid.clone();
            b[w[0]] = (byte) w[1];
            expectFailure(String.format("header byte %d = %02X", w[0], w[1]), b, CORRUPT);
        }
        expectFailure("a JDK stream", FuzzCorpus.jdkImage("s"), CORRUPT);
        // Protocol 1 is protocol 2 without VALUE items: its streams read.
        byte[] version1 = valid.clone();
        version1[2] = 1;
        for (int source = 0; source < SOURCES.size(); source++) {
            Object s = FAST.open(version1, source).readObject();
            check("s".equals(s), "a protocol 1 header (" + SOURCES.get(source) + ")", null);
        }
        Throwable jdk = readJdk(valid);
        check(jdk instanceof StreamCorruptedException, "for comparison, the JDK's reader on a fast stream", jdk);
    }

    /** Tags that are no tags, anywhere; tags out of place. */
    static void tags() throws Exception {
        for (int tag = Wire.MAX_TAG + 1; tag < 256; tag++) {
            expectFailure(String.format("tag %02X at the top", tag), header().bytes(tag).done(), CORRUPT);
            expectFailure(String.format("tag %02X as an array element", tag),
                          header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(2)
                                .bytes(Wire.NULL, tag).done(), CORRUPT);
        }
        // The last byte of the stream of a Custom object is the END of its class-defined data.
        byte[] custom = FastFormat.bytes(new FuzzCorpus.Custom("t", new int[] {1}));
        expect(custom[custom.length - 1] == Wire.END, "a Custom object's stream ends with END");
        for (int tag = Wire.MAX_TAG + 1; tag < 256; tag += 7) {
            byte[] b = custom.clone();
            b[b.length - 1] = (byte) tag;
            expectFailure(String.format("tag %02X in place of END of class-defined data", tag), b, CORRUPT);
        }
        // Items where an object is expected but not allowed there.
        expectFailure("END at the top", header().bytes(Wire.END).done(),
                      Set.of(StreamCorruptedException.class, OptionalDataException.class));
        expectFailure("END as an array element",
                      header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(1).bytes(Wire.END).done(),
                      Set.of(StreamCorruptedException.class, OptionalDataException.class));
        expectFailure("RESET as an array element",
                      header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(1)
                            .bytes(Wire.RESET, Wire.NULL).done(), CORRUPT);
        expectFailure("BLOCK as an array element",
                      header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(1)
                            .bytes(Wire.BLOCK, 1, 0, 0, 0, 7).done(),
                      Set.of(StreamCorruptedException.class, OptionalDataException.class));
        expectFailure("a CLASS item of a type id never defined",
                      header().bytes(Wire.CLASS).varint(Wire.FIRST_STREAM_TYPE_ID).done(), CORRUPT);
    }

    /** Handles that name no object: StreamCorruptedException. */
    static void handles() throws Exception {
        expectFailure("a REF before any object", header().bytes(Wire.REF).varint(0).done(), CORRUPT);
        for (long h : new long[] {2, 3, 100, Integer.MAX_VALUE, 0xFFFF_FFFFL, Long.MAX_VALUE}) {
            expectFailure("REF " + h + " after two objects",
                          header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(2)
                                .bytes(Wire.STRING).latin1("a").bytes(Wire.REF).varint(h).done(), CORRUPT);
        }
        expectFailure("a REF whose varint never ends",
                      header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(2)
                            .bytes(Wire.STRING).latin1("a").bytes(Wire.REF)
                            .bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01).done(), CORRUPT);
        // A reference to the array being read is no error: a cycle.
        byte[] cycle = header().bytes(Wire.ARRAY).varint(typeId(Object[].class)).varint(2)
                             .bytes(Wire.STRING).latin1("a").bytes(Wire.REF).varint(0).done();
        for (int source = 0; source < SOURCES.size(); source++) {
            Object[] a = (Object[]) FAST.open(cycle, source).readObject();
            check(a.length == 2 && "a".equals(a[0]) && a[1] == a, "REF 0 inside array 0 is the array itself ("
                  + SOURCES.get(source) + ")", null);
        }
    }

    /** Type ids that name no type, or a type of another kind. */
    static void typeIds() throws Exception {
        for (long id : new long[] {Wire.FIRST_STREAM_TYPE_ID, Wire.FIRST_STREAM_TYPE_ID + 1, 1000,
                                   Integer.MAX_VALUE, 0xFFFF_FFFFL, Long.MAX_VALUE}) {
            expectFailure("OBJECT of type id " + id + " in a stream without types",
                          header().bytes(Wire.OBJECT).varint(id).zeros(8).done(), CORRUPT);
            expectFailure("ARRAY of type id " + id + " in a stream without types",
                          header().bytes(Wire.ARRAY).varint(id).varint(1).zeros(8).done(), CORRUPT);
        }
        // A VALUE is a box of a predefined box type, nothing else.
        for (long id = 0; id < Wire.FIRST_STREAM_TYPE_ID + 2; id++) {
            if (id >= typeId(Integer.class) && id <= typeId(Double.class)) {
                continue;
            }
            expectFailure("VALUE of type id " + id, header().bytes(Wire.VALUE).varint(id).zeros(8).done(), CORRUPT);
        }
        expectFailure("VALUE of type id 2^32 - 1",
                      header().bytes(Wire.VALUE).varint(0xFFFF_FFFFL).zeros(8).done(), CORRUPT);
        expectFailure("a VALUE Long cut short",
                      header().bytes(Wire.VALUE).varint(typeId(Long.class)).zeros(5).done(), Set.of(EOFException.class));
        Set<Class<?>> corruptOrInvalid = Set.of(StreamCorruptedException.class, InvalidClassException.class);
        expectFailure("ARRAY of a non-array type (Integer)",
                      header().bytes(Wire.ARRAY).varint(typeId(Integer.class)).varint(1).zeros(8).done(),
                      corruptOrInvalid);
        expectFailure("OBJECT of an array type (int[])",
                      header().bytes(Wire.OBJECT).varint(typeId(int[].class)).zeros(8).done(),
                      corruptOrInvalid);
        expectFailure("ENUM of a non-enum type (Integer)",
                      header().bytes(Wire.ENUM).varint(typeId(Integer.class)).bytes(Wire.STRING).latin1("A")
                            .done(), corruptOrInvalid);
        for (int kind : new int[] {0, Wire.MAX_KIND + 1, 0x7F, 0x80, 0xFF}) {
            expectFailure("a type descriptor of kind " + kind,
                          header().bytes(Wire.OBJECT).varint(0).bytes(kind).latin1("FuzzCorpus$Point")
                                .zeros(16).done(), CORRUPT);
        }
    }

    /** Lengths far beyond what the stream holds fail at once, without allocating them (-Xmx32m). */
    static void absurdLengths() throws Exception {
        Class<?>[] arrays = {boolean[].class, byte[].class, char[].class, short[].class, int[].class,
                             long[].class, float[].class, double[].class, Object[].class, String[].class};
        for (Class<?> type : arrays) {
            for (long length : new long[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 8, 1 << 28}) {
                expectFailure(type.getSimpleName() + " of " + length + " elements in a 100-byte stream",
                              header().bytes(Wire.ARRAY).varint(typeId(type)).varint(length).zeros(90).done(),
                              EOF_OR_CORRUPT, ABSURD_ALLOCATION);
            }
            for (long length : new long[] {1L << 31, 0xFFFF_FFFFL, Long.MAX_VALUE}) {
                expectFailure(type.getSimpleName() + " of " + length + " elements (no int)",
                              header().bytes(Wire.ARRAY).varint(typeId(type)).varint(length).zeros(90).done(),
                              CORRUPT);
            }
        }
        for (long chars : new long[] {Integer.MAX_VALUE >>> 1, 1 << 24}) {
            expectFailure("a Latin-1 string of " + chars + " chars in a 100-byte stream",
                          header().bytes(Wire.STRING).varint(chars << 1 | 1).zeros(90).done(), EOF_OR_CORRUPT,
                          ABSURD_ALLOCATION);
            expectFailure("a UTF-16 string of " + chars + " chars in a 100-byte stream",
                          header().bytes(Wire.STRING).varint(chars << 1).zeros(90).done(), EOF_OR_CORRUPT,
                          ABSURD_ALLOCATION);
        }
        expectFailure("a class name of 2^30 chars",
                      header().bytes(Wire.OBJECT).varint(0).bytes(Wire.KIND_SERIALIZABLE)
                            .varint((1L << 30) << 1 | 1).zeros(90).done(), EOF_OR_CORRUPT);
        expectFailure("a type descriptor of 2^31-1 levels",
                      header().bytes(Wire.OBJECT).varint(0).bytes(Wire.KIND_SERIALIZABLE)
                            .latin1("FuzzCorpus$Point").zeros(8).varint(Integer.MAX_VALUE).zeros(90).done(),
                      EOF_OR_CORRUPT);
        expectFailure("a proxy of 2^31-1 interfaces",
                      header().bytes(Wire.OBJECT).varint(0).bytes(Wire.KIND_PROXY)
                            .latin1("$Proxy0").varint(Integer.MAX_VALUE).zeros(90).done(), EOF_OR_CORRUPT);

        // The length of a block of class-defined data (four bytes after BLOCK).
        byte[] custom = FastFormat.bytes(new FuzzCorpus.Custom("t", new int[] {0x01020304}));
        int block = findBlock(custom);
        // Custom's readObject reads an object while the block claims more data:
        // OptionalDataException, as on the JDK, unless the reader refuses the length at once.
        Set<Class<?>> blockOutcomes = Set.of(EOFException.class, StreamCorruptedException.class,
                                             OptionalDataException.class);
        for (int length : new int[] {Integer.MAX_VALUE, -1, 0x7FFF_0000}) {
            byte[] b = custom.clone();
            b[block + 1] = (byte) length;
            b[block + 2] = (byte) (length >>> 8);
            b[block + 3] = (byte) (length >>> 16);
            b[block + 4] = (byte) (length >>> 24);
            expectFailure("a block of class-defined data of length " + length, b, blockOutcomes);
        }

        // A count a JDK class allocates by in its own readObject (ArrayList's size,
        // HashMap's mappings): the JDK asks the stream's checkArray first.
        Set<Class<?>> io = Set.of(StreamCorruptedException.class, EOFException.class, InvalidObjectException.class,
                                  InvalidClassException.class);
        ArrayList<Integer> list = new ArrayList<>();
        ArrayDeque<Integer> deque = new ArrayDeque<>();
        HashMap<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < 77; i++) {
            list.add(i * 2);   // no element's value is 77
            deque.add(i * 2);
            map.put(i * 2, i * 2);
        }
        // ArrayDeque and HashMap write their sizes with writeInt (big-endian).
        byte[] seventySeven = {0, 0, 0, 77};
        byte[] huge = {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        expectFailure("an ArrayDeque whose size says 2^31-1",
                      replaceAll(FastFormat.bytes(deque), seventySeven, huge), io);
        expectFailure("a HashMap whose mappings say 2^31-1", replaceAll(FastFormat.bytes(map), seventySeven, huge),
                      io);
        // The fast streams carry an ArrayList as OBJECT, its predefined type id, a varint size.
        int arrayListId = java.util.Arrays.asList(Wire.PREDEFINED).indexOf(ArrayList.class);
        byte[] listHeader = {Wire.OBJECT, (byte) arrayListId, 77};
        byte[] hugeList = {Wire.OBJECT, (byte) arrayListId, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        expectFailure("an ArrayList whose size says 2^31-1", replaceAll(FastFormat.bytes(list), listHeader, hugeList),
                      io);
    }

    /** The BLOCK of a Custom object's class-defined data: its length is the four bytes after it. */
    static int findBlock(byte[] custom) {
        // Custom writes writeInt(1), writeInt(value), ... in one block after its default fields;
        // the block's first int is the values' length (1), then 0x01020304 (DataOutput: big-endian).
        byte[] pattern = {0, 0, 0, 1, 1, 2, 3, 4};
        int data = indexOf(custom, pattern, 0);
        expect(data >= 5 && custom[data - 5] == Wire.BLOCK, "found the block of the Custom object's data");
        return data - 5;
    }

    static int indexOf(byte[] a, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= a.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (a[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    static byte[] replaceAll(byte[] a, byte[] from, byte[] to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int count = 0;
        for (int i = 0; i < a.length; ) {
            if (i <= a.length - from.length && Arrays.equals(a, i, i + from.length, from, 0, from.length)) {
                out.writeBytes(to);
                i += from.length;
                count++;
            } else {
                out.write(a[i++]);
            }
        }
        expect(count > 0, "replaced " + count + " occurrences of " + Mutator.hex(from));
        return out.toByteArray();
    }

    /** Renames a class in a fast stream: each Latin-1 name equal to from (the type and its level). */
    static byte[] renameFast(byte[] stream, String from, String to) {
        return replaceAll(stream, new StreamBytes().latin1(from).done(), new StreamBytes().latin1(to).done());
    }

    /** Renames a class in a JDK stream: its modified UTF-8 name in the class descriptor. */
    static byte[] renameJdk(byte[] stream, String from, String to) {
        return replaceAll(stream, utf(from), utf(to));
    }

    static byte[] utf(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        byte[] r = new byte[b.length + 2];
        r[0] = (byte) (b.length >>> 8);
        r[1] = (byte) b.length;
        System.arraycopy(b, 0, r, 2, b.length);
        return r;
    }

    /** Unknown and hostile class names, in place of a record's and of an ordinary class's. */
    static void classNames() throws Exception {
        Set<Class<?>> notFound = Set.of(ClassNotFoundException.class);
        Set<Class<?>> invalid = Set.of(InvalidClassException.class);
        Set<Class<?>> refused = Set.of(ClassNotFoundException.class, InvalidClassException.class,
                                       StreamCorruptedException.class);
        record Case(String name, Set<Class<?>> expected, boolean asJdk) {
            /** A case for each name: expected, and whether the JDK's reader is checked too. */
            static List<Case> each(Set<Class<?>> expected, boolean asJdk, String... names) {
                return Arrays.stream(names).map(name -> new Case(name, expected, asJdk)).toList();
            }
        }
        List<Case> cases = new ArrayList<>();
        cases.addAll(Case.each(notFound, true,
                "FuzzCorpus$Poinx", "no.such.pkg.NoSuchClass", "a".repeat(5000), "a".repeat(65535)));
        cases.addAll(Case.each(refused, false,
                "a".repeat(65536), "FuzzCorpus/Point", "FuzzCorpus.Point/0x0000000012345678",
                "[LFuzzCorpus$Point;", "[".repeat(200) + "I", "[".repeat(300) + "I", "[LFuzzCorpus$Point",
                "[Q", "[", ";", " "));
        cases.addAll(Case.each(invalid, true,
                "java.lang.Thread", "java.lang.Object", "java.lang.Runtime", "java.util.List",
                "jdk.internal.misc.Unsafe", "java.io.File", "java.lang.Integer",
                "FuzzCorpus$Color", "FuzzCorpus$NonSerializableBase"));
        for (Object carrier : List.of(new FuzzCorpus.Point(1, 2, "p"), new SuidOne())) {
            byte[] fast = FastFormat.bytes(carrier);
            byte[] jdk = FuzzCorpus.jdkImage(carrier);
            String name = carrier.getClass().getName();
            for (Case c : cases) {
                String shown = (c.name().length() > 40 ? c.name().substring(0, 20) + "... (" + c.name().length()
                                                          + " chars)" : c.name()) + " in place of " + name;
                expectFailure("a class named " + shown, renameFast(fast, name, c.name()), c.expected());
                if (c.asJdk()) {
                    Throwable t = readJdk(renameJdk(jdk, name, c.name()));
                    check(t != null && c.expected().contains(t.getClass()),
                          "the JDK's reader agrees on a class named " + shown, t);
                }
            }
        }
    }

    public static class SuidOne implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        int value = 1;
    }

    public static class SuidTwo implements Serializable {
        @Serial
        private static final long serialVersionUID = 2L;
        int value = 2;
    }

    /** Another serialVersionUID than the local class's: InvalidClassException, as on the JDK. */
    static void serialVersionUids() throws Exception {
        String one = SuidOne.class.getName();
        String two = SuidTwo.class.getName();
        expectFailure("SuidOne's stream read as SuidTwo", renameFast(FastFormat.bytes(new SuidOne()), one, two),
                      Set.of(InvalidClassException.class));
        expectFailure("SuidTwo's stream read as SuidOne", renameFast(FastFormat.bytes(new SuidTwo()), two, one),
                      Set.of(InvalidClassException.class));
        expectFailure("an array of SuidOne read as SuidTwo",
                      renameFast(FastFormat.bytes(new Object[] {new SuidOne(), new SuidOne()}), one, two),
                      Set.of(InvalidClassException.class));
        Throwable t = readJdk(renameJdk(FuzzCorpus.jdkImage(new SuidOne()), one, two));
        check(t instanceof InvalidClassException, "the JDK's reader agrees on SuidOne read as SuidTwo", t);
    }

    /** Bytes after the last object: the next read fails as it must, the earlier ones not. */
    static void trailingBytes() throws Exception {
        FuzzCorpus.Script script = FuzzCorpus.scripts(null).get(0);
        byte[] valid = FastFormat.bytes(script);
        for (int source = 0; source < SOURCES.size(); source++) {
            String where = " (" + SOURCES.get(source) + ")";
            ObjectInputStream in = FAST.open(valid, source);
            FuzzCorpus.read(in, script);
            check(throwsOnRead(in) instanceof EOFException, "reading past the end: EOFException" + where, null);
            for (int extra : new int[] {0xFF, Wire.END, Wire.REF}) {
                byte[] b = Arrays.copyOf(valid, valid.length + 1);
                b[valid.length] = (byte) extra;
                in = FAST.open(b, source);
                FuzzCorpus.read(in, script);
                Throwable t = throwsOnRead(in);
                check(t instanceof StreamCorruptedException || t instanceof EOFException
                      || t instanceof OptionalDataException,
                      String.format("a stray byte %02X after the last object", extra) + where, t);
            }
        }
    }

    static Throwable throwsOnRead(ObjectInputStream in) {
        try {
            in.readObject();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }
}
