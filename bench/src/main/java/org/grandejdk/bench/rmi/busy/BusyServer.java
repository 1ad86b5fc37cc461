/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.busy;

import java.util.concurrent.atomic.AtomicLong;

import org.grandejdk.bench.rmi.ServedObject;
import org.grandejdk.bench.rmi.ServerProcess;

/** The server JVM of {@link BusyNeighbours}: one compute thread from its start. */
public final class BusyServer {

    static final String NAME = "busy";

    static final class BusyServiceImpl extends ServedObject implements BusyService {
        private final Compute compute;
        private final AtomicLong pings = new AtomicLong();

        BusyServiceImpl(Compute compute) {
            this.compute = compute;
        }

        @Override
        public void ping() {
            pings.incrementAndGet();
        }

        @Override
        public long pings() {
            return pings.get();
        }

        @Override
        public long computeRounds() {
            return compute.rounds();
        }
    }

    private BusyServer() {
    }

    public static void main(String[] args) {
        Compute compute = Compute.start("server-compute");
        ServerProcess.runServer(() -> ServerProcess.serveUntilEndOfInput(NAME, new BusyServiceImpl(compute)));
    }
}
