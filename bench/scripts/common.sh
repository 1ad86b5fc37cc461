# Sourced by the bench scripts: where things are, with run.sh's defaults
# (the Makefile sets IMAGE, STOCK_JDK, BENCH_OUT and M2_REPO), and say.
bench=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(dirname "$bench")
IMAGE=${IMAGE:-$repo/build/jdk}
STOCK_JDK=${STOCK_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
BENCH_OUT=${BENCH_OUT:-$repo/build/bench}
say() { echo "    [$(date +%H:%M:%S)] $*"; }

# The drivers (load.sh, coldstart.sh, busy.sh), which are not JMH: each
# run prints its results as lines "ROW | ...".
# driver_setup NAME: the jar, built as run.sh builds it; out (the report,
# $BENCH_OUT/NAME-report.md) and rows ($BENCH_OUT/NAME-rows.txt, emptied).
driver_setup() {
    BENCH_JAR_ONLY=1 "$bench/scripts/run.sh" "$1" none
    mkdir -p "$BENCH_OUT"
    out=$BENCH_OUT/$1-report.md
    rows=$BENCH_OUT/$1-rows.txt
    : > "$rows"
}
# driver_run JDK MAIN LABEL [JVM options]: one run of the driver class MAIN
# (org.grandejdk.bench.rmi.MAIN) on JDK's java; its output to stderr as it
# comes, its rows, without the prefix, appended to rows.
driver_run() {
    local jdk=$1 main=$2 label=$3
    shift 3
    "$jdk/bin/java" -Djava.rmi.server.hostname=127.0.0.1 "$@" -cp "$bench/target/benchmarks.jar" \
        "org.grandejdk.bench.rmi.$main" "$label" | tee /dev/stderr | sed -n 's/^ROW | //p' >> "$rows"
}
# driver_runs N JDK MAIN LABEL [JVM options]: driver_run N times.
driver_runs() {
    local n=$1 i
    shift
    for ((i = 1; i <= n; i++)); do
        driver_run "$@"
    done
}
# driver_configurations RUN PREFIX: the function RUN called as RUN JDK LABEL
# [JVM options] for each configuration of the first-calls and busy-neighbours
# drivers: stock RMI on stock Temurin (the baseline: the reports find it by
# this label), jdk.fastrmi over tcp, and jdk.fastrmi with its default
# technologies (fabric shared memory between the two JVMs). PREFIX.technology
# (cold.technology, busy.technology) tells the driver which technology its
# stub must have.
driver_configurations() {
    local run=$1 prefix=$2
    "$run" "$STOCK_JDK" "stock RMI, Temurin"
    "$run" "$IMAGE" "jdk.fastrmi tcp" -Djava.rmi.provider=fastrmi -Djdk.fastrmi.technologies=tcp \
        -D"$prefix".technology=tcp
    "$run" "$IMAGE" "jdk.fastrmi default (fabric shm)" -Djava.rmi.provider=fastrmi \
        -D"$prefix".technology=fabric:shm
}
