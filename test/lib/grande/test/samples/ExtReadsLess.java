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
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serial;
import java.util.List;

/**
 * Externalizable, and reads less than it wrote: only the int, so that the
 * reader skips the rest of its external data (a string, an object and a
 * long).
 */
public final class ExtReadsLess implements Externalizable {
    @Serial
    private static final long serialVersionUID = 1L;
    public int first;

    public ExtReadsLess() { }

    public ExtReadsLess(int first) {
        this.first = first;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeInt(first);
        out.writeUTF("skipped");
        out.writeObject(List.of("skipped"));
        out.writeLong(99);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        first = in.readInt();
    }
}
