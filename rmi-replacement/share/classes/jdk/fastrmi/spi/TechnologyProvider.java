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
import java.util.List;

/**
 * A service that makes a {@link Technology}: how a transport technology is
 * plugged into jdk.fastrmi. The runtime finds providers with
 * {@link java.util.ServiceLoader} in the system class loader, so a provider
 * may come from the image (tcp and fabric), from a module on the module path
 * ({@code provides jdk.fastrmi.spi.TechnologyProvider with ...}) or from the
 * class path (a {@code META-INF/services/jdk.fastrmi.spi.TechnologyProvider}
 * file).
 *
 * <p>The runtime's technologies, in order of preference, are those the
 * system property {@systemProperty jdk.fastrmi.technologies} lists, in its
 * order; without the property, every provider found, sorted by
 * {@link #preference()} (lower first), then by {@link #id()}. Each is
 * created once, when the runtime starts; a technology whose {@link #create}
 * throws (a native library missing here, say) is left out, with the reason
 * logged to the {@code jdk.fastrmi} logger.
 *
 * <p>A technology that sets its connections up over another one names it in
 * {@link #bootstrapsOver()}; {@link Context#bootstrap} then gives it that
 * technology's {@link Bootstrap}, created for it even if the property does
 * not list that technology (it is then not advertised).
 *
 * <p>A provider must have a public no-argument constructor (or, in a
 * named module, a public static {@code provider()} method), as the
 * {@code ServiceLoader} requires.
 *
 * @see Technology
 * @since 25
 */
public interface TechnologyProvider {

    /**
     * The preference of jdk.fastrmi's fabric technology: shared memory and
     * RDMA before anything over sockets.
     */
    int FABRIC_PREFERENCE = 100;

    /** The preference of jdk.fastrmi's tcp technology, the one that reaches every peer. */
    int TCP_PREFERENCE = 200;

    /**
     * The technology's id, the one its endpoints and the property
     * {@code jdk.fastrmi.technologies} carry; its settings are the system
     * properties {@code jdk.fastrmi.<id>.*}.
     *
     * @return the id: letters, digits, {@code '_'} and {@code '-'}, such as
     *         {@code "tcp"}
     */
    String id();

    /**
     * Where the technology goes in the default order: lower first. The
     * image's technologies use {@link #FABRIC_PREFERENCE} and
     * {@link #TCP_PREFERENCE}; a technology preferred to both uses less
     * than {@code FABRIC_PREFERENCE}. Ties go by id.
     *
     * @return the preference
     */
    int preference();

    /**
     * The ids of the technologies whose {@link Bootstrap} this technology
     * sets its connections up over; it is left out where one of them is
     * missing or cannot run.
     *
     * @return the ids, none by default
     */
    default List<String> bootstrapsOver() {
        return List.of();
    }

    /**
     * Creates the technology for this runtime, once.
     *
     * @param context what the runtime gives the technology
     * @return the technology, whose {@link Technology#id()} is {@link #id()}
     * @throws IOException or an unchecked exception, if the technology
     *         cannot run here; it is then left out
     */
    Technology create(Context context) throws IOException;

    /**
     * What the runtime gives a technology it creates: the runtime-wide
     * settings, the technology's own properties and the bootstraps it
     * declared. Implemented by the runtime.
     */
    interface Context {

        /**
         * The largest call or reply accepted, header excluded (the
         * runtime-wide {@code jdk.fastrmi.tcp.maxFrameBytes}): the
         * {@code maxLength} of the {@link Frame}s the runtime receives into.
         * A transport may refuse longer frames earlier.
         *
         * @return the limit in bytes
         */
        int maxFrameBytes();

        /**
         * The technology's own system property
         * {@code jdk.fastrmi.<id>.<name>}.
         *
         * @param name the name after the technology's prefix, such as
         *        {@code "spinMicros"}
         * @return its value, trimmed, or null if it is unset or blank
         */
        String property(String name);

        /**
         * The technology's own system property
         * {@code jdk.fastrmi.<id>.<name>} as a number.
         *
         * @param name the name after the technology's prefix
         * @param defaultValue the value if it is unset or blank
         * @param min the smallest value accepted
         * @param max the largest value accepted
         * @return the value
         * @throws IllegalArgumentException if it is not a number or out of range
         */
        long longProperty(String name, long defaultValue, long min, long max);

        /**
         * The distributed GC the technology's references use by the
         * property {@code jdk.fastrmi.<id>.dgc}: {@code lease} or
         * {@code cluster}.
         *
         * @param defaultKind the kind if the property is unset or blank
         * @return the kind
         * @throws IllegalArgumentException if the value is neither
         */
        DistributedGC.Kind gcKind(DistributedGC.Kind defaultKind);

        /**
         * The bootstrap of another technology of this runtime, one of
         * {@link TechnologyProvider#bootstrapsOver()}: the same instance the
         * runtime uses (or would use) as that technology.
         *
         * @param id the other technology's id
         * @return its bootstrap
         * @throws IllegalArgumentException if the provider did not declare
         *         {@code id}
         * @throws IOException if that technology is missing, cannot run
         *         here or offers no bootstrap
         */
        Bootstrap bootstrap(String id) throws IOException;
    }
}
