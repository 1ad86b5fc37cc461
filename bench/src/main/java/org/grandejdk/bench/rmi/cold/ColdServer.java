/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.cold;

import java.rmi.RemoteException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.grandejdk.bench.rmi.ServedObject;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * The server JVM of {@link ColdStart}: a registry with a
 * {@link ColdService} bound as {@value #NAME}, on whatever RMI this JVM's
 * properties select. Prints {@code PORT n} when ready; exits when its
 * standard input ends.
 */
public final class ColdServer {

    static final String NAME = "cold";

    static final class ColdServiceImpl extends ServedObject implements ColdService {
        private final AtomicLong pings = new AtomicLong();
        private final AtomicLong pingsBeforeWaiter = new AtomicLong(-1);
        private final CountDownLatch released = new CountDownLatch(1);

        @Override
        public void ping() {
            pings.incrementAndGet();
        }

        @Override
        public boolean await(long millis) throws RemoteException {
            pingsBeforeWaiter.compareAndSet(-1, pings.get());
            try {
                return released.await(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteException("interrupted", e);
            }
        }

        @Override
        public void release() {
            released.countDown();
        }

        @Override
        public long pingsBeforeWaiter() {
            return pingsBeforeWaiter.get();
        }
    }

    private ColdServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> ServerProcess.serveUntilEndOfInput(NAME, new ColdServiceImpl()));
    }
}
