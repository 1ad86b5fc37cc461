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
 * @summary Over the shm fabric every wait sleeps on its doorbell
 *          (jdk.fastrmi.wait=block) and must be rung, not left to its
 *          slice (FabricTransport.SLEEP_MILLIS, 100 ms): by the peer after
 *          it posts, and, where all connections share one endpoint
 *          (endpointsPerPeer=1), by the thread of another connection that
 *          found the completion while polling for its own. Eight callers
 *          each make 300 echo calls of byte arrays of 8 bytes, 1 KiB and
 *          64 KiB (above the rendezvous size: through the shared region);
 *          every reply must equal its argument and each caller's median
 *          call stay far below a slice. (A peer that dies rings no more:
 *          bulk/BulkPeerDeathTest#shm has the call that then fails.)
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib ../bulk
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp
 *      -Djdk.fastrmi.wait=block -Djdk.fastrmi.fabric.endpointsPerPeer=1
 *      -Dtest.fastrmi.technology=fabric:shm DoorbellWakeTest
 */

import java.rmi.RemoteException;
import java.util.Arrays;
import java.util.List;

import grande.test.Callers;

import static grande.test.Checks.expect;

public class DoorbellWakeTest {

    static final int CALLERS = 8;
    static final int CALLS = 300;
    /** Half a sleep slice: a median above it means waits end by their slice, not by a ring. */
    static final long MEDIAN_LIMIT_MICROS = 50_000;

    public static void main(String[] args) throws Exception {
        Bulk.withServer(service -> {
            List<Long> medians = Callers.run(CALLERS, 5, caller -> calls(service, caller));
            for (int c = 0; c < CALLERS; c++) {
                long median = medians.get(c);
                expect(median < MEDIAN_LIMIT_MICROS, "caller " + c + ": median call " + median
                       + " µs, below " + MEDIAN_LIMIT_MICROS + " µs: its waits are rung");
            }
        });
    }

    static final int[] SIZES = {8, 1024, 64 * 1024};

    /* CALLS echoes, each checked; the median µs per call. */
    static long calls(BulkService service, int caller) throws RemoteException {
        long[] micros = new long[CALLS];
        for (int i = 0; i < CALLS; i++) {
            byte[] b = Bulk.bytes(SIZES[i % SIZES.length], caller * CALLS + i);
            long start = System.nanoTime();
            byte[] back = service.echoBytes(b);
            micros[i] = (System.nanoTime() - start) / 1000;
            Bulk.expectEcho(b, back, "caller " + caller + ", call " + i + ": the echo");
        }
        Arrays.sort(micros);
        System.out.println("caller " + caller + ": µs per call, median " + micros[CALLS / 2]
                           + ", 90% " + micros[CALLS * 9 / 10] + ", max " + micros[CALLS - 1]);
        return micros[CALLS / 2];
    }
}
