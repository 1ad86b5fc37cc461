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

package jdk.fastrmi;

import java.rmi.Remote;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import jdk.fastrmi.spi.Timeouts;

/**
 * Entry points and settings of jdk.fastrmi, the KaRMI-style RMI of this
 * runtime image.
 *
 * <p>Stock {@code java.rmi} entry points keep using the JDK's own JRMP
 * implementation unless the system property {@value #PROVIDER_PROPERTY}
 * is {@value #PROVIDER_NAME}. Then {@code UnicastRemoteObject},
 * {@code LocateRegistry}, {@code Naming}, {@code RemoteObject.toStub} and
 * {@code RemoteServer.getClientHost} run on this module; exports and
 * registries with custom socket factories run its tcp protocol over the
 * factories' sockets.
 *
 * <p>System properties of the runtime, read once:
 * <ul>
 * <li>{@systemProperty jdk.fastrmi.serialization}: {@code fast} (default,
 *     jdk.fastserial streams that live as long as a connection) or
 *     {@code jdk} (the JDK's object streams, new ones per call). Both ends
 *     must agree.
 * <li>{@systemProperty jdk.fastrmi.technologies}: the ids of the
 *     technologies to use, in order of preference; default every technology
 *     found (see {@link jdk.fastrmi.spi.TechnologyProvider}), by its
 *     declared preference: {@code fabric,tcp} for the image's own. A client
 *     takes the first of its own that a reference also lists and that
 *     reaches the exporter. {@code fabric} (libfastfabric over libfabric)
 *     reaches JVMs of the same host through shared memory, and other hosts
 *     only where a remote provider runs (InfiniBand/RoCE); where libfabric
 *     is missing it is left out.
 * <li>{@code java.rmi.server.hostname}: the host put into references, as
 *     for stock RMI; default the local host's address.
 * <li>{@systemProperty jdk.fastrmi.tcp.idleTimeout}: ms after which an idle
 *     client connection, of any technology, is closed; default 15000.
 * <li>{@systemProperty jdk.fastrmi.tcp.maxFrameBytes}: the largest call or
 *     reply accepted, by any technology; default 256 MiB. A larger length
 *     drops the connection.
 * <li>{@code java.rmi.dgc.leaseValue}: the distributed GC's lease in ms, as
 *     for stock RMI; default 600000.
 * <li>{@systemProperty jdk.fastrmi.wait}: how receivers of every technology
 *     wait for data: {@code adaptive} (default: spin up to the technology's
 *     {@code spinMicros} only while it pays and no thread of the machine
 *     waits for a core, else poll between yields while it pays, then
 *     block; and block at once while trials show that blocking makes the
 *     waits shorter, as beside computing neighbours), {@code block} (never
 *     spin) or {@code spin} (always, for
 *     threads pinned to cores of their own); see
 *     {@link jdk.fastrmi.spi.WaitPolicy}.
 * </ul>
 *
 * <p>Each technology reads its own, {@code jdk.fastrmi.<id>.*}; those of
 * tcp and fabric:
 * <ul>
 * <li>{@systemProperty jdk.fastrmi.tcp.bindAddress}: the address servers
 *     listen on; default all.
 * <li>{@systemProperty jdk.fastrmi.tcp.spinMicros}: the longest a receiver
 *     polls a socket before it blocks; default 50. On a 2-core VM, waking a
 *     blocked thread costs about 30 µs, more than a loopback round trip;
 *     {@code jdk.fastrmi.wait} decides when it polls.
 * <li>stock RMI's time-outs, honoured by every technology with stock's
 *     defaults (see {@link jdk.fastrmi.spi.Timeouts}):
 *     {@code sun.rmi.transport.proxy.connectTimeout},
 *     {@code sun.rmi.transport.tcp.handshakeTimeout},
 *     {@code sun.rmi.transport.tcp.readTimeout} and
 *     {@code sun.rmi.transport.tcp.responseTimeout}; a stub's own bound on
 *     replies: {@link #withResponseTimeout}, a call's: {@link #callAsync(Callable, Duration)}.
 * <li>{@systemProperty jdk.fastrmi.tcp.keepAliveIdle},
 *     {@systemProperty jdk.fastrmi.tcp.keepAliveInterval} (seconds) and
 *     {@systemProperty jdk.fastrmi.tcp.keepAliveCount}: TCP keep-alive of
 *     every connection, the fabric's control connections included; default
 *     the system's, as stock's sockets have it (Linux: a host that vanished
 *     without a FIN is noticed after 2 h 11 min); set, after idle +
 *     interval &times; count seconds.
 * <li>{@systemProperty jdk.fastrmi.tcp.maxConnections}: the most incoming
 *     tcp connections served at once; default 4096 (stock's
 *     {@code sun.rmi.transport.tcp.maxConnectionThreads} lowers it).
 * <li>{@systemProperty jdk.fastrmi.tcp.dgc}: the distributed GC of
 *     references reached through tcp, {@code lease} (default, as stock RMI)
 *     or {@code cluster} (no renewals; for a cluster whose nodes fail
 *     together; a server grants references without a lease only over a
 *     technology it runs as {@code cluster} itself); see
 *     {@link jdk.fastrmi.spi.DistributedGC.Kind}.
 * <li>{@systemProperty jdk.fastrmi.tcp.tls}: how exports and stubs with
 *     javax.rmi.ssl's socket factories run their TLS: {@code engine}
 *     (default), in an {@code SSLEngine} over a channel whose reads poll
 *     before they block, set up as the factories set up their sockets;
 *     {@code socket}, in the factories' own {@code SSLSocket}s, whose
 *     reads block.
 * <li>{@systemProperty jdk.fastrmi.fabric.local}: the libfabric provider
 *     between JVMs of one host; default {@code shm}; {@code tcp;ofi_rxm}
 *     runs the fabric over TCP (with {@code FI_TCP_IFACE} naming the
 *     interface), {@code none} turns it off. The environment variable
 *     {@code FI_PROVIDER}, if set, wins.
 * <li>{@systemProperty jdk.fastrmi.fabric.remote}: the provider to other
 *     hosts; default {@code verbs;ofi_rxm}, used where libfabric offers it.
 * <li>{@systemProperty jdk.fastrmi.fabric.spinMicros}: the longest a fabric
 *     receiver polls its completion queue before it waits; default 100
 *     ({@code jdk.fastrmi.wait} decides when).
 * <li>{@systemProperty jdk.fastrmi.fabric.startDelay}: how long after the
 *     fabric is first wanted (an export, a reference to a fabric endpoint)
 *     its start begins, in milliseconds; default 1000, so that a fresh
 *     JVM's first calls go over tcp without the start's CPU beside them.
 *     A connection that can only go over the fabric ends the delay.
 * <li>{@systemProperty jdk.fastrmi.fabric.dgc}: the distributed GC of
 *     references reached through the fabric; {@code lease} (default) or
 *     {@code cluster}.
 * <li>{@systemProperty jdk.fastrmi.fabric.library}: libfastfabric; default
 *     the image's {@code lib/libfastfabric.so}.
 * </ul>
 *
 * <h2>Stubs of a named module's interfaces</h2>
 *
 * jdk.fastrmi generates a stub and a skeleton (hidden classes) per set of
 * remote interfaces. It grants nothing of an application's module that the
 * application did not grant jdk.fastrmi itself:
 * <ul>
 * <li>a public remote interface: its classes go to jdk.fastrmi's dynamic
 *     module of the interface's class loader ({@code jdk.fastrmi.stubsN},
 *     which holds only generated classes and exports nothing). The
 *     packages of the interfaces and of their methods' parameter and result
 *     types must be exported to it: exported by their module, or exported
 *     to jdk.fastrmi ({@code exports p to jdk.fastrmi;}), which then passes
 *     the export on to its dynamic module;
 * <li>a non-public remote interface: its classes go to its own package,
 *     which its module must open to jdk.fastrmi
 *     ({@code opens p to jdk.fastrmi;}); the module is then made to read
 *     jdk.fastrmi, which those classes need.
 * </ul>
 * Otherwise exporting an object of the interface (or reading a stub of
 * it) fails: {@code exportObject} throws an
 * {@link java.rmi.server.ExportException} whose message names the
 * directive to add to the module declaration. The class path exports and
 * opens every package, so it needs nothing.
 *
 * @since 25
 */
