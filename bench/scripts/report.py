#!/usr/bin/env python3
"""GrandeJDK's benchmark reports: the RMI benchmark collection and the areas.

The RMI benchmark collection is that of Philippsen, Haumacher and Nester,
"More Efficient Serialization and RMI for Java" (the paper), section 6.

    report.py --collection-image IMAGE_JSON --collection-stock STOCK_JSON
              [--serial-image SERIAL_IMAGE_JSON] [--serial-stock SERIAL_STOCK_JSON]
              --out DIR [--title TITLE]
    report.py area IMAGE_JSON [--stock STOCK_JSON] [--log IMAGE_LOG]
              [--stock-log STOCK_LOG] [--out REPORT_MD] [--title TITLE]

The collection's report (`make report`, `make bench-smoke`), tables and
figures, is described below. The area report (`report.py area`, which
bench/scripts/run.sh writes after each area's run: vm, serial, rmi, fabric)
is one Markdown file, printed and written to --out if given, from any JMH
JSON of the image and, optionally, of stock:
  - what ran;
  - for the serial area (serial.*Bench, one class per serializer, a payload
    parameter): the round trips against the time per object each should
    stay within, then a table per payload, a row per serializer: write, read
    and round trip, the serialized size (from the "serial-size:" lines of
    the JMH logs given with --log and --stock-log) and the speed-up of each
    over JDK streams and over Fory with reference tracking on (ForyRefBench,
    the semantics of JDK streams and jdk.fastserial; ForyBench in results
    that have no ForyRefBench);
  - every benchmark: its image score, its stock score where the stock run
    has it, the image's speed-up over stock (above 1: the image is faster),
    and the payload's bandwidth where its size is known;
  - for the benchmarks that compare variants within one run (ClassInfoBench:
    ClassInfo against a VarHandle field copy and the arraycopy floor;
    BulkSwapBench), a row per subject with the ratios between the variants.
It needs only the standard library.

The collection's report reads JMH JSON results (a JSON array of result
objects):
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

Python 3.11, standard library and matplotlib (with numpy), pinned in
report-requirements.txt beside this file; run it with that venv's python:
    python3 -m venv $CACHE/report-venv
    $CACHE/report-venv/bin/pip install -r bench/scripts/report-requirements.txt
    $CACHE/report-venv/bin/python bench/scripts/report.py --collection-image ... --out DIR
"""

import argparse
import json
import math
import os
import random
import re
import statistics
import sys
from collections import namedtuple

# Microseconds per JMH time unit.
US_PER_UNIT = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6, "min": 6e7}

# The package of the benchmarks; area results name classes without it.
PACKAGE = "org.grandejdk.bench."

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
ARRAY_PAYLOAD = re.compile(r"^(byte|short|char|int|long|float|double)(\d+)$")

# The argument factories in the paper's order.
PAYLOADS = (["null"] + ["%s%d" % (t, n) for t in ARRAY_TYPES for n in ARRAY_SIZES]
            + ["int4", "int4null2", "int32", "tree15"])
PAYLOAD_ORDER = {p: i for i, p in enumerate(PAYLOADS)}
PAYLOAD_NAMES = {"null": "null", "int4": "4 int", "int4null2": "4 int, 2 null",
                 "int32": "32 int", "tree15": "tree(15)",
                 "mixed100": "100 primitive fields", "media": "media content",
                 "latin1": "Latin-1 strings", "utf16": "UTF-16 strings",
                 "list100": "ArrayList of 100 Integer", "map50": "HashMap of 50 String→Integer",
                 "records10": "ArrayList of 10 records"}

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

