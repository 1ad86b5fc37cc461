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

package jdk.internal.fastrmi.tcp;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

import jdk.fastrmi.spi.Bootstrap;
import jdk.fastrmi.spi.ControlChannel;
import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.JrmpPeerException;
import jdk.fastrmi.spi.SocketFactoryTechnology;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.Transport;
import jdk.fastrmi.spi.WaitPolicy;

/**
 * The tcp technology (Philippsen, Haumacher and Nester, "More Efficient
 * Serialization and RMI for Java", section 4.3): one listening socket per
 * port asked for (exports on port 0 share one), a thread per accepted
 * connection, TCP_NODELAY, IPv4 and IPv6. Receivers may spin on a
 * non-blocking socket, up to {@code jdk.fastrmi.tcp.spinMicros}, before
 * they block, as the {@link WaitPolicy} says: on a 2-core VM, waking a
 * blocked thread costs about 30 µs, more than a loopback round trip (see
 * also Chang, "Object Serialization: A Case for Specialization", section
 * 4.2.2), but a spin that takes a core from a thread with work costs more.
 *
 * <p>A client opens with JRMP's header (Java RMI specification, section
 * 10.2: "JRMI", version 2 as u2 big-endian) and a protocol byte of
 * jdk.fastrmi's, 0x46, which a server of JRMP only refuses with its
 * negative acknowledgement (0x4F) before it closes: the client then knows
 * the endpoint for a JRMP one ({@link JrmpPeerException}). A jdk.fastrmi
 * server acknowledges with 0x4E and goes on; a connection that opens with
 * JRMP's header for one of JRMP's own protocols is a JRMP client, handed
 * to {@link Acceptor#acceptJrmp}. The client sends its header and the
 * bytes that follow it in one write and reads the acknowledgement with
 * the answer to them, so the negotiation costs no round trip.
 *
 * <p>The handshake (integers little-endian): the client sends "FRMI", the
 * protocol version (u1), its serialization (u1) and its stream header (u4
 * length, bytes); the server answers "FRMI", the version, a status (u1: 0
 * accepted, 1 refused) and its own stream header. Then frames (see
 * {@link Frame}) until either end closes.
 *
 * <p>The tcp technology is also a {@link Bootstrap}: another technology
 * may set its connections up over these (the fabric technology exchanges
 * its addresses here). Its client sends its own magic before the
 * handshake, and the {@link Bootstrap.Upgrade} registered for that magic
 * answers and gives the transport the calls then run on; the tcp
 * connection stays open as that transport's {@link ControlChannel}.
 *
 * <p>An export with RMI socket factories runs the same protocol over the
 * factories' sockets ({@link FactorySockets}, {@link SocketTransport}).
 *
 * <p>Settings, read once: {@code jdk.fastrmi.tcp.bindAddress},
 * {@code jdk.fastrmi.tcp.spinMicros}, {@code jdk.fastrmi.tcp.dgc} and the
 * limits of {@link TcpLimits} (stock RMI's time-outs, a cap on connections).
 */
final class TcpTechnology implements SocketFactoryTechnology, Bootstrap {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");
    static final String ID = "tcp";
    static final int MAGIC = 0x494D5246;    // "FRMI" little-endian
    /* JRMP's magic "JRMI" as a little-endian int, its version, and the bytes a JRMP server answers a protocol with */
    static final int JRMP_MAGIC = 0x494D524A;
    static final int JRMP_VERSION = 2;
    static final byte FAST_PROTOCOL = 0x46;
    static final byte PROTOCOL_ACK = 0x4E;
    static final byte PROTOCOL_NACK = 0x4F;
    static final byte[] JRMP_HEADER = {'J', 'R', 'M', 'I', 0, JRMP_VERSION, FAST_PROTOCOL};
    private static final AtomicInteger CONNECTIONS = new AtomicInteger();
    private static final long REFUSAL_LOG_NANOS = 60_000_000_000L;
    /* Pause after an accept or a thread start failed (out of descriptors, of threads): do not spin. */
    private static final long ACCEPT_BACKOFF_MILLIS = 100;

    private final String bindAddress;       // null: the wildcard
    private final WaitPolicy waiting;
    private final long handshakeTimeoutNanos;
    private final TcpLimits limits;
    private final DistributedGC.Kind gcKind;
    /* incoming connections being served, at most limits.maxConnections() */
    private final AtomicInteger served = new AtomicInteger();
    /* when a refusal or failure to serve was last logged: once a minute at most */
    private final AtomicLong lastRefusalLog = new AtomicLong(System.nanoTime() - REFUSAL_LOG_NANOS);
    private final Map<Integer, ServerSocketChannel> listeners = new HashMap<>();
    private ServerSocketChannel shared;
    private String localHost;
    private final Map<Integer, Upgrade> upgrades = new ConcurrentHashMap<>();
    private final FactorySockets factorySockets;

