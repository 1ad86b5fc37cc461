/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * For an in-process run ({@code -f 0}): the benchmarks of this jar that a
 * JMH regexp selects, grouped by the JVM options of their {@code @Fork}
 * (prepended, replacing and appended, in that order). JMH ignores those
 * options without a fork, so bench/scripts/run.sh starts one JVM per group
 * with the group's options and runs the group's benchmarks in it: one JVM
 * start per configuration instead of one per benchmark and parameter set.
 *
 * <p>Prints one line per group: the options separated by spaces, a tab,
 * and a regexp that selects exactly the group's benchmarks. Exits 1 if the
 * regexp selects nothing, or an option contains white space (the line
 * format cannot carry it).
 *
 * <pre>
 * java -cp benchmarks.jar org.grandejdk.bench.ForkGroups REGEXP...
 * </pre>
 */
public final class ForkGroups {

    private ForkGroups() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: ForkGroups REGEXP...");
            System.exit(2);
        }
        OutputFormat silent = OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT);
        Map<List<String>, List<String>> groups = new LinkedHashMap<>();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(silent, List.of(args), List.of())) {
            List<String> options = new ArrayList<>();
            options.addAll(entry.getJvmArgsPrepend().orElse(List.of()));
            options.addAll(entry.getJvmArgs().orElse(List.of()));
            options.addAll(entry.getJvmArgsAppend().orElse(List.of()));
            for (String option : options) {
                if (option.isEmpty() || option.chars().anyMatch(Character::isWhitespace)) {
                    System.err.println("ForkGroups: " + entry.getUsername()
                            + " has a fork option with white space: '" + option + "'");
                    System.exit(1);
                }
            }
            List<String> names = groups.computeIfAbsent(options, o -> new ArrayList<>());
            if (!names.contains(entry.getUsername())) {   // one entry per mode
                names.add(entry.getUsername());
            }
        }
        if (groups.isEmpty()) {
            System.err.println("ForkGroups: no benchmark matches " + List.of(args));
            System.exit(1);
        }
        groups.forEach((options, names) -> System.out.println(
                String.join(" ", options) + "\t" + exactly(names)));
    }

    /** A regexp that JMH's find() matches against exactly these benchmark names. */
    private static String exactly(Collection<String> names) {
        List<String> quoted = new ArrayList<>();
        for (String name : names) {
            quoted.add(name.replace(".", "\\."));
        }
        return "^(?:" + String.join("|", quoted) + ")$";
    }
}
