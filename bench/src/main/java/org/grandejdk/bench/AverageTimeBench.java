/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings every benchmark class of the collection inherits (JMH
 * takes a class's annotations from its nearest superclass that has them):
 * average time per operation, in nanoseconds, a state per thread, 3 warm-up
 * and 5 measured iterations of 1 s, one fork with a fixed heap, the same on
 * the image and on stock. JMH 1.37 (and Kryo, Fory) call sun.misc.Unsafe,
 * which JDK 25 warns about unless allowed. A class declares what differs:
 * the remote calls their unit (µs) and a state per benchmark, a
 * configuration or a class that needs more JVM options its own
 * {@code @Fork}. The command line's options win over all of them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX, ForkOptions.ALLOW_UNSAFE})
public abstract class AverageTimeBench {

    /**
     * A set-up check: throws unless ok, naming the benchmark class and
     * what was checked (a variant that does not do what it claims is not
     * measured).
     */
    protected final void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(Lifecycle.configurationName(this) + ": wrong result: " + what);
        }
    }
}
