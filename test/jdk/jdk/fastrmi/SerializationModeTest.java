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
 * @summary jdk.fastrmi with -Djdk.fastrmi.serialization=jdk in both JVMs:
 *          an ordinary program (registry, graphs with cycles and sharing,
 *          class-defined writeObject/readObject, Externalizable,
 *          writeReplace/readResolve, a declared exception, a callback)
 *          works, and class-defined methods run under the JDK's
 *          serialization in both directions. Then the same program with the
 *          default serialization of jdk.fastrmi, where they run under
 *          jdk.fastserial, and on the JDK's JRMP (the control: the JDK's
 *          serialization).
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* grande.test.samples.* Failures GraphNode
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djdk.fastrmi.serialization=jdk
 *      -Djava.rmi.server.hostname=127.0.0.1 -Dtest.fastrmi.technology=fabric:shm SerializationModeTest jdk
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djdk.fastrmi.serialization=jdk
 *      -Djava.rmi.server.hostname=127.0.0.1 -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp SerializationModeTest jdk
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djdk.fastrmi.serialization=jdk
 *      -Djava.rmi.server.hostname=127.0.0.1 -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      SerializationModeTest jdk
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm SerializationModeTest fast
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp SerializationModeTest fast
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      SerializationModeTest fast
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 SerializationModeTest jdk
 */

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;

import grande.test.ChildJvm;
import grande.test.ServiceException;
import grande.test.samples.Replaced;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class SerializationModeTest {

    /**
     * Which serializer runs a class-defined method: "fast" if jdk.fastserial
     * is on the stack, else "jdk" if java.io's serialization is, else "none".
     */
    static String serializer() {
        boolean jdk = false;
        for (StackTraceElement frame : Thread.currentThread().getStackTrace()) {
            String c = frame.getClassName();
            if (c.startsWith("jdk.fastserial.") || c.startsWith("jdk.internal.fastserial.")) {
                return "fast";
            }
            jdk |= c.equals("java.io.ObjectOutputStream") || c.equals("java.io.ObjectInputStream");
        }
        return jdk ? "jdk" : "none";
    }

    /** Records which serializer wrote it and which read it. */
    public static final class StreamSpy implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        final int payload;
        transient String writtenBy;
        transient String readBy;

        public StreamSpy(int payload) {
            this.payload = payload;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(serializer());
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            writtenBy = in.readUTF();
            readBy = serializer();
        }
    }

    public static final class Money implements Externalizable {
        @Serial
        private static final long serialVersionUID = 1L;
        long cents;
        String currency;

        public Money() {
        }

        Money(long cents, String currency) {
            this.cents = cents;
            this.currency = currency;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeLong(cents);
            out.writeObject(currency);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            cents = in.readLong();
            currency = (String) in.readObject();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Money m && m.cents == cents && m.currency.equals(currency);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(cents);
        }

        @Override
        public String toString() {
            return cents + " " + currency;
        }
    }

    public interface Listener extends Remote {
        Money onPayment(Money m) throws RemoteException;
    }

    public interface Service extends Remote {
        /** Who wrote s (in the client) and who read it (here). */
        String[] spy(StreamSpy s) throws RemoteException;
        /** A new spy, written here. */
        StreamSpy spyBack(int payload) throws RemoteException;
        Object echo(Object o) throws RemoteException;
        String shape(GraphNode root) throws RemoteException;
        void pay(Money m) throws ServiceException, RemoteException;
        Money notify(Listener l, Money m) throws RemoteException;
    }

    public static final class ServiceImpl implements Service {
        @Override
        public String[] spy(StreamSpy s) {
            return new String[] {s.writtenBy, s.readBy};
        }

        @Override public StreamSpy spyBack(int payload) { return new StreamSpy(payload); }
        @Override public Object echo(Object o) { return o; }
        @Override public String shape(GraphNode root) { return GraphNode.shape(root); }

        @Override
        public void pay(Money m) throws ServiceException {
            throw new ServiceException("cannot pay " + m.cents + " " + m.currency, 0, null);
        }

        @Override
        public Money notify(Listener l, Money m) throws RemoteException {
            return l.onPayment(m);
        }
    }

    /** The server program: a registry with "service"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("service", new ServiceImpl(), 120);
        }
    }

    static final class Doubler implements Listener {
        @Override
        public Money onPayment(Money m) {
            return new Money(m.cents * 2, m.currency);
        }
    }

    public static void main(String[] args) throws Exception {
        String serializer = args[0];
        System.out.println("runtime " + ChildJvm.expectedRuntime() + ", serialization "
                           + System.getProperty("jdk.fastrmi.serialization", "(default)"));
        try (ChildJvm server = ChildJvm.startServer("SerializationModeTest$Server", List.of())) {
            Service service = server.lookup("service");

            expectEquals(List.of(serializer, serializer), List.of(service.spy(new StreamSpy(1))),
                         "the serializers of writeObject (here) and readObject (server)");
            StreamSpy back = service.spyBack(2);
            expectEquals(2, back.payload, "the spy's payload");
            expectEquals(List.of(serializer, serializer), List.of(back.writtenBy, back.readBy),
                         "the serializers of writeObject (server) and readObject (here)");

            GraphNode root = GraphNode.sample(100, 5);
            String shape = GraphNode.shape(root);
            expect(shape.equals(service.shape(root)),
                   "a graph as the server read it (" + shape.length() + " chars of shape)");
            expect(shape.equals(GraphNode.shape((GraphNode) service.echo(root))), "the graph the server wrote back");
            expectEquals(new Money(1234, "EUR"), service.echo(new Money(1234, "EUR")), "an Externalizable object");
            Object replaced = service.echo(new Replaced("interval", 9));
            expectEquals(new Replaced("interval", 9), replaced, "an object that travels as its writeReplace proxy");
            Object[] shared = {new Money(1, "CHF"), null};
            shared[1] = shared[0];
            Object[] sharedBack = (Object[]) service.echo(shared);
            expect(sharedBack[0] == sharedBack[1], "an Externalizable object shared in a graph");

            var e = Failures.expectThrows(ServiceException.class, () -> service.pay(new Money(5, "USD")),
                                          "a declared exception");
            expectEquals("cannot pay 5 USD", e.getMessage(), "its message");

            Doubler doubler = new Doubler();
            UnicastRemoteObject.exportObject(doubler, 0);
            try {
                expectEquals(new Money(14, "JPY"), service.notify(doubler, new Money(7, "JPY")),
                             "a call back with Externalizable argument and result");
            } finally {
                UnicastRemoteObject.unexportObject(doubler, true);
            }
            server.stop(30);
        }
    }
}
