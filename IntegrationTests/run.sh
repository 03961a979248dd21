#!/usr/bin/env bash
# Builds IntegrationTests/PluginClean (must succeed and run) and IntegrationTests/PluginBroken (must
# fail with the trellis problem placed at its source line), then runs the command plugin on
# PluginClean: printing must ask for no permission, writing --output takes SwiftPM's flag. Works from
# a clean clone. By default each package has its own scratch folder; a shared one (see below) works as
# well: SwiftPM rebuilds what a new root package changes, and reuses the rest, swift-syntax included.
set -uo pipefail
cd "$(dirname "$0")"
here="$PWD"
scratch="$here/.build-integration"
log="$scratch/logs"
# TRELLIS_INTEGRATION_SCRATCH names one scratch folder for both packages instead, such as the one the
# repository's own tests built: swift-syntax, compiled there already, is then not compiled twice more.
clean="${TRELLIS_INTEGRATION_SCRATCH:-$scratch/clean}"
broken="${TRELLIS_INTEGRATION_SCRATCH:-$scratch/broken}"
mkdir -p "$clean" "$broken"
mkdir -p "$log"

echo "== PluginClean: the build must succeed"
if ! swift build --package-path PluginClean --scratch-path "$clean" >"$log/clean.txt" 2>&1; then
    cat "$log/clean.txt"
    echo "FAIL: PluginClean did not build"
    exit 1
fi
output="$("$clean/debug/CleanApp")"
if [ "$output" != "Hello, Trellis" ]; then
    echo "FAIL: CleanApp printed '$output'"
    exit 1
fi
echo "ok: PluginClean built and printed '$output'"

echo "== PluginBroken: the build must fail at the cross-file initializer"
if swift build --package-path PluginBroken --scratch-path "$broken" >"$log/broken.txt" 2>&1; then
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

# Standard input and output are not a terminal here, as in CI: a plugin that declared a permission
# would fail with "wants permission" instead of asking.
echo "== trellis-graph: printing needs no permission"
if ! swift package --package-path PluginClean --scratch-path "$clean" \
    trellis-graph --target CleanApp --format ascii </dev/null >"$log/graph-ascii.txt" 2>"$log/graph-ascii-errors.txt"; then
    cat "$log/graph-ascii-errors.txt" "$log/graph-ascii.txt"
    echo "FAIL: swift package trellis-graph --format ascii failed"
    exit 1
fi
# The same files given to the tool the plugin runs (TrellisCLI, built as a host tool above), from the
# package folder, as the plugin does: the plugin must print exactly what the tool prints.
tool="$(find "$clean" -type f -perm -u+x -name 'TrellisCLI*' | head -1)"
expected_graph="$(cd PluginClean && "$tool" graph --format ascii Sources/CleanApp/AppContainer.swift \
    Sources/CleanApp/FeatureContainer.swift Sources/CleanApp/main.swift)"
if [ -z "$expected_graph" ] || [ "$(cat "$log/graph-ascii.txt")" != "$expected_graph" ]; then
    diff <(echo "$expected_graph") "$log/graph-ascii.txt"
    echo "FAIL: the plugin printed another graph than 'trellis graph' does for the target's files"
    exit 1
fi
echo "ok: trellis-graph printed the graph ($(wc -l <"$log/graph-ascii.txt") lines) without asking for a permission"

echo "== trellis-graph: --output writes the file with --allow-writing-to-package-directory"
output_file="PluginClean/trellis-graph-integration.json"
rm -f "$output_file"
trap 'rm -f "$here/$output_file"' EXIT
if ! swift package --package-path PluginClean --scratch-path "$clean" --allow-writing-to-package-directory \
    trellis-graph --target CleanApp --format json --output trellis-graph-integration.json </dev/null >"$log/graph-json.txt" 2>&1; then
    cat "$log/graph-json.txt"
    echo "FAIL: swift package trellis-graph --output failed"
    exit 1
fi
if ! grep -qF '"name": "AppContainer"' "$output_file"; then
    cat "$output_file" 2>/dev/null || echo "(no file)"
    echo "FAIL: --output did not write the graph of AppContainer to $output_file"
    exit 1
fi
echo "ok: trellis-graph wrote $output_file"

# Linux runs plugins without a sandbox, so a folder that does not exist stands in for a write the
# sandbox refuses: the tool exits 2 and the plugin must name the flag that allows the write.
echo "== trellis-graph: an --output it cannot write names the flag"
if swift package --package-path PluginClean --scratch-path "$clean" \
    trellis-graph --target CleanApp --output missing-folder/graph.txt </dev/null >"$log/graph-unwritable.txt" 2>&1; then
    cat "$log/graph-unwritable.txt"
    echo "FAIL: trellis-graph succeeded writing into a folder that does not exist"
    exit 1
fi
remedy="swift package --allow-writing-to-package-directory trellis-graph"
if ! grep -qF "$remedy" "$log/graph-unwritable.txt"; then
    cat "$log/graph-unwritable.txt"
    echo "FAIL: the failure did not name the flag: $remedy"
    exit 1
fi
echo "ok: trellis-graph failed and named '$remedy'"
echo "5 passed, 0 failed"
