#!/usr/bin/env bash
# Run one area of the JMH collection on the image and on stock, then write
# the area report (report.py area). Called by the Makefile (bench-vm, ...); usable by hand:
#
#   bench/scripts/run.sh AREA IMAGE_REGEX [STOCK_REGEX]
#
#   AREA         names the results: $BENCH_OUT/AREA-image.json, AREA-stock.json,
#                AREA-report.md (and the JMH logs AREA-image.log, AREA-stock.log)
#   IMAGE_REGEX  JMH benchmark regexp run on the image
#   STOCK_REGEX  JMH benchmark regexp run on stock; empty: no stock run.
#                It must select no class that uses image-only API.
#
# Environment (the Makefile sets all of them):
#   IMAGE       the image, default build/jdk; its javac compiles the jar
#   STOCK_JDK   stock Temurin 25.0.3, default /usr/lib/jvm/temurin-25-jdk-amd64
#   BENCH_OUT   results directory, default build/bench
#   M2_REPO     Maven local repository, default ~/.cache/grandejdk/m2
#   BENCH_OPTS  JMH options, default "-f 1 -wi 3 -w 1s -i 5 -r 1s"
#   FASTSERIAL_PATCH  optional: a directory of jdk.fastserial classes compiled
#               from jdk-module/ against the image, used instead of the
#               image's for the build and the image's forks (--patch-module):
#               the engine measured without rebuilding the image
#   BENCH_IN_PROCESS  1: no fork per benchmark (JMH -f 0); the benchmarks
#               are grouped by their @Fork options (org.grandejdk.bench.ForkGroups)
#               and each group runs in one JVM started with those options
#               (and -Dgrandejdk.bench.sharedServer=true: the RMI benchmarks
#               of the JVM share one server). The quick and smoke profiles
#               of the collection (bench/scripts/collection.sh); JMH warns
#               that such results are less reliable than forked ones.
#   BENCH_RATIOS  0: no area report (areas with a report of their own)
#   BENCH_JAR_ONLY 1: (re)build the jar if needed, run nothing (load.sh)
#   BENCH_QUIET   1: the console gets a line per JVM, not per benchmark, and
#               not JMH's table (the smoke run has 1300 benchmarks); the log
#               has everything
#
# bench/target/benchmarks.jar is (re)built when it is missing, older than a
# file of bench/src or bench/pom.xml, or older than the image.
set -euo pipefail

bench=$(cd "$(dirname "$0")/.." && pwd)
repo=$(dirname "$bench")

area=${1:?usage: run.sh AREA IMAGE_REGEX [STOCK_REGEX]}
image_regex=${2:?usage: run.sh AREA IMAGE_REGEX [STOCK_REGEX]}
stock_regex=${3:-}

