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

package grande.test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/**
 * The transport technologies of jdk.fastrmi that the fault and security
 * tests run over, and a main that runs a test program once over each, in a
 * JVM of its own. A new technology is one more entry in {@link #ALL}, and
 * every test that runs through this main covers it; there are no per
 * technology copies of those tests.
 *
 * <p>A test uses it as
 * <pre>
 * &#64;library /lib /jdk/jdk/fastrmi/spi/testtech
 * &#64;build grande.test.* fastrmi.testtech.* ...
 * &#64;run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies SomeTest [args]
 * </pre>
 * VM options between Technologies and the class go to every run (they
 * would not reach it from the @run line, where they set this JVM only).
 * Each run gets this JVM's RMI options (ChildJvm.start), jtreg's test.*
 * properties and @modules access, the technology's options, and
 * {@code test.fastrmi.technology}, so that ChildJvm.expectTechnology checks
 * in every JVM of the run that its stubs use that technology.
 *
 * <p>A test whose scenario needs what not every technology does names it
 * first, {@code grande.test.Technologies --requires=fixed-ports SomeTest}
 * (one of {@link #FEATURES}): a technology that lacks it is skipped, with
 * the reason its entry in {@link #ALL} gives printed, and every other one
 * runs.
 */
public final class Technologies {

    /**
     * A technology as FastRMI.technology names it, the options that choose
     * it, an environment variable it needs, or null, and what of the
     * features a test may require ({@code --requires=}) it lacks, each with
     * the reason.
     */
    public record Technology(String id, List<String> options, String requiredEnv, Map<String, String> lacks) {
        public Technology {
            lacks = Map.copyOf(lacks);
            expect(FEATURES.containsAll(lacks.keySet()), id + ": unknown features " + lacks.keySet());
        }

        /** A technology that has every feature. */
        public Technology(String id, List<String> options, String requiredEnv) {
            this(id, options, requiredEnv, Map.of());
        }
    }

    /**
     * A feature: the technology's endpoints are at the port an export asks
     * for, so a server restarted on the same port is where its old stubs
     * look.
     */
    public static final String FIXED_PORTS = "fixed-ports";

    /**
     * A feature: the technology's connections answer Transport.probe, so a
     * pooled connection whose peer has died is dropped before a call takes
     * it, and the call fails to connect (ConnectException) instead of on
     * the dead connection.
     */
    public static final String IDLE_PROBE = "idle-probe";

    /**
     * The features a test may require: what the SPI leaves to a technology.
     * What it asks of every technology (stock's time-outs, Timeouts) is not
     * one: a technology without it fails those tests.
     */
    public static final Set<String> FEATURES = Set.of(FIXED_PORTS, IDLE_PROBE);

    /*
     * jdk.fastrmi.technologies is explicit wherever the test technology
     * (spi/testtech, on the class path of these tests) must not win by its
     * preference; for fabric it is the default order without it.
     */
    public static final List<Technology> ALL = List.of(
            new Technology("tcp", List.of("-Djdk.fastrmi.technologies=tcp"), null),
            new Technology("fabric:shm", List.of("-Djdk.fastrmi.technologies=fabric,tcp"), null),
            // libfabric's tcp provider, on the interface the Makefile names (lo)
            new Technology("fabric:tcp;ofi_rxm", List.of("-Djdk.fastrmi.technologies=fabric,tcp",
                                                         "-Djdk.fastrmi.fabric.local=tcp;ofi_rxm"),
                           "FI_TCP_IFACE"),
            // a technology written against jdk.fastrmi.spi alone, preferred to every other
            new Technology("test", List.of(), null,
                           Map.of(FIXED_PORTS, "it listens on a port of its own choosing beside each port an"
                                               + " export asks for, so a server restarted on the same port is"
                                               + " at an endpoint no old stub names")));

    private Technologies() { }

    /**
     * Runs a main class once over each technology: args are the features
     * the test requires ({@code --requires=feature}, those that start
     * with it), VM options for those runs (those that start with "-"),
     * then the main class, then its arguments.
     */
    public static void main(String[] args) throws Exception {
        String requires = "--requires=";
        int main = 0;
        Set<String> required = new LinkedHashSet<>();
        while (main < args.length && args[main].startsWith(requires)) {
            String feature = args[main++].substring(requires.length());
            if (!FEATURES.contains(feature)) {
                throw new IllegalArgumentException("unknown feature " + feature + ", not one of " + FEATURES);
            }
            required.add(feature);
        }
        int first = main;
        while (main < args.length && args[main].startsWith("-")) {
            main++;
        }
        if (main == args.length) {
            throw new IllegalArgumentException("usage: grande.test.Technologies [--requires=feature...]"
                                               + " [VM options] MainClass [args]");
        }
        List<String> vmOptions = List.of(args).subList(first, main);
        String mainClass = args[main];
        String[] mainArgs = List.of(args).subList(main + 1, args.length).toArray(String[]::new);
        for (Technology t : ALL) {
            List<String> lacked = required.stream().filter(t.lacks()::containsKey).toList();
            if (!lacked.isEmpty()) {
                for (String feature : lacked) {
                    System.out.println("---- " + mainClass + " over " + t.id() + ": skipped: the test requires "
                                       + feature + ", which " + t.id() + " lacks: " + t.lacks().get(feature));
                }
                continue;
            }
            if (t.requiredEnv() != null) {
                Checks.requiredEnv(t.requiredEnv());
            }
            System.out.println("---- " + mainClass + " over " + t.id());
            List<String> options = new ArrayList<>(fromJtreg());
            options.addAll(vmOptions);
            options.addAll(t.options());
            options.add("-D" + ChildJvm.TECHNOLOGY + "=" + t.id());
            try (ChildJvm run = ChildJvm.start(t.id(), options, mainClass, mainArgs)) {
                // jtreg's own timeout bounds the whole; this one only ends a run that hangs
                expectEquals(0, run.awaitExit(240), mainClass + " over " + t.id() + ": its exit code");
            }
        }
    }

    /**
     * What jtreg gave this JVM that a test program run in a child JVM needs
     * too, as VM options: its test.* properties (the timeout factor, the VM
     * options for child JVMs) and the access that @modules grants
     * (test.modules: "m", "m/p", "m/p:open", "m/p:+open").
     */
    public static List<String> fromJtreg() {
        List<String> options = new ArrayList<>();
        System.getProperties().stringPropertyNames().stream().sorted()
              .filter(k -> k.startsWith("test.") && !k.equals(ChildJvm.TECHNOLOGY))
              .forEach(k -> options.add("-D" + k + "=" + System.getProperty(k)));
        for (String entry : System.getProperty("test.modules", "").trim().split("\\s+")) {
            if (entry.isEmpty()) {
                continue;
            }
            int colon = entry.indexOf(':');
            String target = colon < 0 ? entry : entry.substring(0, colon);
            String flags = colon < 0 ? "" : entry.substring(colon + 1);
            if (!target.contains("/")) {
                options.add("--add-modules=" + target);
                continue;
            }
            if (!flags.equals("open")) {
                options.add("--add-exports=" + target + "=ALL-UNNAMED");
            }
            if (flags.contains("open")) {
                options.add("--add-opens=" + target + "=ALL-UNNAMED");
            }
        }
        return options;
    }
}
