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
import java.util.List;

import jdk.fastrmi.spi.Bootstrap;
import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.TechnologyProvider;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.WaitPolicy;

/**
 * Makes the fabric technology, where libfastfabric loads and libfabric
 * offers the configured local or remote provider; it sets its connections
 * up over tcp's ({@link #bootstrapsOver()}). Its settings:
 * {@code jdk.fastrmi.fabric.local} (the libfabric provider between JVMs of
 * one host; default {@code shm}, {@code none} for none),
 * {@code jdk.fastrmi.fabric.remote} (to other hosts; default
 * {@code verbs;ofi_rxm}), {@code jdk.fastrmi.fabric.spinMicros} (how long a
 * receiver polls before it waits; default 100),
 * {@code jdk.fastrmi.fabric.maxSharedMemoryConnections} (shared-memory
 * connections served at once; default 256),
 * {@code jdk.fastrmi.fabric.maxSharedMemoryPeers} (other JVMs served over
 * shared memory at once; default 32),
 * {@code jdk.fastrmi.fabric.endpointsPerPeer} (shared-memory endpoints,
 * each a region at both ends, that the connections to one other JVM share;
 * default 8),
 * {@code jdk.fastrmi.fabric.rendezvousBytes} (over shared memory, a longer
 * frame is read by the peer in place from the sender's memory, not copied
 * through libfabric; default 4096, at most 65536, at least 256),
 * {@code jdk.fastrmi.fabric.startDelay} (how long after the fabric is
 * first wanted its start begins, in ms, unless a connection must wait for
 * it; default 1000),
 * {@code jdk.fastrmi.fabric.dgc}
 * ({@code lease}, the default, or {@code cluster}) and
 * {@code jdk.fastrmi.fabric.library} (the library; default the image's),
 * and stock RMI's time-outs ({@link Timeouts}).
 * The environment variable {@code FI_PROVIDER}, if set, makes libfabric
 * offer only that provider, and the configured ones are then taken as
 * offered.
 */
public final class FabricTechnologyProvider implements TechnologyProvider {

    /*
     * Shared-memory connections a server serves at once: each holds about
     * 200 KB of registered buffers and a serving thread, as a tcp
     * connection holds a thread and the kernel's socket buffers. 256 (about
     * 50 MB): a client JVM with more callers at once than the limit sends
     * the rest over tcp, and at 64 callers that mix ran at half the calls/s
     * of shm alone (ping, this 2-core VM, 2026-11-30: 83k against 165k).
     */
    private static final int DEFAULT_MAX_SHARED_MEMORY = 256;

    /*
     * Peer JVMs a server serves over shared memory at once: the connections
     * of one peer share a region of libfabric's shm at each end (16 MiB
     * files, about 8 MB of /dev/shm used as soon as opened, libfabric
     * 1.17), so 32 peers take about 250 MB at most.
     */
    private static final int DEFAULT_MAX_SHARED_MEMORY_PEERS = 32;

    /*
     * Shared-memory endpoints a JVM opens to one other JVM at most, which
     * its connections to that JVM share (each endpoint a region of
     * libfabric's at each end). More connections than endpoints share
     * libfabric 1.17's lock on a region, which costs concurrent callers:
     * ping calls/s with 8 callers on this 2-core VM, 1 / 2 / 8 endpoints,
     * 236k / 254k / 353k (one endpoint per connection before: 324k-395k);
     * one caller alike.
     */
    private static final int DEFAULT_ENDPOINTS_PER_PEER = 8;
    private static final int MAX_ENDPOINTS_PER_PEER = 64;

    /** The technology the fabric's connections are set up over. */
    private static final String BOOTSTRAP = "tcp";

    /** Called by the service loader. */
    public FabricTechnologyProvider() { }

    @Override
    public String id() {
        return FabricTechnology.ID;
    }

    @Override
    public int preference() {
        return FABRIC_PREFERENCE;
    }

    @Override
    public List<String> bootstrapsOver() {
        return List.of(BOOTSTRAP);
    }

    @Override
    public Technology create(Context context) throws IOException {
        // the settings first: a bad one is an error even where the fabric cannot run
        String local = provider(context, "local", "shm");
        String remote = provider(context, "remote", "verbs;ofi_rxm");
        WaitPolicy waiting = WaitPolicy.of(WaitPolicy.configuredMode(),
                                           context.longProperty("spinMicros", 100, 0, 1_000_000) * 1000);
        int maxSharedMemory = (int) context.longProperty("maxSharedMemoryConnections",
                                                         DEFAULT_MAX_SHARED_MEMORY, 0, 1 << 16);
        int maxSharedMemoryPeers = (int) context.longProperty("maxSharedMemoryPeers",
                                                              DEFAULT_MAX_SHARED_MEMORY_PEERS, 0, 1 << 16);
        int endpointsPerPeer = (int) context.longProperty("endpointsPerPeer", DEFAULT_ENDPOINTS_PER_PEER,
                                                          1, MAX_ENDPOINTS_PER_PEER);
        int rendezvousBytes = (int) context.longProperty("rendezvousBytes", FabricTransport.DEFAULT_RENDEZVOUS,
                                                         FabricTransport.MIN_RENDEZVOUS, FabricTransport.EAGER);
        long startDelayMillis = context.longProperty("startDelay", FabricStart.DEFAULT_DELAY_MILLIS, 0, 3_600_000);
        DistributedGC.Kind gcKind = context.gcKind(DistributedGC.Kind.LEASE);
        Timeouts timeouts = Timeouts.fromSystemProperties();

        if (local == null && remote == null) {
            throw new IOException("neither jdk.fastrmi.fabric.local nor jdk.fastrmi.fabric.remote"
                                  + " names a provider");
        }
        FastFabric.LibraryFile.path();        // there; loaded by the start
        Bootstrap bootstrap = context.bootstrap(BOOTSTRAP);
        // the rest of what decides whether the fabric runs here takes long: begun when wanted
        FabricStart start = new FabricStart(local, remote, startDelayMillis);
        return new FabricTechnology(bootstrap, BOOTSTRAP, start, local, remote,
                                    context.maxFrameBytes(), rendezvousBytes, waiting, timeouts, gcKind,
                                    maxSharedMemory, maxSharedMemoryPeers, endpointsPerPeer);
    }

    /* A libfabric provider name; "none" (or empty) for none. */
    private static String provider(Context context, String name, String dflt) {
        String v = context.property(name);
        if (v == null) {
            v = dflt;
        }
        if (v.isEmpty() || v.equals("none")) {
            return null;
        }
        if (v.length() > 64 || !v.matches("[A-Za-z0-9_;.-]+")) {
            throw new IllegalArgumentException("jdk.fastrmi.fabric." + name + "=" + v
                                               + ": not a libfabric provider name");
        }
        return v;
    }
}
