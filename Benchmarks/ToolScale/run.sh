#!/usr/bin/env bash
# Times `trellis validate` and `trellis graph` over generated trees of 500, 1,000 and 2,000 files
# (the largest: 1,000 containers, 20,000 members), median of 3 runs each, with a release build.
# Prints a markdown table and writes Benchmarks/results/tool-scale.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
trees="${TMPDIR:-/tmp}/trellis-tool-scale"

swift build -c release --product trellis --scratch-path .build-cli-release
tool="$(swift build -c release --product trellis --scratch-path .build-cli-release --show-bin-path)/trellis"

mkdir -p "$trees" Benchmarks/results
for files in 500 1000 2000; do
    if [ ! -d "$trees/$files" ]; then
        python3 Benchmarks/ToolScale/generate.py "$trees/$files" "$files"
    fi
done

python3 - "$tool" "$trees" "$root/Benchmarks/results/tool-scale.json" <<'PY'
import json, os, resource, statistics, subprocess, sys, time

tool, trees, result_path = sys.argv[1:4]
rows = []
for files in (500, 1000, 2000):
    tree = f"{trees}/{files}"
    row = {"files": files, "containers": files // 2, "members": files // 2 * 20}
    for command in ("validate", "graph"):
        arguments = [tool, command, tree] + (["--format", "json"] if command == "graph" else [])
        samples, cpu_samples = [], []
        for _ in range(3):
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            completed = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            samples.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu_samples.append(after.ru_utime - usage.ru_utime + after.ru_stime - usage.ru_stime)
            if completed.returncode != 0:
                sys.exit(f"{' '.join(arguments)} exited {completed.returncode}: {completed.stderr.decode()}")
        row[f"{command}Seconds"] = round(statistics.median(samples), 3)
        row[f"{command}CPUSeconds"] = round(statistics.median(cpu_samples), 3)
    rows.append(row)

# Wall-clock seconds on a shared machine move with the load of other builds; CPU seconds (user +
# system, all threads) show the work itself, so both are reported, with the load average.
load = os.getloadavg()[0]
print(f"load average at the end: {load:.2f} on {os.cpu_count()} cores")
print("| files | containers | members | validate s (CPU s) | graph --format json s (CPU s) |")
print("| ---: | ---: | ---: | ---: | ---: |")
for row in rows:
    print(f"| {row['files']} | {row['containers']} | {row['members']} | {row['validateSeconds']} ({row['validateCPUSeconds']}) | {row['graphSeconds']} ({row['graphCPUSeconds']}) |")
with open(result_path, "w") as handle:
    json.dump({"benchmark": "tool-scale", "runs": 3, "statistic": "median", "build": "release",
               "cores": os.cpu_count(), "loadAverage": round(load, 2), "rows": rows}, handle, indent=2)
    handle.write("\n")
PY
