/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  Oracle designates this
 * particular file as subject to the "Classpath" exception as provided
 * by Oracle in the LICENSE file that accompanied this code.
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

package jdk.internal.fastrmi;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

import jdk.internal.access.JavaLangAccess;
import jdk.internal.access.SharedSecrets;

/**
 * The generated classes (stub and skeleton) of each set of remote
 * interfaces. As {@link java.lang.reflect.Proxy} caches a proxy class per
 * interface list, but per set: a reference is data from a peer, and a peer
 * that sends the same interfaces in every order gets one class, not one
 * per order (the methods are numbered by signature, so one class serves
 * every order).
 *
 * <p>Nothing here keeps a class alive: an entry holds its interfaces and
 * its stub class weakly, and the generated pair lives in the stub class's
 * class data. When no stub, export or skeleton uses them, the hidden
 * classes are unloaded as any hidden class is, the entry goes, and an
 * application's class loader is never held by the cache.
 */
final class StubClasses {
    private static final JavaLangAccess JLA = SharedSecrets.getJavaLangAccess();

    private final ConcurrentHashMap<Key, Entry> entries = new ConcurrentHashMap<>();
    private final ReferenceQueue<Object> cleared = new ReferenceQueue<>();

    /**
     * {@return the classes of {@code ri}'s interfaces as a set, generated if
     * there are none}
     *
     * @throws IllegalArgumentException as {@link ProxyGenerator#generate}
     */
    ProxyGenerator.Generated get(RemoteInterfaces ri) {
        expunge();
        Class<?>[] interfaces = ri.interfacesShared();
        ProxyGenerator.Generated g = lookup(interfaces);
        if (g != null) {
            return g;
        }
        synchronized (this) {
            g = lookup(interfaces);
            if (g == null) {
                g = ProxyGenerator.generate(ri);
                Key key = new Key(interfaces, cleared);
                entries.put(key, new Entry(g.stubClass(), cleared, key));
            }
            return g;
        }
    }

    private ProxyGenerator.Generated lookup(Class<?>[] interfaces) {
        Entry e = entries.get(new Key(interfaces, null));
        Class<?> stubClass = e == null ? null : e.get();
        return stubClass == null ? null : ProxyGenerator.generatedOf(JLA.classData(stubClass));
    }

    private void expunge() {
        for (Object r; (r = cleared.poll()) != null; ) {
            Key key = r instanceof Entry e ? e.key : ((Key.Member) r).key;
            entries.remove(key);
        }
    }

    /** A stub class, weakly; cleared when the class is unloaded. */
    private static final class Entry extends WeakReference<Class<?>> {
        final Key key;

        Entry(Class<?> stubClass, ReferenceQueue<Object> queue, Key key) {
            super(stubClass, queue);
            this.key = key;
        }
    }

    /*
     * A set of interfaces, held weakly: equal to another key of the same
     * classes in any order. A key whose class is gone equals only itself.
     */
    private static final class Key {
        final Member[] members;
        final int hash;

        Key(Class<?>[] interfaces, ReferenceQueue<Object> queue) {
            members = new Member[interfaces.length];
            int h = 0;
            for (int i = 0; i < interfaces.length; i++) {
                members[i] = new Member(interfaces[i], queue, this);
                h += System.identityHashCode(interfaces[i]);   // a sum: the order does not count
            }
            hash = h;
        }

        @Override
        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (!(o instanceof Key k) || k.hash != hash || k.members.length != members.length) {
                return false;
            }
            // references repeat no interface (RemoteReference refuses it), so equal sizes and inclusion suffice
            for (Member m : members) {
                Class<?> c = m.get();
                if (c == null || !k.contains(c)) {
                    return false;
                }
            }
            return true;
        }

        private boolean contains(Class<?> c) {
            for (Member m : members) {
                if (m.get() == c) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        private static final class Member extends WeakReference<Class<?>> {
            final Key key;

            Member(Class<?> c, ReferenceQueue<Object> queue, Key key) {
                super(c, queue);
                this.key = key;
            }
        }
    }
}
