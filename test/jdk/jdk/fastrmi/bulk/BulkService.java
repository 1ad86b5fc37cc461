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

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

/** The remote interface of BulkServer: large primitive arrays as argument and result. */
public interface BulkService extends Remote {

    byte[] echoBytes(byte[] b) throws RemoteException;

    int[] echoInts(int[] a) throws RemoteException;

    double[] echoDoubles(double[] a) throws RemoteException;

    double[][] echoMatrix(double[][] m) throws RemoteException;

    /** Returns rows as the server received it (an ArrayList of double[] from the test). */
    List<double[]> echoList(List<double[]> rows) throws RemoteException;

    /** Arrays.hashCode(b) as the server received b: tells a broken request from a broken reply. */
    int hash(byte[] b) throws RemoteException;

    /**
     * Prints "RECEIVED length hash" (Arrays.hashCode) once b has arrived
     * whole, then sleeps maxMillis and returns b: the caller is then
     * waiting for the reply for as long as the test likes.
     */
    byte[] receiveAndHold(byte[] b, long maxMillis) throws RemoteException;
}
