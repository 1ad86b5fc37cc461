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

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotActiveException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The corpus's own classes, one or more for each rule of Java serialization
 * the fast streams must keep. Observations a rule makes while reading (which
 * constructor ran, what readFields reported, which validations ran) are kept
 * in fields, so that comparing the graphs read by the JDK's streams and by
 * the fast streams compares the observations too. The classes of the
 * rules that other tests' graphs (the fuzz corpus) also hold are in
 * grande.test.samples.
 */
final class Rules {

    private Rules() { }

    /** The name of the class of a Throwable, or "none"; for observations. */
    static String nameOf(Throwable t) {
        return t == null ? "none" : t.getClass().getName();
    }

    /** A call whose outcome a sample records; besides IOException it may throw X. */
    interface Call<X extends Exception> {
        void run() throws IOException, X;
    }

    /**
     * " name:none" if call returns, " name:EXCEPTION" if it throws an
     * IOException or IllegalArgumentException (others propagate).
     */
    static <X extends Exception> String outcome(String name, Call<X> call) throws X {
        Throwable thrown = null;
        try {
            call.run();
        } catch (IOException | IllegalArgumentException e) {
            thrown = e;
        }
        return " " + name + ":" + nameOf(thrown);
    }

    /**
     * The name of the class of what call throws if it is one of types,
     * "none" if call returns; anything else propagates.
     */
    @SafeVarargs
    static <X extends Exception> String thrown(Call<X> call, Class<? extends Throwable>... types)
            throws IOException, X {
        try {
            call.run();
            return "none";
        } catch (Throwable t) {
            for (Class<? extends Throwable> type : types) {
                if (type.isInstance(t)) {
                    return nameOf(t);
                }
            }
            throw t;
        }
    }

    // ---- default serialization over a class hierarchy --------------------

    static class LevelOne implements Serializable {
        private static final long serialVersionUID = 1L;
        private int shadowed = 1;
        String name = "one";
        boolean flag = true;
        static int notSerializedStatic = 99;
    }

    static class LevelTwo extends LevelOne {
        private static final long serialVersionUID = 2L;
        private int shadowed = 2;       // the same name as the superclass's field
        long big = Long.MIN_VALUE;
        char letter = '\u20ac';
        Object any;
    }

    static final class LevelThree extends LevelTwo {
        private static final long serialVersionUID = 3L;
        private final int fin;
        transient int skipped = 5;     // no initializer runs on read: 0
        float ratio = -0.0f;
        double precise = Double.MIN_VALUE;
        short small = Short.MIN_VALUE;
        byte tiny = -128;
        int[] numbers = { 3, 1, 4 };

        LevelThree(int fin) {
            this.fin = fin;
        }
    }

    // ---- writeObject / readObject ------------------------------------------

    /** Every DataOutput method inside writeObject, after defaultWriteObject. */
    static final class CustomHooks implements Serializable {
        private static final long serialVersionUID = 1L;
        int count;
        String label;
        transient List<String> derived;
        transient String observed;

        CustomHooks(int count, String label) {
            this.count = count;
            this.label = label;
            this.derived = new ArrayList<>(List.of(label, label + "!"));
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(count * 2);
            out.writeUTF("utf:" + label);
            out.writeObject(derived);
            out.writeLong(Long.MIN_VALUE);
            out.writeDouble(Math.PI);
            out.writeBoolean(true);
            out.writeChar('\u03bb');
            out.writeShort(-2);
            out.writeByte(0x80);
            out.writeFloat(-0.0f);
            out.writeBytes("bytes");
            out.writeChars("chars\u00e9");
            byte[] many = new byte[5000];   // more than one JDK data block
            for (int i = 0; i < many.length; i++) {
                many[i] = (byte) (i * 31);
            }
            out.write(many);
            out.write(many, 10, 20);
            out.write(255);
            out.writeObject(this);          // a back reference to the object itself
            out.writeUnshared(derived);     // the same list again, unshared
        }

