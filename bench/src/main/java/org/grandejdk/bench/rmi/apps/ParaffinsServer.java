/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.util.Map;

import org.grandejdk.bench.rmi.ServerProcess;

/**
 * A worker JVM of {@link Paraffins}: a {@link ParaffinsService} bound as
 * {@value #NAME}. Prints {@code PORT n} (its registry's port) when ready;
 * unexports everything and exits when its standard input ends.
 */
public final class ParaffinsServer {

    static final String NAME = "paraffins";

    static final class ParaffinsServiceImpl extends AppServiceImpl implements ParaffinsService {
        @Override
        public Paraffin[] paraffins(int size, Radical[][] positions) {
            return Paraffins.paraffins(size, positions);
        }
    }

    private ParaffinsServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> Workers.serve(Map.of(NAME, new ParaffinsServiceImpl())));
    }
}
