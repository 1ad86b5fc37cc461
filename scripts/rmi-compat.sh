#!/usr/bin/env bash
# Run the JDK's own java/rmi test suite with RMI switched to jdk.fastrmi and
# count the results per directory: an unchanged RMI application's view of
# the fast provider, as the JDK's own tests see it.
#
#   rmi-compat.sh JTREG_HOME IMAGE RESULTS [jtreg args...]
#
# Every JVM the tests start gets -Djava.rmi.provider=$RMI_PROVIDER (default
# fastrmi; RMI_PROVIDER= runs the stock implementation, the baseline). jtreg
# -javaoption reaches the test JVM and, through test.java.opts, the JVMs the
# tests start themselves (testlibrary's JavaVM and RegistryVM, ProcessTools).
# The suite is read from $GRANDE_SOURCE/test/jdk/java/rmi (default:
# build/openjdk next to this script), with the JDK's ProblemList, -automatic
# and -conc:$TEST_CONC (default 2). With the fast provider, the tests in
# test/ProblemList-fastrmi.txt are excluded too: one line each, with the
# reason it cannot pass (most cast RMI objects to JRMP's own classes).
#
# Writes RESULTS/rmi-compat/{jtreg.log,work,report}, the table to
# RESULTS/rmi-compat.txt (also printed) and "N passed, N failed" to
# RESULTS/rmi-compat.summary. Every test not excluded must pass: the exit
# code is non-zero when one fails (a compatibility regression), or when the
# harness broke (no test ran, no summary, the provider did not switch on,
# or the image was rebuilt during the run).
set -uo pipefail

if [ $# -lt 3 ]; then
    echo "usage: $0 JTREG_HOME IMAGE RESULTS [jtreg args...]" >&2
    exit 2
fi
jtreg_home=$1 image=$2 results=$3
shift 3

repo=$(cd "$(dirname "$0")/.." && pwd)
source_dir=${GRANDE_SOURCE:-$repo/build/openjdk}
suite=$source_dir/test/jdk/java/rmi
problem_list=$source_dir/test/jdk/ProblemList.txt
fastrmi_problem_list=$repo/test/ProblemList-fastrmi.txt
provider=${RMI_PROVIDER-fastrmi}
conc=${TEST_CONC:-2}
boot_java=${JTREG_JAVA:-java}

for f in "$jtreg_home/bin/jtreg" "$image/bin/java" "$problem_list"; do
    [ -e "$f" ] || { echo "$0: missing $f" >&2; exit 2; }
done
[ -d "$suite" ] || { echo "$0: missing $suite" >&2; exit 2; }

mkdir -p "$results"
results=$(cd "$results" && pwd)
image=$(cd "$image" && pwd)
out=$results/rmi-compat
table=$results/rmi-compat.txt
rm -rf "$out" "$table" "$results/rmi-compat.summary"
mkdir -p "$out"

java_opts=()
if [ -n "$provider" ]; then
    java_opts+=("-Djava.rmi.provider=$provider")
fi
# The java options among the extra jtreg arguments (a --patch-module, say),
# so that the probe below runs like the tests do.
for arg in "$@"; do
    case $arg in
        -javaoption:*) java_opts+=("${arg#-javaoption:}") ;;
        -vmoption:*) java_opts+=("${arg#-vmoption:}") ;;
        -javaoptions:*) read -ra more <<< "${arg#-javaoptions:}"; java_opts+=("${more[@]}") ;;
        -vmoptions:*) read -ra more <<< "${arg#-vmoptions:}"; java_opts+=("${more[@]}") ;;
    esac
done

# A run where the property silently does nothing would measure stock RMI, so
# check first what exportObject returns: stock RMI's stub is a dynamic proxy.
probe=$out/ProviderProbe.java
cat > "$probe" <<'EOF'
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.server.UnicastRemoteObject;

public class ProviderProbe {
    interface Probe extends Remote { }
    static final class ProbeImpl implements Probe { }

    public static void main(String[] args) throws Exception {
        ProbeImpl impl = new ProbeImpl();
        Remote stub = UnicastRemoteObject.exportObject(impl, 0);
        boolean stock = Proxy.isProxyClass(stub.getClass());
        UnicastRemoteObject.unexportObject(impl, true);
        System.out.println((stock ? "stock" : "provider") + " " + stub.getClass().getName());
        System.exit(0);
    }
}
EOF
probe_out=$("$image/bin/java" "${java_opts[@]}" -Djava.rmi.server.hostname=127.0.0.1 "$probe" 2>&1)
echo "    probe: $probe_out"
if [ -n "$provider" ] && ! grep -q '^provider ' <<< "$probe_out"; then
    echo "$0: -Djava.rmi.provider=$provider did not switch RMI over (stub: $probe_out)" >&2
    exit 1
