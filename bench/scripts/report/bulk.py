"""The bulk-data report: round trip and one-way bandwidth against size.

    report.py bulk --image IMAGE_JSON [--stock STOCK_JSON] [--log JMH_LOG]...
                   [--floors DIR] [--run RUN_TXT] [--out REPORT_MD]
                   [--latency-plot PNG] [--bandwidth-plot PNG]

Inputs, as bench/scripts/bulk.sh writes them: JMH's JSON of the image run
(org.grandejdk.bench.bulk: BulkStockBench, BulkFastRmiTcpBench,
BulkFabricShmBench, and BulkNewValuesBench, the two new values an echo
makes against copies into reused arrays) and of the stock run
(BulkStockBench on stock Temurin); the JMH logs (their "bulk-config:" lines
say what each configuration ran on); in DIR the floors, bulk-memcpy.txt,
bulk-tcp.txt, bulk-mpi.txt (lines "TOOL bytes=N iters=I rtt_us=X bw_gbs=Y
window=W", bench/native/bulk_floor.h) and bulk-ff.txt (ff_pingpong's lines
"provider=P size=N ... rtt_us=X"); bulk-run.txt, the run's record. A floor
or a configuration that is missing is left out, with a note.

roundTrip is echo(data), its time per call the round trip; oneWay is a run
of void take(data) calls, JMH's calls/s, times the bytes: the one-way
bandwidth a caller gets when it waits for each call (10^9 bytes/s). The
floors' round trips are theirs; their bandwidth is a run of messages
without waiting (osu_bw's way: MPI and TCP), one copy (memcpy), or, for
ff_pingpong, which has no such run, the bytes over half its round trip.

Tables: a summary (the smallest size's round trip, the largest's round
trip and bandwidth, the best bandwidth); the round trip per kind, a row per
size, a column per configuration and floor; the speed-up over stock RMI on
stock Temurin; each configuration's round trip as a multiple of MPI's and
of ff_pingpong over shm; the least an echo can take (ff_pingpong over shm
plus what fresh memory adds to an echo's two copies) against jdk.fastrmi
over shm; the one-way bandwidth per kind. The plots
(matplotlib, if it is installed) draw the round trip and the bandwidth
against the size, both axes logarithmic, a panel per kind, a curve per
configuration and floor.
"""

import math
import os
import re

from report.common import (PACKAGE, emit, options, pyplot, read_jmh, read_text, relative_error,
                           run_settings, save_figure, score_of, table, to_us, warn)

BULK_PACKAGE = PACKAGE + "bulk."
KINDS = ["byte", "int", "double", "double2d", "list"]

# (key, label, which JMH file, class)
CONFIGS = [("temurin", "stock RMI, Temurin", "stock", "BulkStockBench"),
           ("image-stock", "stock RMI, image", "image", "BulkStockBench"),
           ("fastrmi-tcp", "jdk.fastrmi tcp", "image", "BulkFastRmiTcpBench"),
           ("fastrmi-shm", "jdk.fastrmi fabric shm", "image", "BulkFabricShmBench")]
BASELINE = "temurin"
# Java floors, measured by JMH like a configuration but not one: (key, label, file, class).
JAVA_FLOORS = [("new-values", "two new values (clone)", "image", "BulkNewValuesBench")]

# (key, label, file in --floors); the MPI label gets the version from the record.
FLOORS = [("memcpy", "memcpy", "bulk-memcpy.txt"),
          ("tcp", "C, TCP 127.0.0.1", "bulk-tcp.txt"),
          ("mpi", "MPI", "bulk-mpi.txt"),
          ("ff-shm", "ff_pingpong shm", "bulk-ff.txt"),
          ("ff-tcp", "ff_pingpong tcp;ofi_rxm", "bulk-ff.txt")]

FLOOR_LINE = re.compile(r"^(?P<tool>\w+) bytes=(?P<bytes>\d+) iters=\d+ rtt_us=(?P<rtt>[\d.]+) "
                        r"bw_gbs=(?P<bw>[\d.]+) window=(?P<window>\d+)")
FF_LINE = re.compile(r"ff_pingpong provider=(?P<provider>\S+) size=(?P<bytes>\d+) iters=\d+ "
                     r"rtt_us=(?P<rtt>[\d.]+)")
CONFIG_LINE = re.compile(r"bulk-config: (?P<cls>\w+) (?P<rest>.*)$")

# A cell whose JMH error is above this share of its score is marked "~".
NOISY = 0.25


