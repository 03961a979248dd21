#!/usr/bin/env bash
# Builds IntegrationTests/PluginClean (must succeed and run) and IntegrationTests/PluginBroken (must
# fail with the trellis problem placed at its source line). Works from a clean clone. Each package
# has its own scratch folder: SwiftPM keys a scratch folder's build plan to one root package.
set -uo pipefail
cd "$(dirname "$0")"
here="$PWD"
scratch="$here/.build-integration"
log="$scratch/logs"
mkdir -p "$scratch/clean" "$scratch/broken"
mkdir -p "$log"

echo "== PluginClean: the build must succeed"
if ! swift build --package-path PluginClean --scratch-path "$scratch/clean" >"$log/clean.txt" 2>&1; then
    cat "$log/clean.txt"
    echo "FAIL: PluginClean did not build"
    exit 1
fi
output="$("$scratch/clean/debug/CleanApp")"
if [ "$output" != "Hello, Trellis" ]; then
    echo "FAIL: CleanApp printed '$output'"
    exit 1
fi
echo "ok: PluginClean built and printed '$output'"

echo "== PluginBroken: the build must fail at the cross-file initializer"
if swift build --package-path PluginBroken --scratch-path "$scratch/broken" >"$log/broken.txt" 2>&1; then
    cat "$log/broken.txt"
    echo "FAIL: PluginBroken built, but its graph has a cross-file initializer"
    exit 1
fi
expected="Sources/BrokenApp/Defaults.swift:3:5: error: [trellis.cross-file-initializer] @DIContainer generates the initializer of 'AppContainer'"
if ! grep -qF "$expected" "$log/broken.txt"; then
    cat "$log/broken.txt"
    echo "FAIL: the build failed without the expected line: $expected"
    exit 1
fi
echo "ok: PluginBroken failed with: $(grep -F "$expected" "$log/broken.txt" | head -1 | sed "s|$here/||")"
echo "2 passed, 0 failed"
