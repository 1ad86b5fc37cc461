#!/usr/bin/env python3
"""Turn JMH JSON results of the image and of stock into a Markdown report.

    ratios.py IMAGE_JSON [--stock STOCK_JSON] [--out REPORT_MD] [--title TITLE]

Tables:
  1. every benchmark: its image score, its stock score where the stock run
     has it, and the image's speed-up over stock (above 1: the image is
     faster), plus the payload bandwidth where the payload is known;
  2. for benchmarks that compare variants within one run (ClassInfoBench:
     ClassInfo against a VarHandle field copy and the arraycopy floor), one
     row per subject with the ratios between the variants.

Plain Python 3, standard library only. Prints the report and writes it to
--out if given.
"""

import argparse
import json
import math
import re
import sys

PACKAGE = "org.grandejdk.bench."

# Seconds per unit of a JMH time unit.
TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0}

ELEMENT_BYTES = {"byte": 1, "boolean": 1, "short": 2, "char": 2, "int": 4,
                 "float": 4, "long": 8, "double": 8}

# Data bytes of the objects of ClassInfoBench (Int32.BYTES, Mixed100.BYTES).
OBJECT_BYTES = {"Int32": 128, "Mixed100": 435}

# Variants compared within one run: benchmark class -> how a method name
# splits into variant and subject, the measured variant and its baselines.
COMPARISONS = {
    "vm.ClassInfoBench": {
        "pattern": re.compile(r"^(classInfo|varHandle|arraycopy)(\w+)$"),
        "measured": ("classInfo", "ClassInfo"),
        "baselines": [("varHandle", "VarHandle copy"), ("arraycopy", "arraycopy floor")],
        "bytes": lambda subject, params: OBJECT_BYTES.get(subject),
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


def payload_bytes(cls, method, params):
    """Bytes of the array or object one operation handles, if known."""
    n = params.get("n")
    if cls == "vm.StreamArrayBench" and n and params.get("type") in ELEMENT_BYTES:
        return int(n) * ELEMENT_BYTES[params["type"]]
    if cls == "vm.BulkSwapBench" and n:
        return int(n) * 8
    comparison = COMPARISONS.get(cls)
    if comparison:
        m = comparison["pattern"].match(method)
        if m:
            return comparison["bytes"](m.group(2), params)
    return None


class Result:
    def __init__(self, record):
        name = record["benchmark"]
        if name.startswith(PACKAGE):
            name = name[len(PACKAGE):]
        self.cls, _, self.method = name.rpartition(".")
        self.params = dict(record.get("params") or {})
        metric = record["primaryMetric"]
        self.score = float(metric["score"])
        try:
            self.error = float(metric["scoreError"])
        except (TypeError, ValueError):
            self.error = math.nan
        self.unit = metric["scoreUnit"]
        self.mode = record.get("mode", "")
        self.vm = "%s %s" % (record.get("vmName", "?"), record.get("vmVersion", "?"))
        self.jvm = record.get("jvm", "?")
        self.record = record

    @property
    def key(self):
        return (self.cls, self.method, tuple(sorted(self.params.items())))

    def seconds_per_op(self):
        """The time of one operation in seconds, or None for other units."""
        if self.unit.endswith("/op"):
            return self.score * TIME_UNITS[self.unit[:-3]]
        if self.unit.startswith("ops/"):
            return 1.0 / (self.score / TIME_UNITS[self.unit[4:]]) if self.score else None
        return None


def load(path):
    with open(path) as f:
        return [Result(r) for r in json.load(f)]


def param_order(params):
    """Sort key: text parameters first (by name), then numeric ones by value."""
    def value(v):
        try:
            return (1, float(v), "")
        except ValueError:
            return (0, 0.0, v)
    items = sorted(params.items(), key=lambda kv: (value(kv[1])[0], kv[0]))
    return tuple((k, value(v)) for k, v in items)


def sort_key(r):
    return (r.cls, r.method, param_order(r.params))


def format_params(params):
    return " ".join("%s=%s" % (k, params[k]) for k, _ in param_order(params))


def number(x):
    if x is None or math.isnan(x):
        return "n/a"
    if x >= 1000:
        return "{:,.0f}".format(x)
    if x >= 100:
        return "%.1f" % x
    if x >= 10:
        return "%.2f" % x
    return "%.3f" % x


def score(r):
    if r is None:
        return "—"
    if math.isnan(r.error):
        return number(r.score)
    return "%s ± %s" % (number(r.score), number(r.error))


def ratio(x):
    return "n/a" if x is None or math.isnan(x) else "%.2f×" % x


def speedup(image, stock):
    """How many times faster the image is than stock (time per op ratio)."""
    if image is None or stock is None:
        return None
    ti, ts = image.seconds_per_op(), stock.seconds_per_op()
    if not ti or not ts:
        return None
    return ts / ti


def bandwidth(r):
    """Payload bytes per operation over the time: GB/s (1e9 bytes)."""
    if r is None:
        return None
    b = payload_bytes(r.cls, r.method, r.params)
    t = r.seconds_per_op()
    if not b or not t:
        return None
    return b / t / 1e9


def table(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" if i < 2 else "--:" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def run_info(results):
    if not results:
        return "none"
    r = results[0].record
    return "%s (`%s`); %s fork(s), %s × %s warm-up, %s × %s measurement" % (
        results[0].vm, results[0].jvm, r.get("forks"), r.get("warmupIterations"),
        r.get("warmupTime"), r.get("measurementIterations"), r.get("measurementTime"))


def report(image, stock, title):
    lines = ["# " + title, ""]
    lines.append("- image: " + run_info(image))
    lines.append("- stock: " + run_info(stock))
    lines.append("")

    by_key_image = {r.key: r for r in image}
    by_key_stock = {r.key: r for r in stock}
    keys = sorted(set(by_key_image) | set(by_key_stock),
                  key=lambda k: sort_key(by_key_image.get(k) or by_key_stock.get(k)))

    lines.append("## Image against stock")
    lines.append("")
    lines.append("Scores are JMH's (± its 99.9% error where there were enough "
                 "iterations); speed-up is stock time / image time, above 1 "
                 "the image is faster; GB/s is the array's or object's bytes per "
                 "operation over the image's time.")
    lines.append("")
    rows = []
    for k in keys:
        i, s = by_key_image.get(k), by_key_stock.get(k)
        any_r = i or s
        rows.append([
            "%s.%s" % (any_r.cls, any_r.method),
            format_params(any_r.params),
            score(i),
            score(s),
            any_r.unit,
            ratio(speedup(i, s)) if i and s else "—",
            number(bandwidth(i)) if i and bandwidth(i) is not None else "—",
        ])
    lines += table(["benchmark", "params", "image", "stock", "unit",
                    "speed-up", "image GB/s"], rows)
    lines.append("")

    for cls, comparison in COMPARISONS.items():
        subjects = {}
        for r in image:
            if r.cls != cls:
                continue
            m = comparison["pattern"].match(r.method)
            if not m:
                continue
            variant, subject = m.group(1), m.group(2)
            skey = (subject, tuple(sorted(r.params.items())))
            subjects.setdefault(skey, {})[variant] = r
        if not subjects:
            continue
        measured, measured_name = comparison["measured"]
        baselines = comparison["baselines"]
        lines.append("## %s: %s against its baselines (image)" % (cls, measured_name))
        lines.append("")
        lines.append("Times per operation; \"speed-up over\" a baseline is its time / "
                     "%s's time (above 1: %s is faster); \"× floor\" is %s's time / "
                     "the floor's time (1 would be as fast as a plain copy)."
                     % (measured_name, measured_name, measured_name))
        lines.append("")
        header = ["subject", "params", "bytes", measured_name]
        header += [name for _, name in baselines]
        header += ["unit"]
        for variant, name in baselines:
            if "floor" in name:
                header.append("%s × floor" % measured_name)
            else:
                header.append("speed-up over %s" % name)
        rows = []
        for (subject, params), variants in sorted(subjects.items(),
                                                  key=lambda kv: (kv[0][0], kv[0][1])):
            m = variants.get(measured)
            row = [subject, format_params(dict(params)),
                   str(comparison["bytes"](subject, dict(params)) or "?"),
                   score(m)]
            row += [score(variants.get(v)) for v, _ in baselines]
            row.append(m.unit if m else "")
            for variant, name in baselines:
                b = variants.get(variant)
                if m is None or b is None:
                    row.append("—")
                elif "floor" in name:
                    row.append(ratio(speedup(b, m)))     # measured time / floor time
                else:
                    row.append(ratio(speedup(m, b)))     # baseline time / measured time
            rows.append(row)
        lines += table(header, rows)
        lines.append("")
    return "\n".join(lines)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("image", help="JMH JSON results of the image run")
    p.add_argument("--stock", help="JMH JSON results of the stock run")
    p.add_argument("--out", help="write the Markdown report here too")
    p.add_argument("--title", default="GrandeJDK benchmarks: image against stock")
    a = p.parse_args(argv)
    image = load(a.image)
    stock = load(a.stock) if a.stock else []
    if not image and not stock:
        sys.exit("ratios.py: no results in %s" % a.image)
    text = report(image, stock, a.title)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
