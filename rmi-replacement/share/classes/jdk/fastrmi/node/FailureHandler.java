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

package jdk.fastrmi.node;

import java.io.Serializable;

/**
 * Told what went wrong on the receiving side of a node, where no caller is
 * there to catch it: a {@link CopyListener} that threw (the connection goes
 * on), or a connection that ended in failure (it is dropped: a class rejected
 * by the {@link java.io.ObjectInputFilter ObjectInputFilter}, a class not
 * found, corrupt input, a peer gone without closing its node). An orderly
 * close of either end is not a failure.
 *
 * <p>A handler may be called from several threads at once. An exception it
 * throws is printed to {@code System.err} and otherwise ignored.
 *
 * @see DeliveryOptions#withFailureHandler(FailureHandler)
 * @since 25
 */
@FunctionalInterface
public interface FailureHandler {

    /**
     * Called with a failure on the receiving side.
     *
     * @param connection a description of the connection, for messages: the
     *        loop's name, or the remote and local addresses of a TCP
     *        connection
     * @param object the copy the listener failed on, or {@code null} when the
     *        connection itself failed and has been dropped
     * @param failure what the listener threw, or why the connection failed
     */
    void failed(String connection, Serializable object, Throwable failure);

    /**
     * The default handler: prints a line saying where the failure happened,
     * and the failure's stack trace, to {@code System.err}. It does not call
     * methods of the object (its {@code toString} could fail too), only names
     * its class.
     *
     * @return the handler that prints to {@code System.err}
     */
    static FailureHandler standardError() {
        return (connection, object, failure) -> {
            String what = object == null
                    ? "connection dropped"
                    : "CopyListener failed on a " + object.getClass().getName();
            synchronized (System.err) {
                System.err.println("jdk.fastrmi.node: " + connection + ": " + what);
                failure.printStackTrace();
            }
        };
    }
}
