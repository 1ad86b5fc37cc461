/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.lang.reflect.Proxy;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.RemoteStub;

/**
 * Which RMI a JVM runs, from its properties and from a stub it holds, and
 * the check that it is the one its benchmark class names. A property that
 * the JVM does not know is ignored silently (stock Temurin has neither
 * jdk.fastrmi nor jdk.fastserial), and a stub tells which implementation
 * made it, so a benchmark checks both before it measures anything.
 */
public final class RmiConfiguration {

    static final String PROVIDER = "java.rmi.provider";
    static final String FASTRMI_SERIALIZATION = "jdk.fastrmi.serialization";
    static final String STOCK_FAST_SERIALIZATION = "jdk.rmi.fastSerialization";

    private RmiConfiguration() {
    }

    /** True for stock RMI's stubs (a dynamic proxy, or a pre-1.5 generated stub). */
    static boolean isJrmpStub(Object stub) {
        return stub instanceof RemoteStub
                || Proxy.isProxyClass(stub.getClass())
                   && Proxy.getInvocationHandler(stub) instanceof RemoteObjectInvocationHandler;
    }

    /** The RMI properties of this JVM and the implementation of stub, on one line. */
    public static String describe(Object stub) {
        return PROVIDER + "=" + System.getProperty(PROVIDER, "")
                + " " + FASTRMI_SERIALIZATION + "=" + System.getProperty(FASTRMI_SERIALIZATION, "")
                + " " + STOCK_FAST_SERIALIZATION + "=" + System.getProperty(STOCK_FAST_SERIALIZATION, "")
                + " stub=" + (isJrmpStub(stub) ? "jrmp" : "fastrmi");
    }

    /**
     * Throws unless stub was made by the RMI that this JVM's properties
     * select, and every module those properties need is present.
     */
    public static void check(String where, Object stub) {
        String provider = System.getProperty(PROVIDER, "");
        boolean jrmp = isJrmpStub(stub);
        switch (provider) {
            case "" -> {
                if (!jrmp) {
                    throw new IllegalStateException(where + ": no " + PROVIDER
                            + " but a stub of " + stub.getClass().getName());
                }
            }
            case "fastrmi" -> {
                requireModule(where, "jdk.fastrmi", PROVIDER);
                if (jrmp) {
                    throw new IllegalStateException(where + ": " + PROVIDER
                            + "=fastrmi but a stock RMI stub: the provider is not in effect");
                }
            }
            default -> throw new IllegalStateException(where + ": unknown " + PROVIDER
                    + "=" + provider);
        }
        if (Boolean.getBoolean(STOCK_FAST_SERIALIZATION)) {
            requireModule(where, "jdk.fastserial", STOCK_FAST_SERIALIZATION);
        }
    }

    /** What the JVM at the other end of a stub says it runs (PingService, AppService). */
    @FunctionalInterface
    public interface RemoteConfiguration {
        String get() throws RemoteException;
    }

    /**
     * Throws unless stub is of the RMI this JVM selects ({@link #check}) and
     * the peer at its other end runs the same configuration; returns it.
     */
    public static String checkBothEnds(String local, String peer, Object stub,
                                       RemoteConfiguration remote) throws RemoteException {
        check(local, stub);
        String mine = describe(stub);
        String theirs = remote.get();
        if (!mine.equals(theirs)) {
            throw new IllegalStateException("the " + local + " and the " + peer + " run different RMI: "
                    + local + " " + mine + ", " + peer + " " + theirs);
        }
        return mine;
    }

    private static void requireModule(String where, String module, String property) {
        if (ModuleLayer.boot().findModule(module).isEmpty()) {
            throw new IllegalStateException(where + ": " + property + " needs the module "
                    + module + ", which this JVM (" + System.getProperty("java.home")
                    + ") does not have");
        }
    }
}
