#!/usr/bin/env bash
# Calls per second against one server as the callers grow (make
# bench-scaling): void ping() from 1, 2, 4, 8, 16 and 64 threads of one
# client JVM sharing one stub, JMH throughput mode (-t N), on stock RMI on
# stock Temurin, on jdk.fastrmi over tcp and over the fabric (shm), each
# wait policy of jdk.fastrmi given in SCALING_WAITS; the C floor over TCP
# at the same caller counts (bench/native/tcp_callers: a connection and a
# server thread per caller, blocking or polling, and all callers on one
# connection, blocking or polling); then
# $BENCH_OUT/scaling-report.md and scaling.png.
#
#   bench/scripts/scaling.sh
#
# Environment: as run.sh (IMAGE, STOCK_JDK, BENCH_OUT, M2_REPO), and
#   SCALING_THREADS  the caller counts, default "1 2 4 8 16 64"
#   SCALING_WAITS    jdk.fastrmi.wait values measured, default "adaptive"
#                    (e.g. "adaptive block spin" to compare the policies)
#   SCALING_OPTS     JMH options, default "-f 1 -wi 1 -w 3s -i 4 -r 3s"
# One JMH run per (configuration, callers); the JSON results are
# $BENCH_OUT/scaling/CONFIG-tN.json. About 8 min with the defaults.
set -euo pipefail
source "$(dirname "$0")/common.sh"
SCALING_THREADS=${SCALING_THREADS:-1 2 4 8 16 64}
SCALING_WAITS=${SCALING_WAITS:-adaptive}
SCALING_OPTS=${SCALING_OPTS:--f 1 -wi 1 -w 3s -i 4 -r 3s}
REPORT_PY=${REPORT_PY:-python3}
export IMAGE STOCK_JDK BENCH_OUT

# the jar, built as run.sh builds it
BENCH_JAR_ONLY=1 "$bench/scripts/run.sh" scaling x
jar=$bench/target/benchmarks.jar
out=$BENCH_OUT/scaling
rm -rf "$out"
mkdir -p "$out"
export FI_TCP_IFACE=lo
load=$out/load.txt
echo "start: $(uptime)" > "$load"

run() {     # NAME JAVA BENCHMARK [JVM options]
    local name=$1 java=$2 benchmark=$3 jvm_opts=${4:-}
    for t in $SCALING_THREADS; do
        say "$name, $t callers"
        local extra=()
        [ -z "$jvm_opts" ] || extra=(-jvmArgsPrepend "$jvm_opts")
        # shellcheck disable=SC2086
        "$java" -jar "$jar" "$benchmark" -bm thrpt -tu s $SCALING_OPTS -t "$t" "${extra[@]}" \
            -rf json -rff "$out/$name-t$t.json" > "$out/$name-t$t.log" 2>&1 \
            || { echo "scaling: $name with $t callers failed; see $out/$name-t$t.log" >&2; exit 1; }
    done
}

run stock "$STOCK_JDK/bin/java" 'org\.grandejdk\.bench\.rmi\.RemoteCallStockBench\.ping$'
for wait in $SCALING_WAITS; do
    run "fastrmi-tcp-$wait" "$IMAGE/bin/java" 'org\.grandejdk\.bench\.fabric\.RemoteCallFastRmiTcpBench\.ping$' \
        "-Djdk.fastrmi.wait=$wait"
    run "fastrmi-shm-$wait" "$IMAGE/bin/java" 'org\.grandejdk\.bench\.rmi\.RemoteCallFastRmiBench\.ping$' \
        "-Djdk.fastrmi.wait=$wait"
done
say "C floor over tcp (bench/native/tcp_callers): block, poll, mux, muxpoll"
gcc -O2 -Wall -Wextra -pthread -o "$out/tcp_callers" "$bench/native/tcp_callers.c"
for mode in block poll mux muxpoll; do
    "$out/tcp_callers" -s 3 -w "$mode" $SCALING_THREADS
done > "$out/floor-tcp.txt"
echo "end:   $(uptime)" >> "$load"

say "report: ${BENCH_OUT#$repo/}/scaling-report.md"
"$REPORT_PY" "$bench/scripts/report.py" scaling --results "$out" --load "$load" \
    --command "make bench-scaling (SCALING_THREADS='$SCALING_THREADS' SCALING_WAITS='$SCALING_WAITS' SCALING_OPTS='$SCALING_OPTS')" \
    --out "$BENCH_OUT/scaling-report.md" --plot "$BENCH_OUT/scaling.png"
