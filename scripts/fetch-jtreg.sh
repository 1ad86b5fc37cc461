#!/usr/bin/env bash
# Fetch Debian trixie's jtreg8 package (scripts/fetch-pinned.sh: cache,
# Debian pool, snapshot, then apt; sha256-pinned) and unpack it (dpkg -x,
# never installed) into $GRANDE_CACHE/jtreg-VERSION. The jtreg home is
# $GRANDE_CACHE/jtreg-VERSION/usr/share/jtreg.
# Usage: fetch-jtreg.sh DEB_VERSION SHA256
set -euo pipefail
version=$1 sha256=$2
cache=${GRANDE_CACHE:-$HOME/.cache/grandejdk}
here=$(cd "$(dirname "$0")" && pwd)
dest=$cache/jtreg-$version
home=$dest/usr/share/jtreg
# Debian's file name drops the epoch and writes the version as it is.
deb=jtreg8_${version}_all.deb

# The jars the JDK's test tree needs, all bundled by jtreg8.
needed="jtreg.jar javatest.jar asmtools.jar jcommander.jar testng.jar guice.jar
        junit-platform-console-standalone.jar slf4j-api.jar"

complete() {
    [ -f "$dest/.sha256" ] && [ "$(cat "$dest/.sha256")" = "$sha256" ] || return 1
    for jar in $needed; do [ -f "$home/lib/$jar" ] || return 1; done
}

if complete; then
    echo "jtreg: $version (cached)"
    exit 0
fi
"$here/fetch-pinned.sh" "$deb" main/j/jtreg8 "$sha256" download -qq "jtreg8=$version"
rm -rf "$dest"
dpkg -x "$cache/downloads/$deb" "$dest"
echo "$sha256" > "$dest/.sha256"
complete || { echo "jtreg: $home/lib lacks one of: $needed" >&2; exit 1; }
echo "jtreg: unpacked into $home"
