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
import java.lang.System.Logger.Level;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

import jdk.fastrmi.spi.Bootstrap;
import jdk.fastrmi.spi.ControlChannel;
import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.TechnologyUnavailableException;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.Transport;
import jdk.fastrmi.spi.WaitPolicy;

/**
 * The fabric technology (the native transport of Chang, "Object
 * Serialization: A Case for Specialization"): calls over libfastfabric,
 * through shared memory between JVMs of one host and through
 * InfiniBand/RoCE ({@code verbs;ofi_rxm}) or TCP ({@code tcp;ofi_rxm})
 * between hosts.
 *
 * <p>A connection is set up over the listener of its bootstrap technology,
 * tcp (the same port as the export's tcp endpoint), which it knows only
 * through the {@link Bootstrap} interface: the client sends {@code "FFAB"},
 * the version (u1), the provider it chose (u1 length, ASCII) and its JVM's
 * {@linkplain FabricLink#TOKEN token} (16 bytes); the server answers a
 * status (u1: 0 accepted, else refused) and its JVM's token (u2 length,
 * bytes), or a message (u2 length, UTF-8) if refused. Each end now takes
 * its {@link FabricLink} to the other JVM (over shared memory one of at
 * most {@code jdk.fastrmi.fabric.endpointsPerPeer} that the two JVMs'
 * connections share, found by the other's token); the client
 * sends its link's raw address (u2 length, bytes), its connection's id
 * on it (u4) and, over shared memory, where its {@link Doorbell} is (its
 * pid, u8, and the descriptor, u4), and the server answers a status and
 * its link's address, its connection's id and its doorbell the same way,
 * or a message if refused.
 * Shared memory is set up only for a peer that the kernel shows to be a
 * process of the same user on this host ({@link ControlChannel#peerIsSameUser}),
 * and only up to {@code jdk.fastrmi.fabric.maxSharedMemoryConnections}
 * connections from up to {@code jdk.fastrmi.fabric.maxSharedMemoryPeers}
 * JVMs at once; a refused client falls back to tcp.
 * The usual handshake follows on the tcp connection, which then stays open
 * as the fabric transport's {@link ControlChannel} while the calls go over
 * the fabric: its end tells the other side that the peer is gone.
 *
 * <p>An endpoint is {@code fabric:host:port/hostid}, {@code host:port}
 * being the address of the bootstrap's endpoint; the host id tells two
 * JVMs of one host (same boot and host name), which use
 * {@code jdk.fastrmi.fabric.local} (default {@code shm}); other hosts are
 * reached with {@code jdk.fastrmi.fabric.remote} (default
 * {@code verbs;ofi_rxm}) when libfabric offers it here, else not at all
 * (the runtime then takes the next technology, tcp).
 */
final class FabricTechnology implements Technology {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");
    static final String ID = "fabric";
    static final int MAGIC = 0x42414646;    // "FFAB" little-endian
    private static final int VERSION = 4;
    private static final int MAX_ADDRESS = 4096;
    /** The providers a client may ask a server for, besides the configured ones. */
    private static final Set<String> KNOWN = Set.of("shm", "tcp;ofi_rxm", "verbs;ofi_rxm");
    /** libfabric's shared-memory provider, whose endpoints only peers of this host may ask for. */
    static final String SHARED_MEMORY = "shm";

    private final Bootstrap bootstrap;
    private final String bootstrapId;
    private final FabricStart start;
    private final String hostId;
    private final String localProvider;      // configured; null: none
    private final String remoteProvider;     // configured; null: none
    private final int maxFrameBytes;
    private final int rendezvousBytes;
    private final WaitPolicy waiting;
    private final Timeouts timeouts;
    private final DistributedGC.Kind gcKind;
    private final int maxSharedMemory;
    private final int maxSharedMemoryPeers;
    private final int endpointsPerPeer;
    /* the shared-memory connections this server serves, and those being set up */
    private final List<SharedMemoryUse> servedSharedMemory = new ArrayList<>();

