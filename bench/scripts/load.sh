#!/usr/bin/env bash
# How many callers one RMI server holds (make bench-load): the load driver
# org.grandejdk.bench.rmi.load.ServerLoad, once per configuration, each
# with its server in a second JVM of a 256 MB heap; then
# $BENCH_OUT/load-report.md, one table (also printed).
#
#   bench/scripts/load.sh
#
# Configurations: stock RMI on stock Temurin (the baseline) and on the
# image; jdk.fastrmi over tcp and with its default technologies (fabric
# shared memory between the two JVMs). Environment: as run.sh (IMAGE,
# STOCK_JDK, BENCH_OUT, M2_REPO), and LOAD_LEVELS (default
# 256,1024,2048,4096,8192), LOAD_HOLD_MILLIS (3000), LOAD_SERVER_HEAP (256m).
# The client threads and connections of the highest level need about as
# many descriptors on each side (ulimit -n).
set -euo pipefail

source "$(dirname "$0")/common.sh"
LOAD_LEVELS=${LOAD_LEVELS:-256,1024,2048,4096,8192}
LOAD_HOLD_MILLIS=${LOAD_HOLD_MILLIS:-3000}
LOAD_SERVER_HEAP=${LOAD_SERVER_HEAP:-256m}
export FI_TCP_IFACE=lo

driver_setup load

run() {
    local jdk=$1 label=$2
    shift 2
    say "$label"
    driver_run "$jdk" load.ServerLoad "$label" -Xmx2g -Dload.levels="$LOAD_LEVELS" \
        -Dload.holdMillis="$LOAD_HOLD_MILLIS" -Dload.serverHeap="$LOAD_SERVER_HEAP" "$@"
}

run "$STOCK_JDK" "stock RMI, Temurin"
run "$IMAGE" "stock RMI, image"
run "$IMAGE" "jdk.fastrmi tcp" -Djava.rmi.provider=fastrmi -Djdk.fastrmi.technologies=tcp
run "$IMAGE" "jdk.fastrmi default (fabric shm)" -Djava.rmi.provider=fastrmi

{
    echo "# Server load ($(date -u +%Y-%m-%d), $(nproc) cores, server heap $LOAD_SERVER_HEAP, calls held $LOAD_HOLD_MILLIS ms, ulimit -n $(ulimit -n))"
    echo
    echo "| configuration | callers at once | calls ok | failed | server threads | server heap after GC (MB) | server fds | ping under load, µs (p50 / p99) | server threads, idle | server fds, idle | ping with the connections idle, µs (p50 / p99) |"
    echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    sed 's/^/| /' "$rows"
} > "$out"
say "report: ${out#$repo/}"
cat "$out"
