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
 * @summary A loop node (jdk.fastrmi.node, JToe) copies object graphs in
 *          this JVM through the fast streams: in order (also from several
 *          threads), as deep copies (cycles and sharing kept, later changes
 *          not seen), with listener exceptions reported and survived, a graph
 *          that cannot be serialized refused without harm to the node,
 *          back-pressure from a slow listener, a filter that rejects a class
 *          stopping delivery with InvalidClassException, close() delivering
 *          what was copied before it and ending the node's thread.
 * @modules jdk.fastrmi
 * @library /lib
 * @build grande.test.* NodeTestSupport
 * @run main/othervm LoopNodeTest
 */

/*
 * @test id=jvm-wide-filter
 * @summary Without a filter of its own, a loop node's stream has the JVM-wide
 *          filter (jdk.serialFilter), which rejects a class.
 * @modules jdk.fastrmi
 * @library /lib
 * @build grande.test.* NodeTestSupport
 * @run main/othervm -Djdk.serialFilter=!NodeTestSupport$Forbidden LoopNodeTest jvm-wide-filter
 */

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import jdk.fastrmi.node.CopyListener;
import jdk.fastrmi.node.DeliveryOptions;
import jdk.fastrmi.node.Node;
import jdk.fastrmi.node.Nodes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.expectThrows;

