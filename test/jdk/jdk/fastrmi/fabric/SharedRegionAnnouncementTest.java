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
 * @summary A long frame over fabric shared memory is announced by its sender
 *          as (pid, fd, size, generation), and the receiver maps what the
 *          announcement names. Announcements a hostile or broken peer of
 *          the same user could send are refused with an IOException before
 *          anything is mapped, and leave no descriptor open: a regular file
 *          of the peer's, a memory file that is not a region (another name),
 *          a region whose size is not sealed, a size beyond the region's, a
 *          descriptor closed since, a process that is gone, nonsense
 *          numbers. A real region maps read-only with the sender's bytes.
 * @modules jdk.fastrmi/jdk.internal.fastrmi.fabric:+open
 * @library /lib
 * @build grande.test.*
 * @run main/othervm --enable-native-access=ALL-UNNAMED SharedRegionAnnouncementTest
 */

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import grande.test.Resources;

public class SharedRegionAnnouncementTest {

    static final long PID = ProcessHandle.current().pid();
    static final int MFD_CLOEXEC = 1;
    static final int MFD_ALLOW_SEALING = 2;
    static final int F_ADD_SEALS = 1033;
    static final int F_SEAL_SEAL = 1;
    static final int F_SEAL_SHRINK = 2;
    static final int F_SEAL_GROW = 4;

    static Method create;
    static Method open;
    static Method memory;
    static Method fd;
    static Method closeDescriptor;

    public static void main(String[] args) throws Throwable {
        Class<?> region = Class.forName("jdk.internal.fastrmi.fabric.SharedRegion");
        create = method(region, "create", long.class, int.class);
        open = method(region, "open", long.class, int.class, long.class, int.class);
        memory = method(region, "memory");
        fd = method(region, "fd");
        closeDescriptor = method(region, "closeDescriptor");

        // A real region: the peer maps it read-only and reads the sender's bytes.
        Object sent = create.invoke(null, 1L << 20, 7);
        MemorySegment writable = (MemorySegment) memory.invoke(sent);
        for (long i = 0; i < writable.byteSize(); i += 4096) {
            writable.set(ValueLayout.JAVA_LONG_UNALIGNED, i, i * 31 + 5);
        }
        int regionFd = (int) fd.invoke(sent);
        Object received = open.invoke(null, PID, regionFd, 1L << 20, 7);
        MemorySegment mapped = (MemorySegment) memory.invoke(received);
        expect(mapped.isReadOnly(), "the receiver's mapping is read-only");
        expectEquals(1L << 20, mapped.byteSize(), "the receiver maps the announced size");
        expectEquals(-1L, mapped.mismatch(writable), "the receiver reads the sender's bytes");
        Object smaller = open.invoke(null, PID, regionFd, 4096L, 7);
        expectEquals(4096L, ((MemorySegment) memory.invoke(smaller)).byteSize(),
                     "a receiver may map less than the region (its own frame limit)");

        refused(PID, regionFd, (1L << 20) + 1, "has 1048576 bytes, not 1048577",
                "a size beyond the region's");

        Path file = Files.createTempFile(Path.of("."), "not-a-region", ".bin");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(1 << 20);
            int fileFd = descriptorOf(file);
            refused(PID, fileFd, 4096, "named no shared region", "a regular file of the peer's");
        }

