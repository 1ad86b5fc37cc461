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

import java.io.FileInputStream;
import java.io.InputStream;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.Random;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.rmi.ssl.SslRMIServerSocketFactory;

import grande.test.ChildJvm;

/**
 * The two sides of TlsEngineTest. Server: {@code server <port> <keys>
 * <needClientAuth>} exports an Echo on port through javax.rmi.ssl's
 * factories (keys "default": the server factory on the default SSLContext;
 * "context:FILE": on an SSLContext made here from the PKCS12 store FILE,
 * the JVM's own key and trust stores unset) and binds it in a plain
 * registry (ChildJvm.serve's lines; "stop" ends it). Client: {@code client
 * <registry port>} looks the Echo up, prints {@code SERVED-BY} the name of
 * the server's thread that ran a call, {@code ECHO ok} after a 4 MiB array
 * came back equal, {@code CALLBACK-SERVED-BY} the name of its own thread
 * that ran the server's call of a callback it exported with the same
 * factories, then {@code DONE}; any failure: {@code FAILED} and the classes
 * of the exception's causes, exit status 1.
 */
public class TlsEngineApp {

    public interface Echo extends Remote {
        String where() throws RemoteException;

        byte[] echo(byte[] data) throws RemoteException;

        String callBack(Echo back) throws RemoteException;
    }

    static final class EchoImpl implements Echo {
        @Override
        public String where() {
            return Thread.currentThread().getName();
        }

        @Override
        public byte[] echo(byte[] data) {
            return data;
        }

        @Override
        public String callBack(Echo back) throws RemoteException {
            return back.where();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("server")) {
            server(Integer.parseInt(args[1]), args[2], Boolean.parseBoolean(args[3]));
        } else {
            client(Integer.parseInt(args[1]));
        }
    }

    static void server(int port, String keys, boolean needClientAuth) throws Exception {
        SSLContext context = keys.startsWith("context:") ? context(keys.substring("context:".length())) : null;
        EchoImpl impl = new EchoImpl();
        Remote stub = UnicastRemoteObject.exportObject(impl, port, new SslRMIClientSocketFactory(),
                new SslRMIServerSocketFactory(context, null, null, needClientAuth));
        ChildJvm.LocalRegistry local = ChildJvm.serve(java.util.Map.of());
        local.registry().bind("echo", stub);
        System.out.println("BOUND");
        ChildJvm.awaitStop(600);
        System.exit(0);
    }

    /* An SSLContext with the store's key and trusting its certificate. */
    static SSLContext context(String file) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(file)) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext c = SSLContext.getInstance("TLS");
        c.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return c;
    }

    static void client(int registryPort) {
        try {
            Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, registryPort);
            Echo echo = (Echo) registry.lookup("echo");
            System.out.println("SERVED-BY " + echo.where());
            byte[] data = new byte[4 << 20];
            new Random(42).nextBytes(data);
            if (!Arrays.equals(data, echo.echo(data))) {
                throw new AssertionError("the 4 MiB echo differs");
            }
            System.out.println("ECHO ok");
            EchoImpl back = new EchoImpl();
            Echo backStub = (Echo) UnicastRemoteObject.exportObject(back, 0, new SslRMIClientSocketFactory(),
                                                                    new SslRMIServerSocketFactory());
            System.out.println("CALLBACK-SERVED-BY " + echo.callBack(backStub));
            UnicastRemoteObject.unexportObject(back, true);
            System.out.println("DONE");
            System.exit(0);
        } catch (Throwable t) {
            StringBuilder causes = new StringBuilder();
            for (Throwable c = t; c != null; c = c.getCause()) {
                causes.append(' ').append(c.getClass().getName());
            }
            t.printStackTrace(System.out);
            System.out.println("FAILED" + causes);
            System.exit(1);
        }
    }
}
