/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import java.util.concurrent.TimeUnit;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What {@link BulkBench}'s echo pays that a native round trip does not:
 * an unchanged java.rmi program's echo makes two new values of the data
 * (the argument the callee gets, the result the caller gets), and a new
 * array is fresh heap memory, mostly outside the caches, where a native
 * ping-pong ({@code ff_pingpong}, MPI) writes into buffers it reuses.
 *
 * <ul>
 * <li>{@code fresh}: two new values, a clone of the data and a clone of
 *     that, in the heap of the bulk benchmarks' JVMs. {@code clone} is the
 *     cheapest way the JVM has to fill a new array (the compiler skips
 *     zeroing it first), so no deserializer makes the two faster.
 * <li>{@code reused}: the same two copies into arrays kept from one call
 *     to the next, as a native round trip writes.
 * </ul>
 *
 * The difference is what fresh memory adds to an echo's two copies
 * whatever the transport; an echo's round trip is at least the native
 * one plus it (`report.py bulk`, "What the new values cost").
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.BULK_HEAP_MIN, ForkOptions.BULK_HEAP_MAX})
public class BulkNewValuesBench extends AverageTimeBench {

    @Param({"byte", "int", "double", "double2d", "list"})
    public String kind;

    @Param({"8", "64", "512", "4096", "32768", "65536", "262144", "1048576", "4194304", "16777216"})
    public int bytes;

    private Object value;
    private Object argument;
    private Object result;

    @Setup
    public void setUp() {
        BulkKind data = BulkKind.of(kind);
        value = data.create(bytes);
        // arrays of the same shape and other content, which reused() must overwrite
        argument = data.create(bytes, ~bytes);
        result = data.create(bytes, ~bytes);
        check(BulkKind.isEqualCopy(value, fresh()), kind + " of " + bytes + " bytes copies equal when fresh");
        check(BulkKind.isEqualCopy(value, reused()), kind + " of " + bytes + " bytes copies equal when reused");
    }

    /** The callee's argument and the caller's result of an echo of value, new. */
    @Benchmark
    public Object fresh() {
        return BulkKind.copy(BulkKind.copy(value));
    }

    /** The same two copies into arrays an earlier call made. */
    @Benchmark
    public Object reused() {
        BulkKind.copyInto(value, argument);
        BulkKind.copyInto(argument, result);
        return result;
    }
}
