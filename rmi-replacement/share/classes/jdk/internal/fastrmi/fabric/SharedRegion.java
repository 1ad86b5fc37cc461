/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.internal.fastrmi.fabric;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Memory of one process that a peer process of the same user maps and
 * reads in place: the way a long frame crosses between two JVMs of one
 * host, written once by the sender's stream and read once by the
 * receiver's, instead of being copied through libfabric's shared-memory
 * queues in slices (two more copies of every byte, and a sender that must
 * wait for the receiver's progress slice by slice).
 *
 * <p>A region is an anonymous file ({@code memfd_create}), so nothing is
 * left in {@code /dev/shm} by a process that dies. Its owner keeps the
 * descriptor open; the peer opens it through
 * {@code /proc/<pid>/fd/<fd>}, which the kernel allows only to a process
 * that may trace the owner: the same user. The size is sealed
 * ({@code F_SEAL_SHRINK}, {@code F_SEAL_GROW}, {@code F_SEAL_SEAL}) before
 * the peer is told of it, and the peer checks the seals before mapping:
 * a peer cannot shrink the file under a reader (a read past the end of a
 * mapped file would be a {@code SIGBUS}).
 *
 * <p>The same kind of memory, one page of it, holds each end's
 * {@link Doorbell}, which the peer maps writable to wake it.
 *
 * <p>Mappings are unmapped when no segment of theirs is reachable
 * ({@link Arena#ofAuto()}): a stream may still hold the memory after the
 * transport let it go, and must never read unmapped memory.
 */
@SuppressWarnings("restricted")     // this module has native access (NATIVE_ACCESS_MODULES)
final class SharedRegion {

    /** The name the kernel shows for a region ({@code /memfd:<name>}). */
    static final String NAME = "fastrmi-bulk";

    private static final int MFD_CLOEXEC = 1;
    private static final int MFD_ALLOW_SEALING = 2;
    private static final int F_ADD_SEALS = 1033;
    private static final int F_GET_SEALS = 1034;
    private static final int F_SEAL_SEAL = 1;
    private static final int F_SEAL_SHRINK = 2;
    private static final int F_SEAL_GROW = 4;
    private static final int PROT_READ = 1;
    private static final int PROT_WRITE = 2;
    private static final int MAP_SHARED = 1;
    private static final int O_RDONLY = 0;
    private static final int O_RDWR = 2;
    private static final int O_CLOEXEC = 0x80000;
    private static final int SEEK_END = 2;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MemoryLayout ERRNO_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = ERRNO_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    private static final MethodHandle MEMFD_CREATE = libc("memfd_create",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle FTRUNCATE = libc("ftruncate",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
    private static final MethodHandle FCNTL = libc("fcntl",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
    private static final MethodHandle OPEN = libc("open",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), Linker.Option.firstVariadicArg(2));
    private static final MethodHandle LSEEK = libc("lseek",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle MMAP = libc("mmap",
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
    private static final MethodHandle MUNMAP = LINKER.downcallHandle(
            LINKER.defaultLookup().find("munmap").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle CLOSE = libc("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    private static final long PID = ProcessHandle.current().pid();

    private final MemorySegment memory;
    private int fd;                         // the owner's descriptor, -1 for a peer's mapping or once closed
    private final int generation;

    private SharedRegion(MemorySegment memory, int fd, int generation) {
        this.memory = memory;
        this.fd = fd;
        this.generation = generation;
    }

    private static MethodHandle libc(String name, FunctionDescriptor fd, Linker.Option... options) {
        Linker.Option[] all = java.util.Arrays.copyOf(options, options.length + 1);
        all[options.length] = CAPTURE_ERRNO;
        MemorySegment symbol = LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("no " + name + " in the C library"));
        return LINKER.downcallHandle(symbol, fd, all);
    }

    /**
     * Creates a region of {@code size} bytes for this process to write.
     *
     * @param size the bytes
     * @param generation the owner's count of its regions, told to the peer
     * @throws IOException if the system refuses
     */
    static SharedRegion create(long size, int generation) throws IOException {
        return create(NAME, size, generation);
    }

    /**
     * Creates a region of {@code size} bytes for this process to write,
     * under a name that tells its kind ({@link #open} takes only regions
     * of the kind it names).
     *
     * @param name the kind, shown by the kernel as {@code /memfd:<name>}
     * @param size the bytes
     * @param generation the owner's count of its regions, told to the peer
     * @throws IOException if the system refuses
     */
    static SharedRegion create(String name, long size, int generation) throws IOException {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = call.allocate(ERRNO_STATE);
            int fd = (int) MEMFD_CREATE.invokeExact(errno, call.allocateFrom(name), MFD_CLOEXEC | MFD_ALLOW_SEALING);
            if (fd < 0) {
                throw failure("memfd_create", errno);
            }
            try {
                if ((int) FTRUNCATE.invokeExact(errno, fd, size) != 0) {
                    throw failure("ftruncate to " + size + " bytes", errno);
                }
                int seals = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL;
                if ((int) FCNTL.invokeExact(errno, fd, F_ADD_SEALS, seals) != 0) {
                    throw failure("sealing", errno);
                }
                MemorySegment memory = map(fd, size, PROT_READ | PROT_WRITE, errno);
                return new SharedRegion(memory, fd, generation);
            } catch (IOException | RuntimeException | Error e) {
                int ignored = (int) CLOSE.invokeExact(errno, fd);
                throw e;
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new InternalError(t);
        }
    }

    /**
     * Maps, read-only, the region a peer named: process {@code pid}'s
     * descriptor {@code fd}, which must be a sealed region of this kind of
     * at least {@code size} bytes.
     *
     * @throws IOException if it is not, or cannot be opened (another user)
     */
    static SharedRegion open(long pid, int fd, long size, int generation) throws IOException {
        return open(NAME, pid, fd, size, generation, false);
    }

    /**
     * Maps the region a peer named: process {@code pid}'s descriptor
     * {@code fd}, which must be a sealed region of kind {@code name} of at
     * least {@code size} bytes; read-only unless {@code writable}.
     *
     * @throws IOException if it is not, or cannot be opened (another user)
     */
    static SharedRegion open(String name, long pid, int fd, long size, int generation, boolean writable)
            throws IOException {
        if (pid <= 0 || fd < 0 || size <= 0) {
            throw new IOException("bad shared region: pid " + pid + ", fd " + fd + ", " + size + " bytes");
        }
        Path path = Path.of("/proc", Long.toString(pid), "fd", Integer.toString(fd));
        String target;
        try {
            target = Files.readSymbolicLink(path).toString();
        } catch (IOException | UnsupportedOperationException e) {
            throw new IOException("the peer's shared region cannot be opened: " + e.getMessage(), e);
        }
        // "/memfd:fastrmi-bulk (deleted)": a region of this kind, not any file the peer names
        if (!target.startsWith("/memfd:" + name + " ") && !target.equals("/memfd:" + name)) {
            throw new IOException("the peer named no shared region but " + target);
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = call.allocate(ERRNO_STATE);
            int own = (int) OPEN.invokeExact(errno, call.allocateFrom(path.toString()),
                                             (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC);
            if (own < 0) {
                throw failure("opening the peer's shared region", errno);
            }
            try {
                int seals = (int) FCNTL.invokeExact(errno, own, F_GET_SEALS, 0);
                int needed = F_SEAL_SHRINK | F_SEAL_SEAL;
                if (seals < 0 || (seals & needed) != needed) {
                    throw new IOException("the peer's shared region may shrink (seals " + seals + ")");
                }
                long length = (long) LSEEK.invokeExact(errno, own, 0L, SEEK_END);
                if (length < size) {
                    throw new IOException("the peer's shared region has " + length + " bytes, not " + size);
                }
                if (writable) {
                    return new SharedRegion(map(own, size, PROT_READ | PROT_WRITE, errno), -1, generation);
                }
                return new SharedRegion(map(own, size, PROT_READ, errno).asReadOnly(), -1, generation);
            } finally {
                int ignored = (int) CLOSE.invokeExact(errno, own);
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new InternalError(t);
        }
    }

    private static MemorySegment map(int fd, long size, int protection, MemorySegment errno) throws Throwable {
        MemorySegment at = (MemorySegment) MMAP.invokeExact(errno, MemorySegment.NULL, size, protection,
                                                             MAP_SHARED, fd, 0L);
        if (at.address() == -1L) {
            throw failure("mmap of " + size + " bytes", errno);
        }
        long address = at.address();
        // unmapped once nothing reaches the segment: a stream may outlive the transport
        return at.reinterpret(size, Arena.ofAuto(), s -> unmap(address, size));
    }

    private static void unmap(long address, long size) {
        try {
            int ignored = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), size);
        } catch (Throwable t) {
            throw new InternalError(t);
        }
    }

    private static IOException failure(String what, MemorySegment errno) {
        return new IOException(what + " failed: errno " + (int) ERRNO.get(errno, 0L));
    }

    /** @return the memory, writable for the owner, read-only for a peer unless opened writable */
    MemorySegment memory() {
        return memory;
    }

    /** @return the bytes */
    long size() {
        return memory.byteSize();
    }

    /** @return the owner's count of its regions when it made this one */
    int generation() {
        return generation;
    }

    /** @return the descriptor a peer opens (through this process's {@code /proc} entry) */
    synchronized int fd() {
        return fd;
    }

    /** @return this process's pid, the peer's way to the descriptor */
    static long pid() {
        return PID;
    }

    /**
     * Closes the owner's descriptor: a peer that has not mapped the region
     * yet no longer can. The memory stays mapped while anything reaches it.
     */
    synchronized void closeDescriptor() {
        if (fd >= 0) {
            try (Arena call = Arena.ofConfined()) {
                int ignored = (int) CLOSE.invokeExact(call.allocate(ERRNO_STATE), fd);
            } catch (Throwable t) {
                throw new InternalError(t);
            } finally {
                fd = -1;                // the number may name another file from now on
            }
        }
    }
}
