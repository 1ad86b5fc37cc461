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

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.registry.Registry;
import java.rmi.server.ObjID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import sun.rmi.server.UnicastServerRef;
import sun.rmi.transport.LiveRef;

/**
 * A registry that speaks JRMP only (stock RMI, run without jdk.fastrmi) and
 * whose lookup of "slow" answers only when told ("release" on stdin, or after
 * a minute): a JRMP-only endpoint whose reply comes late, as the registry id
 * on the port in args[0]. Every other name is not bound. Prints READY, and
 * BLOCKED/UNBLOCKED around a slow lookup.
 */
public final class SlowJrmpRegistry implements Registry {

    private volatile CountDownLatch release = new CountDownLatch(1);

    @Override
    public Remote lookup(String name) throws NotBoundException {
        if (!name.equals("slow")) {
            throw new NotBoundException(name);
        }
        System.out.println("BLOCKED");
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.out.println("UNBLOCKED");
        throw new NotBoundException(name);
    }

    @Override public void bind(String name, Remote obj) { throw new UnsupportedOperationException(); }
    @Override public void unbind(String name) { throw new UnsupportedOperationException(); }
    @Override public void rebind(String name, Remote obj) { throw new UnsupportedOperationException(); }
    @Override public String[] list() { return new String[] {"slow"}; }

    public static void main(String[] args) throws Exception {
        SlowJrmpRegistry registry = new SlowJrmpRegistry();
        LiveRef ref = new LiveRef(new ObjID(ObjID.REGISTRY_ID), Integer.parseInt(args[0]));
        new UnicastServerRef(ref).exportObject(registry, null, true);
        System.out.println("READY");
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String command;
        while ((command = in.readLine()) != null && !command.equals("stop")) {
            if (command.equals("release")) {
                CountDownLatch released = registry.release;
                registry.release = new CountDownLatch(1);
                released.countDown();
            }
        }
        System.exit(0);
    }
}
