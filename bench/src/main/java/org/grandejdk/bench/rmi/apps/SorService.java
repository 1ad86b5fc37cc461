/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.RemoteException;

/**
 * A band of rows of {@link Sor}'s grid in a worker JVM. The master sets
 * the neighbours once, then per solve sets the band, runs it and takes it
 * back; during a run the bands call each other's {@link #border}, worker to
 * worker.
 */
public interface SorService extends AppService {

    /** The bands above and below this one, null at the grid's edge. */
    void connect(SorService above, SorService below) throws RemoteException;

    /**
     * Takes rows first to first + rows.length - 3 of the grid as
     * rows[1 .. rows.length - 2]; rows[0] and rows[rows.length - 1] are
     * the rows next to the band (the grid's fixed boundary or a neighbour's
     * border row), which it reads but does not update.
     */
    void setBand(int first, double[][] rows) throws RemoteException;

    /**
     * Runs iterations red/black iterations (a red phase, then a black
     * one), sending its border rows to its neighbours after every phase but
     * the last and waiting for theirs; returns when done.
     */
    void solve(int iterations, double omega) throws RemoteException;

    /** The band's own rows, as the last solve left them. */
    double[][] band() throws RemoteException;

    /**
     * A neighbour's border row as it is after phase (its row next to this
     * band; the neighbour lies above this band if fromAbove). Stores it and
     * returns at once: the neighbour may run a phase ahead.
     */
    void border(int phase, boolean fromAbove, double[] row) throws RemoteException;
}
