/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import java.util.List;

import org.grandejdk.bench.rmi.PingServer;
import org.grandejdk.bench.rmi.ServedObject;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * The server JVM of {@link BulkBench}: a registry with a
 * {@link BulkService} bound as {@value #NAME}, on whatever RMI this JVM's
 * properties select (the benchmark's: {@link ServerProcess} passes its
 * options on, the heap among them). Prints {@code PORT n} (the registry's
 * port) when ready; unexports everything and exits when its standard input
 * ends.
 */
public final class BulkServer {

    static final String NAME = "bulk";

    static final class BulkServiceImpl extends ServedObject implements BulkService {
        /**
         * The last argument of take: kept, so that no take's data is dead
         * on arrival (a server keeps what it is sent), and for takenHash.
         */
        private volatile Object taken;

        @Override
        public byte[] echo(byte[] data) {
            return data;
        }

        @Override
        public int[] echo(int[] data) {
            return data;
        }

        @Override
        public double[] echo(double[] data) {
            return data;
        }

        @Override
        public double[][] echo(double[][] data) {
            return data;
        }

        @Override
        public List<double[]> echo(List<double[]> data) {
            return data;
        }

        @Override
        public void take(byte[] data) {
            taken = data;
        }

        @Override
        public void take(int[] data) {
            taken = data;
        }

        @Override
        public void take(double[] data) {
            taken = data;
        }

        @Override
        public void take(double[][] data) {
            taken = data;
        }

        @Override
        public void take(List<double[]> data) {
            taken = data;
        }

        @Override
        public int takenHash() {
            return BulkKind.contentHash(taken);
        }
    }

    private BulkServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> ServerProcess.serveUntilEndOfInput(NAME, new BulkServiceImpl()));
    }
}
