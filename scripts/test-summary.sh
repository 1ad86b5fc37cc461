#!/usr/bin/env bash
# Add up the tiers' counts and print the closing line.
#
#   test-summary.sh RESULTS TIER...
#
# A tier listed here without a RESULTS/TIER.summary died before it could
# count, and counts as one failure.
set -euo pipefail
results=$1
shift
total_passed=0 total_failed=0
echo "==> test summary"
for tier in "$@"; do
    line=$(cat "$results/$tier.summary" 2>/dev/null || echo "0 passed, 1 failed (no result)")
    printf '    %-14s %s\n' "$tier" "$line"
    p=$(sed -n 's/^\([0-9]*\) passed.*/\1/p' <<< "$line")
    f=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<< "$line")
    total_passed=$((total_passed + ${p:-0}))
    total_failed=$((total_failed + ${f:-1}))
done
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
