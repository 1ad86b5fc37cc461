"""The fabric area's report: the round trip of each layer side by side.

    report.py fabric --c FABRIC_C_TXT --image IMAGE_JSON [--stock STOCK_JSON]
                     [--load LOAD_TXT] [--tables AREA_REPORT_MD] [--out REPORT_MD]

Inputs: the C floor (the "ff_pingpong provider=P size=S ... rtt_us=X" lines
of `make -C fabric-native bench`), JMH's JSON of the image run
(FabricPingPongBench, fabric.RemoteCall*Bench, rmi.RemoteCallStockBench)
and of the stock run (rmi.RemoteCallStockBench), the machine's load
(uptime lines), and the area report of the same run (report.py area, which
run.sh wrote), appended as is (bench/scripts/fabric.sh gives the same file
as --tables and --out).

Tables: microseconds per round trip (C, FFM) or per call (RMI), a column
per technology; then the targets: jdk.fastrmi's ping() over fabric shm
within 2x of the C shm round trip of 8 bytes, at least 50x faster than
stock RMI on stock Temurin, void ping() <= 1.5 us, Object ping(32 int)
<= 2 us. Standard library only.
"""

import math
import os
import re

from report.common import emit, options, ratio, read_results, table

FABRIC = "fabric."
RMI = "rmi."
C_LINE = re.compile(r"ff_pingpong provider=(\S+) size=(\d+) iters=(\d+) rtt_us=([\d.]+)"
                    r"(?: \(median of \d+ batches; min ([\d.]+) \.\. max ([\d.]+)\))?")

# Columns: (key, heading)
COLUMNS = [("shm", "fabric shm"), ("tcp;ofi_rxm", "fabric tcp;ofi_rxm"), ("tcp", "fastrmi tcp"),
           ("stock-image", "stock RMI, image"), ("stock", "stock RMI, Temurin 25")]
# RMI configuration class -> column
RMI_CLASSES = {FABRIC + "RemoteCallFabricShmBench": "shm",
               FABRIC + "RemoteCallFabricTcpBench": "tcp;ofi_rxm",
               FABRIC + "RemoteCallFastRmiTcpBench": "tcp",
               RMI + "RemoteCallStockBench": "stock-image"}

TARGETS = {"c_ratio": 2.0, "stock_ratio": 50.0, "ping_us": 1.5, "obj_us": 2.0}


def read_c(path):
    """(provider, size) -> (median, min, max) in us."""
    out = {}
    if not path or not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            m = C_LINE.search(line)
            if m:
                lo = float(m.group(5)) if m.group(5) else None
                hi = float(m.group(6)) if m.group(6) else None
                out[(m.group(1), int(m.group(2)))] = (float(m.group(4)), lo, hi)
    return out


def timings(path, what):
    """A list of (benchmark without the package, params, time_us, error_us or
    None) of a JMH JSON file ([] if it has none)."""
    return [(r.name + "." + r.method, r.params, r.us,
             None if math.isnan(r.error_us) else r.error_us)
            for r in read_results(path, what, [])]


def fmt(value, error=None):
    if value is None:
        return "—"
    digits = 3 if value < 10 else 2 if value < 100 else 1
    s = f"{value:.{digits}f}"
    if error is not None:
        s += f" ± {error:.{digits}f}"
    return s


