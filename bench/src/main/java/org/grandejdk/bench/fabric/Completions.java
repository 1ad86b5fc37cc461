/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.fabric;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jdk.internal.fastrmi.fabric.FastFabric;

/**
 * What the completions of one endpoint said, both ends of the ping-pong
 * ({@link FabricPingPongBench}, {@link FabricEchoServer}): whether the last
 * send is still going, and the length of the message that landed. A send is
 * posted with context {@link #CTX_SEND}, a receive with any other.
 */
final class Completions {

    static final long CTX_SEND = 1;
    static final long CTX_RECV = 2;
    private static final int MAX = 8;

    private final FastFabric ff;
    private final MemorySegment ep;
    private final MemorySegment completions;
    private final String send;
    private final String receive;

    /** The last send has not completed yet. */
    boolean sending;
    /** The length of the message that landed, -1: none (yet). */
    long received = -1;

    /** send and receive name the two kinds of transfer in a failure's message. */
    Completions(FastFabric ff, MemorySegment ep, Arena arena, String send, String receive) {
        this.ff = ff;
        this.ep = ep;
        this.completions = arena.allocate(FastFabric.COMPLETION_SIZE * MAX, 8);
        this.send = send;
        this.receive = receive;
    }

    /** Polls once; returns the completions handled. */
    int poll() throws IOException {
        int n = ff.poll(ep, completions, MAX);
        if (n < 0) {
            throw ff.failed("ff_poll", n);
        }
        for (int i = 0; i < n; i++) {
            int status = FastFabric.status(completions, i);
            if (status < 0) {
                throw ff.failed(FastFabric.kind(completions, i) == FastFabric.SEND ? send : receive,
                                status);
            }
            if (FastFabric.context(completions, i) == CTX_SEND) {
                sending = false;
            } else {
                received = FastFabric.length(completions, i);
            }
        }
        return n;
    }
}
