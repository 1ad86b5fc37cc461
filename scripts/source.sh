#!/usr/bin/env bash
# Prepare build/openjdk: the pristine OpenJDK source as a git repository,
# our patch series applied as one commit each, and our two modules linked in.
#
#   source.sh TARBALL TOPDIR DEST
#
# Layout of the resulting repository:
#   commit "pristine" (tag: pristine)   the orig tarball, untouched
#   one commit per patch                subject = "<series dir>/<patch file>"
#   src/jdk.fastserial -> jdk-module/   symlinks, ignored by git; the JDK
#   src/jdk.fastrmi    -> rmi-replacement/  build finds new modules in src/
#
# Re-running is a no-op when the tree's commits already are the series (same
# names, same diffs: the state scripts/patches.sh leaves). Otherwise the tree
# is reset to "pristine" and the series applied again; only files whose
# content changes get new timestamps, so the JDK build stays incremental.
# Uncommitted edits in the tree are never thrown away: turn them into a
# patch first (scripts/patches.sh).
set -euo pipefail

tarball=$1 topdir=$2 dest=$3
repo=${GRANDE_REPO:-$(cd "$(dirname "$0")/.." && pwd)}
series_dirs="jdk-patches hotspot-intrinsics"

git_q() { git -C "$dest" -c user.name=GrandeJDK -c user.email=grandejdk@localhost "$@"; }

series_entries() {
    # "dir/name" for every patch of every series, in order.
    local dir name
    for dir in $series_dirs; do
        [ -f "$repo/$dir/series" ] || continue
        while read -r name; do
            case "$name" in ''|'#'*) continue ;; esac
            echo "$dir/$name"
        done < "$repo/$dir/series"
    done
}

tree_matches_series() {
    local entries subjects commit entry
    entries=$(series_entries)
    subjects=$(git_q log --reverse --format=%s pristine..HEAD)
    [ "$entries" = "$subjects" ] || return 1
    for commit in $(git_q rev-list --reverse pristine..HEAD); do
        entry=$(git_q log -1 --format=%s "$commit")
        [ -f "$repo/$entry" ] || return 1
        [ "$(git_q diff --binary --full-index "$commit^" "$commit" | git patch-id --stable | cut -d' ' -f1)" = \
          "$(git patch-id --stable < "$repo/$entry" | cut -d' ' -f1)" ] || return 1
    done
}

link_modules() {
    ln -sfn "$repo/jdk-module" "$dest/src/jdk.fastserial"
    ln -sfn "$repo/rmi-replacement" "$dest/src/jdk.fastrmi"
    echo "source: linked jdk-module -> src/jdk.fastserial, rmi-replacement -> src/jdk.fastrmi"
}

# A tree without the pristine tag (an unpack cut short) is started again.
if ! { [ -d "$dest/.git" ] && git_q rev-parse -q --verify refs/tags/pristine >/dev/null 2>&1; }; then
    echo "source: unpacking $(basename "$tarball") into $dest"
    rm -rf "$dest" "$dest.tmp"
    mkdir -p "$dest.tmp"
    tar --no-same-owner -xJf "$tarball" -C "$dest.tmp"
    mv "$dest.tmp/$topdir" "$dest"
    rmdir "$dest.tmp"
    echo "source: recording the pristine commit"
    git_q init -q
    # The modules are symlinks into this checkout, not part of the JDK tree.
    printf '/src/jdk.fastserial\n/src/jdk.fastrmi\n' >> "$dest/.git/info/exclude"
    git_q add -A
    git_q commit -q -m pristine --no-verify
    git_q tag pristine
else
    if [ -n "$(git_q status --porcelain --untracked-files=no)" ]; then
        echo "source: $dest has uncommitted edits; turn them into a patch" \
             "(scripts/patches.sh refresh|new) or discard them (git -C $dest checkout .)" >&2
        exit 1
    fi
    if tree_matches_series; then
        echo "source: $dest already matches the patch series"
        link_modules
        exit 0
    fi
    git_q reset -q --hard pristine
fi

applied=0
for entry in $(series_entries); do
    if [ ! -f "$repo/$entry" ]; then
        echo "source: ${entry%%/*}/series names ${entry#*/}, which does not exist" >&2
        exit 1
    fi
    if ! git_q apply --index --whitespace=nowarn "$repo/$entry"; then
        echo "source: patch $entry does not apply to the tree" \
             "(pristine + the patches before it)" >&2
        exit 1
    fi
    git_q commit -q --no-verify -m "$entry"
    applied=$((applied + 1))
done
echo "source: applied $applied patch(es)"

link_modules