# The serializers (serial.*Bench): class, display, in table order.
SERIALIZER_CLASSES = [
    ("JdkStreamsBench", "JDK streams"),
    ("FastSerialBench", "jdk.fastserial (reused stream)"),
    ("FastSerialFreshBench", "jdk.fastserial (fresh stream per object)"),
    ("KryoBench", "Kryo"),
    ("ForyBench", "Fory (reference tracking off)"),
    ("ForyRefBench", "Fory (reference tracking on)"),
]
SERIALIZER_NAMES = dict(SERIALIZER_CLASSES)
# The Fory the "× Fory" columns and the target's "ahead of Fory" compare
# with: reference tracking on, as JDK streams and jdk.fastserial always
# track references; the other if a run has no results of this one.
FORY_BASELINES = ["ForyRefBench", "ForyBench"]
# The collection's serialization table: (file, class, display, colour).
SERIALIZERS = [
    ("stock", "JdkStreamsBench", "JDK streams, Temurin 25.0.3", "black"),
    ("image", "JdkStreamsBench", "JDK streams, image", "#7f7f7f"),
    ("image", "FastSerialBench", SERIALIZER_NAMES["FastSerialBench"], "#1f77b4"),
    ("image", "FastSerialFreshBench", SERIALIZER_NAMES["FastSerialFreshBench"], "#9ecae1"),
    ("image", "KryoBench", "Kryo", "#2ca02c"),
    ("image", "ForyBench", SERIALIZER_NAMES["ForyBench"], "#ff7f0e"),
    ("image", "ForyRefBench", SERIALIZER_NAMES["ForyRefBench"], "#a63603"),
]
# The serial area's payloads, in order, and the round-trip time per object
# in ns that jdk.fastserial's reused stream is to stay within (None: only
# ahead of Fory).
SERIAL_TARGET_NS = {"int32": 100, "int4null2": 60, "tree15": 700, "mixed100": 300,
                    "float5000": 2000, "double5000": 4000, "byte5000": None, "media": None,
                    "latin1": None, "utf16": None, "list100": None, "map50": None,
                    "records10": None}
SERIAL_PAYLOADS = list(SERIAL_TARGET_NS)

ELEMENT_BYTES = {"byte": 1, "boolean": 1, "short": 2, "char": 2, "int": 4,
                 "float": 4, "long": 8, "double": 8}


# ------------------------------------------------------------- reading ----

class Result:
    """One JMH result: class (simple name cls, and name: without the
    package, vm.ClassInfoBench), method, parameters, payload, the score as
    JMH gave it and the time per operation in µs."""

    def __init__(self, record):
        cls, _, self.method = str(record["benchmark"]).rpartition(".")
        self.name = cls[len(PACKAGE):] if cls.startswith(PACKAGE) else cls
        self.cls = self.name.rpartition(".")[2]
        self.params = dict(record.get("params") or {})
        self.payload = self.params.get("payload")
        metric = record["primaryMetric"]
        self.score = float(metric["score"])
        try:
            self.error = float(metric.get("scoreError"))
        except (TypeError, ValueError):
            self.error = math.nan
        self.unit = metric.get("scoreUnit", "")
        self.us, self.error_us = to_us(self.score, self.error, self.unit)
        if not self.us > 0:
            raise ValueError("no time: %r" % self.score)      # % saved divides by it
        self.record = record

    @property
    def key(self):
        """The constellation: (method, payload or None)."""
        return (self.method, self.payload)

    @property
    def area_key(self):
        """The benchmark and all its parameters: what an image and a stock
        result of the area report are paired by."""
        return (self.name, self.method, tuple(sorted(self.params.items())))


def to_us(score, error, unit):
    """(time, error) of one operation in µs, from a score in any JMH unit."""
    if unit.endswith("/op") and unit[:-3] in US_PER_UNIT:
        k = US_PER_UNIT[unit[:-3]]
        return score * k, error * k
    if unit.startswith("ops/") and unit[4:] in US_PER_UNIT and score > 0:
        # Throughput: the time is its inverse, the error as relative as before.
        t = US_PER_UNIT[unit[4:]] / score
        return t, t * error / score
    raise ValueError("unknown score unit %r" % unit)


