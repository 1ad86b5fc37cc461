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

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.SocketTimeoutException;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import jdk.fastrmi.spi.ControlChannel;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Timeouts;
import jdk.fastrmi.spi.Transport;
import jdk.fastrmi.spi.WaitPolicy;

/**
 * One fabric connection, either end: its part of a {@link FabricLink} (an
 * endpoint of libfastfabric that talks to the peer's JVM, shared over
 * shared memory with the other connections between the two JVMs), and
 * the bootstrap's connection it was set up over (tcp's, seen as a
 * {@link ControlChannel}; called the tcp connection below), kept open as
 * the sign that the peer lives (shared memory has no other: a dead peer's
 * messages just stop).
 *
 * <p>Frames travel as tagged messages from registered off-heap buffers,
 * each tag the receiving connection's id on its link and a kind. A
 * frame of up to {@link #EAGER} bytes is one message (kind {@link #TAG_FRAME})
 * received in place into one of two posted buffers: while the runtime reads
 * one frame, the next can already land in the other. A longer frame sends
 * its first {@code EAGER} bytes the same way and the rest as messages of at
 * most {@link #CHUNK} bytes (kind {@link #TAG_BULK}), received into a buffer
 * that grows with the bytes that arrive, never to more than twice those
 * (as tcp's frames), so a hostile length costs nothing.
 *
 * <p>Over shared memory ({@code shm}) a frame longer than
 * {@code jdk.fastrmi.fabric.rendezvousBytes} (default 4096, at most
 * {@code EAGER}) takes
 * no part of that: the sender's stream writes it into the sender's
 * {@link SharedRegion} (made at the first long frame, grown in powers of
 * two up to the frame limit), and one message of 32 bytes tells the peer
 * where; the peer maps the region once and reads the frame in place. Each
 * byte is copied twice in all, by the writing stream and by the reading
 * one, where libfabric's shared-memory queues add two copies more in
 * slices that each need the other process's progress (measured at 1 MiB:
 * about 0.8 ms a round trip that way). A region is written again only
 * after a frame from the peer, which shows it is done reading (a receiver
 * reads a frame whole before it answers, {@link Transport#receive}).
 *
 * <p>Over shared memory every frame also takes the next slot of the
 * receiver's {@link Mailbox}: a frame of up to {@link Mailbox#SLOT_DATA}
 * bytes travels there inline, without libfabric; a longer one leaves a mark
 * there and travels as above, so frames are taken in the order they were
 * sent whichever way each went.
 *
 * <p>The fast streams write requests and replies straight into the send
 * buffer ({@link #sendBuffer()}); a receiver reads them where they landed
 * ({@link Frame#setNative}).
 *
 * <p>Waiting spins on the completion queue, up to
 * {@code jdk.fastrmi.fabric.spinMicros} as the {@link WaitPolicy} decides,
 * then sleeps. Where the provider can wake a sleeper (tcp, verbs: a
 * descriptor), the thread waits in libfastfabric in slices of
 * {@link #WAIT_MILLIS}. Shared memory cannot: a peer writes into
 * this process's memory and nothing signals it. There each end has a
 * {@link Doorbell}, a futex word the peer maps: a receiver marks it
 * asleep, looks at its queue once more and sleeps on it; the peer rings
 * it at each poll of the connection, which follows each message it posts
 * (and keeps a long transfer moving: it needs both ends' progress). A
 * message posted before the mark is found by the second look; one posted
 * after it comes with a ring. Between sleeps of at most
 * {@link #SLEEP_MILLIS} the receiver checks that the tcp connection still
 * stands (its end is how a dead peer shows) and that the transport is open.
 */
final class FabricTransport implements Transport {

    /** The largest frame sent as one message, and the size of each receive buffer. */
    static final int EAGER = 64 * 1024;
    /** The largest message of the rest of a longer frame. */
    static final int CHUNK = 1 << 20;
    static final long TAG_FRAME = 1;
    static final long TAG_BULK = 2;
    /** How long one wait in the library lasts before liveness and close are checked. */
    static final int WAIT_MILLIS = 20;
    /** How long one sleep on the doorbell lasts before liveness and close are checked. */
    static final int SLEEP_MILLIS = 100;
    /** Failed posts to a full queue, or turns at a full mailbox, between two checks that the peer lives. */
    private static final int FULL_QUEUE_POLLS = 1024;
    /** Turns of a spin on the mailbox between two polls of the library; a power of two. */
    private static final int LIBRARY_TURNS = 16;
    private static final long CTX_SEND = 1;
    private static final long CTX_FRAME = 2;
    private static final long CTX_BULK = 3;

