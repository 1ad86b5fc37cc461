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
import java.io.ObjectInputFilter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.Socket;
import java.rmi.ConnectIOException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.StubNotFoundException;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteRef;
import java.rmi.server.UnicastRemoteObject;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Handshake;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.Transport;
import jdk.internal.access.SharedSecrets;
import jdk.internal.fastrmi.dgc.DgcClient;
import jdk.internal.fastrmi.dgc.DgcHost;
import jdk.internal.fastrmi.dgc.DgcServer;
import jdk.internal.fastrmi.dgc.DgcService;

/**
 * The runtime of one JVM: the table of exported objects, the technologies
 * and what they listen on, the connection pools, the generated stubs and
 * skeletons, the distributed GC and the thread that keeps the JVM alive
 * while objects are exported.
 */
public final class RemoteRuntime implements DgcHost {

    /** The object id of a registry, per port. */
    public static final long REGISTRY_ID = 0;
    /** The object id of the distributed GC service. */
    public static final long DGC_ID = 1;
    private static final long FIRST_FREE_ID = 16;

    private static volatile RemoteRuntime instance;

    private final Settings settings;
    private final long id;
    private final SecureRandom random = new SecureRandom();
    private final Technologies techs;
    private final List<Technology> technologies;
    /* exports and references with socket factories; null if no technology here runs over them */
    private final SocketFactories factories;
    private final Map<Long, Target> targets = new ConcurrentHashMap<>();
    private final Map<Object, Target> byImpl = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<Integer, Target> registries = new ConcurrentHashMap<>();
    private final Object listening = new Object();
    /* exports per fixed port: its listeners close when the last one is unexported */
    private final Map<Integer, Integer> portUsers = new HashMap<>();
    /*
     * A pool per endpoint a stub names. Stubs hold their pools; the map
     * only shares them, so when it grows past poolsPurgeAt, pools without
     * connections leave it (a peer may send references to any number of
     * endpoints). The pools with connections are in connectedPools.
     */
    private final Map<Endpoint, ConnectionPool> pools = new ConcurrentHashMap<>();
    private final Set<ConnectionPool> connectedPools = ConcurrentHashMap.newKeySet();
    private static final int MIN_POOLS_PURGE_AT = 1024;
    private volatile int poolsPurgeAt = MIN_POOLS_PURGE_AT;
    private final StubClasses stubClasses = new StubClasses();
    // The DGC service's generated classes once prepared, held for the
    // runtime's life (the cache above holds classes weakly)
    private volatile ProxyGenerator.Generated dgcClasses;
    private final Map<DistributedGC.Kind, DgcClient> collectors = new ConcurrentHashMap<>();
    private final DgcServer dgcServer;
    private final JrmpServer jrmp;
    private int keepAliveCount;
    private Thread keepAlive;
    private Thread watchdog;

    private RemoteRuntime() {
        settings = Settings.read();
        long n;
        do {
            n = random.nextLong();
        } while (n == 0);
        id = n;
        techs = Technologies.load(settings);
        technologies = techs.used();
        factories = SocketFactories.of(technologies);
        dgcServer = new DgcServer(this);
        jrmp = new JrmpServer(this);
    }

    /** @return the runtime, created on first use */
    public static RemoteRuntime get() {
        RemoteRuntime r = instance;
        if (r == null) {
            synchronized (RemoteRuntime.class) {
                r = instance;
                if (r == null) {
                    instance = r = new RemoteRuntime();
                }
            }
        }
        return r;
    }

    /** @return the settings */
    public Settings settings() {
        return settings;
    }

    /** @return this runtime's id, carried by the references of its objects */
    @Override
    public long id() {
        return id;
    }

    // ----------------------------------------------------------- export --

    /**
     * Exports {@code impl} on {@code port}.
     *
     * @param impl the object
     * @param port the port, 0 for any
     * @param filter the filter for its calls' arguments, or null
     * @return its stub
     * @throws RemoteException if it is exported already or cannot be
     */
    public Remote export(Remote impl, int port, ObjectInputFilter filter) throws RemoteException {
        return export(impl, port, filter, false);
    }

