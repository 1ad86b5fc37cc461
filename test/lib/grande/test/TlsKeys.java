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

package grande.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static grande.test.Checks.expectEquals;

/**
 * A self-signed key for the TLS tests (RMI over javax.rmi.ssl, JMX over
 * SSL): one PKCS12 store that is every JVM's key store and trust store.
 */
public final class TlsKeys {

    private TlsKeys() { }

    /**
     * Makes the store in the working directory with the image's keytool,
     * for 127.0.0.1 (javax.rmi.ssl's client checks the server's host), and
     * returns the options that give it to a JVM of any JDK.
     *
     * @return the -D options of the key and trust store
     * @throws Exception if keytool fails
     */
    public static List<String> jvmOptions() throws Exception {
        return storeOptions(store("rmi-tls.p12", "ip:127.0.0.1,dns:localhost"), true);
    }

    /**
     * Makes a PKCS12 store (password "changeit") in the working directory
     * with one self-signed EC key whose certificate names the hosts san
     * says (keytool's SAN syntax).
     *
     * @param file the store's file name
     * @param san the subject alternative names
     * @return the store's absolute path
     * @throws Exception if keytool fails
     */
    public static Path store(String file, String san) throws Exception {
        Path store = Path.of(file).toAbsolutePath();
        Files.deleteIfExists(store);
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "rmi",
                                       "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                                       "-ext", "SAN=" + san, "-validity", "2",
                                       "-storetype", "PKCS12", "-keystore", store.toString(),
                                       "-storepass", "changeit")
                .inheritIO().start();
        expectEquals(0, p.waitFor(), "keytool's exit status");
        return store;
    }

    /**
     * The options that make store a JVM's trust store and, if withKey, its
     * key store too.
     *
     * @param store a store that {@link #store} made
     * @param withKey whether the JVM presents the store's key
     * @return the -D options
     */
    public static List<String> storeOptions(Path store, boolean withKey) {
        List<String> trust = List.of("-Djavax.net.ssl.trustStore=" + store,
                                     "-Djavax.net.ssl.trustStorePassword=changeit");
        if (!withKey) {
            return trust;
        }
        return List.of("-Djavax.net.ssl.keyStore=" + store, "-Djavax.net.ssl.keyStorePassword=changeit",
                       trust.get(0), trust.get(1));
    }
}
