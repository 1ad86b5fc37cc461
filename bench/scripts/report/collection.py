"""The RMI benchmark collection's report: Table 3, Figures 4 and 5.

The RMI benchmark collection is that of Philippsen, Haumacher and Nester,
"More Efficient Serialization and RMI for Java" (the paper), section 6.

    report.py collection --collection-image IMAGE_JSON --collection-stock STOCK_JSON
                         [--serial-image SERIAL_IMAGE_JSON] [--serial-stock SERIAL_STOCK_JSON]
                         --out DIR [--title TITLE]

`make report` and `make bench-smoke` run it. It reads JMH JSON results (a
JSON array of result objects):
  --collection-image  every configuration class of the collection run on the
                      image (RemoteCallStockBench, RemoteCallStockFastSerialBench,
                      RemoteCallFastRmiJdkBench, fabric.RemoteCallFastRmiTcpBench,
                      fabric.RemoteCallFabricShmBench);
  --collection-stock  RemoteCallStockBench on stock Temurin 25.0.3: the baseline;
  --serial-image, --serial-stock
                      the serializers (serial.*Bench) on the image and on stock.
Results of other classes are ignored; a missing file or configuration is
reported and the rest rendered.

Writes into DIR (and nowhere else):
  report.md          what was run, the headline (median and maximum % of time
                     saved per configuration, next to the paper's), Table 3's
                     excerpt in the paper's layout, the full table of every
                     constellation, the serialization table, and the figures;
  figure4.png        Figure 4: a box plot per configuration of the % of time
                     saved of every constellation against the baseline;
  figure5.png        Figure 5: % of time saved against the array size for
                     obj ping(byte[n]), obj ping(int[n]), obj ping(float[n]);
  serialization.png  round trip per object of each serializer and payload.
Prints the headline to standard output. Exits 1 only if there are no
collection results at all.

% saved for a constellation (a kernel and its argument) and a configuration
is 100 * (t_baseline - t_configuration) / t_baseline: negative is slower.

The figures need matplotlib (report.py's docstring: the venv); without it
the report says so and has none.
"""

import argparse
import math
import os
import random
import statistics
import sys
from collections import namedtuple

from report.common import (describe_run, fmt_factor, fmt_pct, fmt_time, is_smoke, pyplot,
                           read_jmh, results, run_warnings, save_figure, table, write_text)
from report.payloads import (SERIAL_PAYLOADS, SERIALIZER_NAMES, array_of, library_versions, ns,
                             payload_name)

# A configuration of the collection: which file, which class (simple name),
# its label in figures, a shorter one for table headings, the column of
# the paper it reproduces (None: no counterpart in the paper), and its colour
# and marker in the figures (colour-blind safe enough: markers differ too).
Config = namedtuple("Config", "key file cls label short paper colour marker")

CONFIGS = [
    Config("temurin", "stock", "RemoteCallStockBench",
           "stock RMI + JDK serialization, Temurin 25.0.3", "stock RMI + JDK ser., Temurin 25.0.3",
           "RMI", "black", "o"),
    Config("image-stock", "image", "RemoteCallStockBench",
           "stock RMI + JDK serialization, image", "stock RMI + JDK ser., image",
           None, "#7f7f7f", "s"),
    Config("rmi-fastserial", "image", "RemoteCallStockFastSerialBench",
           "stock RMI + jdk.fastserial", "stock RMI + fastserial",
           "UKA", "#ff7f0e", "^"),
    Config("fastrmi-jdk", "image", "RemoteCallFastRmiJdkBench",
           "jdk.fastrmi + JDK serialization, tcp", "fastrmi + JDK ser., tcp",
           "KaRMI", "#2ca02c", "v"),
    Config("fastrmi-tcp", "image", "RemoteCallFastRmiTcpBench",
           "jdk.fastrmi + jdk.fastserial, tcp", "fastrmi + fastserial, tcp",
           "UKA + KaRMI", "#1f77b4", "o"),
    Config("fastrmi-shm", "image", "RemoteCallFabricShmBench",
           "jdk.fastrmi + jdk.fastserial, fabric shm", "fastrmi + fastserial, fabric shm",
           "UKA + KaRMI + ParaStation", "#d62728", "D"),
]
BASELINE = "temurin"
BASELINE_LABEL = "stock RMI + JDK serialization on Temurin 25.0.3"