def main(argv):
    a = options("fabric", __doc__, argv,
                ["--c", "--image", "--stock", "--load", "--tables", "--out"], required=["--image"])

    c = read_c(a.c)
    image = timings(a.image, "image")
    stock = timings(a.stock, "stock")

    ffm = {}                        # (provider, size) -> (us, err)
    rmi = {}                        # (method, column) -> (us, err)
    for bench, params, us, err in image:
        cls, _, method = bench.rpartition(".")
        if cls == FABRIC + "FabricPingPongBench":
            ffm[(params.get("provider"), int(params.get("size", 0)))] = (us, err)
        elif cls in RMI_CLASSES and method in ("ping", "pingObject"):
            if method == "pingObject" and params.get("payload") != "int32":
                continue
            rmi[(method, RMI_CLASSES[cls])] = (us, err)
    for bench, params, us, err in stock:
        cls, _, method = bench.rpartition(".")
        if cls == RMI + "RemoteCallStockBench" and method in ("ping", "pingObject"):
            if method == "pingObject" and params.get("payload") != "int32":
                continue
            rmi[(method, "stock")] = (us, err)

    out = []
    out.append("# GrandeJDK benchmarks, area fabric: libfastfabric, FFM and RMI over the fabric\n")
    if a.load and os.path.exists(a.load):
        out.append("Machine load (`uptime`) during the run:\n")
        out.append("```")
        with open(a.load) as f:
            out.extend(line.rstrip() for line in f)
        out.append("```\n")
    out.append("Microseconds per round trip (C, FFM: a message there and back) or per "
               "call (RMI); lower is better. C: `ff_pingpong`, the median of 5 batches "
               "(min .. max); FFM and RMI: JMH's average ± its 99.9% half-width. The "
               "RMI calls run jdk.fastrmi with jdk.fastserial streams (each set-up "
               "checked `FastRMI.technology(stub)`), or stock RMI on the image and on "
               "stock Temurin.\n")

    def c_cell(prov, size):
        v = c.get((prov, size))
        if not v:
            return "—"
        med, lo, hi = v
        return fmt(med) + (f" ({fmt(lo)} .. {fmt(hi)})" if lo is not None else "")

    rows = []
    for size in sorted({s for (_, s) in c}):
        rows.append([f"C round trip, {size} B"] + [c_cell(p, size) if p in ("shm", "tcp;ofi_rxm")
                                                   else "—" for p, _ in COLUMNS])
    for size in sorted({s for (_, s) in ffm}):
        rows.append([f"FFM round trip, {size} B"]
                    + [fmt(*ffm[(p, size)]) if (p, size) in ffm else "—" for p, _ in COLUMNS])
    for method, label in (("ping", "RMI `void ping()`"), ("pingObject", "RMI `Object ping(32 int)`")):
        rows.append([label] + [fmt(*rmi[(method, p)]) if (method, p) in rmi else "—"
                               for p, _ in COLUMNS])
    out += table(["layer"] + [h for _, h in COLUMNS], rows, right="---:")
    out.append("")

    def us(key):
        v = rmi.get(key)
        return v[0] if v else None

    c8 = c.get(("shm", 8), (None,))[0]
    c256 = c.get(("shm", 256), (None,))[0]
    ping = us(("ping", "shm"))
    obj = us(("pingObject", "shm"))
    stock_ping = us(("ping", "stock")) or us(("ping", "stock-image"))
    stock_obj = us(("pingObject", "stock")) or us(("pingObject", "stock-image"))
    stock_name = "stock Temurin" if us(("ping", "stock")) else "stock RMI on the image"

    def met(ok):
        return "—" if ok is None else ("**yes**" if ok else "**no**")

    def x(v):
        return "—" if v is None else f"{v:.2f}×" if v < 10 else f"{v:.0f}×"

    out.append("## Targets (jdk.fastrmi over fabric shm)\n")
    rows = []
    # (measure, value, its cell, target's cell, whether the value meets it)
    at_most, at_least = (lambda v, t: v <= t), (lambda v, t: v >= t)
    for measure, value, shown, target, shown_target, meets in (
            ("`void ping()` ÷ C shm round trip of 8 B", ratio(ping, c8), x,
             TARGETS["c_ratio"], f"≤ {TARGETS['c_ratio']:.0f}×", at_most),
            ("`Object ping(32 int)` ÷ C shm round trip of 256 B", ratio(obj, c256), x,
             TARGETS["c_ratio"], f"≤ {TARGETS['c_ratio']:.0f}×", at_most),
            (f"{stock_name} `void ping()` ÷ fabric shm", ratio(stock_ping, ping), x,
             TARGETS["stock_ratio"], f"≥ {TARGETS['stock_ratio']:.0f}×", at_least),
            (f"{stock_name} `Object ping(32 int)` ÷ fabric shm", ratio(stock_obj, obj), x,
             TARGETS["stock_ratio"], f"≥ {TARGETS['stock_ratio']:.0f}×", at_least),
            ("`void ping()`", ping, lambda v: f"{fmt(v)} µs",
             TARGETS["ping_us"], f"≤ {TARGETS['ping_us']} µs", at_most),
            ("`Object ping(32 int)`", obj, lambda v: f"{fmt(v)} µs",
             TARGETS["obj_us"], f"≤ {TARGETS['obj_us']:.0f} µs", at_most)):
        rows.append([measure, shown(value), shown_target,
                     met(None if value is None else meets(value, target))])
    out += table(["measure", "value", "target", "met"], rows, align="lrrl", right="---:")
    out.append("")

    out.append("## Other ratios\n")
    rows = []
    for size in sorted({s for (_, s) in ffm}):
        for prov in ("shm", "tcp;ofi_rxm"):
            f_ = ffm.get((prov, size))
            c_ = c.get((prov, size))
            if f_ and c_:
                rows.append([f"FFM ÷ C, {prov} {size} B (the cost of Java and the downcalls)",
                             x(ratio(f_[0], c_[0]))])
    for prov, ffm_key in (("shm", ("shm", 8)), ("tcp;ofi_rxm", ("tcp;ofi_rxm", 8))):
        p_ = us(("ping", prov))
        f_ = ffm.get(ffm_key)
        if p_ and f_:
            rows.append([f"RMI `void ping()` ÷ FFM round trip of 8 B, {prov} (the RMI layers)",
                         x(ratio(p_, f_[0]))])
    for method, label in (("ping", "`void ping()`"), ("pingObject", "`Object ping(32 int)`")):
        t, s = us((method, "tcp")), us((method, "shm"))
        if t and s:
            rows.append([f"fastrmi tcp ÷ fabric shm, {label}", x(ratio(t, s))])
        si, st = us((method, "stock-image")), us((method, "stock"))
        if si and st:
            rows.append([f"stock RMI Temurin ÷ stock RMI image, {label}", x(ratio(st, si))])
    out += table(["measure", "value"], rows, right="---:")
    out.append("")

    if a.tables and os.path.exists(a.tables):
        with open(a.tables) as f:
            previous = f.read()
        # the area report of the same run, below (not again if rerun on our own output)
        marker = "\n## Every benchmark (report.py area)\n"
        if previous.startswith("# GrandeJDK benchmarks, area fabric: libfastfabric"):
            previous = previous.split(marker, 1)[1] if marker in previous else ""
        out.append(marker)
        out.append(re.sub(r"^# ", "### ", previous, flags=re.M).strip() + "\n")

    # Printed with a newline more than the file has.
    emit("\n".join(out), a.out, echo_end="\n")