    /**
     * Creates the technology and registers its upgrade with the bootstrap.
     *
     * @param bootstrap the technology connections are set up over
     * @param bootstrapId its id
     * @param start the library's loading and the providers' probe, not begun
     * @param localProvider the provider to JVMs of this host, or null
     * @param remoteProvider the provider to other hosts, or null
     * @param maxFrameBytes the largest message accepted
     * @param waiting how a receiver waits for data
     * @param timeouts stock RMI's time-outs: a client's for replies, a server's for calls
     * @param gcKind the distributed GC of fabric references
     * @param maxSharedMemory the most shared-memory connections served at once
     * @param maxSharedMemoryPeers the most JVMs served over shared memory at once
     * @param endpointsPerPeer the most shared-memory endpoints to one other JVM
     */
    FabricTechnology(Bootstrap bootstrap, String bootstrapId, FabricStart start, String localProvider,
                     String remoteProvider, int maxFrameBytes, int rendezvousBytes, WaitPolicy waiting,
                     Timeouts timeouts, DistributedGC.Kind gcKind, int maxSharedMemory,
                     int maxSharedMemoryPeers, int endpointsPerPeer) {
        this.bootstrap = bootstrap;
        this.bootstrapId = bootstrapId;
        this.start = start;
        this.hostId = hostId();
        this.localProvider = localProvider;
        this.remoteProvider = remoteProvider;
        this.maxFrameBytes = maxFrameBytes;
        this.rendezvousBytes = rendezvousBytes;
        this.waiting = waiting;
        this.timeouts = timeouts;
        this.gcKind = gcKind;
        this.maxSharedMemory = maxSharedMemory;
        this.maxSharedMemoryPeers = maxSharedMemoryPeers;
        this.endpointsPerPeer = endpointsPerPeer;
        bootstrap.addUpgrade(MAGIC, this::accept);
    }

