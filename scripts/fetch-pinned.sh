#!/usr/bin/env bash
# Fetch one pinned Debian file into $GRANDE_CACHE/downloads and check its
# sha256. Debian's package index moves on (a version that was current when
# it was pinned disappears from it), but the archive keeps files in its
# pool, and snapshot.debian.org keeps them for ever; so the index is the
# last place asked, not the first, and the sha256 pin alone decides.
#
#   fetch-pinned.sh FILE POOL_DIR SHA256 [TRIXIE_APT_ARGS...]
#
#   FILE             e.g. openjdk-25_25.0.3+9.orig.tar.xz
#   POOL_DIR         its directory under pool/, e.g. main/o/openjdk-25
#   SHA256           the pin
#   TRIXIE_APT_ARGS  the last resort: scripts/trixie-apt.sh with these
#                    arguments, run in a scratch directory (e.g.
#                    source --download-only openjdk-25=VERSION)
#
# Tried in order, each until one gives a file with the pinned sha256:
#   1. $GRANDE_CACHE/downloads/FILE
#   2. the pool on the Debian mirror: DEBIAN_MIRROR (default: the machine's
#      own, as scripts/trixie-apt.sh derives it), then its security archive
#      (pool/updates/...)
#   3. the pool under a dated snapshot: DEBIAN_SNAPSHOT (default
#      https://snapshot.debian.org/archive/debian/$DEBIAN_SNAPSHOT_DATE) and
#      DEBIAN_SECURITY_SNAPSHOT
#   4. apt against Debian trixie's index (GRANDE_FETCH_APT=0 skips it)
# A file whose sha256 differs is kept aside (FILE.bad, then FILE.bad.2, ...)
# and the next place is tried. When nothing matches, every address and its answer is printed
# with how to place the file by hand, and the exit status is 1.
set -euo pipefail

[ $# -ge 3 ] || { sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
file=$1 pool_dir=$2 sha256=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
cache=${GRANDE_CACHE:-$HOME/.cache/grandejdk}
downloads=$cache/downloads
target=$downloads/$file
mkdir -p "$downloads"

tried=()            # "address: what it answered", for the failure report

matches() { echo "$sha256  $1" | sha256sum --check --status 2>/dev/null; }

bad_count=0
aside=""
set_aside() { # FILE: keep a mismatching file under its own name, in $aside
    bad_count=$((bad_count + 1))
    aside=$target.bad
    [ $bad_count -gt 1 ] && aside=$target.bad.$bad_count
    mv -f "$1" "$aside"
}

accept() { # CANDIDATE SOURCE: move a candidate into place if its sha256 is the pin
    if matches "$1"; then
        mv -f "$1" "$target"
        echo "fetch: $file from $2 (sha256 ok)"
        exit 0
    fi
    local got
    got=$(sha256sum "$1" | cut -d' ' -f1)
    set_aside "$1"
    tried+=("$2: sha256 mismatch, got $got (kept as $aside)")
}

from_url() { # URL
    local part code err
    # Its own name: two fetches into one cache must not share a partial file.
    part=$(mktemp "$target.part.XXXXXX")
    err=$(mktemp)
    code=$(curl -sS -L --connect-timeout 15 --max-time 1200 --retry 2 --retry-delay 2 \
                -o "$part" -w '%{http_code}' "$1" 2>"$err") || true
    if [ "$code" = 200 ] && [ -s "$part" ]; then
        rm -f "$err"
        accept "$part" "$1"
        return 0
    fi
    if [ "$code" = 000 ] || [ -z "$code" ]; then
        tried+=("$1: $(tr '\n' ' ' < "$err" | sed 's/ *$//')")
    else
        tried+=("$1: HTTP $code")
    fi
    rm -f "$part" "$err"
}

from_apt() { # TRIXIE_APT_ARGS...
    local work
    work=$(mktemp -d)
    if ! "$here/trixie-apt.sh" update -q > "$work/update.log" 2>&1; then
        tried+=("apt (trixie index): update failed: $(tail -n 1 "$work/update.log")")
    else
        # apt's exit status says nothing useful: it fails on a missing .dsc
        # or companion tarball even when FILE arrived.
        (cd "$work" && "$here/trixie-apt.sh" "$@" > apt.log 2>&1) || true
        if [ -f "$work/$file" ]; then
            mv -f "$work/$file" "$target.part.apt"
            rm -rf "$work"
            accept "$target.part.apt" "apt (trixie index: $*)"
            return 0
        else
            tried+=("apt (trixie index: $*): $(grep -E '^(E|W):' "$work/apt.log" | head -n 1 || echo "$file not among what it fetched")")
        fi
    fi
    rm -rf "$work"
}

if [ -f "$target" ]; then
    if matches "$target"; then
        echo "fetch: $file (cached, sha256 ok)"
        exit 0
    fi
    set_aside "$target"
    tried+=("cache $target: sha256 mismatch (kept as $aside)")
fi

mirrors=$("$here/trixie-apt.sh" mirrors 2>/dev/null || true)
mirror=$(sed -n 1p <<< "$mirrors")
security=$(sed -n 2p <<< "$mirrors")
snapshot_date=${DEBIAN_SNAPSHOT_DATE:-}
snapshot=${DEBIAN_SNAPSHOT:-${snapshot_date:+https://snapshot.debian.org/archive/debian/$snapshot_date}}
security_snapshot=${DEBIAN_SECURITY_SNAPSHOT:-${snapshot_date:+https://snapshot.debian.org/archive/debian-security/$snapshot_date}}

[ -n "$mirror" ] && from_url "$mirror/pool/$pool_dir/$file"
[ -n "$security" ] && from_url "$security/pool/updates/$pool_dir/$file"
[ -n "$snapshot" ] && from_url "$snapshot/pool/$pool_dir/$file"
[ -n "$security_snapshot" ] && from_url "$security_snapshot/pool/updates/$pool_dir/$file"
if [ "${GRANDE_FETCH_APT:-1}" != 0 ] && [ $# -gt 0 ]; then
    from_apt "$@"
fi

{
    echo "fetch: $file: no source gave a file with the pinned sha256."
    echo "Tried:"
    for t in "${tried[@]}"; do echo "  $t"; done
    echo "To place it by hand: copy $file to $target"
    echo "  (sha256 $sha256)"
    echo "DEBIAN_MIRROR, DEBIAN_SECURITY_MIRROR, DEBIAN_SNAPSHOT, DEBIAN_SECURITY_SNAPSHOT"
    echo "and DEBIAN_SNAPSHOT_DATE choose other addresses."
} >&2
exit 1