# How read_jmh words a JMH file it cannot use, in the notes.
READ_NOTES = {"not given": "{what}: no results (not given).",
              "unreadable": "{what}: no results ({path}).",
              "not JSON": "{what}: {path} is not JSON ({error}).",
              "not JMH": None, "empty": None}


def results(image, stock, notes):
    """{config: {method: {kind: {bytes: (µs per call, relative error)}}}}, and
    {config: its first JMH record} (the run's settings)."""
    files = {"image": read_jmh(image, "image", notes, READ_NOTES),
             "stock": read_jmh(stock, "stock", notes, READ_NOTES)}
    table, settings = {}, {}
    for key, _, file, cls in CONFIGS + JAVA_FLOORS:
        for record in files[file]:
            name = str(record.get("benchmark", ""))
            if not name.startswith(BULK_PACKAGE + cls + "."):
                continue
            method = name.rpartition(".")[2]
            params = record.get("params") or {}
            try:
                score, error, unit = score_of(record)
                t, rel = to_us(score, error, unit)[0], relative_error(score, error)
                kind, size = params["kind"], int(params["bytes"])
            except (KeyError, TypeError, ValueError):
                notes.append("%s: a result of %s could not be read." % (file, name))
                continue
            table.setdefault(key, {}).setdefault(method, {}).setdefault(kind, {})[size] = (t, rel)
            settings.setdefault(key, record)
    for key, label, _, _ in CONFIGS + JAVA_FLOORS:
        if key not in table:
            notes.append("No results of %s." % label)
    return table, settings


def floors(directory, notes):
    """{floor: {bytes: (round trip µs, one-way GB/s)}}"""
    out = {}
    if not directory:
        return out
    for key, label, name in FLOORS:
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            continue
        rows = {}
        with open(path) as f:
            for line in f:
                if key.startswith("ff-"):
                    m = FF_LINE.search(line)
                    if m and m.group("provider") == ("shm" if key == "ff-shm" else "tcp;ofi_rxm"):
                        size, rtt = int(m.group("bytes")), float(m.group("rtt"))
                        rows[size] = (rtt, size / (rtt / 2) / 1e3)
                else:
                    m = FLOOR_LINE.search(line)
                    if m:
                        rows[int(m.group("bytes"))] = (float(m.group("rtt")), float(m.group("bw")))
        if rows:
            out[key] = rows
        else:
            notes.append("%s: no lines of %s in %s." % (label, key, path))
    return out


def floor_labels(run_text):
    labels = {k: label for k, label, _ in FLOORS}
    m = re.search(r"^mpi: (Open MPI v[\d.]+)", run_text, re.M)
    btl = re.search(r"--mca btl self,(\w+)", run_text)
    if m:
        labels["mpi"] = "MPI (%s%s)" % (m.group(1), ", " + btl.group(1) if btl else "")
    return labels


def config_lines(logs):
    """{class: the rest of its first bulk-config: line}"""
    out = {}
    for path in logs or []:
        if not os.path.exists(path):
            continue
        with open(path, errors="replace") as f:
            for line in f:
                m = CONFIG_LINE.search(line)
                if m:
                    out.setdefault((path, m.group("cls")), m.group("rest").strip())
    return out


# ---------------------------------------------------------------- format ----

def fmt_us(x):
    if x is None:
        return ""
    if x < 10:
        return "%.2f" % x
    if x < 100:
        return "%.1f" % x
    return "{:,.0f}".format(x)


def fmt_gbs(x):
    if x is None:
        return ""
    if x >= 10:
        return "%.1f" % x
    if x >= 0.01 or x <= 0:
        return "%.2f" % x
    # Two significant digits, without an exponent: 0.000087.
    return "%.*f" % (1 - math.floor(math.log10(x)), x)


def fmt_ratio(x):
    if x is None:
        return ""
    return ("%.1fx" if x >= 10 else "%.2fx") % x


