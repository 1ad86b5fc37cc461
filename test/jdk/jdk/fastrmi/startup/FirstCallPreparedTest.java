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
 * @summary What a client's first call would otherwise generate while it
 *          waits is ready before it: a JVM that holds a stub to another
 *          JVM's object has the DGC service's stub class (which the first
 *          call's dirty call needs) generated in the background before it
 *          makes any call, and a JVM that only calls generates no skeleton,
 *          neither for the application's interface nor for the registry's
 *          or the DGC's. The client is a child JVM whose class loads
 *          (-Xlog:class+load) the test reads as they come; it calls only
 *          when the test tells it to.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp FirstCallPreparedTest
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FirstCallPreparedTest {

    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    public static final class EchoImpl implements Echo {
        @Override
        public String echo(String s) {
            return s;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("server")) {
            ChildJvm.serveUntilStop("echo", new EchoImpl(), 120);
            return;
        }
        if (args.length > 0 && args[0].equals("client")) {
            client(Integer.parseInt(args[1]));
            return;
        }
        try (ChildJvm server = ChildJvm.startServer(FirstCallPreparedTest.class.getName(), List.of(), "server");
             ChildJvm client = ChildJvm.start("client", List.of("-Xlog:class+load=info:stdout:none"),
                                              FirstCallPreparedTest.class.getName(), "client",
                                              String.valueOf(server.port()))) {
            client.awaitLine("LOOKED UP", 60);
            // no call yet: only the background preparation can load it now
            client.awaitLine("jdk.internal.fastrmi.DgcService$FastStub", 30);
            client.send("call");
            expectEquals("first", client.awaitLine("CALLED ", 30), "the first call's result");
            expectEquals(0, client.awaitExit(30), "the client's exit code");

            // the names the generator gives (ProxyGenerator): the stubs are there...
            expect(client.printedContaining(".Echo$FastStub"), "the client generated Echo's stub class");
            expect(client.printed("jdk.internal.fastrmi.Registry$FastStub"),
                   "the client generated the registry's stub class");
            // ...and no skeleton, which only an export needs
            for (String skeleton : List.of(".Echo$FastSkeleton", "jdk.internal.fastrmi.Registry$FastSkeleton",
                                           "jdk.internal.fastrmi.DgcService$FastSkeleton")) {
                expect(!client.printedContaining(skeleton), "a client that only calls generated " + skeleton);
            }
            server.stop(30);
        }
        System.out.println("PASSED");
    }

    static void client(int port) throws Exception {
        ChildJvm.exitWithParent();
        Echo echo = (Echo) LocateRegistry.getRegistry(ChildJvm.HOST, port).lookup("echo");
        System.out.println("LOOKED UP");
        expectEquals("call", ChildJvm.nextCommand(120), "the command");
        System.out.println("CALLED " + echo.echo("first"));
    }
}
