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
 * @summary Shared memory is set up only for a process of the same user on
 *          the same host, and only up to a limit, from a raw tcp socket that
 *          speaks the fabric's set-up ("FFAB", version, provider, token,
 *          then address, id and doorbell):
 *          a process of another user (uid 65534, where the test runs as
 *          root and setpriv exists) is refused with a reason that names no
 *          user and no pid, before any endpoint is opened; the same request
 *          from this user passes that check; with
 *          jdk.fastrmi.fabric.maxSharedMemoryConnections=2 and
 *          jdk.fastrmi.fabric.maxSharedMemoryPeers=1 a JVM's second
 *          connection is accepted and its third refused, another JVM's
 *          first is refused while the first JVM's connections live and
 *          accepted once they are closed; a doorbell that is not one (a descriptor of another
 *          file, a memory file of another name, one whose size is not
 *          sealed, or one of a page, without the second page that holds
 *          the mailbox of frames to its owner) is refused with a reason and
 *          leaves no connection; and
 *          the server still answers a call afterwards.
 *          (Before: any local tcp client got a region per connection, and
 *          the reply told it the server's pid.)
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi.fabric
 * @library /lib
 * @build grande.test.*
 * @run main/othervm/timeout=120 --enable-native-access=ALL-UNNAMED
 *      -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.maxSharedMemoryConnections=2
 *      -Djdk.fastrmi.fabric.maxSharedMemoryPeers=1 FabricSetupTest
 */

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import jdk.internal.fastrmi.fabric.FastFabric;

import static grande.test.Checks.expect;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static grande.test.Checks.expectEquals;

public class FabricSetupTest {

    public interface Answer extends Remote {
        int answer() throws RemoteException;
    }

    static final class AnswerImpl implements Answer {
        @Override
        public int answer() {
            return 42;
        }
    }

    private static final String OTHER_USER = "65534";
    private static final String USER_REFUSAL = "shared memory only between processes of one user on one host";
    private static final String LIMIT_REFUSAL = "shared memory connections at their limit";
    private static final String PEER_LIMIT_REFUSAL = "shared memory peers at their limit";

    public static void main(String[] args) throws Exception {
        int port = ChildJvm.freePort();
        AnswerImpl impl = new AnswerImpl();
        Answer stub = (Answer) UnicastRemoteObject.exportObject(impl, port);
        FastFabric ff = FastFabric.get();
        MemorySegment ep = ff.open("shm", 0);
        byte[] address = ff.address(ep);
        try {
            // another user: refused by the kernel's word on the peer socket's owner
            if (otherUserPossible()) {
                Reply r = fromOtherUser(port, setup("shm", address));
                expectEquals(1, r.status, "a process of another user is refused shared memory");
                expectEquals(USER_REFUSAL, r.text, "the reason");
                String pid = Long.toString(ProcessHandle.current().pid());
                expect(!r.text.contains(pid) && !r.text.contains("uid"), "it names no pid and no user");
            } else {
                System.out.println("no other user here (not root, or no setpriv): that case is not tried");
            }

            // this user: past the user check, told the server's token (16 random bytes, no pid)
            try (Socket s = connect(port)) {
                Reply r = exchange(s, setup("shm", address));
                expectEquals(0, r.status, "this user passes the user check: " + r.text);
                expectEquals(32, r.text.length(), "the answer is a token of 16 bytes: " + r.text);
                String pid = Long.toHexString(ProcessHandle.current().pid());
                expect(!r.text.contains(pid), "the token is not the pid");
                // no address: refused with the reason, before an endpoint opens for it
                Reply bad = exchange(s, identify(new byte[0], 7));
                expectEquals(1, bad.status, "an empty address is refused: " + bad.text);
                expectEquals("bad address length 0", bad.text, "the reason");
            }

            // the limits of 2 connections and 1 peer hold while the first connections live
            try (Socket first = setUpWhenFree(port, address, TOKEN);
                 Socket second = setUpWhenFree(port, address, TOKEN)) {
                try (Socket third = connect(port)) {
                    Reply r = exchange(third, setup("shm", address, TOKEN));
                    expectEquals(1, r.status, "a third connection beyond the limit is refused");
                    expect(r.text.startsWith(LIMIT_REFUSAL), "the reason names the limit: " + r.text);
                }
                second.close();
                for (int i = 0; i < 50; i++) {      // refused either way until the server sees the close
                    try (Socket other = connect(port)) {
                        Reply r = exchange(other, setup("shm", address, OTHER_TOKEN));
                        expectEquals(1, r.status, "another JVM beyond the peer limit is refused");
                        if (r.text.startsWith(PEER_LIMIT_REFUSAL)) {
                            break;
                        }
                        expect(r.text.startsWith(LIMIT_REFUSAL), "refused only for a limit: " + r.text);
                    }
                    expect(i < 49, "the peer limit is named within 5 s");
                    Thread.sleep(100);
                }
            }
            // once the first JVM's are closed, another JVM is served
            setUpWhenFree(port, address, OTHER_TOKEN).close();

            // doorbells that are not: refused, and the one connection allowed is free again after each
            String[] forged = {"a descriptor of another file", "a memory file of another name",
                               "a doorbell whose size may change", "a doorbell without a mailbox"};
            int[] forgedFds = {0, memoryFile("fastrmi-bulk", true, DOORBELL_BYTES),
                               memoryFile(DOORBELL, false, DOORBELL_BYTES), memoryFile(DOORBELL, true, 4096)};
            String[] reasons = {"the peer named no shared region but ", "the peer named no shared region but ",
                                "the peer's shared region may shrink",
                                "the peer's shared region has 4096 bytes, not " + DOORBELL_BYTES};
            for (int i = 0; i < forged.length; i++) {
                Reply r = refusedDoorbell(port, address, forgedFds[i]);
                expectEquals(1, r.status, forged[i] + " is refused");
                expect(r.text.startsWith(reasons[i]), forged[i] + ": the reason " + r.text);
            }
            setUpWhenFree(port, address).close();

            expectEquals(42, stub.answer(), "the server answers a call");
        } finally {
            ff.close(ep);
            UnicastRemoteObject.unexportObject(impl, true);
        }
    }

    record Reply(int status, String text) { }

    /* A token of this test's own: the server finds (or opens) its link to "this JVM" by it. */
    private static final byte[] TOKEN = "FabricSetupTest!".getBytes(StandardCharsets.US_ASCII);
    /* The token of a second JVM, for the limit of peers. */
    private static final byte[] OTHER_TOKEN = "FabricSetupPeer2".getBytes(StandardCharsets.US_ASCII);

    /* FFAB, version 4, the provider (u1 n, ASCII), the token (16 bytes). */
    private static byte[] setup(String provider, byte[] address) {
        return setup(provider, address, TOKEN);
    }

    private static byte[] setup(String provider, byte[] address, byte[] token) {
        var b = new ByteArrayOutputStream();
        b.writeBytes("FFAB".getBytes(StandardCharsets.US_ASCII));
        b.write(4);
        b.write(provider.length());
        b.writeBytes(provider.getBytes(StandardCharsets.US_ASCII));
        b.writeBytes(token);
        return b.toByteArray();
    }

    /*
     * After the token: the address (u2 n little-endian, bytes), the
     * connection's id (u4 little-endian) and, for shm, the doorbell: this
     * process's pid (u8) and the descriptor (u4).
     */
    private static byte[] identify(byte[] address, int id) {
        return identify(address, id, DOORBELL_FD);
    }

    private static byte[] identify(byte[] address, int id, int doorbellFd) {
        var b = new ByteArrayOutputStream();
        b.write(address.length & 0xFF);
        b.write(address.length >>> 8);
        b.writeBytes(address);
        for (int i = 0; i < 4; i++) {
            b.write(id >>> 8 * i);
        }
        long pid = ProcessHandle.current().pid();
        for (int i = 0; i < 8; i++) {
            b.write((int) (pid >>> 8 * i));
        }
        for (int i = 0; i < 4; i++) {
            b.write(doorbellFd >>> 8 * i);
        }
        return b.toByteArray();
    }

    /* The kind of memory file a fabric doorbell is (jdk.internal.fastrmi.fabric.Doorbell.NAME). */
    private static final String DOORBELL = "fastrmi-doorbell";
    /* Its size: a page for the futex word, a page for the mailbox of frames to its owner. */
    private static final long DOORBELL_BYTES = 8192;
    /* A doorbell of this test's: the server maps it, and may ring it. */
    private static final int DOORBELL_FD = memoryFile(DOORBELL, true, DOORBELL_BYTES);

    /* A memory file of size bytes, named name, its size sealed or not; its descriptor. */
    private static int memoryFile(String name, boolean sealed, long size) {
        Linker linker = Linker.nativeLinker();
        MethodHandle memfdCreate = linker.downcallHandle(linker.defaultLookup().find("memfd_create").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        MethodHandle ftruncate = linker.downcallHandle(linker.defaultLookup().find("ftruncate").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
        MethodHandle fcntl = linker.downcallHandle(linker.defaultLookup().find("fcntl").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
        try (Arena arena = Arena.ofConfined()) {
            int fd = (int) memfdCreate.invokeExact(arena.allocateFrom(name), 2 /* MFD_ALLOW_SEALING */);
            expect(fd >= 0, "memfd_create");
            expectEquals(0, (int) ftruncate.invokeExact(fd, size), "ftruncate");
            if (sealed) {
                // F_ADD_SEALS: F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW
                expectEquals(0, (int) fcntl.invokeExact(fd, 1033, 1 | 2 | 4), "sealing");
            }
            return fd;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /* The answer to a set-up whose doorbell is fd, once the one connection allowed is free. */
    private static Reply refusedDoorbell(int port, byte[] address, int fd) throws Exception {
        for (int i = 0; i < 50; i++) {
            try (Socket s = connect(port)) {
                Reply r = exchange(s, setup("shm", address));
                if (r.status == 0) {
                    return exchange(s, identify(address, 1, fd));
                }
                expect(r.text.startsWith(LIMIT_REFUSAL) || r.text.startsWith(PEER_LIMIT_REFUSAL),
                       "refused only for a limit: " + r.text);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the connection allowed was not free within 5 s");
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(ChildJvm.HOST, port), 5000);
        s.setSoTimeout(10_000);
        return s;
    }

    private static Reply exchange(Socket s, byte[] request) throws IOException {
        s.getOutputStream().write(request);
        s.getOutputStream().flush();
        // an accepted set-up leaves the connection open for the handshake: read what was sent
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] head = in.readNBytes(3);
        int n = head.length < 3 ? 0 : (head[1] & 0xFF) | (head[2] & 0xFF) << 8;
        var all = new ByteArrayOutputStream();
        all.writeBytes(head);
        all.writeBytes(in.readNBytes(n));
        return parse(all.toByteArray());
    }

    /*
     * A shared-memory connection set up, once the server has noticed that
     * the ones closed before are gone (up to 5 s); left open.
     */
    private static Socket setUpWhenFree(int port, byte[] address) throws Exception {
        return setUpWhenFree(port, address, TOKEN);
    }

    /* The id of the next connection set up: one link's connections have ids of their own. */
    private static int nextId = 1;

    private static Socket setUpWhenFree(int port, byte[] address, byte[] token) throws Exception {
        Reply r = null;
        for (int i = 0; i < 50; i++) {
            Socket s = connect(port);
            r = exchange(s, setup("shm", address, token));
            if (r.status == 0) {
                r = exchange(s, identify(address, nextId++));
                expectEquals(0, r.status, "the address is taken: " + r.text);
                return s;
            }
            s.close();
            expect(r.text.startsWith(LIMIT_REFUSAL) || r.text.startsWith(PEER_LIMIT_REFUSAL),
                   "refused only for a limit: " + r.text);
            Thread.sleep(100);
        }
        throw new AssertionError("no shared-memory connection within 5 s: " + r.text);
    }

    /* The status (u1) and the body (u2 n little-endian): a reason as text, or a token or address in hex. */
    private static Reply parse(byte[] reply) {
        expect(reply.length >= 3, "a reply: " + HexFormat.of().formatHex(reply));
        int status = reply[0] & 0xFF;
        int n = (reply[1] & 0xFF) | (reply[2] & 0xFF) << 8;
        expect(reply.length >= 3 + n, "the whole reply: " + reply.length + " bytes for " + n);
        String text = status == 0 ? HexFormat.of().formatHex(reply, 3, 3 + n)
                                  : new String(reply, 3, n, StandardCharsets.UTF_8);
        return new Reply(status, text);
    }

    private static boolean otherUserPossible() {
        return "root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv"));
    }

    /* The request sent by bash's /dev/tcp in a process of uid 65534; the reply's bytes. */
    private static Reply fromOtherUser(int port, byte[] request) throws Exception {
        StringBuilder printf = new StringBuilder();
        for (byte b : request) {
            printf.append(String.format("\\x%02x", b & 0xFF));
        }
        String script = "exec 3<>/dev/tcp/" + ChildJvm.HOST + "/" + port + " && printf '" + printf
                        + "' >&3 && timeout 10 cat <&3 | od -An -v -tx1";
        Process p = new ProcessBuilder("/usr/bin/setpriv", "--reuid=" + OTHER_USER, "--regid=" + OTHER_USER,
                                       "--clear-groups", "/bin/bash", "-c", script)
            .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        expect(p.waitFor(30, TimeUnit.SECONDS), "the other user's client ended");
        System.out.println("other user's client: " + out.trim());
        return parse(HexFormat.of().parseHex(out.replaceAll("\\s+", "")));
    }
}
