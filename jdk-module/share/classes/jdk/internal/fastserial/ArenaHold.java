/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  Oracle designates this
 * particular file as subject to the "Classpath" exception as provided
 * by Oracle in the LICENSE file that accompanied this code.
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

package jdk.internal.fastserial;

import java.lang.foreign.MemorySegment;

import jdk.internal.foreign.AbstractMemorySegmentImpl;
import jdk.internal.foreign.MemorySessionImpl;
import jdk.internal.misc.Unsafe;

/**
 * The arena a stream's segment belongs to, kept from closing while the
 * stream uses it (one acquire at a time). The swap is atomic: a stream that
 * a buggy application shares between threads must neither leak an acquire
 * (the arena could then never close) nor release one twice.
 */
public final class ArenaHold {
    private static final Unsafe U = Unsafe.getUnsafe();
    private static final long SESSION = U.objectFieldOffset(ArenaHold.class, "session");

    private MemorySessionImpl session;

    /**
     * Holds the arena of {@code segment}, and lets go of the one held
     * before; the same arena is held once.
     *
     * @throws IllegalStateException if the arena is closed, or confined to
     *         another thread
     */
    public void hold(MemorySegment segment) {
        // MemorySegment is sealed: every segment, a mapped one too, is this class.
        MemorySessionImpl s = ((AbstractMemorySegmentImpl) segment).sessionImpl();
        if (s == session) {
            return;
        }
        s.acquire0();
        MemorySessionImpl old = (MemorySessionImpl) U.getAndSetReference(this, SESSION, s);
        if (old != null) {
            old.release0();
        }
    }

    /** Lets go of the arena held, if any. */
    public void release() {
        if (session != null) {
            MemorySessionImpl old = (MemorySessionImpl) U.getAndSetReference(this, SESSION, null);
            if (old != null) {
                old.release0();
            }
        }
    }
}