# What the paper's section 6.2 reports for a configuration: (median, max, where).
PAPER_HEADLINE = {
    "fastrmi-tcp": (45, 71, "Ethernet"),
    "fastrmi-shm": (85, 96, "ParaStation"),
}

# The kernels and small applications in the paper's order: (method, display).
KERNELS = [
    ("ping", "void ping()"),
    ("pingIntInt", "void ping(int, int)"),
    ("pingIntIntFloatFloat", "void ping(int, int, float, float)"),
    ("voidPingObject", "void ping(obj)"),
    ("pingObject", "obj ping(obj)"),
    ("voidPingpong", "void pingpong(obj)"),
    ("pingpong", "obj pingpong(obj)"),
    ("star", "obj star(obj)"),
    ("hamming", "Hamming"),
    ("paraffins", "Paraffins"),
    ("sor", "SOR"),
]
# RemoteCallBench.STAR_CLIENTS: the clients of one round of star.
STAR_CLIENTS = 3
KERNEL_NAMES = dict(KERNELS)
KERNEL_ORDER = {m: i for i, (m, _) in enumerate(KERNELS)}

ARRAY_TYPES = ["byte", "int", "float"]
ARRAY_SIZES = [50, 200, 500, 2000, 5000, 20000]

# The argument factories in the paper's order.
PAYLOADS = (["null"] + ["%s%d" % (t, n) for t in ARRAY_TYPES for n in ARRAY_SIZES]
            + ["int4", "int4null2", "int32", "tree15"])
PAYLOAD_ORDER = {p: i for i, p in enumerate(PAYLOADS)}

# Table 3 of the paper (PC part, and the ParaStation column of the DEC
# part): (row label, method, payload, the paper's % saved by UKA + KaRMI on
# the PC, by UKA + KaRMI + ParaStation on the DEC). method None: a heading.
TABLE3 = [
    ("void ping()", "ping", None, "52%", "92%"),
    ("void ping(2 int)", "pingIntInt", None, "46%", "87%"),
    ("obj ping(obj)", None, None, "", ""),
    ("• 32 int", "pingObject", "int32", "71%", "96%"),
    ("• 4 int, 2 null", "pingObject", "int4null2", "68%", "94%"),
    ("• tree(15)", "pingObject", "tree15", "58%", "91%"),
    ("• float[50]", "pingObject", "float50", "41%", "82%"),
    ("• float[5000]", "pingObject", "float5000", "0%", "49%"),
    ("paraffins", "paraffins", None, "53%", "66–67%"),
]

# The collection's serialization table: (file, class, display, colour).
SERIALIZERS = [
    ("stock", "JdkStreamsBench", "JDK streams, Temurin 25.0.3", "black"),
    ("image", "JdkStreamsBench", "JDK streams, image", "#7f7f7f"),
    ("image", "FastSerialBench", SERIALIZER_NAMES["FastSerialBench"], "#1f77b4"),
    ("image", "FastSerialFreshBench", SERIALIZER_NAMES["FastSerialFreshBench"], "#9ecae1"),
    ("image", "KryoBench", "Kryo", "#2ca02c"),
    ("image", "ForyBench", SERIALIZER_NAMES["ForyBench"], "#ff7f0e"),
    ("image", "ForyRefBench", SERIALIZER_NAMES["ForyRefBench"], "#a63603"),
    ("image", "ForyStringRefBench", SERIALIZER_NAMES["ForyStringRefBench"], "#7f2704"),
]


# ------------------------------------------------------------- reading ----

def simple_class(record):
    """The benchmark's class without its package: RemoteCallStockBench."""
    return str(record.get("benchmark", "")).rpartition(".")[0].rpartition(".")[2]



def pick(records, wanted, what, problems):
    """class -> {key: Result} for the classes in wanted (others are not even
    read: a smoke run's file holds every area). The later of two results of
    the same class and constellation wins (a merged file may hold both),
    which problems notes, as it does results that cannot be read."""
    out, twice = {}, 0
    for r in results([record for record in records if simple_class(record) in wanted],
                     what, problems):
        by_key = out.setdefault(r.cls, {})
        twice += r.key in by_key
        by_key[r.key] = r
    if twice:
        problems.append("%s: %d result(s) appear twice (same class, benchmark and payload); "
                        "the later one in the file is used." % (what, twice))
    return out


