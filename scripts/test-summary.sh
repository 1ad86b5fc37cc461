#!/usr/bin/env bash
# Print the tiers' counts, one line per kind of check, and fail if any
# failed. The kinds are not added up: a jtreg test, a C check and a JMH run
# are different things. The jtreg line comes last, as the closing line.
#
#   test-summary.sh RESULTS TIER...
#
# A tier listed here without a RESULTS/TIER.summary died before it could
# count, and counts as one failure.
set -euo pipefail
results=$1
shift

kind_of() {
    case "$1" in
        fabric) echo "C checks (fabric-native, plain and ASan)" ;;
        bench-smoke) echo "JMH runs (every benchmark once)" ;;
        *) echo jtreg ;;
    esac
}

declare -A passed failed
kinds=()
echo "==> test summary"
for tier in "$@"; do
    line=$(cat "$results/$tier.summary" 2>/dev/null || echo "0 passed, 1 failed (no result)")
    printf '    %-14s %s\n' "$tier" "$line"
    p=$(sed -n 's/^\([0-9]*\) passed.*/\1/p' <<< "$line")
    f=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<< "$line")
    kind=$(kind_of "$tier")
    if [ -z "${passed[$kind]+set}" ]; then
        kinds+=("$kind")
        passed[$kind]=0 failed[$kind]=0
    fi
    passed[$kind]=$((passed[$kind] + ${p:-0}))
    failed[$kind]=$((failed[$kind] + ${f:-1}))
done
any_failed=0
for kind in "${kinds[@]}"; do
    [ "$kind" = jtreg ] && continue
    echo "$kind: ${passed[$kind]} passed, ${failed[$kind]} failed"
    [ "${failed[$kind]}" -eq 0 ] || any_failed=1
done
if [ -n "${passed[jtreg]+set}" ]; then
    echo "jtreg: ${passed[jtreg]} passed, ${failed[jtreg]} failed"
    [ "${failed[jtreg]}" -eq 0 ] || any_failed=1
fi
[ "$any_failed" -eq 0 ]
