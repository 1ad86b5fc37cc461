#!/usr/bin/env bash
# Check the patch series prefix by prefix: every prefix applies to the
# pristine tree, and at the end of each the Java modules it touches compile
# (java.base always; java.logging and java.rmi when the prefix touched
# java.rmi). javac only, on the boot JDK, with --system none: minutes, not a
# build. Works in scratch indexes and a scratch directory; build/openjdk's
# work tree is never touched.
#
#   check-series.sh SOURCE_TREE GENSRC_DIR [--apply-only] [--against REF]
#
#   SOURCE_TREE  build/openjdk (a tree made by scripts/source.sh, for its
#                pristine commit and objects)
#   GENSRC_DIR   the build's support/gensrc (java.base's generated sources)
#   --apply-only only the application check (seconds)
#   --against REF  also apply the series as it was at REF of this checkout
#                and print how the two final trees differ (re-cutting a
#                series must change nothing but what was intended)
#
# Exit status 0 when every prefix applies and compiles.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/series-lib.sh"
repo=${GRANDE_REPO:-$(cd "$here/.." && pwd)}
tree=$1 gensrc=$2
shift 2
apply_only=0 against=""
while [ $# -gt 0 ]; do
    case "$1" in
        --apply-only) apply_only=1 ;;
        --against) against=$2; shift ;;
        *) echo "check-series: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
boot_jdk=${BOOT_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
pristine=$(series_git "$tree" rev-parse pristine)

mapfile -t entries < <(series_entries "$repo")
commits=$(series_commit "$tree" "$repo" "$pristine" "" "${entries[@]}") || exit 1
mapfile -t commit_list <<< "$commits"
for i in "${!entries[@]}"; do
    echo "applies: $((i + 1))/${#entries[@]} ${entries[$i]}"
done

if [ -n "$against" ]; then
    mapfile -t old_entries < <(series_entries "$repo" "$against")
    old=$(series_commit "$tree" "$repo" "$pristine" "$against" "${old_entries[@]}" | tail -n 1) || exit 1
    echo "final tree against the series at $against:"
    series_git "$tree" diff --stat "$old" "${commit_list[-1]}" | sed 's/^/    /'
    series_git "$tree" diff "$old" "${commit_list[-1]}" | sed 's/^/    /' | head -n 200
fi
[ "$apply_only" = 1 ] && exit 0

[ -d "$gensrc/java.base" ] || { echo "check-series: no $gensrc/java.base (build the image first)" >&2; exit 1; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/check-series.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# The generated sources without the build's module-info.java: that one is
# the final tree's, merged from every module; each prefix brings its own.
cp -r "$gensrc/java.base" "$scratch/gensrc"
rm -f "$scratch/gensrc/module-info.java"
gensrc_base=$scratch/gensrc
failed=0
previous=$pristine
for i in "${!entries[@]}"; do
    entry=${entries[$i]} commit=${commit_list[$i]}
    changed=$(series_git "$tree" diff --name-only "$pristine" "$commit" -- '*.java')
    if [ -z "$(series_git "$tree" diff --name-only "$previous" "$commit" -- '*.java')" ]; then
        echo "compiles: $((i + 1))/${#entries[@]} $entry (no Java source changed; skipped)"
        previous=$commit
        continue
    fi
    previous=$commit
    modules=java.base
    grep -q '^src/java.rmi/' <<< "$changed" && modules=java.base,java.logging,java.rmi
    rm -rf "$scratch/src" "$scratch/out" "$scratch/merged"
    mkdir -p "$scratch/src" "$scratch/out"
    series_git "$tree" archive "$commit" src/java.base/share/classes src/java.base/unix/classes \
        src/java.base/linux/classes src/java.logging/share/classes src/java.rmi/share/classes |
        tar -x -C "$scratch/src"
    # One source root per module, as the JDK's build sees it: share, then
    # unix, then linux classes, then the generated sources; a more specific
    # file replaces a more general one (SystemMetrics, ModuleLoaderMap).
    s=$scratch/src/src
    for m in java.base java.logging java.rmi; do
        mkdir -p "$scratch/merged/$m"
        for d in share/classes unix/classes linux/classes; do
            [ -d "$s/$m/$d" ] && cp -r "$s/$m/$d/." "$scratch/merged/$m/"
        done
    done
    cp -r "$gensrc_base/." "$scratch/merged/java.base/"
    start=$(date +%s)
    if "$boot_jdk/bin/javac" -J-Xmx2g --system none -nowarn -XDsuppressNotes -Xlint:none \
            -implicit:none -d "$scratch/out" \
            --module-source-path "$scratch/merged" \
            -m "$modules" > "$scratch/javac.log" 2>&1; then
        echo "compiles: $((i + 1))/${#entries[@]} $entry ($modules, $(( $(date +%s) - start )) s)"
    else
        echo "does not compile: $((i + 1))/${#entries[@]} $entry ($modules):" >&2
        grep -E 'error:' "$scratch/javac.log" | head -n 20 | sed 's/^/    /' >&2
        failed=1
    fi
done
exit $failed