public final class FastRMI {

    /**
     * The name of the system property that selects the RMI provider behind
     * the stock {@code java.rmi} entry points.
     */
    public static final String PROVIDER_PROPERTY = "java.rmi.provider";

    /**
     * The value of {@link #PROVIDER_PROPERTY} that selects this module.
     */
    public static final String PROVIDER_NAME = "fastrmi";

    private FastRMI() {
        throw new AssertionError("no instances");
    }

    /**
     * What the calls of a jdk.fastrmi stub run over: {@code "local"} when
     * the object lives in this JVM (its calls take the local shortcut),
     * else the technology the stub's new connections use now, such as
     * {@code "tcp"}, {@code "fabric:shm"} or {@code "fabric:tcp;ofi_rxm"},
     * or {@code "none"} if no technology of this JVM reaches the object.
     * The fabric starts in the background, {@code jdk.fastrmi.fabric.startDelay}
     * (default one second) after it is first wanted (it loads libfabric,
     * about half a second): meanwhile new connections, and this method,
     * take the reference's next technology (tcp), and no call waits for
     * the start.
     *
     * @param stub a stub of this module, in any of its forms (see {@link FastStub})
     * @return the description
     * @throws IllegalArgumentException if {@code stub} is not a jdk.fastrmi stub
     */
    public static String technology(Remote stub) {
        FastStub fs = fastStub(stub);
        return fs.isLocal() ? "local" : fs.technology();
    }

