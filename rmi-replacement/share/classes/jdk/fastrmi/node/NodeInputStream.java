/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.fastrmi.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectStreamClass;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;

import jdk.fastserial.FastObjectInputStream;

/**
 * The receiving stream of a connection. It resolves classes with the loader
 * given to the node, since the JDK's default (the latest user-defined loader
 * on the stack) finds none on a node's own threads, and sets the node's
 * filter, if any, through the filter factory.
 */
final class NodeInputStream extends FastObjectInputStream {

    private final ClassLoader loader;

    NodeInputStream(InputStream in, ClassLoader loader, ObjectInputFilter filter) throws IOException {
        super(in);
        this.loader = loader;
        if (filter != null) {
            setObjectInputFilter(filter);
        }
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        String name = desc.getName();
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            Class<?> primitive = Class.forPrimitiveName(name);
            if (primitive != null) {
                return primitive;
            }
            throw e;
        }
    }

    @Override
    @SuppressWarnings("deprecation")  // Proxy.getProxyClass: the class itself is what is wanted here
    protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
        // As ObjectInputStream does, with the node's loader: a non-public
        // interface decides the proxy's loader
        ClassLoader nonPublicLoader = null;
        boolean hasNonPublic = false;
        Class<?>[] classes = new Class<?>[interfaces.length];
        for (int i = 0; i < interfaces.length; i++) {
            Class<?> c = Class.forName(interfaces[i], false, loader);
            if (!Modifier.isPublic(c.getModifiers())) {
                if (hasNonPublic && nonPublicLoader != c.getClassLoader()) {
                    throw new IllegalAccessError("conflicting non-public interface class loaders");
                }
                nonPublicLoader = c.getClassLoader();
                hasNonPublic = true;
            }
            classes[i] = c;
        }
        try {
            return Proxy.getProxyClass(hasNonPublic ? nonPublicLoader : loader, classes);
        } catch (IllegalArgumentException e) {
            throw new ClassNotFoundException(null, e);
        }
    }
}