def read_jmh(path, what, problems):
    """The result objects of a JMH JSON file, or [] with a line in problems."""
    if not path:
        problems.append("%s: not given." % what)
        return []
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        problems.append("%s: cannot read %s (%s)." % (what, path, e.strerror or e))
        return []
    except ValueError as e:
        problems.append("%s: %s is not JSON (%s)." % (what, path, e))
        return []
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        problems.append("%s: %s is not a JSON array of JMH results." % (what, path))
        return []
    if not data:
        problems.append("%s: no results in %s." % (what, path))
    return data


def simple_class(record):
    """The benchmark's class without its package: RemoteCallStockBench."""
    return str(record.get("benchmark", "")).rpartition(".")[0].rpartition(".")[2]


def pick(records, wanted, what, problems):
    """class -> {key: Result} for the classes in wanted (others are not even
    read: a smoke run's file holds every area). The later of two results of
    the same class and constellation wins (a merged file may hold both),
    which problems notes, as it does results that cannot be read."""
    out, twice, bad = {}, 0, 0
    for record in records:
        if simple_class(record) not in wanted:
            continue
        try:
            r = Result(record)
        except (KeyError, TypeError, ValueError):
            bad += 1
            continue
        by_key = out.setdefault(r.cls, {})
        twice += r.key in by_key
        by_key[r.key] = r
    if bad:
        problems.append("%s: %d result(s) could not be read (no score, or a unit that is "
                        "not a time) and were left out." % (what, bad))
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

def payload_name(p):
    """The paper's name of an argument factory: int[2000], 4 int, tree(15)."""
    if p is None:
        return ""
    a = array_of(p)
    if a:
        return "%s[%d]" % a
    return PAYLOAD_NAMES.get(p, p)


def array_of(p):
    """(element type, n) of an array argument (byte5000), else None; int4
    and int32 are objects of int fields, not arrays."""
    if p is None or p in PAYLOAD_NAMES:
        return None
    m = ARRAY_PAYLOAD.match(p)
    return (m.group(1), int(m.group(2))) if m else None


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


def fmt_time(x):
    """A time with about 3 significant digits: 0.553, 8.04, 93.6, 1,234."""
    if x is None or math.isnan(x):
        return "—"
    if x >= 1000:
        return "{:,.0f}".format(x)
    if x >= 100:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    if x >= 1:
        return "%.2f" % x
    return "%.3g" % x


def fmt_pct(p):
    """A % saved like the paper's, in whole percents; one decimal from 95% on,
    where whole percents would hide 1/100 against 1/1000 of the time left."""
    if p is None or math.isnan(p):
        return "—"
    if p >= 95:
        return "%.1f%%" % p
    if round(p) == 0:
        return "0%"          # not "−0%"
    return ("%.0f%%" % p).replace("-", "−")


def fmt_factor(x):
    """A speed-up with 2 significant digits: 171×, 16×, 2.4×, 1.0×, 0.93×."""
    if x is None or math.isnan(x):
        return "—"
    if x >= 10:
        return "%.0f×" % x
    if x >= 0.995:
        return "%.1f×" % x
    return "%.2f×" % x


# ---------------------------------------------------------- the report ----

def table(header, rows, left=1):
    """A Markdown table; the first `left` columns left-aligned, the rest right."""
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" if i < left else "--:" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def describe_run(what, path, results):
    """Markdown lines: a file's JVMs and JMH settings, each with how many
    results ran with it (a merged file may mix runs)."""
    lines = ["- **%s** (`%s`), %d result(s):" % (what, path, len(results))]
    jvms, settings, threads = {}, {}, {}
    for r in results:
        rec = r.record
        jvm = "%s %s (`%s`)" % (rec.get("vmName", "?"), rec.get("vmVersion", "?"),
                                rec.get("jvm", "?"))
        jvms[jvm] = jvms.get(jvm, 0) + 1
        mode = rec.get("mode", "?")
        setting = ("mode `%s`, %s fork(s), warm-up %s × %s, measurement %s × %s"
                   % (mode, rec.get("forks", "?"), rec.get("warmupIterations", "?"),
                      rec.get("warmupTime", "?"), rec.get("measurementIterations", "?"),
                      rec.get("measurementTime", "?")))
        settings[setting] = settings.get(setting, 0) + 1
        t = rec.get("threads", "?")
        threads.setdefault(t, set()).add(r.method)
    for jvm, n in jvms.items():
        lines.append("  - JVM: %s%s" % (jvm, "" if len(jvms) == 1 else " — %d result(s)" % n))
    for setting, n in settings.items():
        lines.append("  - JMH: %s%s"
                     % (setting, "" if len(settings) == 1 else " — %d result(s)" % n))
    if len(threads) > 1:
        lines.append("  - threads: " + "; ".join(
            "%s (%s)" % (t, ", ".join(sorted(ms))) for t, ms in sorted(threads.items(), key=str)))
    return lines


