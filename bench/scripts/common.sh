# Sourced by the bench scripts: where things are, with run.sh's defaults
# (the Makefile sets IMAGE, STOCK_JDK, BENCH_OUT and M2_REPO), and say.
bench=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(dirname "$bench")
IMAGE=${IMAGE:-$repo/build/jdk}
STOCK_JDK=${STOCK_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
BENCH_OUT=${BENCH_OUT:-$repo/build/bench}
say() { echo "    [$(date +%H:%M:%S)] $*"; }
