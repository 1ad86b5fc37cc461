"""What every report of report.py shares: reading JMH's JSON results, the
ratios, the number formats, Markdown tables, matplotlib's set-up and the
files written. Standard library only (matplotlib is imported by pyplot(),
when a report draws)."""

import argparse
import json
import math
import sys

# Microseconds per JMH time unit.
US_PER_UNIT = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6, "min": 6e7}

# The package of the benchmarks; reports name classes without it.
PACKAGE = "org.grandejdk.bench."


# ------------------------------------------------------------ JMH JSON ----

def score_of(record):
    """(score, error, unit) of one JMH result object as JMH gave them; the
    error NaN where there is none (JMH writes "NaN" after one iteration).
    KeyError, TypeError or ValueError if it has no score."""
    metric = record["primaryMetric"]
    score = float(metric["score"])
    try:
        error = float(metric.get("scoreError"))
    except (TypeError, ValueError):
        error = math.nan
    return score, error, metric.get("scoreUnit", "")


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


def relative_error(score, error):
    """JMH's error as a share of its score (NaN if there is none)."""
    return error / score if score > 0 else math.nan


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
        self.score, self.error, self.unit = score_of(record)
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


# How read_jmh words a file it cannot use, in a line of the report's
# problems; None: no line. The bulk report words its own (bulk.py).
READ_PROBLEMS = {
    "not given": "{what}: not given.",
    "unreadable": "{what}: cannot read {path} ({error}).",
    "not JSON": "{what}: {path} is not JSON ({error}).",
    "not JMH": "{what}: {path} is not a JSON array of JMH results.",
    "empty": "{what}: no results in {path}.",
}


def read_jmh(path, what, problems, wording=READ_PROBLEMS):
    """The result objects of a JMH JSON file, or [] with a line in problems."""
    def problem(kind, error=None):
        if wording[kind]:
            problems.append(wording[kind].format(what=what, path=path, error=error))
        return []
    if not path:
        return problem("not given")
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        return problem("unreadable", e.strerror or e)
    except ValueError as e:
        return problem("not JSON", e)
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        return problem("not JMH")
    if not data:
        problem("empty")
    return data


def results(records, what, problems):
    """The Results of JMH result objects; those that cannot be read are left
    out, with a line in problems."""
    out, bad = [], 0
    for record in records:
        try:
            out.append(Result(record))
        except (KeyError, TypeError, ValueError):
            bad += 1
    if bad:
        problems.append("%s: %d result(s) could not be read (no score, or a unit that is "
                        "not a time) and were left out." % (what, bad))
    return out


def read_results(path, what, problems):
    """The Results of a JMH JSON file ([] with a line in problems if none)."""
    return results(read_jmh(path, what, problems), what, problems)


def run_settings(record):
    """The JVM and JMH settings a result ran with, "?" where JMH gave none."""
    return {k: record.get(k, "?") for k in (
        "vmName", "vmVersion", "jvm", "mode", "forks", "threads", "warmupIterations",
        "warmupTime", "measurementIterations", "measurementTime")}


def is_smoke(results):
    """True if any result is JMH's single shot (a smoke run)."""
    return any(r.record.get("mode") == "ss" for r in results)


def describe_run(what, path, results):
    """Markdown lines: a file's JVMs and JMH settings, each with how many
    results ran with it (a merged file may mix runs)."""
    lines = ["- **%s** (`%s`), %d result(s):" % (what, path, len(results))]
    jvms, settings, threads = {}, {}, {}
    for r in results:
        s = run_settings(r.record)
        jvm = "%(vmName)s %(vmVersion)s (`%(jvm)s`)" % s
        jvms[jvm] = jvms.get(jvm, 0) + 1
        setting = ("mode `%(mode)s`, %(forks)s fork(s), warm-up %(warmupIterations)s × "
                   "%(warmupTime)s, measurement %(measurementIterations)s × %(measurementTime)s"
                   % s)
        settings[setting] = settings.get(setting, 0) + 1
        threads.setdefault(s["threads"], set()).add(r.method)
    for jvm, n in jvms.items():
        lines.append("  - JVM: %s%s" % (jvm, "" if len(jvms) == 1 else " — %d result(s)" % n))
    for setting, n in settings.items():
        lines.append("  - JMH: %s%s"
                     % (setting, "" if len(settings) == 1 else " — %d result(s)" % n))
    if len(threads) > 1:
        lines.append("  - threads: " + "; ".join(
            "%s (%s)" % (t, ", ".join(sorted(ms))) for t, ms in sorted(threads.items(), key=str)))
    return lines


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


# ------------------------------------------------------ ratios, numbers ----

def ratio(a, b):
    """a / b, or None if either is missing (or b is 0)."""
    return a / b if a is not None and b else None


def faster(base, r):
    """base's time / r's time (Results): above 1, r is faster than base."""
    return ratio(base.us, r.us) if base is not None and r is not None else None


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


# ------------------------------------------------------- command line ----

def options(kind, doc, argv, names, required=(), repeated=()):
    """argv parsed as the options of `report.py KIND` (doc's first line
    describes it): names, each taking a value; those in required must be
    given, those in repeated may be given more than once (a list)."""
    ap = argparse.ArgumentParser(prog="report.py " + kind, description=doc.splitlines()[0])
    for name in names:
        ap.add_argument(name, required=name in required,
                        action="append" if name in repeated else "store")
    return ap.parse_args(argv)


# --------------------------------------------------------------- output ----

def table(header, rows, left=1, align=None, right="--:"):
    """A Markdown table: the first `left` columns left-aligned, the rest
    right-aligned, or as align says ("l" or "r" a column); right is the
    mark of a right-aligned column."""
    marks = {"l": "---", "r": right}
    align = align or "l" * left + "r" * (len(header) - left)
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(marks[a] for a in align) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def emit(text, out=None, end="", echo_end=None):
    """The report: printed, with end (echo_end if given), and written to
    the file out, if given, with end."""
    print(text, end=end if echo_end is None else echo_end)
    if out:
        write_text(out, text + end)


def write_text(path, text):
    with open(path, "w") as f:
        f.write(text)


def read_text(path):
    """A file's text, or "" if path is not given or cannot be read."""
    if not path:
        return ""
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def warn(tool, message):
    """A line on standard error: "report.py TOOL: message"."""
    print("report.py %s: %s" % (tool, message), file=sys.stderr)


def pyplot():
    """matplotlib's pyplot on the Agg backend (no display), or None if
    matplotlib is not installed (the venv of report-requirements.txt has it)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def save_figure(plt, fig, path, dpi, bbox_inches=None):
    """Writes the figure as PNG and closes it."""
    fig.savefig(path, dpi=dpi, bbox_inches=bbox_inches)
    plt.close(fig)
