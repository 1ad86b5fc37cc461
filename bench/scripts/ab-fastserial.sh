#!/usr/bin/env bash
# Two versions of jdk.fastserial on one image, measured in interleaved JMH
# runs: what a change to the engine gains, without rebuilding the image.
#
#   bench/scripts/ab-fastserial.sh BASE NEW BENCH_REGEX [JMH options...]
#
#   BASE, NEW    each a git revision of this repository (its jdk-module/
#                sources at that commit), or "worktree" (jdk-module/ as it
#                is in the checkout), or a directory holding the module's
#                sources (the jdk/ of jdk-module/share/classes)
#   BENCH_REGEX  the JMH benchmarks (image-only classes are fine)
#   JMH options  more options for every run, e.g. -p payload=media,records10
#
# Environment: IMAGE (build/jdk), BENCH_OUT (build/bench), AB_ROUNDS (4),
#   AB_OPTS (JMH's run options, default "-f 1 -wi 4 -w 500ms -i 8 -r 500ms
#   -prof gc"). Results: $BENCH_OUT/ab/{base,new}-rN.json and .log, the
#   report $BENCH_OUT/ab/ab-report.md (report.py ab).
#
# Why interleaved: on the 2-core VMs this project runs on, the same
# benchmark moves 10-30% from one JVM to the next and the host's load
# drifts over minutes, so one run of each side, or all of one side and
# then all of the other, measures the host. Here each round runs both
# sides back to back, in the order BASE, NEW in odd rounds and NEW, BASE
# in even ones, and the report pairs the two runs of a round and counts
# the rounds each side won (a sign test: with 4 rounds or more, all of
# them one way is a difference; anything less is the spread).
#
# Both sides run the image's VM and java.base; only jdk.fastserial is
# replaced (--patch-module), compiled by the image's javac from the given
# sources. A change to java.base, HotSpot or another module needs two
# images. The benchmarks' jar is the one run.sh builds, against the image.
set -euo pipefail
source "$(dirname "$0")/common.sh"

usage="usage: ab-fastserial.sh BASE NEW BENCH_REGEX [JMH options...]"
base=${1:?$usage}
new=${2:?$usage}
regex=${3:?$usage}
shift 3
AB_ROUNDS=${AB_ROUNDS:-4}
AB_OPTS=${AB_OPTS:--f 1 -wi 4 -w 500ms -i 8 -r 500ms -prof gc}
[[ $AB_ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "ab-fastserial: AB_ROUNDS must be a positive number" >&2; exit 2; }
[ -x "$IMAGE/bin/javac" ] || { echo "ab-fastserial: no image at $IMAGE (make image)" >&2; exit 1; }

out=$BENCH_OUT/ab
rm -rf "$out"
mkdir -p "$out"

# sources SIDE SPEC: the directory of SPEC's module sources (its jdk/).
sources() {
    local side=$1 spec=$2
    if [ "$spec" = worktree ]; then
        echo "$repo/jdk-module/share/classes"
    elif [ -d "$spec/jdk/fastserial" ]; then
        (cd "$spec" && pwd)
    elif git -C "$repo" rev-parse --verify -q "$spec^{commit}" > /dev/null; then
        mkdir -p "$out/src-$side"
        git -C "$repo" archive "$spec" jdk-module/share/classes | tar -x -C "$out/src-$side"
        echo "$out/src-$side/jdk-module/share/classes"
    else
        echo "ab-fastserial: $spec is neither a revision, \"worktree\" nor a directory with jdk/fastserial" >&2
        return 1
    fi
}

# compile SIDE SPEC: the module's classes in $out/classes-SIDE. The flags
# are the module's own build's that matter here: its reads of
# jdk.unsupported (module-info.java of a patch is ignored) and string
# concatenation without invokedynamic, as in the image.
compile() {
    local side=$1 src
    src=$(sources "$side" "$2")
    say "$side: compiling jdk.fastserial from $2"
    mkdir -p "$out/classes-$side"
    find "$src" -name '*.java' ! -name module-info.java > "$out/sources-$side.txt"
    "$IMAGE/bin/javac" -nowarn -XDstringConcat=inline -XDignore.symbol.file \
        --patch-module "jdk.fastserial=$src" --add-reads=jdk.fastserial=jdk.unsupported \
        -d "$out/classes-$side" "@$out/sources-$side.txt" 2>&1 \
        | grep -v -e '^Note:' -e 'internal proprietary API' -e '^ *\^$' -e 'ReflectionFactory' -e '^[0-9]* warnings\?$' || true
    [ -f "$out/classes-$side/jdk/fastserial/FastObjectOutputStream.class" ] \
        || { echo "ab-fastserial: $side ($2) did not compile" >&2; return 1; }
}

BENCH_JAR_ONLY=1 "$bench/scripts/run.sh" ab none
jar=$bench/target/benchmarks.jar
compile base "$base"
compile new "$new"
echo "base=$base" > "$out/sides.txt"
echo "new=$new" >> "$out/sides.txt"

# run SIDE ROUND: one JMH run of the benchmarks with SIDE's module.
run() {
    local side=$1 round=$2
    shift 2
    say "round $round: $side"
    # shellcheck disable=SC2086
    "$IMAGE/bin/java" --sun-misc-unsafe-memory-access=allow -jar "$jar" "$regex" $AB_OPTS "$@" \
        -jvmArgsPrepend "--patch-module=jdk.fastserial=$out/classes-$side --add-reads=jdk.fastserial=jdk.unsupported" \
        -foe true -rf json -rff "$out/$side-r$round.json" > "$out/$side-r$round.log" 2>&1 \
        || { echo "ab-fastserial: round $round of $side failed; see $out/$side-r$round.log" >&2; return 1; }
}

for ((round = 1; round <= AB_ROUNDS; round++)); do
    if ((round % 2)); then
        run base "$round" "$@"
        run new "$round" "$@"
    else
        run new "$round" "$@"
        run base "$round" "$@"
    fi
done

python3 "$bench/scripts/report.py" ab --dir "$out" --base "$base" --new "$new" --out "$out/ab-report.md"
