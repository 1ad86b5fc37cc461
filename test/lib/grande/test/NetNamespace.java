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
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static grande.test.Checks.expect;

/**
 * Another host on this machine: a network namespace and a veth pair, this
 * end ({@link #hereLink}, {@link #HERE}) in the caller's namespace and the
 * other ({@link #thereLink}, {@link #THERE}) in the new one, both up, with
 * link-local addresses only (nothing leaves the machine, nothing else is
 * routed). A JVM started through {@link #launcher} runs there: its peers
 * here see it come from THERE, an address of no interface of theirs.
 * Named after this process; {@link #close} ends what still runs there and
 * removes the pair and the namespace.
 *
 * <p>Every run's pair has the same addresses, so one test at a time on a
 * machine has one: {@link #create} takes a file lock and waits for it.
 * Where the machine refuses a network namespace or a veth pair (not root,
 * no ip(8)), create throws jtreg.SkippedException: the test is skipped.
 */
public final class NetNamespace implements AutoCloseable {

    /** This host's end of the pair and the other host's: link-local. */
    public static final String HERE = "169.254.77.1";
    public static final String THERE = "169.254.77.2";
    public static final String PREFIX = "/30";

    /*
     * Their ends' MAC addresses (locally administered), so that this side
     * knows the other's for good (a permanent neighbour entry): when the
     * other end goes down, that host is a black hole, nothing answers and
     * nothing refuses, and a connect to it ends by its time-out, not by a
     * failed ARP resolution ("No route to host" about 3 s after the first
     * packet, whichever comes first).
     */
    private static final String HERE_MAC = "02:00:a9:fe:4d:01";
    private static final String THERE_MAC = "02:00:a9:fe:4d:02";

    /** The bound of every ip(8) command, in s. */
    public static final long IP_SECONDS = 20;

    private static final Path LOCK = Path.of("/tmp/grande-netns.lock");

    /** How long create waits for another run's pair to go, in (scaled) s. */
    private static final long LOCK_SECONDS = 240;

    private final String name;
    private final String hereLink;
    private final String thereLink;
    private FileChannel lockFile;      // its lock is held until it is closed

    private NetNamespace(long pid) {
        name = "grande-ns-" + pid;
        hereLink = "gn" + pid + "h";      // at most 15 characters (IFNAMSIZ)
        thereLink = "gn" + pid + "t";
    }

    /** The namespace's name, for ip netns. */
    public String name() {
        return name;
    }

    /** This side's end of the pair (for FI_TCP_IFACE here). */
    public String hereLink() {
        return hereLink;
    }

    /** The namespace's end of the pair (for FI_TCP_IFACE there). */
    public String thereLink() {
        return thereLink;
    }

    /** Starts child JVMs in this namespace with env added to their environment. */
    public ChildJvm.Launcher launcher(Map<String, String> env) {
        return launcher(name, env);
    }

    /**
     * Starts child JVMs in the namespace of that name (one a child was
     * told of) with env added to their environment.
     */
    public static ChildJvm.Launcher launcher(String namespace, Map<String, String> env) {
        return new ChildJvm.Launcher(List.of(ipCommand(), "netns", "exec", namespace), env);
    }

    /**
     * The namespace and the pair of this process, up; a
     * jtreg.SkippedException if the machine refuses either.
     */
    public static NetNamespace create() throws IOException, InterruptedException {
        String ip;
        try {
            ip = ipCommand();
        } catch (IllegalStateException e) {
            throw new jtreg.SkippedException(e.getMessage());
        }
        NetNamespace ns = new NetNamespace(ProcessHandle.current().pid());
        skipUnless(Command.runWithin(IP_SECONDS, ip, "netns", "add", ns.name),
                   "this machine refuses a network namespace (not root?)");
        try {
            ns.lock();
            skipUnless(Command.runWithin(IP_SECONDS, ip, "link", "add", ns.hereLink, "address", HERE_MAC,
                                         "type", "veth", "peer", "name", ns.thereLink, "address", THERE_MAC),
                       "this machine refuses a veth pair");
            ip("link", "set", ns.thereLink, "netns", ns.name);
            ip("addr", "add", HERE + PREFIX, "dev", ns.hereLink);
            ip("link", "set", ns.hereLink, "up");
            ip("neigh", "replace", THERE, "lladdr", THERE_MAC, "dev", ns.hereLink, "nud", "permanent");
            ipIn(ns.name, "addr", "add", THERE + PREFIX, "dev", ns.thereLink);
            ipIn(ns.name, "link", "set", ns.thereLink, "up");
            ipIn(ns.name, "link", "set", "lo", "up");
        } catch (Throwable t) {
            ns.close();
            throw t;
        }
        System.out.println("namespace " + ns.name + ": " + ns.hereLink + " " + HERE + PREFIX + " here, "
                           + ns.thereLink + " " + THERE + PREFIX + " there");
        return ns;
    }

    /* Takes the lock of the pair's addresses, waiting for it within a bound. */
    private void lock() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ChildJvm.seconds(LOCK_SECONDS));
        lockFile = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        while (lockFile.tryLock() == null) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("another test held " + LOCK + " (the lock of " + HERE + ") for "
                                         + ChildJvm.seconds(LOCK_SECONDS) + " s");
            }
            Thread.sleep(200);
        }
    }

    private static void skipUnless(Command.Result r, String why) {
        if (r.exit() != 0) {
            throw new jtreg.SkippedException(why + ": ip exit " + r.exit() + ": " + r.output().strip());
        }
    }

    /** Kills what runs in the namespace (the test's JVMs), then removes the pair and the namespace. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            String ip = ipCommand();
            Command.Result pids = Command.runWithin(IP_SECONDS, ip, "netns", "pids", name);
            for (String pid : pids.output().split("\\s+")) {
                if (pid.matches("[0-9]+")) {
                    ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            // deleting one end deletes the pair, wherever the other end is
            Command.runWithin(IP_SECONDS, ip, "link", "del", hereLink);
            Command.runWithin(IP_SECONDS, ip, "netns", "del", name);
            expect(Command.runWithin(IP_SECONDS, ip, "link", "show", hereLink).exit() != 0,
                   "the pair's end " + hereLink + " is removed");
            expect(Command.runWithin(IP_SECONDS, ip, "netns", "list").output().lines()
                          .noneMatch(line -> line.split(" ")[0].equals(name)),
                   "the namespace " + name + " is removed");
        } finally {
            if (lockFile != null) {
                lockFile.close();
            }
        }
    }

    /** ip(8), from the usual places or PATH; an IllegalStateException if there is none. */
    public static String ipCommand() {
        List<String> dirs = new ArrayList<>(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        dirs.addAll(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        for (String dir : dirs) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "ip");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new IllegalStateException("no ip(8) on this machine (iproute2) in " + dirs);
    }

    /** Runs ip with args here, within IP_SECONDS; an AssertionError if it fails. */
    public static String ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ipCommand());
        cmd.addAll(List.of(args));
        return Command.runWithin(IP_SECONDS, cmd.toArray(String[]::new)).require();
    }

    /** Runs ip with args in the namespace of that name, as ip does. */
    public static String ipIn(String namespace, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("netns", "exec", namespace, ipCommand()));
        cmd.addAll(List.of(args));
        return ip(cmd.toArray(String[]::new));
    }
}
