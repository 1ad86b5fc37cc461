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

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.MarshalledObject;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import grande.test.Echoes;
import grande.test.ServiceException;
import grande.test.StatelessFactory;
import grande.test.samples.Ring;
import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import jdk.fastserial.FastSerializable;

/** What the client (FastRmiTest) and the server (FastRmiServer) share. */
public final class FastRmiShared {

    private FastRmiShared() { }

    /** The system property under test. */
    public static final String PROPERTY = "jdk.rmi.fastSerialization";

    /** The loopback address both JVMs use (java.rmi.server.hostname too). */
    public static final String HOST = "127.0.0.1";

    /** The remote object under test; every method is one kind of traffic. */
    public interface Service extends Echoes {
        /** The server's value of the property. */
        boolean fastSerialization() throws RemoteException;

        /** Returns o as the server read it. */
        Object echo(Object o) throws RemoteException;

        /** describe(head) on the server. */
        String describeRing(Ring head) throws RemoteException;

        /** A new probe: p's value + 1, and whether the server read p with readFast. */
        Probe probe(Probe p) throws RemoteException;

        /** The stream classes s's writeObject and readObject saw on the way in. */
        String[] spy(StreamSpy s) throws RemoteException;

        /** Calls cb.call(i) for i in [0, times) and returns the sum. */
        int callBack(Callback cb, int times) throws RemoteException;

        /** A remote object of the server (the object itself, not its stub). */
        Callback serverCallback() throws RemoteException;

        /** Whether the probe in mo was read with readFast on mo.get(). */
        boolean unwrapProbe(MarshalledObject<Probe> mo) throws IOException, ClassNotFoundException;

        /** Throws a ServiceException with this message and code. */
        void fail(String message, int code) throws ServiceException, RemoteException;

        /** Throws an IllegalArgumentException with this message. */
        void failUnchecked(String message) throws RemoteException;

        /** Unexports this object (forcibly, from within this call). */
        void unexport() throws RemoteException;
    }

    /** A remote object passed as an argument and returned as a result. */
    public interface Callback extends Remote {
        int call(int x) throws RemoteException;
    }

    /** A remote object exported with a filter that rejects Forbidden. */
    public interface Guarded extends Remote {
        String accept(Object o) throws RemoteException;
    }

    /** A class the filter of Guarded rejects. */
    public static final class Forbidden implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /**
     * Marshals itself on the fast streams: readFast runs only if the writer
     * was a fast stream (its writeFast), so readByFast is what proves that a
     * call used fast serialization. The JDK's streams serialize the fields.
     */
    public static final class Probe implements FastSerializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private int value;
        private boolean serverReadByFast;
        private transient boolean readByFast;

        public Probe(int value, boolean serverReadByFast) {
            this.value = value;
            this.serverReadByFast = serverReadByFast;
        }

        public int value() {
            return value;
        }

        /** Whether the server read the probe it answers with readFast. */
        public boolean serverReadByFast() {
            return serverReadByFast;
        }

        /** Whether this instance was read with readFast. */
        public boolean readByFast() {
            return readByFast;
        }

        @Override
        public void writeFast(FastObjectOutputStream out) throws IOException {
            out.putInt(value);
            out.putBoolean(serverReadByFast);
        }

        @Override
        public void readFast(FastObjectInputStream in) throws IOException {
            value = in.getInt();
            serverReadByFast = in.getBoolean();
            readByFast = true;
        }
    }

    /**
     * Records the class of the stream its class-defined writeObject and
     * readObject receive: RMI's own classes test it (LiveRef), so it must be
     * RMI's marshal stream in both modes.
     */
    public static final class StreamSpy implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private int payload;
        private transient String writtenBy;
        private transient String readBy;

        public StreamSpy(int payload) {
            this.payload = payload;
        }

        public int payload() {
            return payload;
        }

        public String writtenBy() {
            return writtenBy;
        }

        public String readBy() {
            return readBy;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(out.getClass().getName());
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            writtenBy = in.readUTF();
            readBy = in.getClass().getName();
        }
    }

    /** Server sockets on the loopback only. */
    public static class LoopbackServerSocketFactory extends StatelessFactory
            implements RMIServerSocketFactory {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getByName(HOST));
        }
    }

    /**
     * Client sockets that record the first bytes the client writes on each
     * connection (in the JVM that uses the stub), to see the stream header
     * of each call: 0x50 (a JRMP call) followed by the JDK's magic ACED or
     * the fast streams' FA57.
     */
    public static final class RecordingClientSocketFactory extends StatelessFactory
            implements RMIClientSocketFactory, Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private static final int RECORDED_BYTES = 4096;
        private static final List<byte[]> CONNECTIONS = new ArrayList<>();

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            byte[] head = new byte[RECORDED_BYTES];
            int[] length = new int[1];
            synchronized (CONNECTIONS) {
                CONNECTIONS.add(head);
            }
            return new Socket(host, port) {
                @Override
                public OutputStream getOutputStream() throws IOException {
                    return new FilterOutputStream(super.getOutputStream()) {
                        @Override
                        public void write(int b) throws IOException {
                            record(new byte[] {(byte) b}, 0, 1);
                            out.write(b);
                        }

                        @Override
                        public void write(byte[] b, int off, int len) throws IOException {
                            record(b, off, len);
                            out.write(b, off, len);
                        }

                        private void record(byte[] b, int off, int len) {
                            synchronized (CONNECTIONS) {
                                int n = Math.min(len, RECORDED_BYTES - length[0]);
                                System.arraycopy(b, off, head, length[0], n);
                                length[0] += n;
                            }
                        }
                    };
                }
            };
        }

        /** Whether a connection's first bytes contain the sequence. */
        public static boolean sent(byte... sequence) {
            synchronized (CONNECTIONS) {
                for (byte[] head : CONNECTIONS) {
                    for (int i = 0; i + sequence.length <= head.length; i++) {
                        if (Arrays.equals(head, i, i + sequence.length, sequence, 0, sequence.length)) {
                            return true;
                        }
                    }
                }
                return false;
            }
        }

        /** How many connections the factory made in this JVM. */
        public static int connections() {
            synchronized (CONNECTIONS) {
                return CONNECTIONS.size();
            }
        }
    }
}