    /**
     * Creates the technology.
     *
     * @param bindAddress the address to listen on, or null for all
     * @param waiting how a receiver waits for data
     * @param limits the time-outs and the cap on connections
     * @param gcKind the distributed GC of tcp references
     * @param tlsEngines whether javax.rmi.ssl's factories are served on
     *        channels of this technology (TlsSocket) rather than their own
     *        sockets
     */
    TcpTechnology(String bindAddress, WaitPolicy waiting, TcpLimits limits, DistributedGC.Kind gcKind,
                  boolean tlsEngines) {
        this.bindAddress = bindAddress;
        this.waiting = waiting;
        this.limits = limits;
        this.handshakeTimeoutNanos = limits.timeouts().handshakeMillis() * 1_000_000;
        this.gcKind = gcKind;
        this.factorySockets = new FactorySockets(this, tlsEngines);
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
    public boolean reaches(Endpoint endpoint) {
        return true;
    }

    @Override
    public int port(Endpoint endpoint) {
        String a = endpoint.address();
        try {
            return Integer.parseInt(a.substring(a.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad tcp address " + a, e);
        }
    }

    @Override
    public String host(Endpoint endpoint) {
        String a = endpoint.address();
        int colon = a.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("bad tcp address " + a);
        }
        return a.substring(0, colon);
    }

    @Override
    public Endpoint endpoint(String host, int port) {
        String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        return new Endpoint(ID, h + ":" + port);
    }

    /* A host as an endpoint's address writes it, without the brackets of an IPv6 literal. */
    static String literalHost(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /* The socket address of a tcp endpoint, resolved. */
    private static InetSocketAddress address(Endpoint e) throws IOException {
        String a = e.address();
        int colon = a.lastIndexOf(':');
        if (colon <= 0) {
            throw new IOException("bad tcp address " + a);
        }
        String host = literalHost(a.substring(0, colon));
        int port;
        try {
            port = Integer.parseInt(a.substring(colon + 1));
        } catch (NumberFormatException ex) {
            throw new IOException("bad tcp address " + a);
        }
        if (port <= 0 || port > 65535) {
            throw new IOException("bad tcp port in " + a);
        }
        return new InetSocketAddress(InetAddress.getByName(host), port);
    }

    @Override
    public synchronized Endpoint listen(int port, Acceptor acceptor) throws IOException {
        ServerSocketChannel ch = port == 0 ? shared : listeners.get(port);
        if (ch == null) {
            InetAddress bind = bindAddress == null ? null : InetAddress.getByName(bindAddress);
            ch = openListener(new InetSocketAddress(bind, port));
            int actual = ((InetSocketAddress) ch.getLocalAddress()).getPort();
            if (port == 0) {
                shared = ch;
            }
            listeners.put(actual, ch);
            ServerSocketChannel server = ch;
            Thread.ofPlatform().daemon(true).name("fastrmi-tcp-accept-" + actual)
                  .start(() -> acceptLoop(server, acceptor, actual, null));
        }
        return endpoint(advertisedHost(), ((InetSocketAddress) ch.getLocalAddress()).getPort());
    }

    /* A listening socket, bound. */
    static ServerSocketChannel openListener(InetSocketAddress bind) throws IOException {
        ServerSocketChannel ch = ServerSocketChannel.open();
        try {
            ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            ch.bind(bind, 128);
            return ch;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    @Override
    public boolean listensOn(Endpoint endpoint) {
        int port = port(endpoint);
        synchronized (this) {
            return listeners.containsKey(port);
        }
    }

    @Override
    public synchronized void unlisten(int port) {
        ServerSocketChannel ch = listeners.get(port);
        if (ch != null && ch != shared) {
            listeners.remove(port);
            try {
                ch.close();             // its accept thread ends
            } catch (IOException ignore) {
                // closed anyway
            }
        }
    }

    String advertisedHost() throws IOException {
        // read at each export, as stock RMI does
        String hostname = System.getProperty("java.rmi.server.hostname");
        if (hostname != null && !hostname.isBlank()) {
            return hostname.trim();
        }
        if (bindAddress != null) {
            InetAddress b = InetAddress.getByName(bindAddress);
            if (!b.isAnyLocalAddress()) {
                return b.getHostAddress();
            }
        }
        if (localHost == null) {
            localHost = InetAddress.getLocalHost().getHostAddress();
        }
        return localHost;
    }

    /*
     * Accepts connections until the listener is closed, each served on a
     * thread of its own; links, if not null, names those threads and keeps
     * track of them (a listener of its own, see TcpLinks).
     */
    void acceptLoop(ServerSocketChannel server, Acceptor acceptor, int port, TcpLinks.Tracker links) {
        while (server.isOpen()) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException | RuntimeException | Error e) {
                // out of file descriptors, say: the listener goes on after a pause
                refusal(() -> "accept failed on port " + port, e);
                if (!backOff()) {
                    return;
                }
                continue;
            }
            Consumer<Runnable> start = links == null ? service -> connectionThread("", service)
                                       : service -> links.start(ch, service);
            if (!serveCounted(ch, port, start, () -> serveConnection(ch, acceptor, port))) {
                return;
            }
        }
    }

    /* Starts a thread for an accepted connection, named after it (suffix: what kind). */
    static void connectionThread(String suffix, Runnable service) {
        Thread.ofPlatform().daemon(true).name("fastrmi-tcp-conn-" + CONNECTIONS.incrementAndGet() + suffix)
              .start(service);
    }

    /*
     * Serves an accepted connection on a thread that start starts, counted
     * against the cap (admitConnection) until serve returns; one over the
     * cap, or without a thread, is closed. False if the accepting thread
     * was interrupted while it backed off (its listener closes).
     */
    boolean serveCounted(Closeable connection, int port, Consumer<Runnable> start, Runnable serve) {
        if (!admitConnection(port)) {
            closeQuietly(connection);
            return true;
        }
        try {
            start.accept(() -> {
                try {
                    serve.run();
                } finally {
                    connectionEnded();
                }
            });
            return true;
        } catch (RuntimeException | Error e) {
            // no thread to be had (OutOfMemoryError: unable to create native thread)
            connectionEnded();
            closeQuietly(connection);
            refusal(() -> "connection on port " + port + " refused: no thread to serve it", e);
            return backOff();
        }
    }

    /*
     * Counts an accepted connection against the cap on those served
     * (jdk.fastrmi.tcp.maxConnections, plain and through socket factories
     * together); false, said, if it is over. A connection counted ends
     * with connectionEnded.
     */
    private boolean admitConnection(int port) {
        if (served.incrementAndGet() <= limits.maxConnections()) {
            return true;
        }
        served.decrementAndGet();
        refusal(() -> "connection on port " + port + " refused: " + limits.maxConnections()
                      + " connections served already (jdk.fastrmi.tcp.maxConnections)", null);
        return false;
    }

    private void connectionEnded() {
        served.decrementAndGet();
    }

    TcpLimits limits() {
        return limits;
    }

    /* How a new receiving end waits. */
    WaitPolicy.Waiter newWaiter() {
        return waiting.newWaiter();
    }

    // ------------------------------------------------- socket factories --

    @Override
    public Endpoint listen(int port, RMIServerSocketFactory ssf, Acceptor acceptor) throws IOException {
        return factorySockets.listen(port, ssf, acceptor);
    }

    @Override
    public void unlisten(int port, RMIServerSocketFactory ssf) {
        factorySockets.unlisten(port, ssf);
    }

    @Override
    public Handshake.Connected connect(Endpoint endpoint, RMIClientSocketFactory csf, Handshake hello)
            throws IOException {
        return factorySockets.connect(endpoint, csf, hello);
    }

    /* Logs why a connection was not served, once a minute at most; the rest at DEBUG. */
    void refusal(Supplier<String> why, Throwable cause) {
        long now = System.nanoTime();
        long last = lastRefusalLog.get();
        Level level = now - last >= REFUSAL_LOG_NANOS && lastRefusalLog.compareAndSet(last, now)
                      ? Level.WARNING : Level.DEBUG;
        if (LOG.isLoggable(level)) {
            LOG.log(level, "jdk.fastrmi: " + why.get(), cause);
        }
    }

    /* Pauses the accepting thread; false if it was interrupted (its listener closes). */
    static boolean backOff() {
        try {
            Thread.sleep(ACCEPT_BACKOFF_MILLIS);
            return true;
        } catch (InterruptedException ie) {
            return false;
        }
    }

    @Override
    public void addUpgrade(int magic, Upgrade upgrade) {
        if (magic == MAGIC) {
            throw new IllegalArgumentException("the handshake's own magic");
        }
        if (upgrades.putIfAbsent(magic, upgrade) != null) {
            throw new IllegalArgumentException("magic 0x" + Integer.toHexString(magic) + " has an upgrade already");
        }
    }

    void serveConnection(SocketChannel ch, Acceptor acceptor, int port) {
        TcpTransport t;
        try {
            t = new TcpTransport(ch, waiting.newWaiter(), handshakeTimeoutNanos, limits.timeouts().readMillis(),
                                 limits.keepAlive());
        } catch (IOException e) {
            closeQuietly(ch);
            return;
        }
        Transport calls = t;
        boolean handedOver = false;
        try {
            if (t.peekMagic() == JRMP_MAGIC && !t.acceptJrmpHeader()) {
                // a JRMP client: the stock transport serves it
                handedOver = true;
                acceptor.acceptJrmp(t.detach(), port);
                return;
            }
            if (!upgrades.isEmpty()) {
                Upgrade u = upgrades.get(t.peekMagic());
                if (u != null) {
                    t.skipMagic();
                    calls = u.upgrade(t);
                }
            }
            Handshake hello = t.readHandshake(-1);
            Session session = hello == null ? null : acceptor.accept(calls, hello, port);
            if (session == null) {
                t.writeHandshake(1, new Handshake(Handshake.FAST, new byte[0]));
                t.close();
                return;
            }
            t.writeHandshake(0, session.answer());
            session.serve();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, () -> "tcp connection on port " + port + " ended: " + e);
        } finally {
            if (!handedOver) {
                calls.close();
                t.close();
            }
        }
    }

    @Override
    public Handshake.Connected connect(Endpoint endpoint, Handshake hello) throws IOException {
        return connect(endpoint, hello, null);
    }

    /*
     * Opens a connection to the listener of a tcp endpoint, runs an upgrade
     * on it (none if null), then exchanges the handshake.
     */
    @Override
    public Handshake.Connected connect(Endpoint endpoint, Handshake hello, Upgrade upgrade)
            throws IOException {
        return connect(address(endpoint), hello, upgrade, endpoint.toString(), true);
    }

    /*
     * The same to a socket address; peerName names it in exceptions. An RMI
     * connection opens with JRMP's header (jrmpHeader), which tells a JRMP
     * server from ours; the object exchange nodes' do not.
     */
    Handshake.Connected connect(InetSocketAddress peer, Handshake hello, Upgrade upgrade, String peerName,
                                boolean jrmpHeader) throws IOException {
        SocketChannel ch = SocketChannel.open();
        Transport calls = null;
        try {
            connect(ch, peer, limits.timeouts().connectMillis());
            TcpTransport t = new TcpTransport(ch, waiting.newWaiter(), handshakeTimeoutNanos,
                                              limits.timeouts().responseMillis(), limits.keepAlive());
            if (jrmpHeader) {
                t.openWithJrmpHeader(peerName);
            }
            if (upgrade != null) {
                calls = upgrade.upgrade(t);
            } else {
                calls = t;
            }
            t.writeHandshake(-1, hello);
            Handshake answer = t.readHandshake(hello.serialization());
            if (answer == null) {
                calls.close();
                t.close();
                throw new IOException("connection refused by " + peerName);
            }
            return new Handshake.Connected(calls, answer);
        } catch (IOException | RuntimeException e) {
            if (calls != null) {
                calls.close();
            }
            closeQuietly(ch);
            throw e;
        }
    }

    /*
     * Connects, in no more than timeoutMillis if that is not 0: through the
     * socket adaptor, whose connect takes a time-out (the channel's does not).
     */
    static void connect(SocketChannel ch, InetSocketAddress peer, long timeoutMillis) throws IOException {
        if (timeoutMillis == 0) {
            ch.connect(peer);
            return;
        }
        if (peer.isUnresolved()) {
            throw new UnknownHostException(peer.getHostString());
        }
        try {
            ch.socket().connect(peer, (int) Math.min(timeoutMillis, Integer.MAX_VALUE));
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException("connect to " + peer + " timed out after " + timeoutMillis + " ms");
        }
    }

    static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException ignore) {
            // nothing to do
        }
    }

