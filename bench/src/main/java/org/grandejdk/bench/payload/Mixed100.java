/*
 * GrandeJDK benchmarks. Generated once by a small script and then kept by
 * hand: plain fields and a hand-written marshaler, the best pure Java.
 */
package org.grandejdk.bench.payload;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * An object of 100 primitive fields of every type (15 long, 15 double,
 * 20 int, 15 float, 10 short, 10 char, 10 byte, 5 boolean), 435 bytes of
 * data, declared interleaved so that the VM's layout order
 * differs from the declaration order. {@link #writeTo} and
 * {@link #readFrom} are the hand-written field-by-field marshaler, as in
 * {@link Int32}: one byte-array-view VarHandle access per field in native
 * byte order; byte and boolean fields are plain array stores. A payload of
 * the serial area too ({@code mixed100}); {@link Payloads} fills it.
 */
public final class Mixed100 implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    /** Bytes of field data. */
    public static final int BYTES = 435;

    private static final VarHandle LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle DOUBLE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle FLOAT =
            MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.nativeOrder());
    private static final VarHandle SHORT =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.nativeOrder());
    private static final VarHandle CHAR =
            MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.nativeOrder());

    long f00;
    double f01;
    int f02;
    float f03;
    short f04;
    char f05;
    byte f06;
    boolean f07;
    long f08;
    double f09;
    int f10;
    float f11;
    short f12;
    char f13;
    byte f14;
    boolean f15;
    long f16;
    double f17;
    int f18;
    float f19;
    short f20;
    char f21;
    byte f22;
    boolean f23;
    long f24;
    double f25;
    int f26;
    float f27;
    short f28;
    char f29;
    byte f30;
    boolean f31;
    long f32;
    double f33;
    int f34;
    float f35;
    short f36;
    char f37;
    byte f38;
    boolean f39;
    long f40;
    double f41;
    int f42;
    float f43;
    short f44;
    char f45;
    byte f46;
    long f47;
    double f48;
    int f49;
    float f50;
    short f51;
    char f52;
    byte f53;
    long f54;
    double f55;
    int f56;
    float f57;
    short f58;
    char f59;
    byte f60;
    long f61;
    double f62;
    int f63;
    float f64;
    short f65;
    char f66;
    byte f67;
    long f68;
    double f69;
    int f70;
    float f71;
    short f72;
    char f73;
    byte f74;
    long f75;
    double f76;
    int f77;
    float f78;
    long f79;
    double f80;
    int f81;
    float f82;
    long f83;
    double f84;
    int f85;
    float f86;
    long f87;
    double f88;
    int f89;
    float f90;
    long f91;
    double f92;
    int f93;
    float f94;
    int f95;
    int f96;
    int f97;
    int f98;
    int f99;

    /** Copies the fields into {@code b} at {@code p}; returns the bytes written. */
    public int writeTo(byte[] b, int p) {
        LONG.set(b, p + 0, f00);
        DOUBLE.set(b, p + 8, f01);
        INT.set(b, p + 16, f02);
        FLOAT.set(b, p + 20, f03);
        SHORT.set(b, p + 24, f04);
        CHAR.set(b, p + 26, f05);
        b[p + 28] = f06;
        b[p + 29] = (byte) (f07 ? 1 : 0);
        LONG.set(b, p + 30, f08);
        DOUBLE.set(b, p + 38, f09);
        INT.set(b, p + 46, f10);
        FLOAT.set(b, p + 50, f11);
        SHORT.set(b, p + 54, f12);
        CHAR.set(b, p + 56, f13);
        b[p + 58] = f14;
        b[p + 59] = (byte) (f15 ? 1 : 0);
        LONG.set(b, p + 60, f16);
        DOUBLE.set(b, p + 68, f17);
        INT.set(b, p + 76, f18);
        FLOAT.set(b, p + 80, f19);
        SHORT.set(b, p + 84, f20);
        CHAR.set(b, p + 86, f21);
        b[p + 88] = f22;
        b[p + 89] = (byte) (f23 ? 1 : 0);
        LONG.set(b, p + 90, f24);
        DOUBLE.set(b, p + 98, f25);
        INT.set(b, p + 106, f26);
        FLOAT.set(b, p + 110, f27);
        SHORT.set(b, p + 114, f28);
        CHAR.set(b, p + 116, f29);
        b[p + 118] = f30;
        b[p + 119] = (byte) (f31 ? 1 : 0);
        LONG.set(b, p + 120, f32);
        DOUBLE.set(b, p + 128, f33);
        INT.set(b, p + 136, f34);
        FLOAT.set(b, p + 140, f35);
        SHORT.set(b, p + 144, f36);
        CHAR.set(b, p + 146, f37);
        b[p + 148] = f38;
        b[p + 149] = (byte) (f39 ? 1 : 0);
        LONG.set(b, p + 150, f40);
        DOUBLE.set(b, p + 158, f41);
        INT.set(b, p + 166, f42);
        FLOAT.set(b, p + 170, f43);
        SHORT.set(b, p + 174, f44);
        CHAR.set(b, p + 176, f45);
        b[p + 178] = f46;
        LONG.set(b, p + 179, f47);
        DOUBLE.set(b, p + 187, f48);
        INT.set(b, p + 195, f49);
        FLOAT.set(b, p + 199, f50);
        SHORT.set(b, p + 203, f51);
        CHAR.set(b, p + 205, f52);
        b[p + 207] = f53;
        LONG.set(b, p + 208, f54);
        DOUBLE.set(b, p + 216, f55);
        INT.set(b, p + 224, f56);
        FLOAT.set(b, p + 228, f57);
        SHORT.set(b, p + 232, f58);
        CHAR.set(b, p + 234, f59);
        b[p + 236] = f60;
        LONG.set(b, p + 237, f61);
        DOUBLE.set(b, p + 245, f62);
        INT.set(b, p + 253, f63);
        FLOAT.set(b, p + 257, f64);
        SHORT.set(b, p + 261, f65);
        CHAR.set(b, p + 263, f66);
        b[p + 265] = f67;
        LONG.set(b, p + 266, f68);
        DOUBLE.set(b, p + 274, f69);
        INT.set(b, p + 282, f70);
        FLOAT.set(b, p + 286, f71);
        SHORT.set(b, p + 290, f72);
        CHAR.set(b, p + 292, f73);
        b[p + 294] = f74;
        LONG.set(b, p + 295, f75);
        DOUBLE.set(b, p + 303, f76);
        INT.set(b, p + 311, f77);
        FLOAT.set(b, p + 315, f78);
        LONG.set(b, p + 319, f79);
        DOUBLE.set(b, p + 327, f80);
        INT.set(b, p + 335, f81);
        FLOAT.set(b, p + 339, f82);
        LONG.set(b, p + 343, f83);
        DOUBLE.set(b, p + 351, f84);
        INT.set(b, p + 359, f85);
        FLOAT.set(b, p + 363, f86);
        LONG.set(b, p + 367, f87);
        DOUBLE.set(b, p + 375, f88);
        INT.set(b, p + 383, f89);
        FLOAT.set(b, p + 387, f90);
        LONG.set(b, p + 391, f91);
        DOUBLE.set(b, p + 399, f92);
        INT.set(b, p + 407, f93);
        FLOAT.set(b, p + 411, f94);
        INT.set(b, p + 415, f95);
        INT.set(b, p + 419, f96);
        INT.set(b, p + 423, f97);
        INT.set(b, p + 427, f98);
        INT.set(b, p + 431, f99);
        return BYTES;
    }

    /** Sets the fields from {@code b} at {@code p}; returns the bytes read. */
    public int readFrom(byte[] b, int p) {
        f00 = (long) LONG.get(b, p + 0);
        f01 = (double) DOUBLE.get(b, p + 8);
        f02 = (int) INT.get(b, p + 16);
        f03 = (float) FLOAT.get(b, p + 20);
        f04 = (short) SHORT.get(b, p + 24);
        f05 = (char) CHAR.get(b, p + 26);
        f06 = b[p + 28];
        f07 = b[p + 29] != 0;
        f08 = (long) LONG.get(b, p + 30);
        f09 = (double) DOUBLE.get(b, p + 38);
        f10 = (int) INT.get(b, p + 46);
        f11 = (float) FLOAT.get(b, p + 50);
        f12 = (short) SHORT.get(b, p + 54);
        f13 = (char) CHAR.get(b, p + 56);
        f14 = b[p + 58];
        f15 = b[p + 59] != 0;
        f16 = (long) LONG.get(b, p + 60);
        f17 = (double) DOUBLE.get(b, p + 68);
        f18 = (int) INT.get(b, p + 76);
        f19 = (float) FLOAT.get(b, p + 80);
        f20 = (short) SHORT.get(b, p + 84);
        f21 = (char) CHAR.get(b, p + 86);
        f22 = b[p + 88];
        f23 = b[p + 89] != 0;
        f24 = (long) LONG.get(b, p + 90);
        f25 = (double) DOUBLE.get(b, p + 98);
        f26 = (int) INT.get(b, p + 106);
        f27 = (float) FLOAT.get(b, p + 110);
        f28 = (short) SHORT.get(b, p + 114);
        f29 = (char) CHAR.get(b, p + 116);
        f30 = b[p + 118];
        f31 = b[p + 119] != 0;
        f32 = (long) LONG.get(b, p + 120);
        f33 = (double) DOUBLE.get(b, p + 128);
        f34 = (int) INT.get(b, p + 136);
        f35 = (float) FLOAT.get(b, p + 140);
        f36 = (short) SHORT.get(b, p + 144);
        f37 = (char) CHAR.get(b, p + 146);
        f38 = b[p + 148];
        f39 = b[p + 149] != 0;
        f40 = (long) LONG.get(b, p + 150);
        f41 = (double) DOUBLE.get(b, p + 158);
        f42 = (int) INT.get(b, p + 166);
        f43 = (float) FLOAT.get(b, p + 170);
        f44 = (short) SHORT.get(b, p + 174);
        f45 = (char) CHAR.get(b, p + 176);
        f46 = b[p + 178];
        f47 = (long) LONG.get(b, p + 179);
        f48 = (double) DOUBLE.get(b, p + 187);
        f49 = (int) INT.get(b, p + 195);
        f50 = (float) FLOAT.get(b, p + 199);
        f51 = (short) SHORT.get(b, p + 203);
        f52 = (char) CHAR.get(b, p + 205);
        f53 = b[p + 207];
        f54 = (long) LONG.get(b, p + 208);
        f55 = (double) DOUBLE.get(b, p + 216);
        f56 = (int) INT.get(b, p + 224);
        f57 = (float) FLOAT.get(b, p + 228);
        f58 = (short) SHORT.get(b, p + 232);
        f59 = (char) CHAR.get(b, p + 234);
        f60 = b[p + 236];
        f61 = (long) LONG.get(b, p + 237);
        f62 = (double) DOUBLE.get(b, p + 245);
        f63 = (int) INT.get(b, p + 253);
        f64 = (float) FLOAT.get(b, p + 257);
        f65 = (short) SHORT.get(b, p + 261);
        f66 = (char) CHAR.get(b, p + 263);
        f67 = b[p + 265];
        f68 = (long) LONG.get(b, p + 266);
        f69 = (double) DOUBLE.get(b, p + 274);
        f70 = (int) INT.get(b, p + 282);
        f71 = (float) FLOAT.get(b, p + 286);
        f72 = (short) SHORT.get(b, p + 290);
        f73 = (char) CHAR.get(b, p + 292);
        f74 = b[p + 294];
        f75 = (long) LONG.get(b, p + 295);
        f76 = (double) DOUBLE.get(b, p + 303);
        f77 = (int) INT.get(b, p + 311);
        f78 = (float) FLOAT.get(b, p + 315);
        f79 = (long) LONG.get(b, p + 319);
        f80 = (double) DOUBLE.get(b, p + 327);
        f81 = (int) INT.get(b, p + 335);
        f82 = (float) FLOAT.get(b, p + 339);
        f83 = (long) LONG.get(b, p + 343);
        f84 = (double) DOUBLE.get(b, p + 351);
        f85 = (int) INT.get(b, p + 359);
        f86 = (float) FLOAT.get(b, p + 363);
        f87 = (long) LONG.get(b, p + 367);
        f88 = (double) DOUBLE.get(b, p + 375);
        f89 = (int) INT.get(b, p + 383);
        f90 = (float) FLOAT.get(b, p + 387);
        f91 = (long) LONG.get(b, p + 391);
        f92 = (double) DOUBLE.get(b, p + 399);
        f93 = (int) INT.get(b, p + 407);
        f94 = (float) FLOAT.get(b, p + 411);
        f95 = (int) INT.get(b, p + 415);
        f96 = (int) INT.get(b, p + 419);
        f97 = (int) INT.get(b, p + 423);
        f98 = (int) INT.get(b, p + 427);
        f99 = (int) INT.get(b, p + 431);
        return BYTES;
    }
}
