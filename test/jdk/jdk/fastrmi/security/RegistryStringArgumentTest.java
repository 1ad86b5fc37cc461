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
 * @test id=fast
 * @summary A registry reads a lookup's name as stock RMI's skeleton does
 *          (ObjectInputStream's readString: a string, a null or a back
 *          reference to one, and nothing else): jdk.fastrmi's registry in a
 *          server JVM, a raw socket speaking jdk.fastrmi's tcp protocol (a
 *          lookup recorded through a relay, replayed with other arguments)
 *          sends a lookup whose name is a Gadget (a Serializable class whose
 *          static initializer and readObject print to the server's output),
 *          once on a jdk.fastserial connection and once on a JDK
 *          serialization connection. The server answers with a status-2
 *          reply holding ServerException / UnmarshalException /
 *          ClassCastException("Cannot cast an object to java.lang.String")
 *          thrown by the connection's stream class (FastObjectInputStream or
 *          ObjectInputStream), then closes the connection; it prints neither
 *          GADGET INIT nor GADGET READ, and ordinary lookups and calls still
 *          work. Each with the registry's default filter and with
 *          sun.rmi.registry.registryFilter admitting the Gadget, so that the
 *          string-only read, not the filter, is what keeps it out. A call
 *          that does take a Gadget (an Object parameter of the bound object)
 *          then prints both lines: the probe sees a deserialization.
 *          Over tcp alone: the raw socket speaks tcp's wire format (id=call
 *          makes the same attack over every technology).
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* RegistryStringArgumentTest
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.tcp.idleTimeout=600000 RegistryStringArgumentTest fast
 */

/*
 * @test id=call
 * @summary The same attack on jdk.fastrmi over every technology
 *          (grande.test.Technologies), with jdk.fastserial streams and with
 *          the JDK's serialization (-Djdk.fastrmi.serialization=jdk): the
 *          client makes the registry stub's lookup call through the stub's
 *          own call (FastStub.openSendCall, the method number and hash of
 *          lookup) with a Gadget as the argument, on the registry's own stub
 *          (which names an endpoint of every technology; getRegistry's names
 *          tcp's alone). It gets ServerException / UnmarshalException /
 *          ClassCastException("Cannot cast an object to java.lang.String")
 *          thrown by the connection's stream class, the server prints
 *          nothing of the Gadget, and ordinary lookups and calls still work;
 *          the same hand-made call with a missing name gets
 *          NotBoundException (the call is a lookup).
 * @modules java.rmi jdk.fastserial jdk.fastrmi/jdk.fastrmi:open
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* RegistryStringArgumentTest fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies RegistryStringArgumentTest call
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies -Djdk.fastrmi.serialization=jdk RegistryStringArgumentTest call
 */

/*
 * @test id=stock
 * @summary The same attack on stock RMI (no java.rmi.provider) in this
 *          image: the client calls the registry stub's lookup operation
 *          (number 2, interface hash 4905912898345647071) through its
 *          RemoteRef's newCall/invoke with a Gadget as the argument; the
 *          client gets ServerException / UnmarshalException /
 *          ClassCastException("Cannot cast an object to java.lang.String")
 *          from java.io.ObjectInputStream, the server prints nothing of the
 *          Gadget, and ordinary lookups still work. The same hand-made call
 *          with a missing name gets NotBoundException (the call is a lookup).
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* RegistryStringArgumentTest
 * @run main/othervm/timeout=300 -Djava.rmi.server.hostname=127.0.0.1 RegistryStringArgumentTest stock
 */