def is_smoke(results):
    """True if any result is JMH's single shot (a smoke run)."""
    return any(r.record.get("mode") == "ss" for r in results)


def run_warnings(results):
    """Markdown lines that warn of a smoke or in-process run."""
    forks = {r.record.get("forks") for r in results}
    lines = []
    if is_smoke(results):
        lines.append("> **Smoke run, not a measurement.** JMH's single-shot mode (`ss`) "
                     "timed single calls with next to no warm-up: the numbers show that "
                     "every configuration ran, not how fast it is. Do not quote them.")
        lines.append("")
    if 0 in forks:
        lines.append("> Some results ran in process (`-f 0`): JMH itself shares the "
                     "JVM, so they are indicative only.")
        lines.append("")
    return lines


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


def bench_versions():
    """Kryo's and Fory's versions from bench/pom.xml beside this script, if there."""
    pom = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pom.xml")
    versions = {}
    try:
        with open(pom) as f:
            text = f.read()
    except OSError:
        return versions
    for name in ("kryo", "fory"):
        m = re.search(r"<%s\.version>([^<]+)<" % name, text)
        if m:
            versions[name] = m.group(1)
    return versions


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


def ns(r):
    return r.us * 1000.0 if r is not None else None


def serial_lines(present):
    """The serialization table(s)."""
    payloads = serial_payloads(present)
    versions = bench_versions()
    by_name = {name: rs for name, _, rs in present}
    stock_jdk = by_name.get(SERIALIZERS[0][2])
    fast = by_name.get(SERIALIZERS[2][2])
    with_speedup = stock_jdk is not None and fast is not None
    lines = ["## Serialization", ""]
    lines.append("Nanoseconds per object, JMH's average (lower is better). JDK streams: a fresh "
                 "ObjectOutputStream/ObjectInputStream per object, as RMI uses them. "
                 "jdk.fastserial (reused stream): one stream pair reused, types sent once; "
                 "(fresh stream per object): a new pair per object, as JDK streams. Kryo%s and "
                 "Fory%s: registered classes, reused buffers; Kryo and one Fory without "
                 "reference tracking, the other Fory with it, like JDK streams and "
                 "jdk.fastserial.%s"
                 % (" " + versions["kryo"] if "kryo" in versions else "",
                    " " + versions["fory"] if "fory" in versions else "",
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


# ------------------------------------------------------ the area report ----

# Variants compared within one run: benchmark (area.Class) -> how a method
# name splits into variant and subject, the measured variant and its
# baselines, and the bytes an operation handles.
COMPARISONS = {
    "vm.ClassInfoBench": {
        "pattern": re.compile(r"^(classInfo|varHandle|arraycopy)(\w+)$"),
        "measured": ("classInfo", "ClassInfo"),
        "baselines": [("varHandle", "VarHandle copy"), ("arraycopy", "arraycopy floor")],
        # Int32.BYTES, Mixed100.BYTES (bench/.../payload)
        "bytes": lambda subject, params: {"Int32": 128, "Mixed100": 435}.get(subject),
    },
    # The image's bulk conversion against stock's per-element algorithm and
    # the ByteBuffer view; the arraycopy row of the first table is the floor.
    "vm.BulkSwapBench": {
        "pattern": re.compile(r"^(serialCopy|loop|buffer)(PutBE|GetBE)$"),
        "measured": ("serialCopy", "SerialCopy"),
        "baselines": [("loop", "per-element loop"), ("buffer", "ByteBuffer view")],
        "bytes": lambda subject, params: int(params.get("n", 0)) * 8 or None,
    },
}

SERIAL_METHODS = [("write", "write"), ("read", "read"), ("roundTrip", "round trip")]
SERIAL_SIZE_LINE = re.compile(r"serial-size: (\w+) (\w+) (\d+)")
SERIAL_IDENTITY_LINE = re.compile(r"serial-identity: (\w+) (\w+) (\d+) (\d+)")


def array_bytes(p):
    """Data bytes of an array payload (float5000: 20000), else None."""
    a = array_of(p)
    return a[1] * ELEMENT_BYTES[a[0]] if a else None


def payload_bytes(r):
    """Bytes of the array or object one operation of r handles, if known."""
    n = r.params.get("n")
    if r.name.startswith("serial."):
        return array_bytes(r.payload)
    if r.name == "vm.StreamArrayBench" and n and r.params.get("type") in ELEMENT_BYTES:
        return int(n) * ELEMENT_BYTES[r.params["type"]]
    if r.name == "vm.BulkSwapBench" and n:
        return int(n) * 8
    comparison = COMPARISONS.get(r.name)
    if comparison:
        m = comparison["pattern"].match(r.method)
        if m:
            return comparison["bytes"](m.group(2), r.params)
    return None


def area_results(path, what, problems):
    """The Results of a JMH JSON file ([] with a line in problems if none)."""
    out, bad = [], 0
    for record in read_jmh(path, what, problems):
        try:
            out.append(Result(record))
        except (KeyError, TypeError, ValueError):
            bad += 1
    if bad:
        problems.append("%s: %d result(s) could not be read (no score, or a unit that is "
                        "not a time) and were left out." % (what, bad))
    return out


def param_order(params):
    """Sort key: text parameters first (by name), then numeric ones by value."""
    def value(v):
        try:
            return (1, float(v), "")
        except ValueError:
            return (0, 0.0, v)
    items = sorted(params.items(), key=lambda kv: (value(kv[1])[0], kv[0]))
    return tuple((k, value(v)) for k, v in items)


def format_params(params):
    return " ".join("%s=%s" % (k, params[k]) for k, _ in param_order(params))


def score_cell(r):
    """JMH's score in its own unit, ± its error where there is one."""
    if r is None:
        return "—"
    if math.isnan(r.error):
        return fmt_time(r.score)
    return "%s ± %s" % (fmt_time(r.score), fmt_time(r.error))


def faster(base, r):
    """base's time / r's time: above 1, r is faster than base."""
    return base.us / r.us if base is not None and r is not None else None


def bandwidth(r):
    """Payload bytes per operation over the time: GB/s (1e9 bytes)."""
    b = payload_bytes(r) if r is not None else None
    return b / r.us / 1e3 if b else None


def serial_log_facts(log_path):
    """From a JMH log: (serializer class, payload) -> serialized bytes, and
    (serializer class, payload) -> (shared references, kept in the copy)."""
    sizes, sharing = {}, {}
    if not log_path:
        return sizes, sharing
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                m = SERIAL_SIZE_LINE.search(line)
                if m:
                    sizes[(m.group(1), m.group(2))] = int(m.group(3))
                m = SERIAL_IDENTITY_LINE.search(line)
                if m:
                    sharing[(m.group(1), m.group(2))] = (int(m.group(3)), int(m.group(4)))
    except OSError:
        pass
    return sizes, sharing


def area_serial_lines(image, stock, sizes, sharing):
    """The serial area's tables, or no lines if there are no serial results;
    sharing: (jvm, class, payload) -> (shared references, kept)."""
    results = {}                # (jvm, class, payload, method) -> Result
    for jvm, rs in (("image", image), ("stock", stock)):
        for r in rs:
            if r.name.startswith("serial.") and r.cls in SERIALIZER_NAMES and r.payload:
                results[(jvm, r.cls, r.payload, r.method)] = r
    if not results:
        return []
    payloads = [p for p in SERIAL_PAYLOADS if any(k[2] == p for k in results)]
    payloads += sorted({k[2] for k in results} - set(payloads))
    versions = bench_versions()
    rows_order = [("image", cls, name) for cls, name in SERIALIZER_CLASSES]
    rows_order += [("stock", cls, name + " on stock") for cls, name in SERIALIZER_CLASSES]

    def get(jvm, cls, payload, method):
        return results.get((jvm, cls, payload, method))

    # The Fory of the comparisons: reference tracking on if it ran.
    fory_cls = next((cls for cls in FORY_BASELINES
                     if any(k[0] == "image" and k[1] == cls for k in results)), FORY_BASELINES[0])
    fory_name = SERIALIZER_NAMES[fory_cls]
    lines = ["## Serializers side by side", ""]
    lines.append("JDK streams: a fresh ObjectOutputStream/ObjectInputStream per object, as "
                 "RMI uses them. jdk.fastserial (reused stream): one stream pair reused, "
                 "resetObjects() between objects, so types travel once. Both always track "
                 "references (an object met twice is written once). Kryo%s and Fory%s: "
                 "registered classes, reused buffers; Kryo without reference tracking (no "
                 "payload needs it), Fory both without and with it. The target's \"ahead "
                 "of Fory\" and the × Fory columns compare with %s."
                 % (" " + versions["kryo"] if "kryo" in versions else "",
                    " " + versions["fory"] if "fory" in versions else "", fory_name))
    lines.append("")

    present = [(jvm, cls, name) for jvm, cls, name in rows_order
               if any(get(jvm, cls, p, "roundTrip") for p in payloads)]
    lines.append("### Round trip (write + read), ns per object")
    lines.append("")
    lines.append("Target: the round trip per object that jdk.fastserial (reused stream) is "
                 "to stay within; met: within it and ahead of %s in this run." % fory_name)
    lines.append("")
    header = ["payload"] + [name for _, _, name in present] + ["target", "met"]
    rows = []
    for p in payloads:
        target = SERIAL_TARGET_NS.get(p)
        row = [payload_name(p)]
        row += [fmt_time(ns(get(jvm, cls, p, "roundTrip"))) for jvm, cls, _ in present]
        fast = ns(get("image", "FastSerialBench", p, "roundTrip"))
        fory = ns(get("image", fory_cls, p, "roundTrip"))
        row.append("≤ %s" % fmt_time(target) if target else "ahead of Fory")
        if fast is None:
            row.append("—")
        else:
            ok = (target is None or fast <= target) and (fory is None or fast < fory)
            row.append("yes" if ok else "no")
        rows.append(row)
    lines += table(header, rows)
    lines.append("")
    relayed = [(jvm, cls, name) for jvm, cls, name in rows_order
               if any(get(jvm, cls, p, "relay") for p in payloads)]
    if relayed:
        lines.append("### Relay (a round trip of the copy read last), ns per object")
        lines.append("")
        lines.append("What an echo server or a relay does: every object written is new "
                     "to the writer and has no identity hash yet, where the round trip "
                     "above writes one payload again and again. Relay / round trip: "
                     "what new objects cost over the same payload written again.")
        lines.append("")
        header = ["payload"] + ["%s (relay / round trip)" % name for _, _, name in relayed]
        rows = []
        for p in payloads:
            row = [payload_name(p)]
            for jvm, cls, _ in relayed:
                relay, trip = get(jvm, cls, p, "relay"), get(jvm, cls, p, "roundTrip")
                cell = fmt_time(ns(relay))
                if relay is not None and trip is not None:
                    cell += " (%s)" % fmt_factor(relay.us / trip.us)
                row.append(cell)
            rows.append(row)
        lines += table(header, rows)
        lines.append("")
    lost = ["%s on %s (%d of %d kept)" % (name, p, sharing[(jvm, cls, p)][1],
                                          sharing[(jvm, cls, p)][0])
            for p in payloads for jvm, cls, name in present
            if (jvm, cls, p) in sharing
            and sharing[(jvm, cls, p)][1] < sharing[(jvm, cls, p)][0]]
    if lost:
        lines.append("Copies that are equal but do not keep the payload's shared "
                     "references (an object reached twice read back as two): "
                     + "; ".join(lost) + ".")
        lines.append("")

    lines.append("### Per payload")
    lines.append("")
    lines.append("Times in ns per object (± JMH's 99.9% error where there were enough "
                 "iterations). Bytes: one object's serialized size (for the reused "
                 "stream, after the first object: types known). Shared kept: of the "
                 "references in the payload's graph to an object already reached "
                 "(strings and boxes included), how many the copy keeps as references "
                 "to one object, as the JDK's streams do (— : the payload shares "
                 "nothing). × JDK: JDK streams' "
                 "time / this time; × Fory: the time of " + fory_name + " / this time "
                 "(above 1: faster).")
    lines.append("")
    header = ["serializer", "bytes", "shared kept"] + [label for _, label in SERIAL_METHODS]
    header += ["%s × JDK" % label for _, label in SERIAL_METHODS]
    header += ["%s × Fory" % label for _, label in SERIAL_METHODS]
    for p in payloads:
        lines.append("#### %s (`payload=%s`)" % (payload_name(p), p))
        lines.append("")
        rows = []
        for jvm, cls, name in rows_order:
            rs = [get(jvm, cls, p, m) for m, _ in SERIAL_METHODS]
            if not any(rs):
                continue
            size = sizes.get((jvm, cls, p))
            shared = sharing.get((jvm, cls, p))
            row = [name, str(size) if size else "—",
                   "%d of %d" % (shared[1], shared[0]) if shared else "—"]
            row += [score_cell(r) for r in rs]
            for base_cls in ("JdkStreamsBench", fory_cls):
                for (m, _), r in zip(SERIAL_METHODS, rs):
                    row.append(fmt_factor(faster(get("image", base_cls, p, m), r)) if r else "—")
            rows.append(row)
        lines += table(header, rows)
        lines.append("")
    return lines


def area_comparison_lines(image):
    """A table per benchmark of COMPARISONS that ran: the measured variant
    against its baselines, per subject."""
    lines = []
    for name, comparison in COMPARISONS.items():
        subjects = {}
        for r in image:
            m = comparison["pattern"].match(r.method) if r.name == name else None
            if m:
                key = (m.group(2), tuple(sorted(r.params.items())))
                subjects.setdefault(key, {})[m.group(1)] = r
        if not subjects:
            continue
        measured, measured_name = comparison["measured"]
        baselines = comparison["baselines"]
        lines.append("## %s: %s against its baselines (image)" % (name, measured_name))
        lines.append("")
        lines.append("Times per operation; \"speed-up over\" a baseline is its time / "
                     "%s's time (above 1: %s is faster); \"× floor\" is %s's time / "
                     "the floor's time (1 would be as fast as a plain copy)."
                     % (measured_name, measured_name, measured_name))
        lines.append("")
        header = ["subject", "params", "bytes", measured_name]
        header += [label for _, label in baselines] + ["unit"]
        header += ["%s × floor" % measured_name if "floor" in label else "speed-up over %s" % label
                   for _, label in baselines]
        rows = []
        for (subject, params), variants in sorted(subjects.items()):
            m = variants.get(measured)
            row = [subject, format_params(dict(params)),
                   str(comparison["bytes"](subject, dict(params)) or "?"), score_cell(m)]
            row += [score_cell(variants.get(v)) for v, _ in baselines]
            row.append(m.unit if m else "")
            for variant, label in baselines:
                b = variants.get(variant)
                if m is None or b is None:
                    row.append("—")
                elif "floor" in label:
                    row.append(fmt_factor(faster(m, b)))    # measured time / floor time
                else:
                    row.append(fmt_factor(faster(b, m)))    # baseline time / measured time
            rows.append(row)
        lines += table(header, rows, left=2)
        lines.append("")
    return lines


def area_report(a, image, stock, problems):
    """The area report's Markdown for the arguments of `report.py area`."""
    sizes, sharing = {}, {}
    for jvm, path in (("image", a.log), ("stock", a.stock_log)):
        log_sizes, log_sharing = serial_log_facts(path)
        for (cls, payload), n in log_sizes.items():
            sizes[(jvm, cls, payload)] = n
        for (cls, payload), counts in log_sharing.items():
            sharing[(jvm, cls, payload)] = counts
    lines = ["# " + a.title, ""]
    lines += run_warnings(image + stock)
    lines.append("## What ran")
    lines.append("")
    for what, path, rs in (("image", a.image, image), ("stock", a.stock, stock)):
        if rs:
            lines += describe_run(what, path, rs)
    lines.append("")
    if problems:
        lines += ["**Missing or left out:**", ""] + ["- " + p for p in problems] + [""]
    lines += area_serial_lines(image, stock, sizes, sharing)

    by_image = {r.area_key: r for r in image}
    by_stock = {r.area_key: r for r in stock}
    keys = sorted(set(by_image) | set(by_stock),
                  key=lambda k: (k[0], k[1], param_order(dict(k[2]))))
    lines.append("## Image against stock")
    lines.append("")
    lines.append("Scores are JMH's (± its 99.9% error where there were enough iterations); "
                 "speed-up is stock time / image time, above 1 the image is faster; GB/s is "
                 "the array's or object's bytes per operation over the image's time.")
    lines.append("")
    rows = []
    for k in keys:
        i, s = by_image.get(k), by_stock.get(k)
        r = i or s
        rows.append(["%s.%s" % (r.name, r.method), format_params(r.params), score_cell(i),
                     score_cell(s), r.unit, fmt_factor(faster(s, i)),
                     fmt_time(bandwidth(i))])
    lines += table(["benchmark", "params", "image", "stock", "unit", "speed-up", "image GB/s"],
                   rows, left=2)
    lines.append("")
    lines += area_comparison_lines(image)
    return "\n".join(lines)


def area_main(argv):
    ap = argparse.ArgumentParser(prog="report.py area",
                                 description="One area's JMH results, image against stock.")
    ap.add_argument("image", help="JMH JSON results of the image run")
    ap.add_argument("--stock", help="JMH JSON results of the stock run")
    ap.add_argument("--log", help="the JMH log of the image run (serial-size: lines)")
    ap.add_argument("--stock-log", help="the JMH log of the stock run")
    ap.add_argument("--out", help="write the Markdown report here too")
    ap.add_argument("--title", default="GrandeJDK benchmarks: image against stock")
    a = ap.parse_args(argv)
    problems = []
    image = area_results(a.image, "image", problems)
    stock = area_results(a.stock, "stock", problems) if a.stock else []
    if not image and not stock:
        for p in problems:
            print("report.py: " + p, file=sys.stderr)
        return 1
    text = area_report(a, image, stock, problems)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    return 0


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
    fig.savefig(path, dpi=150, bbox_inches="tight")
    plt.close(fig)


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
    fig.savefig(path, dpi=150, bbox_inches="tight")
    plt.close(fig)
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
    fig.savefig(path, dpi=150, bbox_inches="tight")
    plt.close(fig)
    return True


def load_pyplot(problems):
    """matplotlib's pyplot on the Agg backend (no display), or None."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        problems.append("matplotlib is not installed: no figures. Run with the venv of "
                        "bench/scripts/report-requirements.txt.")
        return None
    return plt


# ---------------------------------------------------------------- main ----

def main(argv):
    if argv[:1] == ["area"]:
        return area_main(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    plt = load_pyplot(problems)
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
    with open(os.path.join(a.out, "report.md"), "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")

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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
