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

package jdk.fastrmi.spi;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;

import jdk.internal.access.SharedSecrets;

/**
 * One incoming call, server side, as a generated skeleton sees it: read
 * the arguments from {@link #arguments()}, say {@link #invoking()}, call
 * the implementation, write the result to {@link #openResult()}. An
 * exception before {@code invoking()} is a failure to unmarshal the
 * arguments; after it, the implementation's own exception, which the
 * client receives as it is.
 *
 * @since 25
 */
public abstract class ServerCall {

    /** For the runtime's implementation only. */
    protected ServerCall() { }

    /** @return the stream holding the arguments */
    public abstract ObjectInput arguments();

    /**
     * Marks the arguments as read and the implementation as running.
     *
     * @throws IOException if the call holds more than its arguments
     */
    public abstract void invoking() throws IOException;

    /**
     * Opens the reply to a normal return.
     *
     * @return the stream to write the result to
     * @throws IOException if the reply cannot be started
     */
    public abstract ObjectOutput openResult() throws IOException;

    /**
     * Reads a {@code String} argument or result as stock RMI reads one
     * ({@code UnicastServerRef.unmarshalValue}): a string, a null or a back
     * reference to a string, and nothing else, so a peer cannot have an
     * object of another class deserialized in its place (the registry's
     * names, for one). Another item ends in a {@code ClassCastException}
     * before anything of it is read. Generated skeletons and stubs call it.
     *
     * @param in the stream
     * @return the string
     * @throws IOException if the stream fails
     * @throws ClassNotFoundException never from an ObjectInputStream; from
     *         another ObjectInput, as its readObject
     */
    public static String readString(ObjectInput in) throws IOException, ClassNotFoundException {
        if (in instanceof ObjectInputStream ois) {
            // the JDK's, which a jdk.fastserial stream implements through its subclass hook
            return SharedSecrets.getJavaObjectInputStreamReadString().readString(ois);
        }
        return (String) in.readObject();
    }
}
