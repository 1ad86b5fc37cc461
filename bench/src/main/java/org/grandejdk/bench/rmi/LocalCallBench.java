/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Lifecycle;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Table 1 of Haumacher and Philippsen, "Exploiting Object Locality in
 * JavaParty": calls to a {@link LocalService} in the same JVM, one
 * JVM only. Each subclass is a way to reach the object: a plain interface
 * reference to it ({@link LocalCallPlainBench}), a jdk.fastrmi stub
 * ({@link LocalCallFastRmiBench}: the stub's local-call shortcut) and a
 * stock RMI stub ({@link LocalCallStockBench}: over the loopback inside the
 * JVM). The stubs are {@code RemoteObject.toStub} of the object after
 * {@code UnicastRemoteObject.exportObject(obj, 0)}.
 *
 * <ul>
 * <li>{@code voidFoo}, {@code intFoo}, {@code fooInt}, {@code fooIntInt}:
 *     void foo(), int foo(), foo(int), foo(int, int);
 * <li>{@code fooImmutable}: foo(Pair) with an {@link ImmutablePair} (marked
 *     jdk.fastrmi.Immutable) where the subclass is jdk.fastrmi's, a plain
 *     {@link Pair} otherwise (stock RMI has no such marker);
 * <li>{@code fooCopied}: foo(Pair) with a plain Pair, which RMI must copy.
 * </ul>
 *
 * <p>The object's methods are never inlined ({@link LocalServiceImpl}). The
 * set-up checks that calls return what they should, copy the arguments
 * exactly where the subclass says, and run on the caller's thread or not.
 */
public abstract class LocalCallBench extends AverageTimeBench {

    private final boolean copiesArguments;
    private final boolean passesImmutable;
    private final boolean runsOnCallerThread;

    private LocalServiceImpl impl;
    private boolean exported;
    private LocalService target;
    private Pair copied;
    private Pair immutable;

    // Fields, not constants, so that the JIT cannot fold them.
    private int a = 17;
    private int b = -42;

    /**
     * @param copiesArguments    a call passes a copy of a Pair (call-by-copy)
     * @param passesImmutable    a call passes the immutable Pair itself
     * @param runsOnCallerThread the object runs the call on the caller's thread
     */
    LocalCallBench(boolean copiesArguments, boolean passesImmutable, boolean runsOnCallerThread) {
        this.copiesArguments = copiesArguments;
        this.passesImmutable = passesImmutable;
        this.runsOnCallerThread = runsOnCallerThread;
    }

    /** The reference that the benchmarks call impl through: by default its stub ({@link #export}). */
    LocalService target(LocalServiceImpl impl) throws Exception {
        return export(impl);
    }

    /** The argument of fooImmutable. */
    Pair immutablePair(int first, int second) {
        return new Pair(first, second);
    }

    /** Exports impl and returns its stub, checked to be of the RMI this JVM selects. */
    final LocalService export(LocalServiceImpl impl) throws RemoteException {
        UnicastRemoteObject.exportObject(impl, 0);
        exported = true;
        LocalService stub = (LocalService) RemoteObject.toStub(impl);
        RmiConfiguration.check("local", stub);
        System.out.println("rmi-config: " + Lifecycle.configurationName(this) + " "
                + RmiConfiguration.describe(stub) + " stub class " + stub.getClass().getName());
        return stub;
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Lifecycle.setUpOrTearDown(this::tearDown, () -> {
            impl = new LocalServiceImpl();
            target = target(impl);
            copied = new Pair(3, 4);
            immutable = immutablePair(5, 6);
            checkCalls();
        });
    }

    private void checkCalls() throws RemoteException {
        for (int i = 0; i < 3; i++) {
            target.voidFoo();
            int result = target.intFoo();
            if (result != 42) {
                throw new IllegalStateException("intFoo returned " + result + ", not 42");
            }
            target.fooInt(a);
            target.fooIntInt(a, b);
            target.fooCopied(copied);
            checkReceived("fooCopied", copied, copiesArguments);
            target.fooImmutable(immutable);
            checkReceived("fooImmutable", immutable, !passesImmutable);
            boolean onCallerThread = target.threadId() == Thread.currentThread().threadId();
            if (onCallerThread != runsOnCallerThread) {
                throw new IllegalStateException("the call ran on "
                        + (onCallerThread ? "the caller's thread" : "another thread")
                        + ", expected the other");
            }
        }
    }

    private void checkReceived(String what, Pair sent, boolean copy) {
        Pair received = impl.received;
        if (!sent.equals(received)) {
            throw new IllegalStateException(what + ": the object received a different Pair");
        }
        if ((received != sent) != copy) {
            throw new IllegalStateException(what + ": the object received "
                    + (copy ? "the argument itself, expected a copy"
                            : "a copy, expected the argument itself"));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (exported) {
            exported = false;
            try {
                UnicastRemoteObject.unexportObject(impl, true);
            } catch (NoSuchObjectException e) {
                // Gone already.
            }
        }
    }

    @Benchmark
    public void voidFoo() throws RemoteException {
        target.voidFoo();
    }

    @Benchmark
    public int intFoo() throws RemoteException {
        return target.intFoo();
    }

    @Benchmark
    public void fooInt() throws RemoteException {
        target.fooInt(a);
    }

    @Benchmark
    public void fooIntInt() throws RemoteException {
        target.fooIntInt(a, b);
    }

    @Benchmark
    public void fooImmutable() throws RemoteException {
        target.fooImmutable(immutable);
    }

    @Benchmark
    public void fooCopied() throws RemoteException {
        target.fooCopied(copied);
    }
}
