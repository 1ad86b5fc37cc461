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
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.rmi.UnmarshalException;
import java.util.concurrent.CompletableFuture;

import jdk.fastrmi.spi.CallContext;
import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Transport;

/**
 * The connection context of one client connection: its transport, its
 * streams and the frame its replies arrive in, reused call after call.
 */
final class ClientCall extends CallContext {

    private static final int IDLE = 0;
    private static final int SENDING = 1;
    private static final int RECEIVING = 2;
    /** The server's exception was thrown; failed() gives the context back. */
    private static final int THREW = 3;
    /** The runtime of the server failed the call (status 2) and closed the connection. */
    private static final int REFUSED = 4;

    private final ConnectionPool pool;
    private final Transport transport;
    private final Marshalling marshalling;
    private final Frame reply;

    private int state = IDLE;
    private ClientRef ref;
    private int method;
    private ObjectOutput out;

    /** Set by the watchdog's sweep, cleared by each use. */
    boolean idleSinceSweep;

    /** When it went back to the pool (System.nanoTime). */
    long releasedAt;

    ClientCall(ConnectionPool pool, Transport transport, Marshalling marshalling, int maxFrame) {
        this.pool = pool;
        this.transport = transport;
        this.marshalling = marshalling;
        this.reply = new Frame(1024, maxFrame);
    }

    Transport transport() {
        return transport;
    }

    void begin(ClientRef ref, int method) throws RemoteException {
        this.ref = ref;
        this.method = method;
        state = SENDING;
        marshalling.loader = ref.interfaces().loader();
        marshalling.fallbackLoader = Thread.currentThread().getContextClassLoader();
        try {
            out = marshalling.startRequest(ref.objectId(), method, ref.interfaces().hash(method));
        } catch (IOException e) {
            discard();
            throw new MarshalException("error marshalling call header", e);
        }
    }

    @Override
    public ObjectOutput output() {
        return out;
    }

    @Override
    public ObjectInput openReceiveResult() throws Exception {
        marshalling.finishMessage();
        marshalling.send(transport);
        state = RECEIVING;
        if (ClientRef.sendingAsync()) {
            throw ClientRef.captureAsync(this::completeAsync);
        }
        return receive(ref.responseTimeout());
    }

    /* timeoutMillis: the stub's or the call's bound on the reply, 0 for the transport's own */
    private ObjectInput receive(long timeoutMillis) throws Exception {
        if (timeoutMillis == 0) {
            transport.receive(reply);
        } else {
            transport.receive(reply, timeoutMillis);
        }
        marshalling.startRead(reply);
        int status = marshalling.getByte();
        if (status == Marshalling.RETURN) {
            return marshalling.input();
        }
        Object thrown = marshalling.input().readObject();
        marshalling.finishRead();
        if (!(thrown instanceof Throwable t)) {
            throw new UnmarshalException("reply status " + status + " without an exception");
        }
        appendClientTrace(t);
        if (status == Marshalling.THROWN) {
            // failed(t), which the stub calls next, gives the context back
            state = THREW;
            if (!ref.interfaces().mayThrow(method, t)) {
                throw new UnexpectedException("unexpected exception", (Exception) t);
            }
        } else {
            // the server drops a connection after a runtime failure
            state = REFUSED;
        }
        if (t instanceof Exception e) {
            throw e;
        }
        throw (Error) t;
    }

    /* The server's trace, then the client's, as stock RMI shows an exception from the server. */
    private static void appendClientTrace(Throwable t) {
        StackTraceElement[] server = t.getStackTrace();
        StackTraceElement[] client = new Throwable().getStackTrace();
        StackTraceElement[] both = java.util.Arrays.copyOf(server, server.length + client.length);
        System.arraycopy(client, 0, both, server.length, client.length);
        t.setStackTrace(both);
    }

    @Override
    public void closeReceiveResult() throws IOException {
        marshalling.finishRead();
        release();
    }

    private void release() {
        state = IDLE;
        ref = null;
        out = null;
        pool.release(this);
    }

    @Override
    public Throwable failed(Throwable t) {
        int s = state;
        if (ClientRef.wasCaptured(t)) {
            return t;
        }
        switch (s) {
            case THREW:
                release();
                return t;
            case REFUSED:
                discard();
                return t;
            case SENDING:
                discard();
                if (t instanceof IOException e) {
                    pool.peerFailed();
                    return new MarshalException("error marshalling arguments", e);
                }
                return t;
            case RECEIVING:
                discard();
                if (t instanceof IOException) {
                    pool.peerFailed();
                }
                if (t instanceof IOException || t instanceof ClassNotFoundException) {
                    return new UnmarshalException("error unmarshalling return", (Exception) t);
                }
                return t;
            default:
                return t;
        }
    }

    private void discard() {
        state = IDLE;
        ref = null;
        out = null;
        transport.close();
        pool.discard(this);
    }

    /*
     * The receive phase of a call captured by FastRMI.callAsync, in a thread
     * of its own; millisLeft is the time to the call's deadline, 0 for none.
     */
    void completeAsync(CompletableFuture<Object> future, long millisLeft) {
        Class<?> type = ref.interfaces().method(method).getReturnType();
        long timeout = replyBound(ref, pool.runtime().settings(), millisLeft);
        Object result;
        try {
            ObjectInput in = receive(timeout);
            result = readResult(in, type);
            closeReceiveResult();
        } catch (Throwable t) {
            future.completeExceptionally(failed(t));
            return;
        }
        future.complete(result);
    }

    /*
     * How long the reply of an asynchronous call may take: the shorter of
     * the call's deadline (millisLeft, 0 for none) and the stub's bound, or
     * else the JVM's; 0 for the transport's own.
     */
    static long replyBound(ClientRef ref, Settings settings, long millisLeft) {
        long stubBound = ref.responseTimeout();
        if (millisLeft == 0) {
            return stubBound;
        }
        long other = stubBound != 0 ? stubBound : settings.responseTimeoutMillis();
        return other == 0 ? millisLeft : Math.min(millisLeft, other);
    }

    static Object readResult(ObjectInput in, Class<?> type) throws IOException, ClassNotFoundException {
        if (!type.isPrimitive()) {
            return in.readObject();
        }
        return switch (type.getName()) {
            case "void" -> null;
            case "boolean" -> in.readBoolean();
            case "byte" -> in.readByte();
            case "char" -> in.readChar();
            case "short" -> in.readShort();
            case "int" -> in.readInt();
            case "long" -> in.readLong();
            case "float" -> in.readFloat();
            case "double" -> in.readDouble();
            default -> throw new InternalError(type.getName());
        };
    }
}
