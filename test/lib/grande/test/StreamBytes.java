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

package grande.test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Builds fast streams by hand, for tests that feed the reader what no
 * writer makes (jdk-module/README.md, wire format: little-endian images,
 * LEB128 varints). The header is the caller's: its constants are in
 * jdk.internal.fastserial.Wire, which the library does not depend on so
 * that tests without that export can build it.
 */
public final class StreamBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Each value's low 8 bits. */
    public StreamBytes bytes(int... values) {
        for (int v : values) {
            out.write(v);
        }
        return this;
    }

    public StreamBytes raw(byte[] b) {
        out.writeBytes(b);
        return this;
    }

    /** An unsigned LEB128 varint of all 64 bits of v. */
    public StreamBytes varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }

    /** A string in its Latin-1 form: varint (length << 1) | 1, then one byte a char. */
    public StreamBytes latin1(String s) {
        varint(((long) s.length() << 1) | 1);
        out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
        return this;
    }

    public StreamBytes int32(int v) {
        for (int k = 0; k < 4; k++) {
            out.write(v >>> (8 * k));
        }
        return this;
    }

    /** Big-endian, as DataOutput writes block data. */
    public StreamBytes int32BigEndian(int v) {
        for (int k = 3; k >= 0; k--) {
            out.write(v >>> (8 * k));
        }
        return this;
    }

    public StreamBytes int64(long v) {
        for (int k = 0; k < 8; k++) {
            out.write((int) (v >>> (8 * k)));
        }
        return this;
    }

    public StreamBytes zeros(int n) {
        out.writeBytes(new byte[n]);
        return this;
    }

    public byte[] done() {
        return out.toByteArray();
    }

    /** Where needle first occurs in haystack, or -1: for tests that patch a written stream. */
    public static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
