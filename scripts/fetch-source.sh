#!/usr/bin/env bash
# Fetch the pinned OpenJDK orig tarball into the download cache and check its
# sha256. Usage: fetch-source.sh DEB_VERSION TARBALL SHA256
# Debian's archive answers 404 for this version's .dsc and googletest
# tarball, so apt-get reports a failure even when the orig tarball arrived;
# the checksum, not apt's exit code, decides.
set -euo pipefail
version=$1 tarball=$2 sha256=$3
cache=${GRANDE_CACHE:-$HOME/.cache/grandejdk}
here=$(cd "$(dirname "$0")" && pwd)
downloads=$cache/downloads
mkdir -p "$downloads"

verify() { echo "$sha256  $downloads/$tarball" | sha256sum --check --status; }

if [ -f "$downloads/$tarball" ] && verify; then
    echo "source: $tarball (cached, sha256 ok)"
    exit 0
fi
rm -f "$downloads/$tarball"
echo "source: fetching openjdk-25 $version from Debian trixie"
"$here/trixie-apt.sh" update -q >/dev/null
(cd "$downloads" && "$here/trixie-apt.sh" source --download-only -q "openjdk-25=$version" >/dev/null 2>&1) || true
if [ ! -f "$downloads/$tarball" ]; then
    echo "source: $tarball did not download (openjdk-25=$version no longer in trixie?)" >&2
    exit 1
fi
if ! verify; then
    echo "source: sha256 mismatch for $tarball: expected $sha256, got $(sha256sum "$downloads/$tarball" | cut -d' ' -f1)" >&2
    mv "$downloads/$tarball" "$downloads/$tarball.bad"
    exit 1
fi
echo "source: $tarball ok"
