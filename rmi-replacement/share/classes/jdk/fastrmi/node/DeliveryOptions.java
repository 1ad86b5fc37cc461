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

import java.io.ObjectInputFilter;
import java.util.Objects;

/**
 * How the receiving side of a node reads and delivers copies: the
 * {@link ObjectInputFilter} that checks them, the class loader that resolves
 * their classes, and the {@link FailureHandler} told of failures. Immutable;
 * each {@code with} method returns a new instance.
 *
 * <pre>{@code
 * var options = DeliveryOptions.defaults()
 *         .withFilter(ObjectInputFilter.allowFilter(c -> c.getPackageName().equals("app.model"),
 *                                                   ObjectInputFilter.Status.REJECTED))
 *         .withFailureHandler((connection, object, failure) -> log.warn(connection, failure));
 * NodeServer server = Nodes.listen(new InetSocketAddress(5000), listener, options);
 * }</pre>
 *
 * @since 25
 */
public final class DeliveryOptions {

    private static final DeliveryOptions DEFAULTS =
            new DeliveryOptions(null, null, FailureHandler.standardError());

    private final ObjectInputFilter filter;
    private final ClassLoader classLoader;
    private final FailureHandler failureHandler;

    private DeliveryOptions(ObjectInputFilter filter, ClassLoader classLoader,
                            FailureHandler failureHandler) {
        this.filter = filter;
        this.classLoader = classLoader;
        this.failureHandler = failureHandler;
    }

    /**
     * The defaults: the JVM-wide filter (as the
     * {@linkplain ObjectInputFilter.Config#getSerialFilterFactory() filter factory}
     * gives it to every new object stream); classes resolved by the context
     * class loader of the thread that creates the node or server (the system
     * class loader if it has none); failures printed to {@code System.err}
     * ({@link FailureHandler#standardError()}).
     *
     * @return the default options
     */
    public static DeliveryOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Returns options that set {@code filter} on the stream of every
     * connection, through the filter factory as
     * {@link java.io.ObjectInputStream#setObjectInputFilter} does. A class,
     * array length, depth or reference count the filter rejects ends the
     * connection with an {@code InvalidClassException}, reported to the
     * failure handler.
     *
     * @param filter the filter
     * @return the new options
     * @throws NullPointerException if {@code filter} is null
     */
    public DeliveryOptions withFilter(ObjectInputFilter filter) {
        return new DeliveryOptions(Objects.requireNonNull(filter, "filter"), classLoader, failureHandler);
    }

    /**
     * Returns options that resolve the classes of received copies with
     * {@code loader} (the delivering threads also get it as their context
     * class loader).
     *
     * @param loader the class loader
     * @return the new options
     * @throws NullPointerException if {@code loader} is null
     */
    public DeliveryOptions withClassLoader(ClassLoader loader) {
        return new DeliveryOptions(filter, Objects.requireNonNull(loader, "loader"), failureHandler);
    }

    /**
     * Returns options that report failures to {@code handler}.
     *
     * @param handler the failure handler
     * @return the new options
     * @throws NullPointerException if {@code handler} is null
     */
    public DeliveryOptions withFailureHandler(FailureHandler handler) {
        return new DeliveryOptions(filter, classLoader, Objects.requireNonNull(handler, "handler"));
    }

    /** The filter set on each stream, or null for the JVM-wide one. */
    ObjectInputFilter filter() {
        return filter;
    }

    /** The failure handler. */
    FailureHandler failureHandler() {
        return failureHandler;
    }

    /**
     * The loader that resolves classes: the one set, else the context class
     * loader of the calling thread, else the system class loader. Called
     * when a node or server is created.
     */
    ClassLoader resolveClassLoader() {
        if (classLoader != null) {
            return classLoader;
        }
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassLoader.getSystemClassLoader();
    }
}