def fmt_size(n):
    for unit, k in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= k and n % k == 0:
            return "%d %s" % (n // k, unit)
    return "%d B" % n


def noisy(rel):
    return "~" if rel == rel and rel > NOISY else ""


# ---------------------------------------------------------------- report ----

class Data:
    def __init__(self, jmh, floor, labels):
        self.jmh, self.floor, self.labels = jmh, floor, labels
        self.configs = [(k, label) for k, label, _, _ in CONFIGS if k in jmh]
        self.floors = [(k, labels[k]) for k, _, _ in FLOORS if k in floor]
        kinds = {kind for c in jmh.values() for m in c.values() for kind in m}
        self.kinds = [k for k in KINDS if k in kinds] + sorted(kinds - set(KINDS))
        self.sizes = sorted({s for c in jmh.values() for m in c.values() for k in m.values() for s in k}
                            | {s for f in floor.values() for s in f})

    def rtt(self, config, kind, size):
        """(µs, relative error) of the round trip, or None."""
        return self.jmh.get(config, {}).get("roundTrip", {}).get(kind, {}).get(size)

    def bw(self, config, kind, size):
        """(GB/s, relative error) of the one-way run, or None."""
        r = self.jmh.get(config, {}).get("oneWay", {}).get(kind, {}).get(size)
        return None if r is None else (size / r[0] / 1e3, r[1])

    def floor_rtt(self, floor, size):
        r = self.floor.get(floor, {}).get(size)
        return None if r is None else r[0]

    def floor_bw(self, floor, size):
        r = self.floor.get(floor, {}).get(size)
        return None if r is None else r[1]


def summary_lines(d):
    kind = "byte" if "byte" in d.kinds else (d.kinds[0] if d.kinds else None)
    if kind is None:
        return []
    sizes = [s for s in d.sizes if any(d.rtt(c, kind, s) for c, _ in d.configs)]
    if not sizes:
        return []
    small, large = sizes[0], sizes[-1]
    both = small != large   # one size: one round-trip column
    rows = []
    for c, label in d.configs:
        bws = [(d.bw(c, kind, s)[0], s) for s in sizes if d.bw(c, kind, s)]
        best = max(bws) if bws else None
        r_small, r_large, b_large = d.rtt(c, kind, small), d.rtt(c, kind, large), d.bw(c, kind, large)
        rows.append([label]
                    + ([fmt_us(r_small[0]) + noisy(r_small[1]) if r_small else ""] if both else [])
                    + [fmt_us(r_large[0]) + noisy(r_large[1]) if r_large else "",
                       fmt_gbs(b_large[0]) + noisy(b_large[1]) if b_large else "",
                       "%s (%s)" % (fmt_gbs(best[0]), fmt_size(best[1])) if best else ""])
    for f, label in d.floors:
        bws = [(d.floor_bw(f, s), s) for s in sizes if d.floor_bw(f, s) is not None]
        best = max(bws) if bws else None
        rows.append([label]
                    + ([fmt_us(d.floor_rtt(f, small))] if both else [])
                    + [fmt_us(d.floor_rtt(f, large)), fmt_gbs(d.floor_bw(f, large)),
                       "%s (%s)" % (fmt_gbs(best[0]), fmt_size(best[1])) if best else ""])
    header = ([""] + (["round trip %s (µs)" % fmt_size(small)] if both else [])
              + ["round trip %s (µs)" % fmt_size(large), "one-way %s (GB/s)" % fmt_size(large),
                 "best one-way GB/s (at)"])
    return (["## Summary (%s[])" % kind, "",
             "The latency of the smallest message and the bandwidth of the largest, as "
             "osu_latency and osu_bw are quoted (but the round trip, not half of it).", ""]
            + table(header, rows) + [""])


def per_kind_tables(d, score, floor_score, fmt):
    """A table per kind: a row per size that some configuration measured, a
    column per configuration (score(config, kind, size): (value, error) or
    None), then one per floor (floor_score(floor, size)); fmt formats a value."""
    lines = []
    for kind in d.kinds:
        rows = []
        for s in d.sizes:
            cells = []
            for c, _ in d.configs:
                r = score(c, kind, s)
                cells.append(fmt(r[0]) + noisy(r[1]) if r else "")
            cells += [fmt(floor_score(f, s)) for f, _ in d.floors]
            if any(cells[:len(d.configs)]):
                rows.append([fmt_size(s)] + cells)
        lines += ["### %s" % kind, ""]
        lines += table(["bytes"] + [label for _, label in d.configs + d.floors], rows) + [""]
    return lines


def latency_lines(d):
    return (["## Round trip (µs per call; lower is better)", "",
             "echo(data) for the configurations; the floors' round trips of the same bytes.", ""]
            + per_kind_tables(d, d.rtt, d.floor_rtt, fmt_us))


def speedup_lines(d):
    others = [(c, label) for c, label in d.configs if c != BASELINE]
    if BASELINE not in d.jmh or not others:
        return ["## Against stock RMI on Temurin", "",
                "No baseline (stock RMI on stock Temurin) in this run.", ""]
    rows = []
    for kind in d.kinds:
        for s in d.sizes:
            base_rtt, base_bw = d.rtt(BASELINE, kind, s), d.bw(BASELINE, kind, s)
            if not base_rtt and not base_bw:
                continue
            cells = []
            for c, _ in others:
                r = d.rtt(c, kind, s)
                cells.append(fmt_ratio(base_rtt[0] / r[0]) if r and base_rtt else "")
            for c, _ in others:
                b = d.bw(c, kind, s)
                cells.append(fmt_ratio(b[0] / base_bw[0]) if b and base_bw else "")
            rows.append([kind, fmt_size(s)] + cells)
    header = (["kind", "bytes"] + ["round trip: %s" % label for _, label in others]
              + ["one-way: %s" % label for _, label in others])
    return (["## Against stock RMI on Temurin (speed-up; above 1 is faster)", "",
             "Round trip: Temurin's time / this time; one-way: this bandwidth / Temurin's.", ""]
            + table(header, rows) + [""])


def floor_ratio_lines(d, floor):
    if floor not in d.floor:
        return []
    label = d.labels[floor]
    rows = []
    for kind in d.kinds:
        for s in d.sizes:
            f = d.floor_rtt(floor, s)
            if f is None:
                continue
            cells = []
            for c, _ in d.configs:
                r = d.rtt(c, kind, s)
                cells.append(fmt_ratio(r[0] / f) if r else "")
            if any(cells):
                rows.append([kind, fmt_size(s), fmt_us(f)] + cells)
    return (["## Round trip against %s (× its time; 1.00x would be as fast)" % label, ""]
            + table(["kind", "bytes", "%s (µs)" % label] + [lab for _, lab in d.configs], rows) + [""])


def new_values_lines(d):
    """What fresh memory adds to an echo: BulkNewValuesBench's two new values
    (fresh) against the same two copies into arrays kept (reused); added to
    ff_pingpong over shm, which reuses its buffers, the least an unchanged
    program's echo can take."""
    nv = d.jmh.get("new-values", {})
    if not nv or "ff-shm" not in d.floor:
        return []
    shm = "fastrmi-shm"
    rows = []
    for kind in d.kinds:
        for s in d.sizes:
            f = d.floor_rtt("ff-shm", s)
            fresh, reused = nv.get("fresh", {}).get(kind, {}).get(s), nv.get("reused", {}).get(kind, {}).get(s)
            if f is None or fresh is None or reused is None:
                continue
            extra = max(0.0, fresh[0] - reused[0])
            least = f + extra
            r = d.rtt(shm, kind, s)
            rows.append([kind, fmt_size(s), fmt_us(fresh[0]) + noisy(fresh[1]),
                         fmt_us(reused[0]) + noisy(reused[1]), fmt_us(extra), fmt_us(f), fmt_us(least),
                         fmt_ratio(least / f), fmt_us(r[0]) + noisy(r[1]) if r else "",
                         fmt_ratio(r[0] / least) if r else ""])
    return (["## What the new values cost (µs; the least an echo can take)", "",
             "An unchanged java.rmi echo makes two new values of the data (the callee's argument, "
             "the caller's result) in fresh heap memory; ff_pingpong writes into buffers it reuses. "
             "BulkNewValuesBench in the bulk JVMs' heap: \"fresh\" two clones (the cheapest way to "
             "fill a new array), \"reused\" the same two copies into arrays kept; \"fresh memory\" "
             "the difference. \"least\" = ff_pingpong shm + fresh memory: no echo over shm can be "
             "faster. The floors run before the JVMs, so compare the ratios of one run only.", ""]
            + table(["kind", "bytes", "two new values", "two copies reused", "fresh memory",
                     "ff_pingpong shm", "least", "least / ff_pingpong", "jdk.fastrmi shm",
                     "shm / least"], rows) + [""])


def bandwidth_lines(d):
    lines = ["## One-way bandwidth (GB/s, 10^9 bytes/s; higher is better)", "",
             "Configurations: void take(data) calls back to back, each waiting for its empty reply "
             "(calls/s × bytes). Floors: MPI and C TCP a window of messages per acknowledgement "
             "(osu_bw), memcpy one copy, ff_pingpong the bytes over half its round trip (it has "
             "no streaming run).", ""]
    return lines + per_kind_tables(d, d.bw, d.floor_bw, fmt_gbs)


def ran_lines(settings, configs, run_text):
    lines = ["## What ran", ""]
    for key, label, _, _ in CONFIGS:
        record = settings.get(key)
        if not record:
            continue
        # In process, JMH lists the JVM's options and the fork's, which repeat.
        options = list(dict.fromkeys(record.get("jvmArgs") or []))
        lines.append("- %(label)s: %(vmName)s %(vmVersion)s (%(jvm)s); %(warmupIterations)s "
                     "warm-up x %(warmupTime)s, %(measurementIterations)s x %(measurementTime)s, "
                     "forks %(forks)s; JVM options %(options)s."
                     % dict(run_settings(record), label=label, options=" ".join(options) or "none"))
    for (path, cls), rest in sorted(configs.items()):
        lines.append("- %s (%s): %s" % (cls, os.path.basename(path), rest))
    if run_text:
        lines += ["", "```", run_text.strip(), "```"]
    return lines + [""]


def report(d, settings, configs, run_text, notes):
    lines = ["# Bulk data through a remote call", "",
             "Round trip (echo) and one-way bandwidth (void take) of byte, int and double arrays, "
             "double[][] (rows of 4096 doubles) and List<double[]> (blocks of 4096) against the "
             "bytes of their elements, the server in a second JVM on 127.0.0.1, beside the floors "
             "of the same bytes in the same run (bench/README.md, \"Bulk data\"). A \"~\" marks a "
             "score whose JMH error is above %d%% of it." % (NOISY * 100), ""]
    if notes:
        lines += ["Notes:", ""] + ["- " + n for n in notes] + [""]
    lines += summary_lines(d)
    lines += latency_lines(d)
    lines += speedup_lines(d)
    lines += floor_ratio_lines(d, "mpi")
    lines += floor_ratio_lines(d, "ff-shm")
    lines += new_values_lines(d)
    lines += bandwidth_lines(d)
    lines += ran_lines(settings, configs, run_text)
    return "\n".join(lines)


# ----------------------------------------------------------------- plots ----

def plot(d, path, what):
    plt = pyplot()
    if not plt:
        warn("bulk", "matplotlib is not installed; no plot %s" % path)
        return
    if not d.kinds:
        return
    cols = min(3, len(d.kinds))
    rows = (len(d.kinds) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 4.2 * rows), squeeze=False)
    for i, kind in enumerate(d.kinds):
        ax = axes[i // cols][i % cols]
        for c, label in d.configs:
            pts = [(s, (d.rtt if what == "latency" else d.bw)(c, kind, s)) for s in d.sizes]
            pts = [(s, v[0]) for s, v in pts if v]
            if pts:
                ax.plot(*zip(*pts), marker="o", label=label)
        for f, label in d.floors:
            pts = [(s, (d.floor_rtt if what == "latency" else d.floor_bw)(f, s)) for s in d.sizes]
            pts = [(s, v) for s, v in pts if v]
            if pts:
                ax.plot(*zip(*pts), linestyle="--", marker=".", label=label)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ticks = d.sizes if len(d.sizes) <= 5 else d.sizes[::2]
        ax.set_xticks(ticks)
        ax.set_xticklabels([fmt_size(s) for s in ticks])
        ax.xaxis.set_minor_locator(plt.NullLocator())
        ax.set_title(kind)
        ax.set_xlabel("bytes per call")
        ax.set_ylabel("round trip (µs)" if what == "latency" else "one-way GB/s")
        ax.grid(True, which="both", alpha=0.3)
    for j in range(len(d.kinds), rows * cols):
        axes[j // cols][j % cols].axis("off")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=min(5, len(labels)), fontsize="small")
    fig.suptitle("Round trip against size (lower is better)" if what == "latency"
                 else "One-way bandwidth against size (higher is better)")
    fig.tight_layout(rect=(0, 0.08 if rows == 1 else 0.05, 1, 0.96))
    save_figure(plt, fig, path, 110)


def main(argv):
    args = options("bulk", __doc__, argv,
                   ["--image", "--stock", "--log", "--floors", "--run", "--out", "--latency-plot",
                    "--bandwidth-plot"], required=["--image"], repeated=["--log"])
    notes = []
    jmh, settings = results(args.image, args.stock, notes)
    run_text = read_text(args.run)
    d = Data(jmh, floors(args.floors, notes), floor_labels(run_text))
    text = report(d, settings, config_lines(args.log), run_text, notes)
    emit(text, args.out)
    if args.latency_plot:
        plot(d, args.latency_plot, "latency")
    if args.bandwidth_plot:
        plot(d, args.bandwidth_plot, "bandwidth")
