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

/*
 * @test id=C2
 * @summary A new object's first identity hash, installed by C2's leaf call
 *          (or by the native where the header is locked, inflated or
 *          raced), is the one every later System.identityHashCode and
 *          Object.hashCode sees: in compiled code and the interpreter,
 *          after locking, inflation and GC, from threads that race to hash
 *          the same objects; new hashes are spread as before; under
 *          G1, Serial, Parallel, ZGC and Shenandoah.
 * @run main/othervm -XX:-TieredCompilation -Xbatch TestIdentityHashLeaf
 * @run main/othervm -XX:-TieredCompilation -Xbatch -XX:+UseSerialGC TestIdentityHashLeaf
 * @run main/othervm -XX:-TieredCompilation -Xbatch -XX:+UseParallelGC TestIdentityHashLeaf
 * @run main/othervm -XX:-TieredCompilation -Xbatch -XX:+UseZGC TestIdentityHashLeaf
 * @run main/othervm -XX:-TieredCompilation -Xbatch -XX:+UseShenandoahGC TestIdentityHashLeaf
 */

/*
 * @test id=modes
 * @summary The same with compact object headers, the object monitor table,
 *          -Xcomp, C1 and the interpreter.
 * @run main/othervm -XX:+UseCompactObjectHeaders -XX:-TieredCompilation -Xbatch TestIdentityHashLeaf
 * @run main/othervm -XX:+UnlockDiagnosticVMOptions -XX:+UseObjectMonitorTable -XX:-TieredCompilation -Xbatch TestIdentityHashLeaf
 * @run main/othervm -Xcomp -XX:-TieredCompilation TestIdentityHashLeaf
 * @run main/othervm -XX:TieredStopAtLevel=1 TestIdentityHashLeaf
 * @run main/othervm -Xint TestIdentityHashLeaf
 */

/*
 * @test id=constant
 * @summary With the VM's constant hash (-XX:hashCode=2, for sensitivity
 *          testing) every new object's hash is 1 in compiled code too: the
 *          leaf makes hashes the way the VM's setting says.
 * @run main/othervm -XX:+UnlockExperimentalVMOptions -XX:hashCode=2 -XX:-TieredCompilation -Xbatch TestIdentityHashLeaf constant
 */

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReferenceArray;

public class TestIdentityHashLeaf {

    static final int OBJECTS = 4096;
    static final int ROUNDS = 40;

    static final class Box {
        int value;
        Box(int value) { this.value = value; }
    }

    // The hash of a new object, taken where it is new (the leaf's case).
    static int hashNew(Object[] keep, int i) {
        Box b = new Box(i);
        keep[i] = b;
        return System.identityHashCode(b);
    }

    // Object.hashCode bound to Object's (invokespecial), the other intrinsic form.
    static final class Plain {
        int superHash() { return super.hashCode(); }
    }

    static int hashLocked(Object o) {
        synchronized (o) {
            return System.identityHashCode(o);
        }
    }

    static int hashInflated(Object o) throws InterruptedException {
        synchronized (o) {
            o.wait(1);      // inflates the monitor
            return System.identityHashCode(o);
        }
    }

    static int hashTwice(Object o) {
        int first = System.identityHashCode(o);
        int second = System.identityHashCode(o);
        check(first == second, "two hashes in a row differ: " + first + " " + second);
        return first;
    }

    public static void main(String[] args) throws Exception {
        boolean constant = args.length > 0 && args[0].equals("constant");
        Object[] keep = new Object[OBJECTS];
        int[] hashes = new int[OBJECTS];
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < OBJECTS; i++) {
                hashes[i] = hashNew(keep, i);
            }
            if (round % 8 == 0) {
                System.gc();        // hashes survive moves
            }
            Set<Integer> distinct = new HashSet<>();
            for (int i = 0; i < OBJECTS; i++) {
                Object o = keep[i];
                int h = hashes[i];
                check(h != 0 && h >= 0, "hash out of range: " + h);
                check(System.identityHashCode(o) == h, "identityHashCode changed");
                check(o.hashCode() == h, "Object.hashCode differs from identityHashCode");
                check(hashLocked(o) == h, "hash under a lock differs");
                distinct.add(h);
            }
            if (constant) {
                check(distinct.size() == 1 && distinct.contains(1),
                      "-XX:hashCode=2 gave " + distinct.size() + " hashes");
            } else {
                // 4096 draws from 2^31 values: a collision or two at most.
                check(distinct.size() > OBJECTS - 8, "only " + distinct.size() + " distinct hashes");
            }
        }

        // Locked or inflated before the first hash: the native's path.
        for (int i = 0; i < 2000; i++) {
            Box locked = new Box(i);
            int h = hashLocked(locked);
            check(hashTwice(locked) == h, "hash taken under a lock changed after it");
            Box inflated = new Box(i);
            int g = (i % 100 == 0) ? hashInflated(inflated) : hashTwice(inflated);
            check(System.identityHashCode(inflated) == g, "hash of an inflated object changed");
            Plain p = new Plain();
            int s = p.superHash();
            check(System.identityHashCode(p) == s, "super.hashCode differs from identityHashCode");
        }

        // Arrays and strings new to the hash.
        for (int i = 0; i < 2000; i++) {
            int[] a = new int[i % 7];
            String str = new String(new char[] {(char) ('a' + i % 26)});
            int ha = System.identityHashCode(a);
            int hs = System.identityHashCode(str);
            check(ha == a.hashCode() && hs == System.identityHashCode(str), "array or string hash changed");
        }

        raceOnSameObjects(constant);
        System.out.println("PASSED");
    }

    // Threads hash the same new objects at once: one CAS wins, and every
    // thread must see the winner's hash.
    static void raceOnSameObjects(boolean constant) throws Exception {
        int threads = 4;
        int perRound = 512;
        for (int round = 0; round < 60; round++) {
            Object[] shared = new Object[perRound];
            for (int i = 0; i < perRound; i++) {
                shared[i] = new Box(i);
            }
            AtomicReferenceArray<int[]> seen = new AtomicReferenceArray<>(threads);
            CyclicBarrier start = new CyclicBarrier(threads);
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                final int id = t;
                ts[t] = new Thread(() -> {
                    int[] mine = new int[perRound];
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                    for (int k = 0; k < perRound; k++) {
                        int i = (id & 1) == 0 ? k : perRound - 1 - k;
                        mine[i] = System.identityHashCode(shared[i]);
                    }
                    seen.set(id, mine);
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            for (int i = 0; i < perRound; i++) {
                int h = System.identityHashCode(shared[i]);
                for (int t = 0; t < threads; t++) {
                    check(seen.get(t)[i] == h, "thread " + t + " saw hash " + seen.get(t)[i] + ", the object has " + h);
                }
                check(!constant || h == 1, "constant mode gave " + h);
            }
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new RuntimeException(what);
        }
    }
}
