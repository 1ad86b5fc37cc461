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

package jdk.internal.fastrmi.fabric;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The binding of libfastfabric (fabric-native/include/fastfabric.h) through
 * the Foreign Function &amp; Memory API: one downcall handle per function,
 * and wrappers that turn negative codes into {@code IOException}s with the
 * library's message.
 *
 * <p>No downcall is critical ({@code Linker.Option.critical}), though
 * posting and polling ({@code ff_send}, {@code ff_recv}, {@code ff_poll})
 * are short and never wait for a message: libfabric 1.17's shm provider
 * takes a spin lock that lives in the shared region of the peer (to post)
 * or of this process (to poll), and a peer stopped or killed while it
 * holds that lock makes the call spin until the peer goes on, or for
 * good. A critical downcall keeps its thread in the Java state, so one such
 * call would hold every safepoint, and with it the whole JVM (garbage
 * collection, {@code jcmd}, every other thread); a normal downcall costs a
 * thread-state transition, a few nanoseconds a call, and leaves the stall
 * to the one thread that talks to that peer. No call gets heap memory: the
 * buffers a network card reads later are off-heap and registered.
 *
 * <p>Public for the benchmarks of bench/ (the ping-pong floor through FFM,
 * with {@code --add-exports jdk.fastrmi/jdk.internal.fastrmi.fabric}); the
 * package is not exported.
 */
@SuppressWarnings("restricted")     // this module has native access (NATIVE_ACCESS_MODULES)
public final class FastFabric {

    /** libfabric's -FI_EAGAIN: a queue is full, poll and retry. */
    public static final int EAGAIN = -11;
    /** libfabric's -FI_ETIMEDOUT: ff_wait's timeout passed. */
    public static final int ETIMEDOUT = -110;
    /** FF_SEND: a completion of a send. */
    public static final int SEND = 1;

    /** struct ff_completion: context, tag, length, status, kind. */
    private static final MemoryLayout COMPLETION = MemoryLayout.structLayout(
            JAVA_LONG.withName("context"),
            JAVA_LONG.withName("tag"),
            JAVA_LONG.withName("length"),
            JAVA_INT.withName("status"),
            JAVA_INT.withName("kind"));
    public static final long COMPLETION_SIZE = COMPLETION.byteSize();
    private static final long CONTEXT = 0;
    private static final long LENGTH = 16;
    private static final long STATUS = 24;
    private static final long KIND = 28;

    private static final Linker LINKER = Linker.nativeLinker();

    private static volatile Object loaded;   // a FastFabric, or the Throwable why not

    private final MethodHandle version;
    private final MethodHandle libfabricVersion;
    private final MethodHandle providerAvailable;
    private final MethodHandle strerror;
    private final MethodHandle lastError;
    private final MethodHandle endpointOpen;
    private final MethodHandle endpointProvider;
    private final MethodHandle endpointAddress;
    private final MethodHandle endpointNeedsRegistration;
    private final MethodHandle endpointMaxMessage;
    private final MethodHandle endpointCanWait;
    private final MethodHandle peerAdd;
    private final MethodHandle peerRemove;
    private final MethodHandle register;
    private final MethodHandle regionDesc;
    private final MethodHandle deregister;
    private final MethodHandle send;
    private final MethodHandle recv;
    private final MethodHandle cancel;
    private final MethodHandle poll;
    private final MethodHandle await;
    private final MethodHandle endpointClose;

