#!/usr/bin/env bash
# Run apt-get against a private Debian trixie package list, leaving the
# machine's own apt sources, lists and caches untouched.
#
#   scripts/trixie-apt.sh update
#   scripts/trixie-apt.sh source --download-only openjdk-25=VERSION
#   scripts/trixie-apt.sh download jtreg8=VERSION
#   scripts/trixie-apt.sh cache show jtreg8     (apt-cache instead of apt-get)
#   scripts/trixie-apt.sh mirrors               (print the archive and security URLs)
#
# The archive addresses are taken from the machine's own Debian sources (the
# same mirror, suite renamed to trixie), or from DEBIAN_MIRROR and
# DEBIAN_SECURITY_MIRROR when set. State lives in $GRANDE_CACHE/apt-trixie.
set -euo pipefail

cache=${GRANDE_CACHE:-$HOME/.cache/grandejdk}
state=$cache/apt-trixie
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

machine_uris() {
    # URIs of the machine's Debian sources, both deb822 and one-line style.
    {
        cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n'
        cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
            sed -n 's/^deb\(-src\)\?[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\3/p'
    } | sed 's:/*$::' | awk 'NF' | sort -u
}

mirror=${DEBIAN_MIRROR:-$(machine_uris | grep -E '/debian$' | head -n 1 || true)}
security=${DEBIAN_SECURITY_MIRROR:-$(machine_uris | grep -E '/debian-security$' | head -n 1 || true)}
if [ -z "$mirror" ]; then
    echo "trixie-apt: no Debian archive found in /etc/apt; set DEBIAN_MIRROR" >&2
    exit 1
fi
[ -n "$security" ] || security=${mirror}-security
if [ "${1:-}" = mirrors ]; then
    printf '%s\n%s\n' "$mirror" "$security"
    exit 0
fi

mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/parts" "$state/prefs"
opts="[signed-by=$keyring]"
cat > "$state/sources.list.new" <<EOF
deb $opts $mirror trixie main
deb-src $opts $mirror trixie main
deb $opts $mirror trixie-updates main
deb-src $opts $mirror trixie-updates main
deb $opts $security trixie-security main
deb-src $opts $security trixie-security main
EOF
mv "$state/sources.list.new" "$state/sources.list"

tool=apt-get
if [ "${1:-}" = cache ]; then
    tool=apt-cache
    shift
fi
exec $tool \
    -o Dir::Etc::SourceList="$state/sources.list" \
    -o Dir::Etc::SourceParts="$state/parts" \
    -o Dir::Etc::PreferencesParts="$state/prefs" \
    -o Dir::State::Lists="$state/lists" \
    -o Dir::Cache="$state/cache" \
    -o APT::Architectures::=amd64 \
    -o Acquire::Languages=none \
    -o APT::Sandbox::User=root \
    "$@"
