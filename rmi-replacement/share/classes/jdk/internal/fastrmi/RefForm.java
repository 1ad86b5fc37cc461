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

package jdk.internal.fastrmi;

import java.io.InvalidObjectException;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;

import jdk.fastrmi.FastStub;

/**
 * The serialized form of the {@code RemoteRef} that a dynamic proxy's
 * {@code RemoteObjectInvocationHandler} or a pregenerated stub class
 * holds: the {@link RemoteReference}, which the reading JVM resolves to
 * its stub, and from it to a {@code RemoteRef} over that stub.
 *
 * @param stub the reference when written, the stub it resolved to when read
 */
record RefForm(Object stub) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    @Serial
    private Object readResolve() throws ObjectStreamException {
        if (!(stub instanceof FastStub s)) {
            throw new InvalidObjectException("not a remote reference: "
                                             + (stub == null ? null : stub.getClass().getName()));
        }
        return ClientRef.remoteRefOf(s);
    }
}