public class LoopNodeTest {

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("jvm-wide-filter")) {
            jvmWideFilter();
        } else {
            inOrder();
            fromSeveralThreads();
            deepCopies();
            listenerThrows();
            notSerializable();
            nullObject();
            backPressure();
            listenerCopiesToItsOwnNode();
            filterRejects();
            closeDeliversAndStops();
        }
        NodeTestSupport.expectThreadsGone("loop-*");
        System.out.println("PASSED");
    }

    static DeliveryOptions recording(NodeTestSupport.FailureRecorder failures) {
        return DeliveryOptions.defaults().withFailureHandler(failures);
    }

    static void inOrder() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        int n = 20_000;
        try (Node node = Nodes.loop(recorder, recording(failures))) {
            for (int i = 0; i < n; i++) {
                node.copy(new NodeTestSupport.Numbered("main", i));
            }
            NodeTestSupport.expectInOrder(recorder.take(n), "main", n);
            NodeTestSupport.expectDaemons("loop-*", 1);
        }
        failures.expectNone("in order");
    }

    static void fromSeveralThreads() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        int perThread = 2_500;
        int threads = 4;
        try (Node node = Nodes.loop(recorder)) {
            Map<String, Node> senders = new LinkedHashMap<>();
            for (int t = 0; t < threads; t++) {
                senders.put("sender-" + t, node);      // one node, several threads
            }
            NodeTestSupport.sendNumbered(senders, perThread);
            List<Serializable> all = recorder.take(threads * perThread);
            for (int t = 0; t < threads; t++) {
                NodeTestSupport.expectInOrder(all, "sender-" + t, perThread);
            }
        }
    }

    static void deepCopies() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        try (Node node = Nodes.loop(recorder)) {
            NodeTestSupport.Vertex graph = NodeTestSupport.cyclicGraph();
            node.copy(graph);
            NodeTestSupport.expectIsomorphicCopy(graph, (NodeTestSupport.Vertex) recorder.take(1).get(0));

            // Changes after copy() returns do not reach the copy, though the
            // listener may not have run yet
            ArrayList<Object> list = new ArrayList<>(List.of(1, "two", 3.0));
            int[] numbers = {1, 2, 3};
            list.add(numbers);
            node.copy(list);
            list.set(0, 99);
            list.add("late");
            numbers[0] = -1;
            @SuppressWarnings("unchecked")
            List<Object> copy = (List<Object>) recorder.take(1).get(0);
            expectEquals(List.of(1, "two", 3.0), copy.subList(0, 3), "copied list as it was at copy()");
            expectEquals(4, copy.size(), "copied list size");
            expect(java.util.Arrays.equals(new int[] {1, 2, 3}, (int[]) copy.get(3)),
                   "copied array as it was at copy()");

            // The same object copied twice arrives as two objects
            NodeTestSupport.Vertex v = new NodeTestSupport.Vertex("again");
            node.copy(v);
            node.copy(v);
            List<Serializable> twice = recorder.take(2);
            expect(twice.get(0) != twice.get(1), "each copy is a new graph");
        }
    }

    static void listenerThrows() throws Exception {
        var delivered = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        CopyListener listener = object -> {
            if (((NodeTestSupport.Numbered) object).seq() % 2 == 1) {
                throw new IllegalStateException("odd " + ((NodeTestSupport.Numbered) object).seq());
            }
            delivered.copied(object);
        };
        int n = 100;
        try (Node node = Nodes.loop(listener, recording(failures))) {
            for (int i = 0; i < n; i++) {
                node.copy(new NodeTestSupport.Numbered("main", i));
            }
            NodeTestSupport.expectSameList(IntStream.range(0, n / 2).mapToObj(i -> 2 * i).toList(),
                                           NodeTestSupport.seqs(delivered.take(n / 2)),
                                           "copies the listener took are delivered in order");
            List<String> reports = IntStream.range(0, n / 2).map(i -> 2 * i + 1)
                    .mapToObj(seq -> "IllegalStateException: odd " + seq + " on "
                                     + new NodeTestSupport.Numbered("main", seq))
                    .toList();
            NodeTestSupport.expectSameList(reports,
                    failures.take(n / 2).stream().map(NodeTestSupport.Failure::summary).toList(),
                    "each listener exception reported in order, with the copy it failed on");
            node.copy(new NodeTestSupport.Numbered("main", 200));
            expectEquals(200, ((NodeTestSupport.Numbered) delivered.take(1).get(0)).seq(),
                         "the node goes on after listener exceptions");
        }
    }

    static void notSerializable() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        try (Node node = Nodes.loop(recorder, recording(failures))) {
            node.copy(new NodeTestSupport.Numbered("main", 0));
            // The failing graph brings a new type (Vertex) before the object
            // that cannot be serialized: the receiver must not be left with
            // half of it
            ArrayList<Object> bad = new ArrayList<>();
            bad.add(new NodeTestSupport.Vertex("first"));
            bad.add(new NodeTestSupport.Holder(new Object()));
            try {
                node.copy(bad);
                throw new AssertionError("copy of a graph with an Object did not fail");
            } catch (NotSerializableException e) {
                expectEquals("java.lang.Object", e.getMessage(), "NotSerializableException names the class");
            }
            NodeTestSupport.Vertex after = NodeTestSupport.cyclicGraph();
            node.copy(after);
            node.copy(new NodeTestSupport.Numbered("main", 1));
            List<Serializable> got = recorder.take(3);
            expectEquals(new NodeTestSupport.Numbered("main", 0), got.get(0), "copy before the failed one");
            NodeTestSupport.expectIsomorphicCopy(after, (NodeTestSupport.Vertex) got.get(1));
            expectEquals(new NodeTestSupport.Numbered("main", 1), got.get(2), "copy after the failed one");
            expect(recorder.received.isEmpty(), "nothing of the failed copy delivered");
        }
        failures.expectNone("after a copy that could not be serialized");
    }

    static void nullObject() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        try (Node node = Nodes.loop(recorder)) {
            expectThrows(NullPointerException.class, () -> node.copy(null), "copy(null)");
            node.copy(new NodeTestSupport.Numbered("main", 0));
            expectEquals(new NodeTestSupport.Numbered("main", 0), recorder.take(1).get(0),
                         "the node goes on after copy(null)");
        }
    }

    static void backPressure() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger received = new AtomicInteger();
        CopyListener slow = object -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            received.incrementAndGet();
        };
        int copies = 40;
        AtomicInteger sent = new AtomicInteger();
        try (Node node = Nodes.loop(slow)) {
            // released in finally: close() waits for the listener to take every copy
            try {
                Thread sender = Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = 0; i < copies; i++) {
                            node.copy(new byte[1 << 20]);
                            sent.incrementAndGet();
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                // 16 MiB may wait for the listener, then the sender waits too
                NodeTestSupport.await(sent, s -> s.get() >= 16, "sender got 16 copies out");
                Thread.sleep(300);
                expect(sent.get() <= 18, "sender held back by a listener that does not take copies: "
                                         + sent.get() + " of " + copies + " sent");
                expect(sender.isAlive(), "sender waiting");
                release.countDown();
                expect(sender.join(NodeTestSupport.PATIENCE), "sender done once the listener takes copies");
                expectEquals(copies, sent.get(), "copies sent");
            } finally {
                release.countDown();
            }
        }
        expectEquals(copies, received.get(), "copies delivered by the time close() returned");
    }

    static void listenerCopiesToItsOwnNode() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        Node[] self = new Node[1];
        CopyListener echo = object -> {
            recorder.copied(object);
            if (object instanceof NodeTestSupport.Numbered(String s, int seq) && seq < 100) {
                try {
                    self[0].copy(new NodeTestSupport.Numbered(s, seq + 1));
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }
        };
        try (Node node = Nodes.loop(echo)) {
            self[0] = node;
            node.copy(new NodeTestSupport.Numbered("echo", 0));
            NodeTestSupport.expectInOrder(recorder.take(101), "echo", 101);
        }
    }

    static void filterRejects() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        ObjectInputFilter filter = ObjectInputFilter.Config.createFilter("!NodeTestSupport$Forbidden");
        Node node = Nodes.loop(recorder, recording(failures).withFilter(filter));
        try {
            expectRejection(node, recorder, failures);
        } finally {
            node.close();
        }
    }

    static void jvmWideFilter() throws Exception {
        expect(ObjectInputFilter.Config.getSerialFilter() != null, "a JVM-wide filter is set");
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        Node node = Nodes.loop(recorder, recording(failures));
        try {
            expectRejection(node, recorder, failures);
        } finally {
            node.close();
        }
    }

    /** Copies a Forbidden between two allowed copies, and checks what the filter does. */
    static void expectRejection(Node node, NodeTestSupport.Recorder recorder,
                                NodeTestSupport.FailureRecorder failures) throws Exception {
        node.copy(new NodeTestSupport.Numbered("main", 0));
        node.copy(new NodeTestSupport.Forbidden(1));       // one-sided: the sender is not told at once
        expectEquals(new NodeTestSupport.Numbered("main", 0), recorder.take(1).get(0), "allowed copy delivered");
        NodeTestSupport.expectRejectionReport(failures.take());
        IOException e = expectThrows(IOException.class, () -> node.copy(new NodeTestSupport.Numbered("main", 1)),
                                     "copy after the rejection");
        expect(NodeTestSupport.causedBy(e, InvalidClassException.class),
               "copy after the rejection: " + NodeTestSupport.causes(e));
        expect(recorder.received.isEmpty(), "the rejected copy is not delivered");
    }

    static void closeDeliversAndStops() throws Exception {
        var recorder = new NodeTestSupport.Recorder();
        var failures = new NodeTestSupport.FailureRecorder();
        List<String> before = NodeTestSupport.nodeThreads("loop-*");
        Node node = Nodes.loop(recorder, recording(failures));
        List<String> mine = new ArrayList<>(NodeTestSupport.nodeThreads("loop-*"));
        mine.removeAll(before);
        expectEquals(1, mine.size(), "one delivery thread for a new loop node: " + mine);
        String thread = mine.get(0).substring(Nodes.THREAD_NAME_PREFIX.length());
        int n = 1000;
        for (int i = 0; i < n; i++) {
            node.copy(new NodeTestSupport.Numbered("main", i));
        }
        node.close();
        expectEquals(n, recorder.received.size(), "copies delivered when close() returns");
        NodeTestSupport.expectInOrder(new ArrayList<>(recorder.received), "main", n);
        node.close();
        expectEquals(n, recorder.received.size(), "close() twice: nothing more delivered");
        IOException e = expectThrows(IOException.class,
                () -> node.copy(new NodeTestSupport.Numbered("main", n)), "copy after close");
        expect(e.getMessage().contains("closed"), "copy after close: " + e);
        NodeTestSupport.expectThreadsGone(thread);
        failures.expectNone("on close");
    }
}