fi
if [ -z "$provider" ] && ! grep -q '^stock ' <<< "$probe_out"; then
    echo "$0: the stock run does not get stock RMI (stub: $probe_out)" >&2
    exit 1
fi

jtreg_opts=()
if [ -n "$provider" ]; then
    jtreg_opts+=("-javaoption:-Djava.rmi.provider=$provider")
    [ "$provider" = fastrmi ] && jtreg_opts+=("-exclude:$fastrmi_problem_list")
fi

# The image may be rebuilt while the suite runs; a run across a rebuild is void.
image_stamp() { stat -c %Y "$image/lib/modules" 2>/dev/null; }
stamp=$(image_stamp)
start=$(date +%s)
JTREG_JAVA=$boot_java "$jtreg_home/bin/jtreg" \
    -jdk:"$image" -conc:"$conc" -automatic -ignore:quiet \
    -timeoutFactor:4 -retain:fail,error \
    -exclude:"$problem_list" \
    -verbose:summary -w:"$out/work" -r:"$out/report" \
    "${jtreg_opts[@]}" "$@" "$suite" > "$out/jtreg.log" 2>&1
status=$?
seconds=$(( $(date +%s) - start ))
image_changed=
if [ "$(image_stamp)" != "$stamp" ]; then
    image_changed="WARNING: $image/lib/modules changed during the run; the results are void, run again"
    echo "$0: $image_changed" >&2
fi

summary=$out/report/text/summary.txt
if [ ! -s "$summary" ]; then
    echo "$0: jtreg exited $status without $summary; see $out/jtreg.log" >&2
    tail -n 20 "$out/jtreg.log" >&2
    echo "0 passed, 1 failed" > "$results/rmi-compat.summary"
    exit 1
fi

# summary.txt: one line per test, "java/rmi/DIR/.../Test.java[#id] Status. reason".
{
    echo "JDK java/rmi suite, provider: ${provider:-stock (none)}; image: $image"
    echo "jtreg exit $status after ${seconds}s; $(grep -E '^Test results:' "$out/jtreg.log" | tail -n 1)"
    [ -z "$image_changed" ] || echo "$image_changed"
    echo
    awk '
        {
            split($1, parts, "/")
            dir = parts[3]
            if (!(dir in total)) { order[++n] = dir }
            total[dir]++
            if ($2 == "Passed.") { passed[dir]++; all_passed++ }
            else if ($2 == "Failed.") { failed[dir]++; all_failed++ }
            else if ($2 == "Error.") { errors[dir]++; all_errors++ }
            else { other[dir]++; all_other++ }
            all++
        }
        END {
            printf "%-20s %7s %7s %7s %7s %7s\n", "java/rmi/", "passed", "failed", "error", "other", "total"
            # A stable order, whatever order jtreg finished the tests in.
            for (i = 1; i <= n; i++) sorted[i] = order[i]
            for (i = 2; i <= n; i++) {
                v = sorted[i]
                for (j = i - 1; j >= 1 && sorted[j] > v; j--) sorted[j + 1] = sorted[j]
                sorted[j + 1] = v
            }
            for (i = 1; i <= n; i++) {
                d = sorted[i]
                printf "%-20s %7d %7d %7d %7d %7d\n", d, passed[d], failed[d], errors[d], other[d], total[d]
            }
            printf "%-20s %7d %7d %7d %7d %7d\n", "total", all_passed, all_failed, all_errors, all_other, all
        }' "$summary"
    if grep -qvE '^[^ ]+ +Passed\.' "$summary"; then
        echo
        echo "Not passed:"
        grep -vE '^[^ ]+ +Passed\.' "$summary" | sed -E 's/^([^ ]+) +/  \1  /'
    fi
} > "$table"
cat "$table"

passed=$(grep -cE '^[^ ]+ +Passed\.' "$summary")
not_passed=$(grep -cvE '^[^ ]+ +Passed\.' "$summary")
echo "$passed passed, $not_passed failed" > "$results/rmi-compat.summary"
echo "    table: $table"
[ -z "$image_changed" ] && [ "$passed" -gt 0 ] && [ "$not_passed" -eq 0 ]