    // ------------------------------------------------------- handshake --

    /* status: -1 for a client's hello (the serialization is sent), else the server's status */
    static ByteBuffer handshakeBytes(int status, Handshake h) {
        byte[] header = h.streamHeader();
        ByteBuffer b = ByteBuffer.allocate(10 + header.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC).put((byte) Handshake.VERSION)
         .put((byte) (status < 0 ? h.serialization() : status))
         .putInt(header.length).put(header).flip();
        return b;
    }

    /* The length of a handshake's stream header, checked. */
    static int handshakeHeaderLength(int len) throws IOException {
        if (len < 0 || len > Handshake.MAX_HEADER) {
            throw new IOException("bad handshake header length " + len);
        }
        return len;
    }

    /*
     * What a handshake read after its magic says: the client's hello
     * (serialization -1: the code is its serialization), or the server's
     * answer to a hello with that serialization (the code is its status);
     * null if refused or unsupported.
     */
    static Handshake handshake(int serialization, int version, int code, byte[] header) {
        boolean answer = serialization >= 0;
        if (!answer) {
            serialization = code;
        }
        if (version != Handshake.VERSION || (answer && code != 0)
                || (serialization != Handshake.FAST && serialization != Handshake.JDK)) {
            return null;
        }
        return new Handshake(serialization, header);
    }

