"""The scaling report: calls per second against one server as callers grow.

    report.py scaling --results DIR [--load LOAD_TXT] [--command CMD]
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

import glob
import os
import re

from report.common import (emit, options, pyplot, read_jmh, read_text, save_figure, score_of,
                           table, warn)

NAME = re.compile(r"^(?P<config>.+)-t(?P<threads>\d+)\.json$")


def read(results):
    """{config: {threads: (score, error)}}; the error NaN if JMH gave none."""
    calls = {}
    for path in sorted(glob.glob(os.path.join(results, "*.json"))):
        m = NAME.match(os.path.basename(path))
        if not m:
            continue
        runs = read_jmh(path, path, [])
        if not runs:
            raise SystemExit(f"report.py scaling: {path} has no result")
        score, error, _ = score_of(runs[0])
        threads = int(runs[0].get("threads", m.group("threads")))
        calls.setdefault(m.group("config"), {})[threads] = (score, error)
    if "stock" not in calls:
        raise SystemExit(f"report.py scaling: no stock results in {results}")
    return calls


def order(configs):
    return ["stock"] + sorted(c for c in configs if c != "stock")


def fmt(score, error):
    err = "" if error != error or error == 0 else f" ± {error:,.0f}"
    return f"{score:,.0f}{err}"


def report(calls, load, command):
    configs = order(calls)
    threads = sorted({t for c in calls.values() for t in c})
    lines = ["# Calls per second as callers grow", ""]
    if command:
        lines += [f"Command: `{command}`. void ping() from N threads of one client JVM "
                  "sharing one stub, against one server JVM (JMH throughput mode, -t N).", ""]
    lines += table(["callers"] + configs,
                   [[str(t)] + [fmt(*calls[c][t]) if t in calls[c] else "" for c in configs]
                    for t in threads], left=0)
    lines += ["", "Against stock RMI at the same caller count (calls/s, higher is better):", ""]
    rows = []
    for t in threads:
        stock = calls["stock"].get(t)
        rows.append([str(t)] + [f"{calls[c][t][0] / stock[0]:.2f}x"
                                if stock and t in calls[c] else "" for c in configs[1:]])
    lines += table(["callers"] + configs[1:], rows, left=0)
    if load:
        lines += ["", "Machine load during the run:", "", "```", load.strip(), "```"]
    return "\n".join(lines) + "\n"


def plot(calls, path):
    plt = pyplot()
    if not plt:
        warn("scaling", "matplotlib is not installed; no plot")
        return
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for c in order(calls):
        ts = sorted(calls[c])
        ax.errorbar(ts, [calls[c][t][0] for t in ts],
                    yerr=[0 if calls[c][t][1] != calls[c][t][1] else calls[c][t][1] for t in ts],
                    marker="o", capsize=3, label=c)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("concurrent callers (threads of one client JVM)")
    ax.set_ylabel("calls/s (void ping)")
    ax.set_title("One server, more callers")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    save_figure(plt, fig, path, 110)


def main(argv):
    args = options("scaling", __doc__, argv,
                   ["--results", "--load", "--command", "--out", "--plot"], required=["--results"])
    calls = read(args.results)
    emit(report(calls, read_text(args.load), args.command), args.out)
    if args.plot:
        plot(calls, args.plot)
