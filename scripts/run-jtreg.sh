#!/usr/bin/env bash
# Run one jtreg tier against an image and record its counts.
#
#   run-jtreg.sh JTREG_HOME IMAGE RESULTS CONC TIER [jtreg args...] TESTS...
#
# Work and report directories go to RESULTS/TIER/; the counts go to
# RESULTS/TIER.summary as "N passed, N failed[, N skipped]" for
# scripts/test-summary.sh. jtreg itself runs on the boot JDK (JTREG_JAVA), so
# a broken image fails its tests instead of the harness.
set -uo pipefail
jtreg_home=$1 image=$2 results=$3 conc=$4 tier=$5
shift 5

out=$results/$tier
rm -rf "$out" "$results/$tier.summary"
mkdir -p "$out"

# -automatic skips /manual tests (two need a second host), as the JDK's own
# `make test` does; -ignore:quiet leaves @ignore'd tests out of the counts.
JTREG_JAVA=${JTREG_JAVA:-java} "$jtreg_home/bin/jtreg" \
    -jdk:"$image" -conc:"$conc" -automatic -ignore:quiet \
    -timeoutFactor:4 -retain:fail,error \
    -verbose:summary -w:"$out/work" -r:"$out/report" \
    "$@" > "$out/jtreg.log" 2>&1
status=$?

grep -E '^(FAILED|Error)[.:]' "$out/jtreg.log" | sed 's/^/    /' || true
result=$(grep -E '^Test results:' "$out/jtreg.log" | tail -n 1)
echo "    $tier: ${result:-no result line (jtreg exit $status); see $out/jtreg.log}"

count() { sed -n "s/.*$1: \([0-9]*\).*/\1/p" <<< "$result"; }
passed=$(count passed) failed=$(count failed) errors=$(count error)
passed=${passed:-0} failed=$((${failed:-0} + ${errors:-0}))
if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
    # A tier that ran nothing is broken, not green.
    echo "    $tier: no test ran (jtreg exit $status)" >&2
    failed=1
elif [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    echo "    $tier: jtreg exited $status; see $out/jtreg.log" >&2
    failed=1
fi
echo "$passed passed, $failed failed" > "$results/$tier.summary"
[ "$failed" -eq 0 ]
