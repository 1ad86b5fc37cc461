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
 * @test id=default
 * @summary jdk.fastrmi's generated stubs and skeletons carry every
 *          primitive type, arrays, objects and null both ways, number
 *          overloaded methods and methods inherited or shared by several
 *          interfaces consistently, and throw what the method throws; over
 *          tcp (a reference forced onto the remote path in this JVM) and
 *          through the local shortcut, with both serializations.
 * @modules jdk.fastrmi/jdk.internal.fastrmi jdk.fastrmi/jdk.fastrmi:open
 * @library ..
 * @build Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 StubGenerationTest
 */
/*
 * @test id=jdk-serialization
 * @modules jdk.fastrmi/jdk.internal.fastrmi jdk.fastrmi/jdk.fastrmi:open
 * @library ..
 * @build Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *                   -Djdk.fastrmi.serialization=jdk StubGenerationTest
 */
/*
 * @test id=Xint
 * @modules jdk.fastrmi/jdk.internal.fastrmi jdk.fastrmi/jdk.fastrmi:open
 * @library ..
 * @build Failures
 * @run main/othervm -Xint -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 StubGenerationTest
 */
/*
 * @test id=Xcomp
 * @modules jdk.fastrmi/jdk.internal.fastrmi jdk.fastrmi/jdk.fastrmi:open
 * @library ..
 * @build Failures
 * @run main/othervm -Xcomp -XX:CompileCommand=quiet -Djava.rmi.provider=fastrmi
 *                   -Djava.rmi.server.hostname=127.0.0.1 StubGenerationTest
 */

import java.io.IOException;
import java.io.Serializable;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.UnexpectedException;
import java.rmi.UnmarshalException;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import jdk.fastrmi.FastStub;
import jdk.internal.fastrmi.RemoteReference;

public class StubGenerationTest {

    public interface Types extends Remote {
        boolean z(boolean v) throws RemoteException;
        byte b(byte v) throws RemoteException;
        char c(char v) throws RemoteException;
        short s(short v) throws RemoteException;
        int i(int v) throws RemoteException;
        long j(long v) throws RemoteException;
        float f(float v) throws RemoteException;
        double d(double v) throws RemoteException;
        String str(String v) throws RemoteException;
        Object obj(Object v) throws RemoteException;
        int[] ints(int[] v) throws RemoteException;
        double[][] doubles(double[][] v) throws RemoteException;
        // wide and narrow slots mixed, to catch local-variable numbering errors
        String mixed(long a, int b, double c, byte d, Object e, char f, float g, short h, boolean k)
            throws RemoteException;
        void nothing() throws RemoteException;
    }

    public interface Overloads extends Remote {
        String over(int v) throws RemoteException;
        String over(long v) throws RemoteException;
        String over(String v) throws RemoteException;
        String over(int a, int b) throws RemoteException;
        // also declared by Types2: one remote method
        int shared(int v) throws RemoteException;
    }

    public interface Types2 extends Types {
        int shared(int v) throws RemoteException;
        void fail(int kind) throws IOException;
    }

    /** A value class compared by content. */
    public static final class Box implements Serializable {
        private static final long serialVersionUID = 1L;
        final List<Object> items = new ArrayList<>();

        @Override
        public boolean equals(Object o) {
            return o instanceof Box b && items.equals(b.items);
        }

        @Override
        public int hashCode() {
            return items.hashCode();
        }
    }

    static final class Impl implements Types2, Overloads {
        public boolean z(boolean v) { return !v; }
        public byte b(byte v) { return (byte) (v + 1); }
        public char c(char v) { return (char) (v + 1); }
        public short s(short v) { return (short) (v + 1); }
        public int i(int v) { return v + 1; }
        public long j(long v) { return v + 1; }
        public float f(float v) { return v * 2; }
        public double d(double v) { return v * 2; }
        public String str(String v) { return v == null ? "null!" : v + "!"; }
        public Object obj(Object v) { return v; }
        public int[] ints(int[] v) {
            if (v == null) {
                return null;
            }
            int[] r = v.clone();
            for (int k = 0; k < r.length; k++) {
                r[k]++;
            }
            return r;
        }
        public double[][] doubles(double[][] v) { return v; }
        public String mixed(long a, int b, double c, byte d, Object e, char f, float g, short h, boolean k) {
            return a + "," + b + "," + c + "," + d + "," + e + "," + f + "," + g + "," + h + "," + k;
        }
        public void nothing() { }
        public String over(int v) { return "int " + v; }
        public String over(long v) { return "long " + v; }
        public String over(String v) { return "String " + v; }
        public String over(int a, int b) { return "int,int " + a + " " + b; }
        public int shared(int v) { return -v; }
        public void fail(int kind) throws IOException {
            switch (kind) {
                case 0 -> throw new IOException("declared");
                case 1 -> throw new IllegalStateException("unchecked");
                case 2 -> throw new AssertionError("error");
                default -> sneaky(new Exception("undeclared checked"));
            }
        }
        @SuppressWarnings("unchecked")
        static <T extends Throwable> void sneaky(Throwable t) throws T {
            throw (T) t;
        }
    }

