#!/usr/bin/env bash
# The build-time half of Benchmarks/run.sh on its own; arguments go to measure.py
# (--sizes 10 50 ..., --runs 3, --output FILE). See measure.py for the method.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 BuildTime/measure.py "$@"