    /** One tcp connection, either end; the control channel of a connection upgraded from it. */
    static final class TcpTransport implements Transport, ControlChannel {

        private static final int INITIAL_INPUT_BYTES = 8 * 1024;
        private static final int LARGE_INPUT_BYTES = 64 * 1024;
        private static final int INITIAL_OUTPUT_BYTES = 8 * 1024;
        /* The largest frame this end writes (the peer's maxFrameBytes decides what it takes). */
        private static final long MAX_OUTPUT_BYTES = Integer.MAX_VALUE - 8;
        private final SocketChannel ch;
        private final ChannelIo io;
        private final long handshakeTimeoutNanos;
        private final long readTimeoutNanos;    // 0: none
        /*
         * What was read from the socket and not taken yet: small at first, as
         * stock's 8 KiB, so that thousands of idle connections cost little
         * (direct memory counts against -XX:MaxDirectMemorySize, by default
         * the heap's size); larger once a frame longer than it arrives, so
         * that bulk data takes few reads.
         */
        private ByteBuffer in = ByteBuffer.allocateDirect(INITIAL_INPUT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        private byte[] lastArray;
        private ByteBuffer lastWrap;
        /*
         * Where the fast streams write frames in place: a socket write from
         * native memory copies nothing into a temporary direct buffer first.
         * It grows with the frames, as the streams' own buffers would; made
         * at the first frame (a control channel or a JDK-serialization
         * connection never asks for it).
         */
        private MemorySegment out;
        private ByteBuffer outView;
        /*
         * A frame longer than the input buffer is read straight into this
         * native buffer, grown as its bytes arrive (at most twice those), and
         * left there for the reader (Frame.setNative): no copy into the heap.
         */
        private MemorySegment longFrame;
        private final String peerHost;
        private final boolean peerLocal;
        private volatile boolean open = true;
        private volatile Selector selector;    // awaitReadable's, opened at its first use
        /*
         * What goes out in front of the next write, in its segment: a
         * client's JRMP header; a server's acknowledgement of that header
         * when the client's hello came with it (then it travels with the
         * answer, and the client reads both after one wait).
         */
        private ByteBuffer prefix;
        /* a client's: whom the acknowledgement is awaited from */
        private String awaitingAckFrom;
        /* the deadline of the frame being received, 0 for none, and the time-out it was set from */
        private long deadline;
        private long receiveTimeoutNanos;

        /*
         * readTimeoutMillis bounds the wait for a frame to begin and, once
         * begun, to arrive whole; 0 for no bound.
         */
        TcpTransport(SocketChannel ch, WaitPolicy.Waiter waiter, long handshakeTimeoutNanos, long readTimeoutMillis,
                     TcpLimits.KeepAlive keepAlive) throws IOException {
            this.ch = ch;
            this.io = new ChannelIo(ch, waiter);
            this.handshakeTimeoutNanos = handshakeTimeoutNanos;
            this.readTimeoutNanos = readTimeoutMillis * 1_000_000;
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            // as stock's sockets: a peer whose host vanished without a FIN is found in the end
            keepAlive.apply(ch);
            ch.configureBlocking(false);
            in.flip();          // empty
            InetAddress peer = ((InetSocketAddress) ch.getRemoteAddress()).getAddress();
            peerHost = peer instanceof Inet6Address ? peer.getHostAddress() : peer.getHostAddress();
            peerLocal = isLocal(peer);
        }

        static boolean isLocal(InetAddress a) {
            if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
                return true;
            }
            try {
                return NetworkInterface.getByInetAddress(a) != null;
            } catch (SocketException e) {
                return false;
            }
        }

