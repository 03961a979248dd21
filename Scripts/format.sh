#!/usr/bin/env bash
# Formats the Swift sources in place with the committed .swift-format (Tests/ and Examples/ have
# their own, without the documentation rule), or with --lint only reports what does not follow it
# (exit status 1 when something does not). Test fixtures are data whose layout the golden files pin,
# so they are left alone; so are the seed documents' samples, held verbatim, and the generated
# benchmark graphs, which the generator rewrites.
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r file; do files+=("$file"); done < <(
    git ls-files --cached --others --exclude-standard -- '*.swift' \
        | grep -vE '^(Tests/TrellisCLITests/Fixtures|Tests/TrellisCompatibilityTests/Samples|Tests/CompileFailures|IntegrationTests/PluginBroken|Benchmarks/Sources/Graph[0-9]+)/')
if [ "${1:-}" = "--lint" ]; then
    swift format lint --strict --parallel "${files[@]}"
else
    swift format format --in-place --parallel "${files[@]}"
fi
