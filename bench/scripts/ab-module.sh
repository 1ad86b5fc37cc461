#!/usr/bin/env bash
# Two versions of jdk.fastserial and/or jdk.fastrmi on one image, measured
# in interleaved JMH runs: what a change to a module gains, without
# rebuilding the image.
#
#   bench/scripts/ab-module.sh BASE NEW BENCH_REGEX [JMH options...]
#
#   BASE, NEW    each a git revision of this repository (the modules'
#                sources at that commit), or "worktree" (the checkout's
#                sources as they are), or a directory laid out like the
#                repository (jdk-module/, rmi-replacement/); with one
#                module in AB_MODULES also a directory of that module's
#                sources (the jdk/ of its share/classes)
#   BENCH_REGEX  the JMH benchmarks (image-only classes are fine)
#   JMH options  more options for every run, e.g. -p payload=media,records10
#
# Environment: AB_MODULES (the modules replaced: "jdk.fastserial", the
#   default, "jdk.fastrmi", or both), IMAGE (build/jdk), BENCH_OUT
#   (build/bench), AB_ROUNDS (4), AB_OPTS (JMH's run options, default
#   "-f 1 -wi 4 -w 500ms -i 8 -r 500ms -prof gc"). Results:
#   $BENCH_OUT/ab/{base,new}-rN.json and .log, the report
#   $BENCH_OUT/ab/ab-report.md (report.py ab).
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
# Both sides run the image's VM and java.base; only the modules named are
# replaced (--patch-module), compiled by the image's javac from the given
# sources. The RMI benchmarks' server and worker JVMs get the same
# --patch-module options (ServerProcess passes them on), so both ends of
# a call run the side measured. A change to java.base or HotSpot needs
# two images. The benchmarks' jar is the one run.sh builds, against the
# image.
set -euo pipefail
source "$(dirname "$0")/common.sh"

usage="usage: ab-module.sh BASE NEW BENCH_REGEX [JMH options...]"
base=${1:?$usage}
new=${2:?$usage}
regex=${3:?$usage}
shift 3
AB_MODULES=${AB_MODULES:-jdk.fastserial}
AB_ROUNDS=${AB_ROUNDS:-4}
AB_OPTS=${AB_OPTS:--f 1 -wi 4 -w 500ms -i 8 -r 500ms -prof gc}
[[ $AB_ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "ab-module: AB_ROUNDS must be a positive number" >&2; exit 2; }
[ -x "$IMAGE/bin/javac" ] || { echo "ab-module: no image at $IMAGE (make image)" >&2; exit 1; }

# Per module: its sources' directory in the repository and a class every
# compilation of it makes; its package is jdk/ and the name after "jdk.".
declare -A tree=([jdk.fastserial]=jdk-module [jdk.fastrmi]=rmi-replacement)
declare -A marker=([jdk.fastserial]=jdk/fastserial/FastObjectOutputStream.class
                   [jdk.fastrmi]=jdk/fastrmi/FastRMI.class)
for m in $AB_MODULES; do
    [ -n "${tree[$m]:-}" ] || { echo "ab-module: AB_MODULES: $m is not jdk.fastserial or jdk.fastrmi" >&2; exit 2; }
done
modules=()     # in dependency order
for m in jdk.fastserial jdk.fastrmi; do
    [[ " $AB_MODULES " == *" $m "* ]] && modules+=("$m")
done
((${#modules[@]})) || { echo "ab-module: AB_MODULES is empty" >&2; exit 2; }

out=$BENCH_OUT/ab
rm -rf "$out"
mkdir -p "$out"

# sources SIDE SPEC MODULE: the directory of MODULE's sources (its jdk/).
sources() {
    local side=$1 spec=$2 m=$3 dir=${tree[$3]}/share/classes
    if [ "$spec" = worktree ]; then
        echo "$repo/$dir"
    elif [ -d "$spec/$dir/jdk/${m#jdk.}" ]; then
        (cd "$spec/$dir" && pwd)
    elif [ ${#modules[@]} = 1 ] && [ -d "$spec/jdk/${m#jdk.}" ]; then
        (cd "$spec" && pwd)
    elif git -C "$repo" rev-parse --verify -q "$spec^{commit}" > /dev/null; then
        mkdir -p "$out/src-$side"
        git -C "$repo" archive "$spec" "$dir" | tar -x -C "$out/src-$side"
        echo "$out/src-$side/$dir"
    else
        echo "ab-module: $spec is neither a revision, \"worktree\" nor a directory with $m's sources" >&2
        return 1
    fi
}

# patches SIDE: the --patch-module options of SIDE's modules.
patches() {
    local m opts=()
    for m in "${modules[@]}"; do
        opts+=("--patch-module=$m=$out/classes-$1/$m")
    done
    echo "${opts[*]}"
}

# compile SIDE SPEC: the modules' classes in $out/classes-SIDE/MODULE, each
# against the side's modules before it. The flags are the modules' own
# build's that matter here: jdk.fastserial's reads of jdk.unsupported
# (module-info.java of a patch is ignored) and string concatenation
# without invokedynamic, as in the image.
compile() {
    local side=$1 spec=$2 m src before=""
    for m in "${modules[@]}"; do
        src=$(sources "$side" "$spec" "$m")
        say "$side: compiling $m from $spec"
        mkdir -p "$out/classes-$side/$m"
        find "$src" -name '*.java' ! -name module-info.java > "$out/sources-$side-$m.txt"
        # shellcheck disable=SC2086
        "$IMAGE/bin/javac" -nowarn -XDstringConcat=inline -XDignore.symbol.file \
            $before --patch-module "$m=$src" --add-reads=jdk.fastserial=jdk.unsupported \
            -d "$out/classes-$side/$m" "@$out/sources-$side-$m.txt" 2>&1 \
            | grep -v -e '^Note:' -e 'internal proprietary API' -e '^ *\^$' -e 'ReflectionFactory' -e '^[0-9]* warnings\?$' || true
        [ -f "$out/classes-$side/$m/${marker[$m]}" ] \
            || { echo "ab-module: $m of $side ($spec) did not compile" >&2; return 1; }
        before+=" --patch-module=$m=$out/classes-$side/$m"
    done
}

BENCH_JAR_ONLY=1 "$bench/scripts/run.sh" ab none
jar=$bench/target/benchmarks.jar
compile base "$base"
compile new "$new"
echo "base=$base" > "$out/sides.txt"
echo "new=$new" >> "$out/sides.txt"
echo "modules=${modules[*]}" >> "$out/sides.txt"

# run SIDE ROUND: one JMH run of the benchmarks with SIDE's modules.
run() {
    local side=$1 round=$2
    shift 2
    say "round $round: $side"
    # shellcheck disable=SC2086
    "$IMAGE/bin/java" --sun-misc-unsafe-memory-access=allow -jar "$jar" "$regex" $AB_OPTS "$@" \
        -jvmArgsPrepend "$(patches "$side") --add-reads=jdk.fastserial=jdk.unsupported" \
        -foe true -rf json -rff "$out/$side-r$round.json" > "$out/$side-r$round.log" 2>&1 \
        || { echo "ab-module: round $round of $side failed; see $out/$side-r$round.log" >&2; return 1; }
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

python3 "$bench/scripts/report.py" ab --dir "$out" --base "$base" --new "$new" \
    --modules "${modules[*]}" --out "$out/ab-report.md"
