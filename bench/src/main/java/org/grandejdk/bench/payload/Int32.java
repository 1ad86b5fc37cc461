/*
 * GrandeJDK benchmarks. Generated once by a small script and then kept by
 * hand: plain fields and a hand-written marshaler, the best pure Java.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * An object of 32 int fields ("32 int" of Philippsen, Haumacher and Nester,
 * "More Efficient Serialization and RMI for Java", section 6), 128 bytes of
 * data: an argument of the remote calls and a
 * payload of the serializers (a plain Serializable class: jdk.fastserial's
 * generated-marshaler path; the public no-argument constructor is Kryo's way
 * to make one), and the subject of the vm area's field copies.
 * {@link #writeTo} and {@link #readFrom} are the hand-written
 * field-by-field marshaler that ClassInfo is measured against: one
 * byte-array-view VarHandle access per field, in native byte order (the
 * order of ClassInfo's byte image), the code a generated marshaler would
 * contain without ClassInfo.
 */
public final class Int32 implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Bytes of field data. */
    public static final int BYTES = 32 * Integer.BYTES;

    private static final VarHandle INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    int i00, i01, i02, i03, i04, i05, i06, i07;
    int i08, i09, i10, i11, i12, i13, i14, i15;
    int i16, i17, i18, i19, i20, i21, i22, i23;
    int i24, i25, i26, i27, i28, i29, i30, i31;

    public Int32() {
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
}
