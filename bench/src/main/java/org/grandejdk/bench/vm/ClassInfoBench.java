/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.vm;

import java.lang.reflect.ClassInfo;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Random;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.payload.Int32;
import org.grandejdk.bench.payload.Mixed100;
import org.grandejdk.bench.payload.Payloads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * ClassInfo (Philippsen, Haumacher and Nester, "More Efficient Serialization
 * and RMI for Java", section 3.5): the primitive fields of an object
 * copied into a byte[] and back into a second object, for an object of
 * 32 int fields ({@link Int32}, 128 bytes) and one of 100 primitive fields
 * of every type ({@link Mixed100}, 435 bytes). Each object is measured three
 * ways, and the report puts them side by side:
 *
 * <ul>
 * <li>{@code classInfo*}: {@link ClassInfo#toByteArray} then
 *     {@link ClassInfo#fromByteArray}, the ClassInfo held in a
 *     {@code static final} field, as a generated marshaler holds it;
 * <li>{@code varHandle*}: the best pure Java, a hand-written marshaler that
 *     reads each field and stores it through a byte-array-view VarHandle in
 *     native order, and back ({@link Int32#writeTo}, {@link Int32#readFrom});
 * <li>{@code arraycopy*}: the physical floor, {@link System#arraycopy} of
 *     the same number of bytes from a byte[] to the buffer and back.
 * </ul>
 *
 * <p>The three methods are written out for each payload, not shared over a
 * {@code @Param}: each is the code a generated marshaler for that one class
 * would run, a ClassInfo constant and a monomorphic writeTo/readFrom; a
 * method for both payloads would measure its choice between them too.
 *
 * <p>Image only: {@link ClassInfo} does not exist in stock JDK 25, so this
 * class must never be selected for a stock run.
 */
public class ClassInfoBench extends AverageTimeBench {

    static final ClassInfo INT32 = Int32.class.getClassInfo(primitiveFields(Int32.class));
    static final ClassInfo MIXED100 = Mixed100.class.getClassInfo(primitiveFields(Mixed100.class));

    Int32 int32Src;
    Int32 int32Dst;
    Mixed100 mixedSrc;
    Mixed100 mixedDst;
    /** The buffer every variant copies through. */
    byte[] buffer;
    /** Sources and destinations of the arraycopy floor. */
    byte[] int32Image;
    byte[] int32Back;
    byte[] mixedImage;
    byte[] mixedBack;

    static Field[] primitiveFields(Class<?> c) {
        return Arrays.stream(c.getDeclaredFields())
                .filter(f -> !Modifier.isStatic(f.getModifiers()) && f.getType().isPrimitive())
                .toArray(Field[]::new);
    }

    @Setup
    public void setup() {
        Random r = new Random(42);
        int32Src = (Int32) Payloads.create("int32");
        int32Dst = new Int32();
        mixedSrc = (Mixed100) Payloads.create("mixed100");
        mixedDst = new Mixed100();
        buffer = new byte[1024];
        int32Image = new byte[Int32.BYTES];
        int32Back = new byte[Int32.BYTES];
        mixedImage = new byte[Mixed100.BYTES];
        mixedBack = new byte[Mixed100.BYTES];
        r.nextBytes(int32Image);
        r.nextBytes(mixedImage);

        // Every variant must do what it claims, or its number means nothing.
        check(INT32.size() == Int32.BYTES, "ClassInfo size of Int32: " + INT32);
        check(MIXED100.size() == Mixed100.BYTES, "ClassInfo size of Mixed100: " + MIXED100);
        Payloads.checkCopy(int32Src, classInfoInt32(), "ClassInfoBench: ClassInfo round trip of Int32");
        Payloads.checkCopy(mixedSrc, classInfoMixed100(), "ClassInfoBench: ClassInfo round trip of Mixed100");
        int32Dst = new Int32();
        mixedDst = new Mixed100();
        Payloads.checkCopy(int32Src, varHandleInt32(), "ClassInfoBench: field copy round trip of Int32");
        Payloads.checkCopy(mixedSrc, varHandleMixed100(), "ClassInfoBench: field copy round trip of Mixed100");
        arraycopyInt32();
        check(Arrays.equals(int32Back, int32Image), "arraycopy round trip of 128 bytes");
        arraycopyMixed100();
        check(Arrays.equals(mixedBack, mixedImage), "arraycopy round trip of 435 bytes");
    }

    // ---- 32 int fields, 128 bytes

    @Benchmark
    public Int32 classInfoInt32() {
        INT32.toByteArray(int32Src, 0, buffer, 0);
        INT32.fromByteArray(int32Dst, 0, buffer, 0);
        return int32Dst;
    }

    @Benchmark
    public Int32 varHandleInt32() {
        int32Src.writeTo(buffer, 0);
        int32Dst.readFrom(buffer, 0);
        return int32Dst;
    }

    @Benchmark
    public byte[] arraycopyInt32() {
        System.arraycopy(int32Image, 0, buffer, 0, Int32.BYTES);
        System.arraycopy(buffer, 0, int32Back, 0, Int32.BYTES);
        return int32Back;
    }

    // ---- 100 primitive fields of every type, 435 bytes

    @Benchmark
    public Mixed100 classInfoMixed100() {
        MIXED100.toByteArray(mixedSrc, 0, buffer, 0);
        MIXED100.fromByteArray(mixedDst, 0, buffer, 0);
        return mixedDst;
    }

    @Benchmark
    public Mixed100 varHandleMixed100() {
        mixedSrc.writeTo(buffer, 0);
        mixedDst.readFrom(buffer, 0);
        return mixedDst;
    }

    @Benchmark
    public byte[] arraycopyMixed100() {
        System.arraycopy(mixedImage, 0, buffer, 0, Mixed100.BYTES);
        System.arraycopy(buffer, 0, mixedBack, 0, Mixed100.BYTES);
        return mixedBack;
    }
}
