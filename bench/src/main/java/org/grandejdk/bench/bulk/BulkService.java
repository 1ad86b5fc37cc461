/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

/**
 * The remote interface of the bulk-data benchmarks ({@link BulkBench}),
 * implemented by {@link BulkServer} in the server JVM: a plain java.rmi
 * interface, the same on stock RMI and jdk.fastrmi, as an application
 * declares it. For each kind of data ({@link BulkKind}) an {@code echo},
 * which returns its argument, so the data travels there and back, and a
 * void {@code take}, which keeps it, so the data travels there only and the
 * reply is empty. (The jtreg bulk tests, test/jdk/jdk/fastrmi/bulk, have a
 * BulkService of their own for what they check, a server's hash of an
 * argument and a server that holds its reply; this one has what the
 * benchmarks measure and check, and nothing more.)
 */
public interface BulkService extends Remote {

    byte[] echo(byte[] data) throws RemoteException;

    int[] echo(int[] data) throws RemoteException;

    double[] echo(double[] data) throws RemoteException;

    double[][] echo(double[][] data) throws RemoteException;

    List<double[]> echo(List<double[]> data) throws RemoteException;

    void take(byte[] data) throws RemoteException;

    void take(int[] data) throws RemoteException;

    void take(double[] data) throws RemoteException;

    void take(double[][] data) throws RemoteException;

    void take(List<double[]> data) throws RemoteException;

    /**
     * The content hash ({@link BulkKind#contentHash}) of what the last
     * {@code take} got, for the set-up's check that it arrived whole.
     */
    int takenHash() throws RemoteException;

    /**
     * The server's RMI configuration: its properties and the class of the
     * stub of its own exported object, for the set-up's check.
     */
    String configuration() throws RemoteException;
}
