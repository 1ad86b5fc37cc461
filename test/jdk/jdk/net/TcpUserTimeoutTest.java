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
 * @summary jdk.net.ExtendedSocketOptions.TCP_USER_TIMEOUT (patch
 *          0014-jdk-net-tcp-user-timeout) on Linux: supported by socket
 *          channels and sockets, 0 by default, a value set is read back
 *          (getsockopt) on both, 0 restores the default, a negative value is
 *          refused with IllegalArgumentException and changes nothing, and a
 *          closed socket refuses it with an exception (the JDK's contract
 *          for every option: ClosedChannelException, SocketException).
 * @requires os.family == "linux"
 * @library /lib
 * @build grande.test.*
 * @run main TcpUserTimeoutTest
 */

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;
import static jdk.net.ExtendedSocketOptions.TCP_USER_TIMEOUT;

public class TcpUserTimeoutTest {

    public static void main(String[] args) throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket listener = new ServerSocket(0, 4, loopback)) {
            InetSocketAddress address = new InetSocketAddress(loopback, listener.getLocalPort());

            SocketChannel ch = SocketChannel.open(address);
            try (Socket accepted = listener.accept()) {
                expect(ch.supportedOptions().contains(TCP_USER_TIMEOUT), "a socket channel supports it");
                expectEquals(0, ch.getOption(TCP_USER_TIMEOUT), "the system's default");
                ch.setOption(TCP_USER_TIMEOUT, 7_000);
                expectEquals(7_000, ch.getOption(TCP_USER_TIMEOUT), "the value set, read back");
                expectThrows(IllegalArgumentException.class, () -> ch.setOption(TCP_USER_TIMEOUT, -1),
                             "a negative time-out");
                expectEquals(7_000, ch.getOption(TCP_USER_TIMEOUT), "unchanged by the refused value");
                ch.setOption(TCP_USER_TIMEOUT, 0);
                expectEquals(0, ch.getOption(TCP_USER_TIMEOUT), "0: the default again");

                expect(accepted.supportedOptions().contains(TCP_USER_TIMEOUT), "a socket supports it");
                accepted.setOption(TCP_USER_TIMEOUT, Integer.MAX_VALUE);
                expectEquals(Integer.MAX_VALUE, accepted.getOption(TCP_USER_TIMEOUT), "the largest value");
                echo(ch, accepted);
            } finally {
                ch.close();
            }
            expectThrows(ClosedChannelException.class, () -> ch.setOption(TCP_USER_TIMEOUT, 1_000),
                         "a closed channel");
            Socket closed = new Socket(loopback, listener.getLocalPort());
            closed.close();
            expectThrows(SocketException.class, () -> closed.getOption(TCP_USER_TIMEOUT), "a closed socket");
        }
    }

    /* The connection still carries data both ways with the option set. */
    private static void echo(SocketChannel ch, Socket peer) throws IOException {
        ch.socket().getOutputStream().write(42);
        int got = peer.getInputStream().read();
        expectEquals(42, got, "a byte over the connection");
    }
}