/*
 * @test id=stock-fastserial
 * @summary The attack of id=stock on stock RMI on jdk.fastserial streams
 *          (-Djdk.rmi.fastSerialization=true in both JVMs): the refusal
 *          comes from FastObjectInputStream, with the same exception.
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* RegistryStringArgumentTest
 * @run main/othervm/timeout=300 -Djdk.rmi.fastSerialization=true -Djava.rmi.server.hostname=127.0.0.1
 *      RegistryStringArgumentTest stock-fastserial
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.Operation;
import java.rmi.server.RemoteCall;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import grande.test.ChildJvm;
import grande.test.FastWire.Recorded;
import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.CallContext;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;

import static grande.test.Checks.expect;
import static grande.test.FastWire.*;
import static grande.test.Checks.expectEquals;

public class RegistryStringArgumentTest {

    /** The name the server binds its object under. */
    static final String BOUND = "sink";
    /** The name the server binds its registry's own stub under (in mode call). */
    static final String REGISTRY = "registry";
    /** What stock's readString and jdk.fastserial's say of an ordinary object. */
    static final String REFUSAL = "Cannot cast an object to java.lang.String";
    static final String GADGET_INIT = "GADGET INIT";
    static final String GADGET_READ = "GADGET READ";

    // jdk.fastrmi's tcp protocol (rmi-replacement/README.md, "tcp wire format")
    static final int STATUS_THROWN = 1;
    static final int STATUS_FAILED = 2;
    /** Where a request frame's arguments start: length, object id, method number, method hash. */

    // stock's RegistryImpl_Stub
    static final int LOOKUP_OPERATION = 2;
    static final long REGISTRY_INTERFACE_HASH = 4905912898345647071L;
    @SuppressWarnings("deprecation")
    static final Operation[] REGISTRY_OPERATIONS = {
        new Operation("void bind(java.lang.String, java.rmi.Remote)"),
        new Operation("java.lang.String list()[]"),
        new Operation("java.rmi.Remote lookup(java.lang.String)"),
        new Operation("void rebind(java.lang.String, java.rmi.Remote)"),
        new Operation("void unbind(java.lang.String)")
    };

    /** The object bound in the server's registry. */
    public interface Sink extends Remote {
        String name() throws RemoteException;

        /** Takes anything: the control that shows a Gadget, once deserialized, prints. */
        String take(Object o) throws RemoteException;
    }

    static final class SinkImpl implements Sink {
        @Override
        public String name() {
            return BOUND;
        }

        @Override
        public String take(Object o) {
            return String.valueOf(o == null ? null : o.getClass().getName());
        }
    }

    /**
     * What an attacker would send in place of a name: a class the server
     * knows whose initialization and deserialization show in its output.
     */
    public static final class Gadget implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        static {
            System.out.println(GADGET_INIT);
        }

        private int payload = 42;

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            System.out.println(GADGET_READ + " " + payload);
        }
    }

    /**
     * The server JVM: a registry with a Sink bound, and with the argument
     * "registry" the registry's own stub too (then it prints "REGISTRY
     * BOUND"); commands "mark n" (prints "MARK n", so that what it printed
     * before is known to have arrived) and "stop".
     */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.LocalRegistry local = ChildJvm.serve(BOUND, new SinkImpl());
            if (args.length > 0 && args[0].equals(REGISTRY)) {
                local.registry().bind(REGISTRY, local.registry());
                System.out.println("REGISTRY BOUND");
            }
            while (true) {
                String command = ChildJvm.nextCommand(600);
                if (command.startsWith("mark ")) {
                    System.out.println("MARK " + command.substring(5));
                } else if (command.equals("stop")) {
                    break;
                } else {
                    System.out.println("unknown command: " + command);
                }
            }
            System.exit(0);
        }
    }

    static String mode;
    static ChildJvm server;
    static int marks;

    public static void main(String[] args) throws Exception {
        mode = args[0];
        expectEquals(mode.equals("fast") || mode.equals("call"), ChildJvm.FASTRMI, "jdk.fastrmi in mode " + mode);
        // the registry's own filter, then one that admits the Gadget: the filter must not be what refuses it
        for (String filter : new String[] {null, Gadget.class.getName()}) {
            List<String> options = new ArrayList<>();
            if (filter != null) {
                options.add("-Dsun.rmi.registry.registryFilter=" + filter);
            }
            if (mode.equals("stock-fastserial")) {
                options.add("-Djdk.rmi.fastSerialization=true");
            }
            System.out.println("==== mode " + mode + ", registry filter " + (filter == null ? "(default)" : filter));
            try (ChildJvm s = mode.equals("call") ? ChildJvm.startServer(Server.class.getName(), options, REGISTRY)
                                                  : ChildJvm.startServer(Server.class.getName(), options)) {
                server = s;
                stillServing("the start");
                switch (mode) {
                    case "fast" -> {
                        Recorded lookup = recordLookup(server.port());
                        rawAttack(lookup, SERIALIZATION_FAST);
                        rawAttack(lookup, SERIALIZATION_JDK);
                    }
                    case "call" -> callAttack();
                    case "stock" -> stockAttack("java.io.ObjectInputStream");
                    case "stock-fastserial" -> stockAttack("jdk.fastserial.FastObjectInputStream");
                    default -> throw new IllegalArgumentException(mode);
                }
                noGadget("all the attacks");
                gadgetControl();
                server.stop(60);
            }
        }
    }

    // ---- what every mode checks ----

    /** The server printed nothing of the Gadget: marks its output, then looks. */
    static void noGadget(String after) throws Exception {
        String mark = Integer.toString(++marks);
        server.send("mark " + mark);
        server.awaitLine("MARK " + mark, 60);
        expect(!server.printed(GADGET_INIT), "after " + after + ": the server did not initialize the Gadget");
        expect(!server.printed(GADGET_READ), "after " + after + ": the server did not deserialize a Gadget");
    }

    /** An ordinary lookup and call work. */
    static void stillServing(String after) throws Exception {
        Sink sink = server.lookup(BOUND);
        expectEquals(BOUND, sink.name(), "after " + after + ": a lookup and a call");
    }

    /**
     * A Gadget that the server does deserialize (an Object parameter)
     * prints both lines there: the probe works, so a registry that
     * deserialized the name would have shown.
     */
    static void gadgetControl() throws Exception {
        Sink sink = server.lookup(BOUND);
        expectEquals(Gadget.class.getName(), sink.take(new Gadget()), "the control: a Gadget as an Object argument");
        server.awaitLine(GADGET_INIT, 30);
        server.awaitLine(GADGET_READ, 30);
        System.out.println("ok: the control call printed " + GADGET_INIT + " and " + GADGET_READ + " in the server");
    }

    /**
     * The refusal: a ClassCastException with stock's message, thrown by
     * the stream class expected, in e's cause chain after an
     * UnmarshalException ("error unmarshalling arguments").
     */
    static void expectRefusal(Throwable e, String streamClass, String what) {
        expect(e instanceof ServerException, what + ": a ServerException: " + e);
        expect(e.getCause() instanceof UnmarshalException, what + ": caused by an UnmarshalException: " + e.getCause());
        Throwable cce = e.getCause().getCause();
        if (!(cce instanceof ClassCastException)) {
            e.printStackTrace(System.out);
            throw new AssertionError("expected: " + what + ": the UnmarshalException caused by a ClassCastException, got "
                                     + cce);
        }
        expectEquals(REFUSAL, cce.getMessage(), what + ": the ClassCastException's message");
        StackTraceElement[] trace = cce.getStackTrace();
        expect(trace.length > 0 && trace[0].getClassName().equals(streamClass),
               what + ": thrown by " + streamClass + " (the stream of the call): "
               + (trace.length > 0 ? trace[0] : "no stack trace"));
        expect(Arrays.stream(trace).noneMatch(f -> f.getClassName().equals(Gadget.class.getName())),
               what + ": nothing of the Gadget ran");
    }

    // ---- stock RMI: a hand-made call of the registry stub's lookup operation ----

    static void stockAttack(String streamClass) throws Exception {
        Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, server.port());
        expect(registry instanceof RemoteObject, "the registry stub is a RemoteObject: " + registry.getClass());
        lookupAttack(name -> stockLookup(registry, name), streamClass, () -> { });
    }

    /** A hand-made lookup of the registry with the given argument. */
    interface HandMadeLookup {
        Object lookup(Object name) throws Exception;
    }

    /**
     * The attack through a hand-made lookup: with a string it finds what the
     * registry holds; with a Gadget, twice, it is refused by the stream
     * class's check before anything of the Gadget runs, and the registry
     * still serves; after each round, afterRound's check.
     */
    static void lookupAttack(HandMadeLookup lookup, String streamClass, Runnable afterRound) throws Exception {
        try {
            Object r = lookup.lookup(MISSING_NAME);
            throw new AssertionError("a hand-made lookup of " + MISSING_NAME + " returned " + r);
        } catch (NotBoundException e) {
            expectEquals(MISSING_NAME, e.getMessage(), "a hand-made lookup of a missing name: NotBoundException");
        }
        for (int round = 1; round <= 2; round++) {
            String what = "a hand-made lookup with a Gadget as its name (" + round + ")";
            RemoteException thrown = null;
            try {
                Object r = lookup.lookup(new Gadget());
                throw new AssertionError(what + " returned " + r);
            } catch (RemoteException e) {
                System.out.println(what + ": " + e);
                thrown = e;
            }
            noGadget(what);
            expectRefusal(thrown, streamClass, what);
            stillServing(what);
            afterRound.run();
        }
    }

    /** Calls lookup (operation 2) with name as the argument, written with writeObject. */
    @SuppressWarnings("deprecation")
    static Object stockLookup(Registry registry, Object name) throws Exception {
        RemoteRef ref = ((RemoteObject) registry).getRef();
        RemoteCall call = ref.newCall((RemoteObject) registry, REGISTRY_OPERATIONS, LOOKUP_OPERATION,
                                      REGISTRY_INTERFACE_HASH);
        call.getOutputStream().writeObject(name);
        ref.invoke(call);               // throws what the server threw
        try {
            return call.getInputStream().readObject();
        } finally {
            ref.done(call);
        }
    }

    // ---- jdk.fastrmi over the technology under test: a hand-made call of the stub's lookup ----

    static void callAttack() throws Exception {
        String streamClass = "jdk".equals(System.getProperty("jdk.fastrmi.serialization"))
                             ? "java.io.ObjectInputStream" : "jdk.fastserial.FastObjectInputStream";
        server.awaitLine("REGISTRY BOUND", 30);
        // the technology under test, checked by lookup: getRegistry's stub would call over tcp
        Registry registry = server.lookup(REGISTRY);
        lookupAttack(name -> fastLookup(registry, name), streamClass, () -> ChildJvm.expectTechnology(registry));
    }

    /**
     * Calls lookup through the stub's own call, as its generated method
     * does (CallContext), with name as the argument, written with
     * writeObject.
     */
    static Object fastLookup(Registry registry, Object name) throws Exception {
        expect(registry instanceof FastStub, "the registry stub is a FastStub: " + registry.getClass());
        Field ref = FastStub.class.getDeclaredField("ref");
        Method number = FastStub.Ref.class.getDeclaredMethod("methodNumber", Method.class);
        Method open = FastStub.class.getDeclaredMethod("openSendCall", int.class);
        ref.setAccessible(true);
        number.setAccessible(true);
        open.setAccessible(true);
        int lookup = (int) number.invoke(ref.get(registry), Registry.class.getMethod("lookup", String.class));
        CallContext c;
        try {
            c = (CallContext) open.invoke(registry, lookup);
        } catch (InvocationTargetException e) {
            throw (RemoteException) e.getCause();       // no connection
        }
        try {
            c.output().writeObject(name);
            ObjectInput in = c.openReceiveResult();     // throws what the server threw
            Object result = in.readObject();
            c.closeReceiveResult();
            return result;
        } catch (Throwable t) {
            Throwable thrown = c.failed(t);
            if (thrown instanceof Exception e) {
                throw e;
            }
            throw (Error) thrown;
        }
    }

    // ---- jdk.fastrmi: the tcp protocol from a raw socket ----

    /** A reply: its status and what it holds, decoded. */
    record Reply(int status, Object value, boolean closedAfter) { }

    /**
     * On a new connection with the given serialization: a lookup of a
     * missing name made of arguments written here (NotBoundException: the
     * arguments are right), then one whose name is a Gadget.
     */
    static void rawAttack(Recorded lookup, byte serialization) throws Exception {
        String kind = serialization == SERIALIZATION_FAST ? "jdk.fastserial" : "JDK serialization";
        String streamClass = serialization == SERIALIZATION_FAST ? "jdk.fastserial.FastObjectInputStream"
                                                                  : "java.io.ObjectInputStream";
        String what = "a raw lookup of " + MISSING_NAME + " on a " + kind + " connection";
        Reply reply = exchange(what, serialization, lookup, MISSING_NAME);
        expectEquals(STATUS_THROWN, reply.status(), what + ": the reply's status");
        expect(reply.value() instanceof NotBoundException nb && MISSING_NAME.equals(nb.getMessage()),
               what + ": NotBoundException(" + MISSING_NAME + "): " + reply.value());
        stillServing(what);

        for (int round = 1; round <= 2; round++) {
            what = "a raw lookup with a Gadget as its name on a " + kind + " connection (" + round + ")";
            reply = exchange(what, serialization, lookup, new Gadget());
            expectEquals(STATUS_FAILED, reply.status(), what + ": answered with the status of a failed call");
            noGadget(what);
            expect(reply.value() instanceof Throwable, what + ": the reply holds an exception: " + reply.value());
            expectRefusal((Throwable) reply.value(), streamClass, what);
            expect(reply.closedAfter(), what + ": the server closed the connection after the status-2 reply");
            stillServing(what);
        }
    }

    /**
     * Sends the recorded lookup with name (written by a fresh stream of the
     * serialization) as its argument on a new connection; the reply, which
     * must come within the bound.
     */
    static Reply exchange(String what, byte serialization, Recorded lookup, Object name) throws Exception {
        byte[] clientHeader;
        byte[] arguments;
        if (serialization == SERIALIZATION_FAST) {
            // as Marshalling.Fast writes a request: the stream's header in the handshake, then per
            // message the objects, ended by resetObjects
            FastObjectOutputStream out = new FastObjectOutputStream();
            clientHeader = out.toByteArray();
            out.rewind();
            out.writeObject(name);
            out.resetObjects();
            arguments = out.toByteArray();
        } else {
            // as Marshalling.Jdk: no header in the handshake, a whole stream per message
            clientHeader = new byte[0];
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(name);
            }
            arguments = bytes.toByteArray();
        }
        byte[] frame = withArguments(lookup.frame(), arguments);
        System.out.println("case: " + what + ": " + hex(frame, 96));
        try (Socket s = connect(server.port())) {
            byte[] serverHeader = handshake(s, serialization, clientHeader);
            send(s, frame);
            InputStream in = s.getInputStream();
            byte[] length = readFully(in, 4, what + ": the reply's length (not a drop, not a hang)");
            int n = ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getInt();
            expect(n >= 1 && n <= (1 << 20), what + ": a reply of " + n + " bytes");
            byte[] reply = readFully(in, n, what + ": the whole reply");
            int status = reply[0];
            Object value = decode(serialization, serverHeader, reply);
            System.out.println(what + ": status " + status + ", " + value);
            boolean closed;
            if (status == STATUS_FAILED) {
                closed = endsWithin(in);
            } else {
                closed = false;
            }
            return new Reply(status, value, closed);
        }
    }

    /** What a reply holds after its status byte, read with the server's stream. */
    static Object decode(byte serialization, byte[] serverHeader, byte[] reply) {
        byte[] rest = Arrays.copyOfRange(reply, 1, reply.length);
        try (ObjectInputStream in = serialization == SERIALIZATION_FAST
                ? new FastObjectInputStream(concat(serverHeader, rest))
                : new ObjectInputStream(new ByteArrayInputStream(rest))) {
            return in.readObject();
        } catch (Exception | Error e) {
            throw new AssertionError("the reply " + hex(rest, 64) + " does not decode", e);
        }
    }

    /** Whether the peer ends the connection (EOF or a reset) within the bound. */
    static boolean endsWithin(InputStream in) throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;                // a reset ends it too
        }
    }

    /** A handshake with the serialization and stream header; returns the server's header. */
    static byte[] handshake(Socket s, byte serialization, byte[] clientHeader) throws IOException {
        send(s, MAGIC, new byte[] {VERSION, serialization}, le32(clientHeader.length), clientHeader);
        InputStream in = s.getInputStream();
        byte[] answer = readFully(in, 10, "the server's answer to the handshake");
        int n = ByteBuffer.wrap(answer, 6, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        expect(Arrays.equals(MAGIC, Arrays.copyOf(answer, 4)) && answer[4] == VERSION && answer[5] == 0
               && n >= 0 && n <= 1024, "the server accepts the handshake: " + hex(answer, 10));
        return readFully(in, n, "the server's stream header of " + n + " bytes");
    }

    /** n bytes, or an AssertionError saying what: the peer ended the connection or the bound passed. */
    static byte[] readFully(InputStream in, int n, String what) throws IOException {
        byte[] buf = new byte[n];
        int filled = 0;
        try {
            while (filled < n) {
                int r = in.read(buf, filled, n - filled);
                if (r < 0) {
                    throw new AssertionError("expected: " + what + ": the connection ended after "
                                             + filled + " of " + n + " bytes");
                }
                filled += r;
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("expected: " + what + ": nothing after " + filled + " of " + n
                                     + " bytes within " + ChildJvm.millis(20) + " ms");
        } catch (IOException e) {
            throw new AssertionError("expected: " + what + ": " + e + " after " + filled + " of " + n + " bytes", e);
        }
        return buf;
    }
}