    /*
     * Equal for two JVMs of one machine (and one container): the kernel's
     * boot id, the process namespace and the host name. The namespace
     * because a peer reads long frames from this process's memory through
     * /proc/<pid> (SharedRegion), which names another process, or none, in
     * another namespace; there the fabric takes its remote provider.
     */
    private static String hostId() {
        String boot;
        try {
            boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim()
                   + "/" + Files.readSymbolicLink(Path.of("/proc/self/ns/pid"));
        } catch (IOException | RuntimeException e) {
            boot = "";
        }
        String name;
        try {
            name = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            name = "localhost";
        }
        try {
            byte[] h = MessageDigest.getInstance("SHA-256")
                                    .digest((boot + "/" + name).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new InternalError(e);
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public DistributedGC.Kind gcKind() {
        return gcKind;
    }

    @Override
    public Endpoint listen(int port, Acceptor acceptor) throws IOException {
        start.begin();          // ready (after its delay) before most clients come
        Endpoint boot = bootstrap.listen(port, acceptor);
        return new Endpoint(ID, boot.address() + "/" + hostId);
    }

    @Override
    public void unlisten(int port) {
        bootstrap.unlisten(port);
    }

    /*
     * The bootstrap's endpoint in a fabric endpoint: its address up to the
     * last '/'.
     */
    private Endpoint bootstrapEndpoint(Endpoint endpoint) {
        String a = endpoint.address();
        int slash = a.lastIndexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("bad fabric address " + a);
        }
        return new Endpoint(bootstrapId, a.substring(0, slash));
    }

    @Override
    public int port(Endpoint endpoint) {
        return bootstrap.port(bootstrapEndpoint(endpoint));
    }

    @Override
    public String host(Endpoint endpoint) {
        return bootstrap.host(bootstrapEndpoint(endpoint));
    }

    @Override
    public boolean reaches(Endpoint endpoint) {
        return provider(endpoint) != null;
    }

    @Override
    public boolean started() {
        return start.done();
    }

    @Override
    public String describe(Endpoint endpoint) {
        String provider = provider(endpoint);
        return provider == null ? "none" : id() + ":" + provider;
    }

    /*
     * The provider to reach an endpoint with, or null. Never this JVM's own
     * endpoints: shm maps a peer of the same process to that peer's own
     * region, which closing the peer frees under the sender (the runtime
     * calls its own objects directly anyway; tcp serves the rest).
     */
    private String provider(Endpoint endpoint) {
        String a = endpoint.address();
        int slash = a.lastIndexOf('/');
        boolean sameHost = slash >= 0 && a.substring(slash + 1).equals(hostId);
        try {
            if (sameHost && bootstrap.listensOn(bootstrapEndpoint(endpoint))) {
                return null;
            }
        } catch (RuntimeException e) {
            return null;                // not host:port/id: not ours to reach
        }
        // while the start runs: as configured (a connection waits for it, then knows)
        FabricStart.Started here = start.now();
        if (here == null && start.failed()) {
            return null;
        }
        String local = here == null ? localProvider : here.local();
        String remote = here == null ? remoteProvider : here.remote();
        return sameHost && local != null ? local : remote;
    }

    @Override
    public Handshake.Connected connect(Endpoint endpoint, Handshake hello) throws IOException {
        // waits only where the runtime has no other technology to the endpoint (see started)
        FastFabric ff = start.await().ff();
        String provider = provider(endpoint);
        if (provider == null) {
            throw new TechnologyUnavailableException("no fabric provider reaches " + endpoint, null);
        }
        return bootstrap.connect(bootstrapEndpoint(endpoint), hello,
                                 control -> upgradeClient(control, ff, provider));
    }

    /*
     * The client side. What keeps the fabric from this peer (its refusal,
     * an endpoint this end cannot open) is a TechnologyUnavailableException:
     * the runtime goes on over the reference's next technology.
     */
    private Transport upgradeClient(ControlChannel control, FastFabric ff, String provider)
            throws IOException {
        byte[] name = provider.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer hello = ByteBuffer.allocate(4 + 1 + 1 + name.length + FabricLink.TOKEN_BYTES)
                                     .order(ByteOrder.LITTLE_ENDIAN);
        hello.putInt(MAGIC).put((byte) VERSION).put((byte) name.length).put(name).put(FabricLink.TOKEN).flip();
        control.write(hello);
        byte[] serverToken = answer(control);
        if (serverToken.length != FabricLink.TOKEN_BYTES) {
            throw new IOException("fabric set-up: a token of " + serverToken.length + " bytes");
        }
        FabricTransport t;
        try {
            FabricLink link = FabricLink.forClient(ff, provider, serverToken, endpointsPerPeer);
            // registers its first buffers: where memory cannot be locked, this fails
            t = new FabricTransport(ff, control, link, maxFrameBytes, waiting.newWaiter(),
                                    timeouts.responseMillis(), rendezvousBytes);
        } catch (IOException e) {
            throw new TechnologyUnavailableException("no " + provider + " endpoint: " + e.getMessage(), e);
        }
        try {
            control.write(identify(t, provider));
            byte[] address = answer(control);
            int serverId = control.read(4).getInt();
            long bellPid = 0;
            int bellFd = -1;
            if (provider.equals(SHARED_MEMORY)) {
                ByteBuffer bell = control.read(12);
                bellPid = bell.getLong();
                bellFd = bell.getInt();
            }
            try {
                t.connect(address, serverId, bellPid, bellFd);
            } catch (IOException e) {
                throw new TechnologyUnavailableException(provider + " to the peer: " + e.getMessage(), e);
            }
            return t;
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /*
     * An answer of the server: the body of status 0; a refusal (which keeps
     * the fabric from this peer) is a TechnologyUnavailableException, so the
     * runtime goes on over the reference's next technology.
     */
    private static byte[] answer(ControlChannel control) throws IOException {
        ByteBuffer answer = control.read(3);
        int status = answer.get() & 0xFF;
        byte[] body = control.read(answer.getShort() & 0xFFFF).array();
        if (status != 0) {
            throw new TechnologyUnavailableException("fabric connection refused: "
                                                     + new String(body, StandardCharsets.UTF_8), null);
        }
        return body;
    }

    /*
     * A connection's link address (u2 length, bytes) and its id (u4); over
     * shared memory then its doorbell's process (u8) and descriptor (u4).
     */
    private static ByteBuffer identify(FabricTransport t, String provider) throws IOException {
        byte[] address = t.link().address();
        boolean bell = provider.equals(SHARED_MEMORY);
        ByteBuffer b = ByteBuffer.allocate(2 + address.length + 4 + (bell ? 12 : 0))
                                 .order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) address.length).put(address).putInt(t.id());
        if (bell) {
            b.putLong(SharedRegion.pid()).putInt(t.doorbellFd());
        }
        return b.flip();
    }

    /* The server side, after the client's magic. */
    private Transport accept(ControlChannel control) throws IOException {
        ByteBuffer b = control.read(2);
        int version = b.get() & 0xFF;
        String provider = new String(control.read(b.get() & 0xFF).array(), StandardCharsets.US_ASCII);
        String refusal = null;
        FabricStart.Started here = null;
        if (version != VERSION) {
            refusal = "fabric protocol version " + version + ", " + VERSION + " expected";
        } else if (!KNOWN.contains(provider) && !provider.equals(localProvider)
                   && !provider.equals(remoteProvider)) {
            refusal = "unknown provider " + provider;
        } else if (provider.equals(SHARED_MEMORY) && !control.peerIsSameUser()) {
            // a region of this host's memory for a peer of another host or user: never
            // (the reason tells nothing of this process: no user, no pid)
            refusal = "shared memory only between processes of one user on one host";
        } else {
            try {
                here = start.await();
            } catch (TechnologyUnavailableException e) {
                refusal = "no fabric here";
            }
        }
        if (refusal != null) {
            throw refuse(control, refusal);
        }
        byte[] clientToken = control.read(FabricLink.TOKEN_BYTES).array();
        boolean sharedMemory = provider.equals(SHARED_MEMORY);
        SharedMemoryUse use = null;
        if (sharedMemory) {
            use = new SharedMemoryUse(HexFormat.of().formatHex(clientToken));
            String full = reserveSharedMemory(use);
            if (full != null) {
                throw refuse(control, full);
            }
        }
        FabricTransport t = null;
        try {
            reply(control, 0, FabricLink.TOKEN);
            ByteBuffer length = control.read(2);
            int n = length.getShort() & 0xFFFF;
            if (n == 0 || n > MAX_ADDRESS) {
                throw refuse(control, "bad address length " + n);
            }
            byte[] address = control.read(n).array();
            int clientId = control.read(4).getInt();
            long bellPid = 0;
            int bellFd = -1;
            if (sharedMemory) {
                ByteBuffer bell = control.read(12);
                bellPid = bell.getLong();
                bellFd = bell.getInt();
            }
            try {
                FabricLink link = FabricLink.forServer(here.ff(), provider, clientToken, address);
                t = new FabricTransport(here.ff(), control, link, maxFrameBytes, waiting.newWaiter(),
                                        timeouts.readMillis(), rendezvousBytes);
                t.connect(address, clientId, bellPid, bellFd);
            } catch (IOException e) {
                // what failed is closed, the tcp connection is not: the client learns why
                t = null;
                throw refuse(control, e.getMessage());
            }
            ByteBuffer identity = identify(t, provider);
            control.write(ByteBuffer.allocate(1 + identity.remaining()).put((byte) 0).put(identity).flip());
            return t;
        } catch (IOException | RuntimeException e) {
            if (t != null) {
                t.close();
                t = null;
            }
            throw e;
        } finally {
            if (sharedMemory) {
                sharedMemoryOpened(use, t);
            }
        }
    }

    /* Tells the client why not; the exception to throw (a refused peer is logged at DEBUG only). */
    private IOException refuse(ControlChannel control, String why) throws IOException {
        LOG.log(Level.DEBUG, () -> "fabric connection from " + control.peerHost() + " refused: " + why);
        byte[] message = why.getBytes(StandardCharsets.UTF_8);
        reply(control, 1, Arrays.copyOf(message, Math.min(message.length, 1024)));
        return new IOException("fabric connection refused: " + why);
    }

    /* A shared-memory connection served, or reserved while it is set up (no transport yet). */
    private static final class SharedMemoryUse {
        final String peer;              // the client JVM's token
        FabricTransport transport;

        SharedMemoryUse(String peer) {
            this.peer = peer;
        }
    }

    /*
     * Counts a shared-memory connection about to be served if both limits
     * allow it: the connections (each holds registered buffers) and the
     * peer JVMs they come from (each a region at both ends, FabricLink).
     * Closed ones are counted out here, so no close needs to call back.
     * Returns null, or why the connection is refused.
     */
    private synchronized String reserveSharedMemory(SharedMemoryUse use) {
        servedSharedMemory.removeIf(u -> u.transport != null && !u.transport.isOpen());
        if (servedSharedMemory.size() >= maxSharedMemory) {
            return "shared memory connections at their limit "
                   + "(jdk.fastrmi.fabric.maxSharedMemoryConnections=" + maxSharedMemory + ")";
        }
        Set<String> peers = new HashSet<>();
        for (SharedMemoryUse u : servedSharedMemory) {
            peers.add(u.peer);
        }
        if (!peers.contains(use.peer) && peers.size() >= maxSharedMemoryPeers) {
            return "shared memory peers at their limit "
                   + "(jdk.fastrmi.fabric.maxSharedMemoryPeers=" + maxSharedMemoryPeers + ")";
        }
        servedSharedMemory.add(use);
        return null;
    }

    /* The reserved connection opened (t) or failed to (null). */
    private synchronized void sharedMemoryOpened(SharedMemoryUse use, FabricTransport t) {
        if (t == null) {
            servedSharedMemory.remove(use);
        } else {
            use.transport = t;
        }
    }

    private static void reply(ControlChannel control, int status, byte[] body) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(3 + body.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) status).putShort((short) body.length).put(body).flip();
        control.write(b);
    }

    @Override
    public String toString() {
        return "fabric[" + localProvider + ", " + remoteProvider + "]";
    }
}
