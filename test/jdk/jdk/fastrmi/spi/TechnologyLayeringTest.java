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
 * @summary jdk.fastrmi's technologies are plugged in through its SPI only:
 *          in the image's module, as jdeps -verbose:package sees it, the
 *          packages of the tcp and fabric technologies depend on no package
 *          of jdk.fastrmi but jdk.fastrmi.spi (not on the runtime, not on
 *          each other), and the module uses and provides
 *          jdk.fastrmi.spi.TechnologyProvider.
 * @modules jdk.fastrmi jdk.jdeps
 * @library /lib
 * @run main TechnologyLayeringTest
 */

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
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

    /* "   from.package    -> to.package    module" */
    static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)\\s+(\\S+)\\s*$");

    public static void main(String[] args) {
        Map<String, Set<String>> deps = packageDependencies();
        Set<String> packages = ModuleLayer.boot().findModule(MODULE).orElseThrow().getPackages();
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