    public static void main(String[] args) throws Exception {
        Impl impl = new Impl();
        Remote exported = UnicastRemoteObject.exportObject(impl, 0);
        check(exported instanceof FastStub, "the stub is jdk.fastrmi's: " + exported.getClass());
        check(RemoteObject.toStub(impl) == exported, "toStub gives the export's stub");

        run("local", exported);
        // the same object through a reference whose exporter is not this JVM: tcp
        RemoteReference ref = (RemoteReference) roundTrip(exported, true);
        RemoteReference foreign = new RemoteReference(ref.interfaces(), ref.objectId(), ref.exporter() + 1,
                                                      ref.endpoints());
        Remote remote = (Remote) roundTrip(foreign, false);
        check(remote != exported && remote instanceof Types2 && remote instanceof Overloads,
              "the forced reference is another stub with all interfaces");
        run("tcp", remote);

        UnicastRemoteObject.unexportObject(impl, true);
        Failures.expectThrows(NoSuchObjectException.class, () -> ((Types) remote).i(1), "tcp call after unexport");
        Failures.expectThrows(NoSuchObjectException.class, () -> ((Types) exported).i(1), "local call after unexport");
        System.out.println("PASSED");
    }

    static void run(String path, Remote stub) throws Exception {
        Types t = (Types) stub;
        Types2 t2 = (Types2) stub;
        Overloads o = (Overloads) stub;
        check(!t.z(true) && t.z(false), path + " boolean");
        check(t.b((byte) 127) == (byte) -128, path + " byte");
        check(t.c('\uFFFE') == '\uFFFF', path + " char");
        check(t.s((short) -2) == -1, path + " short");
        check(t.i(Integer.MAX_VALUE) == Integer.MIN_VALUE, path + " int");
        check(t.j(Long.MAX_VALUE - 1) == Long.MAX_VALUE, path + " long");
        check(t.f(1.5f) == 3f && Float.isNaN(t.f(Float.NaN)), path + " float");
        check(t.d(-0.25) == -0.5, path + " double");
        check(t.str("a").equals("a!") && t.str(null).equals("null!"), path + " String");
        check(t.obj(null) == null, path + " null");
        Box box = new Box();
        box.items.add("x");
        box.items.add(List.of(1, 2L, 3.0));
        Box back = (Box) t.obj(box);
        check(back.equals(box) && back != box, path + " object graph copied: " + back.items);
        int[] ints = {1, 2, 3};
        int[] r = t.ints(ints);
        check(Arrays.equals(r, new int[] {2, 3, 4}) && Arrays.equals(ints, new int[] {1, 2, 3}),
              path + " int[] " + Arrays.toString(r));
        check(t.ints(null) == null, path + " null array");
        double[][] dd = {{1.0}, null, {}};
        check(Arrays.deepEquals(t.doubles(dd), dd) && t.doubles(dd) != dd, path + " double[][]");
        check(t.mixed(Long.MIN_VALUE, 7, 2.5, (byte) -3, "e", 'f', 1.25f, (short) 9, true)
               .equals(Long.MIN_VALUE + ",7,2.5,-3,e,f,1.25,9,true"), path + " mixed slots");
        t.nothing();
        check(o.over(1).equals("int 1") && o.over(1L).equals("long 1") && o.over("s").equals("String s")
              && o.over(1, 2).equals("int,int 1 2"), path + " overloads");
        check(o.shared(5) == -5 && t2.shared(6) == -6, path + " a method of two interfaces");
        Failures.expectThrows(IOException.class, () -> t2.fail(0), path + " declared exception");
        Failures.expectThrows(IllegalStateException.class, () -> t2.fail(1), path + " unchecked exception");
        Class<? extends Throwable> error = path.equals("local") ? AssertionError.class : ServerError.class;
        Throwable e = Failures.expectThrows(error, () -> t2.fail(2), path + " error");
        if (e instanceof ServerError se) {
            check(se.getCause() instanceof AssertionError, path + " ServerError wraps the Error");
        }
        if (path.equals("tcp")) {
            Throwable u = Failures.expectThrows(UnexpectedException.class, () -> t2.fail(3),
                                                path + " undeclared checked");
            check(u.getCause() != null && u.getCause().getMessage().equals("undeclared checked"),
                  path + " UnexpectedException wraps the exception");
            // a non-serializable argument fails in the send phase; the stub still works after it
            Failures.expectThrows(MarshalException.class, () -> t.obj(new Object()),
                                  path + " non-serializable argument");
            check(t.i(1) == 2, path + " calls go on after a failed call");
        }
        // many calls in a row on one connection: types travel once, objects are reset
        for (int k = 0; k < 2000; k++) {
            Box b = new Box();
            b.items.add(k);
            check(Objects.equals(t.obj(b), b), path + " call " + k);
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("failed: " + what);
        }
    }

    /* Writes with the JDK's streams; replace=true returns the stub's serialized form instead of reading it. */
    static Object roundTrip(Object o, boolean serializedForm) throws Exception {
        var bytes = new java.io.ByteArrayOutputStream();
        try (var out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        if (serializedForm) {
            // the stub's writeReplace gives the reference
            var m = FastStub.class.getDeclaredMethod("writeReplace");
            m.setAccessible(true);
            return m.invoke(o);
        }
        try (var in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