IMAGE=${IMAGE:-$repo/build/jdk}
STOCK_JDK=${STOCK_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
BENCH_OUT=${BENCH_OUT:-$repo/build/bench}
M2_REPO=${M2_REPO:-${GRANDE_CACHE:-$HOME/.cache/grandejdk}/m2}
BENCH_OPTS=${BENCH_OPTS:--f 1 -wi 3 -w 1s -i 5 -r 1s}
FASTSERIAL_PATCH=${FASTSERIAL_PATCH:-}
BENCH_IN_PROCESS=${BENCH_IN_PROCESS:-0}
BENCH_RATIOS=${BENCH_RATIOS:-1}
BENCH_QUIET=${BENCH_QUIET:-0}
jar=$bench/target/benchmarks.jar

say() { echo "    [$(date +%H:%M:%S)] $*"; }

for jdk in "$IMAGE" ${stock_regex:+"$STOCK_JDK"}; do
    [ -x "$jdk/bin/java" ] || { echo "bench: no JDK at $jdk" >&2; exit 1; }
done
# Absolute paths: Maven runs in bench/.
IMAGE=$(cd "$IMAGE" && pwd)
STOCK_JDK=$(cd "$STOCK_JDK" 2>/dev/null && pwd || echo "$STOCK_JDK")
mkdir -p "$BENCH_OUT" "$M2_REPO"
BENCH_OUT=$(cd "$BENCH_OUT" && pwd)
M2_REPO=$(cd "$M2_REPO" && pwd)
mvn_patch=() jmh_patch=() patch_options=() patch_files=()
if [ -n "$FASTSERIAL_PATCH" ]; then
    [ -d "$FASTSERIAL_PATCH/jdk/fastserial" ] \
        || { echo "bench: no jdk.fastserial classes in $FASTSERIAL_PATCH" >&2; exit 1; }
    FASTSERIAL_PATCH=$(cd "$FASTSERIAL_PATCH" && pwd)
    mvn_patch=(-Dfastserial.patch="$FASTSERIAL_PATCH")
    # The image's module-info may be older than the patch's (which the
    # VM ignores): the reads the engine needs are added by hand.
    patch_options=("--patch-module=jdk.fastserial=$FASTSERIAL_PATCH" --add-reads=jdk.fastserial=jdk.unsupported)
    jmh_patch=(-jvmArgsPrepend "${patch_options[*]}")
    patch_files=("$FASTSERIAL_PATCH")
fi
[ -x "$IMAGE/bin/javac" ] || { echo "bench: the image has no javac: $IMAGE" >&2; exit 1; }

# Maven: the machine's, or Debian's package, installed as make deps installs
# the build packages.
if ! command -v mvn >/dev/null; then
    say "installing Maven (Debian package maven)"
    "$repo/scripts/install-build-deps.sh" maven
fi

# Maven runs on the image, whose trust store is OpenJDK's; Debian's
# ca-certificates-java store also holds the machine's own CAs (a proxy's),
# so downloads from Maven Central use it where it exists.
trust_store=/etc/ssl/certs/java/cacerts
mvn_trust=""
[ -f "$trust_store" ] && mvn_trust="-Djavax.net.ssl.trustStore=$trust_store"

# The jar, compiled by the image's javac (ClassInfo and jdk.fastserial exist
# only there).
if [ ! -f "$jar" ] || [ -n "$(find "$bench/pom.xml" "$bench/src" "$IMAGE/lib/modules" \
                                 "${patch_files[@]}" -newer "$jar" -print -quit)" ]; then
    say "building bench/target/benchmarks.jar (javac of $IMAGE${FASTSERIAL_PATCH:+, jdk.fastserial of $FASTSERIAL_PATCH})"
    # Maven 3.8's Guava warns about sun.misc.Unsafe on JDK 25 (harmless), and
    # its console library prints colour resets even in batch mode: drop them.
    (cd "$bench" && JAVA_HOME=$IMAGE \
        MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow $mvn_trust" \
        mvn -B -q -Dstyle.color=never -Dmaven.repo.local="$M2_REPO" "${mvn_patch[@]}" package) 2>&1 \
        | sed -u $'s/\x1b\\[[0-9;]*m//g'
fi
[ "${BENCH_JAR_ONLY:-0}" = 1 ] && exit 0

# One JMH run: the host JVM is the JVM measured, and -jvm names it for the
# forks explicitly. -foe: a benchmark whose setup check fails stops the run.
# (JMH calls sun.misc.Unsafe; the option keeps JDK 25 from warning.) The
# full output goes to the log; the console gets a line per benchmark and
# JMH's summary table.
progress='
    /^# Benchmark: /  { bench = $3; sub(/^org[.]grandejdk[.]bench[.]/, "", bench); params = "" }
    /^# Parameters: / { params = substr($0, 15) }
    /^# Run progress: / { pct = $4; eta = $7 }
    /^# Fork: / && !quiet { printf "    %7s  ETA %s  %s%s\n", pct, eta, bench, (params == "" ? "" : " " params); fflush() }
    /^Benchmark +/    { table = !quiet }
    table             { print; fflush() }'
run() {  # NAME JDK REGEX [JMH_OPTION...]
    local name=$1 jdk=$2 regex=$3 status
    shift 3
    local json=$BENCH_OUT/$area-$name.json log=$BENCH_OUT/$area-$name.log
    rm -f "$json"
    say "JMH on $name ($jdk): $regex, options: $BENCH_OPTS (log: ${log#$repo/})"
    set +e
    # shellcheck disable=SC2086  # BENCH_OPTS is a list of words
    "$jdk/bin/java" --sun-misc-unsafe-memory-access=allow -jar "$jar" \
        -jvm "$jdk/bin/java" -foe true "$@" $BENCH_OPTS -rf json -rff "$json" "$regex" 2>&1 \
        | tee "$log" | awk -v quiet="$BENCH_QUIET" "$progress"
    status=${PIPESTATUS[0]}
    set -e
    check_run "$name" "$status" "$json" "$log"
}

# The same without forks: one JVM per group of benchmarks with the same
# @Fork options, started with them; the groups' JSON results merged.
run_in_process() {  # NAME JDK REGEX [JVM_OPTION...]
    local name=$1 jdk=$2 regex=$3 status groups options group_regex part
    shift 3
    local json=$BENCH_OUT/$area-$name.json log=$BENCH_OUT/$area-$name.log
    local parts=() n=0
    rm -f "$json" "$BENCH_OUT/$area-$name".part*.json
    : > "$log"
    groups=$("$IMAGE/bin/java" -cp "$jar" org.grandejdk.bench.ForkGroups "$regex")
    say "JMH on $name ($jdk) in process, $(wc -l <<< "$groups") JVM(s): $regex, options: $BENCH_OPTS (log: ${log#$repo/})"
    while IFS=$'\t' read -r options group_regex; do
        n=$((n + 1))
        part=$BENCH_OUT/$area-$name.part$n.json
        parts+=("$part")
        say "JVM $n: ${options:-no options}"
        set +e
        # shellcheck disable=SC2086  # options and BENCH_OPTS are lists of words
        "$jdk/bin/java" --sun-misc-unsafe-memory-access=allow "$@" $options \
            -Dgrandejdk.bench.sharedServer=true -cp "$jar" org.grandejdk.bench.InProcessMain \
            -f 0 -foe true $BENCH_OPTS -rf json -rff "$part" "$group_regex" 2>&1 \
            | tee -a "$log" | awk -v quiet="$BENCH_QUIET" "$progress"
        status=${PIPESTATUS[0]}
        set -e
        check_run "$name" "$status" "$part" "$log"
    done <<< "$groups"
    python3 -c 'import json, sys
results = [r for part in sys.argv[2:] for r in json.load(open(part))]
json.dump(results, open(sys.argv[1], "w"), indent=2)' "$json" "${parts[@]}"
    rm -f "${parts[@]}"
}

check_run() {  # NAME STATUS JSON LOG
    if [ "$2" -ne 0 ] || [ ! -s "$3" ]; then
        echo "bench: JMH on $1 failed (exit $2); last lines of ${4#$repo/}:" >&2
        tail -n 40 "$4" >&2
        exit 1
    fi
}

if [ "$BENCH_IN_PROCESS" = 1 ]; then
    run_in_process image "$IMAGE" "$image_regex" "${patch_options[@]}"
    [ -z "$stock_regex" ] || run_in_process stock "$STOCK_JDK" "$stock_regex"
else
    run image "$IMAGE" "$image_regex" "${jmh_patch[@]}"
    [ -z "$stock_regex" ] || run stock "$STOCK_JDK" "$stock_regex"
fi
[ "$BENCH_RATIOS" = 1 ] || exit 0

stock_args=()
if [ -n "$stock_regex" ]; then
    stock_args=(--stock "$BENCH_OUT/$area-stock.json" --stock-log "$BENCH_OUT/$area-stock.log")
fi

say "report: ${BENCH_OUT#$repo/}/$area-report.md"
python3 "$bench/scripts/report.py" area "$BENCH_OUT/$area-image.json" "${stock_args[@]}" \
    --log "$BENCH_OUT/$area-image.log" \
    --out "$BENCH_OUT/$area-report.md" \
    --title "GrandeJDK benchmarks, area $area: image against stock"