        // ---------------------------------------------------- handshake --

        void writeHandshake(int status, Handshake h) throws IOException {
            writeFully(handshakeBytes(status, h));
        }

        /*
         * The client's hello (serialization -1: read from it), or the
         * server's answer to a hello with that serialization; null if
         * refused or unsupported.
         */
        Handshake readHandshake(int serialization) throws IOException {
            long deadline = System.nanoTime() + handshakeTimeoutNanos;
            if (awaitingAckFrom != null) {
                awaitAck(deadline);
            }
            fillBefore(4, deadline);
            if (in.getInt() != MAGIC) {
                // a JRMP client or anything else: refused at once, not after a timeout
                throw new IOException("not a jdk.fastrmi peer (bad magic)");
            }
            fillBefore(6, deadline);
            int version = in.get() & 0xFF;
            int code = in.get() & 0xFF;
            int len = handshakeHeaderLength(in.getInt());
            fillBefore(len, deadline);
            byte[] header = new byte[len];
            in.get(header);
            return handshake(serialization, version, code, header);
        }

        /* A client's: JRMP's header with jdk.fastrmi's protocol goes out with the first write. */
        void openWithJrmpHeader(String peerName) {
            prefix = ByteBuffer.wrap(JRMP_HEADER);
            awaitingAckFrom = peerName;
        }

