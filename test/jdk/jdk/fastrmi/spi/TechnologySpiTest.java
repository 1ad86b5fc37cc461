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
 * @test id=classpath
 * @summary A transport technology written against jdk.fastrmi.spi alone
 *          (testtech/: java.net sockets, length-prefixed frames, id "test",
 *          preferred to fabric and tcp) plugged in from the class path with
 *          META-INF/services: a server in a child JVM exports an object, the
 *          test JVM calls it over "test" (FastRMI.technology says so in both
 *          JVMs), with primitives, a 1 MiB + 3 byte array, an object graph
 *          with sharing and cycles, and a call back to an object of the test
 *          JVM. With -Djdk.fastrmi.technologies=tcp the technology is found
 *          but left out: the same calls go over tcp.
 * @modules java.rmi jdk.fastrmi
 * @library /lib .. testtech
 * @build grande.test.* GraphNode fastrmi.testtech.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=test TechnologySpiTest classpath
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp TechnologySpiTest classpath
 */

/*
 * @test id=modulepath
 * @summary The same technology as a module on the module path (modulepath/
 *          module-info.java: provides jdk.fastrmi.spi.TechnologyProvider),
 *          compiled by BuildTechnologyModule; nothing on the class path
 *          provides it.
 * @modules java.rmi jdk.fastrmi jdk.compiler
 * @library /lib ..
 * @build grande.test.* GraphNode BuildTechnologyModule
 * @run driver BuildTechnologyModule mods
 * @run main/othervm --module-path mods -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=test TechnologySpiTest modulepath
 * @run main/othervm --module-path mods -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp TechnologySpiTest modulepath
 */

import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;

import grande.test.ChildJvm;
import grande.test.Events;
import grande.test.Events.Listener;

import jdk.fastrmi.FastRMI;
import jdk.fastrmi.spi.TechnologyProvider;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/*
 * The test JVM is the client; its @run line configures both JVMs (ChildJvm
 * passes java.rmi.provider, test.fastrmi.technology and every jdk.fastrmi.*
 * property on, and the class path; the module path is passed here). The
 * argument says where the technology comes from.
 */
public class TechnologySpiTest {

    public interface Service extends Remote {
        int add(int a, int b) throws RemoteException;

        byte[] echo(byte[] b) throws RemoteException;

        /** The graph's shape (GraphNode.shape) and the graph itself, back. */
        List<Object> shapeAndEcho(GraphNode root) throws RemoteException;

        /** Calls l.onEvent(topic, i) for i = 0..n-1 during the call; the sum of the answers. */
        int publish(Listener l, String topic, int n) throws RemoteException;

        /** FastRMI.technology of a stub, in the server. */
        String technologyOf(Remote stub) throws RemoteException;

        /** Where the server's providers of the "test" technology come from. */
        String testProviderModule() throws RemoteException;
    }

    public static final class ServiceImpl implements Service {
        @Override
        public int add(int a, int b) {
            return a + b;
        }

        @Override
        public byte[] echo(byte[] b) {
            return b;
        }

        @Override
        public List<Object> shapeAndEcho(GraphNode root) {
            return List.of(GraphNode.shape(root), root);
        }

        @Override
        public int publish(Listener l, String topic, int n) throws RemoteException {
            return Events.publish(l, topic, n);
        }

        @Override
        public String technologyOf(Remote stub) {
            return FastRMI.technology(stub);
        }

        @Override
        public String testProviderModule() {
            return providerModule();
        }
    }

    /** The server program: a registry with "service"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("service", new ServiceImpl(), 120);
        }
    }

    static final class RecordingListener implements Listener {
        final List<String> events = new ArrayList<>();

        @Override
        public synchronized int onEvent(String topic, int value) {
            events.add(topic + value);
            return value * 10;
        }
    }

    /*
     * The modules of this JVM's providers of "test", as the service loader
     * finds them from the unnamed module: "unnamed" or a module's name for
     * each, "none" for none.
     */
    static String providerModule() {
        List<String> modules = new ArrayList<>();
        for (TechnologyProvider p : ServiceLoader.load(TechnologyProvider.class)) {
            if (p.id().equals("test")) {
                Module m = p.getClass().getModule();
                modules.add(m.isNamed() ? m.getName() : "unnamed");
            }
        }
        return modules.isEmpty() ? "none" : String.join(",", modules);
    }

    public static void main(String[] args) throws Exception {
        String source = args[0];
        String expected = System.getProperty(ChildJvm.TECHNOLOGY);
        expect(expected != null, "the @run line sets " + ChildJvm.TECHNOLOGY);
        String module = source.equals("modulepath") ? "fastrmi.testtech" : "unnamed";
        expectEquals(module, providerModule(), "the modules of the test technology's providers here");

        List<String> serverOptions = new ArrayList<>();
        String modulePath = System.getProperty("jdk.module.path");
        if (modulePath != null) {
            serverOptions.add("--module-path");
            serverOptions.add(Path.of(modulePath).toAbsolutePath().toString());
        }
        try (ChildJvm server = ChildJvm.startServer("TechnologySpiTest$Server", serverOptions)) {
            Service service = server.lookup("service");
            expectEquals(module, service.testProviderModule(), "the modules of the server's providers");
            expectEquals(expected, FastRMI.technology(service), "the technology of the server's stub here");

            calls(service);

            RecordingListener listener = new RecordingListener();
            Listener stub = (Listener) UnicastRemoteObject.exportObject(listener, 0);
            try {
                expectEquals(expected, service.technologyOf(stub),
                             "the technology of the server's stub of an object of the test JVM");
                expectEquals(0 + 10 + 20 + 30 + 40, service.publish(stub, "event", 5),
                             "five calls back during a call");
                synchronized (listener) {
                    expectEquals(List.of("event0", "event1", "event2", "event3", "event4"), listener.events,
                                 "the events the listener received");
                }
            } finally {
                UnicastRemoteObject.unexportObject(listener, true);
            }
            expectEquals(expected, FastRMI.technology(service), "the stub's technology after the calls");
            server.stop(30);
        }
    }

    static void calls(Service service) throws Exception {
        expectEquals(5, service.add(2, 3), "add(2, 3)");
        for (int size : new int[] {0, 1, 70_000, (1 << 20) + 3}) {
            byte[] b = new byte[size];
            new Random(size).nextBytes(b);
            expect(Arrays.equals(b, service.echo(b)), "a byte[" + size + "] back");
        }
        GraphNode root = GraphNode.sample(50, 42);
        List<Object> answer = service.shapeAndEcho(root);
        expect(GraphNode.shape(root).equals(answer.get(0)), "the graph's shape as the server saw it");
        expect(answer.get(1) instanceof GraphNode g && g != root && GraphNode.shape(g).equals(GraphNode.shape(root)),
               "the graph back, deeply equal, sharing and cycles included");
        int wrong = 0;
        for (int i = 0; i < 1000; i++) {
            wrong += service.add(i, -2 * i) == -i ? 0 : 1;
        }
        expectEquals(0, wrong, "wrong sums of 1000 calls add(i, -2 * i)");
    }
}
