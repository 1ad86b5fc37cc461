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
 * @summary A UnicastRemoteObject has its reference from its export on, as
 *          with stock RMI: its hash code is its stub's, and after unexport
 *          it can be serialized (MarshalledObject) with that reference;
 *          read back it is exported again (UnicastRemoteObject.readObject)
 *          and answers calls. The stub of an unexported object can still be
 *          passed in a call, which receives an equal stub, and a call
 *          through it fails with NoSuchObjectException. Both constructors
 *          (port; port and null socket factories). The second run is the
 *          control on the JDK's JRMP.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 UnexportedUroTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 UnexportedUroTest
 */

import java.io.Serial;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class UnexportedUroTest {

    public interface Receiver extends Remote {
        /** Keeps r and returns its hash code. */
        int receive(Remote r) throws RemoteException;
        int value() throws RemoteException;
    }

    public static final class ReceiverImpl extends UnicastRemoteObject implements Receiver {
        @Serial
        private static final long serialVersionUID = 1L;
        final int value;
        transient Remote received;

        ReceiverImpl(int value) throws RemoteException {
            this.value = value;
        }

        ReceiverImpl(int value, boolean nullFactories) throws RemoteException {
            super(0, null, null);
            this.value = value;
        }

        @Override
        public int receive(Remote r) {
            received = r;
            return r.hashCode();
        }

        @Override
        public int value() {
            return value;
        }
    }

    public static void main(String[] args) throws Exception {
        check(new ReceiverImpl(1), new ReceiverImpl(2), "port");
        check(new ReceiverImpl(3, true), new ReceiverImpl(4, true), "null socket factories");
    }

    private static void check(ReceiverImpl impl, ReceiverImpl other, String how) throws Exception {
        Receiver stub = (Receiver) RemoteObject.toStub(impl);
        expect(impl.getRef() != null, how + ": the exported object has its reference");
        expectEquals(stub.hashCode(), impl.hashCode(), how + ": the object's hash code is its stub's");

        expect(UnicastRemoteObject.unexportObject(impl, true), how + ": unexport");
        expectEquals(stub.hashCode(), impl.hashCode(), how + ": after unexport the hash code is still the stub's");
        roundTrip(impl, how + ": after unexport");

        Receiver otherStub = (Receiver) RemoteObject.toStub(other);
        expectEquals(stub.hashCode(), otherStub.receive(stub), how + ": the dead stub passed in a call");
        expect(stub.equals(other.received), how + ": the receiver got an equal stub");
        expectThrows(NoSuchObjectException.class, stub::value, how + ": a call through the dead stub");
        expect(UnicastRemoteObject.unexportObject(other, true), how + ": unexport the receiver");
    }

    /* The object through a MarshalledObject: a copy, exported again on reading, with the same state. */
    private static void roundTrip(ReceiverImpl impl, String what) throws Exception {
        MarshalledObject<ReceiverImpl> m = new MarshalledObject<>(impl);
        ReceiverImpl copy = m.get();
        expect(copy != impl, what + ": MarshalledObject.get gives a copy");
        Receiver copyStub = (Receiver) RemoteObject.toStub(copy);
        expectEquals(impl.value, copyStub.value(), what + ": the copy is exported and answers a call");
        expect(UnicastRemoteObject.unexportObject(copy, true), what + ": unexport the copy");
    }
}
