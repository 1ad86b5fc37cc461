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

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;

/**
 * writeObject and readObject without the default fields at all: custom
 * data only (a count, that many ints, an object). A count out of bounds
 * reads as an InvalidObjectException.
 */
public final class CustomOnly implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final int MAX_VALUES = 1000;
    transient int[] values;
    transient String text;

    public CustomOnly(String text, int... values) {
        this.text = text;
        this.values = values;
    }

    @Serial
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.writeInt(values.length);
        for (int v : values) {
            out.writeInt(v);
        }
        out.writeObject(text);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        int n = in.readInt();
        if (n < 0 || n > MAX_VALUES) {
            throw new InvalidObjectException("bad count " + n);
        }
        values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = in.readInt();
        }
        text = (String) in.readObject();
    }
}
