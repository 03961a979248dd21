#!/usr/bin/env bash
# Builds the DocC documentation of the Trellis module with the toolchain's own `docc`, warnings as
# errors (an unresolved symbol link, an undocumented parameter, an ambiguous reference): what CI runs.
# Reuses the debug build `swift build` (or `swift test`) leaves in .build; builds it if missing.
# Usage: Scripts/docs.sh [output folder, default .build/docs]
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/docs}"
swift build --target Trellis >/dev/null
modules="$(swift build --show-bin-path)/Modules"
triple="$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)",*/\1/p' | head -1)"
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
# Atomics' C shim module is found through its module map, as SwiftPM passes it to the compiler.
swift-symbolgraph-extract -module-name Trellis -I "$modules" -target "$triple" -output-dir "$graphs" \
    -minimum-access-level public \
    -Xcc "-fmodule-map-file=.build/checkouts/swift-atomics/Sources/_AtomicsShims/include/module.modulemap"
rm -rf "$output"
docc convert Sources/Trellis/Trellis.docc --additional-symbol-graph-dir "$graphs" --output-path "$output" \
    --fallback-display-name Trellis --fallback-bundle-identifier dev.trellis.Trellis --warnings-as-errors
echo "Documentation built in $output (open $output/index.html through a web server, or use 'docc preview')."
