#!/usr/bin/env bash
# The RMI benchmark collection of Philippsen, Haumacher and Nester, "More
# Efficient Serialization and RMI for Java", section 6 (bench/README.md,
# "The RMI benchmark collection"): every kernel for every argument factory
# and the three applications, on each configuration, on the image, and the
# baseline configuration on stock Temurin; then the serialization table's
# round trips. Called by `make bench`; `make report` renders the results.
#
#   bench/scripts/collection.sh quick|long
#
#   quick  in process (run.sh's BENCH_IN_PROCESS): one JVM per
#          configuration; every benchmark warmed up once first (JMH's bulk
#          warm-up, so that the first benchmarks of a JVM are not measured
#          cold), then each kernel 1 x 100 ms warm-up and 3 x 100 ms
#          measurement; the applications, whose solves take 1-50 ms, in a
#          run of their own, 2 x 1 s warm-up and 3 x 1 s (APPS_OPTS): in
#          100 ms iterations a row was one to ten solves of worker JVMs
#          still compiling (SOR 8.5-35 ms a solve against 1.1-5.1 ms warm, on
#          every configuration); about 10 minutes here. For a look at one's
#          own hardware.
#   long   forked: one JVM per benchmark and argument, JMH's 3 x 1 s warm-up
#          and 5 x 1 s measurement (the classes' own annotations); about
#          2.5 hours here. For publication.
#
# BENCH_OPTS, if set, replaces the profile's JMH options (of the kernels and,
# unless APPS_OPTS is set too, of the applications). The other
# variables are run.sh's. Results: $BENCH_OUT/collection-{image,stock}.json
# and collection-serial-{image,stock}.json, with their JMH logs, and
# collection-run.txt (profile, options, machine load before and after).
set -euo pipefail

bench=$(cd "$(dirname "$0")/.." && pwd)
repo=$(dirname "$bench")
profile=${1:?usage: collection.sh quick|long}

case $profile in
    quick) export BENCH_IN_PROCESS=1
           profile_opts='-wm BULK_INDI -wi 1 -w 100ms -i 3 -r 100ms'
           apps_opts=${APPS_OPTS:-${BENCH_OPTS:-'-wm BULK_INDI -wi 2 -w 1s -i 3 -r 1s'}} ;;
    long)  export BENCH_IN_PROCESS=0
           profile_opts='-f 1 -wi 3 -w 1s -i 5 -r 1s'
           apps_opts= ;;
    *)     echo "collection.sh: the profile is quick or long, not $profile" >&2
           exit 2 ;;
esac
export BENCH_OPTS=${BENCH_OPTS:-$profile_opts}
export BENCH_RATIOS=0
BENCH_OUT=${BENCH_OUT:-$repo/build/bench}
mkdir -p "$BENCH_OUT"

if [ -n "${FI_PROVIDER:-}" ]; then
    echo "collection.sh: FI_PROVIDER=$FI_PROVIDER is set; it would override the fabric's provider" >&2
    exit 1
fi
# libfabric's TCP provider stays on the loopback (the configurations use shm).
export FI_TCP_IFACE=lo

# The configurations, the paper's columns: stock RMI + JDK serialization (the
# baseline, on stock Temurin and on the image), stock RMI + jdk.fastserial,
# jdk.fastrmi + JDK serialization (tcp), jdk.fastrmi + jdk.fastserial over
# tcp, and over the fabric on shared memory.
configurations='rmi\.RemoteCallStockBench|rmi\.RemoteCallStockFastSerialBench|rmi\.RemoteCallFastRmiJdkBench'
configurations+='|fabric\.RemoteCallFastRmiTcpBench|fabric\.RemoteCallFabricShmBench'
image_regex="^org\\.grandejdk\\.bench\\.($configurations)\\."
stock_regex='^org\.grandejdk\.bench\.rmi\.RemoteCallStockBench\.'
# The serialization table: round trips of every serializer.
serial_regex='^org\.grandejdk\.bench\.serial\.\w+Bench\.roundTrip$'
serial_stock_regex='^org\.grandejdk\.bench\.serial\.JdkStreamsBench\.roundTrip$'

record=$BENCH_OUT/collection-run.txt
{
    echo "profile: $profile"
    echo "options: $BENCH_OPTS (in process: $BENCH_IN_PROCESS)"
    [ -z "$apps_opts" ] || echo "applications: $apps_opts"
    echo "start: $(date -u '+%Y-%m-%d %H:%M:%S UTC') $(uptime)"
} > "$record"
if [ -z "$apps_opts" ]; then
    "$bench/scripts/run.sh" collection "$image_regex" "$stock_regex"
else
    # The kernels, then the applications with their options; each JSON file
    # of the second run is merged into the first's (the report lists the
    # JMH settings of each part).
    apps='(hamming|paraffins|sor)$'
    "$bench/scripts/run.sh" collection "$image_regex(?!$apps)" "$stock_regex(?!$apps)"
    BENCH_OPTS=$apps_opts "$bench/scripts/run.sh" collection-apps "$image_regex$apps" "$stock_regex$apps"
    for jvm in image stock; do
        python3 -c 'import json, sys
merged = json.load(open(sys.argv[1])) + json.load(open(sys.argv[2]))
json.dump(merged, open(sys.argv[1], "w"), indent=2)' \
            "$BENCH_OUT/collection-$jvm.json" "$BENCH_OUT/collection-apps-$jvm.json"
        cat "$BENCH_OUT/collection-apps-$jvm.log" >> "$BENCH_OUT/collection-$jvm.log"
        rm -f "$BENCH_OUT/collection-apps-$jvm.json" "$BENCH_OUT/collection-apps-$jvm.log"
    done
fi
"$bench/scripts/run.sh" collection-serial "$serial_regex" "$serial_stock_regex"
echo "end:   $(date -u '+%Y-%m-%d %H:%M:%S UTC') $(uptime)" >> "$record"
echo "    collection: results in ${BENCH_OUT#$repo/}/collection-*.json; make report renders them"