        try (Arena arena = Arena.ofConfined()) {
            Libc libc = new Libc(arena);
            int unsealed = libc.memfd("fastrmi-bulk", 1 << 16, 0);
            refused(PID, unsealed, 4096, "may shrink", "a region whose size is not sealed");
            int growOnly = libc.memfd("fastrmi-bulk", 1 << 16, F_SEAL_GROW | F_SEAL_SEAL);
            refused(PID, growOnly, 4096, "may shrink", "a region sealed against growing only");
            int otherName = libc.memfd("fastrmi-bulkx", 1 << 16, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
            refused(PID, otherName, 4096, "named no shared region", "a sealed memory file of another name");
            libc.close(unsealed);
            libc.close(growOnly);
            libc.close(otherName);
        }

        Process gone = new ProcessBuilder("true").inheritIO().start();      // no pipes left open here
        gone.waitFor();
        refused(gone.pid(), 3, 4096, "cannot be opened", "a process that is gone");
        refused(PID, 1 << 20, 4096, "cannot be opened", "a descriptor the peer does not have");
        refused(0, regionFd, 4096, "bad shared region", "pid 0");
        refused(-PID, regionFd, 4096, "bad shared region", "a negative pid");
        refused(PID, -1, 4096, "bad shared region", "a negative descriptor");
        refused(PID, regionFd, 0, "bad shared region", "an empty region");
        refused(PID, regionFd, -4096, "bad shared region", "a negative size");

        closeDescriptor.invoke(sent);
        refused(PID, regionFd, 4096, "", "a region whose descriptor the sender closed");
        expectEquals(-1L, mapped.mismatch(writable), "a mapping outlives the sender's descriptor");

        // Every memory file and the regular file are closed by now (the test's
        // own and the sender's): a refused open must not have kept one.
        List<String> left = Resources.fds().stream()
                .filter(f -> f.contains(" -> /memfd:") || f.contains("not-a-region"))
                .toList();
        expectEquals(List.of(), left, "no descriptor is left open by an announcement, refused or not");
        System.out.println("PASSED");
    }

    /** The announcement is refused with an IOException whose message has fragment. */
    static void refused(long pid, int descriptor, long size, String fragment, String what) {
        IOException e = expectThrows(IOException.class, () -> {
            try {
                open.invoke(null, pid, descriptor, size, 1);
            } catch (InvocationTargetException ite) {
                if (ite.getCause() instanceof Exception cause) {
                    throw cause;
                }
                throw ite;
            }
        }, "refused: " + what);
        expect(e.getMessage().contains(fragment), what + ": the message names why: " + e.getMessage());
    }

    static Method method(Class<?> c, String name, Class<?>... parameters) throws NoSuchMethodException {
        Method m = c.getDeclaredMethod(name, parameters);
        m.setAccessible(true);
        return m;
    }

    /** This process's descriptor of file, found in /proc/self/fd. */
    static int descriptorOf(Path file) throws IOException {
        Path target = file.toRealPath();
        for (String entry : Resources.fds()) {
            String[] parts = entry.split(" -> ", 2);
            if (parts[1].equals(target.toString())) {
                return Integer.parseInt(parts[0]);
            }
        }
        throw new AssertionError("no descriptor of " + target + " in " + Resources.fds());
    }

    /** memfd_create, ftruncate, fcntl(F_ADD_SEALS) and close, as a peer would call them. */
    static final class Libc {
        private final Arena arena;
        private final MethodHandle memfdCreate;
        private final MethodHandle ftruncate;
        private final MethodHandle fcntl;
        private final MethodHandle close;

        Libc(Arena arena) {
            this.arena = arena;
            Linker linker = Linker.nativeLinker();
            memfdCreate = linker.downcallHandle(linker.defaultLookup().find("memfd_create").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            ftruncate = linker.downcallHandle(linker.defaultLookup().find("ftruncate").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
            fcntl = linker.downcallHandle(linker.defaultLookup().find("fcntl").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                                          ValueLayout.JAVA_INT),
                    Linker.Option.firstVariadicArg(2));
            close = linker.downcallHandle(linker.defaultLookup().find("close").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        }

        /** A memory file of size bytes named name, with seals (none if 0). */
        int memfd(String name, long size, int seals) throws Throwable {
            int flags = MFD_CLOEXEC | (seals != 0 ? MFD_ALLOW_SEALING : 0);
            int fd = (int) memfdCreate.invokeExact(arena.allocateFrom(name), flags);
            expect(fd >= 0, "memfd_create " + name);
            expectEquals(0, (int) ftruncate.invokeExact(fd, size), "ftruncate " + name);
            if (seals != 0) {
                expectEquals(0, (int) fcntl.invokeExact(fd, F_ADD_SEALS, seals), "seals on " + name);
            }
            return fd;
        }

        void close(int fd) throws Throwable {
            expectEquals(0, (int) close.invokeExact(fd), "close");
        }
    }
}
