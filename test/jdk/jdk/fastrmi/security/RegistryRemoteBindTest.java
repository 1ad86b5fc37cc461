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
 * @test id=stock
 * @summary Stock RMI (no provider property), the reference: a registry
 *          JVM (java.rmi.server.hostname=169.254.77.1, one name, "service",
 *          bound locally) and a client JVM on another host, a network
 *          namespace behind a veth pair (169.254.77.2; grande.test.NetNamespace).
 *          From there list and lookup work; bind and rebind of a Gadget (a
 *          Number that is Remote and Serializable, which the registry's
 *          filter admits, and whose static initializer and readObject print
 *          "GADGET INIT" and "GADGET READ") and unbind each end in
 *          java.rmi.ServerException caused by java.rmi.AccessException
 *          ("Registry.op disallowed; origin ...169.254.77.2 is non-local
 *          host"), exact classes; the registry JVM never printed "GADGET"
 *          (checked 2 s after the refusals, behind a command it answers);
 *          then list and lookup from there still work, and "service" is
 *          still bound to the same object. The control: the same rebind from
 *          a client in the registry's namespace succeeds and the registry
 *          JVM prints "GADGET READ" (the Gadget's bytes do reach it).
 *          Skipped where the machine refuses network namespaces or veth
 *          pairs (not root, no ip(8)).
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* jtreg.SkippedException RegistryRemoteBindTest
 * @run main/othervm/timeout=300 RegistryRemoteBindTest
 */

/*
 * @test id=fastrmi-tcp
 * @summary The same on jdk.fastrmi over tcp (jdk.fastrmi.technologies=tcp):
 *          the same exception classes and messages as stock; the refused
 *          calls deserialize nothing (no "GADGET" from the registry JVM),
 *          while the local control's rebind does.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* jtreg.SkippedException RegistryRemoteBindTest
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp
 *      RegistryRemoteBindTest
 */

/*
 * @test id=fastrmi-default
 * @summary The same on jdk.fastrmi with its default technologies (fabric,
 *          tcp; the fabric's shm to this host): the registry JVM listens on
 *          the fabric too, and the registry's stub of
 *          LocateRegistry.getRegistry is tcp's (as it always is), so the
 *          calls from the other host come over tcp.
 * @modules java.rmi
 * @library /lib
 * @build grande.test.* jtreg.SkippedException RegistryRemoteBindTest
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi
 *      -Dtest.fastrmi.technology=tcp RegistryRemoteBindTest
 */

/*
 * The client on the other host makes no call through the stub it looks up
 * (it compares it): the subject is the registry. With the default
 * technologies that stub's endpoint is the fabric's shm, which the
 * registry's JVM refuses to a peer in another network namespace, and its
 * calls would go over tcp instead (faults/FabricFallbackTest). The
 * registry's own calls do not depend on it: LocateRegistry.getRegistry's
 * stub is tcp's.
 *
 * Unbind carries a name only, no object, so it has no Gadget; it is refused
 * all the same and the binding it names stays.
 */

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.AccessException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import grande.test.Checks;
import grande.test.ChildJvm;
import grande.test.NetNamespace;
import grande.test.Technologies;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class RegistryRemoteBindTest {

    /** The name bound locally in the registry. */
    static final String SERVICE = "service";

    /** The name the Gadget is bound under, where it may be. */
    static final String GADGET = "gadget";

    /** What the registry JVM prints when it initializes or reads a Gadget. */
    static final String TRACE = "GADGET";

    /** How long the test waits after the refusals for a trace that would come late, in ms. */
    static final long TRACE_WAIT_MILLIS = 2_000;

    public interface Hello extends Remote {
        String hello() throws RemoteException;
    }

    static final class HelloImpl implements Hello {
        @Override
        public String hello() {
            return "hello";
        }
    }

    /**
     * What an attacker binds: a Number (and a Remote), which stock's
     * registry filter and jdk.fastrmi's admit, whose initialization and
     * readObject leave a trace in the JVM that reads it. Not exported, so
     * both runtimes' client streams write it as itself.
     */
    public static final class Gadget extends Number implements Remote, Serializable {
        private static final long serialVersionUID = 1L;

        static {
            System.out.println(TRACE + " INIT");
        }

        private int value = 17;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            System.out.println(TRACE + " READ " + value);
        }

        @Override
        public int intValue() {
            return value;
        }

        @Override
        public long longValue() {
            return value;
        }

        @Override
        public float floatValue() {
            return value;
        }

        @Override
        public double doubleValue() {
            return value;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("registry")) {
            registry();
            return;
        }
        if (args.length == 4 && args[0].equals("client")) {
            try {
                ChildJvm.exitWithParent();
                Registry registry = LocateRegistry.getRegistry(args[2], Integer.parseInt(args[3]));
                if (args[1].equals("remote")) {
                    remoteClient(registry);
                } else {
                    localClient(registry);
                }
            } catch (Throwable t) {
                t.printStackTrace(System.out);
                System.exit(1);
            }
            System.exit(0);    // the stubs it looked up are still referenced
        }
        test();
    }

    /*
     * The test JVM: makes the other host, starts the registry JVM here, the
     * remote client there, then the local control here.
     */
    static void test() throws Exception {
        try (NetNamespace ns = NetNamespace.create()) {
            List<String> here = options(NetNamespace.HERE);
            try (ChildJvm registry = ChildJvm.startServer("RegistryRemoteBindTest", here, "registry")) {
                String port = Integer.toString(registry.port());

                try (ChildJvm remote = ChildJvm.start(ns.launcher(Map.of()), "remote-client",
                                                      options(NetNamespace.THERE), "RegistryRemoteBindTest",
                                                      "client", "remote", NetNamespace.HERE, port)) {
                    expectEquals(0, remote.awaitExit(120), "the remote client's exit code");
                }
                Thread.sleep(TRACE_WAIT_MILLIS);
                // its answer comes after anything it printed before
                expectEquals("[" + SERVICE + "] same=true", bindings(registry),
                             "the registry's bindings after the remote client");
                expect(!registry.printed(TRACE),
                       "the registry JVM never initialized or read a Gadget for the refused calls");

                try (ChildJvm local = ChildJvm.start("local-client", here, "RegistryRemoteBindTest",
                                                     "client", "local", NetNamespace.HERE, port)) {
                    expectEquals(0, local.awaitExit(120), "the local client's exit code");
                }
                registry.awaitLine(TRACE + " READ", 30);
                expect(registry.printed(TRACE + " INIT"), "the control: the registry JVM initialized a Gadget");
                System.out.println("ok: the control: the registry JVM read the local client's Gadget");
                expectEquals("[" + GADGET + ", " + SERVICE + "] same=true", bindings(registry),
                             "the registry's bindings after the local client");
                registry.stop(30);
            }
        }
    }

    /* The options of a JVM of this test at host (its java.rmi.server.hostname). */
    static List<String> options(String host) {
        List<String> options = new ArrayList<>(Technologies.fromJtreg());
        options.add("-Djava.rmi.server.hostname=" + host);
        return options;
    }

    /* What the registry JVM answers to "bindings": its names, and whether SERVICE is still the object it bound. */
    static String bindings(ChildJvm registry) throws IOException, InterruptedException {
        registry.send("bindings");
        return registry.awaitLine("BINDINGS ", 30);
    }

    /*
     * The registry JVM: a registry with a Hello bound locally as SERVICE;
     * answers "bindings" until "stop".
     */
    static void registry() throws Exception {
        ChildJvm.LocalRegistry local = ChildJvm.serve(SERVICE, new HelloImpl());
        Registry registry = local.registry();
        Remote original = registry.lookup(SERVICE);
        while (true) {
            String command = ChildJvm.nextCommand(240);
            switch (command) {
                case "bindings" -> {
                    String[] names = registry.list();
                    Arrays.sort(names);
                    System.out.println("BINDINGS " + Arrays.toString(names) + " same="
                                       + original.equals(registry.lookup(SERVICE)));
                }
                case "stop" -> System.exit(0);
                default -> throw new AssertionError("unknown command " + command);
            }
        }
    }

    /*
     * The client on the other host: list and lookup work; bind, rebind and
     * unbind are refused as stock refuses them; list and lookup still work.
     */
    static void remoteClient(Registry registry) throws Exception {
        ChildJvm.expectTechnology(registry);
        expectEquals(List.of(SERVICE), List.of(registry.list()), "list from another host");
        Remote service = registry.lookup(SERVICE);
        ChildJvm.expectRuntimeStub(service);
        System.out.println("ok: lookup from another host: " + service);

        refused("bind", () -> registry.bind(GADGET, new Gadget()));
        refused("rebind", () -> registry.rebind(SERVICE, new Gadget()));
        refused("unbind", () -> registry.unbind(SERVICE));

        expectEquals(List.of(SERVICE), List.of(registry.list()), "list from another host after the refusals");
        Remote again = registry.lookup(SERVICE);
        expectEquals(service, again, "lookup from another host after the refusals");
    }

    /*
     * What stock's registry does to a call of bind, rebind or unbind from
     * another host: RegistryImpl_Skel checks the caller before it reads an
     * argument, and UnicastServerRef.dispatch wraps the AccessException in a
     * ServerException.
     */
    static void refused(String op, Checks.Action call) {
        ServerException e = Checks.expectThrows(ServerException.class, call,
                                                "Registry." + op + " from another host is refused");
        expectEquals(ServerException.class, e.getClass(), "the exception's class");
        Throwable cause = e.getCause();
        expectEquals(AccessException.class, cause == null ? null : cause.getClass(), "its cause's class");
        String message = cause.getMessage();
        expect(message.startsWith("Registry." + op + " disallowed; origin ")
               && message.contains(NetNamespace.THERE + " is non-local host"),
               "its cause's message names the operation and the caller's host: " + message);
    }

    /*
     * The control, in the registry's namespace: the same rebind is allowed,
     * so the registry JVM reads the Gadget.
     */
    static void localClient(Registry registry) throws Exception {
        ChildJvm.expectTechnology(registry);
        registry.rebind(GADGET, new Gadget());
        System.out.println("ok: rebind of a Gadget from this host");
        String[] names = registry.list();
        Arrays.sort(names);
        expectEquals(List.of(GADGET, SERVICE), List.of(names), "list after the local rebind");
    }
}
