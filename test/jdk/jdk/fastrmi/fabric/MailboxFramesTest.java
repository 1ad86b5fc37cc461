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
 * @summary Over the shm fabric a frame of up to Mailbox.SLOT_DATA (240)
 *          bytes travels inline, in the ring of the receiver's doorbell
 *          region, and every longer one as a mark there and the frame
 *          through libfabric (eager up to the rendezvous size, then
 *          announced in the sender's shared region). Echo calls of byte
 *          arrays of every length from 0 to 600 bytes put requests and
 *          replies on both sides of the inline limit and of a small
 *          rendezvous size (jdk.fastrmi.fabric.rendezvousBytes=256), in
 *          every order, and wrap each connection's ring (16 slots) many
 *          times; four callers share one endpoint. Every reply must equal
 *          its argument, with receivers that spin (adaptive) and with
 *          receivers that always sleep on their doorbell (block), where a
 *          frame written inline must ring the sleeper.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib ../bulk
 * @build grande.test.* jtreg.SkippedException Bulk BulkService BulkServer
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.endpointsPerPeer=1
 *      -Djdk.fastrmi.fabric.rendezvousBytes=256
 *      -Dtest.fastrmi.technology=fabric:shm MailboxFramesTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=fabric,tcp -Djdk.fastrmi.fabric.endpointsPerPeer=1
 *      -Djdk.fastrmi.fabric.rendezvousBytes=256 -Djdk.fastrmi.wait=block
 *      -Dtest.fastrmi.technology=fabric:shm MailboxFramesTest
 */

import java.util.Collections;
import java.util.List;

import grande.test.Callers;

import static grande.test.Checks.expectEquals;

public class MailboxFramesTest {

    static final int CALLERS = 4;
    static final int LONGEST = 600;

    public static void main(String[] args) throws Exception {
        Bulk.withServer(service -> {
            List<Integer> equal = Callers.run(CALLERS, 5, caller -> echoes(service, caller));
            expectEquals(Collections.nCopies(CALLERS, LONGEST + 1), equal, "equal echoes, per caller");
        });
    }

    /*
     * An echo of every length from 0 to LONGEST, each caller in its own
     * order (up, down, or alternating short and long); the number that
     * came back equal.
     */
    static int echoes(BulkService service, int caller) throws Exception {
        int equal = 0;
        for (int i = 0; i <= LONGEST; i++) {
            int length = switch (caller % 3) {
                case 0 -> i;
                case 1 -> LONGEST - i;
                default -> i % 2 == 0 ? i / 2 : LONGEST - i / 2;
            };
            byte[] b = Bulk.bytes(length, caller * 1000L + i);
            Bulk.expectEcho(b, service.echoBytes(b), "caller " + caller + ": the echo of " + length + " bytes");
            equal++;
        }
        return equal;
    }
}
