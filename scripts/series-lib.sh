# Sourced by scripts/source.sh and scripts/check-series.sh: the patch
# series, and applying it as commits without touching a work tree.
#
# The series is hotspot-intrinsics/series, then jdk-patches/series: the VM
# side first, because jdk.internal.misc.SerialCopy and its natives arrive in
# hotspot-intrinsics/0001 and the java.base patches use them. Every prefix
# of the whole series is a JDK that compiles (make check-series).

SERIES_DIRS="hotspot-intrinsics jdk-patches"

series_git() { # GIT_DIR_TREE ARGS...: git in a source tree, with a fixed identity
    local tree=$1
    shift
    git -C "$tree" -c user.name=GrandeJDK -c user.email=grandejdk@localhost "$@"
}

series_entries() { # REPO [REF]: "dir/name" of every patch, in order
    local repo=$1 ref=${2:-} dir name
    for dir in $SERIES_DIRS; do
        if [ -n "$ref" ]; then
            git -C "$repo" show "$ref:$dir/series" 2>/dev/null || true
        elif [ -f "$repo/$dir/series" ]; then
            cat "$repo/$dir/series"
        fi | while read -r name; do
            case "$name" in ''|'#'*) continue ;; esac
            echo "$dir/$name"
        done
    done
}

series_patch_text() { # REPO ENTRY [REF]: the patch file's text
    if [ -n "${3:-}" ]; then
        git -C "$1" show "$3:$2"
    else
        cat "$1/$2"
    fi
}

# Explain why PATCH_FILE does not apply to the tree in INDEX: git's own
# words, then the hunk it names, so a new update's conflict is found at once.
series_explain_failure() { # TREE INDEX PATCH_FILE ENTRY
    local tree=$1 index=$2 patch=$3 entry=$4 out file line
    out=$(GIT_INDEX_FILE=$index series_git "$tree" apply --cached --verbose \
              --whitespace=nowarn "$patch" 2>&1 || true)
    echo "series: $entry does not apply (to pristine + the patches before it):" >&2
    grep -E '^error:' <<< "$out" | sed 's/^/    /' >&2
    # "error: patch failed: PATH:LINE": LINE is the failing hunk's old start.
    read -r file line < <(sed -n 's/^error: patch failed: \(.*\):\([0-9][0-9]*\)$/\1 \2/p' <<< "$out" | head -n 1)
    if [ -n "${file:-}" ]; then
        echo "    the hunk of $file that starts at line $line:" >&2
        awk -v f="$file" -v l="$line" '
            /^diff --git / { infile = ($0 ~ (" b/" f "$")); inhunk = 0; next }
            infile && /^@@ / { split($2, a, /[-,]/); inhunk = (a[2] == l); shown = 0 }
            infile && inhunk && shown < 25 { print "      " $0; shown++ }
        ' "$patch" >&2
    fi
}

# Apply ENTRIES on BASE as one commit each, in a scratch index: the work
# tree and the real index are not touched. Prints the commits, one a line,
# oldest first. On failure explains it and returns 1.
series_commit() { # TREE REPO BASE_COMMIT REF ENTRIES...
    local tree=$1 repo=$2 parent=$3 ref=$4 index patch entry commit tree_id
    shift 4
    index=$(mktemp -u "${TMPDIR:-/tmp}/series-index.XXXXXX")
    patch=$(mktemp "${TMPDIR:-/tmp}/series-patch.XXXXXX")
    GIT_INDEX_FILE=$index series_git "$tree" read-tree "$parent"
    for entry in "$@"; do
        if ! series_patch_text "$repo" "$entry" "$ref" > "$patch" 2>/dev/null; then
            echo "series: ${entry%%/*}/series names ${entry#*/}, which does not exist" >&2
            rm -f "$index" "$patch"
            return 1
        fi
        if ! GIT_INDEX_FILE=$index series_git "$tree" apply --cached --whitespace=nowarn \
                "$patch" 2>/dev/null; then
            series_explain_failure "$tree" "$index" "$patch" "$entry"
            rm -f "$index" "$patch"
            return 1
        fi
        tree_id=$(GIT_INDEX_FILE=$index series_git "$tree" write-tree)
        commit=$(series_git "$tree" commit-tree "$tree_id" -p "$parent" -m "$entry")
        echo "$commit"
        parent=$commit
    done
    rm -f "$index" "$patch"
}
