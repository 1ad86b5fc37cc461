#!/usr/bin/env python3
"""GrandeJDK's benchmark reports, one tool: a report per kind of run.

    report.py collection --collection-image IMAGE_JSON --collection-stock STOCK_JSON ...
                         --out DIR       the RMI benchmark collection: Table 3, Figures 4
                                         and 5, the serialization table (make report,
                                         make bench-smoke)
    report.py area IMAGE_JSON [--stock STOCK_JSON] ...
                                         any area's JMH results, image against stock
                                         (run.sh, after each area's run)
    report.py bulk --image IMAGE_JSON ...
                                         bulk data: round trip and bandwidth against
                                         size, beside the C floors (bulk.sh)
    report.py fabric --c FABRIC_C_TXT --image IMAGE_JSON ...
                                         the fabric layer by layer, and its targets
                                         (fabric.sh)
    report.py scaling --results DIR ...  calls/s as callers grow (scaling.sh)
    report.py ab --dir DIR ...           two versions of jdk.fastserial and/or
                                         jdk.fastrmi, interleaved rounds paired
                                         (ab-module.sh)

`report.py KIND --help` lists a kind's options; report/KIND.py has the
report and its documentation, report/common.py what they all share
(reading JMH's JSON, ratios, number formats, Markdown tables, matplotlib,
the files written) and report/payloads.py the payloads and serializers of
the collection and the areas.

Python 3.11. The Markdown needs only the standard library; the figures
(collection, bulk, scaling) need matplotlib, pinned in
report-requirements.txt beside this file; run those with that venv's python:
    python3 -m venv $CACHE/report-venv
    $CACHE/report-venv/bin/pip install -r bench/scripts/report-requirements.txt
    $CACHE/report-venv/bin/python bench/scripts/report.py collection \
        --collection-image ... --out DIR
"""

import importlib
import sys

# The kinds, each a module of the package report/ beside this script (a
# package takes precedence over this module of the same name on import).
KINDS = ["collection", "area", "bulk", "fabric", "scaling", "ab"]


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if not argv or argv[0] not in KINDS:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        print("report.py: the first argument is the kind of report: %s" % ", ".join(KINDS),
              file=sys.stderr)
        return 2
    return importlib.import_module("report." + argv[0]).main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
