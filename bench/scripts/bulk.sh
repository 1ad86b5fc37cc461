#!/usr/bin/env bash
# Bulk data through a remote call, read as HPC reads a transport (make
# bench-bulk; OSU's osu_latency and osu_bw): the round trip of an echo and
# the one-way bandwidth of void calls, byte, int and double arrays,
# double[][] and List<double[]>, from 8 bytes to 16 MiB, on stock RMI
# (stock Temurin and the image), jdk.fastrmi over tcp and jdk.fastrmi over
# the fabric on shared memory; beside the floors of the same bytes measured
# in the same run: memcpy, C over TCP, MPI and ff_pingpong. Then
# $BENCH_OUT/bulk-report.md, bulk-latency.png and bulk-bandwidth.png.
#
#   bench/scripts/bulk.sh [quick|long]
#
#   quick  (the default) in process (run.sh's BENCH_IN_PROCESS): one JVM per
#          configuration, every benchmark warmed up once first (JMH's bulk
#          warm-up), then 1 x 200 ms warm-up and 3 x 200 ms measurement
#          each; a floor batch moves 64 MiB, at most 2000 round trips.
#          About 15 minutes on this 2-core machine.
#   long   forked: one JVM (and server) per benchmark, kind and size, 3 x 1 s
#          warm-up and 5 x 1 s measurement; a floor batch moves 1 GiB, at
#          most 20000 round trips. About 1.5 hours here (estimated from
#          the quick profile's trials: 400 forks of about 12 s, the floors
#          about 8 minutes).
#
# 1. the floors, built into $BENCH_OUT/bulk-native/ (gcc -O2; mpicc) and run
#    for every size of BULK_SIZES (bench/native/bulk_floor.h: their output):
#    bulk_memcpy (two memcpy, one process): bulk-memcpy.txt;
#    tcp_pingpong (a 127.0.0.1 TCP connection between two processes, C):
#    bulk-tcp.txt; mpi_pingpong (2 ranks, Open MPI's shared-memory
#    transport, pml ob1 with btl self,vader, or self,sm from Open MPI 5;
#    Open MPI is installed from Debian's packages if mpicc is missing):
#    bulk-mpi.txt; ff_pingpong over shm and tcp;ofi_rxm (make -C
#    fabric-native build/ff_pingpong): bulk-ff.txt;
# 2. run.sh bulk: JMH on the image (every class of org.grandejdk.bench.bulk,
#    BulkNewValuesBench among them: what the two new values of an echo
#    cost beyond copies into reused arrays) and on stock Temurin
#    (BulkStockBench): bulk-image.json, bulk-stock.json, with their logs;
# 3. report.py bulk: bulk-report.md (also printed) and the two plots.
#
# Environment: as run.sh (IMAGE, STOCK_JDK, BENCH_OUT, M2_REPO; BENCH_OPTS,
# if set, replaces the profile's JMH options), and
#   BULK_SIZES   bytes per call, default "8 64 512 4096 32768 65536 262144
#                1048576 4194304 16777216" (each a multiple of 8)
#   BULK_KINDS   default "byte int double double2d list"
#   BULK_FLOORS  the floors run, default "memcpy tcp mpi ff"
#   BULK_MPIRUN_OPTS  more mpirun options (e.g. "--bind-to none")
#   REPORT_PY    the Python with matplotlib (the Makefile's report venv)
# FI_TCP_IFACE=lo is exported, so libfabric's TCP provider stays on the
# loopback (ff_pingpong's tcp;ofi_rxm).
set -euo pipefail
source "$(dirname "$0")/common.sh"
profile=${1:-quick}
BULK_SIZES=${BULK_SIZES:-8 64 512 4096 32768 65536 262144 1048576 4194304 16777216}
BULK_KINDS=${BULK_KINDS:-byte int double double2d list}
BULK_FLOORS=${BULK_FLOORS:-memcpy tcp mpi ff}
BULK_MPIRUN_OPTS=${BULK_MPIRUN_OPTS:-}
REPORT_PY=${REPORT_PY:-python3}

