/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package grande.test;

import java.rmi.Remote;
import java.rmi.RemoteException;

import static grande.test.Checks.expectEquals;

/**
 * Remote calls that return their argument, one per primitive type and
 * String, for the remote tests to extend their interfaces with: every
 * runtime and serialization mode must carry each type's edge values
 * unchanged.
 */
public interface Echoes extends Remote {
    boolean echoBoolean(boolean v) throws RemoteException;
    byte echoByte(byte v) throws RemoteException;
    char echoChar(char v) throws RemoteException;
    short echoShort(short v) throws RemoteException;
    int echoInt(int v) throws RemoteException;
    long echoLong(long v) throws RemoteException;
    float echoFloat(float v) throws RemoteException;
    double echoDouble(double v) throws RemoteException;
    String echoString(String s) throws RemoteException;

    /** The server side: a base class for implementations (a class, so no default methods reach the stubs). */
    abstract class Impl implements Echoes {
        @Override public boolean echoBoolean(boolean v) { return v; }
        @Override public byte echoByte(byte v) { return v; }
        @Override public char echoChar(char v) { return v; }
        @Override public short echoShort(short v) { return v; }
        @Override public int echoInt(int v) { return v; }
        @Override public long echoLong(long v) { return v; }
        @Override public float echoFloat(float v) { return v; }
        @Override public double echoDouble(double v) { return v; }
        @Override public String echoString(String s) { return s; }
    }

    /** The client side. */
    final class Expect {
        private Expect() { }

        /** Each primitive echo with its type's edge values; floating point compared bit for bit. */
        public static void primitives(Echoes e) throws RemoteException {
            for (boolean v : new boolean[] {true, false}) {
                expectEquals(v, e.echoBoolean(v), "boolean " + v);
            }
            for (byte v : new byte[] {Byte.MIN_VALUE, -1, 0, Byte.MAX_VALUE}) {
                expectEquals(v, e.echoByte(v), "byte " + v);
            }
            for (char v : new char[] {'\0', 'a', '\u00e9', '\ud800', '\uffff'}) {
                expectEquals(v, e.echoChar(v), "char " + (int) v);
            }
            for (short v : new short[] {Short.MIN_VALUE, -1, Short.MAX_VALUE}) {
                expectEquals(v, e.echoShort(v), "short " + v);
            }
            for (int v : new int[] {Integer.MIN_VALUE, -1, 0, 0x12345678, Integer.MAX_VALUE}) {
                expectEquals(v, e.echoInt(v), "int " + v);
            }
            for (long v : new long[] {Long.MIN_VALUE, -1, 0x123456789ABCDEF0L, Long.MAX_VALUE}) {
                expectEquals(v, e.echoLong(v), "long " + v);
            }
            for (float v : new float[] {Float.NaN, -0.0f, Float.MIN_VALUE, Float.NEGATIVE_INFINITY, 3.25f}) {
                expectEquals(Float.floatToIntBits(v), Float.floatToIntBits(e.echoFloat(v)), "float " + v);
            }
            for (double v : new double[] {Double.NaN, -0.0, Double.MIN_VALUE, Double.POSITIVE_INFINITY, Math.PI}) {
                expectEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(e.echoDouble(v)), "double " + v);
            }
        }
    }
}
