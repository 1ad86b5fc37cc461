"""One area's report: any JMH JSON of the image and, optionally, of stock.

    report.py area IMAGE_JSON [--stock STOCK_JSON] [--log IMAGE_LOG]
                   [--stock-log STOCK_LOG] [--out REPORT_MD] [--title TITLE]

bench/scripts/run.sh writes it after each area's run (vm, serial, rmi,
fabric, ...). One Markdown file, printed and written to --out if given:
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
"""

import argparse
import math
import re
import sys

from report.common import (describe_run, emit, faster, fmt_factor, fmt_time, read_results,
                           run_warnings, table)
from report.payloads import (ELEMENT_BYTES, FORY_BASELINES, SERIAL_PAYLOADS, SERIAL_TARGET_NS,
                             SERIALIZER_CLASSES, SERIALIZER_NAMES, array_of, library_versions, ns,
                             payload_name)

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
    kryo, fory = library_versions()
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
                 "payload needs it), Fory without it, with it (Fory's default leaves "
                 "strings untracked) and with strings tracked too. The target's \"ahead "
                 "of Fory\" and the × Fory columns compare with %s."
                 % (kryo, fory, fory_name))
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


def main(argv):
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
    image = read_results(a.image, "image", problems)
    stock = read_results(a.stock, "stock", problems) if a.stock else []
    if not image and not stock:
        for p in problems:
            print("report.py: " + p, file=sys.stderr)
        return 1
    emit(area_report(a, image, stock, problems), a.out, end="\n")
    return 0
