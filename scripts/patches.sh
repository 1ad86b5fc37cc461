#!/usr/bin/env bash
# Turn edits made in build/openjdk back into patch files.
#
#   scripts/patches.sh new SERIES_DIR/NAME.patch
#       The uncommitted edits in build/openjdk (new files included) become a
#       new patch at the end of SERIES_DIR/series, with a header to fill in.
#   scripts/patches.sh refresh SERIES_DIR/NAME.patch
#       The uncommitted edits are folded into that (already applied) patch;
#       the patch file is rewritten with its header kept.
#   scripts/patches.sh list
#       The applied patches, oldest first.
#
# SERIES_DIR is jdk-patches or hotspot-intrinsics. build/openjdk holds one
# commit per patch (scripts/source.sh), so a refresh is a fixup of that
# commit followed by `git diff` of it. Set GRANDE_SOURCE to work on another
# tree than build/openjdk.
set -euo pipefail

repo=${GRANDE_REPO:-$(cd "$(dirname "$0")/.." && pwd)}
src=${GRANDE_SOURCE:-$repo/build/openjdk}

. "$(cd "$(dirname "$0")" && pwd)/series-lib.sh"
git_q() { series_git "$src" "$@"; }
die() { echo "patches: $*" >&2; exit 1; }

usage() { sed -n '3,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

[ -d "$src/.git" ] || die "no source tree at $src (run: make source)"

patch_commit() {
    # The commit that applied SERIES_DIR/NAME.patch, by its subject.
    git_q log --format=%H --fixed-strings --grep="$1" pristine..HEAD |
        while read -r c; do
            [ "$(git_q log -1 --format=%s "$c")" = "$1" ] && echo "$c"
        done | head -n 1
}

header_of() {
    # Everything before the first diff: the patch's what/why/tested header.
    sed '/^diff --git /,$d' "$1"
}

write_patch() { # NAME FILE HEADER_FILE
    local commit
    commit=$(patch_commit "$1")
    { cat "$3"; git_q diff --no-color --binary --full-index "$commit^" "$commit"; } > "$2.new"
    mv "$2.new" "$2"
}

check_name() {
    case "$1" in
        jdk-patches/*.patch|hotspot-intrinsics/*.patch) ;;
        *) die "patch names look like jdk-patches/NNNN-what.patch or hotspot-intrinsics/NNNN-what.patch" ;;
    esac
    case "$1" in */*/*) die "no subdirectories in a patch name: $1" ;; esac
}

stage_edits() {
    git_q add -A
    git_q diff --cached --quiet && die "no edits in $src to record"
    return 0
}

fold_in_place() { # COMMIT
    # Fold the staged edits into COMMIT and replay the later commits on it
    # without checking anything out: each commit's own diff is applied to
    # a scratch index. No file's mtime changes, so the next build recompiles
    # only what was edited (a rebase would touch every file of the later
    # patches, and vmIntrinsics.hpp alone costs a full libjvm recompile).
    # Fails, changing nothing, if a diff does not apply; the caller then
    # rebases.
    local target index edits parent c tree status=0
    target=$(git_q rev-parse "$1")
    index=$(mktemp -u) edits=$(mktemp)
    git_q diff --cached --binary --full-index > "$edits"
    parent=$(git_q rev-parse "$target^")
    for c in $(git_q rev-list --reverse "$target^..HEAD"); do
        GIT_INDEX_FILE=$index git_q read-tree "$parent"
        if ! git_q diff --binary --full-index "$c^" "$c" |
                GIT_INDEX_FILE=$index git_q apply --cached - 2>/dev/null; then
            status=1; break
        fi
        if [ "$c" = "$target" ] &&
                ! GIT_INDEX_FILE=$index git_q apply --cached "$edits" 2>/dev/null; then
            status=1; break
        fi
        tree=$(GIT_INDEX_FILE=$index git_q write-tree)
        parent=$(git_q log -1 --format=%B "$c" | git_q commit-tree "$tree" -p "$parent")
    done
    rm -f "$index" "$edits"
    # The replayed series must end in exactly the tree of HEAD plus the edits.
    if [ $status -ne 0 ] || [ "$(git_q rev-parse "$parent^{tree}")" != "$(git_q write-tree)" ]; then
        return 1
    fi
    git_q update-ref HEAD "$parent"
    git_q reset -q
}

reorder_as_series() {
    # A new patch ends its own series, which need not be the last one
    # (hotspot-intrinsics comes before jdk-patches): put its commit where
    # the series has it. The work tree is not touched; the reordered
    # commits must end in the same tree, or the patch depends on a later one.
    local commits new
    mapfile -t entries < <(series_entries "$repo")
    commits=$(series_commit "$src" "$repo" "$(git_q rev-parse pristine)" "" "${entries[@]}") ||
        die "the series does not apply in its order with the new patch"
    new=$(tail -n 1 <<< "$commits")
    [ "$(git_q rev-parse "$new^{tree}")" = "$(git_q rev-parse 'HEAD^{tree}')" ] ||
        die "the new patch does not commute with the patches after it in the series"
    git_q update-ref HEAD "$new"
}

cmd=${1:-}
case "$cmd" in
    list)
        git_q log --reverse --format=%s pristine..HEAD
        ;;
    new)
        [ $# -eq 2 ] || usage
        name=$2
        check_name "$name"
        [ -e "$repo/$name" ] && die "$name exists; use refresh"
        [ -n "$(patch_commit "$name")" ] && die "$name is already applied"
        stage_edits
        git_q commit -q --no-verify -m "$name"
        header=$(mktemp)
        cat > "$header" <<EOF
What: (one paragraph: what this patch changes)

Why: (the paper section, or the measured cost, that asks for it)

Tested: (the tests that cover it, under test/)

EOF
        write_patch "$name" "$repo/$name" "$header"
        rm -f "$header"
        echo "${name#*/}" >> "$repo/${name%%/*}/series"
        reorder_as_series
        echo "patches: wrote $name and added it to ${name%%/*}/series; fill in its header"
        ;;
    refresh)
        [ $# -eq 2 ] || usage
        name=$2
        check_name "$name"
        [ -f "$repo/$name" ] || die "$name does not exist; use new"
        commit=$(patch_commit "$name")
        [ -n "$commit" ] || die "$name is not applied in $src (run: make source)"
        stage_edits
        if ! fold_in_place "$commit"; then
            git_q commit -q --no-verify --fixup="$commit"
            if ! GIT_SEQUENCE_EDITOR=true git_q rebase -q -i --autosquash "$commit^" >/dev/null; then
                git_q rebase --abort || true
                die "the edits conflict with a later patch; fold them in by hand (git rebase -i in $src)"
            fi
        fi
        # The refreshed patch, and the later ones: their line numbers may
        # have moved.
        header=$(mktemp)
        for later in "$name" $(git_q log --reverse --format=%s "$(patch_commit "$name")..HEAD"); do
            [ -f "$repo/$later" ] || continue
            header_of "$repo/$later" > "$header"
            write_patch "$later" "$repo/$later" "$header"
        done
        rm -f "$header"
        echo "patches: refreshed $name"
        ;;
    *)
        usage
        ;;
esac