    /**
     * The same; a permanent export does not keep the JVM alive (the JDK's
     * own daemon exports, such as the management agent's).
     *
     * @param impl the object
     * @param port the port, 0 for any
     * @param filter the filter of its calls, or null
     * @param permanent whether it leaves the JVM free to exit
     * @return its stub
     * @throws RemoteException if the export fails
     */
    public Remote export(Remote impl, int port, ObjectInputFilter filter, boolean permanent)
            throws RemoteException {
        return export(impl, port, filter, permanent, null, null);
    }

    /**
     * The same with socket factories: the object listens through ssf (null
     * for plain server sockets) and its clients connect through csf (null
     * for plain sockets), which its references carry.
     *
     * @param impl the object
     * @param port the port, 0 for any
     * @param filter the filter of its calls, or null
     * @param permanent whether it leaves the JVM free to exit
     * @param csf the client socket factory, or null
     * @param ssf the server socket factory, or null
     * @return its stub
     * @throws RemoteException if the export fails
     */
    public Remote export(Remote impl, int port, ObjectInputFilter filter, boolean permanent,
                         RMIClientSocketFactory csf, RMIServerSocketFactory ssf) throws RemoteException {
        exportDgc(csf, ssf);
        Target t = export(impl, port, filter, newObjectId(), permanent, csf, ssf);
        if (impl instanceof UnicastRemoteObject uro) {
            // as stock's export does: the object's own reference, which its
            // serialized form (by streams that do not replace it by its
            // stub) carries, also after unexport, and which its
            // hashCode/equals/toString use
            UroRef.set(uro, ClientRef.remoteRefOf(t.stub()));
        }
        return t.applicationStub();
    }

    /*
     * RemoteObject.ref, which stock's export sets for a UnicastRemoteObject.
     * java.rmi.server is opened to this module (not to applications) for it.
     */
    private static final class UroRef {
        private static final VarHandle REF;

        static {
            Module rmi = RemoteObject.class.getModule();
            SharedSecrets.getJavaLangAccess().addOpens(rmi, RemoteObject.class.getPackageName(),
                                                       UroRef.class.getModule());
            try {
                REF = MethodHandles.privateLookupIn(RemoteObject.class, MethodHandles.lookup())
                                   .findVarHandle(RemoteObject.class, "ref", RemoteRef.class);
            } catch (ReflectiveOperationException e) {
                throw new InternalError(e);
            }
        }

        static void set(RemoteObject o, RemoteRef ref) {
            REF.setVolatile(o, ref);
        }
    }

    /** @return whether exports with socket factories run here (a technology of this JVM runs over them) */
    public boolean runsSocketFactories() {
        return factories != null;
    }

    Target export(Object impl, int port, ObjectInputFilter filter, long objectId, boolean permanent)
            throws RemoteException {
        return export(impl, port, filter, objectId, permanent, null, null);
    }

    private Target export(Object impl, int port, ObjectInputFilter filter, long objectId, boolean permanent,
                          RMIClientSocketFactory csf, RMIServerSocketFactory ssf) throws RemoteException {
        RemoteInterfaces ri;
        try {
            ri = RemoteInterfaces.ofImplementation(impl.getClass());
        } catch (IllegalArgumentException e) {
            throw new ExportException(e.getMessage(), e);
        }
        ProxyGenerator.Generated g = generated(ri);
        boolean throughFactories = csf != null || ssf != null;
        Endpoint[] endpoints = throughFactories ? listen(port, ssf) : listen(port);
        Target target;
        try {
            target = new Target(objectId, impl, ri, g.skeleton(), filter, permanent, port,
                                port > 0 ? port : portOf(endpoints), csf, ssf);
            long exporter = objectId == REGISTRY_ID ? 0 : id;
            ClientRef ref = clientRef(new RemoteReference(ri.interfacesShared(), objectId, exporter, endpoints, csf),
                                      ri);
            FastStub stub = g.newStub(ref, target);
            // the registry and the DGC are the runtime's: their stubs stay generated ones
            target.setStub(stub, permanent ? stub : applicationStub(stub, impl.getClass()));
            synchronized (byImpl) {
                if (byImpl.containsKey(impl)) {
                    throw new ExportException("object already exported");
                }
                if (objectId == REGISTRY_ID) {
                    int p = port > 0 ? port : portOf(endpoints);
                    if (registries.putIfAbsent(p, target) != null) {
                        throw new ExportException("a registry is already exported on port " + p);
                    }
                } else {
                    targets.put(objectId, target);
                }
                byImpl.put(impl, target);
            }
        } catch (RemoteException | RuntimeException e) {
            if (throughFactories) {
                factories.unlisten(port, ssf);      // the use listen counted
            }
            throw e;
        }
        if (port > 0 && !throughFactories) {
            synchronized (listening) {
                portUsers.merge(port, 1, Integer::sum);
            }
        }
        if (!permanent) {
            keepAlive(+1);
        }
        jrmp.exported(target);
        return target;
    }

