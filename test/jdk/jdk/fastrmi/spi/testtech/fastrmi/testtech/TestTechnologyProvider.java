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

package fastrmi.testtech;

import java.io.IOException;

import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.TechnologyProvider;
import jdk.fastrmi.spi.Timeouts;

/**
 * The provider of the "test" technology, preferred to every technology of
 * the image. Its one setting, jdk.fastrmi.test.host, is the address it
 * listens on and advertises (default 127.0.0.1).
 */
public final class TestTechnologyProvider implements TechnologyProvider {

    /** The technology's id. */
    public static final String ID = "test";

    public TestTechnologyProvider() { }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int preference() {
        return FABRIC_PREFERENCE - 100;
    }

    /** {@return the connections this JVM's test technologies opened as a client} */
    public static int connectionsOpened() {
        return TestTechnology.CONNECTIONS.get();
    }

    @Override
    public Technology create(Context context) throws IOException {
        String host = context.property("host");
        // stock's time-outs: the SPI asks every technology to honour them
        return new TestTechnology(host == null || host.isEmpty() ? "127.0.0.1" : host,
                                  context.gcKind(DistributedGC.Kind.LEASE), Timeouts.fromSystemProperties());
    }
}