case $profile in
    quick) export BENCH_IN_PROCESS=1
           profile_opts='-wm BULK_INDI -wi 1 -w 200ms -i 3 -r 200ms'
           floor_bytes=$((64 << 20)) floor_iters=2000 ;;
    long)  export BENCH_IN_PROCESS=0
           profile_opts='-f 1 -wi 3 -w 1s -i 5 -r 1s'
           floor_bytes=$((1 << 30)) floor_iters=20000 ;;
    *)     echo "bulk.sh: the profile is quick or long, not $profile" >&2
           exit 2 ;;
esac
jmh_opts=${BENCH_OPTS:-$profile_opts}
for s in $BULK_SIZES; do
    [[ $s =~ ^[0-9]+$ ]] && [ "$s" -gt 0 ] && [ $((s % 8)) -eq 0 ] \
        || { echo "bulk.sh: BULK_SIZES: $s is not a positive multiple of 8" >&2; exit 2; }
done
if [ -n "${FI_PROVIDER:-}" ]; then
    echo "bulk.sh: FI_PROVIDER=$FI_PROVIDER is set; it would override every provider measured" >&2
    exit 1
fi
export FI_TCP_IFACE=lo
export IMAGE STOCK_JDK BENCH_OUT

mkdir -p "$BENCH_OUT"
BENCH_OUT=$(cd "$BENCH_OUT" && pwd)
native=$BENCH_OUT/bulk-native
mkdir -p "$native"
rm -f "$BENCH_OUT"/bulk-{memcpy,tcp,mpi,ff}.txt
record=$BENCH_OUT/bulk-run.txt
{
    echo "profile: $profile"
    echo "JMH options: $jmh_opts (in process: $BENCH_IN_PROCESS)"
    echo "kinds: $BULK_KINDS"
    echo "sizes: $BULK_SIZES"
    echo "floors: $BULK_FLOORS; a batch moves $floor_bytes bytes, at most $floor_iters round trips"
    echo "machine: $(nproc) cores, $(uname -r)"
    echo "start: $(date -u '+%Y-%m-%d %H:%M:%S UTC') $(uptime)"
} > "$record"