        /*
         * A client's, before it reads anything: the server's answer to the
         * JRMP header. A JRMP server's refusal is a JrmpPeerException.
         */
        private void awaitAck(long deadline) throws IOException {
            String peer = awaitingAckFrom;
            awaitingAckFrom = null;
            try {
                fillBefore(1, deadline);
            } catch (EOFException e) {
                throw new EOFException("connection to " + peer + " closed before its protocol acknowledgement");
            }
            byte b = in.get();
            if (b == PROTOCOL_NACK) {
                close();
                throw new JrmpPeerException(peer + " speaks JRMP only");
            }
            if (b != PROTOCOL_ACK) {
                throw new IOException("not a jdk.fastrmi or JRMP peer: " + peer + " answered 0x"
                                      + Integer.toHexString(b & 0xFF));
            }
        }

        /*
         * A server's, after peekMagic found JRMP's magic: true (the header
         * consumed and acknowledged) if the client asks for jdk.fastrmi's
         * protocol, false (nothing consumed) for any other.
         */
        boolean acceptJrmpHeader() throws IOException {
            fillBefore(JRMP_HEADER.length, System.nanoTime() + handshakeTimeoutNanos);
            int p = in.position();
            int version = ((in.get(p + 4) & 0xFF) << 8) | (in.get(p + 5) & 0xFF);
            if (version != JRMP_VERSION || in.get(p + 6) != FAST_PROTOCOL) {
                return false;
            }
            in.position(p + JRMP_HEADER.length);
            ByteBuffer ack = ByteBuffer.wrap(new byte[] {PROTOCOL_ACK});
            if (in.remaining() >= Integer.BYTES) {
                prefix = ack;
            } else {
                writeFully(ack);        // a client that awaits it before it says more
            }
            return true;
        }

        /*
         * Hands the connection over as a blocking socket whose input begins
         * with what was read and not taken; this transport is done with it.
         */
        Socket detach() throws IOException {
            byte[] unread = new byte[in.remaining()];
            in.get(unread);
            Selector s = selector;
            if (s != null) {
                s.close();
            }
            ch.configureBlocking(true);
            open = false;
            return new ReplaySocket(ch, unread);
        }

        /*
         * A message behind the prefix, in one buffer: one segment. A
         * client's first message so that a JRMP server that refuses finds
         * nothing unread when it closes (a FIN, not a reset that could lose
         * its refusal).
         */
        private ByteBuffer withPrefix(ByteBuffer b) {
            ByteBuffer header = prefix;
            prefix = null;
            ByteBuffer both = ByteBuffer.allocate(header.remaining() + b.remaining());
            both.put(header).put(b).flip();
            b.position(b.limit());
            return both;
        }

        /* The peer's first four bytes, little-endian, left unread. */
        int peekMagic() throws IOException {
            fillBefore(4, System.nanoTime() + handshakeTimeoutNanos);
            return in.getInt(in.position());
        }

        /* Consumes the four bytes peekMagic returned. */
        void skipMagic() {
            in.getInt();
        }

        @Override
        public void write(ByteBuffer b) throws IOException {
            writeFully(b);
        }

        /* Waits no longer than a handshake may (sun.rmi.transport.tcp.handshakeTimeout). */
        @Override
        public ByteBuffer read(int n) throws IOException {
            if (n < 0 || n > in.capacity()) {
                throw new IOException("bad upgrade message length " + n);
            }
            long deadline = System.nanoTime() + handshakeTimeoutNanos;
            if (awaitingAckFrom != null) {
                awaitAck(deadline);
            }
            fillBefore(n, deadline);
            ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
            b.put(b.position(), in, in.position(), n);
            in.position(in.position() + n);
            return b;
        }

        @Override
        public int drain() {
            int total = 0;
            try {
                while (true) {
                    in.clear();
                    int n = ch.read(in);
                    if (n < 0) {
                        return -1;
                    }
                    if (n == 0) {
                        return total;
                    }
                    total += n;
                }
            } catch (IOException e) {
                return -1;
            } finally {
                in.clear().flip();      // empty
            }
        }

