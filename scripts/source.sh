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
# The series (scripts/series-lib.sh: hotspot-intrinsics, then jdk-patches)
# is applied as commits in a scratch index, and the work tree then moves
# from its current commit to the new one with a two-tree checkout: only the
# files whose content changes are written, so editing one patch rebuilds
# what that patch touches, not all of libjvm. Re-running is a no-op when
# the tree's commits already are the series (same names, same tree: the
# state scripts/patches.sh leaves). A patch that does not apply is reported
# with git's error and the failing hunk. Uncommitted edits in the tree are
# never thrown away: turn them into a patch first (scripts/patches.sh).
set -euo pipefail

tarball=$1 topdir=$2 dest=$3
repo=${GRANDE_REPO:-$(cd "$(dirname "$0")/.." && pwd)}
. "$(cd "$(dirname "$0")" && pwd)/series-lib.sh"

git_q() { series_git "$dest" "$@"; }

link_modules() {
    ln -sfn "$repo/jdk-module" "$dest/src/jdk.fastserial"
    ln -sfn "$repo/rmi-replacement" "$dest/src/jdk.fastrmi"
    # libfastfabric's sources, compiled by make/modules/jdk.fastrmi/Lib.gmk
    # into the module's native library (so jlink carries it).
    ln -sfn "$repo/fabric-native" "$dest/fabric-native"
    echo "source: linked jdk-module -> src/jdk.fastserial, rmi-replacement -> src/jdk.fastrmi," \
         "fabric-native -> fabric-native"
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
    # The linked directories are this checkout's, not part of the JDK tree.
    printf '/src/jdk.fastserial\n/src/jdk.fastrmi\n/fabric-native\n' >> "$dest/.git/info/exclude"
    git_q add -A
    git_q commit -q -m pristine --no-verify
    git_q tag pristine
elif [ -n "$(git_q status --porcelain --untracked-files=no)" ]; then
    echo "source: $dest has uncommitted edits; turn them into a patch" \
         "(scripts/patches.sh refresh|new) or discard them (git -C $dest checkout .)" >&2
    exit 1
fi
grep -qx '/fabric-native' "$dest/.git/info/exclude" || echo '/fabric-native' >> "$dest/.git/info/exclude"

mapfile -t entries < <(series_entries "$repo")
commits=$(series_commit "$dest" "$repo" "$(git_q rev-parse pristine)" "" "${entries[@]}") || exit 1
new=$(tail -n 1 <<< "$commits")
[ -n "$new" ] || new=$(git_q rev-parse pristine)

if [ "$(git_q log --reverse --format=%s pristine..HEAD)" = "$(printf '%s\n' "${entries[@]}" | sed '/^$/d')" ] &&
   [ "$(git_q rev-parse 'HEAD^{tree}')" = "$(git_q rev-parse "$new^{tree}")" ]; then
    echo "source: $dest already matches the patch series"
else
    # Two-tree checkout: writes only the paths that differ between the two.
    old=$(git_q rev-parse HEAD)
    git_q read-tree -m -u HEAD "$new"
    git_q update-ref HEAD "$new"
    echo "source: applied ${#entries[@]} patch(es); changed files:" \
         "$(git_q diff --name-only "$old" HEAD | wc -l)"
fi
link_modules
