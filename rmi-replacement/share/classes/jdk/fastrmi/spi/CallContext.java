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

import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * The connection context of one remote call, client side (Philippsen,
 * Haumacher, Nester, "More Efficient Serialization and RMI for Java",
 * section 4.2): a generated stub gets it once per call, marshals its
 * arguments straight into {@link #output()}, and reads the result from
 * {@link #openReceiveResult()}. Contexts belong to a connection and are
 * reused call after call; nothing is allocated for primitive arguments.
 *
 * <p>The calls of a stub method, in order:
 * <pre>{@code
 * CallContext c = openSendCall(methodNumber);      // FastStub
 * try {
 *     c.output().writeInt(x);                      // arguments
 *     ObjectInput in = c.openReceiveResult();      // send, wait, read status
 *     int r = in.readInt();                        // result
 *     c.closeReceiveResult();                      // context back to the pool
 *     return r;
 * } catch (Throwable t) {
 *     throw c.failed(t);
 * }
 * }</pre>
 *
 * @since 25
 */
public abstract class CallContext {

    /** For the runtime's implementation only. */
    protected CallContext() { }

    /**
     * The stream the arguments are written to, open after the call was
     * opened and until {@link #openReceiveResult()}.
     *
     * @return the stream
     */
    public abstract ObjectOutput output();

    /**
     * Ends the send phase: sends the call, waits for the reply and opens it.
     * If the remote method threw, so does this, with the same exception;
     * the stub then calls {@link #failed}, as for any exception.
     *
     * @return the stream to read the result from
     * @throws Exception the server's exception, or an {@code IOException}
     *         if the connection failed
     */
    public abstract ObjectInput openReceiveResult() throws Exception;

    /**
     * Ends the call after the result was read; the context goes back to its
     * connection's pool.
     *
     * @throws java.io.IOException if the reply holds more than the result
     */
    public abstract void closeReceiveResult() throws java.io.IOException;

    /**
     * Ends a call that threw, and says what the stub throws: the server's
     * exception as it is, {@code MarshalException} or
     * {@code UnmarshalException} around an I/O failure in the send or
     * receive phase (the connection is then dropped),
     * {@code UnexpectedException} around a checked exception the method
     * does not declare, anything else as it is.
     *
     * @param t what was thrown
     * @return what the stub throws
     */
    public abstract Throwable failed(Throwable t);
}
