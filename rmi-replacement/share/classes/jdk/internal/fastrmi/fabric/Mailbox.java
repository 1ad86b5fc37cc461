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
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

import jdk.fastrmi.spi.Frame;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The order of the frames between the two ends of a shared-memory
 * connection, and the frames short enough to travel inline: a ring of
 * {@value #SLOTS} slots in the second page of the receiver's
 * {@link Doorbell} region, which the sender maps writable and writes into
 * directly. Every frame takes the next slot, in the order it is sent: a
 * frame of up to {@value #SLOT_DATA} bytes inside the slot, a longer one
 * as a mark that it comes through libfabric (one eager message, in parts,
 * or announced in the sender's {@link SharedRegion}); so the receiver
 * takes frames in the order they were sent whichever way they travel.
 *
 * <p>Why: a short frame through libfabric's shared memory costs a
 * downcall and the provider's locks at each end, its queue's cache lines
 * and a completion for the sender, and a spinning receiver notices it
 * only as fast as it can poll the library. Inline, it costs the sender a
 * copy of the frame into the slot and one store that publishes it, and
 * the receiver one load of that slot to notice it.
 *
 * <p>A slot is {@value #SLOT_BYTES} bytes (four cache lines): the
 * message's number (u8, from 1, stored last, with release semantics),
 * then its length (u4: the frame's bytes, or {@value #VIA_LIBRARY} for a
 * mark), then the frame. The receiver tells the sender how many messages
 * it has taken and is done with in its first page ({@value
 * #CONSUMED_OFFSET}, u8), and the sender fills a slot only once the
 * message that used it before is done with. A frame read in place stays
 * in its slot until the receiver's next receive begins (a receiver reads
 * a frame whole before it answers).
 *
 * <p>The peer writes these pages; the frames and lengths it writes are
 * checked like those of the library's messages, and a peer that lies
 * about what it took can only overwrite its own frames. Used by one
 * thread at a time, under the connection's lock.
 */
final class Mailbox {

    /** Where the ring begins in a doorbell region: its second page. */
    static final long OFFSET = 4096;
    /** The slots of the ring, a power of two. */
    static final int SLOTS = 16;
    /** The bytes of a slot. */
    static final int SLOT_BYTES = 256;
    /** The longest frame that travels inline. */
    static final int SLOT_DATA = SLOT_BYTES - 16;
    /** The bytes of the ring. */
    static final long BYTES = (long) SLOTS * SLOT_BYTES;
    /** The length of a mark: the frame comes through libfabric. */
    static final int VIA_LIBRARY = -1;
    /** Where, in a doorbell region, its owner says how many messages it is done with: a cache line of its own. */
    static final long CONSUMED_OFFSET = 64;

    private static final long NUMBER = 0;
    private static final long LENGTH = 8;
    private static final long DATA = 16;
    private static final VarHandle COUNT = JAVA_LONG.varHandle();

    private final MemorySegment ownPage;        // this end's first page: what it is done with
    private final MemorySegment[] inbox = new MemorySegment[SLOTS];    // the frames of this end's slots
    private final MemorySegment ring;           // this end's ring, the peer writes
    private MemorySegment peerPage;             // the peer's first page, once connected
    private final MemorySegment[] outbox = new MemorySegment[SLOTS];   // the peer's slots, this end writes
    private long sent;                          // messages written into the peer's ring
    private long peerDone;                      // what the peer said last it is done with
    private long received;                      // messages taken from this end's ring

    /** The mailbox of a doorbell region (its first page and the ring after it). */
    Mailbox(MemorySegment region) {
        ownPage = region.asSlice(0, OFFSET);
        ring = region.asSlice(OFFSET, BYTES);
        for (int i = 0; i < SLOTS; i++) {
            inbox[i] = ring.asSlice((long) i * SLOT_BYTES + DATA, SLOT_DATA);
        }
    }

    /** Writes to the peer's ring, mapped as peerRegion, from here on. */
    void connect(MemorySegment peerRegion) {
        peerPage = peerRegion.asSlice(0, OFFSET);
        for (int i = 0; i < SLOTS; i++) {
            outbox[i] = peerRegion.asSlice(OFFSET + (long) i * SLOT_BYTES, SLOT_BYTES);
        }
    }

    // ----------------------------------------------------------- sending --

    /** Whether the peer's ring has a slot free: the message that used it last is done with. */
    boolean hasRoom() {
        if (sent - peerDone < SLOTS) {
            return true;        // known without reading the peer's line, which its receives write
        }
        peerDone = (long) COUNT.getAcquire(peerPage, CONSUMED_OFFSET);
        return sent - peerDone < SLOTS;
    }

    /** Sends length bytes of frame inline; the caller checked {@link #hasRoom} and the length. */
    void put(MemorySegment frame, int length) {
        MemorySegment slot = outbox[(int) (sent & (SLOTS - 1))];
        MemorySegment.copy(frame, 0, slot, DATA, length);
        publish(slot, length);
    }

    /** Marks that the next frame comes through libfabric; the caller checked {@link #hasRoom}. */
    void mark() {
        publish(outbox[(int) (sent & (SLOTS - 1))], VIA_LIBRARY);
    }

    private void publish(MemorySegment slot, int length) {
        slot.set(JAVA_INT, LENGTH, length);
        COUNT.setRelease(slot, NUMBER, ++sent);
    }

    // --------------------------------------------------------- receiving --

    /** Whether this end's next message is in its slot. */
    boolean ready() {
        return (long) COUNT.getAcquire(ring, (received & (SLOTS - 1)) * SLOT_BYTES + NUMBER) == received + 1;
    }

    /**
     * Takes the next message, which is {@link #ready}: its frame's length,
     * or {@link #VIA_LIBRARY}. An inline frame is then {@link #frame}.
     *
     * @throws IOException if the peer wrote a length that is neither
     */
    int take() throws IOException {
        int length = ring.get(JAVA_INT, (received & (SLOTS - 1)) * SLOT_BYTES + LENGTH);
        received++;
        if (length != VIA_LIBRARY && (length < Frame.HEADER || length > SLOT_DATA)) {
            throw new IOException("inline frame of " + length + " bytes");
        }
        return length;
    }

    /** The slot of the message taken last: its frame, read in place. */
    MemorySegment frame() {
        return inbox[(int) ((received - 1) & (SLOTS - 1))];
    }

    /** Tells the peer that every message taken is done with: their slots may be written again. */
    void release() {
        COUNT.setRelease(ownPage, CONSUMED_OFFSET, received);
    }
}