        /*
         * Opens the selector awaitReadable waits on, at its first use (two
         * descriptors more: epoll and an eventfd). No technology of the
         * image sleeps on its control connection (the fabric's shared
         * memory sleeps on a doorbell), so an upgraded connection holds its
         * socket alone.
         */
        private void openSelector() throws IOException {
            if (selector == null) {
                Selector s = Selector.open();
                try {
                    ch.register(s, SelectionKey.OP_READ);
                } catch (IOException | RuntimeException e) {
                    s.close();
                    throw e;
                }
                selector = s;
                if (!open) {
                    s.close();      // closed meanwhile: close() may have missed it
                }
            }
        }

        @Override
        public boolean awaitReadable(long millis) throws IOException {
            try {
                openSelector();
                Selector s = selector;
                int n = s.select(millis);
                s.selectedKeys().clear();
                return n > 0;
            } catch (ClosedSelectorException | ClosedChannelException e) {
                throw new IOException("connection closed", e);
            }
        }

        // ------------------------------------------------------- frames --

        @Override
        public MemorySegment sendBuffer() {
            if (out == null) {
                out = Arena.ofAuto().allocate(INITIAL_OUTPUT_BYTES, 8);
                outView = out.asByteBuffer();
            }
            return out;
        }

        @Override
        public MemorySegment growSendBuffer(long minimumSize) throws IOException {
            if (minimumSize > MAX_OUTPUT_BYTES) {
                throw new IOException("frame of " + minimumSize + " bytes above the limit of " + MAX_OUTPUT_BYTES);
            }
            long size = Math.max(minimumSize, 2 * sendBuffer().byteSize());
            out = Arena.ofAuto().allocate(Math.min(size, MAX_OUTPUT_BYTES), 8);
            outView = out.asByteBuffer();
            return out;
        }

        @Override
        public void sendBuffered(int length) throws IOException {
            if (length < Frame.HEADER || length > sendBuffer().byteSize()) {
                throw new IllegalArgumentException("frame length " + length);
            }
            writeFully(outView.limit(length).position(0));
        }

        @Override
        public void send(byte[] frame, int length) throws IOException {
            ByteBuffer b = lastWrap;
            if (lastArray != frame) {
                lastArray = frame;
                b = lastWrap = ByteBuffer.wrap(frame);
            }
            b.limit(length).position(0);
            writeFully(b);
        }

