/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.jmx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The key and trust store of the JMX-over-TLS configurations: one
 * self-signed key for 127.0.0.1 (javax.rmi.ssl's client checks the
 * server's host), made with this JDK's keytool, that both JVMs use.
 */
final class JmxTlsStore {

    private static final String PASSWORD = "changeit";

    /* this JVM's store: one for all its trials, since its default SSLContext reads the properties once */
    private static List<String> options;

    private JmxTlsStore() {
    }

    /**
     * The options that give this JVM's store to a JVM, after setting their
     * properties in this one; the store is made at the first call.
     */
    static synchronized List<String> jvmOptions() throws Exception {
        if (options == null) {
            options = create();
            for (String option : options) {
                int eq = option.indexOf('=');
                System.setProperty(option.substring(2, eq), option.substring(eq + 1));
            }
        }
        return options;
    }

    /* Makes a store in a new temporary directory; returns the options that give it to a JVM. */
    private static List<String> create() throws Exception {
        Path dir = Files.createTempDirectory("jmx-tls");
        Path store = dir.resolve("store.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "jmx",
                                       "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                                       "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2",
                                       "-storetype", "PKCS12", "-keystore", store.toString(),
                                       "-storepass", PASSWORD)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("keytool failed: exit code " + p.exitValue());
        }
        store.toFile().deleteOnExit();
        dir.toFile().deleteOnExit();
        return List.of("-Djavax.net.ssl.keyStore=" + store, "-Djavax.net.ssl.keyStorePassword=" + PASSWORD,
                       "-Djavax.net.ssl.trustStore=" + store, "-Djavax.net.ssl.trustStorePassword=" + PASSWORD,
                       "-D" + JmxServer.TLS + "=true");
    }
}
