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

package grande.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static grande.test.Checks.expect;

/**
 * What a JVM holds that a fault test expects to return to its baseline
 * once the fault is over: the RMI runtime's threads, file descriptors
 * (Linux: /proc/self/fd) and the shared-memory regions of libfabric's shm
 * provider in /dev/shm, which it names "&lt;pid&gt;:&lt;n&gt;:&lt;n&gt;" after the
 * process that made them (fabric-native/src/ff_shm.c).
 */
public final class Resources {

    private static final Path FDS = Path.of("/proc/self/fd");
    private static final Path SHM = Path.of("/dev/shm");

    private Resources() { }

    /**
     * The prefix of the RMI runtime's thread names in this JVM: "fastrmi-"
     * on jdk.fastrmi, "RMI " on stock RMI.
     */
    public static String rmiThreadPrefix() {
        return ChildJvm.FASTRMI ? "fastrmi-" : "RMI ";
    }

    /** The names of this JVM's live threads that start with prefix, sorted. */
    public static List<String> threads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(prefix))
                .sorted()
                .toList();
    }

    /**
     * This JVM's open file descriptors, each as "n -> target" (socket:[inode],
     * a path...), but for the one that lists them.
     */
    public static List<String> fds() throws IOException {
        Path listing = Path.of("/proc", Long.toString(ProcessHandle.current().pid()), "fd");
        List<String> fds = new ArrayList<>();
        try (Stream<Path> s = Files.list(FDS)) {
            for (Path fd : s.toList()) {
                try {
                    Path target = Files.readSymbolicLink(fd);
                    if (!target.equals(listing)) {
                        fds.add(fd.getFileName() + " -> " + target);
                    }
                } catch (IOException e) {
                    // closed since the listing
                }
            }
        }
        return fds;
    }

    /** The names of the regions in /dev/shm that libfabric's shm provider made for process pid. */
    public static List<String> shmRegions(long pid) throws IOException {
        String prefix = pid + ":";
        try (Stream<Path> s = Files.list(SHM)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(name -> name.startsWith(prefix))
                    .sorted()
                    .toList();
        }
    }

    /** The RMI threads, the file descriptors and the shm regions of this JVM at one moment. */
    public record Snapshot(List<String> threads, List<String> fds, List<String> regions) {
        @Override
        public String toString() {
            return threads.size() + " RMI threads " + threads + ", " + fds.size() + " file descriptors, "
                   + regions.size() + " shm regions " + regions;
        }
    }

    /** This JVM's RMI threads, file descriptors and shm regions now. */
    public static Snapshot snapshot() throws IOException {
        return new Snapshot(threads(rmiThreadPrefix()), fds(), shmRegions(ProcessHandle.current().pid()));
    }

    /**
     * Waits (at most millis, not scaled) until this JVM has no more RMI
     * threads, file descriptors and shm regions than at baseline, then
     * checks it, naming what is left over if it has more.
     */
    public static void expectBack(Snapshot baseline, long millis, String when)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        Snapshot now = snapshot();
        while (exceeds(now, baseline) && System.nanoTime() - deadline < 0) {
            Thread.sleep(100);
            now = snapshot();
        }
        List<String> newThreads = new ArrayList<>(now.threads());
        newThreads.removeAll(baseline.threads());
        List<String> newFds = new ArrayList<>(now.fds());
        newFds.removeAll(baseline.fds());
        expect(now.threads().size() <= baseline.threads().size(),
               "the RMI threads " + when + ": " + now.threads().size() + " <= " + baseline.threads().size()
               + " at the baseline; now " + now.threads() + ", not at the baseline " + newThreads);
        expect(now.fds().size() <= baseline.fds().size(),
               "the file descriptors " + when + ": " + now.fds().size() + " <= " + baseline.fds().size()
               + " at the baseline; not at the baseline: " + newFds);
        expect(now.regions().size() <= baseline.regions().size(),
               "this process's shm regions " + when + ": " + now.regions().size() + " <= "
               + baseline.regions().size() + " at the baseline " + baseline.regions() + "; now " + now.regions());
    }

    private static boolean exceeds(Snapshot now, Snapshot baseline) {
        return now.threads().size() > baseline.threads().size() || now.fds().size() > baseline.fds().size()
               || now.regions().size() > baseline.regions().size();
    }

    /**
     * Waits (at most millis, not scaled) until /dev/shm holds no region of
     * process pid, then checks it; returns how long that took.
     */
    public static long expectNoShmRegions(long pid, long millis, String when)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(millis);
        List<String> left = shmRegions(pid);
        while (!left.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(100);
            left = shmRegions(pid);
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        expect(left.isEmpty(), "no region of process " + pid + " in /dev/shm " + when + " (waited " + ms
               + " ms): " + left);
        return ms;
    }
}