# The floors: C, the same sizes, before the JVMs (each under a minute).
floor_args=(-b "$floor_bytes" -n "$floor_iters")
for floor in $BULK_FLOORS; do
    case $floor in
    memcpy)
        say "floor: memcpy (output: ${BENCH_OUT#$repo/}/bulk-memcpy.txt)"
        gcc -O2 -Wall -Wextra -o "$native/bulk_memcpy" "$bench/native/bulk_memcpy.c"
        # shellcheck disable=SC2086  # BULK_SIZES is a list of words
        "$native/bulk_memcpy" -b "$floor_bytes" -n $((floor_iters * 500)) $BULK_SIZES \
            | tee "$BENCH_OUT/bulk-memcpy.txt" ;;
    tcp)
        say "floor: C over TCP on 127.0.0.1 (output: ${BENCH_OUT#$repo/}/bulk-tcp.txt)"
        gcc -O2 -Wall -Wextra -o "$native/tcp_pingpong" "$bench/native/tcp_pingpong.c"
        # shellcheck disable=SC2086
        "$native/tcp_pingpong" "${floor_args[@]}" $BULK_SIZES | tee "$BENCH_OUT/bulk-tcp.txt" ;;
    mpi)
        if ! command -v mpicc >/dev/null || ! command -v mpirun >/dev/null; then
            say "installing Open MPI (Debian packages openmpi-bin libopenmpi-dev)"
            "$repo/scripts/install-build-deps.sh" openmpi-bin libopenmpi-dev
        fi
        # Open MPI 4 calls its shared-memory transport vader, 5 calls it sm;
        # pml ob1 is the layer that uses the btl named (another, UCX's, would
        # pick a transport of its own).
        # (sed reads all of ompi_info's output: grep -q would quit early and
        # fail the pipe under pipefail.)
        btls=$(ompi_info 2>/dev/null | sed -n 's/^ *MCA btl: \([a-z0-9_]*\) .*/\1/p' || true)
        btl=sm
        grep -qx vader <<< "$btls" && btl=vader
        mpirun_opts=(-np 2 --oversubscribe --mca pml ob1 --mca btl "self,$btl")
        [ "$(id -u)" -ne 0 ] || mpirun_opts+=(--allow-run-as-root)
        # shellcheck disable=SC2206  # a list of words
        mpirun_opts+=($BULK_MPIRUN_OPTS)
        mpi_version=$(ompi_info --version 2>/dev/null | sed -n 1p || true)
        echo "mpi: $mpi_version, mpirun ${mpirun_opts[*]}" >> "$record"
        say "floor: MPI, $mpi_version, btl self,$btl (output: ${BENCH_OUT#$repo/}/bulk-mpi.txt)"
        mpicc -O2 -Wall -Wextra -o "$native/mpi_pingpong" "$bench/native/mpi_pingpong.c"
        # shellcheck disable=SC2086
        mpirun "${mpirun_opts[@]}" "$native/mpi_pingpong" "${floor_args[@]}" $BULK_SIZES \
            | tee "$BENCH_OUT/bulk-mpi.txt" ;;
    ff)
        say "floor: ff_pingpong over shm and tcp;ofi_rxm (output: ${BENCH_OUT#$repo/}/bulk-ff.txt)"
        make --no-print-directory -C "$repo/fabric-native" build/ff_pingpong >&2
        for provider in shm 'tcp;ofi_rxm'; do
            for s in $BULK_SIZES; do
                # As the other floors count: a batch of floor_bytes, at
                # least 2 and at most floor_iters round trips; ff_pingpong
                # takes all 5 batches' worth, and one batch to warm up.
                n=$((floor_bytes / s))
                [ "$n" -le "$floor_iters" ] || n=$floor_iters
                [ "$n" -ge 2 ] || n=2
                "$repo/fabric-native/build/ff_pingpong" -p "$provider" -s "$s" -n $((5 * n)) -w "$n"
            done
        done | tee "$BENCH_OUT/bulk-ff.txt" ;;
    *)
        echo "bulk.sh: BULK_FLOORS: no floor $floor (memcpy tcp mpi ff)" >&2
        exit 2 ;;
    esac
done

# JMH: every configuration on the image, stock RMI on stock Temurin too.
# shellcheck disable=SC2086  # lists of words to lists of commas
kinds=$(echo $BULK_KINDS | tr ' ' ,)
# shellcheck disable=SC2086
sizes=$(echo $BULK_SIZES | tr ' ' ,)
image_regex='^org\.grandejdk\.bench\.bulk\.'
stock_regex='^org\.grandejdk\.bench\.bulk\.BulkStockBench\.'
BENCH_OPTS="$jmh_opts -p kind=$kinds -p bytes=$sizes" BENCH_RATIOS=0 \
    "$bench/scripts/run.sh" bulk "$image_regex" "$stock_regex"
echo "end:   $(date -u '+%Y-%m-%d %H:%M:%S UTC') $(uptime)" >> "$record"

say "report: ${BENCH_OUT#$repo/}/bulk-report.md, bulk-latency.png, bulk-bandwidth.png"
"$REPORT_PY" "$bench/scripts/report.py" bulk \
    --image "$BENCH_OUT/bulk-image.json" --stock "$BENCH_OUT/bulk-stock.json" \
    --log "$BENCH_OUT/bulk-image.log" --log "$BENCH_OUT/bulk-stock.log" \
    --floors "$BENCH_OUT" --run "$record" \
    --out "$BENCH_OUT/bulk-report.md" \
    --latency-plot "$BENCH_OUT/bulk-latency.png" --bandwidth-plot "$BENCH_OUT/bulk-bandwidth.png"
