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
 * @test id=tcp
 * @summary Large primitive arrays between two JVMs on jdk.fastrmi's tcp,
 *          each checked element by element after its round trip (random
 *          contents from fixed seeds): (a) byte[] of every length from
 *          4096-96 to 4096+32, so that whatever the call and reply headers
 *          are, frames of 4095, 4096 and 4097 bytes (the fabric's default
 *          rendezvous threshold, jdk.fastrmi.fabric.rendezvousBytes) go both
 *          ways; (b) 16 MiB of each kind: byte[16 Mi], int[4 Mi],
 *          double[2 Mi], double[512][4096] and an ArrayList of 512
 *          double[4096]; (c) on one stub, 16 MiB, then small calls of every
 *          kind, 16 MiB again, arrays growing from 1 KiB to 16 MiB and
 *          shrinking back, then 16 MiB of double[][]: a connection's buffers
 *          grown for one call serve smaller and larger ones with nothing of
 *          an earlier call. FastRMI.technology names tcp before the first
 *          call and after each part. Then (a) around 65536 and (c) with
 *          jdk.fastrmi.fabric.rendezvousBytes=65536 in both JVMs (a setting
 *          tcp does not read: nothing may change; 64 KiB is also where tcp
 *          reads a frame into its native buffer).
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer BulkTransferTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp BulkTransferTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Djdk.fastrmi.fabric.rendezvousBytes=65536
 *      -Dtest.fastrmi.technology=tcp BulkTransferTest sweep mixed
 */

/*
 * @test id=shm
 * @summary The same over the fabric's shared memory (fabric:shm), which
 *          FastRMI.technology must name before the first call and after
 *          each part (a fall back to tcp fails); then, with
 *          jdk.fastrmi.fabric.rendezvousBytes=65536 (the largest) in both
 *          JVMs, the sweep (a) from 65536-96 to 65536+32 and the sequence
 *          (c), whose calls then cross that threshold both ways. Skipped where
 *          libfabric offers no shm.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer BulkTransferTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=shm
 *      -Dtest.fastrmi.technology=fabric:shm BulkTransferTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=shm
 *      -Djdk.fastrmi.fabric.rendezvousBytes=65536
 *      -Dtest.fastrmi.technology=fabric:shm BulkTransferTest sweep mixed
 */

/*
 * @test id=tcp-ofi_rxm
 * @summary The same over libfabric's tcp provider (fabric:tcp;ofi_rxm,
 *          FI_TCP_IFACE=lo from the environment, which the server inherits):
 *          (a), (b) and (c) at the default threshold, (a) and (c) at 65536,
 *          which is also this provider's eager limit (a longer frame goes
 *          as a 64 KiB message and the rest in parts).
 *          Skipped where libfabric offers no tcp;ofi_rxm.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer BulkTransferTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=tcp;ofi_rxm
 *      -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm BulkTransferTest
 * @run main/othervm/timeout=300 -Xmx1g -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.local=tcp;ofi_rxm
 *      -Djdk.fastrmi.fabric.rendezvousBytes=65536
 *      -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm BulkTransferTest sweep mixed
 */

import java.rmi.RemoteException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;

/*
 * The test JVM is the client; its @run line configures both JVMs (ChildJvm
 * passes every jdk.fastrmi.* property on); its arguments name the parts to
 * run (sweep, large, mixed), all of them by default.
 */
public class BulkTransferTest {

    /** Below the threshold: past any header a call or reply frame of a byte[] carries. */
    static final int BELOW = 96;
    /** Above it. */
    static final int ABOVE = 32;

