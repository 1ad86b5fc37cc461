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
 * @summary A connection over the shm fabric that sat idle through a
 *          watchdog sweep is probed before a call reuses it; every later
 *          wait on that connection must still be woken by the peer's ring
 *          of its doorbell, not sleep a whole slice
 *          (FabricTransport.SLEEP_MILLIS, 100 ms). A regression with the
 *          wake-ups before doorbells (a probe that swallowed a wake-up
 *          byte) made the collection's SOR and Hamming 10-500 times slower.
 *          No spinning (spinMicros=0), so that every wait sleeps; a sweep
 *          every 200 ms (idleTimeout 400); calls 180 ms apart, so that most
 *          find their connection marked by one sweep and probe it. The
 *          median call must stay far below a sleep slice.
 * @modules java.rmi jdk.fastrmi
 * @library /lib ../faults
 * @build grande.test.* FaultService FaultServer
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.spinMicros=0 -Djdk.fastrmi.tcp.idleTimeout=400
 *      -Dtest.fastrmi.technology=fabric:shm FabricIdleWakeupTest
 */

import java.util.Arrays;
import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FabricIdleWakeupTest {

    static final int CALLS = 40;
    static final long GAP_MILLIS = 180;
    /** Half a sleep slice: a median above it means the calls wait for slices, not rings. */
    static final long MEDIAN_LIMIT_MICROS = 50_000;

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = FaultServer.start(List.of())) {
            var service = (FaultService) server.registry().lookup("service");
            ChildJvm.expectTechnology(service);
            long[] micros = new long[CALLS];
            for (int i = 0; i < CALLS; i++) {
                Thread.sleep(GAP_MILLIS);
                // a few calls in a row: the first may open a new connection, the others reuse it
                long start = System.nanoTime();
                for (int j = 0; j < 3; j++) {
                    expectEquals(i * 3 + j, service.echo(i * 3 + j), "echo");
                }
                micros[i] = (System.nanoTime() - start) / 3_000;
            }
            long[] sorted = micros.clone();
            Arrays.sort(sorted);
            long median = sorted[CALLS / 2];
            System.out.println("µs per call after each gap: " + Arrays.toString(micros) + ", median " + median);
            expect(median < MEDIAN_LIMIT_MICROS, "the median call after an idle gap takes "
                   + median + " µs, below " + MEDIAN_LIMIT_MICROS + " µs: waits are woken, not timed out");
        }
    }
}
