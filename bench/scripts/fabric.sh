#!/usr/bin/env bash
# The fabric area (make bench-fabric): the libfastfabric round trip in C,
# the same through FFM from Java, and remote calls over the fabric against
# tcp and stock RMI; then build/bench/fabric-report.md.
#
#   bench/scripts/fabric.sh
#
# 1. the C floor: FI_TCP_IFACE=lo make -C fabric-native bench
#    (ff_pingpong over shm and tcp;ofi_rxm), saved to $BENCH_OUT/fabric-c.txt;
# 2. run.sh fabric: JMH on the image (FabricPingPongBench; ping() and
#    ping(Object) with the 32-int object on jdk.fastrmi over fabric shm,
#    fabric tcp;ofi_rxm and tcp, and on stock RMI) and on stock Temurin
#    (stock RMI): $BENCH_OUT/fabric-image.json, fabric-stock.json;
# 3. report.py fabric: the summary table with the targets, then run.sh's
#    tables, in $BENCH_OUT/fabric-report.md (also printed).
#
# Environment: as run.sh (IMAGE, STOCK_JDK, BENCH_OUT, M2_REPO, BENCH_OPTS).
# FI_TCP_IFACE=lo is exported here, so libfabric's TCP provider stays on the
# loopback in the C floor, in JMH's forks and in their servers (a JVM's
# child processes inherit its environment).
set -euo pipefail

bench=$(cd "$(dirname "$0")/.." && pwd)
repo=$(dirname "$bench")
BENCH_OUT=${BENCH_OUT:-$repo/build/bench}
BENCH_OPTS=${BENCH_OPTS:--f 1 -wi 3 -w 1s -i 5 -r 1s}
export IMAGE STOCK_JDK M2_REPO BENCH_OUT

say() { echo "    [$(date +%H:%M:%S)] $*"; }

if [ -n "${FI_PROVIDER:-}" ]; then
    echo "bench-fabric: FI_PROVIDER=$FI_PROVIDER is set; it would override every provider measured" >&2
    exit 1
fi
export FI_TCP_IFACE=lo

mkdir -p "$BENCH_OUT"
BENCH_OUT=$(cd "$BENCH_OUT" && pwd)
load=$BENCH_OUT/fabric-load.txt
echo "start: $(uptime)" > "$load"

say "C floor: FI_TCP_IFACE=lo make -C fabric-native bench (output: ${BENCH_OUT#$repo/}/fabric-c.txt)"
make --no-print-directory -C "$repo/fabric-native" bench 2>&1 | tee "$BENCH_OUT/fabric-c.txt"

# One JMH run per JVM; the 32-int object is the one payload of ping(Object).
image_regex='org\.grandejdk\.bench\.fabric\.(FabricPingPongBench\.roundTrip|RemoteCall\w+Bench\.(ping|pingObject))$|org\.grandejdk\.bench\.rmi\.RemoteCallStockBench\.(ping|pingObject)$'
stock_regex='org\.grandejdk\.bench\.rmi\.RemoteCallStockBench\.(ping|pingObject)$'
BENCH_OPTS="$BENCH_OPTS -p payload=int32" "$bench/scripts/run.sh" fabric "$image_regex" "$stock_regex"
echo "end:   $(uptime)" >> "$load"

say "report: ${BENCH_OUT#$repo/}/fabric-report.md"
python3 "$bench/scripts/report.py" fabric \
    --c "$BENCH_OUT/fabric-c.txt" \
    --image "$BENCH_OUT/fabric-image.json" \
    --stock "$BENCH_OUT/fabric-stock.json" \
    --load "$load" \
    --tables "$BENCH_OUT/fabric-report.md" \
    --out "$BENCH_OUT/fabric-report.md"