    public static void main(String[] args) throws Exception {
        String expected = Bulk.technology();
        Set<String> parts = args.length == 0 ? Set.of("sweep", "large", "mixed") : Set.of(args);
        long start = System.nanoTime();
        try (ChildJvm server = ChildJvm.startServer("BulkServer", Bulk.SERVER_OPTIONS)) {
            BulkService service = server.lookup("bulk");   // checks FastRMI.technology before any call
            if (parts.contains("sweep")) {
                sweep(service, Bulk.rendezvousBytes());
                Bulk.expectTechnology(expected, service, "after the sweep");
            }
            if (parts.contains("large")) {
                large(service);
                Bulk.expectTechnology(expected, service, "after the 16 MiB arrays");
            }
            if (parts.contains("mixed")) {
                mixed(service);
                Bulk.expectTechnology(expected, service, "after the mixed sizes");
            }
            server.stop(60);
        }
        System.out.printf("done in %d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** (a) byte[] of each length around the threshold, as argument and result. */
    static void sweep(BulkService service, int threshold) throws RemoteException {
        for (int n = threshold - BELOW; n <= threshold + ABOVE; n++) {
            byte[] b = Bulk.bytes(n, 1000L + n);
            byte[] back = service.echoBytes(b);
            if (back == null || !Arrays.equals(b, back)) {
                // which way it broke: the server's hash of the same argument sent again
                boolean arrived = service.hash(b) == Arrays.hashCode(b);
                Bulk.expectEcho(b, back, "byte[" + n + "] (the server " + (arrived ? "receives it intact"
                                         : "receives it altered") + ")");
            }
        }
        System.out.println("ok: byte[] of every length from " + (threshold - BELOW) + " to "
                           + (threshold + ABOVE) + " came back equal");
    }

    /** (b) 16 MiB of each kind. */
    static void large(BulkService service) throws RemoteException {
        byte[] b = Bulk.bytes(Bulk.LARGE, 1);
        Bulk.expectEcho(b, service.echoBytes(b), "byte[16 Mi]");
        System.out.println("ok: byte[16 Mi] came back equal");

        int[] ints = Bulk.ints(Bulk.LARGE / Integer.BYTES, 2);
        Bulk.expectEcho(ints, service.echoInts(ints), "int[4 Mi]");
        System.out.println("ok: int[4 Mi] came back equal");

        double[] doubles = Bulk.doubles(Bulk.LARGE / Double.BYTES, 3);
        Bulk.expectEcho(doubles, service.echoDoubles(doubles), "double[2 Mi]");
        System.out.println("ok: double[2 Mi] came back equal, NaN, -0.0 and the infinities with it");

        int rows = Bulk.LARGE / Double.BYTES / Bulk.ROW;
        double[][] m = Bulk.matrix(rows, 4);
        Bulk.expectEcho(m, service.echoMatrix(m), "double[" + rows + "][" + Bulk.ROW + "]");

        List<double[]> list = Bulk.list(rows, 5);
        Bulk.expectEcho(list, service.echoList(list), "an ArrayList of " + rows + " double[" + Bulk.ROW + "]");
    }

    /**
     * (c) One stub, one connection at a time: each large frame may leave the
     * connection's buffers (or bulk region) at 16 MiB, the next call is
     * small, and the one after large again. Every array has a seed of its
     * own, so that a buffer that still holds an earlier call's bytes shows.
     */
    static void mixed(BulkService service) throws RemoteException {
        int threshold = Bulk.rendezvousBytes();
        long seed = 100;
        byte[] first = Bulk.bytes(Bulk.LARGE, seed++);
        Bulk.expectEcho(first, service.echoBytes(first), "byte[16 Mi], the first");

        // small calls of every kind, some just below the threshold, some just above
        Random random = new Random(7);
        int smallCalls = 48;
        for (int i = 0; i < smallCalls; i++) {
            int n = switch (i % 4) {
                case 0 -> random.nextInt(64);
                case 1 -> random.nextInt(4096);
                case 2 -> threshold - 64 + random.nextInt(128);
                default -> random.nextInt(threshold);
            };
            switch (i % 3) {
                case 0 -> {
                    byte[] b = Bulk.bytes(n, seed++);
                    Bulk.expectEcho(b, service.echoBytes(b), "small call " + i + ": byte[" + n + "]");
                }
                case 1 -> {
                    int[] a = Bulk.ints(n / Integer.BYTES, seed++);
                    Bulk.expectEcho(a, service.echoInts(a), "small call " + i + ": int[" + a.length + "]");
                }
                default -> {
                    double[] d = Bulk.doubles(n / Double.BYTES, seed++);
                    Bulk.expectEcho(d, service.echoDoubles(d), "small call " + i + ": double[" + d.length + "]");
                }
            }
        }
        System.out.println("ok: " + smallCalls + " small calls after 16 MiB came back equal");

        byte[] second = Bulk.bytes(Bulk.LARGE, seed++);
        Bulk.expectEcho(second, service.echoBytes(second), "byte[16 Mi], the second, after the small calls");
        System.out.println("ok: byte[16 Mi] again after the small calls came back equal");

        // growing by 4x from 1 KiB to 16 MiB, then shrinking back: each a new high or a shorter frame
        int steps = 0;
        for (int n = 1 << 10; n <= Bulk.LARGE; n <<= 2, steps++) {
            byte[] b = Bulk.bytes(n, seed++);
            Bulk.expectEcho(b, service.echoBytes(b), "growing: byte[" + n + "]");
        }
        for (int n = Bulk.LARGE >> 2; n >= 1 << 10; n >>= 2, steps++) {
            byte[] b = Bulk.bytes(n, seed++);
            Bulk.expectEcho(b, service.echoBytes(b), "shrinking: byte[" + n + "]");
        }
        System.out.println("ok: " + steps + " byte[] growing from 1 KiB to 16 MiB and shrinking back came back equal");

        int rows = Bulk.LARGE / Double.BYTES / Bulk.ROW;
        double[][] m = Bulk.matrix(rows, seed++);
        Bulk.expectEcho(m, service.echoMatrix(m), "double[" + rows + "][" + Bulk.ROW + "] after the byte[]");
        double[] tail = Bulk.doubles(3, seed);
        Bulk.expectEcho(tail, service.echoDoubles(tail), "double[3] last");
        System.out.println("ok: a small call after it came back equal");
    }
}