    private static final ValueLayout.OfInt LENGTH_FIELD =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG_FIELD =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** The smallest rendezvousBytes taken. */
    static final int MIN_RENDEZVOUS = 256;
    /*
     * The default rendezvousBytes: libfabric's shm copies a message of up
     * to 4 KiB once into the peer's queue (inject); a longer one goes in
     * slices through bounce buffers, each waiting for the other process.
     * Echoes measured on this 2-core VM, eager / through the region: 8 KiB
     * 17 / 6 µs, 16 KiB 15 / 9 µs, 32 KiB 22 / 18 µs, 48 KiB 29 / 20 µs.
     */
    static final int DEFAULT_RENDEZVOUS = 4096;
    /** The smallest shared region. */
    private static final long MIN_REGION = 1 << 20;
    /*
     * An announcement of a frame in the sender's shared region: the length
     * field -1 (no frame's), the region's descriptor in the sender (int),
     * the sender's pid (long), the region's size (long), the frame's length
     * (int) and the region's generation (int).
     */
    private static final int REGION_MARK = -1;
    private static final int ANNOUNCEMENT = 32;
    /*
     * The transports not closed yet: closed when the JVM exits, because a
     * shared-memory endpoint left open leaves its region in /dev/shm.
     */
    private static final Set<FabricTransport> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(
                new Thread(() -> OPEN.forEach(FabricTransport::close), "fastrmi-fabric-close"));
    }

    private final FastFabric ff;
    private final String provider;
    private final ControlChannel control;
    private final FabricLink link;
    private final int id;               // this connection's on the link: the tag of what it receives
    private long peer = -1;             // the peer's handle on the link
    private long peerTag;               // the peer connection's id, shifted: the tag of what it receives
    private final int maxFrame;
    private final WaitPolicy.Waiter waiter;
    private final boolean canWait;      // ff_wait sleeps until a message arrives
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean open = true;
    /*
     * Completions of this connection that another thread's poll of the
     * link found; this connection's thread takes them at its next poll.
     */
    private final ConcurrentLinkedQueue<Done> inbox = new ConcurrentLinkedQueue<>();
    private record Done(int kind, int status, long length) { }
    /*
     * Set under lock and the link's lock: from then on the link's lock
     * guards the counts of unfinished operations, which any poll of the link
     * lowers, and the last of which leaves the link (retire).
     */
    private volatile boolean closing;
    private volatile boolean left;      // left the link, or never will (abandoned); under the link's lock
    private int receivesPosted;         // unfinished receives
    private final List<Buffer> buffers = new ArrayList<>();     // registered, deregistered at retire

    private Buffer send;
    private final List<Buffer> retired = new ArrayList<>();
    private final int rendezvousBytes;
    /* the fields below are guarded by lock */
    private boolean sharesMemory;       // long frames go through shared regions
    private final Buffer announcement;  // where announcements are sent from
    private MemorySegment writing;      // what the frame being written is written into
    private MemorySegment rendezvousPart;   // the first rendezvousBytes of send, over shared memory
    private SharedRegion outbound;      // this end's region, the peer reads
    private int regions;                // this end's regions made
    private boolean outboundUnread;     // the peer may read outbound until it sends
    private SharedRegion inbound;       // the peer's region, mapped
    private final Buffer[] receive = new Buffer[2];
    private int posted = -1;            // the receive buffer with a posted receive
    private Buffer bulk;
    private final Doorbell bell;        // where this end sleeps over shared memory; null where the library waits
    private final Mailbox mailbox;      // the order of frames, and short ones, over shared memory; else null

    // what the completions said, under lock
    private int sendsPending;
    private int sendStatus;
    private boolean frameDone;
    private long frameLength;
    private int frameStatus;
    private boolean bulkDone;
    private long bulkLength;
    private int bulkStatus;

    /* A registered off-heap buffer; its memory is freed by the GC once nothing reads it. */
    private record Buffer(MemorySegment memory, MemorySegment region, MemorySegment desc) { }

    private final long timeoutNanos;        // 0: none
    private long deadline;                  // of the frame being received, 0 for none; guarded by lock
    private long receiveTimeoutNanos;       // what deadline was set from; guarded by lock

    /*
     * A connection on link, which it uses until closed (the link was
     * acquired for it, and is released by close). It has its id and
     * buffers at once; it talks once connected.
     *
     * timeoutMillis bounds a receive's wait for a frame to begin and, once
     * begun, to arrive whole (stock RMI's responseTimeout for a client,
     * readTimeout for a server); 0 for no bound.
     */
    FabricTransport(FastFabric ff, ControlChannel control, FabricLink link,
                    int maxFrame, WaitPolicy.Waiter waiter, long timeoutMillis,
                    int rendezvousBytes) throws IOException {
        this.ff = ff;
        this.rendezvousBytes = Math.clamp(rendezvousBytes, MIN_RENDEZVOUS, EAGER);
        this.timeoutNanos = timeoutMillis * 1_000_000;
        this.provider = link.provider();
        this.control = control;
        this.link = link;
        this.maxFrame = maxFrame;
        this.waiter = waiter;
        this.canWait = link.canWait();
        int joined;
        try {
            joined = link.join(this);
        } catch (IOException | RuntimeException e) {
            link.release();
            throw e;
        }
        this.id = joined;
        OPEN.add(this);
        Doorbell doorbell = null;
        try {
            if (!canWait) {
                doorbell = Doorbell.create();
            }
            send = buffer(EAGER);
            sharesMemory = provider.equals(FabricTechnology.SHARED_MEMORY);
            announcement = sharesMemory ? buffer(ANNOUNCEMENT) : null;
            writing = sendBuffer();
            receive[0] = buffer(EAGER);
            receive[1] = buffer(EAGER);
        } catch (IOException | RuntimeException e) {
            if (doorbell != null) {
                doorbell.close();
            }
            bell = null;
            mailbox = null;
            dispose();
            throw e;
        }
        bell = doorbell;
        mailbox = doorbell == null ? null : new Mailbox(doorbell.ownRegion());
    }

    /**
     * Connects to the peer's connection: the peer's link's address, the id
     * it has there and, over shared memory, where its doorbell is (its
     * process and descriptor; ignored elsewhere). If that fails the
     * connection is closed, its tcp connection left open (a server tells
     * the client why on it).
     */
    void connect(byte[] peerAddress, int peerId, long bellPid, int bellFd) throws IOException {
        lock.lock();
        try {
            checkOpen();
            if (bell != null) {
                bell.connect(bellPid, bellFd);
                mailbox.connect(bell.peerRegion());
            }
            peer = link.peer(peerAddress);
            peerTag = (long) peerId << FabricLink.KIND_BITS;
        } catch (IOException | RuntimeException e) {
            closeLocked(false);
            throw e;
        } finally {
            lock.unlock();
        }
    }

    /* Closes a connection that failed to set up; its tcp connection stays open. */
    private void dispose() {
        lock.lock();
        try {
            closeLocked(false);
        } finally {
            lock.unlock();
        }
    }

    /** @return this connection's id on its link */
    int id() {
        return id;
    }

    /** @return the descriptor of this end's doorbell, which the peer opens; -1 if none */
    int doorbellFd() {
        return bell == null ? -1 : bell.fd();
    }

    /** @return the link */
    FabricLink link() {
        return link;
    }

    private Buffer buffer(long size) throws IOException {
        MemorySegment memory = Arena.ofAuto().allocate(size, 4096);
        MemorySegment region = link.register(memory);
        Buffer b = new Buffer(memory, region, ff.desc(region));
        synchronized (buffers) {
            buffers.add(b);
        }
        return b;
    }

    /* A buffer no longer used; no operation on it is unfinished. */
    private void free(Buffer b) {
        synchronized (buffers) {
            buffers.remove(b);
        }
        link.deregister(b.region());
    }

    private long context(long kind) {
        return (long) id << FabricLink.KIND_BITS | kind;
    }

    private long receiveTag(long kind) {
        return (long) id << FabricLink.KIND_BITS | kind;
    }

    // ------------------------------------------------------------ sending --

    /*
     * Over shared memory the first rendezvousBytes of the send buffer: a
     * frame that outgrows them is written into this end's shared region
     * instead (growSendBuffer).
     */
    @Override
    public MemorySegment sendBuffer() {
        lock.lock();
        try {
            MemorySegment m = send.memory();
            if (sharesMemory && rendezvousBytes < m.byteSize()) {
                if (rendezvousPart == null || rendezvousPart.address() != m.address()) {
                    rendezvousPart = m.asSlice(0, rendezvousBytes);
                }
                m = rendezvousPart;
            }
            return writing = m;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public MemorySegment growSendBuffer(long minimumSize) throws IOException {
        long limit = Frame.HEADER + (long) maxFrame;
        if (minimumSize > limit) {
            throw new IOException("frame of " + minimumSize + " bytes above the limit of " + limit);
        }
        lock.lock();
        try {
            checkOpen();
            if (sharesMemory && !outboundUnread) {
                MemorySegment m = outboundRegion(minimumSize, limit);
                if (m != null) {
                    return writing = m;
                }
            }
            if (minimumSize > send.memory().byteSize()) {
                long size = Math.min(Math.max(minimumSize, 2 * send.memory().byteSize()), limit);
                retired.add(send);
                send = buffer(size);
            }
            return writing = send.memory();
        } finally {
            lock.unlock();
        }
    }

    /*
     * This end's shared region, made or grown to hold minimumSize bytes (in
     * powers of two from 1 MiB, at most limit), or null if the system
     * refuses one: then long frames go through libfabric from here on.
     */
    private MemorySegment outboundRegion(long minimumSize, long limit) {
        if (outbound == null || outbound.size() < minimumSize) {
            long size = Math.min(Math.max(MIN_REGION, Long.highestOneBit(minimumSize - 1) << 1), limit);
            try {
                SharedRegion r = SharedRegion.create(size, ++regions);
                if (outbound != null) {
                    outbound.closeDescriptor();     // the old one's memory stays while the stream copies it
                }
                outbound = r;
            } catch (IOException | RuntimeException e) {
                sharesMemory = false;
                return null;
            }
        }
        return outbound.memory();
    }

    @Override
    public void send(byte[] frame, int length) throws IOException {
        MemorySegment m = sendBuffer();
        if (length > m.byteSize()) {
            m = growSendBuffer(length);
        }
        MemorySegment.copy(frame, 0, m, ValueLayout.JAVA_BYTE, 0, length);
        sendBuffered(length);
    }

    @Override
    public void sendBuffered(int length) throws IOException {
        lock.lock();
        try {
            if (length < Frame.HEADER || length > writing.byteSize()) {
                throw new IllegalArgumentException("frame length " + length);
            }
            checkOpen();
            for (Buffer b : retired) {
                free(b);
            }
            retired.clear();
            if (mailbox != null) {
                awaitRoom();
                if (length <= Mailbox.SLOT_DATA && writing != outbound()) {
                    mailbox.put(writing, length);
                    bell.ringPeer();
                    return;
                }
            }
            if (outbound != null && writing == outbound.memory()) {
                announce(length);
            } else {
                Buffer b = send;
                post(b, 0, Math.min(length, EAGER), TAG_FRAME);
                for (long at = EAGER; at < length; at += CHUNK) {
                    post(b, at, Math.min(CHUNK, length - at), TAG_BULK);
                }
            }
            if (mailbox != null) {
                mailbox.mark();     // the poll below rings the peer
            }
            await(Condition.SENT);
            if (sendStatus < 0) {
                int status = sendStatus;
                sendStatus = 0;
                throw ff.failed("send to the peer failed", status);
            }
        } catch (IOException e) {
            closeLocked();
            throw e;
        } finally {
            lock.unlock();
        }
    }

    /* This end's shared region's memory, or null. */
    private MemorySegment outbound() {
        return outbound == null ? null : outbound.memory();
    }

    /*
     * Waits until the peer's mailbox has a slot free. A receiver frees its
     * slots as it reads, so only a peer that takes nothing for long (dead,
     * frozen, or sent many frames to at once) makes this wait: as a post to
     * a full queue does, it gives the core up now and then and checks the
     * peer's tcp connection.
     */
    private void awaitRoom() throws IOException {
        for (int attempts = 1; !mailbox.hasRoom(); attempts++) {
            waitForPeer(attempts);
            Thread.onSpinWait();
        }
    }

    /*
     * One turn of waiting for the peer to take what this end sent (a full
     * queue, a full mailbox): a poll, and at every FULL_QUEUE_POLLS-th
     * turn without progress, since a peer that takes nothing for long may
     * be dead (its queue stays full) or frozen, the core given up for a
     * while and the peer's tcp connection checked.
     */
    private void waitForPeer(int attempts) throws IOException {
        if (pollOnce() == 0 && attempts % FULL_QUEUE_POLLS == 0) {
            LockSupport.parkNanos(1_000_000);
            if (control.drain() < 0) {
                open = false;
                throw new IOException("the peer closed the connection");
            }
        }
        checkOpen();
    }

    /*
     * Tells the peer that a frame of length bytes waits in this end's
     * shared region: the one eager message of the frame. The region is not
     * written again until a frame from the peer shows it is done reading.
     */
    private void announce(int length) throws IOException {
        MemorySegment a = announcement.memory();
        a.set(LENGTH_FIELD, 0, REGION_MARK);
        a.set(LENGTH_FIELD, 4, outbound.fd());
        a.set(LONG_FIELD, 8, SharedRegion.pid());
        a.set(LONG_FIELD, 16, outbound.size());
        a.set(LENGTH_FIELD, 24, length);
        a.set(LENGTH_FIELD, 28, outbound.generation());
        post(announcement, 0, ANNOUNCEMENT, TAG_FRAME);
        outboundUnread = true;
    }

    private void post(Buffer b, long offset, long length, long tag) throws IOException {
        for (int attempts = 1; ; attempts++) {
            MemorySegment at = offset == 0 ? b.memory() : b.memory().asSlice(offset);
            int rc = link.send(peer, at, length, b.desc(), peerTag | tag, context(CTX_SEND));
            if (rc == 0) {
                sendsPending++;
                return;     // the poll that follows every post rings the peer
            }
            if (rc != FastFabric.EAGAIN) {
                throw ff.failed("ff_send", rc);
            }
            waitForPeer(attempts);
        }
    }

    // ---------------------------------------------------------- receiving --

    @Override
    public void receive(Frame frame) throws IOException {
        receiveWithin(frame, timeoutNanos);
    }

    @Override
    public void receive(Frame frame, long timeoutMillis) throws IOException {
        receiveWithin(frame, Timeouts.receiveNanos(timeoutMillis));
    }

    /* timeoutNanos bounds the wait for the frame to begin and, once begun, to arrive whole; 0: none */
    private void receiveWithin(Frame frame, long timeoutNanos) throws IOException {
        lock.lock();
        try {
            checkOpen();
            if (posted < 0) {
                postReceive(0);
            }
            receiveTimeoutNanos = timeoutNanos;
            deadline = timeoutNanos == 0 ? 0 : System.nanoTime() + timeoutNanos;
            if (mailbox != null) {
                mailbox.release();      // the frame received before this one is done with
                await(Condition.MAILBOX);
                int inline = mailbox.take();
                peerSent();
                if (inline != Mailbox.VIA_LIBRARY) {
                    MemorySegment data = mailbox.frame();
                    frame.prepare(data.get(LENGTH_FIELD, 0));
                    if (frame.length() != inline) {
                        throw new IOException("frame of " + frame.length() + " bytes inline in " + inline);
                    }
                    frame.setNative(data, inline);
                    return;
                }
                mailbox.release();      // a mark: its slot is free at once
                if (timeoutNanos != 0) {
                    deadline = System.nanoTime() + timeoutNanos;     // the frame has begun
                }
            }
            await(Condition.FRAME);
            if (timeoutNanos != 0) {
                deadline = System.nanoTime() + timeoutNanos;     // the frame has begun
            }
            frameDone = false;
            int current = posted;
            // the frame received before this one is done with: its buffer takes the next
            postReceive(1 - current);
            if (frameStatus < 0) {
                throw ff.failed("receive from the peer failed", frameStatus);
            }
            MemorySegment data = receive[current].memory();
            if (frameLength < Frame.HEADER) {
                throw new IOException("fabric message of " + frameLength + " bytes: no frame");
            }
            peerSent();
            if (data.get(LENGTH_FIELD, 0) == REGION_MARK) {
                frame.setNative(inboundFrame(frame, data), frame.length());
                return;
            }
            frame.prepare(data.get(LENGTH_FIELD, 0));
            int total = frame.length();
            if (total <= EAGER) {
                if (frameLength != total) {
                    throw new IOException("frame of " + total + " bytes in a message of " + frameLength);
                }
                frame.setNative(data, total);
            } else {
                if (frameLength != EAGER) {
                    throw new IOException("long frame begun with a message of " + frameLength + " bytes");
                }
                frame.setNative(receiveBulk(data, total), total);
            }
        } catch (IOException e) {
            closeLocked();
            throw e;
        } finally {
            lock.unlock();
        }
    }

    /*
     * A frame from the peer has begun: it is done with this end's last
     * frame, and has mapped this end's region if that frame was there.
     */
    private void peerSent() {
        if (outboundUnread) {
            outboundUnread = false;
            outbound.closeDescriptor();
        }
    }

    /*
     * The frame a peer's announcement names, in its shared region (mapped
     * here once per region); frame is prepared to its length.
     */
    private MemorySegment inboundFrame(Frame frame, MemorySegment a) throws IOException {
        if (!provider.equals(FabricTechnology.SHARED_MEMORY) || frameLength != ANNOUNCEMENT) {
            throw new IOException("shared region announced in a message of " + frameLength + " bytes over "
                                  + provider);
        }
        int fd = a.get(LENGTH_FIELD, 4);
        long pid = a.get(LONG_FIELD, 8);
        long size = a.get(LONG_FIELD, 16);
        int length = a.get(LENGTH_FIELD, 24);
        int generation = a.get(LENGTH_FIELD, 28);
        if (length > size) {
            throw new IOException("a frame of " + length + " bytes in a shared region of " + size);
        }
        frame.prepare(length - Frame.HEADER);
        // what a frame of this end's limit needs of it, no more (the peer's limit may be larger)
        long mapped = Math.min(size, Frame.HEADER + (long) maxFrame);
        if (inbound == null || inbound.generation() != generation || inbound.size() != mapped) {
            inbound = null;             // the last one is unmapped once nothing reads it
            inbound = SharedRegion.open(pid, fd, mapped, generation);
        }
        return inbound.memory();
    }

    private void postReceive(int index) throws IOException {
        Buffer b = receive[index];
        int rc = link.recv(peer, b.memory(), EAGER, b.desc(), receiveTag(TAG_FRAME), context(CTX_FRAME));
        if (rc < 0) {
            throw ff.failed("ff_recv", rc);
        }
        receivesPosted++;
        posted = index;
    }

    /* The rest of a long frame, after its first EAGER bytes in head. */
    private MemorySegment receiveBulk(MemorySegment head, int total) throws IOException {
        long got = EAGER;
        Buffer b = bulkBuffer(null, Math.min(total, Math.max(2L * EAGER, CHUNK)), 0);
        MemorySegment.copy(head, 0, b.memory(), 0, EAGER);
        while (got < total) {
            long n = Math.min(CHUNK, total - got);
            if (b.memory().byteSize() < got + n) {
                b = bulkBuffer(b, Math.min(total, Math.max(got + n, 2 * got)), got);
            }
            int rc = link.recv(peer, b.memory().asSlice(got), n, b.desc(), receiveTag(TAG_BULK),
                               context(CTX_BULK));
            if (rc < 0) {
                throw ff.failed("ff_recv", rc);
            }
            receivesPosted++;
            await(Condition.BULK);
            bulkDone = false;
            if (bulkStatus < 0) {
                throw ff.failed("receive from the peer failed", bulkStatus);
            }
            if (bulkLength != n) {
                throw new IOException("part of a long frame of " + bulkLength + " bytes, " + n + " expected");
            }
            got += n;
        }
        return b.memory();
    }

    /*
     * A bulk buffer of at least size bytes: the one of an earlier frame if
     * it is large enough (old null: a frame begins), else a new one holding
     * the first keep bytes of old.
     */
    private Buffer bulkBuffer(Buffer old, long size, long keep) throws IOException {
        if (old == null && bulk != null && bulk.memory().byteSize() >= size) {
            return bulk;
        }
        Buffer b = buffer(size);
        if (old != null) {
            MemorySegment.copy(old.memory(), 0, b.memory(), 0, keep);
        }
        if (bulk != null) {
            free(bulk);
        }
        bulk = b;
        return b;
    }

    // ------------------------------------------------------------ waiting --

    private enum Condition { SENT, FRAME, BULK, MAILBOX }

    private boolean met(Condition c) {
        return switch (c) {
            case SENT -> sendsPending == 0;
            case FRAME -> frameDone;
            case BULK -> bulkDone;
            case MAILBOX -> mailbox.ready();
        };
    }

    /* Polls the library once (progress; a ring for a sleeping peer) and tells whether c holds. */
    private boolean pollFor(Condition c) throws IOException {
        int n = pollOnce();
        return (n > 0 || c == Condition.MAILBOX) && met(c);
    }

    /* What a sleep ended with. */
    private static final int MET = 1, WOKEN = 0, TIMED_OUT = -1;

    /* Waits, under lock, until c holds. */
    private void await(Condition c) throws IOException {
        if (met(c) || pollFor(c)) {
            return;
        }
        long start = System.nanoTime();
        int slept = WOKEN;
        while (true) {
            // spin after a wake-up (a long transfer needs both ends' progress), not after a timeout
            if (slept == WOKEN && poll(c)) {
                return;
            }
            slept = canWait ? waitInLibrary(c) : sleepOnDoorbell(c);
            if (slept == MET) {
                waiter.blocked(System.nanoTime() - start);
                return;
            }
            if (c != Condition.SENT && deadline != 0 && System.nanoTime() - deadline > 0) {
                throw new SocketTimeoutException("read timed out: nothing from " + control.peerHost()
                                                 + " within " + receiveTimeoutNanos / 1_000_000 + " ms");
            }
        }
    }

    /* Polls (spins, or polls between yields) for as long as the wait policy says; true if c holds. */
    private boolean poll(Condition c) throws IOException {
        long length = waiter.beginPoll();
        if (length <= 0) {
            return false;
        }
        boolean found = false;
        try {
            long pollEnd = System.nanoTime() + length;
            // The mailbox is a load to look at: the library (the progress of
            // this end's own sends, rings for a sleeping peer) is polled at
            // every LIBRARY_TURNS-th turn only, as is the clock.
            boolean onMailbox = c == Condition.MAILBOX;
            for (int turn = 1; ; turn++) {
                waiter.pause();
                boolean everyTurn = !onMailbox || (turn & (LIBRARY_TURNS - 1)) == 0;
                if (everyTurn ? pollFor(c) : met(c)) {
                    found = true;
                    return true;
                }
                if (everyTurn && System.nanoTime() - pollEnd >= 0) {
                    return false;
                }
            }
        } finally {
            waiter.endPoll(found);
        }
    }

    /* One wait in the library, which a message ends. */
    private int waitInLibrary(Condition c) throws IOException {
        int n = link.await(this, WAIT_MILLIS);
        if (n >= 0) {
            return n > 0 && met(c) ? MET : WOKEN;
        }
        if (n != FastFabric.ETIMEDOUT) {
            throw ff.failed("ff_wait", n);
        }
        return checkPeer(c) ? MET : TIMED_OUT;
    }

    /*
     * One sleep on the doorbell: marked asleep, the queue looked at once
     * more (what was posted before the mark is there; what is posted after
     * it comes with a ring), then asleep until rung or a slice has passed.
     * After a slice without a ring the peer's tcp connection is checked.
     */
    private int sleepOnDoorbell(Condition c) throws IOException {
        bell.prepareSleep();
        if (pollFor(c)) {
            bell.cancelSleep();
            return MET;
        }
        boolean rung = bell.sleep(SLEEP_MILLIS);
        checkOpen();
        if (!rung && checkPeer(c)) {
            return MET;
        }
        return pollFor(c) ? MET : rung ? WOKEN : TIMED_OUT;
    }

    /*
     * Drops what the peer wrote on the tcp connection (nothing, unless it
     * misbehaves): false while it stands. Throws if the transport was
     * closed, or if the peer's tcp connection ended, unless what is awaited
     * had arrived before (a server may answer and close at once): then true.
     */
    private boolean checkPeer(Condition c) throws IOException {
        checkOpen();
        if (control.drain() >= 0) {
            return false;
        }
        // what the peer sent before it closed may wait in the library or the inbox
        int n = link.pollAll(this);
        if (n < 0) {
            throw ff.failed("ff_poll", n);
        }
        if ((n + takeInbox() > 0 || c == Condition.MAILBOX) && met(c)) {
            return true;
        }
        open = false;
        throw (c == Condition.FRAME || c == Condition.MAILBOX) && sendsPending == 0
                ? new EOFException("connection closed")
                : new IOException("the peer closed the connection");
    }

    /*
     * Polls the link once; returns how many completions of this connection
     * it and the inbox had. Rings the peer if it sleeps: this poll may have
     * been the progress its send or receive waits for.
     */
    private int pollOnce() throws IOException {
        int n = link.poll(this);
        if (n < 0) {
            throw ff.failed("ff_poll", n);
        }
        if (bell != null) {
            bell.ringPeer();
        }
        return n + takeInbox();
    }

    /* Takes the completions other threads' polls found for this connection; returns how many. */
    private int takeInbox() throws IOException {
        int n = 0;
        for (Done d; (d = inbox.poll()) != null; n++) {
            completed(d.kind(), d.status(), d.length());
        }
        return n;
    }

    /*
     * A completion of this connection, on its own thread (under lock and
     * the link's lock, or from the inbox under lock) or, once closing, on
     * any thread under the link's lock.
     */
    void completed(int kind, int status, long length) throws IOException {
        switch (kind) {
            case (int) CTX_SEND -> {
                sendsPending--;
                if (status < 0) {
                    sendStatus = status;
                }
            }
            case (int) CTX_FRAME -> {
                receivesPosted--;
                frameDone = true;
                frameStatus = status;
                frameLength = length;
            }
            case (int) CTX_BULK -> {
                receivesPosted--;
                bulkDone = true;
                bulkStatus = status;
                bulkLength = length;
            }
            default -> throw new IOException("completion of an unknown kind " + kind);
        }
    }

    /*
     * A completion of this connection that another thread's poll found,
     * under the link's lock. An open connection's goes to the inbox, and
     * its thread is woken if it sleeps (it may have looked at the link
     * while this poll held it); a closing one's is counted here. True if
     * it was the last operation of a closing connection.
     */
    boolean delivered(int kind, int status, long length) throws IOException {
        if (closing) {
            completed(kind, status, length);
            return unfinished() == 0;
        }
        inbox.add(new Done(kind, status, length));
        Doorbell b = bell;
        if (b != null) {
            b.ringOwn();
        }
        return false;
    }

    private int unfinished() {
        return sendsPending + receivesPosted;
    }

    // ------------------------------------------------------------- status --

    private void checkOpen() throws IOException {
        if (!open || closing) {
            throw new IOException("connection closed");
        }
    }

    @Override
    public String peerHost() {
        return control.peerHost();
    }

    @Override
    public boolean peerIsLocal() {
        return control.peerIsLocal();
    }

    @Override
    public boolean isOpen() {
        return open && control.isOpen();
    }

    /* Called on an idle connection before a call reuses it: false if the peer is gone. */
    @Override
    public boolean probe() {
        lock.lock();
        try {
            int bytes = open ? control.drain() : -1;
            if (bytes < 0) {
                open = false;
                control.close();
                closeLocked();
                return false;
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /*
     * A thread waiting in this transport notices within WAIT_MILLIS (at
     * once over shared memory: its doorbell is rung) and gets an
     * IOException.
     */
    @Override
    public void close() {
        open = false;
        control.close();
        Doorbell b = bell;
        if (b != null) {
            b.ringOwn();
        }
        lock.lock();
        try {
            closeLocked();
        } finally {
            lock.unlock();
        }
    }

    /* Polls of the link at close, for the cancels and sends to finish before the link is let go. */
    private static final int CLOSING_POLLS = 64;
    /* How long a close waits for the link's endpoint held by another thread. */
    private static final long CLOSING_WAIT_MILLIS = 1000;

    /*
     * Cancels what this connection posted and leaves the link once all of
     * it has finished: at once if the library reports it soon, else when
     * another connection's poll of the link does, or when the link closes.
     * If another thread holds the endpoint too long (stuck in the library
     * on a frozen peer) the connection stays on the link, its buffers
     * with it, until the link closes: a close returns in bounded time.
     */
    private void closeLocked() {
        closeLocked(true);
    }

    private void closeLocked(boolean closeControl) {
        open = false;
        if (closeControl) {
            control.close();
        }
        if (closing) {
            return;
        }
        OPEN.remove(this);
        if (outbound != null) {
            outbound.closeDescriptor();     // its memory goes once no stream holds it
        }
        if (bell != null) {
            bell.ringPeer();                // the peer finds the tcp connection closed at once
            bell.close();
        }
        inbound = null;
        if (!link.lock(CLOSING_WAIT_MILLIS)) {
            // the link keeps this connection and what it posted until it closes: left first,
            // so that no poll that sees closing retires it
            left = true;
            closing = true;
            link.release();
            return;
        }
        try {
            try {
                takeInbox();
            } catch (IOException e) {
                // a completion of an unknown kind: nothing to count
            }
            closing = true;
            link.cancel(context(CTX_FRAME));
            link.cancel(context(CTX_BULK));
            for (int i = 0; i < CLOSING_POLLS && unfinished() > 0; i++) {
                try {
                    if (link.poll(this) < 0) {
                        break;
                    }
                } catch (IOException e) {
                    break;      // the link closed: nothing is posted any more
                }
            }
            if (unfinished() == 0) {
                retire();
            }
        } finally {
            link.unlock();
        }
        link.release();
    }

    /*
     * Leaves the link, under its lock, once nothing this connection posted
     * is unfinished (or the link closed, which ended it all).
     */
    void retire() {
        if (left) {
            return;
        }
        left = true;
        link.leave(id, peer);
        List<Buffer> all;
        synchronized (buffers) {
            all = new ArrayList<>(buffers);
            buffers.clear();
        }
        for (Buffer b : all) {
            link.deregister(b.region());
        }
    }

    @Override
    public String toString() {
        return "FabricTransport[" + provider + ", " + control.peerHost() + "]";
    }
}
