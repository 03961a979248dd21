#!/usr/bin/env bash
# Runs every Trellis benchmark in one go and writes the figures the team reports:
#   results/runtime.json     release-mode ns/op, hand-written vs Trellis vs Swinject vs swift-dependencies
#   results/loader.json      SerialLoader vs ConcurrentLoader on a 200-node graph, with the critical path
#   results/build-time.json  debug incremental build and macro-expansion time, Trellis vs hand-written
#   results/service.json     the service example under wrk and its request container, Trellis vs hand-wired
#   results/concurrent.json  8 tasks loading from one runtime container against one task, with hand-written
#                            code and Swinject
#   results/features.json    providers, lazy values and collections against the same written by hand
#   results/latest.md        both as markdown tables with ratios (README links here)
#
#   results/build-time-prebuilt.json  the same with the prebuilt swift-syntax SwiftPM downloads by default
#                            (only with --prebuilt-swift-syntax)
#   results/build-instructions.json  instructions per compiler job at N = 250, Trellis vs hand-written, under
#                            callgrind: deterministic, unlike the wall clock (only with --instructions;
#                            build-instructions-prebuilt.json too with --prebuilt-swift-syntax)
#
# Usage: Benchmarks/run.sh [--quick] [--compare] [--update-baseline] [--runtime-only | --build-time-only]
#                          [--prebuilt-swift-syntax] [--instructions]
#   --quick            smoke check: N = 10 and 100 (runtime) / 10 and 50 (build time), fewer runs;
#                      writes to results/quick/ so the reported figures are left alone
#   --compare          afterwards, print the change against results/baseline.json
#   --update-baseline  afterwards, make this run the committed baseline
#   --prebuilt-swift-syntax  also measure the build time with swift-syntax prebuilt (what SwiftPM uses
#                      when it can download it; this machine is offline, so BuildTime/prebuilt_swift_syntax.py
#                      builds the same artifact here, once, and serves it from a file:// URL)
#   --instructions     also count the instructions of each compiler job at N = 250 (50 with --quick;
#                      BuildTime/instructions.py; needs valgrind; about ten minutes)
set -euo pipefail
cd "$(dirname "$0")"

quick=0 compare=0 update=0 runtime=1 buildtime=1 prebuilt=0 instructions=0
for argument in "$@"; do
    case "$argument" in
        --quick) quick=1 ;;
        --compare) compare=1 ;;
        --update-baseline) update=1 ;;
        --runtime-only) buildtime=0 ;;
        --build-time-only) runtime=0 ;;
        --prebuilt-swift-syntax) prebuilt=1 ;;
        --instructions) instructions=1 ;;
        *) echo "unknown option $argument (see the header of $0)" >&2; exit 2 ;;
    esac
done

results=results
runtime_arguments=()
buildtime_arguments=()
instruction_size=250
if [ "$quick" = 1 ]; then
    results=results/quick
    runtime_arguments=(--quick)
    buildtime_arguments=(--sizes 10 50 --runs 1)
    instruction_size=50  # a size the quick build-time run generated
fi
mkdir -p "$results"

# The graphs of the runtime benchmark are generated, not committed: write them before SwiftPM loads
# this package's manifest, which names them. The generator is deterministic, so this rewrites
# nothing unless the generator changed.
python3 Generator/generate.py runtime --output Sources