def collection(image, stock, problems):
    """config key -> {(method, payload): Result}, for the configurations present."""
    files = {"image": pick(image, {c.cls for c in CONFIGS if c.file == "image"},
                           "collection-image", problems),
             "stock": pick(stock, {c.cls for c in CONFIGS if c.file == "stock"},
                           "collection-stock", problems)}
    return {c.key: files[c.file][c.cls] for c in CONFIGS if files[c.file].get(c.cls)}



# ------------------------------------------------------------- numbers ----

def constellation_order(key):
    """Kernels in the paper's order, then their arguments in the paper's order;
    unknown ones after the known, by name."""
    method, payload = key
    return (KERNEL_ORDER.get(method, len(KERNELS)), method,
            payload is not None, PAYLOAD_ORDER.get(payload, len(PAYLOADS)), payload or "")


def saved(base, r):
    """% of the baseline's time that r saves (negative: r is slower)."""
    return 100.0 * (base.us - r.us) / base.us


def within_error(base, r):
    """True if the difference of the two times is inside JMH's error bars
    (99.9% confidence half-widths) added up: then the sign is not sure."""
    if math.isnan(base.error_us) or math.isnan(r.error_us):
        return False
    return abs(base.us - r.us) <= base.error_us + r.error_us



# ---------------------------------------------------------- the report ----

def headline(configs):
    """config key -> dict of the statistics of its % saved, for every
    configuration but the baseline that shares constellations with it."""
    base = configs.get(BASELINE)
    out = {}
    if not base:
        return out
    for c in CONFIGS:
        if c.key == BASELINE or c.key not in configs:
            continue
        pairs = [(k, saved(base[k], r)) for k, r in configs[c.key].items() if k in base]
        if not pairs:
            continue
        values = [p for _, p in pairs]
        scalars = [p for k, p in pairs if array_of(k[1]) is None]
        ratios = [base[k].us / configs[c.key][k].us for k, _ in pairs]
        out[c.key] = {
            "n": len(values),
            "median": statistics.median(values),
            "max": max(values),
            "min": min(values),
            "mean": statistics.fmean(values),
            "values": values,
            "median_scalar": statistics.median(scalars) if scalars else None,
            "n_scalar": len(scalars),
            "median_ratio": statistics.median(ratios),
        }
    return out


def headline_lines(configs, stats):
    """The headline as Markdown."""
    lines = ["## Headline", ""]
    if BASELINE not in configs:
        lines.append("No baseline (RemoteCallStockBench on Temurin 25.0.3 in --collection-stock): "
                     "no % saved, so no headline and no Figures 4 and 5.")
        lines.append("")
        return lines
    if not stats:
        lines.append("Only the baseline ran: nothing to compare with it.")
        lines.append("")
        return lines
    lines.append("%% of time saved against %s, over every constellation (kernel and argument) "
                 "that both ran; negative: slower. Speed-up: the median of t(Temurin) / t. "
                 "Without arrays: the constellations whose argument is not a byte, int or "
                 "float array, where the bytes on the wire dominate less." % BASELINE_LABEL)
    lines.append("")
    header = ["configuration", "paper", "constellations", "median % saved", "max % saved",
              "min % saved", "median speed-up", "median without arrays", "paper: median / max"]
    rows = []
    for c in CONFIGS:
        s = stats.get(c.key)
        if not s:
            continue
        paper = PAPER_HEADLINE.get(c.key)
        rows.append([c.label, c.paper or "—", str(s["n"]), fmt_pct(s["median"]),
                     fmt_pct(s["max"]), fmt_pct(s["min"]), fmt_factor(s["median_ratio"]),
                     "%s (%d)" % (fmt_pct(s["median_scalar"]), s["n_scalar"])
                     if s["median_scalar"] is not None else "—",
                     "%d%% / %d%% (%s)" % paper if paper else "—"])
    lines += table(header, rows, left=2)
    lines.append("")
    if len({s["n"] for s in stats.values()}) > 1:
        lines.append("The configurations ran different sets of constellations: their medians "
                     "compare only as far as the sets agree (see the full table).")
        lines.append("")
    lines.append("The paper (Philippsen, Haumacher and Nester, \"More Efficient "
                 "Serialization and RMI for Java\", section 6.2): UKA + KaRMI saved a median of 45% and up "
                 "to 71% on Ethernet (PCs, Fast Ethernet on Alphas); with ParaStation a median "
                 "of 85% and up to 96%; it states no medians for UKA or KaRMI alone (only "
                 "Figure 4). Here client and server JVMs share one machine (loopback TCP, or "
                 "shared memory for fabric shm), so the wire costs far less than the paper's "
                 "networks and the software's share of a call is larger.")
    lines.append("")
    return lines


