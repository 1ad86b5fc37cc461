#!/usr/bin/env bash
# Fetch Debian trixie's jtreg8 package and unpack it (dpkg -x, never
# installed) into $GRANDE_CACHE/jtreg-VERSION. Prints nothing but progress;
# the jtreg home is $GRANDE_CACHE/jtreg-VERSION/usr/share/jtreg.
# Usage: fetch-jtreg.sh DEB_VERSION
set -euo pipefail
version=$1
cache=${GRANDE_CACHE:-$HOME/.cache/grandejdk}
here=$(cd "$(dirname "$0")" && pwd)
dest=$cache/jtreg-$version
home=$dest/usr/share/jtreg

# The jars the JDK's test tree needs, all bundled by jtreg8.
needed="jtreg.jar javatest.jar asmtools.jar jcommander.jar testng.jar guice.jar
        junit-platform-console-standalone.jar slf4j-api.jar"

complete() {
    for jar in $needed; do [ -f "$home/lib/$jar" ] || return 1; done
}

if complete; then
    echo "jtreg: $version (cached)"
    exit 0
fi
echo "jtreg: fetching jtreg8 $version from Debian trixie"
"$here/trixie-apt.sh" update -q >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && "$here/trixie-apt.sh" download -qq "jtreg8=$version")
rm -rf "$dest"
dpkg -x "$work"/jtreg8_*.deb "$dest"
complete || { echo "jtreg: $home/lib lacks one of: $needed" >&2; exit 1; }
echo "jtreg: unpacked into $home"
