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

import java.io.IOException;

/**
 * Thrown by {@link Technology#connect} when the peer answered
 * jdk.fastrmi's opening with JRMP's negative acknowledgement: a server of
 * Java RMI's standard protocol only (a JVM without jdk.fastrmi, the
 * management agent's registry). The runtime then calls that endpoint over
 * JRMP, from then on.
 *
 * @since 25
 */
public class JrmpPeerException extends IOException {

    @java.io.Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which peer answered so
     */
    public JrmpPeerException(String message) {
        super(message);
    }
}
