#!/usr/bin/env python3
"""The scaling report: calls per second against one server as callers grow.

    scaling_report.py --results DIR [--load LOAD_TXT] [--command CMD]
                      [--out REPORT_MD] [--plot PNG]

Inputs: DIR/CONFIG-tN.json, JMH's JSON of one throughput run (void ping()
from N threads sharing one stub) per configuration and caller count, as
bench/scripts/scaling.sh writes them; CONFIG is "stock" (stock RMI on stock
Temurin) or "fastrmi-TECHNOLOGY-WAIT" (jdk.fastrmi on the image over that
technology with -Djdk.fastrmi.wait=WAIT). The machine's load (uptime lines)
goes under the tables.

Tables: calls/s (JMH's score and its 99.9% error) a row per caller count, a
column per configuration; then each jdk.fastrmi configuration against stock
at the same caller count. The plot (matplotlib, if it is installed) draws
calls/s against callers, both axes logarithmic.
"""

import argparse
import glob
import json
import os
import re
import sys

NAME = re.compile(r"^(?P<config>.+)-t(?P<threads>\d+)\.json$")


def read(results):
    """{config: {threads: (score, error)}}"""
    table = {}
    for path in sorted(glob.glob(os.path.join(results, "*.json"))):
        m = NAME.match(os.path.basename(path))
        if not m:
            continue
        with open(path) as f:
            runs = json.load(f)
        if not runs:
            raise SystemExit(f"scaling_report: {path} has no result")
        metric = runs[0]["primaryMetric"]
        threads = int(runs[0].get("threads", m.group("threads")))
        table.setdefault(m.group("config"), {})[threads] = (metric["score"], metric.get("scoreError") or 0.0)
    if "stock" not in table:
        raise SystemExit(f"scaling_report: no stock results in {results}")
    return table


def order(configs):
    return ["stock"] + sorted(c for c in configs if c != "stock")


def fmt(score, error):
    err = "" if error != error or error == 0 else f" ± {error:,.0f}"   # NaN for one iteration
    return f"{score:,.0f}{err}"


def report(table, load, command):
    configs = order(table)
    threads = sorted({t for c in table.values() for t in c})
    lines = ["# Calls per second as callers grow", ""]
    if command:
        lines += [f"Command: `{command}`. void ping() from N threads of one client JVM "
                  "sharing one stub, against one server JVM (JMH throughput mode, -t N).", ""]
    lines += ["| callers | " + " | ".join(configs) + " |",
              "|--:|" + "--:|" * len(configs)]
    for t in threads:
        cells = [fmt(*table[c][t]) if t in table[c] else "" for c in configs]
        lines.append(f"| {t} | " + " | ".join(cells) + " |")
    lines += ["", "Against stock RMI at the same caller count (calls/s, higher is better):", "",
              "| callers | " + " | ".join(configs[1:]) + " |",
              "|--:|" + "--:|" * (len(configs) - 1)]
    for t in threads:
        stock = table["stock"].get(t)
        cells = []
        for c in configs[1:]:
            cells.append(f"{table[c][t][0] / stock[0]:.2f}x" if stock and t in table[c] else "")
        lines.append(f"| {t} | " + " | ".join(cells) + " |")
    if load:
        lines += ["", "Machine load during the run:", "", "```", load.strip(), "```"]
    return "\n".join(lines) + "\n"


def plot(table, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("scaling_report: matplotlib is not installed; no plot", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for c in order(table):
        ts = sorted(table[c])
        ax.errorbar(ts, [table[c][t][0] for t in ts],
                    yerr=[0 if table[c][t][1] != table[c][t][1] else table[c][t][1] for t in ts],
                    marker="o", capsize=3, label=c)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("concurrent callers (threads of one client JVM)")
    ax.set_ylabel("calls/s (void ping)")
    ax.set_title("One server, more callers")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", required=True)
    ap.add_argument("--load")
    ap.add_argument("--command")
    ap.add_argument("--out")
    ap.add_argument("--plot")
    args = ap.parse_args(argv)
    table = read(args.results)
    load = open(args.load).read() if args.load and os.path.exists(args.load) else ""
    text = report(table, load, args.command)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(text, end="")
    if args.plot:
        plot(table, args.plot)


if __name__ == "__main__":
    main(sys.argv[1:])
