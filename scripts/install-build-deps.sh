#!/usr/bin/env bash
# Install the Debian packages the OpenJDK build and fabric-native need, or,
# given package names (bench/scripts/run.sh: maven), those instead.
# Idempotent: packages already installed are skipped, and apt-get update runs
# only when something is missing.
set -euo pipefail

default_packages=(
    # OpenJDK build (measured enough for 25.0.3 on Debian bookworm)
    autoconf zip unzip file ccache
    libcups2-dev libfontconfig1-dev libasound2-dev
    libx11-dev libxext-dev libxrender-dev libxrandr-dev libxtst-dev libxt-dev
    libfreetype-dev libgif-dev libpng-dev libjpeg-dev liblcms2-dev
    zlib1g-dev libpcsclite-dev libharfbuzz-dev
    # fabric-native
    libfabric-dev libibverbs-dev
    # an older JDK, the other end of the RMI interoperability tests
    openjdk-17-jdk-headless
    # fetching and unpacking the pinned inputs
    curl ca-certificates xz-utils
)
if [ $# -gt 0 ]; then
    packages=("$@")
else
    packages=("${default_packages[@]}")
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: all ${#packages[@]} Debian packages present"
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=sudo
fi
echo "deps: installing ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