def cell(base, r):
    """A table cell: µs and % saved against the baseline, † if within the errors."""
    if r is None:
        return "—"
    if base is None:
        return fmt_time(r.us)
    return "%s (%s)%s" % (fmt_time(r.us), fmt_pct(saved(base, r)),
                          " †" if within_error(base, r) else "")


def column_cell(configs, c, key):
    """The cell of configuration c for a constellation: the baseline's plain µs."""
    r = configs[c.key].get(key)
    if r is not None and c.key == BASELINE:
        return fmt_time(r.us)
    return cell(configs.get(BASELINE, {}).get(key), r)


def table_columns(configs):
    """The configurations present, in table order, and their headings."""
    present = [c for c in CONFIGS if c.key in configs]
    heads = ["%s%s" % (c.short, " (%s)" % c.paper if c.paper else "") for c in present]
    return present, heads


def table3_lines(configs):
    """Table 3's excerpt in the paper's layout."""
    present, heads = table_columns(configs)
    lines = ["## Table 3 (excerpt)", ""]
    if BASELINE in configs:
        lines.append("Timings in µs per call (%% of time saved against the first column, %s). "
                     "†: the difference is inside JMH's error bars (99.9%% confidence, added "
                     "up)." % BASELINE_LABEL)
    else:
        lines.append("Timings in µs per call; no baseline, so no % saved.")
    lines[-1] += (" Last column: the paper's % saved by UKA + KaRMI on the PCs / by "
                  "UKA + KaRMI + ParaStation on the DEC Alphas.")
    lines.append("")
    rows = []
    for label, method, payload, paper_pc, paper_dec in TABLE3:
        if method is None:
            rows.append(["**%s**" % label] + [""] * len(present) + [""])
            continue
        key = (method, payload)
        row = [label]
        row += [column_cell(configs, c, key) for c in present]
        row.append("%s / %s" % (paper_pc, paper_dec))
        rows.append(row)
    lines += table(["timings in µs"] + heads + ["paper: UKA + KaRMI / + ParaStation"], rows)
    lines.append("")
    return lines


def full_table_lines(configs):
    """Every constellation × configuration, grouped by kernel."""
    present, heads = table_columns(configs)
    keys = sorted({k for c in present for k in configs[c.key]}, key=constellation_order)
    lines = ["## Every constellation", ""]
    lines.append("Same cells as Table 3: µs per call (%% saved against %s), † inside the "
                 "error bars, — not run. star: one round of %d clients calling the one "
                 "server at once." % (BASELINE_LABEL, STAR_CLIENTS))
    lines.append("")
    rows, kernel = [], None
    for key in keys:
        method, payload = key
        name = KERNEL_NAMES.get(method, method)
        if payload is None:
            label = name
        else:
            if method != kernel:
                rows.append(["**%s**" % name] + [""] * len(present))
            label = "• " + payload_name(payload)
        kernel = method if payload is not None else None
        row = [label]
        row += [column_cell(configs, c, key) for c in present]
        rows.append(row)
    lines += table(["constellation"] + heads, rows)
    lines.append("")
    return lines


def figure_lines(drawn):
    """The figures' Markdown, for those drawn."""
    captions = {
        "figure4.png": ("Figure 4", "%% of time saved against %s by each configuration. "
                        "A circle: one constellation (jittered up and down); box: the middle "
                        "half; fat dot: the median; M: the mean; H: the 0.1 and 0.9 quantiles."
                        % BASELINE_LABEL),
        "figure5.png": ("Figure 5", "% of time saved by each configuration against the array "
                        "size n, for obj ping(byte[n]), obj ping(int[n]) and obj ping(float[n])."),
        "serialization.png": ("Serialization", "Round trip (write + read) per object, ns, "
                              "log scale, for each serializer and payload."),
    }
    lines = []
    for name, (title, caption) in captions.items():
        if name in drawn:
            lines += ["### %s" % title, "", "![%s](%s)" % (title, name), "", caption, ""]
    return ["## Figures", ""] + lines if lines else []



def serializers(serial_image, serial_stock, problems):
    """[(display, colour, {(method, payload): Result})] for the serializers
    present, and file ("image", "stock") -> the Results used from it."""
    files = {"image": pick(serial_image, {cls for f, cls, _, _ in SERIALIZERS if f == "image"},
                           "serial-image", problems),
             "stock": pick(serial_stock, {cls for f, cls, _, _ in SERIALIZERS if f == "stock"},
                           "serial-stock", problems)}
    present = [(name, colour, files[f][cls]) for f, cls, name, colour in SERIALIZERS
               if files[f].get(cls)]
    used = {f: [r for rs in by_cls.values() for r in rs.values()] for f, by_cls in files.items()}
    return present, used


