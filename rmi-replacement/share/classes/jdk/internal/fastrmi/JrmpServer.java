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

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInput;
import java.lang.System.Logger.Level;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.rmi.server.ObjID;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Technology;
import sun.rmi.server.UnicastRef;
import sun.rmi.server.UnicastRef2;
import sun.rmi.server.UnicastServerRef;
import sun.rmi.server.UnicastServerRef2;
import sun.rmi.transport.LiveRef;
import sun.rmi.transport.ObjectTable;
import sun.rmi.transport.tcp.TCPEndpoint;

/**
 * The JRMP side of a jdk.fastrmi server: a port of this JVM also serves
 * Java RMI's standard protocol, so that a JVM without jdk.fastrmi (another
 * JDK, JConsole) can look up, call, pass references and take part in the
 * distributed GC as with a stock server (Manta's answer, in the related
 * work of Chang, "Object Serialization: A Case for Specialization": the
 * JDK's protocol for compatibility, its own for speed).
 *
 * <p>The stock transport does the work. Once a JRMP client reaches a port
 * (or a JRMP stream writes a reference to an object of it), each object
 * exported there is exported a second time, under JRMP, with an object id
 * derived from its own ({@link #objId}: the same number, JRMP's space of
 * well-known ids) on a {@code TCPEndpoint} of the same port whose "server
 * socket" is fed by the tcp technology's listener ({@link Port}); the
 * registry as a stock {@code RegistryImpl} whose operations are this
 * JVM's registry's ({@link JrmpRegistry}). Objects exported there later
 * get their JRMP export at once; unexporting ends both. A JRMP dirty call
 * counts as one more client of the object's own distributed GC, so
 * {@code Unreferenced} runs once neither kind of client holds it.
 */
final class JrmpServer {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");

    /** The client id under which a Target counts its JRMP clients, all of them. */
    static final long JRMP_CLIENTS = 0;

    private final RemoteRuntime runtime;
    /* the ports that serve JRMP, by number; guarded by this */
    private final Map<Integer, Port> ports = new HashMap<>();

    JrmpServer(RemoteRuntime runtime) {
        this.runtime = runtime;
    }

