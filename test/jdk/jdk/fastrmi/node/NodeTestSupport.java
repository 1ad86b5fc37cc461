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

import java.io.InvalidClassException;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import jdk.fastrmi.node.CopyListener;
import jdk.fastrmi.node.FailureHandler;
import jdk.fastrmi.node.Node;
import jdk.fastrmi.node.Nodes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/** What the node tests share: recording listeners and handlers, graphs, thread checks. */
final class NodeTestSupport {

    /** How long a test waits for something that happens at once when all is well. */
    static final Duration PATIENCE = Duration.ofSeconds(30);

    private NodeTestSupport() { }

    /** A numbered copy, to check order. */
    record Numbered(String sender, int seq) implements Serializable { }

    /** A class the tests' filters reject. */
    record Forbidden(int value) implements Serializable { }

    /** A vertex of a graph that may have cycles and shared vertices. */
    static final class Vertex implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        final ArrayList<Vertex> edges = new ArrayList<>();
        double[] weights;

        Vertex(String name) {
            this.name = name;
        }
    }

    /** Serializable, but refers to an object that is not. */
    static final class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        final Object content;

        Holder(Object content) {
            this.content = content;
        }
    }

    /** A listener that keeps what it receives. */
    static final class Recorder implements CopyListener {
        final BlockingQueue<Serializable> received = new LinkedBlockingQueue<>();

        @Override
        public void copied(Serializable object) {
            received.add(object);
        }

        /** The next n copies, failing if they do not come in time. */
        List<Serializable> take(int n) throws InterruptedException {
            List<Serializable> list = new ArrayList<>(n);
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            while (list.size() < n) {
                Serializable s = received.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                expect(s != null, "copy " + list.size() + " of " + n + " within " + PATIENCE);
                list.add(s);
            }
            return list;
        }
    }

    /** One report to a FailureHandler. */
    record Failure(String connection, Serializable object, Throwable failure) {
        /** What failed on what, without the connection: "IllegalStateException: odd 1 on Numbered[...]". */
        String summary() {
            return failure.getClass().getSimpleName() + ": " + failure.getMessage() + " on " + object;
        }
    }

    /** A failure handler that keeps what it is told. */
    static final class FailureRecorder implements FailureHandler {
        final BlockingQueue<Failure> failures = new LinkedBlockingQueue<>();

        @Override
        public void failed(String connection, Serializable object, Throwable failure) {
            if (object == null) {
                System.out.println("reported: connection " + connection + " dropped: " + failure);
            }
            failures.add(new Failure(connection, object, failure));
        }

        Failure take() throws InterruptedException {
            Failure f = failures.poll(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            if (f == null) {
                throw new AssertionError("expected: a failure reported within " + PATIENCE);
            }
            return f;
        }

        /** The next n reports, failing if they do not come in time. */
        List<Failure> take(int n) throws InterruptedException {
            List<Failure> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(take());
            }
            return list;
        }

        void expectNone(String when) {
            expect(failures.isEmpty(), "no failure reported " + when + ": " + failures);
        }
    }

    /**
     * Each sender copies Numbered(its name, 0..n-1) to its node, all at
     * once, each on a thread of its own (several senders may share a node);
     * returns when all are done, failing if one did not finish in time or
     * copy() threw.
     */
    static void sendNumbered(Map<String, Node> senders, int n) throws InterruptedException {
        List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        senders.forEach((name, node) -> threads.add(Thread.ofPlatform().name(name).start(() -> {
            try {
                for (int i = 0; i < n; i++) {
                    node.copy(new Numbered(name, i));
                }
            } catch (Throwable e) {
                errors.add(e);
            }
        })));
        for (Thread t : threads) {
            expect(t.join(PATIENCE), t.getName() + " done");
        }
        expect(errors.isEmpty(), "senders without error: " + errors);
    }

    /** The sequence numbers of Numbered copies. */
    static List<Integer> seqs(List<? extends Serializable> copies) {
        return copies.stream().map(s -> ((Numbered) s).seq()).toList();
    }

    /**
     * Fails unless actual equals expected, naming the first difference; on
     * success prints only what (the lists may be long).
     */
    static void expectSameList(List<?> expected, List<?> actual, String what) {
        boolean same = expected.equals(actual);
        String difference = "";
        if (!same) {
            int i = 0;
            while (i < Math.min(expected.size(), actual.size()) && expected.get(i).equals(actual.get(i))) {
                i++;
            }
            difference = ": " + expected.size() + " elements, got " + actual.size()
                    + "; first difference at " + i + ": expected "
                    + (i < expected.size() ? expected.get(i) : "none") + ", got "
                    + (i < actual.size() ? actual.get(i) : "none");
        }
        expect(same, what + difference);
    }

    /**
     * The report of a copy whose class the filter rejected: an
     * InvalidClassException with the filter's status in its message,
     * reported as the end of the connection (no object).
     */
    static void expectRejectionReport(Failure f) {
        expectEquals(InvalidClassException.class, f.failure().getClass(), "rejection reported");
        expect(f.object() == null, "reported as the end of the connection");
        expect(f.failure().getMessage().contains("REJECTED"), "filter status in: " + f.failure().getMessage());
    }

    /** Numbered copies 0..n-1 from one sender, in order. */
    static void expectInOrder(List<? extends Serializable> copies, String sender, int n) {
        int next = 0;
        for (Serializable s : copies) {
            if (s instanceof Numbered(String from, int seq) && from.equals(sender)) {
                if (seq != next) {
                    throw new AssertionError("expected: " + sender + " copy " + next + ", got " + seq);
                }
                next++;
            }
        }
        expect(next == n, sender + ": " + n + " copies, in order (got " + next + ")");
    }

    /**
     * A graph with a cycle of three, a self-loop, a vertex shared by two
     * others and a shared array: a -> b -> c -> a, a -> a, a -> d, c -> d.
     */
    static Vertex cyclicGraph() {
        Vertex a = new Vertex("a");
        Vertex b = new Vertex("b");
        Vertex c = new Vertex("c");
        Vertex d = new Vertex("d");
        a.edges.add(b);
        b.edges.add(c);
        c.edges.add(a);
        a.edges.add(a);
        a.edges.add(d);
        c.edges.add(d);
        double[] shared = {0.5, -0.0, Double.NaN, Double.MAX_VALUE};
        a.weights = shared;
        d.weights = shared;
        b.weights = new double[] {1, 2, 3};
        return a;
    }

    /**
     * Checks that copy is a copy of original: the same shape (names, weights,
     * edges, shared vertices and arrays shared in the same places) made of
     * other objects.
     */
    static void expectIsomorphicCopy(Vertex original, Vertex copy) {
        IdentityHashMap<Object, Object> map = new IdentityHashMap<>();
        IdentityHashMap<Object, Object> reverse = new IdentityHashMap<>();
        walk(original, copy, map, reverse, "root");
    }

    private static void walk(Vertex o, Vertex c, IdentityHashMap<Object, Object> map,
                             IdentityHashMap<Object, Object> reverse, String path) {
        if (!pair(o, c, map, reverse, path)) {
            return;
        }
        if (!o.name.equals(c.name)) {
            throw new AssertionError(path + ": name " + o.name + " became " + c.name);
        }
        if ((o.weights == null) != (c.weights == null)) {
            throw new AssertionError(path + ": weights null in one graph only");
        }
        if (o.weights != null && pair(o.weights, c.weights, map, reverse, path + ".weights")
                && !java.util.Arrays.equals(o.weights, c.weights)) {
            throw new AssertionError(path + ": weights differ");
        }
        if (o.edges.size() != c.edges.size()) {
            throw new AssertionError(path + ": " + o.edges.size() + " edges became " + c.edges.size());
        }
        for (int i = 0; i < o.edges.size(); i++) {
            walk(o.edges.get(i), c.edges.get(i), map, reverse, path + ".edges[" + i + "]");
        }
    }

    /** Maps o to c one-to-one; true if the pair is new (to be walked). */
    private static boolean pair(Object o, Object c, IdentityHashMap<Object, Object> map,
                                IdentityHashMap<Object, Object> reverse, String path) {
        if (o == c) {
            throw new AssertionError(path + ": the copy is the original object");
        }
        Object seen = map.get(o);
        if (seen != null) {
            if (seen != c) {
                throw new AssertionError(path + ": an object shared in the original is not shared in the copy");
            }
            return false;
        }
        if (reverse.containsKey(c)) {
            throw new AssertionError(path + ": distinct objects of the original are one object in the copy");
        }
        map.put(o, c);
        reverse.put(c, o);
        return true;
    }

    /**
     * The live threads of this package that have {@code word} as a word of
     * their names (words are separated by spaces; "*" matches all, "loop-*"
     * every word that starts with "loop-").
     */
    static List<String> nodeThreads(String word) {
        List<String> names = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && named(t, word)) {
                names.add(t.getName());
            }
        }
        return names;
    }

    private static boolean named(Thread t, String word) {
        String name = t.getName();
        if (!name.startsWith(Nodes.THREAD_NAME_PREFIX)) {
            return false;
        }
        for (String w : name.substring(Nodes.THREAD_NAME_PREFIX.length()).split(" ")) {
            if (word.endsWith("*") ? w.startsWith(word.substring(0, word.length() - 1)) : w.equals(word)) {
                return true;
            }
        }
        return false;
    }

    /** Waits, within PATIENCE, until no thread of this package is named with word. */
    static void expectThreadsGone(String word) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        List<String> left = nodeThreads(word);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
            left = nodeThreads(word);
        }
        expect(left.isEmpty(), "no thread left named with '" + word + "': " + left);
    }

    /** Checks that there are at least n live threads named with word, all daemons. */
    static void expectDaemons(String word, int atLeast) {
        int count = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && named(t, word)) {
                expect(t.isDaemon(), "daemon: " + t.getName());
                count++;
            }
        }
        expect(count >= atLeast, count + " threads named with '" + word + "', at least " + atLeast);
    }

    /** Waits within PATIENCE until the condition holds. */
    static <T> void await(T subject, Predicate<T> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.test(subject) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        expect(condition.test(subject), what);
    }

    /** The chain of causes of t, t included, as "A <- B <- C". */
    static String causes(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (sb.length() > 0) {
                sb.append(" <- ");
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** Whether t or one of its causes is of the class. */
    static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
