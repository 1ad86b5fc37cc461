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
 * @summary libfastfabric's first load of libfabric, and its first shm
 *          endpoints, while other threads of the JVM take SIGSEGV all along
 *          (safepoint polls armed by a thread that asks for every stack,
 *          in a loop): the JVM survives. Debian's libfabric loads
 *          libinfinipath, whose constructor installed a SIGSEGV handler
 *          that ended the process until libfastfabric put the JVM's back
 *          ("terminated with signal 11"); with the fabric's start in a
 *          thread of its own this happened beside an application's calls
 *          (6 of 6 runs before the fix, 0 after).
 * @modules jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build jtreg.SkippedException
 * @run main/othervm --enable-native-access=ALL-UNNAMED SignalWindowTest
 */

import java.io.IOException;
import java.lang.foreign.MemorySegment;

import jdk.internal.fastrmi.fabric.FastFabric;
import jtreg.SkippedException;

public class SignalWindowTest {

    private static volatile boolean stop;
    private static volatile long sink;

    public static void main(String[] args) throws Exception {
        Thread spinner = new Thread(() -> {
            long x = 0;
            while (!stop) {
                x += System.identityHashCode(Thread.currentThread()) & 7;
            }
            sink = x;
        }, "spinner");
        Thread handshaker = new Thread(() -> {
            while (!stop) {
                Thread.getAllStackTraces();
            }
        }, "handshaker");
        spinner.start();
        handshaker.start();
        try {
            Thread.sleep(300);          // the spinner compiled, its polls armed again and again
            FastFabric ff;
            try {
                ff = FastFabric.get();
            } catch (IOException e) {
                throw new SkippedException("libfastfabric is not usable here: " + e.getMessage());
            }
            if (!ff.providerAvailable("shm")) {
                throw new SkippedException("libfabric " + ff.libfabricVersion() + " offers no shm");
            }
            for (int i = 0; i < 3; i++) {
                MemorySegment ep = ff.open("shm", 0);
                ff.close(ep);
            }
        } finally {
            stop = true;
            spinner.join();
            handshaker.join();
        }
        System.out.println("ok: the JVM survived libfabric's load and three shm endpoints");
    }
}
