#!/usr/bin/env bash
# Run one area of the JMH collection on the image and on stock, then write
# the ratio report. Called by the Makefile (bench-vm, ...); usable by hand:
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
mvn_patch=() jmh_patch=() patch_files=()
if [ -n "$FASTSERIAL_PATCH" ]; then
    [ -d "$FASTSERIAL_PATCH/jdk/fastserial" ] \
        || { echo "bench: no jdk.fastserial classes in $FASTSERIAL_PATCH" >&2; exit 1; }
    FASTSERIAL_PATCH=$(cd "$FASTSERIAL_PATCH" && pwd)
    mvn_patch=(-Dfastserial.patch="$FASTSERIAL_PATCH")
    # The image's module-info may be older than the patch's (which the
    # VM ignores): the reads the engine needs are added by hand.
    jmh_patch=(-jvmArgsPrepend "--patch-module=jdk.fastserial=$FASTSERIAL_PATCH --add-reads=jdk.fastserial=jdk.unsupported")
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

# One JMH run: the host JVM is the JVM measured, and -jvm names it for the
# forks explicitly. -foe: a benchmark whose setup check fails stops the run.
# (JMH calls sun.misc.Unsafe; the option keeps JDK 25 from warning.) The
# full output goes to the log; the console gets a line per benchmark and
# JMH's summary table.
progress='
    /^# Benchmark: /  { bench = $3; sub(/^org[.]grandejdk[.]bench[.]/, "", bench); params = "" }
    /^# Parameters: / { params = substr($0, 15) }
    /^# Run progress: / { pct = $4; eta = $7 }
    /^# Fork: /       { printf "    %7s  ETA %s  %s%s\n", pct, eta, bench, (params == "" ? "" : " " params); fflush() }
    /^Benchmark +/    { table = 1 }
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
        | tee "$log" | awk "$progress"
    status=${PIPESTATUS[0]}
    set -e
    if [ "$status" -ne 0 ] || [ ! -s "$json" ]; then
        echo "bench: JMH on $name failed (exit $status); last lines of ${log#$repo/}:" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
}

run image "$IMAGE" "$image_regex" "${jmh_patch[@]}"
stock_args=()
if [ -n "$stock_regex" ]; then
    run stock "$STOCK_JDK" "$stock_regex"
    stock_args=(--stock "$BENCH_OUT/$area-stock.json" --stock-log "$BENCH_OUT/$area-stock.log")
fi

say "report: ${BENCH_OUT#$repo/}/$area-report.md"
python3 "$bench/scripts/ratios.py" "$BENCH_OUT/$area-image.json" "${stock_args[@]}" \
    --log "$BENCH_OUT/$area-image.log" \
    --out "$BENCH_OUT/$area-report.md" \
    --title "GrandeJDK benchmarks, area $area: image against stock"
