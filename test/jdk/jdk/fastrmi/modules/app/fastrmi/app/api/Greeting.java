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

package fastrmi.app.api;

/*
 * What every remote object of the application does, whatever way its
 * interface is declared: the implementations differ only in the interface
 * they implement and so in where jdk.fastrmi may put their stubs.
 */
public abstract class Greeting {

    private final String name;

    protected Greeting(String name) {
        this.name = name;
    }

    public String greet(String who) {
        return name + " greets " + who;
    }

    public int[] twice(int[] values) {
        int[] r = values.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= 2;
        }
        values[0] = -1;     // a local call passes a copy: the caller does not see this
        return r;
    }
}
