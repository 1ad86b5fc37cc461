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

package jdk.internal.fastrmi;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.net.SocketTimeoutException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.rmi.UnmarshalException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import jdk.fastrmi.spi.CallContext;
import sun.rmi.transport.Connection;
import sun.rmi.transport.LiveRef;
import sun.rmi.transport.StreamRemoteCall;

/**
 * A call of a stub to an endpoint that speaks JRMP only (a stock server, the
 * management agent's registry): the stock transport's call, method by hash
 * as stock's dynamic-proxy stubs call (JRMP 1.2), over a pooled JRMP
 * connection; the same steps and exceptions as stock's
 * {@code UnicastRef.invoke}. The stub writes the arguments and reads the
 * result with the same {@code ObjectOutput} and {@code ObjectInput}
 * methods as over jdk.fastrmi's streams.
 */
final class JrmpCall extends CallContext {

    private static final int SENDING = 1;
    private static final int EXECUTING = 2;
    private static final int RECEIVING = 3;

    private final ClientRef ref;
    private final int method;
    private final LiveRef liveRef;
    private final Connection conn;
    private final StreamRemoteCall call;
    private final ObjectOutput out;
    private int state = SENDING;
    private boolean freed;

    private JrmpCall(ClientRef ref, int method, LiveRef liveRef, Connection conn, StreamRemoteCall call,
                     ObjectOutput out) {
        this.ref = ref;
        this.method = method;
        this.liveRef = liveRef;
        this.conn = conn;
        this.call = call;
        this.out = out;
    }

    static JrmpCall open(ClientRef ref, int method) throws RemoteException {
        LiveRef liveRef = ref.jrmpRef();
        Connection conn = liveRef.getChannel().newConnection();
        try {
            StreamRemoteCall call = new StreamRemoteCall(conn, liveRef.getObjID(), -1,
                                                         ref.interfaces().jrmpHash(method));
            return new JrmpCall(ref, method, liveRef, conn, call, call.getOutputStream());
        } catch (IOException e) {
            liveRef.getChannel().free(conn, false);
            throw new MarshalException("error marshalling call header", e);
        } catch (RuntimeException | Error e) {
            liveRef.getChannel().free(conn, false);
            throw e;
        }
    }

    @Override
    public ObjectOutput output() {
        return out;
    }

    @Override
    public ObjectInput openReceiveResult() throws Exception {
        state = EXECUTING;
        if (ClientRef.sendingAsync()) {
            call.getOutputStream().flush();
            throw ClientRef.captureAsync(this::completeAsync);
        }
        return receive(ref.responseTimeout());
    }

    /*
     * Waits for the reply, at most timeoutMillis (0: as long as the stock
     * transport's own responseTimeout lets it). The stock connection's
     * socket is the stock transport's, so the bound is kept by closing the
     * connection when it passes, which ends the blocked read; the call then
     * fails as over jdk.fastrmi's own transports, with an
     * UnmarshalException caused by a SocketTimeoutException.
     */
    private ObjectInput receive(long timeoutMillis) throws Exception {
        Expiry expiry = timeoutMillis > 0 ? new Expiry(conn, timeoutMillis) : null;
        try {
            call.executeCall();     // throws the server's exception
        } catch (Exception e) {
            if (expiry != null && expiry.fired) {
                throw expiry.timedOut(e);
            }
            throw e;
        } finally {
            if (expiry != null) {
                expiry.cancel();
            }
        }
        if (expiry != null && expiry.fired) {
            throw expiry.timedOut(null);    // the reply came as the bound passed: its stream is closed
        }
        state = RECEIVING;
        return call.getInputStream();
    }

    /* Closes a connection when a call's bound on its reply passes. */
    private static final class Expiry {
        private static final ScheduledThreadPoolExecutor TIMER = timer();

        private final Connection conn;
        private final long millis;
        private final ScheduledFuture<?> task;
        volatile boolean fired;

        Expiry(Connection conn, long millis) {
            this.conn = conn;
            this.millis = millis;
            this.task = TIMER.schedule(this::fire, millis, TimeUnit.MILLISECONDS);
        }

        private static ScheduledThreadPoolExecutor timer() {
            ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1,
                    Thread.ofPlatform().daemon(true).name("fastrmi-jrmp-deadlines").factory());
            t.setRemoveOnCancelPolicy(true);
            return t;
        }

        private void fire() {
            fired = true;
            try {
                conn.close();
            } catch (IOException ignore) {
                // closed already
            }
        }

        void cancel() {
            task.cancel(false);
        }

        UnmarshalException timedOut(Exception failure) {
            SocketTimeoutException e = new SocketTimeoutException("no reply within " + millis + " ms");
            if (failure != null) {
                e.addSuppressed(failure);
            }
            return new UnmarshalException("error unmarshalling return", e);
        }
    }

    @Override
    public void closeReceiveResult() throws IOException {
        boolean reuse = true;
        try {
            call.done();        // registers the references read with the DGC, acknowledges them
        } catch (IOException e) {
            reuse = false;
        }
        free(reuse);
    }

    @Override
    public Throwable failed(Throwable t) {
        if (ClientRef.wasCaptured(t)) {
            return t;
        }
        Throwable thrown = t;
        boolean reuse = false;
        switch (state) {
            case SENDING:
                if (t instanceof IOException e) {
                    thrown = new MarshalException("error marshalling arguments", e);
                }
                break;
            case EXECUTING:
                if (t == call.getServerException()) {
                    // as stock: the connection is reused after an application's exception
                    reuse = !(t instanceof RemoteException);
                    if (t instanceof Exception e && !(t instanceof RuntimeException)
                            && !ref.interfaces().mayThrow(method, t)) {
                        thrown = new UnexpectedException("unexpected exception", e);
                    }
                }
                break;
            case RECEIVING:
                if (t instanceof IOException || t instanceof ClassNotFoundException) {
                    call.discardPendingRefs();
                    thrown = new UnmarshalException("error unmarshalling return", (Exception) t);
                }
                break;
            default:
                break;
        }
        try {
            call.done();
        } catch (IOException | RuntimeException e) {
            reuse = false;
        }
        free(reuse);
        return thrown;
    }

    private void free(boolean reuse) {
        if (!freed) {
            freed = true;
            try {
                liveRef.getChannel().free(conn, reuse);
            } catch (RemoteException ignore) {
                // the connection is closed then
            }
        }
    }

    /* The receive phase of a call captured by FastRMI.callAsync, in a thread of its own. */
    private void completeAsync(CompletableFuture<Object> future, long millisLeft) {
        Class<?> type = ref.interfaces().method(method).getReturnType();
        Object result;
        try {
            result = ClientCall.readResult(
                    receive(ClientCall.replyBound(ref, RemoteRuntime.get().settings(), millisLeft)), type);
            closeReceiveResult();
        } catch (Throwable t) {
            future.completeExceptionally(failed(t));
            return;
        }
        future.complete(result);
    }
}
