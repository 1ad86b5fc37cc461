#!/usr/bin/env bash
# Calls beside busy neighbours (make bench-busy): the driver
# org.grandejdk.bench.rmi.busy.BusyNeighbours, a client JVM and a fresh
# server JVM each running a compute thread all along; BUSY_RUNS runs per
# configuration and caller count; then $BENCH_OUT/busy-report.md, the
# medians: calls a second against stock, and how much of its progress
# alone each JVM's compute thread keeps while the calls run (also printed).
#
#   bench/scripts/busy.sh
#
# Configurations (common.sh's driver_configurations): stock RMI on stock
# Temurin (the baseline), jdk.fastrmi over tcp and with its default
# technologies (fabric shared memory between the two JVMs). Environment:
# as run.sh (IMAGE, STOCK_JDK, BENCH_OUT, M2_REPO), BUSY_RUNS (default 3),
# BUSY_CALLERS (default "1 8"), BUSY_SECONDS (10), BUSY_ALONE_SECONDS (5),
# BUSY_WARMUP_SECONDS (5).
set -euo pipefail

source "$(dirname "$0")/common.sh"
BUSY_RUNS=${BUSY_RUNS:-3}
BUSY_CALLERS=${BUSY_CALLERS:-1 8}
BUSY_SECONDS=${BUSY_SECONDS:-10}
BUSY_ALONE_SECONDS=${BUSY_ALONE_SECONDS:-5}
BUSY_WARMUP_SECONDS=${BUSY_WARMUP_SECONDS:-5}
export FI_TCP_IFACE=lo

driver_setup busy

run() {
    local jdk=$1 label=$2
    shift 2
    local callers
    for callers in $BUSY_CALLERS; do
        say "$label, $callers callers ($BUSY_RUNS runs)"
        driver_runs "$BUSY_RUNS" "$jdk" busy.BusyNeighbours "$label" -Dbusy.callers="$callers" \
            -Dbusy.seconds="$BUSY_SECONDS" -Dbusy.aloneSeconds="$BUSY_ALONE_SECONDS" \
            -Dbusy.warmupSeconds="$BUSY_WARMUP_SECONDS" "$@"
    done
}

driver_configurations run busy

python3 - "$rows" "$out" "$BUSY_RUNS" "$BUSY_SECONDS" <<'PY'
import statistics, sys, datetime, os
rows_file, out, runs, seconds = sys.argv[1:5]
groups = {}
for line in open(rows_file):
    f = [x.strip() for x in line.split('|')]
    groups.setdefault((f[0], int(f[1])), []).append([float(x) for x in f[2:7]])
med = {k: [statistics.median(col) for col in zip(*v)] for k, v in groups.items()}
base = {callers: m for (label, callers), m in med.items() if label.startswith('stock RMI, Temurin')}
lines = [f"# Calls beside busy neighbours ({datetime.date.today()}, {os.cpu_count()} cores, median of {runs} runs "
         f"of {seconds} s; a compute thread in each JVM all along)", "",
         "| configuration | callers | calls/s | vs stock | client's compute, rounds/s alone | during calls "
         "| kept | server's compute alone | during calls | kept |",
         "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
for (label, callers), m in sorted(med.items(), key=lambda kv: (kv[0][1], kv[0][0] != 'stock RMI, Temurin')):
    calls, c_alone, c_busy, s_alone, s_busy = m
    ratio = calls / base[callers][0] if callers in base else float('nan')
    lines.append(f"| {label} | {callers} | {calls:,.0f} | {ratio:.2f}x | {c_alone:.0f} | {c_busy:.0f} "
                 f"| {c_busy / c_alone:.0%} | {s_alone:.0f} | {s_busy:.0f} | {s_busy / s_alone:.0%} |")
open(out, 'w').write('\n'.join(lines) + '\n')
PY
say "report: ${out#$repo/}"
cat "$out"
