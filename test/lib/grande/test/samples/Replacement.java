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

import java.io.InvalidObjectException;
import java.io.Serial;
import java.io.Serializable;

/**
 * The serial form of a Replaced, "name:size"; readResolve turns it back
 * into the Replaced, and a malformed one into an InvalidObjectException.
 */
public final class Replacement implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    final String encoded;

    Replacement(String encoded) {
        this.encoded = encoded;
    }

    @Serial
    private Object readResolve() throws InvalidObjectException {
        int colon = encoded == null ? -1 : encoded.lastIndexOf(':');
        if (colon < 0) {
            throw new InvalidObjectException("bad replacement " + encoded);
        }
        try {
            return new Replaced(encoded.substring(0, colon), Integer.parseInt(encoded.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw (InvalidObjectException) new InvalidObjectException("bad size").initCause(e);
        }
    }
}
