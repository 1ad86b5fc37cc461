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
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * How one end of a shared-memory connection sleeps until the other end
 * has something for it: a word in the first page of a region of its own
 * ({@link SharedRegion}, kind {@value #NAME}) that the peer maps too, and
 * a Linux futex on it. The region's second page is the end's
 * {@link Mailbox}, where the peer writes short frames and marks.
 * libfabric's shared memory has no wait object (a peer writes straight
 * into this process's queues and nothing signals it), and a futex is the
 * cheapest way the kernel offers to wake a thread of another process: on
 * this project's 2-core VM a round trip of two processes that wake each
 * other takes 49-54 µs through a futex and 97 µs through a 127.0.0.1 tcp
 * connection (6 and 17 µs on one core), which the wake-ups replaced here
 * took, besides a message to announce each sleep.
 *
 * <p>A sleeper marks its word {@code ASLEEP}, looks at its queue once
 * more, and waits on the word; the peer, at each poll of the connection
 * (one follows each message it posts; and a long transfer needs both
 * ends' progress) and after each frame it writes into the mailbox, swaps {@code ASLEEP} for {@code AWAKE} and wakes the word if
 * it did. Each side fences between its write and its read, so either the
 * sleeper's second look finds the message or the poster sees the mark. A
 * sleep lasts at most the caller's slice, after which the caller checks
 * that the peer lives (a dead peer rings no more).
 *
 * <p>A peer maps the page writable, so it can wake this end spuriously or
 * not at all; it is a process of the same user (the kernel opens the page
 * for no other), which could trace this one anyway, and either costs this
 * end a slice's wait, nothing more.
 */
@SuppressWarnings("restricted")     // this module has native access (NATIVE_ACCESS_MODULES)
final class Doorbell {

    /** The kind of region, as the kernel shows it ({@code /memfd:<name>}). */
    static final String NAME = "fastrmi-doorbell";
    /** Two pages: the word's, and the {@link Mailbox}'s ring of frames to this end. */
    private static final long SIZE = Mailbox.OFFSET + Mailbox.BYTES;

    private static final int AWAKE = 0;
    private static final int ASLEEP = 1;
    private static final int FUTEX_WAIT = 0;    // shared, not _PRIVATE: the word is in two processes
    private static final int FUTEX_WAKE = 1;
    private static final long SYS_FUTEX = futexNumber();

    private static final VarHandle WORD = JAVA_INT.varHandle();
    private static final MethodHandle SYSCALL;

    static {
        Linker linker = Linker.nativeLinker();
        MemorySegment symbol = linker.defaultLookup().find("syscall")
                .orElseThrow(() -> new UnsatisfiedLinkError("no syscall in the C library"));
        // syscall(2) takes longs after the number: every argument goes as one
        SYSCALL = linker.downcallHandle(symbol,
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS),
                Linker.Option.firstVariadicArg(1));
    }

    private final SharedRegion own;     // this end's page: it sleeps on its first word
    private final MemorySegment word;
    private final MemorySegment timeout = Arena.ofAuto().allocate(16, 8);  // struct timespec, under the owner's lock
    private volatile MemorySegment peer;    // the peer's word, once mapped

    private Doorbell(SharedRegion own) {
        this.own = own;
        this.word = own.memory();
    }

    /* The futex system call's number on this machine; -1 where it is not known. */
    private static long futexNumber() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> 202;
            case "aarch64", "riscv64" -> 98;
            default -> -1;
        };
    }

    /**
     * Makes this end's doorbell.
     *
     * @throws IOException if the system refuses shared memory, or the
     *         futex is not known on this architecture
     */
    static Doorbell create() throws IOException {
        if (SYS_FUTEX < 0) {
            throw new IOException("no futex on " + System.getProperty("os.arch"));
        }
        return new Doorbell(SharedRegion.create(NAME, SIZE, 0));
    }

    /** @return the descriptor the peer opens, with {@link SharedRegion#pid()}; -1 once closed */
    int fd() {
        return own.fd();
    }

    /**
     * Maps the peer's doorbell: its process and descriptor, as the peer
     * told them.
     *
     * @throws IOException if they name no doorbell of a process of this user
     */
    void connect(long pid, int fd) throws IOException {
        peer = SharedRegion.open(NAME, pid, fd, SIZE, 0, true).memory();
    }

    /** @return this end's region, which the peer maps too */
    MemorySegment ownRegion() {
        return word;
    }

    /** @return the peer's region, once {@link #connect connected} */
    MemorySegment peerRegion() {
        return peer;
    }

    /** Marks this end asleep: from here on the peer's next ring wakes it. */
    void prepareSleep() {
        WORD.setVolatile(word, 0L, ASLEEP);
        VarHandle.fullFence();
    }

    /** Ends a sleep prepared and not slept. */
    void cancelSleep() {
        WORD.setVolatile(word, 0L, AWAKE);
    }

    /**
     * Sleeps after {@link #prepareSleep} until rung or millis have passed
     * (at once if rung since). The caller holds the connection's lock.
     *
     * @return true if rung
     */
    boolean sleep(int millis) {
        timeout.set(JAVA_LONG, 0, millis / 1000);
        timeout.set(JAVA_LONG, 8, (millis % 1000) * 1_000_000L);
        try {
            // -1 with EAGAIN (rung before), ETIMEDOUT or EINTR: each is a look at the word
            long ignored = (long) SYSCALL.invokeExact(SYS_FUTEX, word, (long) FUTEX_WAIT, (long) ASLEEP, timeout);
        } catch (Throwable t) {
            throw new InternalError(t);
        }
        boolean rung = (int) WORD.getVolatile(word, 0L) == AWAKE;
        WORD.setVolatile(word, 0L, AWAKE);
        return rung;
    }

    /** Wakes the peer if it sleeps; at each poll of the connection, which follows each post to it. */
    void ringPeer() {
        MemorySegment p = peer;
        if (p != null) {
            ring(p);
        }
    }

    /** Wakes this end if it sleeps: another thread found its completion, or it closes. */
    void ringOwn() {
        ring(word);
    }

    private static void ring(MemorySegment w) {
        VarHandle.fullFence();      // what was posted before is seen by a sleeper that missed this ring
        if ((int) WORD.getVolatile(w, 0L) == ASLEEP && WORD.compareAndSet(w, 0L, ASLEEP, AWAKE)) {
            try {
                long ignored = (long) SYSCALL.invokeExact(SYS_FUTEX, w, (long) FUTEX_WAKE, 1L, MemorySegment.NULL);
            } catch (Throwable t) {
                throw new InternalError(t);
            }
        }
    }

    /** Closes this end's descriptor; the pages stay mapped while anything reaches them. */
    void close() {
        own.closeDescriptor();
    }
}
