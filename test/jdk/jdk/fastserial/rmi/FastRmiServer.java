/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.TimeUnit;

import grande.test.Echoes;
import grande.test.ServiceException;
import grande.test.samples.Ring;

/**
 * The server JVM of FastRmiTest: a registry and three remote objects on
 * the loopback. Prints "PORT n" (the registry's port) when ready, and
 * unexports everything and exits when its standard input ends (the client
 * closes it), or after a time limit.
 */
public final class FastRmiServer {

    /** Remembers the port of the (only) server socket it made. */
    static final class RegistrySocketFactory extends FastRmiShared.LoopbackServerSocketFactory {
        volatile int port;

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ServerSocket s = super.createServerSocket(port);
            this.port = s.getLocalPort();
            return s;
        }
    }

    static final class ServiceImpl extends Echoes.Impl implements FastRmiShared.Service {
        @Override public boolean fastSerialization() { return Boolean.getBoolean(FastRmiShared.PROPERTY); }
        @Override public Object echo(Object o) { return o; }

        @Override
        public String describeRing(Ring head) {
            return Ring.describe(head);
        }

        @Override
        public FastRmiShared.Probe probe(FastRmiShared.Probe p) {
            return new FastRmiShared.Probe(p.value() + 1, p.readByFast());
        }

        @Override
        public String[] spy(FastRmiShared.StreamSpy s) {
            return new String[] {s.writtenBy(), s.readBy()};
        }

        @Override
        public int callBack(FastRmiShared.Callback cb, int times) throws RemoteException {
            if (!Proxy.isProxyClass(cb.getClass())) {
                throw new IllegalArgumentException("the callback arrived as " + cb.getClass() + ", not a stub");
            }
            int sum = 0;
            for (int i = 0; i < times; i++) {
                sum += cb.call(i);
            }
            return sum;
        }

        @Override
        public FastRmiShared.Callback serverCallback() {
            return SERVER_CALLBACK;
        }

        @Override
        public boolean unwrapProbe(MarshalledObject<FastRmiShared.Probe> mo)
                throws IOException, ClassNotFoundException {
            return mo.get().readByFast();
        }

        @Override
        public void fail(String message, int code) throws ServiceException {
            throw new ServiceException(message, code, new IllegalStateException("cause of " + message));
        }

        @Override
        public void failUnchecked(String message) {
            throw new IllegalArgumentException(message);
        }

        @Override
        public void unexport() throws RemoteException {
            UnicastRemoteObject.unexportObject(this, true);
        }
    }

    /** The server's own remote object: doubles its argument. */
    static final class Doubler implements FastRmiShared.Callback {
        @Override
        public int call(int x) {
            return 2 * x;
        }
    }

    static final Doubler SERVER_CALLBACK = new Doubler();

    static final class GuardedImpl implements FastRmiShared.Guarded {
        @Override
        public String accept(Object o) {
            return "accepted " + o.getClass().getName();
        }
    }

    public static void main(String[] args) throws Exception {
        long limitSeconds = Long.parseLong(args[0]);
        var ssf = new FastRmiShared.LoopbackServerSocketFactory();
        var csf = new FastRmiShared.RecordingClientSocketFactory();
        var registrySsf = new RegistrySocketFactory();
        Registry registry = LocateRegistry.createRegistry(0, null, registrySsf);

        var service = new ServiceImpl();
        var guarded = new GuardedImpl();
        ObjectInputFilter rejectForbidden = info -> info.serialClass() == FastRmiShared.Forbidden.class
                ? ObjectInputFilter.Status.REJECTED : ObjectInputFilter.Status.UNDECIDED;
        registry.bind("service", UnicastRemoteObject.exportObject(service, 0, csf, ssf));
        registry.bind("guarded", UnicastRemoteObject.exportObject(guarded, 0, null, ssf, rejectForbidden));
        UnicastRemoteObject.exportObject(SERVER_CALLBACK, 0, null, ssf);
        System.out.println("PORT " + registrySsf.port);
        System.out.flush();

        // Until the client closes our standard input, within the limit.
        Thread stdin = new Thread(() -> {
            try {
                System.in.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                e.printStackTrace();
            }
        });
        stdin.setDaemon(true);
        stdin.start();
        stdin.join(TimeUnit.SECONDS.toMillis(limitSeconds));
        if (stdin.isAlive()) {
            System.out.println("server: time limit reached");
            System.exit(2);
        }
        UnicastRemoteObject.unexportObject(registry, true);
        UnicastRemoteObject.unexportObject(guarded, true);
        UnicastRemoteObject.unexportObject(SERVER_CALLBACK, true);
        try {
            UnicastRemoteObject.unexportObject(service, true);
        } catch (NoSuchObjectException alreadyUnexported) {
            // the client's unexport() call did it
        }
        System.out.println("server: done");
        System.exit(0);
    }
}