def serial_payloads(present):
    """The payloads of the serializers present, known ones in order first."""
    seen = {k[1] for _, _, rs in present for k in rs if k[1] is not None}
    return ([p for p in SERIAL_PAYLOADS if p in seen]
            + sorted(seen - set(SERIAL_PAYLOADS)))



def serial_lines(present):
    """The serialization table(s)."""
    payloads = serial_payloads(present)
    by_name = {name: rs for name, _, rs in present}
    stock_jdk = by_name.get(SERIALIZERS[0][2])
    fast = by_name.get(SERIALIZERS[2][2])
    with_speedup = stock_jdk is not None and fast is not None
    kryo, fory = library_versions()
    lines = ["## Serialization", ""]
    lines.append("Nanoseconds per object, JMH's average (lower is better). JDK streams: a fresh "
                 "ObjectOutputStream/ObjectInputStream per object, as RMI uses them. "
                 "jdk.fastserial (reused stream): one stream pair reused, types sent once; "
                 "(fresh stream per object): a new pair per object, as JDK streams. Kryo%s and "
                 "Fory%s: registered classes, reused buffers; Kryo and one Fory without "
                 "reference tracking, the other Fory with it, like JDK streams and "
                 "jdk.fastserial.%s"
                 % (kryo, fory,
                    " Speed-up: JDK streams on Temurin / jdk.fastserial (reused stream)."
                    if with_speedup else ""))
    lines.append("")

    def speedup(method, p):
        a, b = stock_jdk.get((method, p)), fast.get((method, p))
        return fmt_factor(a.us / b.us) if a and b else "—"

    def payload_table(cell, speedup_heading, speedup_cell):
        """A row per payload, a column per serializer, the speed-up last."""
        header = ["payload"] + [name for name, _, _ in present]
        header += [speedup_heading] if with_speedup else []
        rows = []
        for p in payloads:
            row = [payload_name(p)] + [cell(rs, p) for _, _, rs in present]
            rows.append(row + ([speedup_cell(p)] if with_speedup else []))
        return table(header, rows) + [""]

    def write_read(rs, p):
        w, r = rs.get(("write", p)), rs.get(("read", p))
        return "—" if not w and not r else "%s / %s" % (fmt_time(ns(w)), fmt_time(ns(r)))

    lines += ["### Round trip (write + read)", ""]
    lines += payload_table(lambda rs, p: fmt_time(ns(rs.get(("roundTrip", p)))),
                           "speed-up: fastserial (reused) over JDK streams, Temurin",
                           lambda p: "**%s**" % speedup("roundTrip", p))
    if any(k[0] in ("write", "read") for _, _, rs in present for k in rs):
        lines += ["### Write / read", ""]
        lines.append("Each cell: write / read, ns per object%s."
                     % ("; the speed-ups as above" if with_speedup else ""))
        lines.append("")
        lines += payload_table(write_read, "speed-up write / read",
                               lambda p: "%s / %s" % (speedup("write", p), speedup("read", p)))
    return lines


# ------------------------------------------------------------- figures ----

