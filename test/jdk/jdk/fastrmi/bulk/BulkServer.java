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

import java.util.Arrays;
import java.util.List;

import grande.test.ChildJvm;

/**
 * The server program of the bulk tests: a registry with a BulkService
 * bound as "bulk" (ChildJvm.serve); "stop" ends it with 0. The test JVM
 * starts it with ChildJvm.startServer("BulkServer", Bulk.SERVER_OPTIONS),
 * which passes on the @run line's jdk.fastrmi.* properties, so both JVMs
 * run the same technology and the same rendezvous threshold.
 */
public final class BulkServer {

    static final class BulkImpl implements BulkService {
        @Override
        public byte[] echoBytes(byte[] b) {
            return b;
        }

        @Override
        public int[] echoInts(int[] a) {
            return a;
        }

        @Override
        public double[] echoDoubles(double[] a) {
            return a;
        }

        @Override
        public double[][] echoMatrix(double[][] m) {
            return m;
        }

        @Override
        public List<double[]> echoList(List<double[]> rows) {
            return rows;
        }

        @Override
        public int hash(byte[] b) {
            return Arrays.hashCode(b);
        }

        @Override
        public byte[] receiveAndHold(byte[] b, long maxMillis) {
            // printed only after the whole argument was read: the test kills this JVM
            // knowing that the client has sent everything and waits for the reply
            System.out.println("RECEIVED " + b.length + " " + Arrays.hashCode(b));
            try {
                Thread.sleep(maxMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return b;
        }
    }

    public static void main(String[] args) throws Exception {
        // 600 s (scaled) at most: the longest @run of the bulk tests, with room
        ChildJvm.serveUntilStop("bulk", new BulkImpl(), 600);
    }
}
