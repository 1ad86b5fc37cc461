#!/usr/bin/env bash
# Fetch the pinned OpenJDK orig tarball into $GRANDE_CACHE/downloads
# (scripts/fetch-pinned.sh: cache, Debian pool, snapshot, then apt).
# Usage: fetch-source.sh DEB_VERSION TARBALL SHA256
set -euo pipefail
version=$1 tarball=$2 sha256=$3
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/fetch-pinned.sh" "$tarball" main/o/openjdk-25 "$sha256" \
    source --download-only -q "openjdk-25=$version"