def figure4(plt, configs, stats, path, stamp):
    """The paper's Figure 4: a horizontal box plot per configuration of the %
    saved of every constellation, with every constellation as a circle."""
    rows = [c for c in CONFIGS if c.key in stats]
    fig, ax = plt.subplots(figsize=(11, max(3.2, 1.4 + 0.85 * len(rows))))
    values = [stats[c.key]["values"] for c in rows]
    lowest = min(min(v) for v in values)
    # The axis goes negative as far as the data, but not past -100% (twice
    # as slow): a worse point would squeeze every other one to the right;
    # such points are drawn at the edge as triangles.
    left = max(-100.0, min(-5.0, 10 * math.floor((lowest - 3) / 10)))
    ax.boxplot(values, vert=False, whis=(10, 90), showfliers=False, widths=0.5,
               patch_artist=True, manage_ticks=False,
               boxprops={"facecolor": "none", "linewidth": 1.3},
               whiskerprops={"linewidth": 1.3}, capprops={"linewidth": 1.3},
               medianprops={"linewidth": 0})
    for i, (c, v) in enumerate(zip(rows, values), start=1):
        # Jitter deterministic per row, so that reruns draw the same picture.
        rng = random.Random(i)
        ys = [i + rng.uniform(-0.2, 0.2) for _ in v]
        inside = [(x, y) for x, y in zip(v, ys) if x >= left]
        outside = [(left, y) for x, y in zip(v, ys) if x < left]
        if inside:
            ax.scatter([x for x, _ in inside], [y for _, y in inside], s=22,
                       facecolors="none", edgecolors=c.colour, linewidths=1.0, alpha=0.8, zorder=3)
        if outside:
            ax.scatter([x for x, _ in outside], [y for _, y in outside], s=40, marker="<",
                       color=c.colour, zorder=3, clip_on=False)
        s = stats[c.key]
        ax.scatter([s["median"]], [i], s=100, color="black", edgecolors="white",
                   linewidths=1, zorder=4)
        ax.text(s["mean"], i + 0.27, "M", ha="center", va="bottom", fontsize=11,
                fontweight="bold", zorder=5)
        ax.annotate("median %s\nn = %d" % (fmt_pct(s["median"]), s["n"]),
                    xy=(1.01, i), xycoords=("axes fraction", "data"), va="center", fontsize=10)
    ax.axvline(0, color="0.3", linewidth=1, linestyle="--", zorder=1)
    ax.set_xlim(left, 101.5)             # 101.5: circles at 99.9% not cut in half
    ax.set_ylim(0.4, len(rows) + 0.6)
    ax.set_yticks(range(1, len(rows) + 1))
    ax.set_yticklabels(["%s\n(paper: %s)" % (c.label, c.paper) if c.paper else c.label
                        for c in rows], fontsize=10.5)
    ax.tick_params(axis="x", labelsize=10.5)
    ax.set_xlabel("% of time saved against stock RMI + JDK serialization on Temurin 25.0.3",
                  fontsize=11.5)
    ax.set_title("Figure 4: % of time saved per constellation (kernel × argument)" + stamp,
                 fontsize=13, color="red" if stamp else "black")
    ax.grid(axis="x", color="0.9", zorder=0)
    ax.set_axisbelow(True)
    note = ("circle: one constellation   box: quartiles   fat dot: median   M: mean   "
            "H: 0.1 and 0.9 quantiles")
    if lowest < left:
        note += "   ◀: below %s" % fmt_pct(left)
    fig.text(0.5, 0.005, note, ha="center", va="bottom", fontsize=9.5, color="0.3")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    save_figure(plt, fig, path, 150, "tight")


def legend_label(c):
    return "%s (%s)" % (c.label, c.paper) if c.paper else c.label


def figure5(plt, configs, path, stamp):
    """The paper's Figure 5: % saved against the array size, a panel per
    element type, a line per configuration. False if there is no array."""
    base = configs[BASELINE]
    lines = {}                    # (type, config key) -> [(n, % saved)]
    for c in CONFIGS:
        if c.key == BASELINE or c.key not in configs:
            continue
        for (method, payload), r in configs[c.key].items():
            a = array_of(payload)
            if method != "pingObject" or not a or a[0] not in ARRAY_TYPES:
                continue
            b = base.get((method, payload))
            if b:
                lines.setdefault((a[0], c.key), []).append((a[1], saved(b, r)))
    if not lines:
        return False
    every = [p for pts in lines.values() for _, p in pts]
    bottom = min(-10.0, 10 * math.floor((min(every) - 3) / 10))
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.8), sharey=True)
    for ax, t in zip(axes, ARRAY_TYPES):
        drawn = False
        for c in CONFIGS:
            pts = sorted(lines.get((t, c.key), []))
            if pts:
                ax.plot([n for n, _ in pts], [p for _, p in pts], marker=c.marker,
                        color=c.colour, label=legend_label(c), linewidth=1.8, markersize=6)
                drawn = True
        if not drawn:
            ax.text(0.5, 0.5, "not run", transform=ax.transAxes, ha="center", va="center",
                    fontsize=12, color="0.5")
        ax.set_xscale("log")
        ax.set_xticks(ARRAY_SIZES)
        ax.set_xticklabels([str(n) for n in ARRAY_SIZES])
        ax.minorticks_off()
        ax.set_xlim(35, 28000)
        ax.axhline(0, color="0.3", linewidth=1, linestyle="--")
        ax.grid(color="0.9")
        ax.set_title("obj ping(%s[n])" % t, fontsize=12)
        ax.set_xlabel("n, array elements (log scale)", fontsize=11)
        ax.tick_params(labelsize=10)
    axes[0].set_ylim(bottom, 100)
    axes[0].set_ylabel("% of time saved against\nstock RMI + JDK ser. on Temurin 25.0.3",
                       fontsize=11)
    # One legend for the three panels: every configuration that has a line.
    handles = {}
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(lab, h)
    order = [legend_label(c) for c in CONFIGS if legend_label(c) in handles]
    fig.legend([handles[lab] for lab in order], order, loc="lower center",
               ncol=min(3, len(order)), fontsize=10, frameon=False)
    fig.suptitle("Figure 5: % of time saved against the array size, obj ping(obj)" + stamp,
                 fontsize=13, color="red" if stamp else "black")
    rows = (len(order) + 2) // 3
    fig.tight_layout(rect=(0, 0.05 + 0.045 * rows, 1, 1))
    save_figure(plt, fig, path, 150, "tight")
    return True


