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

import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.lang.System.Logger.Level;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;

import jdk.fastrmi.spi.Frame;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.ServerCall;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.Transport;

/**
 * The server side of one connection: reads a call, finds the object,
 * dispatches to its skeleton and replies; one call at a time, in the
 * technology's thread for the connection.
 */
final class ServerSession extends ServerCall implements Technology.Session {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    private static final String IN_SERVER = "RemoteException occurred in server thread";

    private static final int ARGUMENTS = 0;
    private static final int INVOKING = 1;
    private static final int RESULT = 2;

    /** The session the current thread serves, for getClientHost and the registry. */
    private static final ThreadLocal<ServerSession> CURRENT = new ThreadLocal<>();

    private final RemoteRuntime runtime;
    private final Technology technology;
    private final Transport transport;
    private final Marshalling marshalling;
    private final Handshake answer;
    private final Frame request;
    private final int port;
    private int state;
    private ObjectInput arguments;
    /* the object of the last call: calls in a row mostly go to one object */
    private long lastObjectId = RemoteRuntime.REGISTRY_ID;
    private Target lastTarget;

    ServerSession(RemoteRuntime runtime, Technology technology, Transport transport, Marshalling marshalling,
                  int port) throws IOException {
        this.runtime = runtime;
        this.technology = technology;
        this.transport = transport;
        this.marshalling = marshalling;
        this.answer = new Handshake(marshalling.serialization(), marshalling.header());
        this.request = new Frame(1024, runtime.settings().maxFrameBytes());
        this.port = port;
    }

    static ServerSession current() {
        return CURRENT.get();
    }

    Transport transport() {
        return transport;
    }

    /** @return the technology the connection came over */
    Technology technology() {
        return technology;
    }

    @Override
    public Handshake answer() {
        return answer;
    }

    @Override
    public void serve() {
        CURRENT.set(this);
        try {
            while (transport.isOpen()) {
                try {
                    transport.receive(request);
                } catch (EOFException e) {
                    return;             // the client closed between calls
                }
                if (!handle()) {
                    return;
                }
            }
        } catch (IOException e) {
            if (transport.isOpen()) {
                LOG.log(Level.DEBUG, () -> "connection from " + transport.peerHost() + " dropped", e);
            }
        } catch (RuntimeException | Error e) {
            LOG.log(Level.WARNING, "connection from " + transport.peerHost() + " dropped", e);
        } finally {
            CURRENT.remove();
            transport.close();
        }
    }

    /* One call; false if the connection must be dropped. */
    private boolean handle() throws IOException {
        long objectId;
        int method;
        long hash;
        try {
            marshalling.startRead(request);
            objectId = marshalling.getLong();
            method = marshalling.getInt();
            hash = marshalling.getLong();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "bad call from " + transport.peerHost() + ": " + e + "; connection dropped");
            return false;
        }
        Target target = lastTarget;
        if (target == null || objectId != lastObjectId || target.impl() == null) {
            target = runtime.target(objectId, port);
            lastTarget = target;
            lastObjectId = objectId;
        }
        Object impl = target == null ? null : target.impl();
        if (impl == null) {
            return fail(new NoSuchObjectException("no such object in table"));
        }
        RemoteInterfaces ri = target.interfaces();
        if (method < 0 || method >= ri.size() || ri.hash(method) != hash) {
            return fail(new ServerException(IN_SERVER,
                new UnmarshalException("unrecognized method hash: method not supported by remote object")));
        }
        // every registry (also one of the JDK's, the management agent's) as stock's skeleton guards it
        if (target.id() == RemoteRuntime.REGISTRY_ID) {
            try {
                RegistryPolicy.admit(ri.method(method));
            } catch (RemoteException e) {
                // wrapped as stock's dispatch wraps its skeleton's refusal
                return fail(new ServerException(IN_SERVER, e));
            }
        }
        marshalling.loader = target.loader();
        marshalling.fallbackLoader = target.contextLoader();
        marshalling.filter = target.filter();
        state = ARGUMENTS;
        target.callStarted();
        Thread.currentThread().setContextClassLoader(target.contextLoader());
        try {
            arguments = marshalling.input();
            target.skeleton().dispatch(impl, method, this);
            marshalling.finishMessage();
        } catch (Throwable t) {
            switch (state) {
                case ARGUMENTS:
                    return fail(new ServerException(IN_SERVER,
                        new UnmarshalException("error unmarshalling arguments", asException(t))));
                case INVOKING:
                    return thrown(t);
                default:
                    LOG.log(Level.WARNING, "result of a call could not be marshalled; connection dropped", t);
                    return fail(new MarshalException("error marshalling return", asException(t)));
            }
        } finally {
            target.callEnded();
            arguments = null;
        }
        marshalling.send(transport);
        return true;
    }

    private static Exception asException(Throwable t) {
        return t instanceof Exception e ? e : new ServerError("Error occurred in server thread", (Error) t);
    }

    /*
     * The implementation threw: the client gets it as it is, except what
     * stock RMI wraps: an Error in ServerError, a RemoteException (say, from
     * a call the implementation made) in ServerException, so the client can
     * tell it from a failure of its own call.
     */
    private boolean thrown(Throwable t) throws IOException {
        Throwable sent = t instanceof Error e ? new ServerError("Error occurred in server thread", e)
                         : t instanceof RemoteException e ? new ServerException(IN_SERVER, e) : t;
        try {
            ObjectOutput out = marshalling.startReply(Marshalling.THROWN);
            out.writeObject(sent);
            marshalling.finishMessage();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "exception of a call could not be marshalled; connection dropped", e);
            return fail(new MarshalException("error marshalling the server's exception: " + t, e));
        }
        marshalling.send(transport);
        return true;
    }

    /* The runtime failed the call: send why if the stream allows, then drop the connection. */
    private boolean fail(RemoteException e) {
        try {
            ObjectOutput out = marshalling.startReply(Marshalling.FAILED);
            out.writeObject(e);
            marshalling.finishMessage();
            marshalling.send(transport);
        } catch (IOException | RuntimeException ignore) {
            // the stream is mid-object; closing tells the client
        }
        return false;
    }

    @Override
    public ObjectInput arguments() {
        return arguments;
    }

    @Override
    public void invoking() throws IOException {
        marshalling.finishRead();
        state = INVOKING;
    }

    @Override
    public ObjectOutput openResult() throws IOException {
        state = RESULT;
        return marshalling.startReply(Marshalling.RETURN);
    }
}
