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
 * @test id=default
 * @summary TCP nodes (jdk.fastrmi.node, JToe) on the loopback, IPv4 and
 *          IPv6 (skipped where ::1 cannot be bound): copies arrive in order
 *          per connection, as deep copies with cycles and sharing; listener
 *          exceptions are reported and the connection goes on; a graph that
 *          cannot be serialized is refused without harm to the node; a server
 *          closed mid-stream makes copy() throw IOException; a truncated or
 *          corrupt stream and a class the filter rejects drop that connection
 *          only, reported with the JDK's exception types, and the rejected
 *          sender's next copy() names the reason; close() ends every thread.
 * @modules jdk.fastrmi jdk.fastserial
 * @library /lib
 * @build grande.test.* NodeTestSupport
 * @run main/othervm TcpNodeTest
 */

/*
 * @test id=jvm-wide-filter
 * @summary Without a filter of its own, a server's streams have the JVM-wide
 *          filter (jdk.serialFilter), which rejects a class.
 * @modules jdk.fastrmi jdk.fastserial
 * @library /lib
 * @build grande.test.* NodeTestSupport
 * @run main/othervm -Djdk.serialFilter=!NodeTestSupport$Forbidden TcpNodeTest jvm-wide-filter
 */

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import jdk.fastserial.FastObjectOutputStream;
import jdk.fastrmi.node.CopyListener;
import jdk.fastrmi.node.DeliveryOptions;
import jdk.fastrmi.node.Node;
import jdk.fastrmi.node.NodeServer;
import jdk.fastrmi.node.Nodes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class TcpNodeTest {

    public static void main(String[] args) throws Exception {
        List<InetAddress> loopbacks = new ArrayList<>();
        loopbacks.add(InetAddress.getByName("127.0.0.1"));
        InetAddress v6 = InetAddress.getByName("::1");
        try (ServerSocket probe = new ServerSocket(0, 1, v6)) {
            expect(probe.isBound(), "::1 bound");
            loopbacks.add(v6);
        } catch (IOException e) {
            System.out.println("skipped: IPv6 loopback ::1 cannot be bound here: " + e);
        }
        for (InetAddress address : loopbacks) {
            System.out.println("---- " + address);
            InetSocketAddress bind = new InetSocketAddress(address, 0);
            if (args.length > 0 && args[0].equals("jvm-wide-filter")) {
                expect(ObjectInputFilter.Config.getSerialFilter() != null, "a JVM-wide filter is set");
                filterRejects(bind, DeliveryOptions.defaults());
            } else {
                inOrderOnTwoConnections(bind);
                typesTravelOnce(bind);
                deepCopies(bind);
                listenerThrows(bind);
                serverClosesMidStream(bind);
                truncatedStream(bind);
                corruptStream(bind);
                ObjectInputFilter filter = ObjectInputFilter.Config.createFilter("!NodeTestSupport$Forbidden");
                filterRejects(bind, DeliveryOptions.defaults().withFilter(filter));
                closeAndRefuse(bind);
            }
        }
        NodeTestSupport.expectThreadsGone("*");
        System.out.println("PASSED");
    }

    /** The word that names the server's address in its threads' names. */
    static String word(NodeServer server) {
        return server.localAddress().toString();
    }

    /** Waits until the server's threads (accept, readers) have ended. */
    static void awaitServerThreadsGone(String word) throws InterruptedException {
        NodeTestSupport.await(word, w -> NodeTestSupport.nodeThreads(w).isEmpty(),
                              "the threads of the server at " + word + " ended");
    }

    /*
     * A raw connection to a node server that has said the tcp technology's
     * handshake (integers little-endian: "FRMI", version 1, serialization 0
     * (fast), u4 length and bytes of the stream header, here none) and read
     * the server's answer; what follows are frames (u4 length, bytes).
     */
    static Socket handshaken(InetSocketAddress server) throws IOException {
        Socket raw = new Socket(server.getAddress(), server.getPort());
        raw.setSoTimeout((int) NodeTestSupport.PATIENCE.toMillis());
        raw.getOutputStream().write(new byte[] {'F', 'R', 'M', 'I', 1, 0, 0, 0, 0, 0});
        byte[] answer = raw.getInputStream().readNBytes(10);
        expect(Arrays.equals(new byte[] {'F', 'R', 'M', 'I', 1, 0, 0, 0, 0, 0}, answer),
               "the server accepts the handshake: " + Arrays.toString(answer));
        return raw;
    }

    /* Writes one frame on a raw connection. */
    static void writeFrame(Socket raw, byte[] bytes, int length) throws IOException {
        OutputStream out = raw.getOutputStream();
        out.write(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24)});
        out.write(bytes, 0, length);
        out.flush();
    }

    /** Waits until the server has no reader thread left (its connections ended). */
    static void awaitNoReaders(NodeServer server) throws InterruptedException {
        NodeTestSupport.await(server, s -> NodeTestSupport.nodeThreads(word(s)).stream()
                                               .noneMatch(n -> n.contains(" reader ")),
                              "connections to " + word(server) + " ended");
    }

    static void inOrderOnTwoConnections(InetSocketAddress bind) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        int perNode = 10_000;
        try (NodeServer server = Nodes.listen(bind, recorder,
                                              DeliveryOptions.defaults().withFailureHandler(failures))) {
            expectEquals(bind.getAddress(), server.localAddress().getAddress(), "bound address");
            expect(server.localAddress().getPort() != 0, "a port was chosen: " + server.localAddress());
            Node first = Nodes.connect(server.localAddress());
            Node second = Nodes.connect(server.localAddress());
            Map<String, Node> senders = new LinkedHashMap<>();
            senders.put("first", first);
            senders.put("second", second);
            NodeTestSupport.sendNumbered(senders, perNode);
            List<Serializable> all = recorder.take(2 * perNode);
            NodeTestSupport.expectInOrder(all, "first", perNode);
            NodeTestSupport.expectInOrder(all, "second", perNode);
            // accept + 2 readers; a connected node has no thread
            NodeTestSupport.expectDaemons(word(server), 3);
            first.close();
            second.close();
            first.close();          // a second close() does nothing
            awaitNoReaders(server);
            failures.expectNone("after orderly closes, one of them twice");
        }
        expect(recorder.received.isEmpty(), "nothing more delivered");
    }

    /**
     * A node's stream keeps its types between copies (resets objects only:
     * Philippsen, Haumacher and Nester, "More Efficient Serialization and RMI
     * for Java", section 3.3): a peer that counts what arrives sees a class
     * name once, however many copies use the class.
     */
    static void typesTravelOnce(InetSocketAddress bind) throws Exception {
        try (ServerSocket peer = new ServerSocket()) {
            peer.bind(bind);
            Thread answering = Thread.ofPlatform().start(() -> {
                try {
                    answerHandshake(peer);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Node node = Nodes.connect((InetSocketAddress) peer.getLocalSocketAddress());
            answering.join();
            byte[] received;
            try (Socket socket = accepted) {
                int copies = 100;
                for (int i = 0; i < copies; i++) {
                    node.copy(new NodeTestSupport.Numbered("main", i));
                }
                node.close();
                socket.setSoTimeout((int) NodeTestSupport.PATIENCE.toMillis());
                received = socket.getInputStream().readAllBytes();
            }
            byte[] name = NodeTestSupport.Numbered.class.getName().getBytes(StandardCharsets.ISO_8859_1);
            int once = occurrences(streamOf(new NodeTestSupport.Numbered("main", 0)), name);
            expect(once > 0, "a stream of one copy names its class: " + once + " times");
            expectEquals(once, occurrences(received, name),
                         "occurrences of the class name in the " + received.length + " bytes of 100 copies");
        }
    }

    private static Socket accepted;

    /* Accepts a node's connection on a raw server socket and answers its handshake as a node server does. */
    static void answerHandshake(ServerSocket peer) throws IOException {
        Socket socket = peer.accept();
        DataInputStream in = new DataInputStream(socket.getInputStream());
        byte[] hello = in.readNBytes(10);
        int headerLength = (hello[6] & 0xFF) | (hello[7] & 0xFF) << 8 | (hello[8] & 0xFF) << 16 | (hello[9] & 0xFF) << 24;
        expect(Arrays.equals(new byte[] {'F', 'R', 'M', 'I', 1, 0}, Arrays.copyOf(hello, 6))
               && headerLength > 0 && headerLength <= 256, "a node's handshake: " + Arrays.toString(hello));
        in.readNBytes(headerLength);
        socket.getOutputStream().write(new byte[] {'F', 'R', 'M', 'I', 1, 0, 0, 0, 0, 0});
        accepted = socket;
    }

    static int occurrences(byte[] bytes, byte[] part) {
        int count = 0;
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                count++;
            }
        }
        return count;
    }

    static void deepCopies(InetSocketAddress bind) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        try (NodeServer server = Nodes.listen(bind, recorder,
                                              DeliveryOptions.defaults().withFailureHandler(failures));
             Node node = Nodes.connect(server.localAddress())) {
            NodeTestSupport.Vertex graph = NodeTestSupport.cyclicGraph();
            node.copy(graph);
            node.copy(graph);       // types known now; objects sent anew
            List<Serializable> two = recorder.take(2);
            NodeTestSupport.expectIsomorphicCopy(graph, (NodeTestSupport.Vertex) two.get(0));
            NodeTestSupport.expectIsomorphicCopy(graph, (NodeTestSupport.Vertex) two.get(1));
            expect(two.get(0) != two.get(1), "each copy is a new graph");

            double[][] matrix = new double[64][64];
            for (double[] row : matrix) {
                Arrays.fill(row, Math.PI);
            }
            node.copy(matrix);
            matrix[0][0] = 0;       // after copy(): not in the copy
            double[][] got = (double[][]) recorder.take(1).get(0);
            expectEquals(Math.PI, got[0][0], "matrix as it was at copy()");
            expect(Arrays.deepEquals(new double[][] {got[63]}, new double[][] {matrix[63]}), "matrix rows");

            // A graph that fails half-way, after bringing a new type, then more copies
            ArrayList<Object> bad = new ArrayList<>(List.of(new NodeTestSupport.Forbidden(0), "x"));
            bad.add(new NodeTestSupport.Holder(new Object()));
            NotSerializableException e = expectThrows(NotSerializableException.class, () -> node.copy(bad),
                                                      "copy of a graph with an Object");
            expectEquals("java.lang.Object", e.getMessage(), "NotSerializableException names the class");
            node.copy(new NodeTestSupport.Forbidden(7));
            node.copy(graph);
            List<Serializable> after = recorder.take(2);
            expectEquals(new NodeTestSupport.Forbidden(7), after.get(0), "copy after the failed one");
            NodeTestSupport.expectIsomorphicCopy(graph, (NodeTestSupport.Vertex) after.get(1));

            // A large copy, several blocks of the staging buffer
            byte[] big = new byte[5 << 20];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 31 + (i >>> 11));
            }
            node.copy(big);
            expect(Arrays.equals(big, (byte[]) recorder.take(1).get(0)), "5 MiB byte[] copied");
        }
        failures.expectNone("deep copies");
    }

    static void listenerThrows(InetSocketAddress bind) throws Exception {
        var delivered = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        CopyListener listener = object -> {
            int seq = ((NodeTestSupport.Numbered) object).seq();
            if (seq % 3 == 0) {
                throw new UnsupportedOperationException("seq " + seq);
            }
            delivered.copied(object);
        };
        try (NodeServer server = Nodes.listen(bind, listener,
                                              DeliveryOptions.defaults().withFailureHandler(failures));
             Node node = Nodes.connect(server.localAddress())) {
            int n = 300;
            for (int i = 0; i < n; i++) {
                node.copy(new NodeTestSupport.Numbered("main", i));
            }
            NodeTestSupport.expectSameList(IntStream.range(0, n).filter(seq -> seq % 3 != 0).boxed().toList(),
                                           NodeTestSupport.seqs(delivered.take(200)),
                                           "copies the listener took are delivered in order");
            List<NodeTestSupport.Failure> reports = failures.take(100);
            NodeTestSupport.expectSameList(
                    IntStream.range(0, 100).map(i -> 3 * i)
                             .mapToObj(seq -> "UnsupportedOperationException: seq " + seq + " on "
                                              + new NodeTestSupport.Numbered("main", seq))
                             .toList(),
                    reports.stream().map(NodeTestSupport.Failure::summary).toList(),
                    "each listener exception reported in order, with the copy");
            expect(reports.stream().allMatch(f -> f.connection().contains(word(server))),
                   "each report names the connection to " + word(server));
        }
        failures.expectNone("beyond the listener's exceptions");
    }

    static void serverClosesMidStream(InetSocketAddress bind) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        NodeServer server = Nodes.listen(bind, recorder);
        String word = word(server);
        Node node = Nodes.connect(server.localAddress());
        AtomicReference<IOException> failure = new AtomicReference<>();
        AtomicInteger sent = new AtomicInteger();
        int bound = 2_000_000;
        Thread sender = Thread.ofPlatform().start(() -> {
            try {
                while (sent.get() < bound) {
                    node.copy(new NodeTestSupport.Numbered("main", sent.get()));
                    sent.incrementAndGet();
                }
            } catch (IOException e) {
                failure.set(e);
            }
        });
        recorder.take(1000);
        server.close();
        awaitServerThreadsGone(word);
        expect(sender.join(NodeTestSupport.PATIENCE), "sender stopped within " + NodeTestSupport.PATIENCE);
        expect(failure.get() != null, "copy() threw IOException after the server closed, at copy "
                                      + sent.get() + ": " + failure.get());
        expectThrows(IOException.class, () -> node.copy(new NodeTestSupport.Numbered("main", -1)),
                     "copy() on a lost connection");
        node.close();
        NodeTestSupport.expectThreadsGone(word);
    }

    /** A valid stream of one object, as a node writes it. */
    static byte[] streamOf(Serializable object) throws IOException {
        var out = new FastObjectOutputStream();
        out.writeObject(object);
        out.flush();
        return out.toByteArray();
    }

    static void truncatedStream(InetSocketAddress bind) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        try (NodeServer server = Nodes.listen(bind, recorder,
                                              DeliveryOptions.defaults().withFailureHandler(failures))) {
            int[] payload = new int[1000];
            Arrays.fill(payload, 42);
            byte[] stream = streamOf(payload);
            try (Socket raw = handshaken(server.localAddress())) {
                writeFrame(raw, stream, stream.length - 100);
            }
            var f = failures.take();
            expectEquals(EOFException.class, f.failure().getClass(), "truncated stream reported: " + f.failure());
            expect(f.object() == null, "as the end of the connection");
            expect(recorder.received.isEmpty(), "nothing delivered");
            try (Node node = Nodes.connect(server.localAddress())) {
                node.copy(payload);
                expect(Arrays.equals(payload, (int[]) recorder.take(1).get(0)), "server still serving");
            }
        }
    }

    static void corruptStream(InetSocketAddress bind) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        try (NodeServer server = Nodes.listen(bind, recorder,
                                              DeliveryOptions.defaults().withFailureHandler(failures))) {
            byte[] http = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            // Not a node (no handshake): refused at once, with no report
            try (Socket raw = new Socket(server.localAddress().getAddress(), server.localAddress().getPort())) {
                raw.getOutputStream().write(http);
                raw.setSoTimeout((int) NodeTestSupport.PATIENCE.toMillis());
                expectEquals(-1, raw.getInputStream().read(), "a peer without the handshake is closed on");
            }
            // A node whose stream is corrupt
            try (Socket raw = handshaken(server.localAddress())) {
                writeFrame(raw, http, http.length);
                DataInputStream in = new DataInputStream(raw.getInputStream());
                int length = Integer.reverseBytes(in.readInt());
                expect(length > 0 && length <= 2000, "a reason frame of " + length + " bytes");
                String reason = new String(in.readNBytes(length), StandardCharsets.UTF_8);
                expect(reason.startsWith(StreamCorruptedException.class.getName()),
                       "the server tells a corrupt peer why it drops it: " + reason);
                raw.shutdownOutput();
                expectEquals(-1, in.read(), "then closes");
            }
            var f = failures.take();
            expectEquals(StreamCorruptedException.class, f.failure().getClass(), "corrupt stream reported");
            try (Node node = Nodes.connect(server.localAddress())) {
                node.copy("still serving");
                expectEquals("still serving", recorder.take(1).get(0), "server still serving");
            }
        }
    }

    static void filterRejects(InetSocketAddress bind, DeliveryOptions options) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        try (NodeServer server = Nodes.listen(bind, recorder, options.withFailureHandler(failures));
             Node before = Nodes.connect(server.localAddress());
             Node rejected = Nodes.connect(server.localAddress())) {
            before.copy(new NodeTestSupport.Numbered("before", 0));
            rejected.copy(new NodeTestSupport.Numbered("rejected", 0));
            rejected.copy(new NodeTestSupport.Forbidden(1));    // one-sided: no error here
            NodeTestSupport.expectRejectionReport(failures.take());
            IOException e = expectThrows(IOException.class,
                    () -> rejected.copy(new NodeTestSupport.Numbered("rejected", 1)), "copy after the rejection");
            expect(e.getMessage().contains(InvalidClassException.class.getName()),
                   "the rejected node's copy() names the reason: " + e.getMessage());
            before.copy(new NodeTestSupport.Numbered("before", 1));
            try (Node after = Nodes.connect(server.localAddress())) {
                after.copy(new NodeTestSupport.Numbered("after", 0));
                List<Serializable> got = recorder.take(4);
                NodeTestSupport.expectInOrder(got, "before", 2);
                NodeTestSupport.expectInOrder(got, "rejected", 1);
                NodeTestSupport.expectInOrder(got, "after", 1);
            }
            expect(recorder.received.isEmpty(), "the rejected copy is not delivered");
        }
        failures.expectNone("beyond the rejection");
    }

    static void closeAndRefuse(InetSocketAddress bind) throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        NodeServer server = Nodes.listen(bind, recorder);
        String word = word(server);
        Node node = Nodes.connect(server.localAddress());
        node.copy("hello");
        expectEquals("hello", recorder.take(1).get(0), "delivered");
        NodeTestSupport.expectDaemons(word, 2);      // accept + reader
        server.close();
        server.close();         // a second close() does nothing
        awaitServerThreadsGone(word);
        node.close();
        NodeTestSupport.expectThreadsGone(word);
        IOException e = expectThrows(IOException.class, () -> node.copy("late"), "copy after close");
        expect(e.getMessage().contains("closed"), "copy after close: " + e.getMessage());
        expectThrows(ConnectException.class, () -> Nodes.connect(server.localAddress()).close(),
                     "connect to a closed server");
    }
}