def figure_serial(plt, present, path, stamp):
    """Round trip per object: a group of horizontal bars per payload, a bar
    per serializer, log scale. False if there is no round trip."""
    payloads = [p for p in serial_payloads(present)
                if any(("roundTrip", p) in rs for _, _, rs in present)]
    if not payloads:
        return False
    k = len(present)
    height = 0.8 / k
    fig, ax = plt.subplots(figsize=(11, 1.2 + 0.22 * k * len(payloads)))
    for j, (name, colour, rs) in enumerate(present):
        ys, xs = [], []
        for i, p in enumerate(payloads):
            r = rs.get(("roundTrip", p))
            if r:
                # The first serializer on top within a group, as in the legend.
                ys.append(i + (j - (k - 1) / 2) * height)
                xs.append(ns(r))
        ax.barh(ys, xs, height=height * 0.92, color=colour, label=name,
                edgecolor="black" if colour in ("white", "#9ecae1") else colour, linewidth=0.5)
        for x, y in zip(xs, ys):
            ax.text(x * 1.06, y, fmt_time(x), va="center", fontsize=7.5, color="0.2")
    ax.set_xscale("log")
    ax.set_yticks(range(len(payloads)))
    ax.set_yticklabels([payload_name(p) for p in payloads], fontsize=11)
    ax.set_ylim(len(payloads) - 0.5, -0.5)      # the first payload on top
    every = [ns(r) for _, _, rs in present for (m, _), r in rs.items() if m == "roundTrip"]
    ax.set_xlim(min(every) / 2, max(every) * 3)  # room for the value labels
    # Plain numbers on the log axis: 100, 1,000 read faster than 10^2, 10^3.
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda x, _: "{:,.0f}".format(x)))
    ax.tick_params(axis="x", labelsize=10.5)
    ax.set_xlabel("round trip (write + read), ns per object, log scale", fontsize=11.5)
    ax.set_title("Serialization: round trip per object (lower is better)" + stamp,
                 fontsize=13, pad=58, color="red" if stamp else "black")
    ax.grid(axis="x", which="major", color="0.88")
    ax.set_axisbelow(True)
    # Above the bars, between the title and the plot: the plot keeps the width.
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize=10,
              frameon=False)
    fig.tight_layout()
    save_figure(plt, fig, path, 150, "tight")
    return True



# ---------------------------------------------------------------- main ----

