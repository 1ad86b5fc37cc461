"""The scaling report: calls per second against one server as callers grow.

    report.py scaling --results DIR [--load LOAD_TXT] [--command CMD]
                      [--out REPORT_MD] [--plot PNG]

Inputs: DIR/CONFIG-tN.json, JMH's JSON of one throughput run (void ping()
from N threads sharing one stub) per configuration and caller count, as
bench/scripts/scaling.sh writes them; CONFIG is "stock" (stock RMI on stock
Temurin) or "fastrmi-TECHNOLOGY-WAIT" (jdk.fastrmi on the image over that
technology with -Djdk.fastrmi.wait=WAIT). DIR/floor-tcp.txt, if there, has
the lines of bench/native/tcp_callers (the C floor over 127.0.0.1, the same
caller counts: one connection and server thread per caller, "block" and
"poll", and all callers on one connection, "mux" and "muxpoll"). The
machine's load (uptime lines)
goes under the tables.

Tables: calls/s (JMH's score and its 99.9% error) a row per caller count, a
column per configuration; then each jdk.fastrmi configuration against stock
at the same caller count; then the C floor, its CPU time per call and what
it is against stock: no Java RMI over TCP can go past it on the machine.
The plot (matplotlib, if it is installed) draws calls/s against callers,
both axes logarithmic, the floor dashed.
"""

import glob
import os
import re

from report.common import (emit, options, pyplot, read_jmh, read_text, save_figure, score_of,
                           table, warn)

NAME = re.compile(r"^(?P<config>.+)-t(?P<threads>\d+)\.json$")
FLOOR = re.compile(r"^tcp_callers mode=(?P<mode>\w+) callers=(?P<callers>\d+) size=\d+ "
                   r"calls_per_s=(?P<calls>[\d.]+) cpu_us_per_call=(?P<cpu>[\d.]+)$")


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


def read_floor(path):
    """{mode: {callers: (calls/s, CPU µs per call)}} of tcp_callers' lines."""
    floor = {}
    for line in (read_text(path) or "").splitlines():
        m = FLOOR.match(line.strip())
        if m:
            floor.setdefault(m.group("mode"), {})[int(m.group("callers"))] = (
                float(m.group("calls")), float(m.group("cpu")))
    return floor


def order(configs):
    return ["stock"] + sorted(c for c in configs if c != "stock")


def fmt(score, error):
    err = "" if error != error or error == 0 else f" ± {error:,.0f}"
    return f"{score:,.0f}{err}"


def report(calls, floor, load, command):
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
    if floor:
        modes = list(floor)
        lines += ["", "The C floor over TCP (bench/native/tcp_callers, the same callers, "
                  "64-byte calls, no serialization and no work): calls/s, the machine's CPU "
                  "time per call, and against stock RMI:", ""]
        rows = []
        for t in threads:
            stock = calls["stock"].get(t)
            row = [str(t)]
            for mode in modes:
                f = floor[mode].get(t)
                row += [f"{f[0]:,.0f}", f"{f[1]:.1f}", f"{f[0] / stock[0]:.2f}x" if stock else ""] \
                    if f else ["", "", ""]
            rows.append(row)
        lines += table(["callers"] + [f"{h} ({mode})" for mode in modes
                                      for h in ("calls/s", "CPU µs/call", "× stock")], rows, left=0)
    if load:
        lines += ["", "Machine load during the run:", "", "```", load.strip(), "```"]
    return "\n".join(lines) + "\n"


def plot(calls, floor, path):
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
    for mode in floor:
        ts = sorted(floor[mode])
        ax.plot(ts, [floor[mode][t][0] for t in ts], linestyle="--", marker=".",
                label=f"C floor, tcp {mode}")
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
    floor = read_floor(os.path.join(args.results, "floor-tcp.txt"))
    emit(report(calls, floor, read_text(args.load), args.command), args.out)
    if args.plot:
        plot(calls, floor, args.plot)