if [ "$runtime" = 1 ]; then
    # SwiftPM reuses its cached build plan while this package's manifest is unchanged, even when
    # files were added to or removed from the Trellis package it depends on (".."): a harness built
    # that way compiled the macros from a stale file list. Dropping the cached plan re-plans the build;
    # llbuild still recompiles only what changed.
    rm -f .build/release/description.json .build/release/plugin-tools-description.json
    # Nor does it always recompile a harness's own module after a type of Trellis changed its layout
    # (ServiceBenchmarks, built before ServiceStartOrder gained a field, passed it to the rebuilt
    # library and crashed in ServiceGroup.init): each harness module is compiled afresh, a few
    # seconds each, and RuntimeBenchmarks's generated containers with it.
    for harness in RuntimeBenchmarks LoaderBenchmarks ScopeBenchmarks ConcurrentLoadBenchmarks \
        ProviderCollectionBenchmarks ServiceBenchmarks; do
        rm -rf ".build/release/$harness.build"
    done
    echo "== runtime: building the release harness"
    swift build -c release --product RuntimeBenchmarks
    echo "== runtime: measuring"
    "$(swift build -c release --show-bin-path)/RuntimeBenchmarks" "${runtime_arguments[@]}" --output "$results/runtime.json"
    echo "== loader: building and measuring (release)"
    swift build -c release --product LoaderBenchmarks
    loader_arguments=()
    if [ "$quick" = 1 ]; then loader_arguments=(--quick); fi
    "$(swift build -c release --show-bin-path)/LoaderBenchmarks" "${loader_arguments[@]}" --output "$results/loader.json"
    echo "== scope: building and measuring (release)"
    swift build -c release --product ScopeBenchmarks
    "$(swift build -c release --show-bin-path)/ScopeBenchmarks" "${loader_arguments[@]}" --output "$results/scope.json"
    echo "== concurrent loads: building and measuring (release)"
    swift build -c release --product ConcurrentLoadBenchmarks
    "$(swift build -c release --show-bin-path)/ConcurrentLoadBenchmarks" "${loader_arguments[@]}" --output "$results/concurrent.json"
    echo "== providers and collections: building and measuring (release)"
    swift build -c release --product ProviderCollectionBenchmarks
    "$(swift build -c release --show-bin-path)/ProviderCollectionBenchmarks" "${loader_arguments[@]}" --output "$results/features.json"
    if command -v wrk > /dev/null; then
        echo "== service: building and measuring (release)"
        swift build -c release --product ServiceBenchmarks
        "$(swift build -c release --show-bin-path)/ServiceBenchmarks" "${loader_arguments[@]}" --output "$results/service.json"
    else
        # Its load comes from wrk; without it the harness stops at its first round.
        echo "== service: skipped, wrk is not installed (apt-get install wrk); results/service.json is left as it was"
    fi
fi

if [ "$buildtime" = 1 ]; then
    echo "== build time: measuring (debug)"
    python3 BuildTime/measure.py "${buildtime_arguments[@]}" --output "$results/build-time.json"
    if [ "$prebuilt" = 1 ]; then
        echo "== build time with prebuilt swift-syntax: preparing it (a release build, once) and measuring"
        python3 BuildTime/prebuilt_swift_syntax.py
        python3 BuildTime/measure.py "${buildtime_arguments[@]}" --prebuilt-swift-syntax \
            --output "$results/build-time-prebuilt.json"
    fi
    if [ "$instructions" = 1 ]; then
        echo "== build work in instructions (callgrind, N = $instruction_size)"
        python3 BuildTime/instructions.py --sizes "$instruction_size" --output "$results/build-instructions.json"
        if [ "$prebuilt" = 1 ]; then
            python3 BuildTime/instructions.py --sizes "$instruction_size" --prebuilt-swift-syntax \
                --output "$results/build-instructions-prebuilt.json"
        fi
    fi
fi
extra_reports=()
if [ -f "$results/build-time-prebuilt.json" ]; then
    extra_reports=(--build-time-prebuilt "$results/build-time-prebuilt.json")
fi
instruction_counts=()
for counts in "$results/build-instructions.json" "$results/build-instructions-prebuilt.json"; do
    if [ -f "$counts" ]; then instruction_counts+=("$counts"); fi
done
if [ "${#instruction_counts[@]}" -gt 0 ]; then
    extra_reports+=(--build-instructions "${instruction_counts[@]}")
fi

python3 Scripts/report.py markdown --runtime "$results/runtime.json" --build-time "$results/build-time.json" \
    --loader "$results/loader.json" --scope "$results/scope.json" --service "$results/service.json" \
    --concurrent "$results/concurrent.json" --features "$results/features.json" \
    "${extra_reports[@]}" --output "$results/latest.md"

if [ "$compare" = 1 ]; then
    python3 Scripts/report.py compare --runtime "$results/runtime.json" --build-time "$results/build-time.json" \
        --baseline results/baseline.json
fi
if [ "$update" = 1 ]; then
    python3 Scripts/report.py baseline --runtime "$results/runtime.json" --build-time "$results/build-time.json" \
        --output results/baseline.json
fi
