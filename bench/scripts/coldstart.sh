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
# technologies (fabric shared memory between the two JVMs). Then a
# monitoring client's first JMX calls (org.grandejdk.bench.rmi.jmx.
# JmxColdStart: connect, a notification listener, getAttribute), stock RMI
# on Temurin and jdk.fastrmi, with the connector plain and over TLS.
# Environment: as run.sh (IMAGE, STOCK_JDK, BENCH_OUT, M2_REPO), COLD_RUNS
# (default 7), COLD_CALLS (3000), COLD_BACKGROUND ("no yes"), COLD_JMX
# ("plain tls"; empty: no JMX runs).
set -euo pipefail

source "$(dirname "$0")/common.sh"
COLD_RUNS=${COLD_RUNS:-7}
COLD_CALLS=${COLD_CALLS:-3000}
COLD_BACKGROUND=${COLD_BACKGROUND:-no yes}
COLD_JMX=${COLD_JMX-plain tls}
export FI_TCP_IFACE=lo

driver_setup coldstart

# runs_over WHAT MAIN PROPERTY VALUES JDK LABEL [JVM options]: COLD_RUNS
# runs of the driver MAIN for each of VALUES (yes or tls: PROPERTY true).
runs_over() {
    local what=$1 main=$2 property=$3 values=$4 jdk=$5 label=$6
    shift 6
    local value
    for value in $values; do
        say "$label, $what: $value ($COLD_RUNS runs)"
        driver_runs "$COLD_RUNS" "$jdk" "$main" "$label" -Dcold.calls="$COLD_CALLS" \
            -D"$property"=$(case $value in yes|tls) echo true ;; *) echo false ;; esac) "$@"
    done
}

run() {
    runs_over "background listener" cold.ColdStart cold.background "$COLD_BACKGROUND" "$@"
}

driver_configurations run cold
runs_over connector jmx.JmxColdStart cold.jmx.tls "$COLD_JMX" "$STOCK_JDK" "JMX, stock RMI, Temurin"
runs_over connector jmx.JmxColdStart cold.jmx.tls "$COLD_JMX" "$IMAGE" "JMX, jdk.fastrmi" -Djava.rmi.provider=fastrmi

python3 - "$rows" "$out" "$COLD_RUNS" "$COLD_CALLS" <<'PY'
import statistics, sys, datetime, os
rows_file, out, runs, calls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
groups = {}
for line in open(rows_file):
    f = [x.strip() for x in line.split('|')]
    row = [float(x) for x in f[2:8]]
    groups.setdefault((f[0], f[1]), []).append(row + [row[0] + row[4] * calls / 1000])
med = {k: [statistics.median(col) for col in zip(*v)] for k, v in groups.items()}
# the baseline of each table (ping, JMX) and column (background listener, connector)
base = {(label.startswith('JMX'), bg): m for (label, bg), m in med.items()
        if label in ('stock RMI, Temurin', 'JMX, stock RMI, Temurin')}
head = ("| 1-1000 | 1-" + str(calls) + " | last 1000 | 1-" + str(calls) + " vs stock "
        "| {0} and " + str(calls) + " calls (ms) | vs stock |")
tables = {False: [f"# An unchanged RMI program's first calls ({datetime.date.today()}, {os.cpu_count()} cores, "
                  f"median of {runs} runs of a fresh client and server JVM, void ping())", "",
                  "| configuration | background listener | lookup (ms) | first call (µs) | calls 1-100 (µs/call) "
                  + head.format("lookup"), "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"],
          True: ["", f"# A monitoring client's first JMX calls (median of {runs} runs of a fresh client and "
                 "server JVM, a notification listener added, getAttribute of Runtime's Uptime)", "",
                 "| RMI | connector | connect and listener (ms) | first call (µs) | calls 1-100 (µs/call) "
                 + head.format("connect"), "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]}
for (label, bg), m in med.items():
    jmx = label.startswith('JMX')
    b = base.get((jmx, bg))
    ratio = b[4] / m[4] if b else float('nan')
    whole = b[6] / m[6] if b else float('nan')
    name = label[len('JMX, '):] if jmx else label
    tables[jmx].append(f"| {name} | {bg} | {m[0]:.0f} | {m[1]:,.0f} | {m[2]:.0f} | {m[3]:.1f} | {m[4]:.1f} "
                       f"| {m[5]:.1f} | {ratio:.2f}x | {m[6]:.0f} | {whole:.2f}x |")
lines = tables[False] + (tables[True] if len(tables[True]) > 5 else [])
open(out, 'w').write('\n'.join(lines) + '\n')
PY
say "report: ${out#$repo/}"
cat "$out"
