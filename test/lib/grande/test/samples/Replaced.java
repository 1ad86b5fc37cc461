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

import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;

/**
 * An object that travels as another class: writeReplace writes a
 * Replacement, whose readResolve turns it back into an equal Replaced.
 */
public final class Replaced implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    public final String name;
    public final int size;

    public Replaced(String name, int size) {
        this.name = name;
        this.size = size;
    }

    @Serial
    private Object writeReplace() {
        return new Replacement(name + ":" + size);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Replaced r && r.size == size && Objects.equals(r.name, name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, size);
    }

    @Override
    public String toString() {
        return name + ":" + size;
    }
}
