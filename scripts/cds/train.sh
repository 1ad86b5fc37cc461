#!/usr/bin/env bash
# The image's default CDS archives with RMI in them: runs CdsTraining (an
# RMI server and client JVM of the image, stock RMI and jdk.fastrmi), adds
# the classes they loaded to the JDK's class list, writes that list to the
# image's lib/classlist and dumps the four default archives from it again,
# with the flags the JDK's make uses (make/Images.gmk, CreateCDSArchive).
#
#   train.sh IMAGE JDK_CLASSLIST WORKDIR
#
# JDK_CLASSLIST is the list the JDK's build made (HelloClasslist), so a
# second training starts from it, not from the last one's result.
#
# Why: a fresh JVM of the image spent about a third of an RMI program's
# registry lookup loading and linking classes of java.rmi, jdk.fastrmi,
# jdk.fastserial and the FFM API that the JDK's list does not name. Only
# those packages go in (RMI_PACKAGES), not everything the training loaded:
# every JVM of the image, RMI or not, maps and relocates the whole archive
# at start-up, and on this machine each MB more costs every `java` about
# a millisecond of CPU. Measured here (2026-11-28, medians of interleaved
# runs; bench/README.md "First calls"): a hello world's CPU 45.3 ms with
# the JDK's archive, 48.0 ms with these packages, 50.4 ms with all 780
# classes the training loaded; the first-calls driver's registry lookup
# 242, 163 and 171 ms (5 runs each).
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 IMAGE JDK_CLASSLIST WORKDIR" >&2
    exit 2
fi
image=$1 jdk_list=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$work" && mkdir -p "$work/classes" "$work/lists"
"$image/bin/javac" -nowarn -d "$work/classes" "$here/CdsTraining.java"
FI_TCP_IFACE=${FI_TCP_IFACE:-lo} "$image/bin/java" -cp "$work/classes" \
    grande.cdstraining.CdsTraining "$work/lists"

# The packages whose classes an RMI program's start-up loads and the JDK's
# list lacks; the slash form of class lines and @lambda-proxy callers.
RMI_PACKAGES='java/rmi/|sun/rmi/|jdk/fastrmi/|jdk/internal/fastrmi/|jdk/fastserial/|jdk/internal/fastserial/|java/lang/foreign/|jdk/internal/foreign/'

# Class names without the ids of one run, and the @lambda-proxy lines of
# those packages' classes; never @cp lines (constant pool indexes of one
# run's classes) or comments. The training's own classes and proxies are in
# none of the packages.
#
# And every @lambda-form-invoker line of the training: the method handle
# shapes (direct, bound, invokers) that RMI's reflection, records, FFM
# downcalls and memory-segment access use. The dump pregenerates them into
# java.lang.invoke's holder classes, as the JDK's make does for the shapes
# of its own start-up; without them a fresh client JVM of jdk.fastrmi spun
# 118 more hidden classes (LambdaForm$DMH, $BMH) before its first calls,
# 280 in all against stock RMI's 20. The lines name only java.lang.invoke
# types and signatures, nothing of one run.
{
    cat "$jdk_list"
    cat "$work"/lists/*.classlist \
        | sed -E 's/^([^@][^ ]*) id: [0-9]+$/\1/' \
        | grep -E "^(@lambda-proxy )?($RMI_PACKAGES)[^ ]*( |\$)|^@lambda-form-invoker " \
        | grep -v -E '^[^@].* (id|super|source):' \
        | LC_ALL=C sort -u
} | awk '!seen[$0]++' > "$work/classlist"

added=$(( $(grep -vc '^#' "$work/classlist") - $(grep -vc '^#' "$jdk_list") ))

# Dumped beside, moved in together: a failed dump leaves the image as it was.
dump() {
    local archive=$1
    shift
    "$image/bin/java" -Xshare:dump -XX:SharedClassListFile="$work/classlist" \
        -XX:SharedArchiveFile="$work/$archive" -server "$@" -Xmx128M -Xms128M -XX:+UseG1GC \
        > "$work/dump-$archive.log" 2>&1 \
        || { echo "CDS dump of $archive failed:" >&2; tail -n 20 "$work/dump-$archive.log" >&2; exit 1; }
}
coh() { echo -XX:+UnlockExperimentalVMOptions "-XX:$1UseCompactObjectHeaders"; }
archives=()
for archive in "$image"/lib/server/classes*.jsa; do
    archive=$(basename "$archive")
    case $archive in
        classes.jsa)             dump "$archive" $(coh -) ;;
        classes_nocoops.jsa)     dump "$archive" -XX:-UseCompressedOops $(coh -) ;;
        classes_coh.jsa)         dump "$archive" $(coh +) ;;
        classes_nocoops_coh.jsa) dump "$archive" -XX:-UseCompressedOops $(coh +) ;;
        *) echo "unknown archive $archive" >&2; exit 1 ;;
    esac
    archives+=("$archive")
done
for archive in "${archives[@]}"; do
    mv "$work/$archive" "$image/lib/server/$archive"
done
cp "$work/classlist" "$image/lib/classlist"
echo "    CDS: $added lines added to the JDK's class list; archives dumped again"
