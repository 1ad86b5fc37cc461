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
 * @summary Failures reach an ordinary RMI client on jdk.fastrmi as on stock
 *          RMI: a declared checked exception (with its field, cause and the
 *          server's stack frames) and a RuntimeException arrive as
 *          themselves; an Error in the server arrives as a
 *          java.rmi.ServerError whose cause is that Error; a RemoteException
 *          thrown by the server's code arrives in a ServerException; an
 *          argument that cannot be serialized fails in the client with a
 *          MarshalException, one the server cannot read in a
 *          ServerException caused by an UnmarshalException; the server
 *          keeps serving after each of these.
 *          A call to an object the server unexported gets
 *          NoSuchObjectException; a call to a server JVM that was killed
 *          gets a RemoteException, and a lookup on a port where nothing
 *          listens a java.rmi.ConnectException.
 *          The same program then runs on the JDK's JRMP (no provider
 *          property), the control for the test's expectations.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm ExceptionTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp ExceptionTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      ExceptionTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 ExceptionTest
 */

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.rmi.ConnectException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import grande.test.ChildJvm;
import grande.test.ServiceException;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ExceptionTest {

    /** An Error of the application. */
    public static final class CorruptLedgerError extends Error {
        @Serial
        private static final long serialVersionUID = 1L;

        public CorruptLedgerError(String message) {
            super(message);
        }
    }

    /** An argument that the server refuses to read. */
    public static final class Forged implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            throw new InvalidObjectException("forged");
        }
    }

    public interface Account extends Remote {
        int balance() throws RemoteException;
        // more than the balance: ServiceException, with the balance as its code
        void withdraw(int amount) throws ServiceException, RemoteException;
        void audit(String problem) throws RemoteException;          // throws IllegalStateException
        void corrupt(String problem) throws RemoteException;        // throws CorruptLedgerError
        void failRemotely(String problem) throws RemoteException;   // throws RemoteException
        void deposit(Object amount) throws RemoteException;
        void close() throws RemoteException;                        // unexports this account
    }

    public static final class AccountImpl implements Account {
        private int balance = 100;

        @Override
        public synchronized int balance() {
            return balance;
        }

        @Override
        public synchronized void withdraw(int amount) throws ServiceException {
            if (amount > balance) {
                throw new ServiceException("cannot withdraw " + amount, balance,
                                           new IllegalArgumentException("amount " + amount));
            }
            balance -= amount;
        }

        @Override
        public void audit(String problem) {
            throw new IllegalStateException(problem);
        }

        @Override
        public void corrupt(String problem) {
            throw new CorruptLedgerError(problem);
        }

        @Override
        public void failRemotely(String problem) throws RemoteException {
            throw new RemoteException(problem);
        }

        @Override
        public synchronized void deposit(Object amount) {
            balance += (Integer) amount;
        }

        @Override
        public void close() throws RemoteException {
            UnicastRemoteObject.unexportObject(this, true);
        }
    }

    /** The server program: a registry with accounts "a" and "b"; runs until killed. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serve(Map.of("a", new AccountImpl(), "b", new AccountImpl()));
        }
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("ExceptionTest$Server", List.of())) {
            Registry registry = server.registry();
            Account a = server.lookup("a");
            Account b = server.lookup("b");

            serverExceptions(a);
            unexported(a, b);

            server.kill();
            RemoteException e = Failures.expectThrowsKindOf(RemoteException.class, b::balance,
                                                             "a call to the killed server");
            System.out.println("  (" + e.getClass().getName() + ")");
            Failures.expectThrowsKindOf(RemoteException.class, () -> registry.lookup("b"),
                                        "a lookup in the killed server's registry");
        }
        int nobody = ChildJvm.freePort();
        Failures.expectThrows(ConnectException.class,
                              () -> LocateRegistry.getRegistry(ChildJvm.HOST, nobody).lookup("a"),
                              "a lookup on a port where nothing listens");
    }

    static void serverExceptions(Account a) throws Exception {
        a.withdraw(30);
        expectEquals(70, a.balance(), "the balance after a withdrawal");

        var funds = Failures.expectThrows(ServiceException.class, () -> a.withdraw(1000),
                                          "a declared checked exception");
        expectEquals("cannot withdraw 1000", funds.getMessage(), "its message");
        expectEquals(70, funds.code(), "its field");
        expectEquals(IllegalArgumentException.class, funds.getCause().getClass(), "its cause");
        expectEquals("amount 1000", funds.getCause().getMessage(), "its cause's message");
        expect(Arrays.stream(funds.getStackTrace())
                     .anyMatch(f -> f.getClassName().equals("ExceptionTest$AccountImpl")
                                    && f.getMethodName().equals("withdraw")),
               "its stack trace has the server's frame");
        expectEquals(70, a.balance(), "the balance after the refused withdrawal");

        var state = Failures.expectThrows(IllegalStateException.class, () -> a.audit("books do not balance"),
                                          "a RuntimeException");
        expectEquals("books do not balance", state.getMessage(), "its message");

        var error = Failures.expectThrows(ServerError.class, () -> a.corrupt("page 7 torn"), "an Error in the server");
        expectEquals(CorruptLedgerError.class, error.getCause().getClass(), "the ServerError's cause");
        expectEquals("page 7 torn", error.getCause().getMessage(), "the Error's message");
        expect(error.detail == error.getCause(), "ServerError.detail is its cause");

        var remote = Failures.expectThrows(ServerException.class, () -> a.failRemotely("downstream failed"),
                                           "a RemoteException thrown by the server's code");
        expectEquals(RemoteException.class, remote.getCause().getClass(), "the ServerException's cause");
        expectEquals("downstream failed", remote.getCause().getMessage(), "its message");

        var marshal = Failures.expectThrows(MarshalException.class, () -> a.deposit(new Object()),
                                            "an argument that cannot be serialized");
        expectEquals(NotSerializableException.class, marshal.getCause().getClass(), "the MarshalException's cause");
        var refused = Failures.expectThrows(ServerException.class, () -> a.deposit(new Forged()),
                                            "an argument the server cannot read");
        expectEquals(UnmarshalException.class, refused.getCause().getClass(), "the ServerException's cause");
        expectEquals(InvalidObjectException.class, refused.getCause().getCause().getClass(), "the reason");
        expectEquals("forged", refused.getCause().getCause().getMessage(), "its message");
        a.deposit(5);
        expectEquals(75, a.balance(), "the server works after every failure");
    }

    static void unexported(Account a, Account b) throws Exception {
        a.close();
        Failures.expectThrows(NoSuchObjectException.class, a::balance, "a call to an unexported object");
        Failures.expectThrows(NoSuchObjectException.class, () -> a.withdraw(1), "another call to it");
        expectEquals(100, b.balance(), "the other object still works");
    }
}
