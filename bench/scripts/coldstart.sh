#!/usr/bin/env bash
# An unchanged RMI program's first calls (make bench-coldstart): the driver
# org.grandejdk.bench.rmi.cold.ColdStart, a fresh client JVM and a fresh
# server JVM per run, COLD_RUNS runs per configuration, with and without a
# background listener thread waiting in a long poll; then
# $BENCH_OUT/coldstart-report.md, the medians and the ratios to stock (also
# printed).
#
#   bench/scripts/coldstart.sh
#
# Configurations (common.sh's driver_configurations): stock RMI on stock
# Temurin (the baseline), jdk.fastrmi over tcp and with its default
# technologies (fabric shared memory between the two JVMs). Environment:
# as run.sh (IMAGE, STOCK_JDK, BENCH_OUT, M2_REPO), COLD_RUNS (default 7),
# COLD_CALLS (3000), COLD_BACKGROUND ("no yes").
set -euo pipefail

source "$(dirname "$0")/common.sh"
COLD_RUNS=${COLD_RUNS:-7}
COLD_CALLS=${COLD_CALLS:-3000}
COLD_BACKGROUND=${COLD_BACKGROUND:-no yes}
export FI_TCP_IFACE=lo

driver_setup coldstart

run() {
    local jdk=$1 label=$2
    shift 2
    local background
    for background in $COLD_BACKGROUND; do
        say "$label, background listener: $background ($COLD_RUNS runs)"
        driver_runs "$COLD_RUNS" "$jdk" cold.ColdStart "$label" -Dcold.calls="$COLD_CALLS" \
            -Dcold.background=$([ "$background" = yes ] && echo true || echo false) "$@"
    done
}

driver_configurations run cold

python3 - "$rows" "$out" "$COLD_RUNS" "$COLD_CALLS" <<'PY'
import statistics, sys, datetime, os
rows_file, out, runs, calls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
groups = {}
for line in open(rows_file):
    f = [x.strip() for x in line.split('|')]
    row = [float(x) for x in f[2:8]]
    groups.setdefault((f[0], f[1]), []).append(row + [row[0] + row[4] * calls / 1000])
med = {k: [statistics.median(col) for col in zip(*v)] for k, v in groups.items()}
base = {bg: m for (label, bg), m in med.items() if label.startswith('stock RMI, Temurin')}
lines = [f"# An unchanged RMI program's first calls ({datetime.date.today()}, {os.cpu_count()} cores, "
         f"median of {runs} runs of a fresh client and server JVM, void ping())", "",
         "| configuration | background listener | lookup (ms) | first call (µs) | calls 1-100 (µs/call) "
         "| 1-1000 | 1-" + str(calls) + " | last 1000 | 1-" + str(calls) + " vs stock "
         "| lookup and " + str(calls) + " calls (ms) | vs stock |",
         "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
for (label, bg), m in med.items():
    ratio = base[bg][4] / m[4] if bg in base else float('nan')
    whole = base[bg][6] / m[6] if bg in base else float('nan')
    lines.append(f"| {label} | {bg} | {m[0]:.0f} | {m[1]:,.0f} | {m[2]:.0f} | {m[3]:.1f} | {m[4]:.1f} "
                 f"| {m[5]:.1f} | {ratio:.2f}x | {m[6]:.0f} | {whole:.2f}x |")
open(out, 'w').write('\n'.join(lines) + '\n')
PY
say "report: ${out#$repo/}"
cat "$out"