    /**
     * The JRMP object id of jdk.fastrmi's object id {@code id}: the same
     * number in JRMP's space of well-known ids, so that a JVM can name an
     * object of another JVM over JRMP from its jdk.fastrmi reference (the
     * registry's 0 is JRMP's registry id; the numbers of exported objects
     * are random, as JRMP's own with {@code java.rmi.server.randomIDs}).
     */
    static ObjID objId(long id) {
        byte[] b = new byte[8 + 4 + 8 + 2];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (id >>> (56 - 8 * i));
        }
        try {
            return ObjID.read(new IdBytes(b));
        } catch (IOException e) {
            throw new InternalError(e);
        }
    }

    /* What ObjID.read reads an id from: bytes, no objects. */
    private static final class IdBytes extends DataInputStream implements ObjectInput {
        IdBytes(byte[] b) {
            super(new ByteArrayInputStream(b));
        }

        @Override
        public Object readObject() throws IOException {
            throw new IOException("no objects here");
        }
    }

    /** Whether ssf is the server socket factory of the JRMP side of a port of a runtime. */
    static boolean isHandOff(Object ssf) {
        return ssf instanceof Port;
    }

    /** A JRMP client connected to {@code port}: the stock transport serves it. */
    void accept(Socket socket, int port) {
        port(port).handOver(socket);
    }

    /* The port's JRMP side, made and filled with the port's objects at its first use. */
    private synchronized Port port(int number) {
        Port p = ports.get(number);
        if (p == null) {
            p = new Port(number);
            ports.put(number, p);
            for (Target t : runtime.exportedOn(number)) {
                exportQuietly(p, t);
            }
        }
        return p;
    }

    /** An object was exported: under JRMP too if its port serves JRMP. */
    void exported(Target t) {
        Port p;
        synchronized (this) {
            p = ports.get(t.listenPort());
        }
        if (p != null) {
            exportQuietly(p, t);
        }
    }

    /* One object's JRMP export; a failure leaves the object to jdk.fastrmi's clients and is logged. */
    private static void exportQuietly(Port p, Target t) {
        try {
            p.export(t);
        } catch (RemoteException | RuntimeException e) {
            LOG.log(Level.WARNING, "jdk.fastrmi: object " + t.id() + " is not reachable over JRMP", e);
        }
    }

    /** An object was unexported: under JRMP too. */
    void unexported(Target t) {
        Port p;
        synchronized (this) {
            p = ports.get(t.listenPort());
        }
        if (p != null) {
            p.unexport(t);
        }
    }

    /**
     * What a JRMP call stream writes in place of an object: the JRMP stub
     * of an object exported here, the stock form of a jdk.fastrmi stub of
     * any form; null if obj is none of them.
     */
    Object replace(Object obj) throws IOException {
        if (obj instanceof RemoteReference r) {
            // a generated stub, after its writeReplace
            return stockForm(r);
        }
        if (obj instanceof Remote remote) {
            FastStub stub = ClientRef.stubBehind(remote);
            if (stub != null) {
                return stockForm(ClientRef.forStub(stub).reference());
            }
            Target t = runtime.exportedTarget(remote);
            if (t != null) {
                return jrmpStub(t);
            }
        }
        return null;
    }

    /**
     * What a JRMP call stream returns for an object it read: for a JRMP
     * stub of an object exported here (one that came back), the stub the
     * export handed out; null for anything else.
     */
    Object resolve(Object obj) {
        if (!(obj instanceof Remote remote) || !(ClientRef.stockRefOf(remote) instanceof UnicastRef u)) {
            return null;
        }
        LiveRef live = u.getLiveRef();
        Port p;
        synchronized (this) {
            p = ports.get(live.getPort());
        }
        return p == null ? null : p.applicationStub(live.getObjID(), obj);
    }

    private Remote jrmpStub(Target t) throws IOException {
        Remote stub = port(t.listenPort()).stub(t);     // a failed export fails the stream
        if (stub == null) {
            throw new NoSuchObjectException("object " + t.id() + " is not exported");
        }
        return stub;
    }

    /* The stock form of a reference: a proxy over a UnicastRef to the same port and object id. */
    private Remote stockForm(RemoteReference r) throws IOException {
        Target local = runtime.localTarget(r);
        if (local != null && local.id() != RemoteRuntime.REGISTRY_ID) {
            return jrmpStub(local);
        }
        for (Endpoint e : r.endpoints()) {
            TCPEndpoint jrmpEndpoint = jrmpEndpoint(runtime.technologyOf(e), e, r.clientSocketFactory());
            if (jrmpEndpoint != null) {
                LiveRef ref = new LiveRef(objId(r.objectId()), jrmpEndpoint, false);
                Class<?>[] interfaces = r.interfaces();
                UnicastRef unicast = r.clientSocketFactory() == null ? new UnicastRef(ref) : new UnicastRef2(ref);
                return (Remote) Proxy.newProxyInstance(loaderOf(interfaces), interfaces,
                                                       new RemoteObjectInvocationHandler(unicast));
            }
        }
        throw new NotSerializableException("no endpoint of " + r + " is reachable over JRMP");
    }

    /**
     * Where JRMP reaches the objects of an endpoint: the host and port of
     * its technology's listener (tcp's; the fabric's bootstrap), through
     * the client socket factory csf (null for none), or null if the
     * technology has none (or is not in this JVM).
     */
    static TCPEndpoint jrmpEndpoint(Technology tech, Endpoint e, RMIClientSocketFactory csf) {
        String host = tech == null ? null : tech.host(e);
        int port = tech == null ? 0 : tech.port(e);
        if (host == null || port <= 0) {
            return null;
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);    // an IPv6 literal
        }
        return csf == null ? new TCPEndpoint(host, port) : new TCPEndpoint(host, port, csf, null);
    }

    /* A loader that sees all the interfaces: the first one's that is not the boot or platform loader. */
    private static ClassLoader loaderOf(Class<?>[] interfaces) {
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        for (Class<?> c : interfaces) {
            ClassLoader l = c.getClassLoader();
            if (l != null && l != platform) {
                return l;
            }
        }
        return platform;
    }

    /** A JRMP client now holds the object: one more client of its own DGC. */
    void jrmpReferenced(Remote impl) {
        Target t = impl == null ? null : runtime.exportedTarget(impl);
        if (t != null) {
            t.referenced(JRMP_CLIENTS, Long.MAX_VALUE);
        }
    }

    /** No JRMP client holds the object any more; true if it is one of this runtime's. */
    boolean jrmpUnreferenced(Remote impl) {
        Target t = impl == null ? null : runtime.exportedTarget(impl);
        if (t == null) {
            return false;
        }
        if (t.cleaned(JRMP_CLIENTS)) {
            t.fireUnreferenced();
        }
        return true;
    }

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignore) {
            // closed anyway
        }
    }

    /**
     * One port's JRMP side: the stock transport's endpoint of the port,
     * whose server socket factory this is, and the JRMP exports of the
     * port's objects.
     */
    private static final class Port implements RMIServerSocketFactory {

        private final int number;
        /* Target -> its JRMP stub, or the JrmpRegistry of a registry; guarded by this */
        private final Map<Target, Remote> exports = new IdentityHashMap<>();
        /* the JRMP object ids of those exported here but the registry; guarded by this */
        private final Map<ObjID, Target> byId = new HashMap<>();
        /* the stock transport's current server socket; a new one after it closed its last */
        private volatile HandOff listening;

        Port(int number) {
            this.number = number;
        }

        synchronized void export(Target t) throws RemoteException {
            Object impl = t.impl();
            if (impl == null || exports.containsKey(t) || t.id() == RemoteRuntime.DGC_ID) {
                // the DGC's calls over JRMP go to stock's DGC, which knows these exports
                return;
            }
            if (t.id() == RemoteRuntime.REGISTRY_ID) {
                exports.put(t, new JrmpRegistry(number, t.clientSocketFactory(), this, (Registry) impl));
                return;
            }
            ObjID id = objId(t.id());
            // an export with a client socket factory: its JRMP stub carries it too (UnicastRef2's form)
            RMIClientSocketFactory csf = t.clientSocketFactory();
            LiveRef live = new LiveRef(id, number, csf, this);
            UnicastServerRef ref = csf == null ? new UnicastServerRef(live, t.filter())
                                   : new UnicastServerRef2(live, t.filter());
            // permanent: the jdk.fastrmi export holds the object; unexport ends both
            exports.put(t, ref.exportObject((Remote) impl, null, true));
            byId.put(id, t);
        }

        /* The stub the export handed out, if stub is the JRMP stub of an object exported here; else null. */
        synchronized Remote applicationStub(ObjID id, Object stub) {
            Target t = byId.get(id);
            Remote jrmpStub = t == null ? null : exports.get(t);
            return jrmpStub != null && jrmpStub.equals(stub) ? t.applicationStub() : null;
        }

        synchronized Remote stub(Target t) throws RemoteException {
            Remote stub = exports.get(t);
            if (stub == null) {
                export(t);
                stub = exports.get(t);
            }
            return stub instanceof JrmpRegistry ? null : stub;
        }

        void unexport(Target t) {
            Remote exported;
            Object impl = t.impl();
            synchronized (this) {
                exported = exports.remove(t);
                byId.values().remove(t);
            }
            if (exported == null) {
                return;
            }
            try {
                ObjectTable.unexportObject(exported instanceof JrmpRegistry r ? r : (Remote) impl, true);
            } catch (NoSuchObjectException | RuntimeException e) {
                LOG.log(Level.DEBUG, () -> "jdk.fastrmi: JRMP unexport of object " + t.id() + ": " + e);
            }
        }

        void handOver(Socket s) {
            HandOff h = listening;
            if (h == null || !h.offer(s)) {
                closeQuietly(s);
            }
        }

        /* Called by the stock transport when it starts to listen on the port. */
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            HandOff h = new HandOff(number);
            listening = h;
            return h;
        }

        @Override
        public String toString() {
            return "jdk.fastrmi's JRMP port " + number;
        }
    }

    /**
     * The "server socket" the stock transport accepts JRMP connections
     * from: those the tcp technology's listener handed over.
     */
    private static final class HandOff extends ServerSocket {

        private static final Socket CLOSED = new Socket();
        private final int port;
        private final LinkedBlockingQueue<Socket> pending = new LinkedBlockingQueue<>();
        private volatile boolean closed;

        HandOff(int port) throws IOException {
            this.port = port;
        }

        boolean offer(Socket s) {
            if (closed) {
                return false;
            }
            pending.add(s);
            if (closed && pending.remove(s)) {
                return false;
            }
            return true;
        }

        @Override
        public Socket accept() throws IOException {
            if (closed) {
                throw new SocketException("Socket is closed");
            }
            Socket s;
            try {
                s = pending.take();
            } catch (InterruptedException e) {
                throw new SocketException("accept interrupted");
            }
            if (s == CLOSED) {
                pending.add(CLOSED);    // for any other accepting thread
                throw new SocketException("Socket is closed");
            }
            return s;
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            List<Socket> left = new java.util.ArrayList<>();
            pending.drainTo(left);
            for (Socket s : left) {
                if (s != CLOSED) {
                    closeQuietly(s);
                }
            }
            pending.add(CLOSED);
            super.close();
        }

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public boolean isBound() {
            return true;
        }

        @Override
        public int getLocalPort() {
            return port;
        }

        @Override
        public InetAddress getInetAddress() {
            return null;
        }

        @Override
        public String toString() {
            return "HandOff[port " + port + "]";
        }
    }
}
