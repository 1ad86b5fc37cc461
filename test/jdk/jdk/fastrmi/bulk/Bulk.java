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

import java.io.IOException;
import java.lang.reflect.Array;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntSupplier;

import grande.test.Checks;
import grande.test.ChildJvm;
import jdk.fastrmi.FastRMI;
import jdk.internal.fastrmi.fabric.FastFabric;
import jtreg.SkippedException;

import static grande.test.Checks.expect;

/**
 * What the bulk tests share in the test JVM: the technology under test,
 * the rendezvous threshold, arrays made from a seed and their comparison.
 * (Not loaded by BulkServer, which has no access to jdk.fastrmi's
 * internals.)
 */
final class Bulk {

    /** The fabric's setting: over shm, longer frames go through the connection's shared region. */
    static final String RENDEZVOUS_PROPERTY = "jdk.fastrmi.fabric.rendezvousBytes";

    /** Its default. */
    static final int DEFAULT_RENDEZVOUS = 4096;

    /** 16 MiB: the size of each large argument. */
    static final int LARGE = 16 << 20;

    /** The rows of the double[][] and List<double[]> arguments: 512 of them make LARGE. */
    static final int ROW = 4096;

    /**
     * The server's VM options: a 16 MiB echo holds the argument, the result
     * and the frames carrying them at once on each end.
     */
    static final List<String> SERVER_OPTIONS = List.of("-Xmx1g");

    private Bulk() { }

    /**
     * The threshold both JVMs run with (the @run line's property, which
     * ChildJvm passes on to the server, or the default).
     */
    static int rendezvousBytes() {
        return Integer.getInteger(RENDEZVOUS_PROPERTY, DEFAULT_RENDEZVOUS);
    }

    /**
     * The technology the @run line asks for (test.fastrmi.technology). A
     * fabric technology that this machine cannot give (no libfastfabric or
     * libfabric, or libfabric without the provider, asked here directly, as
     * the runtime asks) skips the test; where it can, the test must get it:
     * a stub that goes over tcp instead fails FastRMI.technology's check.
     */
    static String technology() {
        String expected = System.getProperty(ChildJvm.TECHNOLOGY);
        expect(expected != null, "the @run line sets " + ChildJvm.TECHNOLOGY);
        if (expected.startsWith("fabric:")) {
            String provider = expected.substring("fabric:".length());
            if (provider.startsWith("tcp;")) {
                // libfabric's tcp on loopback; the children inherit this JVM's environment
                Checks.requiredEnv("FI_TCP_IFACE");
            }
            FastFabric ff;
            try {
                ff = FastFabric.get();
            } catch (IOException e) {
                throw new SkippedException("no fabric here: " + e.getMessage(), e);
            }
            if (!ff.providerAvailable(provider)) {
                throw new SkippedException("libfabric " + ff.libfabricVersion() + " offers no " + provider);
            }
        }
        System.out.println("technology " + expected + ", " + RENDEZVOUS_PROPERTY + " " + rendezvousBytes());
        return expected;
    }

    /** What a test does with the service of a BulkServer. */
    interface ServiceBody {
        void run(BulkService service) throws Exception;
    }

    /**
     * Starts a BulkServer, runs body with its service, checked first to go
     * over the technology the @run line asks for, and stops the server.
     */
    static void withServer(ServiceBody body) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("BulkServer", SERVER_OPTIONS)) {
            BulkService service = server.lookup("bulk");
            ChildJvm.expectTechnology(service);
            body.run(service);
            server.stop(60);
        }
    }

    /** An AssertionError unless the stub's calls go over the expected technology (checked after calls too). */
    static void expectTechnology(String expected, Remote stub, String when) {
        ChildJvm.expectTechnology(expected, stub, "FastRMI.technology of the stub " + when);
    }

    static byte[] bytes(int length, long seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    static int[] ints(int length, long seed) {
        return new Random(seed).ints(length).toArray();
    }

    /**
     * Random doubles of every magnitude, and at the start the values whose
     * bits a careless copy changes (NaN, -0.0) or that are easy to lose.
     */
    static double[] doubles(int length, long seed) {
        Random random = new Random(seed);
        double[] d = new double[length];
        for (int i = 0; i < length; i++) {
            d[i] = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
        }
        double[] edges = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                          Double.MIN_VALUE, Double.MAX_VALUE};
        System.arraycopy(edges, 0, d, 0, Math.min(edges.length, length));
        return d;
    }

    static double[][] matrix(int rows, long seed) {
        double[][] m = new double[rows][];
        for (int i = 0; i < rows; i++) {
            m[i] = doubles(ROW, seed * 100_000 + i);
        }
        return m;
    }

    /** An ArrayList of rows double[ROW]. */
    static List<double[]> list(int rows, long seed) {
        return new ArrayList<>(Arrays.asList(matrix(rows, seed)));
    }

    /** Where back differs from sent: for the message of a failed round trip. */
    static String describe(int sentLength, int backLength, int mismatch) {
        if (backLength != sentLength) {
            return "an array of " + backLength + " elements instead of " + sentLength;
        }
        return "an array of the same length that differs first at element " + mismatch;
    }

    static void expectEcho(byte[] sent, byte[] back, String what) {
        expectEcho(sent.length, back, () -> Arrays.mismatch(sent, back), what);
    }

    static void expectEcho(int[] sent, int[] back, String what) {
        expectEcho(sent.length, back, () -> Arrays.mismatch(sent, back), what);
    }

    /** Element by element as Arrays.equals(double[], double[]) compares: the bits, NaN equal to NaN. */
    static void expectEcho(double[] sent, double[] back, String what) {
        expectEcho(sent.length, back, () -> Arrays.mismatch(sent, back), what);
    }

    /**
     * The check of the primitive arrays' round trips: back (an array) is not
     * null, and mismatch, Arrays.mismatch of sent and back, finds no
     * difference (-1: exactly when Arrays.equals holds).
     */
    private static void expectEcho(int sentLength, Object back, IntSupplier mismatch, String what) {
        if (back == null) {
            throw new AssertionError(what + " came back as null");
        }
        int at = mismatch.getAsInt();
        if (at != -1) {
            throw new AssertionError(what + " came back as "
                                     + describe(sentLength, Array.getLength(back), at));
        }
    }

    static void expectEcho(double[][] sent, double[][] back, String what) {
        if (back == null || back.length != sent.length) {
            throw new AssertionError(what + " came back with " + (back == null ? "null" : back.length + " rows"));
        }
        for (int i = 0; i < sent.length; i++) {
            expectEcho(sent[i], back[i], what + ", row " + i);
        }
        expect(Arrays.deepEquals(sent, back), what + " deeply equal after its round trip");
    }

    static void expectEcho(List<double[]> sent, List<double[]> back, String what) {
        if (back == null || back.size() != sent.size()) {
            throw new AssertionError(what + " came back with " + (back == null ? "null" : back.size() + " rows"));
        }
        for (int i = 0; i < sent.size(); i++) {
            expectEcho(sent.get(i), back.get(i), what + ", element " + i);
        }
        expect(Arrays.deepEquals(sent.toArray(), back.toArray()), what + " deeply equal after its round trip");
    }
}
