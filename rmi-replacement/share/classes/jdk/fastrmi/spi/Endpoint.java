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

package jdk.fastrmi.spi;

import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;

/**
 * Where a remote object can be reached by one technology: the technology's
 * id ({@code "tcp"}, {@code "fabric"}...) and an address in its own syntax
 * (for tcp {@code host:port}, {@code [v6-address]:port}). A remote reference
 * carries one endpoint per technology of its exporter.
 *
 * @param technology the technology's id
 * @param address the address
 * @since 25
 */
public record Endpoint(String technology, String address) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The longest id or address accepted, so a hostile stream cannot make huge ones. */
    private static final int MAX_LENGTH = 1024;

    /**
     * Checks the parts.
     *
     * @param technology the technology's id
     * @param address the address
     * @throws IllegalArgumentException if a part is empty or too long
     * @throws NullPointerException if a part is null
     */
    public Endpoint {
        Objects.requireNonNull(technology, "technology");
        Objects.requireNonNull(address, "address");
        if (technology.isEmpty() || technology.length() > MAX_LENGTH
                || address.isEmpty() || address.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("bad endpoint: " + technology + " " + address);
        }
    }

    // equals and hashCode written out: a record's own bootstrap through
    // ObjectMethods at first use, on the first call's path (endpoints key
    // the connection pools), spinning five method handle classes there

    @Override
    public boolean equals(Object o) {
        return o instanceof Endpoint e && technology.equals(e.technology) && address.equals(e.address);
    }

    @Override
    public int hashCode() {
        return 31 * technology.hashCode() + address.hashCode();
    }

    @Override
    public String toString() {
        return technology + ":" + address;
    }
}
