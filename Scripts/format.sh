#!/usr/bin/env bash
# Formats the Swift sources in place with the committed .swift-format, or with --lint only reports
# what does not follow it (exit status 1 when something does not).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Plugins Examples Benchmarks)
existing=()
for path in "${paths[@]}"; do [ -e "$path" ] && existing+=("$path"); done
if [ "${1:-}" = "--lint" ]; then
    swift format lint --strict --recursive --parallel "${existing[@]}"
else
    swift format format --in-place --recursive --parallel "${existing[@]}"
fi