def main(argv):
    ap = argparse.ArgumentParser(prog="report.py collection",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--collection-image", help="JMH JSON: every configuration on the image")
    ap.add_argument("--collection-stock", help="JMH JSON: RemoteCallStockBench on Temurin")
    ap.add_argument("--serial-image", help="JMH JSON: the serializers on the image")
    ap.add_argument("--serial-stock", help="JMH JSON: JDK streams on Temurin")
    ap.add_argument("--out", required=True, help="the directory to write into")
    ap.add_argument("--title",
                    default="GrandeJDK: the RMI benchmark collection (Philippsen, Haumacher "
                            "and Nester, \"More Efficient Serialization and RMI for Java\", "
                            "section 6)")
    a = ap.parse_args(argv)

    problems = []
    image = read_jmh(a.collection_image, "collection-image", problems)
    stock = read_jmh(a.collection_stock, "collection-stock", problems)
    configs = collection(image, stock, problems)
    for c in CONFIGS:
        if c.key not in configs:
            problems.append("not in this run: %s (%s, %s in collection-%s)."
                            % (c.key, c.label, c.cls, c.file))
    if not configs:
        for p in problems:
            print("report.py: " + p, file=sys.stderr)
        print("report.py: no results of the collection's configurations: nothing to render.",
              file=sys.stderr)
        return 1

    serial_given = a.serial_image or a.serial_stock
    present = []
    serial_used = {}
    if serial_given:
        s_image = read_jmh(a.serial_image, "serial-image", problems) if a.serial_image else []
        s_stock = read_jmh(a.serial_stock, "serial-stock", problems) if a.serial_stock else []
        present, by_file = serializers(s_image, s_stock, problems)
        if not present:
            problems.append("no serializer results (serial.*Bench) in the serial files.")
        serial_used = {"serial-image": (a.serial_image, by_file["image"]),
                       "serial-stock": (a.serial_stock, by_file["stock"])}

    # The results the report uses, for what ran and whether it was a smoke run.
    def results_of(file):
        return [r for c in CONFIGS if c.file == file and c.key in configs
                for r in configs[c.key].values()]
    used = {"collection-image": (a.collection_image, results_of("image")),
            "collection-stock": (a.collection_stock, results_of("stock"))}
    used.update(serial_used)
    every_used = [r for _, rs in used.values() for r in rs]
    # A figure copied out of the report must still say that it is no measurement.
    smoke = "\nSMOKE RUN: not a measurement"
    stamp = smoke if is_smoke(used["collection-image"][1] + used["collection-stock"][1]) else ""
    serial_stamp = smoke if is_smoke([r for _, rs in serial_used.values() for r in rs]) else ""

    try:
        os.makedirs(a.out, exist_ok=True)
    except OSError as e:
        print("report.py: cannot make the output directory %s: %s" % (a.out, e), file=sys.stderr)
        return 1
    stats = headline(configs)
    plt = pyplot()
    if not plt:
        problems.append("matplotlib is not installed: no figures. Run with the venv of "
                        "bench/scripts/report-requirements.txt.")
    drawn = set()
    if plt:
        if stats:
            figure4(plt, configs, stats, os.path.join(a.out, "figure4.png"), stamp)
            drawn.add("figure4.png")
            if figure5(plt, configs, os.path.join(a.out, "figure5.png"), stamp):
                drawn.add("figure5.png")
            else:
                problems.append("no obj ping(byte/int/float[n]) results: no Figure 5.")
        serial_png = os.path.join(a.out, "serialization.png")
        if present and figure_serial(plt, present, serial_png, serial_stamp):
            drawn.add("serialization.png")

    lines = ["# " + a.title, ""]
    lines += run_warnings(every_used)
    lines.append("## What ran")
    lines.append("")
    for what, (path, rs) in used.items():
        if path and rs:
            lines += describe_run(what, path, rs)
    lines.append("- configurations: " + "; ".join(
        "%s = %s%s" % (c.key, c.label, " (paper: %s)" % c.paper if c.paper else "")
        for c in CONFIGS if c.key in configs))
    lines.append("")
    if problems:
        lines.append("**Missing or left out:**")
        lines.append("")
        lines += ["- " + p for p in problems]
        lines.append("")
    lines += headline_lines(configs, stats)
    lines += table3_lines(configs)
    lines += figure_lines(drawn)
    lines += full_table_lines(configs)
    if present:
        lines += serial_lines(present)
    write_text(os.path.join(a.out, "report.md"), "\n".join(lines).rstrip() + "\n")

    for p in problems:
        print("report.py: " + p, file=sys.stderr)
    if stamp or serial_stamp:
        print("SMOKE RUN (JMH single shot): not a measurement")
    if stats:
        width = max(len(c.label) for c in CONFIGS if c.key in stats)
        for c in CONFIGS:
            s = stats.get(c.key)
            if s:
                paper = PAPER_HEADLINE.get(c.key)
                print("%-*s  median %6s saved, max %6s  (%d constellations%s)"
                      % (width, c.label, fmt_pct(s["median"]), fmt_pct(s["max"]), s["n"],
                         "; paper %s: %d%% / %d%%" % (c.paper, paper[0], paper[1])
                         if paper else ""))
    else:
        print("no %% saved: no baseline or nothing to compare with it (see %s)"
              % os.path.join(a.out, "report.md"))
    print("wrote %s" % ", ".join(os.path.join(a.out, n) for n in ["report.md"] + sorted(drawn)))
    return 0