        private void writeFully(ByteBuffer b) throws IOException {
            if (prefix != null) {
                b = withPrefix(b);
            }
            try {
                ChannelIo.writeFully(ch, b);
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        @Override
        public void receive(Frame frame) throws IOException {
            receiveWithin(frame, readTimeoutNanos);
        }

        @Override
        public void receive(Frame frame, long timeoutMillis) throws IOException {
            receiveWithin(frame, Timeouts.receiveNanos(timeoutMillis));
        }

        /* timeoutNanos bounds the wait for the frame to begin and, once begun, to arrive whole; 0: none */
        private void receiveWithin(Frame frame, long timeoutNanos) throws IOException {
            try {
                receiveTimeoutNanos = timeoutNanos;
                deadline = timeoutNanos == 0 ? 0 : System.nanoTime() + timeoutNanos;
                if (in.remaining() == 0 && readSome() < 0) {
                    throw new EOFException("connection closed");
                }
                if (timeoutNanos != 0) {
                    deadline = System.nanoTime() + timeoutNanos;     // the frame has begun
                }
                fill(Frame.HEADER);
                int len = in.getInt();
                if (len > in.capacity() && in.capacity() < LARGE_INPUT_BYTES) {
                    growInput();
                }
                frame.prepare(len);
                if (frame.length() > in.capacity()) {
                    receiveLong(frame);
                    return;
                }
                byte[] data = frame.data();
                data[0] = (byte) len;
                data[1] = (byte) (len >>> 8);
                data[2] = (byte) (len >>> 16);
                data[3] = (byte) (len >>> 24);
                int got = Frame.HEADER;
                int total = frame.length();
                while (got < total) {
                    if (!in.hasRemaining()) {
                        fill(1);
                    }
                    int end = frame.room(got);
                    data = frame.data();
                    int n = Math.min(in.remaining(), end - got);
                    in.get(data, got, n);
                    got += n;
                }
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        /* The frame prepared, longer than the input buffer, read into longFrame and left there. */
        private void receiveLong(Frame frame) throws IOException {
            int total = frame.length();
            MemorySegment dst = longFrame;
            if (dst == null || dst.byteSize() < total) {
                // grown with what arrives: a length alone reserves little
                dst = Arena.ofAuto().allocate(Math.min(total, Math.max(2L * LARGE_INPUT_BYTES,
                                                                       dst == null ? 0 : dst.byteSize())), 8);
            }
            dst.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0, total - Frame.HEADER);
            int got = Frame.HEADER;
            int buffered = Math.min(in.remaining(), total - got);
            MemorySegment.copy(MemorySegment.ofBuffer(in), 0, dst, got, buffered);     // from in's position
            in.position(in.position() + buffered);
            got += buffered;
            while (got < total) {
                if (got == dst.byteSize()) {
                    MemorySegment larger = Arena.ofAuto().allocate(Math.min(total, 2L * got), 8);
                    MemorySegment.copy(dst, 0, larger, 0, got);
                    dst = larger;
                }
                ByteBuffer b = dst.asSlice(got, Math.min(dst.byteSize(), total) - got).asByteBuffer();
                int n = readInto(b);
                if (n < 0) {
                    throw new EOFException("connection closed mid-frame");
                }
                got += n;
            }
            longFrame = dst;
            frame.setNative(dst, total);
        }

        /* A connection that carries long frames: the larger buffer, with what was read already. */
        private void growInput() {
            ByteBuffer larger = ByteBuffer.allocateDirect(LARGE_INPUT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            larger.put(in).flip();
            in = larger;
        }

        /* Makes n bytes readable, waiting until a deadline: a handshake must not hang a thread. */
        private void fillBefore(int n, long deadline) throws IOException {
            while (in.remaining() < n) {
                in.compact();
                int r;
                try {
                    // polled and then blocked as a frame's wait is: no selector opened per wait
                    r = io.read(in, deadline);
                } catch (SocketTimeoutException e) {
                    throw new SocketTimeoutException("no handshake from " + peerHost + " within "
                                                     + handshakeTimeoutNanos / 1_000_000 + " ms");
                } finally {
                    in.flip();
                }
                if (r < 0) {
                    throw new EOFException("connection closed during the handshake");
                }
            }
        }

        private void fill(int n) throws IOException {
            while (in.remaining() < n) {
                if (readSome() < 0) {
                    throw new EOFException("connection closed mid-frame");
                }
            }
        }

        /* Reads what is there into in, without waiting; -1 at EOF. */
        private int readNow() throws IOException {
            in.compact();
            try {
                return ch.read(in);
            } finally {
                in.flip();
            }
        }

        /* Reads what is there into in, polling as the wait policy says before it blocks; -1 at EOF. */
        private int readSome() throws IOException {
            in.compact();
            try {
                return readInto(in);
            } finally {
                in.flip();
            }
        }

        /* Reads what is there into b (in write mode), polling as the wait policy says before it blocks; -1 at EOF. */
        private int readInto(ByteBuffer b) throws IOException {
            try {
                return io.read(b, deadline);
            } catch (SocketTimeoutException e) {
                throw new SocketTimeoutException("read timed out: nothing from " + peerHost + " within "
                                                 + receiveTimeoutNanos / 1_000_000 + " ms");
            }
        }

        /*
         * Receives a frame if its first bytes have arrived (then waiting
         * for the rest, as receive does), else returns false at once; for
         * a sender that must notice what its peer said without a thread
         * of its own reading.
         */
        boolean poll(Frame frame) throws IOException {
            if (!in.hasRemaining()) {
                int n;
                try {
                    n = readNow();
                } catch (IOException e) {
                    close();
                    throw e;
                }
                if (n < 0) {
                    close();
                    throw new EOFException("connection closed");
                }
                if (n == 0) {
                    return false;
                }
            }
            receive(frame);
            return true;
        }

        @Override
        public boolean probe() {
            if (!isOpen() || in.hasRemaining()) {
                close();                // data nobody asked for: the streams disagree
                return false;
            }
            try {
                if (readNow() != 0) {
                    close();
                    return false;
                }
                return true;
            } catch (IOException e) {
                close();
                return false;
            }
        }

        @Override
        public String peerHost() {
            return peerHost;
        }

        @Override
        public boolean peerIsLocal() {
            return peerLocal;
        }

        @Override
        public boolean peerIsSameUser() {
            try {
                return peerLocal && LoopbackPeers.sameUser((InetSocketAddress) ch.getLocalAddress(),
                                                           (InetSocketAddress) ch.getRemoteAddress());
            } catch (IOException e) {
                return false;
            }
        }

        @Override
        public boolean isOpen() {
            return open && ch.isOpen();
        }

        @Override
        public void close() {
            open = false;
            closeQuietly(ch);
            Selector s = selector;
            if (s != null) {
                try {
                    s.close();
                } catch (IOException ignore) {
                    // closed anyway
                }
            }
        }
    }
}
