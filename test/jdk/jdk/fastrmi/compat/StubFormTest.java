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
 * @test id=proxies
 * @summary With java.rmi.server.ignoreStubClasses=true, as stock RMI, an
 *          export hands out a dynamic proxy whose invocation handler is a
 *          RemoteObjectInvocationHandler (also for a class that has a
 *          pregenerated stub class); RemoteObject.toStub returns that same
 *          proxy; a stub read from a registry or a MarshalledObject, or
 *          passed back by a call, is a proxy equal to it with the same hash
 *          code; one bound in a registry of another JVM reads back equal.
 *          Calls carry primitives, objects and a declared exception, and on
 *          jdk.fastrmi keep the local shortcut (the call runs on the
 *          caller's thread) when the object lives in the calling JVM. With
 *          both serializations of jdk.fastrmi; the last run is the control
 *          on the JDK's JRMP.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* StubFormTest StubbedEchoImpl_Stub
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.ignoreStubClasses=true
 *                   -Djava.rmi.server.hostname=127.0.0.1 StubFormTest proxies
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.ignoreStubClasses=true
 *                   -Djdk.fastrmi.serialization=jdk -Djava.rmi.server.hostname=127.0.0.1 StubFormTest proxies
 * @run main/othervm -Djava.rmi.server.ignoreStubClasses=true -Djava.rmi.server.hostname=127.0.0.1
 *                   StubFormTest proxies
 */
/*
 * @test id=default
 * @summary Without the property, as stock RMI, the export of a class that
 *          has a pregenerated stub class (ClassName_Stub) hands out an
 *          instance of that class (a RemoteStub), with the same guarantees
 *          as above; a class without one gets jdk.fastrmi's generated stub
 *          (stock: a dynamic proxy). The second run is the control on the
 *          JDK's JRMP.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* StubFormTest StubbedEchoImpl_Stub
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 StubFormTest default
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 StubFormTest default
 */

import java.lang.reflect.Proxy;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.RemoteStub;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import grande.test.ChildJvm;

import jdk.fastrmi.FastRMI;
import jdk.fastrmi.FastStub;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class StubFormTest {

    /** The forms a stub takes. */
    enum Form { PROXY, STUB_CLASS, GENERATED }

    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop(Map.of("plain", new EchoImpl(), "stubbed", new StubbedEchoImpl()), 120);
        }
    }

    public static void main(String[] args) throws Exception {
        boolean proxies = args[0].equals("proxies");
        Form plainForm = proxies || !ChildJvm.FASTRMI ? Form.PROXY : Form.GENERATED;
        Form stubbedForm = proxies ? Form.PROXY : Form.STUB_CLASS;

        EchoImpl plain = new EchoImpl();
        StubbedEchoImpl stubbed = new StubbedEchoImpl();
        Echo plainStub = (Echo) UnicastRemoteObject.exportObject(plain, 0);
        Echo stubbedStub = (Echo) UnicastRemoteObject.exportObject(stubbed, 0);
        expectForm(plainForm, plainStub, "the export of a class without a stub class");
        expectForm(stubbedForm, stubbedStub, "the export of a class with a stub class");
        expect(RemoteObject.toStub(plain) == plainStub, "toStub returns the stub the export handed out");
        expect(RemoteObject.toStub(stubbed) == stubbedStub, "toStub returns the stub class's instance");
        expect(RemoteObject.toStub(plainStub) == plainStub, "toStub of a stub is the stub");
        expectThrows(NoSuchObjectException.class, () -> RemoteObject.toStub(new EchoImpl()),
                     "toStub of an object never exported");
        checkCalls(plainStub, plainForm, true);
        checkCalls(stubbedStub, stubbedForm, true);

        List<String> options = proxies ? List.of("-Djava.rmi.server.ignoreStubClasses=true") : List.of();
        try (ChildJvm server = ChildJvm.startServer("StubFormTest$Server", options)) {
            Registry registry = server.registry();
            Echo remotePlain = (Echo) registry.lookup("plain");
            Echo remoteStubbed = (Echo) registry.lookup("stubbed");
            expectForm(plainForm, remotePlain, "the looked-up stub of a class without a stub class");
            expectForm(stubbedForm, remoteStubbed, "the looked-up stub of a class with a stub class");
            checkCalls(remotePlain, plainForm, false);
            checkCalls(remoteStubbed, stubbedForm, false);
            // through the registry's filter: what a stub of each form carries is admitted
            registry.rebind("fromClient", plainStub);
            expect(plainStub.equals(registry.lookup("fromClient")), "a stub bound remotely reads back equal");
            registry.rebind("fromClient", stubbedStub);
            Remote back = registry.lookup("fromClient");
            expect(stubbedStub.equals(back), "a stub class's instance bound remotely reads back equal");
            expectEquals(stubbedStub.getClass(), back.getClass(), "and in its form");
            server.stop(60);
        }

        expect(UnicastRemoteObject.unexportObject(plain, true), "unexport");
        expect(UnicastRemoteObject.unexportObject(stubbed, true), "unexport");
        expectThrows(NoSuchObjectException.class, () -> plainStub.add(1, 2), "a call after unexport");
        expectThrows(NoSuchObjectException.class, () -> stubbedStub.add(1, 2),
                     "a call after unexport, through the stub class");
    }

    private static void expectForm(Form form, Remote stub, String what) {
        Class<?> c = stub.getClass();
        switch (form) {
            case PROXY -> {
                expect(Proxy.isProxyClass(c), what + ": a dynamic proxy: " + c);
                expectEquals(RemoteObjectInvocationHandler.class, Proxy.getInvocationHandler(stub).getClass(),
                             what + ": the proxy's invocation handler");
            }
            case STUB_CLASS -> {
                expectEquals(StubbedEchoImpl_Stub.class, c, what + ": the stub class");
                expect(stub instanceof RemoteStub, what + ": a RemoteStub");
            }
            case GENERATED -> expect(stub instanceof FastStub && !Proxy.isProxyClass(c),
                                     what + ": jdk.fastrmi's generated stub: " + c);
        }
    }

    private static void checkCalls(Echo stub, Form form, boolean local) throws Exception {
        String where = (local ? "local " : "remote ") + form + ": ";
        expectEquals(5, stub.add(2, 3), where + "add(2, 3)");
        expectEquals(-7L, stub.negate(7L), where + "negate(7L)");
        expectEquals(List.of("a", "b"), stub.echo(new ArrayList<>(List.of("a", "b"))), where + "echo of a list");
        expectEquals(null, stub.echo(null), where + "echo of null");
        EchoException e = expectThrows(EchoException.class, () -> stub.fail("closed"), where + "a declared exception");
        expectEquals("closed", e.getMessage(), where + "its message");

        Object back = stub.echo(stub);
        expectEquals(stub.getClass(), back.getClass(), where + "the stub passed back has the same form");
        expect(stub.equals(back) && back.equals(stub), where + "the stub passed back is equal to it");
        expectEquals(stub.hashCode(), back.hashCode(), where + "and has its hash code");

        Object copy = new MarshalledObject<>(stub).get();
        expectEquals(stub.getClass(), copy.getClass(), where + "a MarshalledObject's copy has the same form");
        expect(stub.equals(copy), where + "a MarshalledObject's copy is equal to it");
        expectEquals(5, ((Echo) copy).add(2, 3), where + "a call through the copy");

        boolean callerThread = stub.threadId() == Thread.currentThread().threadId();
        expectEquals(ChildJvm.FASTRMI && local, callerThread, where + "the call ran on the caller's thread");
        if (ChildJvm.FASTRMI) {
            String technology = FastRMI.technology(stub);
            expect(local == technology.equals("local"), where + "FastRMI.technology: " + technology);
        }
    }
}

/** The remote interface; the stub class implements it, so it is a top-level type. */
interface Echo extends Remote {
    int add(int a, int b) throws java.rmi.RemoteException;
    long negate(long a) throws java.rmi.RemoteException;
    Object echo(Object o) throws java.rmi.RemoteException;
    void fail(String why) throws EchoException, java.rmi.RemoteException;
    /** The id of the thread that runs the call. */
    long threadId() throws java.rmi.RemoteException;
}

class EchoException extends Exception {
    private static final long serialVersionUID = 1L;

    EchoException(String message) {
        super(message);
    }
}

/** What both implementations do. */
abstract class EchoBase {
    public int add(int a, int b) {
        return a + b;
    }

    public long negate(long a) {
        return -a;
    }

    public Object echo(Object o) {
        return o;
    }

    public void fail(String why) throws EchoException {
        throw new EchoException(why);
    }

    public long threadId() {
        return Thread.currentThread().threadId();
    }
}

/** Has no stub class. */
class EchoImpl extends EchoBase implements Echo { }

/** Has the stub class StubbedEchoImpl_Stub (implementing Echo itself is what names it). */
class StubbedEchoImpl extends EchoBase implements Echo { }
