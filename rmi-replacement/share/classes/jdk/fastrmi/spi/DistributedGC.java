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

/**
 * Distributed garbage collection (Philippsen, Haumacher, Nester, "More
 * Efficient Serialization and RMI for Java", section 4.4): how a client JVM
 * tells an exporter which of its objects it still references, so that the
 * exporter can call {@code Unreferenced.unreferenced()} and let the object
 * be collected when no client is left. Each technology names the kind its
 * references use ({@link Technology#gcKind()}); the exporter serves both.
 *
 * @since 25
 */
public interface DistributedGC {

    /** The collectors jdk.fastrmi has. */
    enum Kind {
        /**
         * Leases, as the JDK's DGC: a client renews its references every
         * half lease ({@code java.rmi.dgc.leaseValue}, ms); a client that
         * crashes or is cut off loses them when the lease expires. For
         * networks where peers fail on their own.
         */
        LEASE,
        /**
         * Reference counting without leases: one message when a JVM first
         * holds a reference and one when it drops it, nothing in between.
         * For a cluster whose nodes fail together, where renewals are pure
         * cost; a crashed client's references stay until unexport.
         */
        CLUSTER
    }

    /** @return this collector's kind */
    Kind kind();

    /**
     * Client side: {@code stub} in this JVM references the object
     * {@code objectId} at {@code endpoint}; the exporter is told once this
     * JVM has connected to the endpoint itself (a reference received is
     * not an order to dial its endpoint), and told again when the last such
     * stub is collected.
     *
     * @param stub the stub, held weakly
     * @param endpoint the endpoint the stub calls through
     * @param objectId the object
     */
    void track(Object stub, Endpoint endpoint, long objectId);
}
