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

package jdk.internal.fastrmi.tcp;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.security.GeneralSecurityException;
import java.security.Security;
import java.util.Arrays;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.rmi.ssl.SslRMIServerSocketFactory;

/**
 * The TLS of javax.rmi.ssl's socket factories as {@link SSLEngine}s, for
 * {@link TlsSocket}: the same context, parameters and checks as the
 * factories' own sockets, so that a peer cannot tell the two apart. Only
 * the factories' own classes qualify (a subclass may do anything in its
 * sockets), and only where the JDK's default {@code SSLSocketFactory} is
 * its default {@code SSLContext}'s (no {@code ssl.SocketFactory.provider}).
 */
final class TlsEngines {

    /* SslRMIServerSocketFactory.context: java.rmi opens javax.rmi.ssl to this module for it */
    private static final VarHandle SERVER_CONTEXT;

    static {
        try {
            SERVER_CONTEXT = MethodHandles.privateLookupIn(SslRMIServerSocketFactory.class, MethodHandles.lookup())
                                          .findVarHandle(SslRMIServerSocketFactory.class, "context", SSLContext.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private TlsEngines() { }

    static boolean serves(RMIClientSocketFactory csf) {
        return csf != null && csf.getClass() == SslRMIClientSocketFactory.class && defaultSocketFactory();
    }

    static boolean serves(RMIServerSocketFactory ssf) {
        return ssf != null && ssf.getClass() == SslRMIServerSocketFactory.class && defaultSocketFactory();
    }

    private static boolean defaultSocketFactory() {
        return Security.getProperty("ssl.SocketFactory.provider") == null;
    }

    /*
     * What SslRMIClientSocketFactory.createSocket(host, port) sets on its
     * socket: the default context, the server's host checked
     * (jdk.rmi.ssl.client.enableEndpointIdentification, default true), the
     * suites and protocols of javax.rmi.ssl.client.enabledCipherSuites
     * and enabledProtocols.
     */
    static SSLEngine client(String host, int port) throws IOException {
        SSLEngine e = defaultContext().createSSLEngine(host, port);
        e.setUseClientMode(true);
        if (Boolean.parseBoolean(System.getProperty("jdk.rmi.ssl.client.enableEndpointIdentification", "true"))) {
            SSLParameters p = e.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            e.setSSLParameters(p);
        }
        try {
            String suites = System.getProperty("javax.rmi.ssl.client.enabledCipherSuites");
            if (suites != null) {
                e.setEnabledCipherSuites(commaList(suites));
            }
            String protocols = System.getProperty("javax.rmi.ssl.client.enabledProtocols");
            if (protocols != null) {
                e.setEnabledProtocols(commaList(protocols));
            }
        } catch (IllegalArgumentException x) {
            throw new IOException(x.getMessage(), x);
        }
        return e;
    }

    /*
     * What SslRMIServerSocketFactory's server socket sets on an accepted
     * socket: the factory's context (or the default), server mode, its
     * suites and protocols if it names them, its need of a client
     * certificate.
     */
    static SSLEngine server(SslRMIServerSocketFactory ssf, InetSocketAddress peer) throws IOException {
        SSLEngine e = serverContext(ssf).createSSLEngine(peer.getAddress().getHostAddress(), peer.getPort());
        e.setUseClientMode(false);
        String[] suites = ssf.getEnabledCipherSuites();
        if (suites != null) {
            e.setEnabledCipherSuites(suites);
        }
        String[] protocols = ssf.getEnabledProtocols();
        if (protocols != null) {
            e.setEnabledProtocols(protocols);
        }
        e.setNeedClientAuth(ssf.getNeedClientAuth());
        return e;
    }

    /*
     * Makes the server factory's context ready before a client comes, as
     * the factory's createServerSocket does (the default context loads its
     * key and trust stores at its first use); a failure is the first
     * connection's, as with the factory's sockets.
     */
    static void prepare(SslRMIServerSocketFactory ssf) {
        try {
            serverContext(ssf);
        } catch (IOException e) {
            // the handshake of the first connection fails with it
        }
    }

    private static SSLContext serverContext(SslRMIServerSocketFactory ssf) throws IOException {
        SSLContext context = (SSLContext) SERVER_CONTEXT.get(ssf);
        return context != null ? context : defaultContext();
    }

    private static SSLContext defaultContext() throws IOException {
        try {
            return SSLContext.getDefault();
        } catch (GeneralSecurityException e) {
            throw new IOException("no default SSLContext: " + e.getMessage(), e);
        }
    }

    /* The tokens between commas, as the factory's StringTokenizer gives them. */
    private static String[] commaList(String s) {
        return Arrays.stream(s.split(",")).filter(t -> !t.isEmpty()).toArray(String[]::new);
    }
}
