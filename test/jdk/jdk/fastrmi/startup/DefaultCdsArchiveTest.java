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
 * @summary The image's default CDS archives hold what an RMI program's
 *          start-up loads (the build's training, scripts/cds/train.sh): a
 *          program that exports an object on jdk.fastrmi and calls it,
 *          and the same on stock RMI, load every named class of java.rmi,
 *          jdk.fastrmi, jdk.fastserial and the FFM API from the archive,
 *          with each of the four archives the JVM may pick (compressed
 *          oops or not, compact object headers or not; -Xshare:on, so an
 *          archive that cannot be mapped fails the run); the image's
 *          lib/classlist names those classes; and the method handle
 *          shapes they use are pregenerated into the archive's holder
 *          classes, so that neither program spins LambdaForm classes of
 *          direct or bound method handles.
 * @library /lib
 * @build grande.test.*
 * @run main/othervm DefaultCdsArchiveTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import grande.test.Command;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class DefaultCdsArchiveTest {

    /** The packages whose classes the training adds (train.sh's RMI_PACKAGES). */
    private static final Pattern RMI_CLASS = Pattern.compile(
            "\\] ((?:java\\.rmi|sun\\.rmi|jdk\\.fastrmi|jdk\\.internal\\.fastrmi|jdk\\.fastserial"
            + "|jdk\\.internal\\.fastserial|java\\.lang\\.foreign|jdk\\.internal\\.foreign)\\.\\S+)"
            + " source: (.*)$", Pattern.MULTILINE);

    /** A hidden class of a direct or bound method handle's form, generated at run time. */
    private static final Pattern SPUN_HANDLE_FORM = Pattern.compile(
            "\\] java\\.lang\\.invoke\\.LambdaForm\\$[DB]MH/0x[0-9a-f]+ source: ");

    private static final List<List<String>> ARCHIVES = List.of(
            List.of(),
            List.of("-XX:-UseCompressedOops"),
            List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseCompactObjectHeaders"),
            List.of("-XX:-UseCompressedOops", "-XX:+UnlockExperimentalVMOptions",
                    "-XX:+UseCompactObjectHeaders"));

    public interface Echo extends Remote {
        double[] echo(double[] values) throws RemoteException;
    }

    /** The program: exports an object, calls it through its stub, unexports it. */
    public static final class Program implements Echo {
        @Override
        public double[] echo(double[] values) {
            return values;
        }

        public static void main(String[] args) throws Exception {
            Program program = new Program();
            Echo stub = (Echo) UnicastRemoteObject.exportObject(program, 0);
            double[] back = stub.echo(new double[] {1.5, 2.5});
            if (back.length != 2 || back[1] != 2.5) {
                throw new AssertionError("wrong echo");
            }
            UnicastRemoteObject.unexportObject(program, true);
            System.out.println("program done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path classList = Path.of(System.getProperty("java.home"), "lib", "classlist");
        Set<String> listed = Set.copyOf(Files.readAllLines(classList));
        for (String name : List.of("jdk/internal/fastrmi/RemoteRuntime", "jdk/fastserial/FastObjectOutputStream",
                                   "sun/rmi/transport/tcp/TCPTransport", "jdk/internal/foreign/abi/DowncallLinker")) {
            expect(listed.contains(name), classList + " names " + name);
        }

        for (List<String> archive : ARCHIVES) {
            for (List<String> provider : List.of(List.of("-Djava.rmi.provider=fastrmi"), List.<String>of())) {
                List<String> cmd = new ArrayList<>(Command.testJava());
                cmd.addAll(archive);
                cmd.addAll(provider);
                cmd.addAll(List.of("-Xshare:on", "-Xlog:class+load=info", "-Djava.rmi.server.hostname=127.0.0.1",
                                   "-cp", System.getProperty("test.class.path"), Program.class.getName()));
                String what = String.join(" ", archive) + " " + String.join(" ", provider);
                String out = Command.runWithin(120, cmd.toArray(String[]::new)).require();
                expect(out.contains("program done"), what + ": the program ran");

                int shared = 0;
                List<String> notShared = new ArrayList<>();
                Matcher m = RMI_CLASS.matcher(out);
                while (m.find()) {
                    String name = m.group(1);
                    String source = m.group(2).trim();
                    if (name.contains("/0x") || source.startsWith("__")) {
                        continue;       // hidden classes and generated stubs are not archived
                    }
                    if (source.equals("shared objects file")) {
                        shared++;
                    } else {
                        notShared.add(name + " (" + source + ")");
                    }
                }
                System.out.println(what + ": " + shared + " classes of the RMI packages from the archive, "
                                   + notShared.size() + " not");
                expectEquals(List.of(), notShared, what + ": classes loaded elsewhere than from the archive"
                             + " (scripts/cds/CdsTraining.java should do what loads them)");
                // stock RMI alone loads about 90 of them, jdk.fastrmi about 290
                expect(shared >= 50, what + ": " + shared + " classes of the RMI packages from the archive");

                // the training's @lambda-form-invoker lines: without them jdk.fastrmi's
                // program spun about 40 LambdaForm$DMH classes and stock RMI's 5
                long forms = SPUN_HANDLE_FORM.matcher(out).results().count();
                System.out.println(what + ": " + forms + " LambdaForm classes of direct or bound handles spun");
                expect(forms <= 3, what + ": " + forms + " LambdaForm$DMH/$BMH classes spun at run time"
                       + " (the image's class list should name their shapes: scripts/cds/train.sh)");
            }
        }
    }
}
