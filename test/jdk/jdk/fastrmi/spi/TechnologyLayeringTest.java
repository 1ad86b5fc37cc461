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
 * @summary The dependencies between jdk.fastrmi's packages point one way, as
 *          jdeps -verbose:package sees them in the image's module: the
 *          package graph has no cycle; the exported packages (jdk.fastrmi,
 *          jdk.fastrmi.spi, jdk.fastrmi.node) depend on no jdk.internal
 *          package of the module, but for the object exchange nodes, which
 *          run on the tcp technology's connections (one TCP stack);
 *          the packages of the tcp and fabric technologies depend on no
 *          package of the module but jdk.fastrmi.spi (not on the runtime,
 *          not on each other); and the module uses and provides
 *          jdk.fastrmi.spi.TechnologyProvider. jdeps --check suggests no
 *          change to the module's descriptor.
 * @modules jdk.fastrmi jdk.jdeps
 * @library /lib
 * @run main TechnologyLayeringTest
 */

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class TechnologyLayeringTest {

    static final String MODULE = "jdk.fastrmi";
    static final String SPI = "jdk.fastrmi.spi";
    static final List<String> TECHNOLOGIES = List.of("jdk.internal.fastrmi.tcp", "jdk.internal.fastrmi.fabric");
    static final String NODES = "jdk.fastrmi.node";
    /* The internal packages an exported one may use: the nodes' connections are the tcp technology's. */
    static final Map<String, Set<String>> INTERNAL_USES = Map.of(NODES, Set.of("jdk.internal.fastrmi.tcp"));

    /* "   from.package    -> to.package    module" */
    static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)\\s+(\\S+)\\s*$");

    public static void main(String[] args) {
        Map<String, Set<String>> deps = packageDependencies();
        Set<String> packages = ModuleLayer.boot().findModule(MODULE).orElseThrow().getPackages();

        // the graph of the module's own packages
        Map<String, Set<String>> graph = new TreeMap<>();
        for (String from : new TreeSet<>(packages)) {
            Set<String> own = new TreeSet<>();
            for (String to : deps.getOrDefault(from, Set.of())) {
                if (packages.contains(to) && !to.equals(from)) {
                    own.add(to);
                }
            }
            graph.put(from, own);
        }
        System.out.println("the package graph of " + MODULE + ": " + graph);
        expectEquals(List.of(), cycles(graph), "the cycles of the package graph of " + MODULE);

        ModuleDescriptor md = ModuleLayer.boot().findModule(MODULE).orElseThrow().getDescriptor();
        Set<String> api = new TreeSet<>();
        md.exports().forEach(e -> api.add(e.source()));
        expectEquals(new TreeSet<>(Set.of("jdk.fastrmi", SPI, NODES)), api, "the packages " + MODULE + " exports");
        for (String p : api) {
            expect(deps.containsKey(p), "jdeps lists the dependencies of " + p);
            Set<String> internal = new TreeSet<>();
            for (String to : graph.get(p)) {
                if (to.startsWith("jdk.internal.")) {
                    internal.add(to);
                }
            }
            expectEquals(INTERNAL_USES.getOrDefault(p, Set.of()), internal,
                         "the internal packages of " + MODULE + " that " + p + " depends on");
        }

        checkDescriptor();
        for (String tech : TECHNOLOGIES) {
            expect(packages.contains(tech), MODULE + " has the package " + tech);
            Set<String> own = new TreeSet<>();
            for (String to : deps.getOrDefault(tech, Set.of())) {
                if (packages.contains(to)) {
                    own.add(to);
                }
            }
            expectEquals(Set.of(SPI), own, "the packages of " + MODULE + " that " + tech + " depends on");
        }

        ModuleDescriptor d = ModuleLayer.boot().findModule(MODULE).orElseThrow().getDescriptor();
        expect(d.uses().contains("jdk.fastrmi.spi.TechnologyProvider"), MODULE + " uses TechnologyProvider: " + d);
        List<String> providers = d.provides().stream()
                                  .filter(p -> p.service().equals("jdk.fastrmi.spi.TechnologyProvider"))
                                  .flatMap(p -> p.providers().stream())
                                  .sorted()
                                  .toList();
        expectEquals(List.of("jdk.internal.fastrmi.fabric.FabricTechnologyProvider",
                             "jdk.internal.fastrmi.tcp.TcpTechnologyProvider"),
                     providers, "the technology providers of " + MODULE);
        for (String p : providers) {
            String pkg = p.substring(0, p.lastIndexOf('.'));
            expect(TECHNOLOGIES.contains(pkg), p + " is in its technology's package");
        }
    }

    /*
     * The strongly connected components of more than one package (Tarjan),
     * each sorted: a package graph without cycles has none.
     */
    static List<List<String>> cycles(Map<String, Set<String>> graph) {
        List<List<String>> cycles = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        for (String p : graph.keySet()) {
            if (!index.containsKey(p)) {
                strongConnect(p, graph, index, low, stack, onStack, cycles);
            }
        }
        return cycles;
    }

    private static void strongConnect(String p, Map<String, Set<String>> graph, Map<String, Integer> index,
                                      Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                      List<List<String>> cycles) {
        index.put(p, index.size());
        low.put(p, index.get(p));
        stack.push(p);
        onStack.add(p);
        for (String q : graph.getOrDefault(p, Set.of())) {
            if (!index.containsKey(q)) {
                strongConnect(q, graph, index, low, stack, onStack, cycles);
                low.put(p, Math.min(low.get(p), low.get(q)));
            } else if (onStack.contains(q)) {
                low.put(p, Math.min(low.get(p), index.get(q)));
            }
        }
        if (low.get(p).equals(index.get(p))) {
            List<String> component = new ArrayList<>();
            String q;
            do {
                q = stack.pop();
                onStack.remove(q);
                component.add(q);
            } while (!q.equals(p));
            if (component.size() > 1) {
                component.sort(null);
                cycles.add(component);
            }
        }
    }

    /* jdeps --check: the module's descriptor, and no "Suggested" one or unused requires. */
    static void checkDescriptor() {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out, true), new PrintWriter(out, true), "--check", MODULE);
        System.out.println("jdeps --check " + MODULE + ":\n" + out);
        expectEquals(0, rc, "the exit code of jdeps --check");
        expect(out.toString().contains("[Module descriptor]"), "jdeps --check shows the descriptor");
        expect(!out.toString().contains("Suggested") && !out.toString().contains("unused"),
               "jdeps --check suggests no change to the descriptor of " + MODULE);
    }

    /* Package -> the packages it depends on, by jdeps -verbose:package on the image's module. */
    static Map<String, Set<String>> packageDependencies() {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        List<String> cmd = new ArrayList<>(List.of("-verbose:package", "--module", MODULE));
        int rc = jdeps.run(new PrintWriter(out, true), new PrintWriter(out, true), cmd.toArray(new String[0]));
        System.out.println("jdeps " + String.join(" ", cmd) + ":\n" + out);
        expectEquals(0, rc, "jdeps' exit code");
        Map<String, Set<String>> deps = new TreeMap<>();
        for (String line : out.toString().lines().toList()) {
            Matcher m = EDGE.matcher(line);
            if (m.matches()) {
                deps.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
            }
        }
        for (String tech : TECHNOLOGIES) {
            expect(deps.containsKey(tech), "jdeps lists the dependencies of " + tech);
        }
        return deps;
    }
}