    private FastFabric(SymbolLookup lib) {
        version = bind(lib, "ff_version", FunctionDescriptor.of(JAVA_INT));
        libfabricVersion = bind(lib, "ff_libfabric_version", FunctionDescriptor.of(JAVA_INT));
        providerAvailable = bind(lib, "ff_provider_available", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        strerror = bind(lib, "ff_strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        lastError = bind(lib, "ff_last_error", FunctionDescriptor.of(ADDRESS));
        endpointOpen = bind(lib, "ff_endpoint_open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        endpointProvider = bind(lib, "ff_endpoint_provider", FunctionDescriptor.of(ADDRESS, ADDRESS));
        endpointAddress = bind(lib, "ff_endpoint_address", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
        endpointNeedsRegistration = bind(lib, "ff_endpoint_needs_registration",
                                         FunctionDescriptor.of(JAVA_INT, ADDRESS));
        endpointMaxMessage = bind(lib, "ff_endpoint_max_message", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        endpointCanWait = bind(lib, "ff_endpoint_can_wait", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        peerAdd = bind(lib, "ff_peer_add", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG));
        peerRemove = bind(lib, "ff_peer_remove", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        register = bind(lib, "ff_register", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
        regionDesc = bind(lib, "ff_region_desc", FunctionDescriptor.of(ADDRESS, ADDRESS));
        deregister = bind(lib, "ff_deregister", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        send = bind(lib, "ff_send", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG,
                                                          ADDRESS, JAVA_LONG, JAVA_LONG));
        recv = bind(lib, "ff_recv", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG,
                                                          ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG));
        cancel = bind(lib, "ff_cancel", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        poll = bind(lib, "ff_poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        await = bind(lib, "ff_wait", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG,
                                                           JAVA_INT, JAVA_INT));
        endpointClose = bind(lib, "ff_endpoint_close", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static MethodHandle bind(SymbolLookup lib, String name, FunctionDescriptor fd) {
        MemorySegment symbol = lib.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libfastfabric has no " + name));
        return LINKER.downcallHandle(symbol, fd);
    }

    /**
     * The library of this JDK ({@code lib/libfastfabric.so}), or of
     * {@code jdk.fastrmi.fabric.library}, loaded once.
     *
     * @return the binding
     * @throws IOException if it cannot be loaded (not built, libfabric
     *         missing), with the reason
     */
    public static FastFabric get() throws IOException {
        Object l = loaded;
        if (l == null) {
            synchronized (FastFabric.class) {
                l = loaded;
                if (l == null) {
                    try {
                        l = load();
                    } catch (IOException | RuntimeException | LinkageError e) {
                        l = e;
                    }
                    loaded = l;
                }
            }
        }
        if (l instanceof FastFabric ff) {
            return ff;
        }
        throw new IOException("libfastfabric is not usable: " + l, (Throwable) l);
    }

    /**
     * Where the library is. A class of its own, so that looking costs no
     * initialization of this class's FFM layouts and linker (about 100 ms
     * of a cold JVM's start-up, measured).
     */
    static final class LibraryFile {
        private LibraryFile() {
        }

        /**
         * @return the library's path
         * @throws IOException if there is no file there
         */
        static Path path() throws IOException {
            String name = System.getProperty("jdk.fastrmi.fabric.library");
            Path path = name != null && !name.isBlank()
                    ? Path.of(name.trim())
                    : Path.of(System.getProperty("java.home"), "lib", "libfastfabric.so");
            if (!Files.isRegularFile(path)) {
                throw new IOException(path + " not found");
            }
            return path;
        }
    }

    private static FastFabric load() throws IOException {
        Path path = LibraryFile.path();
        FastFabric ff = new FastFabric(SymbolLookup.libraryLookup(path, Arena.global()));
        int v = ff.version();
        if (v >>> 16 != 1) {
            throw new IOException(path + " is version " + (v >>> 16) + "." + (v & 0xFFFF) + ", 1.x expected");
        }
        return ff;
    }

    // ----------------------------------------------------------- library --

    public int version() {
        try {
            return (int) version.invokeExact();
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return libfabric's version as "major.minor" */
    public String libfabricVersion() {
        try {
            int v = (int) libfabricVersion.invokeExact();
            return (v >>> 16) + "." + (v & 0xFFFF);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return whether libfabric offers tagged RDM endpoints through the provider */
    public boolean providerAvailable(String provider) {
        try (Arena a = Arena.ofConfined()) {
            return (int) providerAvailable.invokeExact(a.allocateFrom(provider)) == 1;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** The message of a negative code: the last error of this thread, or the code's. */
    public String message(int code) {
        try {
            String last = ((MemorySegment) lastError.invokeExact()).reinterpret(4096).getString(0);
            String generic = ((MemorySegment) strerror.invokeExact(code)).reinterpret(4096).getString(0);
            return last.isEmpty() ? generic + " (" + code + ")" : last + " (" + generic + ", " + code + ")";
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return an exception for a negative code of {@code what} */
    public IOException failed(String what, int code) {
        return new IOException(what + ": " + message(code));
    }

    private static InternalError unexpected(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new InternalError(t);
    }

    // ---------------------------------------------------------- endpoint --

    /**
     * Opens an endpoint.
     *
     * @return its handle
     */
    public MemorySegment open(String provider, int queueDepth) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int rc = (int) endpointOpen.invokeExact(a.allocateFrom(provider), queueDepth, out);
            if (rc < 0) {
                throw failed("cannot open a " + provider + " endpoint", rc);
            }
            return out.get(ADDRESS, 0);
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public String provider(MemorySegment ep) {
        try {
            return ((MemorySegment) endpointProvider.invokeExact(ep)).reinterpret(256).getString(0);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public byte[] address(MemorySegment ep) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(4096);
            int n = (int) endpointAddress.invokeExact(ep, buf, buf.byteSize());
            if (n < 0) {
                throw failed("ff_endpoint_address", n);
            }
            return buf.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public boolean needsRegistration(MemorySegment ep) {
        try {
            return (int) endpointNeedsRegistration.invokeExact(ep) == 1;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return whether ff_wait sleeps until a message arrives (else it polls with back-off) */
    public boolean canWait(MemorySegment ep) {
        try {
            return (int) endpointCanWait.invokeExact(ep) == 1;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public long maxMessage(MemorySegment ep) {
        try {
            return (long) endpointMaxMessage.invokeExact(ep);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public long addPeer(MemorySegment ep, byte[] address) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment addr = a.allocate(address.length);
            MemorySegment.copy(address, 0, addr, ValueLayout.JAVA_BYTE, 0, address.length);
            long peer = (long) peerAdd.invokeExact(ep, addr, (long) address.length);
            if (peer < 0) {
                throw failed("cannot add the peer's address", (int) peer);
            }
            return peer;
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /**
     * Forgets a peer added by {@link #addPeer}.
     *
     * @param ep the endpoint
     * @param peer the peer's handle
     */
    public void removePeer(MemorySegment ep, long peer) {
        try {
            int rc = (int) peerRemove.invokeExact(ep, peer);
            assert rc >= 0 : message(rc);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /**
     * Registers a buffer.
     *
     * @return the region's handle
     */
    public MemorySegment register(MemorySegment ep, MemorySegment buf) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int rc = (int) register.invokeExact(ep, buf, buf.byteSize(), out);
            if (rc < 0) {
                throw failed("cannot register " + buf.byteSize() + " bytes", rc);
            }
            return out.get(ADDRESS, 0);
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public MemorySegment desc(MemorySegment region) {
        try {
            return (MemorySegment) regionDesc.invokeExact(region);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public void deregister(MemorySegment region) {
        try {
            int rc = (int) deregister.invokeExact(region);
            assert rc >= 0 : message(rc);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return 0, {@link #EAGAIN}, or another negative code */
    public int send(MemorySegment ep, long peer, MemorySegment buf, long len, MemorySegment desc,
             long tag, long context) {
        try {
            return (int) send.invokeExact(ep, peer, buf, len, desc, tag, context);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return 0, {@link #EAGAIN}, or another negative code */
    public int recv(MemorySegment ep, long peer, MemorySegment buf, long len, MemorySegment desc,
             long tag, long ignore, long context) {
        try {
            return (int) recv.invokeExact(ep, peer, buf, len, desc, tag, ignore, context);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /**
     * Cancels the receives posted with a context; each is still reported
     * by {@link #poll} (status {@code -FI_ECANCELED} if the cancel took it),
     * and its buffer is free only then.
     *
     * @param ep the endpoint
     * @param context the receives' context
     * @return how many receives were posted with it, or a negative error code
     */
    public int cancel(MemorySegment ep, long context) {
        try {
            return (int) cancel.invokeExact(ep, context);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return the completions written to {@code out}, or a negative code */
    public int poll(MemorySegment ep, MemorySegment out, int max) {
        try {
            return (int) poll.invokeExact(ep, out, max);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** @return the completions written, {@link #ETIMEDOUT}, or a negative code */
    public int await(MemorySegment ep, MemorySegment out, int max, long spinNanos, int timeoutMillis) {
        try {
            return (int) await.invokeExact(ep, out, max, spinNanos, timeoutMillis, -1);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public void close(MemorySegment ep) {
        try {
            int rc = (int) endpointClose.invokeExact(ep);
            assert rc >= 0 : message(rc);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    // ------------------------------------------------------- completions --

    public static long context(MemorySegment completions, int i) {
        return completions.get(JAVA_LONG, i * COMPLETION_SIZE + CONTEXT);
    }

    public static long length(MemorySegment completions, int i) {
        return completions.get(JAVA_LONG, i * COMPLETION_SIZE + LENGTH);
    }

    public static int status(MemorySegment completions, int i) {
        return completions.get(JAVA_INT, i * COMPLETION_SIZE + STATUS);
    }

    public static int kind(MemorySegment completions, int i) {
        return completions.get(JAVA_INT, i * COMPLETION_SIZE + KIND);
    }
}
