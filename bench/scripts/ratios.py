#!/usr/bin/env python3
"""Turn JMH JSON results of the image and of stock into a Markdown report.

    ratios.py IMAGE_JSON [--stock STOCK_JSON] [--log IMAGE_LOG] [--stock-log STOCK_LOG]
              [--out REPORT_MD] [--title TITLE]

Tables:
  0. for the serial area (serial.*Bench, one class per serializer, a
     payload parameter): a summary of the round trips against the targets
     of issue 4, then one table per payload, a row per serializer, with
     write, read and round trip times, the serialized size (from the
     "serial-size:" lines of the JMH logs given with --log and --stock-log)
     and the speed-up of each over JDK streams and over Fory;
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
import os
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


# The serial area: benchmark class -> serializer name, in table order.
SERIALIZERS = [
    ("serial.JdkStreamsBench", "JDK streams (fresh per object)"),
    ("serial.FastSerialBench", "jdk.fastserial (reused)"),
    ("serial.FastSerialFreshBench", "jdk.fastserial (fresh per object)"),
    ("serial.KryoBench", "Kryo"),
    ("serial.ForyBench", "Fory"),
]
SERIAL_JDK = "serial.JdkStreamsBench"
SERIAL_FORY = "serial.ForyBench"
SERIAL_FAST = "serial.FastSerialBench"
SERIAL_METHODS = [("write", "write"), ("read", "read"), ("roundTrip", "round trip")]

# Payload parameter -> (label, data bytes of an array payload or None,
# issue 4's round-trip target for jdk.fastserial in ns or None).
SERIAL_PAYLOADS = {
    "int32": ("32 int", None, 100),
    "int4null2": ("4 int + 2 null", None, 60),
    "tree15": ("tree(15)", None, 700),
    "mixed100": ("100 primitive fields", None, 300),
    "float5000": ("float[5000]", 20000, 2000),
    "double5000": ("double[5000]", 40000, 4000),
    "byte5000": ("byte[5000]", 5000, None),
    "media": ("media content", None, None),
}

SERIAL_SIZE_LINE = re.compile(r"serial-size: (\w+) (\w+) (\d+)")


def payload_bytes(cls, method, params):
    """Bytes of the array or object one operation handles, if known."""
    n = params.get("n")
    if cls.startswith("serial.") and params.get("payload") in SERIAL_PAYLOADS:
        return SERIAL_PAYLOADS[params["payload"]][1]
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


def table(header, rows, left=2):
    """A Markdown table; the first `left` columns left-aligned, the rest right."""
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" if i < left else "--:" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def run_info(results):
    if not results:
        return "none"
    r = results[0].record
    return "%s (`%s`); %s fork(s), %s × %s warm-up, %s × %s measurement" % (
        results[0].vm, results[0].jvm, r.get("forks"), r.get("warmupIterations"),
        r.get("warmupTime"), r.get("measurementIterations"), r.get("measurementTime"))


def nanos(r):
    """The time per operation in ns, or None."""
    t = r.seconds_per_op() if r is not None else None
    return t * 1e9 if t else None


def serial_sizes(log_path):
    """(serializer class, payload) -> serialized bytes, from a JMH log."""
    sizes = {}
    if not log_path:
        return sizes
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                m = SERIAL_SIZE_LINE.search(line)
                if m:
                    sizes[("serial." + m.group(1), m.group(2))] = int(m.group(3))
    except OSError:
        pass
    return sizes


def bench_versions():
    """Kryo's and Fory's versions from bench/pom.xml, if it is there."""
    pom = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pom.xml")
    versions = {}
    try:
        with open(pom) as f:
            text = f.read()
        for name in ("kryo", "fory"):
            m = re.search(r"<%s\.version>([^<]+)<" % name, text)
            if m:
                versions[name] = m.group(1)
    except OSError:
        pass
    return versions


def serial_report(image, stock, sizes):
    """The serial area's tables, or no lines if there are no serial results."""
    known = dict(SERIALIZERS)
    # (cls, payload, method) -> result; stock results get their own rows.
    results = {}
    for jvm, rs in (("image", image), ("stock", stock)):
        for r in rs:
            if r.cls in known and "payload" in r.params:
                results[(jvm, r.cls, r.params["payload"], r.method)] = r
    if not results:
        return []
    payloads = [p for p in SERIAL_PAYLOADS
                if any(k[2] == p for k in results)]
    payloads += sorted({k[2] for k in results} - set(payloads))
    versions = bench_versions()
    rows_order = [("image", cls, name) for cls, name in SERIALIZERS]
    rows_order += [("stock", cls, name + " on stock") for cls, name in SERIALIZERS]

    def get(jvm, cls, payload, method):
        return results.get((jvm, cls, payload, method))

    def faster(base, r):
        """base time / r's time: above 1, r is faster than base."""
        tb, tr = nanos(base), nanos(r)
        return tb / tr if tb and tr else None

    lines = ["## Serializers side by side", ""]
    lines.append("One JMH run, one fork per serializer and payload. JDK streams: a "
                 "fresh ObjectOutputStream/ObjectInputStream per object, as RMI uses "
                 "them. jdk.fastserial (reused): one stream pair reused, "
                 "resetObjects() between objects, so types travel once. Kryo%s and "
                 "Fory%s: registered classes, reused buffers, no reference tracking "
                 "(no payload needs it)."
                 % (" " + versions["kryo"] if "kryo" in versions else "",
                    " " + versions["fory"] if "fory" in versions else ""))
    lines.append("")

    # Summary: round trips, and issue 4's targets for jdk.fastserial.
    present = [(jvm, cls, name) for jvm, cls, name in rows_order
               if any(get(jvm, cls, p, "roundTrip") for p in payloads)]
    lines.append("### Round trip (write + read), ns per object")
    lines.append("")
    lines.append("Target: issue 4's round-trip target for jdk.fastserial (reused); "
                 "met: within the target and ahead of Fory in this run.")
    lines.append("")
    header = ["payload"] + [name for _, _, name in present] + ["target", "met"]
    rows = []
    for p in payloads:
        label, _, target = SERIAL_PAYLOADS.get(p, (p, None, None))
        row = [label]
        for jvm, cls, _ in present:
            r = get(jvm, cls, p, "roundTrip")
            row.append(number(r.score) if r else "—")
        fast = nanos(get("image", SERIAL_FAST, p, "roundTrip"))
        fory = nanos(get("image", SERIAL_FORY, p, "roundTrip"))
        row.append("≤ %s" % number(target) if target else "ahead of Fory")
        if fast is None:
            row.append("—")
        else:
            ok = (target is None or fast <= target) and (fory is None or fast < fory)
            row.append("yes" if ok else "no")
        rows.append(row)
    lines += table(header, rows, left=1)
    lines.append("")

    lines.append("### Per payload")
    lines.append("")
    lines.append("Times in ns per object (± JMH's 99.9% error where there were enough "
                 "iterations). Bytes: one object's serialized size (for the reused "
                 "stream, after the first object: types known). × JDK: JDK streams' "
                 "time / this time; × Fory: Fory's time / this time (above 1: faster).")
    lines.append("")
    header = ["serializer", "bytes"] + [label for _, label in SERIAL_METHODS]
    header += ["%s × JDK" % label for _, label in SERIAL_METHODS]
    header += ["%s × Fory" % label for _, label in SERIAL_METHODS]
    for p in payloads:
        label = SERIAL_PAYLOADS.get(p, (p,))[0]
        lines.append("#### %s (`payload=%s`)" % (label, p))
        lines.append("")
        rows = []
        for jvm, cls, name in rows_order:
            rs = [get(jvm, cls, p, m) for m, _ in SERIAL_METHODS]
            if not any(rs):
                continue
            size = sizes.get((jvm, cls, p))
            row = [name, str(size) if size else "—"]
            row += [score(r) if r else "—" for r in rs]
            for base_cls in (SERIAL_JDK, SERIAL_FORY):
                for (m, _), r in zip(SERIAL_METHODS, rs):
                    row.append(ratio(faster(get("image", base_cls, p, m), r)) if r else "—")
            rows.append(row)
        lines += table(header, rows, left=1)
        lines.append("")
    return lines


def report(image, stock, title, sizes=None):
    lines = ["# " + title, ""]
    lines.append("- image: " + run_info(image))
    lines.append("- stock: " + run_info(stock))
    lines.append("")
    lines += serial_report(image, stock, sizes or {})

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
    p.add_argument("--log", help="the JMH log of the image run (serial-size: lines)")
    p.add_argument("--stock-log", help="the JMH log of the stock run")
    p.add_argument("--out", help="write the Markdown report here too")
    p.add_argument("--title", default="GrandeJDK benchmarks: image against stock")
    a = p.parse_args(argv)
    image = load(a.image)
    stock = load(a.stock) if a.stock else []
    if not image and not stock:
        sys.exit("ratios.py: no results in %s" % a.image)
    sizes = {}
    for jvm, path in (("image", a.log), ("stock", a.stock_log)):
        for (cls, payload), n in serial_sizes(path).items():
            sizes[(jvm, cls, payload)] = n
    text = report(image, stock, a.title, sizes)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
