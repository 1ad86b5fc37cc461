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
import java.io.InterruptedIOException;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import jdk.fastrmi.spi.TechnologyUnavailableException;

/**
 * libfastfabric loaded and the configured providers probed, in a thread of
 * its own, begun when the technology is first wanted: an export listens
 * on it, or a reference names one of its endpoints. It costs about half a
 * second of CPU on this project's 2-core machines, measured: binding the
 * downcalls runs the FFM's code generation in a cold JVM (160-230 ms), and
 * libfabric 1.20's first {@code fi_getinfo} initializes every built-in
 * provider, whose verbs provider reads /proc/kallsyms twice (about 300
 * ms, with or without RDMA devices, whatever the hints). Begun when the
 * runtime starts, it slowed a registry lookup over tcp from about 280 to
 * 390-820 ms (it takes the core the lookup's JIT compilations want); begun
 * later, the calls made meanwhile go over tcp ({@link
 * FabricTechnology#started}) and only a fabric connection waits for it
 * ({@link #await}), at either end.
 *
 * <p>Begun at once when wanted, its CPU still slowed the calls of a fresh
 * JVM beside it, whose JIT wants the cores too: an unchanged program's
 * first 100 calls took 500-590 µs each with the default technologies
 * against 205-290 µs over tcp (bench/README.md, "First calls"). So the
 * thread waits {@code jdk.fastrmi.fabric.startDelay} (default 1 s) before
 * it starts, and a program that is done within that second never pays for
 * the fabric; a wait for the start ({@link #await}: a connection that
 * cannot go over anything else) ends the delay.
 */
final class FabricStart {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /** What the start found: the library and the providers libfabric offers here (null: not offered). */
    record Started(FastFabric ff, String local, String remote) { }

    /** The default of jdk.fastrmi.fabric.startDelay, in ms. */
    static final long DEFAULT_DELAY_MILLIS = 1000;

    private final String local;
    private final String remote;
    private final long delayMillis;
    private final CountDownLatch needed = new CountDownLatch(1);
    private final AtomicBoolean begun = new AtomicBoolean();
    private final CompletableFuture<Started> result = new CompletableFuture<>();

    /**
     * A start that will load the library and probe local and remote (each a
     * provider name, or null for none), delayMillis after it is begun.
     */
    FabricStart(String local, String remote, long delayMillis) {
        this.local = local;
        this.remote = remote;
        this.delayMillis = delayMillis;
    }

    /** Begins the start, once. */
    void begin() {
        if (!begun.get() && begun.compareAndSet(false, true)) {
            Thread.ofPlatform().daemon(true).name("fastrmi-fabric-start").start(this::run);
        }
    }

    private void run() {
        try {
            if (delayMillis > 0) {
                needed.await(delayMillis, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            // nothing interrupts this thread; start now
        }
        try {
            FastFabric ff = FastFabric.get();
            String localHere = available(ff, local);
            String remoteHere = available(ff, remote);
            if (localHere == null && remoteHere == null) {
                throw new IOException("libfabric " + ff.libfabricVersion() + " offers neither "
                                      + local + " nor " + remote);
            }
            result.complete(new Started(ff, localHere, remoteHere));
        } catch (Throwable e) {
            // whatever ends the start ends every wait for it
            result.completeExceptionally(e);
            LOG.log(Level.DEBUG, () -> "jdk.fastrmi: fabric technology off: " + e);
            if (e instanceof VirtualMachineError error) {
                throw error;
            }
        }
    }

    private static String available(FastFabric ff, String provider) {
        if (provider == null || System.getenv("FI_PROVIDER") == null && !ff.providerAvailable(provider)) {
            return null;
        }
        return provider;
    }

    /** @return what the start found, or null while it runs or if it failed; begins it */
    Started now() {
        begin();
        return result.isDone() && !result.isCompletedExceptionally() ? result.join() : null;
    }

    /** @return whether the start has ended, found the fabric or failed; begins it */
    boolean done() {
        begin();
        return result.isDone();
    }

    /** @return whether the start has failed: the fabric cannot run here; begins it */
    boolean failed() {
        begin();
        return result.isCompletedExceptionally();
    }

    /**
     * Waits for the start; begins it.
     *
     * @return what it found
     * @throws TechnologyUnavailableException if the fabric cannot run here
     * @throws InterruptedIOException if the thread was interrupted
     */
    Started await() throws IOException {
        needed.countDown();
        begin();
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw new TechnologyUnavailableException("fabric technology off: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the fabric started");
        }
    }
}
