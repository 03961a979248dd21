#!/usr/bin/env python3
"""Build-time benchmark, counted instead of timed: the instructions each compiler job of an
incremental build executes, Trellis against hand-written, under callgrind.

Wall-clock figures on a shared machine move by a fifth between sittings (results/analysis.md), which
is as large as the effects worth measuring. Instruction counts are deterministic: the same sources,
compiler and plug-in give the same count on every run, so a change in the generated code or in the
plug-in shows however noisy the machine is. They are not time (cache misses, the two jobs running in
parallel and SwiftPM's own work are not in them), so they complement measure.py's wall clock and
never replace it.

For each N it reuses measure.py's scratch package (run measure.py for that N first; this script stops if it is missing),
edits Container.swift of `Trellis<N>` and `Hand<N>` as an edit in an editor would, lets SwiftPM
rebuild each module with `-v` to learn the exact compiler jobs it runs (the `-emit-module` job and the
`-c` job), then runs each job again under `valgrind --tool=callgrind --trace-children=yes`. The
compiler and the macro plug-in it starts are counted separately (the plug-in from a copy without
debug info, which valgrind cannot read; the code is the same).
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402  (the scratch package, its manifest and the edit are measure.py's)


def module_jobs(build_output, module):
    """The swift-frontend commands of `module` in `swift build -v` output: {'emit-module': [...], 'compile': [...]}."""
    jobs = {}
    for line in build_output.splitlines():
        if "swift-frontend" not in line or " -frontend " not in line:
            continue
        arguments = shlex.split(line)
        if "-module-name" not in arguments or arguments[arguments.index("-module-name") + 1] != module:
            continue
        if "-emit-module" in arguments:
            jobs["emit-module"] = arguments
        elif "-c" in arguments:
            jobs["compile"] = arguments
    return jobs


def totals(output_directory):
    """Instructions per process of a callgrind run: {'compiler': n, 'plug-in': n}."""
    counts = {"compiler": 0, "plug-in": 0}
    for name in os.listdir(output_directory):
        command, total = "", 0
        with open(os.path.join(output_directory, name)) as profile:
            for line in profile:
                if line.startswith("cmd:"):
                    command = line[4:].strip()
                elif line.startswith(("totals:", "summary:")):
                    total = max(total, int(line.split()[1]))
        if total == 0:
            continue  # a profile with no instructions recorded
        counts["compiler" if "swift-frontend" in command.split(" ")[0] else "plug-in"] += total
    return counts


def work(counted):
    """All instructions of one job: the compiler's and its plug-in's."""
    return counted["compiler"] + counted["plug-in"]


def without_debug_info(job, directory):
    """`job` with each macro plug-in replaced by a copy without debug info, which valgrind 3.19 cannot
    read in a debug build of the plug-in ("possibly corrupted debuginfo file"). The code that runs is
    the same, so the count is too."""
    rewritten = list(job)
    for index, argument in enumerate(job[:-1]):
        if argument != "-load-plugin-executable":
            continue
        path, _, modules = job[index + 1].partition("#")
        copy = os.path.join(directory, f"plugin-{index}-{os.path.basename(path)}")
        shutil.copy2(path, copy)
        subprocess.run(["strip", "--strip-debug", copy], check=True)
        rewritten[index + 1] = f"{copy}#{modules}"
    return rewritten


def count(job, cwd):
    """Runs one compiler job under callgrind, following the plug-in it starts."""
    with tempfile.TemporaryDirectory(prefix="trellis-callgrind-") as directory, \
            tempfile.TemporaryDirectory(prefix="trellis-plugin-") as plugins:
        command = ["valgrind", "--tool=callgrind", "--trace-children=yes",
                   f"--callgrind-out-file={directory}/callgrind.%p"] + without_debug_info(job, plugins)
        result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout[-4000:])
            raise SystemExit(f"instructions.py: the job failed under callgrind: {' '.join(job[:4])} ...")
        return totals(directory)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[250])
    parser.add_argument("--output", required=True)
    measure.add_scratch_arguments(parser)
    arguments = measure.parse_scratch_arguments(parser)
    for tool, package in (("valgrind", "valgrind"), ("strip", "binutils")):
        if shutil.which(tool) is None:
            sys.exit(f"instructions.py: needs {tool} (apt-get install {package})")

    package = os.path.join(arguments.work, "package")
    swift_build = measure.swift_build_command(arguments)
    manifest_path = os.path.join(package, "Package.swift")
    sources = os.path.join(package, "Sources")
    missing = [size for size in arguments.sizes if not os.path.isdir(os.path.join(sources, f"Trellis{size}"))]
    if not os.path.exists(manifest_path) or missing:
        prebuilt = " --prebuilt-swift-syntax" if arguments.prebuilt_swift_syntax else ""
        sys.exit(f"instructions.py: no scratch package for N={missing or arguments.sizes} in {arguments.work}; "
                 f"run `BuildTime/measure.py --sizes {' '.join(map(str, arguments.sizes))}{prebuilt} --prepare-only` first")
    print("instructions: bringing the scratch package up to date (debug)...", flush=True)
    measure.drop_cached_build_plan(os.path.join(arguments.work, "scratch"))
    measure.run(swift_build, package)

    results = []
    for size in arguments.sizes:
        entry = {"members": size}
        for kind, module in (("trellis", f"Trellis{size}"), ("hand-written", f"Hand{size}")):
            measure.edit(os.path.join(sources, module, "Container.swift"), int(time.time()))
            output = measure.run(swift_build + ["--target", module, "-v"], package)
            jobs = module_jobs(output, module)
            if set(jobs) != {"emit-module", "compile"}:
                sys.exit(f"instructions.py: expected an -emit-module and a -c job for {module}, found {sorted(jobs)}")
            entry[kind] = {}
            for name, job in sorted(jobs.items()):
                counted = count(job, package)
                entry[kind][name] = counted
                print(f"instructions N={size:5d} {kind:12s} {name:11s}: compiler {counted['compiler'] / 1e6:8.0f} M, "
                      f"plug-in {counted['plug-in'] / 1e6:8.0f} M", flush=True)
        for name in ("emit-module", "compile"):
            entry[f"ratio {name}"] = work(entry["trellis"][name]) / work(entry["hand-written"][name])
        entry["ratio both jobs"] = (sum(map(work, entry["trellis"].values()))
                                    / sum(map(work, entry["hand-written"].values())))
        results.append(entry)
        print(f"instructions N={size:5d}: Trellis / hand-written: compile job x{entry['ratio compile']:.2f}, "
              f"emit-module job x{entry['ratio emit-module']:.2f}, both x{entry['ratio both jobs']:.2f}", flush=True)

    report = {
        "schema": 1,
        "kind": "build-instructions",
        "configuration": "debug",
        "swiftSyntax": measure.swift_syntax_label(arguments.prebuilt_swift_syntax),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": measure.git_commit(),
        "swift": measure.swift_version(),
        "results": results,
    }
    measure.write_report(report, arguments.output)


if __name__ == "__main__":
    main()
