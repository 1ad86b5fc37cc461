/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The object of {@link LocalCallBench}. Its methods are never inlined, so
 * that a plain interface call is a real call, as every stub call ends in
 * one: the comparison is of what the stub adds to a call, not of a call
 * with nothing.
 */
final class LocalServiceImpl implements LocalService {

    /** The last Pair received, for the set-up's check of call-by-copy. */
    Pair received;

    private int value = 42;

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void voidFoo() {
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public int intFoo() {
        return value;
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void fooInt(int a) {
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void fooIntInt(int a, int b) {
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void fooImmutable(Pair pair) {
        received = pair;
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void fooCopied(Pair pair) {
        received = pair;
    }

    @Override
    public long threadId() {
        return Thread.currentThread().threadId();
    }
}