    /*
     * The stub an export hands out: the form stock RMI hands out where it
     * would not make a dynamic proxy of its own accord (a pregenerated
     * ClassName_Stub class that exists) or where it is told to make one
     * (java.rmi.server.ignoreStubClasses), made by stock's code and calling
     * through the generated stub; else the generated stub itself.
     */
    private Remote applicationStub(FastStub stub, Class<?> implClass) throws StubNotFoundException {
        if (!settings.ignoreStubClasses() && !HAS_STUB_CLASS.get(implClass)) {
            return stub;
        }
        return sun.rmi.server.Util.createProxy(implClass, ClientRef.remoteRefOf(stub), false);
    }

    /* Whether stock RMI finds a pregenerated stub class for an implementation class (sun.rmi.server.Util's lookup). */
    private static final ClassValue<Boolean> HAS_STUB_CLASS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> implClass) {
            for (Class<?> c = implClass; c != null; c = c.getSuperclass()) {
                for (Class<?> i : c.getInterfaces()) {
                    if (Remote.class.isAssignableFrom(i)) {
                        // the class that implements a remote interface names the stub class
                        try {
                            Class.forName(c.getName() + "_Stub", false, c.getClassLoader());
                            return true;
                        } catch (ClassNotFoundException | LinkageError e) {
                            return false;
                        }
                    }
                }
            }
            return false;
        }
    };

    private long newObjectId() {
        long n;
        do {
            n = random.nextLong();
        } while (n >= 0 && n < FIRST_FREE_ID || targets.containsKey(n));
        return n;
    }

    /**
     * Unexports an object.
     *
     * @param impl the object
     * @param force whether to unexport while calls are in progress
     * @return false if calls are in progress and not forced
     * @throws NoSuchObjectException if it is not exported
     */
    public boolean unexport(Object impl, boolean force) throws NoSuchObjectException {
        Target t;
        synchronized (byImpl) {
            t = impl == null ? null : byImpl.get(impl);
            if (t == null) {
                throw new NoSuchObjectException("object not exported");
            }
            if (!force && t.busy()) {
                return false;
            }
            byImpl.remove(impl);
            if (t.id() == REGISTRY_ID) {
                registries.values().remove(t);
            } else {
                targets.remove(t.id());
            }
        }
        jrmp.unexported(t);
        t.unexported();
        if (t.hasSocketFactories()) {
            // counted per listener there: the last export through it closes it, port 0's too (as stock's)
            synchronized (listening) {
                factories.unlisten(t.port(), t.serverSocketFactory());
            }
        } else if (t.port() > 0) {
            synchronized (listening) {
                if (portUsers.merge(t.port(), -1, Integer::sum) <= 0) {
                    portUsers.remove(t.port());
                    for (Technology tech : technologies) {
                        tech.unlisten(t.port());
                    }
                }
            }
        }
        if (!t.permanent()) {
            keepAlive(-1);
        }
        return true;
    }

    /** @return the JRMP side of this runtime's ports */
    JrmpServer jrmp() {
        return jrmp;
    }

    /* The objects exported on a port (the one their listeners took), the registry included. */
    List<Target> exportedOn(int port) {
        List<Target> on = new ArrayList<>();
        synchronized (byImpl) {
            for (Target t : byImpl.values()) {
                if (t.listenPort() == port) {
                    on.add(t);
                }
            }
        }
        return on;
    }

    /* The export of an object, or null. */
    Target exportedTarget(Object impl) {
        return byImpl.get(impl);
    }

    /* The export of this JVM a reference names, or null (the registry's too: its references name no exporter). */
    Target localTarget(RemoteReference reference) {
        return reference.exporter() == id ? targets.get(reference.objectId()) : null;
    }

    /* The technology of this JVM an endpoint names, or null. */
    Technology technologyOf(Endpoint endpoint) {
        return techs.of(endpoint);
    }

    /** @return whether impl is exported here */
    public boolean isExported(Object impl) {
        return byImpl.containsKey(impl);
    }

    /** @return the generated stub of an exported object, or null */
    public FastStub exportedStub(Object impl) {
        Target t = byImpl.get(impl);
        return t == null ? null : t.stub();
    }

    /** @return the stub that the export of an object handed out, or null if it is not exported */
    public Remote exportedApplicationStub(Object impl) {
        Target t = byImpl.get(impl);
        return t == null ? null : t.applicationStub();
    }

    Target target(long objectId, int port) {
        if (objectId == REGISTRY_ID) {
            Target t = registries.get(port);
            if (t == null && registries.size() == 1) {
                // a technology without ports: the one registry
                t = registries.values().iterator().next();
            }
            return t;
        }
        return targets.get(objectId);
    }

    /** @return every exported object, for the DGC's sweep */
    @Override
    public Iterable<Target> leased() {
        return targets.values();
    }

    /**
     * Exports the registry implementation {@code registry} on {@code port}.
     *
     * @param registry the registry
     * @param port the port
     * @param filter the registry's filter
     * @return its stub
     * @throws RemoteException if the port is taken
     */
    public FastStub exportRegistry(Remote registry, int port, ObjectInputFilter filter) throws RemoteException {
        return exportRegistry(registry, port, filter, null, null);
    }

    /**
     * The same with socket factories (see {@link #export(Remote, int,
     * ObjectInputFilter, boolean, RMIClientSocketFactory, RMIServerSocketFactory)}).
     *
     * @param registry the registry
     * @param port the port
     * @param filter the registry's filter
     * @param csf the client socket factory, or null
     * @param ssf the server socket factory, or null
     * @return its stub
     * @throws RemoteException if the port is taken
     */
    public FastStub exportRegistry(Remote registry, int port, ObjectInputFilter filter,
                                   RMIClientSocketFactory csf, RMIServerSocketFactory ssf) throws RemoteException {
        return export(registry, port, filter, REGISTRY_ID, true, csf, ssf).stub();
    }

    // -------------------------------------------------------- listening --

    private Endpoint[] listen(int port) throws RemoteException {
        synchronized (listening) {
            // asked at each export: the advertised host may change (java.rmi.server.hostname)
            List<Endpoint> list = new ArrayList<>();
            for (Technology t : technologies) {
                try {
                    list.add(t.listen(port, acceptor(t)));
                } catch (IOException e) {
                    throw new ExportException("Port already in use: " + port + "; " + e.getMessage(), e);
                }
            }
            return list.toArray(new Endpoint[0]);
        }
    }

    /* Listening through a server socket factory (null: plain server sockets), on one technology. */
    private Endpoint[] listen(int port, RMIServerSocketFactory ssf) throws RemoteException {
        if (factories == null) {
            throw new ExportException("no technology of this JVM (" + techs + ") runs over socket factories");
        }
        synchronized (listening) {
            try {
                return new Endpoint[] {factories.listen(port, ssf, acceptor(factories.base()))};
            } catch (IOException e) {
                throw new ExportException("Port already in use: " + port + "; " + e.getMessage(), e);
            }
        }
    }

    /* Who serves the connections of a technology's listeners. */
    private Technology.Acceptor acceptor(Technology t) {
        return new Technology.Acceptor() {
            @Override
            public Technology.Session accept(Transport transport, Handshake hello, int p) {
                return RemoteRuntime.this.accept(t, transport, hello, p);
            }

            @Override
            public void acceptJrmp(Socket socket, int p) {
                jrmp.accept(socket, p);
            }
        };
    }

    private Technology.Session accept(Technology technology, Transport transport, Handshake hello, int port) {
        try {
            Marshalling m = Marshalling.create(hello.serialization());
            m.peerHeader(hello.streamHeader());
            m.attach(transport);
            return new ServerSession(this, technology, transport, m, port);
        } catch (IOException e) {
            return null;
        }
    }

    /* The port of a registry exported on port 0: the first its technologies tell. */
    private int portOf(Endpoint[] endpoints) {
        for (Endpoint e : endpoints) {
            Technology t = techs.of(e);
            int p = t == null ? 0 : t.port(e);
            if (p > 0) {
                return p;
            }
        }
        return 0;
    }

    // ------------------------------------------------------------ stubs --

    ProxyGenerator.Generated generated(RemoteInterfaces ri) throws ExportException {
        try {
            return stubClasses.get(ri);
        } catch (IllegalArgumentException e) {
            throw new ExportException(e.getMessage(), e);
        }
    }

    /**
     * The stub of this JVM for a reference read from a stream.
     *
     * @param reference the reference
     * @return the stub
     * @throws IllegalArgumentException if the interfaces are not remote interfaces
     */
    public FastStub stubFor(RemoteReference reference) {
        return stubFor(reference, 0);
    }

    /*
     * The same, with the stub's own bound on replies in ms
     * (FastRMI.withResponseTimeout), 0 for the transport's.
     */
    FastStub stubFor(RemoteReference reference, long responseTimeoutMillis) {
        RemoteInterfaces ri = RemoteInterfaces.of(reference.interfaces());
        ProxyGenerator.Generated g;
        try {
            g = generated(ri);
        } catch (ExportException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Target local = null;
        if (reference.exporter() == id) {
            local = targets.get(reference.objectId());
        }
        ClientRef ref = clientRef(reference, ri, responseTimeoutMillis);
        FastStub stub = g.newStub(ref, local);
        if (local == null && reference.exporter() != 0 && ref.pool().technology() != null) {
            collector(ref.pool().technology().gcKind()).track(stub, ref.pool().endpoint(), reference.objectId());
        }
        return stub;
    }

    /**
     * A stub for the registry at a host and port, made without contacting
     * it: the endpoint is the first technology's whose addresses are a host
     * and a port (tcp's), as {@code LocateRegistry.getRegistry} asks.
     *
     * @param host the host
     * @param port the port
     * @return the stub
     * @throws RemoteException if no technology of this JVM addresses
     *         objects by host and port
     */
    public FastStub registryStub(String host, int port) throws RemoteException {
        return registryStub(host, port, null);
    }

    /**
     * The same through a client socket factory (null for plain sockets),
     * which the stub carries.
     *
     * @param host the host
     * @param port the port
     * @param csf the client socket factory, or null
     * @return the stub
     * @throws RemoteException if no technology of this JVM addresses
     *         objects by host and port, or, with a factory, runs over
     *         socket factories
     */
    public FastStub registryStub(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        Endpoint e = csf == null ? techs.endpoint(host, port)
                     : factories == null ? null : factories.base().endpoint(host, port);
        if (e == null) {
            throw new ConnectIOException("no technology of this JVM (" + techs
                                         + ") reaches a registry by host and port"
                                         + (csf == null ? "" : " through a socket factory") + ": " + host + ":" + port);
        }
        RemoteInterfaces ri = RemoteInterfaces.of(new Class<?>[] {Registry.class});
        return newStub(new RemoteReference(ri.interfacesShared(), REGISTRY_ID, 0, new Endpoint[] {e}, csf), ri);
    }

    /**
     * A stub for a well-known object (a registry, a DGC) at an endpoint,
     * made without contacting it.
     *
     * @param iface its remote interface
     * @param objectId its id
     * @param endpoint where
     * @return the stub
     */
    public FastStub wellKnownStub(Class<?> iface, long objectId, Endpoint endpoint) {
        RemoteInterfaces ri = RemoteInterfaces.of(new Class<?>[] {iface});
        return newStub(new RemoteReference(ri.interfacesShared(), objectId, 0, new Endpoint[] {endpoint}), ri);
    }

    /* A stub of a reference to no object of this JVM. */
    private FastStub newStub(RemoteReference reference, RemoteInterfaces ri) {
        ProxyGenerator.Generated g;
        try {
            g = generated(ri);
        } catch (ExportException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return g.newStub(clientRef(reference, ri), null);
    }

    private ClientRef clientRef(RemoteReference reference, RemoteInterfaces ri) {
        return clientRef(reference, ri, 0);
    }

    /*
     * The first technology of this JVM, by preference, that reaches one of
     * the reference's endpoints; the pool of each such endpoint falls back
     * on the next one's (a technology that turns out unavailable to it).
     */
    private ClientRef clientRef(RemoteReference reference, RemoteInterfaces ri, long responseTimeoutMillis) {
        if (reference.clientSocketFactory() != null || factories != null && factories.isLocal(reference.endpoints()[0])) {
            // through a client socket factory: its own technology, no other (the exporter chose the sockets)
            SocketFactories.Through.Reached r = factories == null ? null : factories.reach(reference);
            ConnectionPool p = r == null ? new ConnectionPool(this, null, reference.endpoints()[0])
                               : pool(r.technology(), r.endpoint());
            return new ClientRef(reference, ri, p, responseTimeoutMillis);
        }
        ConnectionPool first = null;
        ConnectionPool last = null;
        for (Technology t : technologies) {
            for (Endpoint e : reference.endpoints()) {
                if (e.technology().equals(t.id()) && t.reaches(e)) {
                    ConnectionPool p = pool(t, e);
                    if (first == null) {
                        first = p;
                    } else {
                        last.offerFallback(p);
                    }
                    last = p;
                    break;
                }
            }
        }
        if (first == null) {
            first = new ConnectionPool(this, null, reference.endpoints()[0]);
        }
        return new ClientRef(reference, ri, first, responseTimeoutMillis);
    }

    private ConnectionPool pool(Technology t, Endpoint e) {
        ConnectionPool p = pools.get(e);
        if (p == null) {
            if (pools.size() >= poolsPurgeAt) {
                synchronized (pools) {
                    if (pools.size() >= poolsPurgeAt) {
                        pools.values().removeIf(q -> !q.hasConnections());
                        poolsPurgeAt = Math.max(MIN_POOLS_PURGE_AT, 2 * pools.size());
                    }
                }
            }
            p = pools.computeIfAbsent(e, k -> new ConnectionPool(this, t, k));
        }
        return p;
    }

    /*
     * A pool's first connection (add) or its last closed (remove), under
     * the pool's lock; the watchdog sweeps the pools listed. Returns add.
     */
    boolean listConnected(ConnectionPool p, boolean add) {
        if (add) {
            connectedPools.add(p);
        } else {
            connectedPools.remove(p);
        }
        return add;
    }

    /* A pool reached its endpoint for the first time: the DGC may now call it. */
    void connectedTo(Endpoint endpoint) {
        for (DgcClient c : collectors.values()) {
            c.reached(endpoint);
        }
    }

    @Override
    public boolean reached(Endpoint endpoint) {
        ConnectionPool p = pools.get(endpoint);
        return p != null && p.reached();
    }

    /*
     * Closes the idle connections, of every technology, to the host of an
     * endpoint (as its technology tells): a failed host fails them all.
     * Only the endpoint's own if its technology does not tell the host.
     */
    void closeIdleTo(Technology technology, Endpoint endpoint) {
        String host = hostOf(technology, endpoint);
        for (ConnectionPool p : connectedPools) {
            if (p.endpoint().equals(endpoint)
                    || host != null && host.equals(hostOf(p.technology(), p.endpoint()))) {
                p.closeIdle();
            }
        }
    }

    private static String hostOf(Technology technology, Endpoint endpoint) {
        try {
            return technology == null ? null : technology.host(endpoint);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** @return the technologies, in order of preference */
    public List<Technology> technologies() {
        return technologies;
    }

    // -------------------------------------------------------------- DGC --

    private DgcClient collector(DistributedGC.Kind kind) {
        return collectors.computeIfAbsent(kind, k -> new DgcClient(this, k));
    }

    /** @return the DGC service of this runtime's exported objects */
    public DgcServer dgcServer() {
        return dgcServer;
    }

    @Override
    public long leaseMillis() {
        return settings.leaseMillis();
    }

    @Override
    public void referenced(long[] ids, long client, long expiry) {
        for (long i : ids) {
            Target t = targets.get(i);
            if (t != null) {
                t.referenced(client, expiry);
            }
        }
    }

    @Override
    public void cleaned(long[] ids, long client) {
        for (long i : ids) {
            Target t = targets.get(i);
            if (t != null && t.cleaned(client)) {
                t.fireUnreferenced();
            }
        }
    }

    /*
     * Makes sure the DGC service is exported, once: called before the first
     * export, with its socket factories. Calls reach an object by its id
     * on any connection, so the DGC needs no listener of its own; it takes
     * one like the first export's, so that a JVM whose exports all go
     * through a factory (SSL) opens no port without it.
     */
    private void exportDgc(RMIClientSocketFactory csf, RMIServerSocketFactory ssf) throws RemoteException {
        synchronized (targets) {
            if (!targets.containsKey(DGC_ID)) {
                export(dgcServer, 0, DgcServer.FILTER, DGC_ID, true, csf, ssf);
                dgcServer.startSweeper();
            }
        }
    }

    /**
     * A stub for the DGC service at an endpoint.
     *
     * @param endpoint where
     * @return the stub
     */
    @Override
    public DgcService dgcStub(Endpoint endpoint) {
        return (DgcService) wellKnownStub(DgcService.class, DGC_ID, endpoint);
    }

    @Override
    public void prepareDgcStub() {
        if (dgcClasses == null) {
            try {
                dgcClasses = generated(RemoteInterfaces.of(new Class<?>[] {DgcService.class}));
            } catch (ExportException | RuntimeException | LinkageError e) {
                // the first dirty call generates them, and reports what fails;
                // the collector's thread, which prepares them, goes on
            }
        }
    }

    // ------------------------------------------------------ calls context --

    /** @return the client host of the call the current thread serves, or null */
    public static String clientHost() {
        ServerSession s = ServerSession.current();
        return s == null ? null : s.transport().peerHost();
    }

    /**
     * Whether the current thread serves no remote call (a local call) or one
     * from this host: the registry's test for bind, rebind and unbind.
     *
     * @return true if the caller is local
     */
    public static boolean callerIsLocal() {
        ServerSession s = ServerSession.current();
        return s == null || s.transport().peerIsLocal();
    }

    @Override
    public boolean callerHoldsWithoutLease() {
        ServerSession s = ServerSession.current();
        return s != null && s.technology().gcKind() == DistributedGC.Kind.CLUSTER;
    }

    // --------------------------------------------------------- threads --

    private synchronized void keepAlive(int delta) {
        keepAliveCount += delta;
        if (keepAliveCount > 0 && keepAlive == null) {
            // a non-daemon thread keeps the JVM alive while objects are exported
            keepAlive = Thread.ofPlatform().daemon(false).name("fastrmi-keepalive").start(this::waitWhileExported);
        }
        notifyAll();
    }

    private synchronized void waitWhileExported() {
        try {
            while (keepAliveCount > 0) {
                wait();
            }
        } catch (InterruptedException e) {
            // leave
        } finally {
            keepAlive = null;
        }
    }

    /** Starts the watchdog that closes idle client connections, once. */
    synchronized void startWatchdog() {
        if (watchdog == null) {
            watchdog = Thread.ofPlatform().daemon(true).name("fastrmi-watchdog").start(this::watch);
        }
    }

    private void watch() {
        long interval = Math.max(10, settings.idleTimeoutMillis() / 2);
        while (true) {
            try {
                Thread.sleep(interval);
            } catch (InterruptedException e) {
                return;
            }
            for (ConnectionPool p : connectedPools) {
                p.sweep();
            }
        }
    }

    @Override
    public String toString() {
        return "RemoteRuntime[" + Long.toHexString(id) + ", " + techs + "]";
    }
}
