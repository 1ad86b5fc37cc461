/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.grandejdk.bench.Lifecycle;

/**
 * The connection to a server that a benchmark's trials use: forked, each
 * trial opens its own and closes it in its tear-down; run in process
 * ({@code -f 0} with {@code -D}{@value #PROPERTY}{@code =true}), every
 * trial of the JVM shares the one the first opened, which a shutdown hook
 * closes. Public for the bulk area (org.grandejdk.bench.bulk).
 *
 * @param <C> the connection: a server JVM and what the trials hold of it
 */
public final class SharedConnection<C extends AutoCloseable> {

    /** Set on an in-process run: the trials of the JVM share one server. */
    public static final String PROPERTY = "grandejdk.bench.sharedServer";

    /** Opens a new connection. */
    @FunctionalInterface
    public interface Opener<C> {
        C open() throws Exception;
    }

    private final String hookName;
    private C shared;   // guarded by this

    /** @param hookName the name of the shutdown hook's thread, which closes the shared connection */
    public SharedConnection(String hookName) {
        this.hookName = hookName;
    }

    /** A trial's connection: a new one, or on an in-process run the shared one, opened on first use. */
    public C open(Opener<C> opener) throws Exception {
        if (!Boolean.getBoolean(PROPERTY)) {
            return opener.open();
        }
        synchronized (this) {
            if (shared == null) {
                shared = Lifecycle.closedAtExit(opener.open(), hookName);
            }
            return shared;
        }
    }

    /**
     * What a trial's tear-down closes of connection: the connection if the
     * trial opened it for itself, null if it is the shared one, which
     * outlives the trial.
     */
    public synchronized C ownedByTrial(C connection) {
        return connection == shared ? null : connection;
    }
}
