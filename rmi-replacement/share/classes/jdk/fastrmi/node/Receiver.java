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

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.Serializable;

/**
 * The receiving half shared by loop and TCP: reads copies from a stream and
 * delivers them to the listener, and reports failures to the handler.
 */
final class Receiver {

    private final CopyListener listener;
    private final FailureHandler handler;
    private final ObjectInputFilter filter;
    private final ClassLoader loader;

    /** Captures the options; the class loader is decided now, on the creating thread. */
    Receiver(CopyListener listener, DeliveryOptions options) {
        this.listener = listener;
        this.handler = options.failureHandler();
        this.filter = options.filter();
        this.loader = options.resolveClassLoader();
    }

    /** The loader that resolves classes, also the delivering threads' context loader. */
    ClassLoader classLoader() {
        return loader;
    }

    /**
     * Reads copies from {@code source} and delivers each, until the end
     * marker the sender writes when it closes.
     *
     * @throws IOException what ended the stream otherwise (the caller drops
     *         the connection: the stream's state is unknown after a failure)
     * @throws ClassNotFoundException if a class of a copy is not found
     */
    void receive(InputStream source, String connection) throws IOException, ClassNotFoundException {
        NodeInputStream in = new NodeInputStream(source, loader, filter);
        while (true) {
            Object object = in.readObject();
            if (object == null) {
                return;
            }
            if (!(object instanceof Serializable copy)) {
                // only a readResolve can make one; the listener takes Serializable
                throw new InvalidObjectException("copy resolved to a non-Serializable "
                                                 + object.getClass().getName());
            }
            deliver(connection, copy);
        }
    }

    private void deliver(String connection, Serializable copy) {
        try {
            listener.copied(copy);
        } catch (Throwable t) {
            report(connection, copy, t);
        } finally {
            Thread.interrupted();   // an interrupt meant for this call is not one for the next
        }
    }

    /** Tells the handler; a handler that throws is printed, not propagated. */
    void report(String connection, Serializable object, Throwable failure) {
        try {
            handler.failed(connection, object, failure);
        } catch (Throwable t) {
            t.addSuppressed(failure);
            synchronized (System.err) {
                System.err.println("jdk.fastrmi.node: " + connection + ": FailureHandler failed");
                t.printStackTrace();
            }
        }
    }
}
