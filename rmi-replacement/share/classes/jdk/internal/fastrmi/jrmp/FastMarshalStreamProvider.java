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

package jdk.internal.fastrmi.jrmp;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.util.Objects;

import jdk.fastserial.FastObjectInputStream;
import jdk.fastserial.FastObjectOutputStream;
import sun.rmi.server.MarshalStreamProvider;

/**
 * Stock RMI (JRMP) on fast streams, the "RMI + UKA" configuration of
 * Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI
 * for Java" (section 3.7): java.rmi asks for these streams when the system
 * property {@code jdk.rmi.fastSerialization} is true. It lives here, not in
 * jdk.fastserial, so that the serialization module does not depend on
 * java.rmi: java.rmi knows the provider interface only, and this module,
 * which depends on both, implements it. RMI's marshal stream stays the
 * stream that class-defined methods see (its facade); the fast stream does
 * the work and calls back the facade's class annotation, object replacement
 * and class resolution, so that remote objects travel as their stubs and
 * classes carry their codebase as with the JDK's streams.
 */
public final class FastMarshalStreamProvider implements MarshalStreamProvider {

    /** For ServiceLoader. */
    public FastMarshalStreamProvider() { }

    @Override
    public ObjectOutputStream newOutputStream(OutputStream out, ObjectOutputStream facade,
                                              OutputHooks hooks) throws IOException {
        return new HookedOutputStream(out, facade, Objects.requireNonNull(hooks));
    }

    @Override
    public ObjectInputStream newInputStream(InputStream in, ObjectInputStream facade,
                                            InputHooks hooks) throws IOException {
        return new HookedInputStream(in, facade, Objects.requireNonNull(hooks));
    }

    private static final class HookedOutputStream extends FastObjectOutputStream {
        private final OutputHooks hooks;

        HookedOutputStream(OutputStream out, ObjectOutputStream facade, OutputHooks hooks)
                throws IOException {
            super(out, facade);
            this.hooks = hooks;
            // Every object goes through the facade's replaceObject, as with
            // the JDK's marshal streams (remote objects become stubs).
            enableReplaceObject(true);
        }

        @Override
        protected void annotateClass(Class<?> cl) throws IOException {
            hooks.annotateClass(cl);
        }

        @Override
        protected void annotateProxyClass(Class<?> cl) throws IOException {
            hooks.annotateProxyClass(cl);
        }

        @Override
        protected Object replaceObject(Object obj) throws IOException {
            return hooks.replaceObject(obj);
        }
    }

    private static final class HookedInputStream extends FastObjectInputStream {
        private final InputHooks hooks;

        HookedInputStream(InputStream in, ObjectInputStream facade, InputHooks hooks)
                throws IOException {
            super(in, facade);
            this.hooks = hooks;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc)
                throws IOException, ClassNotFoundException {
            return hooks.resolveClass(desc);
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces)
                throws IOException, ClassNotFoundException {
            return hooks.resolveProxyClass(interfaces);
        }
    }
}
