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

package fastrmi.app.asked;

import fastrmi.app.api.Greeting;

/*
 * The implementation of Asked. A class of its own in this package because
 * only code here may name Asked (where it is not public) and so make the
 * stub calls of CALLS; what it does is Greeting's.
 */
public final class AskedImpl extends Greeting implements Asked {

    /** Calls through Asked for code outside the package. */
    public static final Calls<Asked> CALLS = new Calls<>(Asked.class, Asked::greet, Asked::twice);

    public AskedImpl() {
        super("asked");
    }
}
