"""Two versions of modules measured in interleaved rounds (ab-module.sh).

    report.py ab --dir DIR [--base LABEL] [--new LABEL] [--modules NAMES]
                 [--out REPORT_MD]

DIR holds base-rN.json and new-rN.json, one JMH run per side and round
(bench/scripts/ab-module.sh writes them so); NAMES, the modules replaced,
go in the title. One Markdown table, a row per benchmark and parameters:
each side's median over the rounds and its range (time per operation; a
throughput is turned into its inverse), new / base of the medians (below
1: new is faster), the same ratio round by round (the two runs of a round
ran back to back, so they saw the same host), in how many rounds new was
faster with the two-sided sign test's probability of a split at least that
uneven if the two were the same, and the bytes allocated per operation
where the runs had `-prof gc`. A row is called a difference ("new faster",
"new slower") only where that probability is at most 1/8: 4 rounds of 4
one way, 5 of 5, 7 of 8...; otherwise "spread". Standard library only.
"""

import math
import os
import re
import statistics

from report.common import emit, fmt_time, options, read_jmh, results, table

DOC = __doc__
RUN_FILE = re.compile(r"^(base|new)-r(\d+)\.json$")
ALLOC = "gc.alloc.rate.norm"


def load(directory, problems):
    """{side: {round: [Result]}} and {(side, round, key): B/op} of DIR's runs."""
    runs = {"base": {}, "new": {}}
    alloc = {}
    for name in sorted(os.listdir(directory)):
        m = RUN_FILE.match(name)
        if not m:
            continue
        side, rnd = m.group(1), int(m.group(2))
        path = os.path.join(directory, name)
        records = read_jmh(path, "%s, round %d" % (side, rnd), problems)
        runs[side][rnd] = results(records, "%s, round %d" % (side, rnd), problems)
        for r in runs[side][rnd]:
            norm = (r.record.get("secondaryMetrics") or {}).get(ALLOC)
            if norm and norm.get("score") is not None:
                alloc[(side, rnd, r.area_key)] = float(norm["score"])
    return runs, alloc


# The largest sign-test probability still called a difference.
SIGNIFICANT = 0.125


def sign_test(wins, n):
    """Two-sided: the chance of a split at least as uneven as wins of n
    if each round were a coin toss."""
    k = min(wins, n - wins)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n)


def label(key):
    name, method, params = key
    cls = name.rpartition(".")[2]
    shown = ", ".join("%s=%s" % kv for kv in params)
    return "`%s.%s`" % (cls, method), shown


def rows_of(runs, alloc):
    rounds = sorted(set(runs["base"]) & set(runs["new"]))
    keys = []
    for rnd in rounds:
        for r in runs["base"][rnd]:
            if r.area_key not in keys:
                keys.append(r.area_key)
    rows = []
    for key in keys:
        times = {"base": {}, "new": {}}
        for side in times:
            for rnd in rounds:
                for r in runs[side][rnd]:
                    if r.area_key == key:
                        times[side][rnd] = r.us * 1000.0     # ns
        paired = [rnd for rnd in rounds if rnd in times["base"] and rnd in times["new"]]
        if not paired:
            continue
        base = [times["base"][rnd] for rnd in paired]
        new = [times["new"][rnd] for rnd in paired]
        per_round = [times["new"][rnd] / times["base"][rnd] for rnd in paired]
        faster = sum(1 for x in per_round if x < 1)
        ratio = statistics.median(new) / statistics.median(base)
        p = sign_test(faster, len(paired))
        if p > SIGNIFICANT:
            verdict = "spread"
        else:
            verdict = "new faster" if faster * 2 > len(paired) else "new slower"
        a_base = [alloc.get(("base", rnd, key)) for rnd in paired]
        a_new = [alloc.get(("new", rnd, key)) for rnd in paired]
        a_base = [a for a in a_base if a is not None]
        a_new = [a for a in a_new if a is not None]
        b_op = ("%.0f → %.0f" % (statistics.median(a_base), statistics.median(a_new))
                if a_base and a_new else "—")
        bench, params = label(key)
        rows.append([bench, params,
                     "%s (%s–%s)" % (fmt_time(statistics.median(base)), fmt_time(min(base)),
                                     fmt_time(max(base))),
                     "%s (%s–%s)" % (fmt_time(statistics.median(new)), fmt_time(min(new)),
                                     fmt_time(max(new))),
                     "%.2f" % ratio,
                     " ".join("%.2f" % x for x in per_round),
                     "%d of %d (p %.2g)" % (faster, len(paired), p),
                     verdict, b_op])
    return rounds, rows


def main(argv):
    opts = options("ab", DOC, argv, ["--dir", "--base", "--new", "--modules", "--out"],
                   required=["--dir"])
    problems = []
    runs, alloc = load(opts.dir, problems)
    rounds, rows = rows_of(runs, alloc)
    lines = ["# %s A/B: %s against %s" % (opts.modules or "jdk.fastserial", opts.new or "new",
                                        opts.base or "base"), ""]
    lines.append("%d round(s), each side's runs back to back (base first in odd rounds); "
                 "times in ns per operation, median (range) over the rounds; new / base "
                 "below 1: new is faster. \"new faster in\": the rounds new won, with the "
                 "two-sided sign test's probability of so uneven a split by chance; a row "
                 "is a difference only where it is %g or less (4 of 4 rounds, 5 of 5, "
                 "7 of 8), otherwise \"spread\"." % (len(rounds), SIGNIFICANT))
    lines.append("")
    if rows:
        lines += table(["benchmark", "parameters", "base", "new", "new / base",
                        "per round", "new faster in", "verdict", "B/op base → new"],
                       rows, left=2, align="llrrrrrlr")
    else:
        lines.append("No benchmark ran on both sides in the same round.")
    for p in problems:
        lines += ["", "- " + p]
    emit("\n".join(lines), opts.out, end="\n")
    return 0 if rows else 1
