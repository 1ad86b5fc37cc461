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
 * Thrown by {@link Technology#connect} when the peer is alive and was
 * reached, but the technology cannot carry calls to it: the peer refused it
 * (shared memory offered to a process of another host), or a local
 * resource it needs is missing (a provider, locked memory). The runtime
 * then uses the next technology the reference lists and this JVM has, for
 * that endpoint from then on; any other {@code IOException} of
 * {@code connect} fails the call.
 *
 * @since 25
 */
public class TechnologyUnavailableException extends IOException {

    @java.io.Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was refused or missing
     * @param cause the failure behind it, or null
     */
    public TechnologyUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
