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


/*
 * @test
 * @summary jdk.fastrmi.spi.Endpoint is a value: equal parts make equal
 *          endpoints with equal hash codes (its equals and hashCode are
 *          written out, not the record's), any other part or class is
 *          unequal; its parts are checked when it is made.
 * @library /lib
 * @build grande.test.*
 * @run main EndpointTest
 */

import java.util.HashSet;
import java.util.Set;

import jdk.fastrmi.spi.Endpoint;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class EndpointTest {

    public static void main(String[] args) throws Exception {
        Endpoint a = new Endpoint("tcp", "127.0.0.1:1099");
        Endpoint same = new Endpoint(new String("tcp"), new String("127.0.0.1:1099"));
        expect(a.equals(same) && same.equals(a), "equal parts: equal endpoints");
        expectEquals(a.hashCode(), same.hashCode(), "equal endpoints' hash codes");
        expect(a.equals(a), "an endpoint equals itself");

        expect(!a.equals(new Endpoint("fabric", "127.0.0.1:1099")), "another technology: unequal");
        expect(!a.equals(new Endpoint("tcp", "127.0.0.1:1098")), "another address: unequal");
        expect(!a.equals(new Endpoint("127.0.0.1:1099", "tcp")), "parts swapped: unequal");
        expect(!a.equals(null), "null: unequal");
        expect(!a.equals("tcp:127.0.0.1:1099"), "its string: unequal");

        Set<Endpoint> set = new HashSet<>();
        for (int port = 1000; port < 1100; port++) {
            set.add(new Endpoint("tcp", "127.0.0.1:" + port));
            set.add(new Endpoint("fabric", "127.0.0.1:" + port));
        }
        expectEquals(200, set.size(), "200 distinct endpoints in a set");
        expect(set.contains(same), "found by an equal endpoint");
        expectEquals("tcp:127.0.0.1:1099", a.toString(), "toString");

        expectThrows(NullPointerException.class, () -> new Endpoint(null, "a"), "null technology");
        expectThrows(NullPointerException.class, () -> new Endpoint("tcp", null), "null address");
        expectThrows(IllegalArgumentException.class, () -> new Endpoint("", "a"), "empty technology");
        expectThrows(IllegalArgumentException.class, () -> new Endpoint("tcp", "x".repeat(1025)),
                     "an address of 1025 characters");
        System.out.println("EndpointTest passed");
    }
}
