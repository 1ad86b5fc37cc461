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

package other;

import java.io.Serializable;
import java.util.List;

/**
 * A serializable superclass in another package than its subclasses in the
 * test: the generated marshaler of a subclass cannot use getfield or
 * putfield on its private and protected fields, nor name Opaque.
 */
public class OtherBase implements Serializable {
    private static final long serialVersionUID = 1L;

    private int count;
    private String text;
    protected List<String> items;
    public Object open;
    private final Opaque opaque;
    private long stamp;

    protected OtherBase(int count, String text, List<String> items, Object open, int opaqueValue,
                        long stamp) {
        this.count = count;
        this.text = text;
        this.items = items;
        this.open = open;
        this.opaque = new Opaque(opaqueValue);
        this.stamp = stamp;
    }
}
