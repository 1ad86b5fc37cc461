/*
 * GrandeJDK benchmarks. Generated once by a small script and then kept by
 * hand: plain fields and a hand-written marshaler, the best pure Java.
 */
package org.grandejdk.bench.vm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Random;

/**
 * An object of 32 int fields (seed 000, section 6: "32 int"), 128 bytes of
 * data. {@link #writeTo} and {@link #readFrom} are the hand-written
 * field-by-field marshaler that ClassInfo is measured against: one
 * byte-array-view VarHandle access per field, in native byte order (the
 * order of ClassInfo's byte image), the code a generated marshaler would
 * contain without ClassInfo.
 */
public final class Int32 {

    /** Bytes of field data. */
    public static final int BYTES = 32 * Integer.BYTES;

    private static final VarHandle INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    int i00;
    int i01;
    int i02;
    int i03;
    int i04;
    int i05;
    int i06;
    int i07;
    int i08;
    int i09;
    int i10;
    int i11;
    int i12;
    int i13;
    int i14;
    int i15;
    int i16;
    int i17;
    int i18;
    int i19;
    int i20;
    int i21;
    int i22;
    int i23;
    int i24;
    int i25;
    int i26;
    int i27;
    int i28;
    int i29;
    int i30;
    int i31;

    /** Sets every field to a random value. */
    public void fill(Random r) {
        i00 = r.nextInt();
        i01 = r.nextInt();
        i02 = r.nextInt();
        i03 = r.nextInt();
        i04 = r.nextInt();
        i05 = r.nextInt();
        i06 = r.nextInt();
        i07 = r.nextInt();
        i08 = r.nextInt();
        i09 = r.nextInt();
        i10 = r.nextInt();
        i11 = r.nextInt();
        i12 = r.nextInt();
        i13 = r.nextInt();
        i14 = r.nextInt();
        i15 = r.nextInt();
        i16 = r.nextInt();
        i17 = r.nextInt();
        i18 = r.nextInt();
        i19 = r.nextInt();
        i20 = r.nextInt();
        i21 = r.nextInt();
        i22 = r.nextInt();
        i23 = r.nextInt();
        i24 = r.nextInt();
        i25 = r.nextInt();
        i26 = r.nextInt();
        i27 = r.nextInt();
        i28 = r.nextInt();
        i29 = r.nextInt();
        i30 = r.nextInt();
        i31 = r.nextInt();
    }

    /** Copies the fields into {@code b} at {@code p}; returns the bytes written. */
    public int writeTo(byte[] b, int p) {
        INT.set(b, p + 0, i00);
        INT.set(b, p + 4, i01);
        INT.set(b, p + 8, i02);
        INT.set(b, p + 12, i03);
        INT.set(b, p + 16, i04);
        INT.set(b, p + 20, i05);
        INT.set(b, p + 24, i06);
        INT.set(b, p + 28, i07);
        INT.set(b, p + 32, i08);
        INT.set(b, p + 36, i09);
        INT.set(b, p + 40, i10);
        INT.set(b, p + 44, i11);
        INT.set(b, p + 48, i12);
        INT.set(b, p + 52, i13);
        INT.set(b, p + 56, i14);
        INT.set(b, p + 60, i15);
        INT.set(b, p + 64, i16);
        INT.set(b, p + 68, i17);
        INT.set(b, p + 72, i18);
        INT.set(b, p + 76, i19);
        INT.set(b, p + 80, i20);
        INT.set(b, p + 84, i21);
        INT.set(b, p + 88, i22);
        INT.set(b, p + 92, i23);
        INT.set(b, p + 96, i24);
        INT.set(b, p + 100, i25);
        INT.set(b, p + 104, i26);
        INT.set(b, p + 108, i27);
        INT.set(b, p + 112, i28);
        INT.set(b, p + 116, i29);
        INT.set(b, p + 120, i30);
        INT.set(b, p + 124, i31);
        return BYTES;
    }

    /** Sets the fields from {@code b} at {@code p}; returns the bytes read. */
    public int readFrom(byte[] b, int p) {
        i00 = (int) INT.get(b, p + 0);
        i01 = (int) INT.get(b, p + 4);
        i02 = (int) INT.get(b, p + 8);
        i03 = (int) INT.get(b, p + 12);
        i04 = (int) INT.get(b, p + 16);
        i05 = (int) INT.get(b, p + 20);
        i06 = (int) INT.get(b, p + 24);
        i07 = (int) INT.get(b, p + 28);
        i08 = (int) INT.get(b, p + 32);
        i09 = (int) INT.get(b, p + 36);
        i10 = (int) INT.get(b, p + 40);
        i11 = (int) INT.get(b, p + 44);
        i12 = (int) INT.get(b, p + 48);
        i13 = (int) INT.get(b, p + 52);
        i14 = (int) INT.get(b, p + 56);
        i15 = (int) INT.get(b, p + 60);
        i16 = (int) INT.get(b, p + 64);
        i17 = (int) INT.get(b, p + 68);
        i18 = (int) INT.get(b, p + 72);
        i19 = (int) INT.get(b, p + 76);
        i20 = (int) INT.get(b, p + 80);
        i21 = (int) INT.get(b, p + 84);
        i22 = (int) INT.get(b, p + 88);
        i23 = (int) INT.get(b, p + 92);
        i24 = (int) INT.get(b, p + 96);
        i25 = (int) INT.get(b, p + 100);
        i26 = (int) INT.get(b, p + 104);
        i27 = (int) INT.get(b, p + 108);
        i28 = (int) INT.get(b, p + 112);
        i29 = (int) INT.get(b, p + 116);
        i30 = (int) INT.get(b, p + 120);
        i31 = (int) INT.get(b, p + 124);
        return BYTES;
    }

    /** {@return whether every field equals that of {@code o}} */
    public boolean sameFields(Int32 o) {
        return i00 == o.i00
            && i01 == o.i01
            && i02 == o.i02
            && i03 == o.i03
            && i04 == o.i04
            && i05 == o.i05
            && i06 == o.i06
            && i07 == o.i07
            && i08 == o.i08
            && i09 == o.i09
            && i10 == o.i10
            && i11 == o.i11
            && i12 == o.i12
            && i13 == o.i13
            && i14 == o.i14
            && i15 == o.i15
            && i16 == o.i16
            && i17 == o.i17
            && i18 == o.i18
            && i19 == o.i19
            && i20 == o.i20
            && i21 == o.i21
            && i22 == o.i22
            && i23 == o.i23
            && i24 == o.i24
            && i25 == o.i25
            && i26 == o.i26
            && i27 == o.i27
            && i28 == o.i28
            && i29 == o.i29
            && i30 == o.i30
            && i31 == o.i31;
    }
}
