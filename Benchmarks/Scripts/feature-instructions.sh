#!/usr/bin/env bash
# Counts the instructions of one operation of each ProviderCollectionBenchmarks contender under
# valgrind --tool=callgrind: deterministic where the wall clock of this shared machine is not, so
# that a change's effect shows in one run. Each figure is (count with N iterations - count with 0) / N,
# which leaves out the process's start and the contenders' setup. Prints one line per contender.
#
# Usage: Benchmarks/Scripts/feature-instructions.sh [iterations, default 100000]
# Needs valgrind and binutils' strip (valgrind 3.19 cannot read the binary's debug information, so
# it counts a copy without it; the code is the same).
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-100000}"
if ! built="$(swift build -c release --product ProviderCollectionBenchmarks 2>&1)"; then
    echo "$built" >&2
    exit 1
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
binary="$scratch/ProviderCollectionBenchmarks"
cp "$(swift build -c release --show-bin-path)/ProviderCollectionBenchmarks" "$binary"
strip -g "$binary"

count() {
    valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$binary" --only "$1" --iterations "$2" </dev/null 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

"$binary" --list | while IFS= read -r contender; do
    empty="$(count "$contender" 0)"
    full="$(count "$contender" "$iterations")"
    awk -v name="$contender" -v empty="$empty" -v full="$full" -v n="$iterations" \
        'BEGIN { printf "%-75s %9.1f instructions\n", name, (full - empty) / n }'
done
