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

package grande.test.samples;

import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.IdentityHashMap;

/**
 * A node of a doubly linked ring: a cycle through every node, and sharing
 * (even nodes share one payload, odd nodes another).
 */
public final class Ring implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private final int id;
    private Ring next;
    private Ring prev;
    private Serializable payload;

    private Ring(int id) {
        this.id = id;
    }

    /** A ring of n nodes (n >= 2). */
    public static Ring of(int n) {
        Serializable even = new String[] {"even", null, "\u00e9\u4e2d\ud83d\ude00"};
        Serializable odd = new int[] {1, -1, Integer.MIN_VALUE};
        Ring head = new Ring(0);
        Ring last = head;
        for (int i = 1; i < n; i++) {
            Ring r = new Ring(i);
            last.next = r;
            r.prev = last;
            last = r;
        }
        last.next = head;
        head.prev = last;
        Ring r = head;
        do {
            r.payload = r.id % 2 == 0 ? even : odd;
            r = r.next;
        } while (r != head);
        return head;
    }

    /**
     * The ring's shape: its length, whether next and prev agree and
     * ids run in order, how many distinct payload objects it holds and
     * what they contain. At most 10,000 nodes are walked.
     */
    public static String describe(Ring head) {
        IdentityHashMap<Object, Boolean> payloads = new IdentityHashMap<>();
        StringBuilder contents = new StringBuilder();
        boolean linked = true;
        int n = 0;
        Ring r = head;
        do {
            linked &= r.next.prev == r && r.id == n;
            if (payloads.put(r.payload, Boolean.TRUE) == null) {
                contents.append(r.payload instanceof Object[] a ? Arrays.toString(a)
                                : Arrays.toString((int[]) r.payload));
            }
            r = r.next;
            n++;
        } while (r != head && n < 10_000);
        return "ring of " + n + (r == head ? ", closed" : ", open")
                + (linked ? ", linked" : ", broken") + ", " + payloads.size()
                + " payloads " + contents;
    }

    /** The next node. */
    public Ring next() {
        return next;
    }
}
