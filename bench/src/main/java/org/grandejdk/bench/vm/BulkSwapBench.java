/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.vm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.Arrays;
import java.util.Random;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.ForkOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Reference bandwidths for {@link StreamArrayBench}: converting a double[n]
 * (default 5000, 40000 bytes) to and from big-endian bytes outside any
 * stream, one direction per operation.
 *
 * <ul>
 * <li>{@code bufferPutBE}/{@code bufferGetBE}: the JDK's bulk byte-swapping
 *     copy, {@code ByteBuffer.asDoubleBuffer().put(double[])} and
 *     {@code get(double[])} on a big-endian heap buffer;
 * <li>{@code loopPutBE}/{@code loopGetBE}: element by element,
 *     {@code doubleToLongBits} and a big-endian long store - the algorithm
 *     of stock ObjectOutputStream's block-data writer (and back);
 * <li>{@code arraycopy}: System.arraycopy of the same bytes, no conversion:
 *     the memory bandwidth floor.
 * <li>{@code newArray}: a new double[n], nothing copied: the allocation and
 *     zeroing every reader that returns a new array pays at least;
 * <li>{@code newArrayCopy}: a new double[n] filled from the bytes in the
 *     machine's order ({@code MemorySegment.copy}, no conversion): the floor
 *     of reading an array, which no serializer's {@code read} can beat.
 * </ul>
 *
 * <p>Plain JDK API, so it also runs on stock, but the bench-vm target runs
 * it on the image only.
 */
// AverageTimeBench's fork options, and: the image's own conversion
// (jdk.internal.misc.SerialCopy) is reached through a method handle, which
// needs the package exported at run time only.
@Fork(value = 1, jvmArgsAppend = {ForkOptions.HEAP_MIN, ForkOptions.HEAP_MAX, ForkOptions.ALLOW_UNSAFE,
                                   "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"})
public class BulkSwapBench extends AverageTimeBench {

    /** SerialCopy.copySwapped(Object, long, Object, long, int, int): the image's bulk conversion. */
    private static final MethodHandle COPY_SWAPPED;
    private static final long BYTE_BASE;
    private static final long DOUBLE_BASE;
    /** Kinds of SerialCopy: 8-byte elements, and with canonical NaNs as the streams write. */
    private static final int ELEMENTS_8 = 8;
    private static final int ELEMENTS_8_CANONICAL_NAN = 8 | 0x10;

    static {
        try {
            Class<?> serialCopy = Class.forName("jdk.internal.misc.SerialCopy");
            COPY_SWAPPED = MethodHandles.lookup().findStatic(serialCopy, "copySwapped",
                    MethodType.methodType(void.class, Object.class, long.class, Object.class,
                                          long.class, int.class, int.class));
            Class<?> unsafe = Class.forName("jdk.internal.misc.Unsafe");
            BYTE_BASE = unsafe.getField("ARRAY_BYTE_BASE_OFFSET").getLong(null);
            DOUBLE_BASE = unsafe.getField("ARRAY_DOUBLE_BASE_OFFSET").getLong(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    @Param({"5000"})
    int n;

    double[] doubles;
    double[] back;
    byte[] bytes;
    byte[] bytesCopy;
    /** A big-endian double view of {@link #bytes}. */
    DoubleBuffer view;
    /** The doubles' bytes in the machine's order, for newArrayCopy. */
    MemorySegment nativeBytes;

    @Setup
    public void setup() throws Throwable {
        Random r = new Random(42);
        doubles = new double[n];
        for (int i = 0; i < n; i++) {
            doubles[i] = (r.nextDouble() - 0.5) * 1e12;
        }
        back = new double[n];
        bytes = new byte[n * Double.BYTES];
        bytesCopy = new byte[n * Double.BYTES];
        view = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN).asDoubleBuffer();

        // The two conversions must agree with each other and with the stream format.
        bufferPutBE();
        byte[] viaBuffer = bytes.clone();
        Arrays.fill(bytes, (byte) 0);
        loopPutBE();
        check(Arrays.equals(viaBuffer, bytes), "bufferPutBE and loopPutBE wrote different bytes");
        check((long) LONG_BE.get(bytes, 0) == Double.doubleToLongBits(doubles[0]), "not big-endian");
        bufferGetBE();
        check(Arrays.equals(back, doubles), "bufferGetBE did not read back the doubles");
        Arrays.fill(back, 0);
        loopGetBE();
        check(Arrays.equals(back, doubles), "loopGetBE did not read back the doubles");
        arraycopy();
        check(Arrays.equals(bytesCopy, bytes), "arraycopy");
        nativeBytes = MemorySegment.ofArray(new byte[n * Double.BYTES]);
        MemorySegment.copy(doubles, 0, nativeBytes, ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, n);
        check(Arrays.equals(newArrayCopy(), doubles), "newArrayCopy did not read back the doubles");
        check(newArray().length == n, "newArray");
        Arrays.fill(bytes, (byte) 0);
        serialCopyPutBE();
        check(Arrays.equals(viaBuffer, bytes), "serialCopyPutBE wrote other bytes than bufferPutBE");
        Arrays.fill(back, 0);
        serialCopyGetBE();
        check(Arrays.equals(back, doubles), "serialCopyGetBE did not read back the doubles");
    }

    @Benchmark
    public byte[] bufferPutBE() {
        view.put(0, doubles);
        return bytes;
    }

    @Benchmark
    public double[] bufferGetBE() {
        view.get(0, back);
        return back;
    }

    /** The image's conversion, as ObjectOutputStream.writeDoubles uses it. */
    @Benchmark
    public byte[] serialCopyPutBE() throws Throwable {
        COPY_SWAPPED.invokeExact((Object) doubles, DOUBLE_BASE, (Object) bytes, BYTE_BASE,
                                 doubles.length, ELEMENTS_8_CANONICAL_NAN);
        return bytes;
    }

    /** The image's conversion, as ObjectInputStream.readDoubles uses it. */
    @Benchmark
    public double[] serialCopyGetBE() throws Throwable {
        COPY_SWAPPED.invokeExact((Object) bytes, BYTE_BASE, (Object) back, DOUBLE_BASE,
                                 back.length, ELEMENTS_8);
        return back;
    }

    @Benchmark
    public byte[] loopPutBE() {
        double[] d = doubles;
        byte[] b = bytes;
        for (int i = 0; i < d.length; i++) {
            LONG_BE.set(b, i << 3, Double.doubleToLongBits(d[i]));
        }
        return b;
    }

    @Benchmark
    public double[] loopGetBE() {
        double[] d = back;
        byte[] b = bytes;
        for (int i = 0; i < d.length; i++) {
            d[i] = Double.longBitsToDouble((long) LONG_BE.get(b, i << 3));
        }
        return d;
    }

    /** Allocation and zeroing alone: fresh memory each time, as a reader's arrays are. */
    @Benchmark
    public double[] newArray() {
        return new double[n];
    }

    /** A new array from bytes in the machine's order: a reader's floor. */
    @Benchmark
    public double[] newArrayCopy() {
        double[] d = new double[n];
        MemorySegment.copy(nativeBytes, ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, d, 0, n);
        return d;
    }

    @Benchmark
    public byte[] arraycopy() {
        System.arraycopy(bytes, 0, bytesCopy, 0, bytes.length);
        return bytesCopy;
    }
}
