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

package grande.test.samples;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serial;
import java.util.List;

/**
 * An Externalizable sample whose external data holds primitives, a string,
 * an object that may be shared, a reference to itself, raw bytes and a
 * double. It records what reading saw: that the public no-argument
 * constructor ran, and that the reference to itself read back as itself.
 * Bad external data ends in an InvalidObjectException or, for a list of
 * another class, a ClassCastException.
 */
public final class Ext implements Externalizable {
    @Serial
    private static final long serialVersionUID = 1L;
    int a;
    String s;
    public List<Object> refs;
    /** Whether the public no-argument constructor made this instance (as a reader makes it). */
    public transient boolean publicConstructorRan;
    /** Whether readExternal read the reference to this object as this object. */
    public transient boolean sawSelf;

    public Ext() {
        publicConstructorRan = true;
    }

    public Ext(int a, String s, List<Object> refs) {
        this.a = a;
        this.s = s;
        this.refs = refs;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeInt(a);
        out.writeUTF(s);
        out.writeObject(refs);
        out.writeObject(this);
        out.write(new byte[] { 9, 8, 7 });
        out.writeDouble(Double.NaN);
    }

    @SuppressWarnings("unchecked")
    @Override
    public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
        a = in.readInt();
        s = in.readUTF();
        refs = (List<Object>) in.readObject();
        sawSelf = in.readObject() == this;
        byte[] three = new byte[3];
        in.readFully(three);
        if (three[2] != 7 || !Double.isNaN(in.readDouble())) {
            throw new InvalidObjectException("bad external data");
        }
    }
}