        @SuppressWarnings("unchecked")
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            StringBuilder sb = new StringBuilder();
            sb.append(in.readInt()).append(' ').append(in.readUTF()).append(' ');
            derived = (List<String>) in.readObject();
            sb.append(in.readLong()).append(' ').append(in.readDouble()).append(' ')
              .append(in.readBoolean()).append(' ').append(in.readChar()).append(' ')
              .append(in.readShort()).append(' ').append(in.readUnsignedByte()).append(' ')
              .append(in.readFloat()).append(' ');
            byte[] five = new byte[5];
            in.readFully(five);
            sb.append(new String(five, java.nio.charset.StandardCharsets.ISO_8859_1)).append(' ');
            for (int i = 0; i < 6; i++) {
                sb.append(in.readChar());
            }
            byte[] many = new byte[5000];
            in.readFully(many);
            sb.append(' ').append(Arrays.hashCode(many));
            byte[] part = new byte[20];
            in.readFully(part, 0, 20);
            sb.append(' ').append(Arrays.toString(part)).append(' ').append(in.read());
            sb.append(" self=").append(in.readObject() == this);
            Object again = in.readObject();
            sb.append(" unsharedCopy=").append(again != derived && again.equals(derived));
            observed = sb.toString();
        }
    }

    // Shared with the fuzz corpus, in grande.test.samples: CustomOnly (writeObject
    // and readObject without the default fields at all) and ReadsLess (reads less
    // than its writeObject wrote).

    /**
     * Reads more than was written: beyond the end of the custom data a
     * primitive read ends in EOFException and an object read in
     * OptionalDataException with eof set.
     */
    static final class ReadsMore implements Serializable {
        private static final long serialVersionUID = 1L;
        int value = 3;
        transient String observed;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeShort(5);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            StringBuilder sb = new StringBuilder().append(in.readShort());
            try {
                int beyond = in.readInt();
                sb.append(" int=").append(beyond);
            } catch (IOException e) {
                sb.append(" int:").append(nameOf(e));
            }
            try {
                Object beyond = in.readObject();
                sb.append(" object=").append(beyond);
            } catch (java.io.OptionalDataException e) {
                sb.append(" object:OptionalDataException eof=").append(e.eof).append(" length=").append(e.length);
            }
            sb.append(" read()=").append(in.read());
            observed = sb.toString();
        }
    }

    /** The hooks that only work inside writeObject/readObject, called outside. */
    static final class OutsideCalls {
        private OutsideCalls() { }

        static String writerSide(ObjectOutputStream out) throws ClassNotFoundException {
            return (outcome("defaultWriteObject", out::defaultWriteObject)
                    + outcome("putFields", out::putFields)).substring(1);
        }

        static String readerSide(ObjectInputStream in) throws ClassNotFoundException {
            return (outcome("defaultReadObject", in::defaultReadObject)
                    + outcome("readFields", in::readFields)
                    + outcome("registerValidation", () -> in.registerValidation(() -> { }, 0))).substring(1);
        }
    }

    /** Calls reset() while a writeObject is active: an IOException. */
    static final class ResetsWhileActive implements Serializable {
        private static final long serialVersionUID = 1L;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.reset();
        }
    }

    /** A hierarchy mixing class-defined and default serialization level by level. */
    static class HooksBase implements Serializable {
        private static final long serialVersionUID = 1L;
        int base = 1;
        transient String baseNote;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF("base-extra");
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            baseNote = in.readUTF();
        }
    }

    static class DefaultMiddle extends HooksBase {
        private static final long serialVersionUID = 1L;
        String middle = "m";
        HooksBase link;
    }

    static final class HooksLeaf extends DefaultMiddle {
        private static final long serialVersionUID = 1L;
        transient int leaf;

        HooksLeaf(int leaf) {
            this.leaf = leaf;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeInt(leaf);             // no defaultWriteObject at this level
        }

        private void readObject(ObjectInputStream in) throws IOException {
            leaf = in.readInt();
        }
    }

    // ---- putFields / readFields and serialPersistentFields -------------------

    record Point(int x, int y) implements Serializable { }

    /** serialPersistentFields that are not the class's fields; putFields and readFields. */
    static final class PutGetFields implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("x", int.class),
            new ObjectStreamField("label", String.class),
            new ObjectStreamField("ratio", double.class),
            new ObjectStreamField("tags", List.class),
            new ObjectStreamField("neverPut", long.class),
            new ObjectStreamField("neverPutRef", Object.class),
            new ObjectStreamField("flags", boolean[].class),
        };
        transient Point where;
        transient String name;
        transient double ratio;
        transient List<String> tags;
        transient String observed;

        PutGetFields(Point where, String name, double ratio, List<String> tags) {
            this.where = where;
            this.name = name;
            this.ratio = ratio;
            this.tags = tags;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("x", where.x());
            f.put("label", name);
            f.put("ratio", ratio);
            f.put("tags", tags);
            f.put("flags", new boolean[] { true, false, true });
            String unknown = thrown(() -> f.put("noSuchField", 1), IllegalArgumentException.class);
            out.writeFields();
            out.writeInt(where.y());
            out.writeUTF(unknown);
        }

        @SuppressWarnings("unchecked")
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            int x = f.get("x", -1);
            name = (String) f.get("label", "default label");
            ratio = f.get("ratio", Double.NaN);
            tags = (List<String>) f.get("tags", null);
            StringBuilder sb = new StringBuilder();
            // neverPut is in the stream (as zero), so the given default is not used
            sb.append("neverPut=").append(f.get("neverPut", 77L));
            sb.append(" neverPutRef=").append(f.get("neverPutRef", "dflt"));
            sb.append(" flags=").append(Arrays.toString((boolean[]) f.get("flags", null)));
            sb.append(" defaulted(label)=").append(f.defaulted("label"));
            sb.append(" class=").append(f.getObjectStreamClass().getName());
            sb.append(outcome("wrongType", () -> f.get("x", 0L)));
            sb.append(outcome("unknownName", () -> f.defaulted("noSuchField")));
            where = new Point(x, in.readInt());
            sb.append(" writerSaw=").append(in.readUTF());
            observed = sb.toString();
        }
    }

    /** putFields and readFields for a class's own default fields. */
    static final class PutFieldsOfDefaults implements Serializable {
        private static final long serialVersionUID = 1L;
        int a;
        String b;
        transient boolean readBack;

        PutFieldsOfDefaults(int a, String b) {
            this.a = a;
            this.b = b;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("a", a + 1);
            f.put("b", b.toUpperCase(java.util.Locale.ROOT));
            out.writeFields();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            a = f.get("a", 0);
            b = (String) f.get("b", null);
            readBack = true;
        }
    }

    /** serialPersistentFields naming a subset of the fields, default serialization. */
    static final class PersistentSubset implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("kept", int.class),
            new ObjectStreamField("name", String.class),
        };
        int kept;
        String name;
        int notListed;          // not serialized although not transient
        String notListedRef;

        PersistentSubset(int kept, String name) {
            this.kept = kept;
            this.name = name;
            this.notListed = kept + 1;
            this.notListedRef = name + "?";
        }
    }

    /** A field declared unshared in serialPersistentFields. */
    static final class UnsharedField implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final ObjectStreamField[] serialPersistentFields = {
            new ObjectStreamField("first", List.class),
            new ObjectStreamField("second", List.class, true),
        };
        List<String> first;
        List<String> second;

        UnsharedField(List<String> both) {
            first = both;
            second = both;
        }
    }

    // ---- writeReplace / readResolve ----------------------------------------

    static final class Singleton implements Serializable {
        private static final long serialVersionUID = 1L;
        static final Singleton INSTANCE = new Singleton();
        int state = 5;

        private Object readResolve() {
            return INSTANCE;
        }
    }

    // Shared, in grande.test.samples: Replaced (replaced by another class on write,
    // resolved back on read).

    /** Replaced by a String; nothing resolves it back. */
    static final class ReplacedByString implements Serializable {
        private static final long serialVersionUID = 1L;
        int v;

        ReplacedByString(int v) {
            this.v = v;
        }

        private Object writeReplace() {
            return "replaced:" + v;
        }
    }

    /** A chain of replacements: ChainA by ChainB by ChainC. */
    static final class ChainA implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 1;

        private Object writeReplace() {
            return new ChainB(v + 1);
        }
    }

    record ChainB(int v) implements Serializable {
        private Object writeReplace() {
            return new ChainC(v + 1);
        }
    }

    record ChainC(int v) implements Serializable { }

    /** Replaced by null. */
    static final class ReplacedByNull implements Serializable {
        private static final long serialVersionUID = 1L;

        private Object writeReplace() {
            return null;
        }
    }

    /** Resolves to null: every later reference to it is null too. */
    static final class ResolvedToNull implements Serializable {
        private static final long serialVersionUID = 1L;

        private Object readResolve() {
            return null;
        }
    }

    /**
     * Resolves to a copy of itself. References to it from inside its own
     * graph, read before readResolve ran, keep the unresolved object; later
     * references get the copy.
     */
    static final class ResolvesToCopy implements Serializable {
        private static final long serialVersionUID = 1L;
        int id;
        Object self;
        List<Object> around;

        private Object readResolve() {
            ResolvesToCopy copy = new ResolvesToCopy();
            copy.id = id + 1000;
            copy.self = self;
            copy.around = around;
            return copy;
        }
    }

    /** Inherited (protected) writeReplace and readResolve apply to the subclass. */
    static class InheritedReplace implements Serializable {
        private static final long serialVersionUID = 1L;
        int v;

        protected Object writeReplace() {
            return new ReplacementForm(getClass().getSimpleName(), v);
        }
    }

    static final class InheritsReplace extends InheritedReplace {
        private static final long serialVersionUID = 1L;

        InheritsReplace(int v) {
            this.v = v;
        }
    }

    record ReplacementForm(String from, int v) implements Serializable { }

    /** A private readResolve does not apply to the subclass. */
    static class PrivateResolveBase implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 4;

        private Object readResolve() {
            return "resolved base";
        }
    }

    static final class PrivateResolveSub extends PrivateResolveBase {
        private static final long serialVersionUID = 1L;
    }

    // ---- Externalizable ---------------------------------------------------

    // Shared, in grande.test.samples: Ext (every kind of external data) and
    // ExtReadsLess (reads less than it wrote).

    /** No public no-arg constructor: written, but not read. */
    public static final class ExtNoPublicConstructor implements Externalizable {
        private static final long serialVersionUID = 1L;

        ExtNoPublicConstructor() { }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(1);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException {
            in.readInt();
        }
    }

    // ---- records -------------------------------------------------------------

    record Line(Point from, Point to, String label) implements Serializable { }

    record Primitives(boolean z, byte b, char c, short s, int i, long l, float f, double d)
            implements Serializable { }

    record Empty() implements Serializable { }

    record Box<T>(T value) implements Serializable { }

    record WithArrays(int[] ints, String[] strings, Object[][] nested) implements Serializable { }

    /** The canonical constructor validates: a stream value over the limit fails on read. */
    record Limited(int value) implements Serializable {
        static volatile int limit = Integer.MAX_VALUE;

        Limited {
            if (value > limit) {
                throw new IllegalArgumentException("value " + value + " over the limit " + limit);
            }
        }
    }

    /** Counts its canonical constructor's runs. */
    record Counted(String name) implements Serializable {
        static final AtomicInteger CONSTRUCTIONS = new AtomicInteger();

        Counted {
            CONSTRUCTIONS.incrementAndGet();
        }
    }

    /**
     * Holds a list that holds the record: the record does not exist while
     * its components are read, so the list's reference to it reads as null.
     */
    record Holder(String name, List<Object> items) implements Serializable { }

    /** Records ignore writeObject, readObject, readObjectNoData and serialPersistentFields. */
    record IgnoresHooks(int v, String s) implements Serializable {
        private static final ObjectStreamField[] serialPersistentFields = { };

        private void writeObject(ObjectOutputStream out) {
            throw new AssertionError("a record's writeObject must not run");
        }

        private void readObject(ObjectInputStream in) {
            throw new AssertionError("a record's readObject must not run");
        }

        private void readObjectNoData() {
            throw new AssertionError("a record's readObjectNoData must not run");
        }
    }

    /** Records do honour writeReplace and readResolve. */
    record ReplacedRecord(int v) implements Serializable {
        private Object writeReplace() {
            return new Point(v, -v);
        }
    }

    record ResolvedRecord(int v) implements Serializable {
        private Object readResolve() {
            return new ResolvedRecord(v * 10);
        }
    }

    // ---- enums ----------------------------------------------------------------

    enum Color { RED, GREEN, BLUE }

    enum Op {
        PLUS {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            @Override
            int apply(int a, int b) {
                return a * b;
            }
        };

        abstract int apply(int a, int b);
    }

    /** Enum state is not serialized; enums ignore writeReplace and readResolve. */
    enum Stateful {
        ONLY;

        int counter;

        private Object writeReplace() {
            throw new AssertionError("an enum's writeReplace must not run");
        }

        private Object readResolve() {
            throw new AssertionError("an enum's readResolve must not run");
        }
    }

    /** More than 64 constants: a JumboEnumSet. */
    enum Big {
        B00, B01, B02, B03, B04, B05, B06, B07, B08, B09, B10, B11, B12, B13, B14, B15, B16, B17,
        B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35,
        B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53,
        B54, B55, B56, B57, B58, B59, B60, B61, B62, B63, B64, B65, B66, B67, B68, B69
    }

    // ---- dynamic proxies ------------------------------------------------------

    /**
     * Not public, so that its proxy class is defined in this package (the
     * serializable handler is grande.test.samples.GreeterHandler).
     */
    interface Greeter {
        String greet(String who);
    }

    /** A handler that is not Serializable: its proxy cannot be written. */
    static final class NotSerializableHandler implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            return null;
        }
    }

    // ---- non-serializable superclasses ------------------------------------------

    static class PlainBase {
        int baseValue;
        String baseLabel;

        PlainBase() {
            baseValue = 17;
            baseLabel = "no-arg constructor";
        }

        PlainBase(int baseValue) {
            this.baseValue = baseValue;
            this.baseLabel = "int constructor";
        }
    }

    static class PlainMiddle extends PlainBase {
        int middleValue;

        PlainMiddle() {
            middleValue = baseValue + 1;
        }

        PlainMiddle(int v) {
            super(v);
            middleValue = v * 2;
        }
    }

    static class SerialChild extends PlainMiddle implements Serializable {
        private static final long serialVersionUID = 1L;
        int own;

        SerialChild(int own, int base) {
            super(base);
            this.own = own;
        }
    }

    static final class SerialGrandChild extends SerialChild {
        private static final long serialVersionUID = 1L;
        String more = "more";

        SerialGrandChild(int own, int base) {
            super(own, base);
        }
    }

    static class NoNoArgBase {
        NoNoArgBase(int ignored) { }
    }

    static final class ChildOfNoNoArg extends NoNoArgBase implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 1;

        ChildOfNoNoArg() {
            super(0);
        }
    }

    static class PrivateNoArgBase {
        private PrivateNoArgBase() { }

        PrivateNoArgBase(int ignored) { }
    }

    static final class ChildOfPrivateNoArg extends PrivateNoArgBase implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 2;

        ChildOfPrivateNoArg() {
            super(0);
        }
    }

    // ---- shared references and cycles -------------------------------------------

    static final class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        Node next;
        Object payload;

        Node(String name) {
            this.name = name;
        }

        /** A chain of n nodes whose last node points back to the first. */
        static Node ring(int n) {
            Node first = new Node("n0");
            Node cur = first;
            for (int i = 1; i < n; i++) {
                cur.next = new Node("n" + i);
                cur.payload = i % 3 == 0 ? first : Integer.valueOf(i);
                cur = cur.next;
            }
            cur.next = first;
            return first;
        }
    }

    /** A Serializable class holding a field of a class that is not. */
    static final class HoldsNotSerializable implements Serializable {
        private static final long serialVersionUID = 1L;
        Object held;

        HoldsNotSerializable(Object held) {
            this.held = held;
        }
    }

    // ---- validation callbacks ---------------------------------------------------

    /** Registers two validations in readObject; they log in the order they run. */
    static final class Validated implements Serializable {
        private static final long serialVersionUID = 1L;
        static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());
        final String name;
        final int priority;
        Validated next;

        Validated(String name, int priority, Validated next) {
            this.name = name;
            this.priority = priority;
            this.next = next;
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            LOG.add("read " + name);
            in.registerValidation(() -> LOG.add(name + "@" + priority + " next="
                    + (next == null ? null : next.name + "/" + (next.next == null ? null : next.next.name))),
                    priority);
            in.registerValidation(() -> LOG.add(name + "@" + -priority), -priority);
        }
    }

    /** Its validation fails: readObject throws the InvalidObjectException. */
    static final class FailsValidation implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 1;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            in.registerValidation(() -> {
                throw new InvalidObjectException("validation failed for " + v);
            }, 3);
        }
    }

    /** registerValidation with null is an InvalidObjectException. */
    static final class NullValidation implements Serializable {
        private static final long serialVersionUID = 1L;
        transient String observed;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            observed = thrown(() -> in.registerValidation(null, 0), InvalidObjectException.class,
                              NotActiveException.class);
        }
    }

    // ---- comparators for sorted collections -------------------------------------

    static final class ByLength implements Comparator<String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public int compare(String a, String b) {
            int c = Integer.compare(a.length(), b.length());
            return c != 0 ? c : a.compareTo(b);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ByLength;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    /** A Serializable lambda comparator (SerializedLambda on the wire). */
    @SuppressWarnings("unchecked")
    static Comparator<String> lastCharFirst() {
        return (Comparator<String> & Serializable) (a, b) -> {
            int c = Character.compare(a.charAt(a.length() - 1), b.charAt(b.length() - 1));
            return c != 0 ? c : a.compareTo(b);
        };
    }

    // ---- more shapes -------------------------------------------------------------

    /** Custom data read back in other units than written: it is a byte stream. */
    static final class Rechunked implements Serializable {
        private static final long serialVersionUID = 1L;
        transient String observed;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeInt(0x01020304);
            out.writeInt(0x05060708);
            out.writeShort(0x090a);
            out.writeByte(0x0b);
            out.writeByte(0x0c);
            out.writeChars("AB");
        }

        private void readObject(ObjectInputStream in) throws IOException {
            observed = Long.toHexString(in.readLong()) + " " + Integer.toHexString(in.readInt()) + " "
                       + in.readInt();
        }
    }

    /** writeObject and readObject that write and read nothing. */
    static final class EmptyCustom implements Serializable {
        private static final long serialVersionUID = 1L;
        transient int touched;

        private void writeObject(ObjectOutputStream out) { }

        private void readObject(ObjectInputStream in) {
            touched = 1;
        }
    }

    /** No serialVersionUID: the JDK computes one from the class. */
    @SuppressWarnings("serial")
    static final class NoDeclaredUid implements Serializable {
        int x = 1;
        String y = "y";
    }

    /** An inner class: its outer instance travels as a field. */
    static final class Outer implements Serializable {
        private static final long serialVersionUID = 1L;
        int o = 1;
        Inner inner = new Inner();

        final class Inner implements Serializable {
            private static final long serialVersionUID = 1L;
            int i = 2;

            Outer outer() {
                return Outer.this;
            }
        }
    }

    record WithEnums(Color color, Op op, Big big, Stateful stateful) implements Serializable { }

    /** Calls defaultWriteObject and defaultReadObject twice: the second call is a NotActiveException. */
    static final class HooksTwice implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 3;
        transient String observed;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(thrown(out::defaultWriteObject, NotActiveException.class));
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            String second = thrown(in::defaultReadObject, NotActiveException.class);
            String fields = thrown(in::readFields, NotActiveException.class);
            observed = "writer:" + in.readUTF() + " reader:" + second + " readFields:" + fields;
        }
    }

    /** writeFields without putFields is a NotActiveException. */
    static final class WriteFieldsWithoutPut implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 1;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeFields();
        }
    }

    /** Exceptions of writeObject and readObject reach the caller as they are. */
    static final class ThrowsOnWrite implements Serializable {
        private static final long serialVersionUID = 1L;

        private void writeObject(ObjectOutputStream out) {
            throw new IllegalStateException("thrown by writeObject");
        }
    }

    static final class ThrowsOnRead implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 1;

        private void readObject(ObjectInputStream in) {
            throw new UnsupportedOperationException("thrown by readObject");
        }
    }

    static final class ThrowsOnReplace implements Serializable {
        private static final long serialVersionUID = 1L;

        private Object writeReplace() throws java.io.ObjectStreamException {
            throw new java.io.InvalidClassException("thrown by writeReplace");
        }
    }

    /** Replaced by one shared object: every copy of it, and the object itself, is one object read. */
    static final class ReplacedByShared implements Serializable {
        private static final long serialVersionUID = 1L;
        static final List<String> SHARED = new ArrayList<>(List.of("the shared replacement"));

        private Object writeReplace() {
            return SHARED;
        }
    }

    /** Writes data before its default fields, and reads it first. */
    static final class DataBeforeDefaults implements Serializable {
        private static final long serialVersionUID = 1L;
        String s = "fields";
        transient int data;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeInt(5);
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            data = in.readInt();
            in.defaultReadObject();
        }
    }

    /** The same data, but readObject reads the default fields over the unread data. */
    static final class DefaultsOverData implements Serializable {
        private static final long serialVersionUID = 1L;
        String s = "fields";

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeInt(5);
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }
}
