/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.RemoteException;

/**
 * The worker of {@link Paraffins}: makes the paraffins of one task. The
 * argument and the result are graphs of objects: the radicals share their
 * sub-radicals, the molecules their radicals.
 */
public interface ParaffinsService extends AppService {

    /**
     * The paraffins of size carbon atoms whose radical at each position j
     * is one of positions[j], as {@link Paraffins#paraffins} makes them:
     * four positions around a centre carbon or two on a centre bond.
     */
    Paraffin[] paraffins(int size, Radical[][] positions) throws RemoteException;
}
