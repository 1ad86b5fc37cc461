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

import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * An application's object graph: nodes with cycles, self-loops, shared
 * nodes and shared arrays, back pointers, maps with mixed values (strings,
 * boxes, arrays, enums, records, null) and a transient field. shape()
 * writes a graph down with its identity structure, so two graphs are deeply
 * equal, sharing included, exactly when their shapes are equal.
 */
public final class GraphNode implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public enum Color { RED, GREEN, BLUE }

    public record Tag(String name, int weight) implements Serializable { }

    final String label;
    final int[] data;
    final ArrayList<GraphNode> edges = new ArrayList<>();
    final HashMap<String, Object> attributes = new HashMap<>();
    GraphNode parent;
    transient int visits;   // not part of the state: arrives as 0

    public GraphNode(String label, int[] data) {
        this.label = label;
        this.data = data;
    }

    public int visits() {
        return visits;
    }

    public void visit() {
        visits++;
    }

    public String label() {
        return label;
    }

    public List<GraphNode> edges() {
        return edges;
    }

    /** A reproducible graph of size nodes (size >= 2) reachable from the result. */
    public static GraphNode sample(int size, long seed) {
        Random random = new Random(seed);
        int[] shared = random.ints(8).toArray();
        List<GraphNode> nodes = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int[] data = i % 3 == 0 ? shared : random.ints(random.nextInt(5)).toArray();
            GraphNode node = new GraphNode(i % 7 == 0 ? null : "n" + i + "\u00e9", data);
            node.visits = i + 1;
            nodes.add(node);
        }
        double[] weights = {Double.NaN, -0.0, 1e-310, Double.MAX_VALUE};
        for (int i = 0; i < size; i++) {
            GraphNode node = nodes.get(i);
            if (i > 0) {
                nodes.get(i - 1).edges.add(node);             // a path reaching every node
                node.parent = nodes.get(random.nextInt(i));   // back pointers: cycles
            }
            node.edges.add(nodes.get(random.nextInt(size)));  // shared nodes, self-loops
            node.attributes.put("color", Color.values()[i % 3]);
            node.attributes.put("tag", new Tag("t" + i, i * 31));
            node.attributes.put("count", i * 1000);
            node.attributes.put("none", null);
            if (i % 4 == 0) {
                node.attributes.put("weights", weights);      // one array shared by many maps
                node.attributes.put("peer", nodes.get(random.nextInt(size)));
            }
        }
        nodes.get(size - 1).edges.add(nodes.get(0));          // closes the big cycle
        return nodes.get(0);
    }

    /** The graph reachable from root, written with identity structure. */
    public static String shape(GraphNode root) {
        StringBuilder out = new StringBuilder();
        new Shaper(out).write(root);
        return out.toString();
    }

    private static final class Shaper {
        private final StringBuilder out;
        private final Map<Object, Integer> ids = new IdentityHashMap<>();

        Shaper(StringBuilder out) {
            this.out = out;
        }

        /** Writes the object the first time, its id afterwards; true if it was new. */
        private boolean ref(Object o) {
            Integer id = ids.get(o);
            if (id != null) {
                out.append('@').append(id);
                return false;
            }
            ids.put(o, ids.size());
            out.append('#').append(ids.size() - 1);
            return true;
        }

        void write(Object value) {
            switch (value) {
                case null -> out.append("null");
                case GraphNode node -> {
                    if (ref(node)) {
                        out.append("{label=").append(node.label == null ? "null" : '"' + node.label + '"');
                        out.append(" data=");
                        write(node.data);
                        out.append(" parent=");
                        write(node.parent);
                        out.append(" attributes=");
                        for (var e : new TreeMap<>(node.attributes).entrySet()) {
                            out.append(e.getKey()).append(':');
                            write(e.getValue());
                            out.append(',');
                        }
                        out.append(" edges=[");
                        for (GraphNode edge : node.edges) {
                            write(edge);
                            out.append(',');
                        }
                        out.append("]}");
                    }
                }
                case int[] a -> {
                    if (ref(a)) {
                        out.append(Arrays.toString(a));
                    }
                }
                case double[] a -> {
                    if (ref(a)) {
                        // bits: -0.0 must survive, NaN compare equal
                        out.append(Arrays.toString(Arrays.stream(a).mapToLong(Double::doubleToLongBits).toArray()));
                    }
                }
                case String s -> out.append('"').append(s).append('"');
                case Integer i -> out.append("int ").append(i);
                case Color c -> out.append("Color.").append(c.name());
                case Tag t -> out.append(t);
                default -> throw new IllegalArgumentException("not in a sample graph: " + value.getClass());
            }
        }
    }
}
