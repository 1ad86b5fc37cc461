/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.io.Serializable;

/**
 * An object of 100 primitive fields of every type (15 long, 15 double,
 * 20 int, 15 float, 10 short, 10 char, 10 byte, 5 boolean), 435 bytes of
 * data, declared interleaved so that the VM's field layout differs from the
 * declaration order.
 */
public class Mixed100 implements Serializable {
    private static final long serialVersionUID = 1L;

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

    public Mixed100() {
    }
}
