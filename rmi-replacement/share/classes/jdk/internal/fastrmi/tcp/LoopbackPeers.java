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

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Whether the peer of a tcp connection within this host runs as the same
 * user, as the kernel records it: Linux lists every socket of a network
 * namespace, with the user that owns it, in /proc/net/tcp and tcp6. The
 * peer's socket is the one whose local and remote addresses are this
 * end's remote and local ones; both owners are read from the same table,
 * so no user id is needed or told. A peer in another network namespace, or
 * a system without these tables, is not the same user: the answer is no
 * whenever it is not known.
 */
final class LoopbackPeers {
    /* tcp6 first: the JDK's sockets are IPv6 sockets unless IPv4 is preferred, for IPv4 peers too */
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp6"), Path.of("/proc/net/tcp"));
    private static final int LOCAL = 1;
    private static final int REMOTE = 2;
    private static final int UID = 7;
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private LoopbackPeers() { }

    /** {@return whether the socket at peer, connected to local, has the owner of the socket at local} */
    static boolean sameUser(InetSocketAddress local, InetSocketAddress peer) {
        OptionalLong ours = OptionalLong.empty();
        OptionalLong theirs = OptionalLong.empty();
        for (Path table : TABLES) {
            if (ours.isPresent() && theirs.isPresent()) {
                break;          // each table costs the kernel a walk of all its sockets
            }
            List<String> lines;
            try {
                lines = Files.readAllLines(table);
            } catch (IOException | SecurityException e) {
                continue;
            }
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i).trim().split("\\s+");
                if (f.length <= UID) {
                    continue;
                }
                if (ours.isEmpty() && is(f[LOCAL], local) && is(f[REMOTE], peer)) {
                    ours = owner(f[UID]);
                } else if (theirs.isEmpty() && is(f[LOCAL], peer) && is(f[REMOTE], local)) {
                    theirs = owner(f[UID]);
                }
            }
        }
        return ours.isPresent() && theirs.isPresent() && ours.getAsLong() == theirs.getAsLong();
    }

    private static OptionalLong owner(String uid) {
        try {
            return OptionalLong.of(Long.parseLong(uid));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /* Whether a table's "ADDRESS:PORT" (hex, the address in the kernel's words) is a. */
    private static boolean is(String field, InetSocketAddress a) {
        int colon = field.indexOf(':');
        if (colon < 0) {
            return false;
        }
        try {
            if (Integer.parseInt(field.substring(colon + 1), 16) != a.getPort()) {
                return false;
            }
            // an IPv4-mapped IPv6 address reads back as IPv4, as the channel reports it
            return address(field.substring(0, colon)).equals(a.getAddress());
        } catch (NumberFormatException | UnknownHostException e) {
            return false;
        }
    }

    /* The hex of 4 or 16 bytes: 32-bit words, each in the host's byte order. */
    private static InetAddress address(String hex) throws UnknownHostException {
        if (hex.length() != 8 && hex.length() != 32) {
            throw new UnknownHostException(hex);
        }
        byte[] b = new byte[hex.length() / 2];
        for (int word = 0; word < b.length / 4; word++) {
            for (int k = 0; k < 4; k++) {
                int at = word * 8 + (LITTLE_ENDIAN ? 3 - k : k) * 2;
                b[word * 4 + k] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(b);
    }
}