    /**
     * Makes a remote call asynchronously (Haumacher and Philippsen,
     * "Exploiting Object Locality in JavaParty", section 2.3): runs
     * {@code call}, which calls one method of a jdk.fastrmi stub, up to the
     * end of the call's send phase, and returns a future that the reply
     * completes. The arguments are marshalled before this method returns,
     * so the caller may change them afterwards.
     * <pre>{@code
     * CompletableFuture<Integer> sum = FastRMI.callAsync(() -> calculator.add(1, 2));
     * }</pre>
     * The future completes exceptionally with what the synchronous call
     * would have thrown. If {@code call} makes no remote call (the object
     * lives in this JVM, or the lambda returns without calling), it runs to
     * its end here and the future holds its result.
     *
     * @param <T> the result type
     * @param call a lambda that makes one remote call and returns its result
     * @return the future result
     */
    public static <T> CompletableFuture<T> callAsync(Callable<T> call) {
        return AsyncCalls.call(call, 0);
    }

    /**
     * Makes a remote call asynchronously, as {@link #callAsync(Callable)}
     * does, with a deadline: if the reply has not arrived {@code timeout}
     * after this method was called, the future completes exceptionally
     * with an {@link java.rmi.UnmarshalException} caused by a
     * {@link java.net.SocketTimeoutException}, what a call whose
     * {@code sun.rmi.transport.tcp.responseTimeout} ran out throws, and the
     * call's connection is closed, never reused. The send phase runs in the
     * caller's thread before this method returns, bounded by the time-outs
     * of connecting and of the handshake, not by this one. The stub's own
     * bound ({@link #withResponseTimeout}) or the JVM's applies instead when
     * it is shorter.
     * <pre>{@code
     * CompletableFuture<Integer> sum = FastRMI.callAsync(() -> calculator.add(1, 2), Duration.ofSeconds(2));
     * }</pre>
     *
     * @param <T> the result type
     * @param call a lambda that makes one remote call and returns its result
     * @param timeout how long the reply may take, positive
     * @return the future result
     * @throws IllegalArgumentException if {@code timeout} is zero or negative
     * @throws NullPointerException if an argument is null
     */
    public static <T> CompletableFuture<T> callAsync(Callable<T> call, Duration timeout) {
        Objects.requireNonNull(call, "call");
        return AsyncCalls.call(call, positiveMillis(timeout) * 1_000_000);
    }

    /**
     * A stub of the same remote object whose calls wait at most
     * {@code timeout} for a reply, whatever the JVM's
     * {@code sun.rmi.transport.tcp.responseTimeout} says: a call whose reply
     * does not begin, or once begun does not end, within it throws an
     * {@link java.rmi.UnmarshalException} caused by a
     * {@link java.net.SocketTimeoutException}, and its connection is closed,
     * never reused. The stub given is not changed; the new one is a stub
     * of jdk.fastrmi's generated form, which implements the same remote
     * interfaces, and is marshalled as any stub is (the bound does not
     * travel). Calls to an object of this JVM take the local shortcut and
     * have no reply to wait for.
     * <pre>{@code
     * Calculator patient = FastRMI.withResponseTimeout(calculator, Duration.ofSeconds(30));
     * }</pre>
     *
     * @param <T> the type of the stub, a remote interface it implements
     * @param stub a stub of this module, in any of its forms (see {@link FastStub})
     * @param timeout the bound, positive; {@link Duration#ZERO} for the
     *        JVM's {@code responseTimeout} again
     * @return the new stub
     * @throws IllegalArgumentException if {@code stub} is not a jdk.fastrmi
     *         stub or {@code timeout} is negative
     * @throws NullPointerException if {@code timeout} is null
     */
    @SuppressWarnings("unchecked")
    public static <T extends Remote> T withResponseTimeout(T stub, Duration timeout) {
        long millis = timeout.isZero() ? 0 : positiveMillis(timeout);
        return (T) FastStub.Ref.of(fastStub(stub)).withResponseTimeout(millis);
    }

    /**
     * The bound on the replies of a stub's calls that
     * {@link #withResponseTimeout} set.
     *
     * @param stub a stub of this module, in any of its forms
     * @return the bound, or {@link Duration#ZERO} if the stub has none of
     *         its own (the JVM's {@code responseTimeout} applies)
     * @throws IllegalArgumentException if {@code stub} is not a jdk.fastrmi stub
     */
    public static Duration responseTimeout(Remote stub) {
        return Duration.ofMillis(FastStub.Ref.of(fastStub(stub)).responseTimeout());
    }

    private static FastStub fastStub(Remote stub) {
        FastStub fs = StubRef.stubOf(stub);
        if (fs == null) {
            throw new IllegalArgumentException("not a jdk.fastrmi stub: "
                                               + (stub == null ? null : stub.getClass().getName()));
        }
        return fs;
    }

    /* A positive duration in whole ms, rounded up, at most Timeouts.MAX_MILLIS. */
    private static long positiveMillis(Duration timeout) {
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("time-out not positive: " + timeout);
        }
        if (timeout.compareTo(Duration.ofMillis(Timeouts.MAX_MILLIS)) >= 0) {
            return Timeouts.MAX_MILLIS;
        }
        long millis = timeout.toMillis();
        return timeout.equals(Duration.ofMillis(millis)) ? millis : millis + 1;
    }
}
