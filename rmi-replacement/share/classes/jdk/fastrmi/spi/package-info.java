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

/**
 * The layers of jdk.fastrmi's calls, for its generated stubs and skeletons
 * and for transport technologies written outside the module, after KaRMI
 * (Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI
 * for Java", section 4): a stub marshals into a {@link jdk.fastrmi.spi.CallContext},
 * a {@link jdk.fastrmi.spi.Skeleton} unmarshals from a
 * {@link jdk.fastrmi.spi.ServerCall}, and a {@link jdk.fastrmi.spi.Technology}
 * moves the calls' {@link jdk.fastrmi.spi.Frame}s between JVMs.
 *
 * <h2>Writing a technology</h2>
 *
 * A technology is three classes:
 * <ul>
 * <li>a {@link jdk.fastrmi.spi.TechnologyProvider}: its id, its
 *     {@linkplain jdk.fastrmi.spi.TechnologyProvider#preference() preference}
 *     (lower first; the image's fabric has
 *     {@value jdk.fastrmi.spi.TechnologyProvider#FABRIC_PREFERENCE}, tcp
 *     {@value jdk.fastrmi.spi.TechnologyProvider#TCP_PREFERENCE}), the
 *     technologies it sets its connections up over, and a factory;
 * <li>the {@link jdk.fastrmi.spi.Technology}: it listens when an object is
 *     exported and returns the {@link jdk.fastrmi.spi.Endpoint} the object's
 *     references carry ({@code id:address}, the address in its own
 *     syntax), says whether it reaches an endpoint from here, and connects;
 * <li>a {@link jdk.fastrmi.spi.Transport}: one connection, which moves
 *     whole frames, a 4-byte little-endian length and the message.
 * </ul>
 * Both ends start a connection with a {@link jdk.fastrmi.spi.Handshake}:
 * the client's {@code connect} sends its hello and returns the server's
 * answer; the server's listener reads the hello, gives it to the
 * {@link jdk.fastrmi.spi.Technology.Acceptor}, sends the
 * {@linkplain jdk.fastrmi.spi.Technology.Session#answer() answer} (or a
 * refusal if the acceptor returned null) and runs
 * {@link jdk.fastrmi.spi.Technology.Session#serve()} in a thread of its own
 * until the connection ends. How the handshake is encoded is the
 * technology's business. The runtime never has two calls in flight on one
 * transport: one thread sends, one receives.
 *
 * <p>A technology whose listeners are TCP ports may also serve JRMP, Java
 * RMI's standard protocol, there: a connection that opens with JRMP's
 * header for one of JRMP's protocols goes to
 * {@link jdk.fastrmi.spi.Technology.Acceptor#acceptJrmp} (the runtime
 * serves it with the JDK's transport), and a {@code connect} whose peer
 * turns out to speak JRMP only throws {@link jdk.fastrmi.spi.JrmpPeerException}
 * (the runtime then calls that endpoint over JRMP). The image's tcp
 * technology does both; the others need neither.
 *
 * <p>Exports with an application's RMI socket factories (SSL, say) run on
 * the first technology that is a
 * {@link jdk.fastrmi.spi.SocketFactoryTechnology}: it listens through the
 * server factory and connects through the client factory, which the
 * references carry. The image's tcp technology is one.
 *
 * <p>A technology may use only this package (and the platform): the
 * image's tcp and fabric technologies do too. The fabric sets its
 * connections up over tcp's without depending on it: it names
 * {@code "tcp"} in {@link jdk.fastrmi.spi.TechnologyProvider#bootstrapsOver()},
 * gets tcp's {@link jdk.fastrmi.spi.Bootstrap} from its
 * {@link jdk.fastrmi.spi.TechnologyProvider.Context}, registers an upgrade
 * magic on tcp's listeners, and keeps the tcp connection, as a
 * {@link jdk.fastrmi.spi.ControlChannel}, to learn that its peer died and
 * to wake it.
 *
 * <p>A receiver that may wait for data asks a
 * {@link jdk.fastrmi.spi.WaitPolicy} (one per technology, a
 * {@link jdk.fastrmi.spi.WaitPolicy.Waiter} per receiving end) whether to
 * spin, poll between yields or block, so that every technology follows
 * the runtime-wide {@code jdk.fastrmi.wait}; stock's time-outs are in
 * {@link jdk.fastrmi.spi.Timeouts}.
 *
 * <h2>Plugging a technology in</h2>
 *
 * The runtime loads the providers with {@link java.util.ServiceLoader} in
 * the system class loader, when it starts: from a module on the module
 * path that declares
 * <pre>{@code
 * module com.example.rdma {
 *     requires jdk.fastrmi;
 *     provides jdk.fastrmi.spi.TechnologyProvider with com.example.rdma.RdmaProvider;
 * }
 * }</pre>
 * (no {@code --add-modules} needed: jdk.fastrmi uses the service, so the
 * module is resolved with it), or from the class path, with a file
 * {@code META-INF/services/jdk.fastrmi.spi.TechnologyProvider} naming the
 * provider class. Without the system property
 * {@systemProperty jdk.fastrmi.technologies} every technology found is
 * used, in order of preference, then id; with it, exactly those it lists,
 * in its order (an id no provider has is an error). A technology that
 * cannot run here (its {@code create} throws) is left out and the reason
 * logged (at {@code WARNING} if the property named it). Its settings are
 * the system properties {@code jdk.fastrmi.<id>.*}, which it reads through
 * {@link jdk.fastrmi.spi.TechnologyProvider.Context}. Both ends of a call
 * must have the technology for it to be used; a client takes the first of
 * its own technologies that a reference lists and that
 * {@linkplain jdk.fastrmi.spi.Technology#reaches reaches} the exporter.
 *
 * @since 25
 */
package jdk.fastrmi.spi;
