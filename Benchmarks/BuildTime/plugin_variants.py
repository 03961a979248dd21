#!/usr/bin/env python3
"""How much of Trellis's build-time overhead is the plug-in being built without optimisation.

SwiftPM builds a macro plug-in in the configuration of the build: in a debug build, Trellis's
macro code and swift-syntax are compiled without optimisation. Since Swift 6.2, SwiftPM instead
links a prebuilt, optimised swift-syntax when it can download one (`--enable-experimental-prebuilts`,
the default); this machine is offline, so measure.py always sees the unoptimised case. This script
measures the same compile with three builds of the plug-in:

  debug      the plug-in SwiftPM built for measure.py (everything unoptimised): what measure.py sees
  prebuilt   Trellis's macro code unoptimised (-Onone) linked with the optimised swift-syntax of
             the release build: what a developer whose SwiftPM uses prebuilts runs
  release    the release-built plug-in (everything optimised)

Method: after `measure.py` (its scratch package) and the release build of the runtime benchmark
(`swift build -c release --product RuntimeBenchmarks`, which builds swift-syntax optimised):
  1. compile TrellisGraph, TrellisSyntax and TrellisMacros with -Onone against the release
     swift-syntax modules and link them with the release swift-syntax objects (the "prebuilt"
     plug-in); check that it answers a recorded session exactly as the release plug-in does;
  2. for each N, edit Container.swift of Trellis<N> and Hand<N> and record the two compiler jobs of
     the incremental build (`swift build -v`: the compile job and the emit-module job, which run in
     parallel and both expand the macros);
  3. run the two jobs together, `runs` times, hand-written and the three plug-ins interleaved, and
     take the median wall time. SwiftPM itself cannot be pointed at another plug-in (it relinks
     its own), so the incremental build is estimated as that compile time plus the no-op
     `swift build` time of the same module in build-time.json (SwiftPM's fixed cost).

Usage: plugin_variants.py --sizes 100 250 --runs 5 --output results/plugin-variants.md
"""

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

from measure import run  # the same subprocess wrapper as the build-time benchmark

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(HERE)
REPOSITORY = os.path.dirname(BENCHMARKS)
RELEASE = os.path.join(BENCHMARKS, ".build", "release")


def build_prebuilt_like_plugin(work):
    """Trellis's macro modules at -Onone, linked with the release build's swift-syntax objects."""
    release = os.path.realpath(RELEASE)
    link_list = os.path.join(release, "TrellisMacros-tool.product", "Objects.LinkFileList")
    if not os.path.exists(link_list):
        raise SystemExit("no release plug-in: run `swift build -c release --product RuntimeBenchmarks` in Benchmarks first")
    shims = glob.glob(os.path.join(BENCHMARKS, ".build", "checkouts", "swift-syntax", "**", "_SwiftSyntaxCShims",
                                   "**", "module.modulemap"), recursive=True)
    os.makedirs(work, exist_ok=True)
    common = ["swiftc", "-Onone", "-swift-version", "6", "-wmo", "-I", work, "-I", os.path.join(release, "Modules-tool")]
    if shims:
        common += ["-Xcc", f"-fmodule-map-file={shims[0]}"]
    objects = []
    for module, library in (("TrellisGraph", True), ("TrellisSyntax", True), ("TrellisMacros", False)):
        sources = sorted(glob.glob(os.path.join(REPOSITORY, "Sources", module, "*.swift")))
        output = os.path.join(work, f"{module}.o")
        command = common + ["-module-name", module, "-c", "-o", output] + sources
        if library:
            command += ["-parse-as-library", "-emit-module", "-emit-module-path", os.path.join(work, f"{module}.swiftmodule")]
        run(command, cwd=work)
        objects.append(output)
    with open(link_list) as handle:
        kept = [line.strip() for line in handle if line.strip() and "/Trellis" not in line]
    files = os.path.join(work, "objects.list")
    with open(files, "w") as handle:
        handle.write("\n".join(kept + objects) + "\n")
    plugin = os.path.join(work, "TrellisMacros-prebuilt-like")
    run(["swiftc", "-o", plugin, f"@{files}"], cwd=work)
    return plugin, os.path.join(release, "TrellisMacros-tool")


def record_jobs(package, scratch, module, counter):
    """The compile and emit-module jobs of an incremental build of `module`, as command lines."""
    with open(os.path.join(package, "Sources", module, "Container.swift"), "a") as handle:
        handle.write(f"// plugin_variants {counter}\n")
    output = run(["swift", "build", "--scratch-path", scratch, "--target", module, "-v"], cwd=package)
    jobs = [line.strip() for line in output.splitlines()
            if line.startswith("/") and "swift-frontend" in line.split(" ")[0] and f"-module-name {module} " in line
            and (" -frontend -c " in line or " -frontend -emit-module " in line)]
    if len(jobs) != 2:
        raise SystemExit(f"expected a compile and an emit-module job for {module}, found {len(jobs)}")
    return jobs


def check_same_answers(jobs, package, work, debug_reference, plugins):
    """Records the messages the compiler sends the plug-in in `jobs[0]` and checks that every
    plug-in answers them byte for byte alike."""
    capture = os.path.join(work, "session.bin")
    wrapper = os.path.join(work, "record-session.sh")
    with open(wrapper, "w") as handle:
        handle.write(f'#!/bin/sh\ntee "{capture}" | "{plugins["debug"]}" "$@"\n')
    os.chmod(wrapper, 0o755)
    recording = jobs[0].replace(debug_reference, f"{wrapper}#TrellisMacros")
    subprocess.run(["bash", "-c", recording], cwd=package, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    answers = {}
    for name, path in plugins.items():
        with open(capture, "rb") as session:
            answers[name] = subprocess.run([path], stdin=session, stdout=subprocess.PIPE, check=True).stdout
    if len(set(answers.values())) != 1 or not answers["debug"]:
        raise SystemExit("the plug-in builds answer the same session differently")


def timed_jobs(jobs, package):
    start = time.perf_counter()
    processes = [subprocess.Popen(["bash", "-c", job], cwd=package, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for job in jobs]
    for process in processes:
        if process.wait() != 0:
            raise SystemExit("a recorded compiler job failed")
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 250])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--output", required=True)
    parser.add_argument("--build-time", default=os.path.join(BENCHMARKS, "results", "build-time.json"),
                        help="measure.py's results, for the no-op build time")
    parser.add_argument("--work", default=os.path.join(BENCHMARKS, ".build-buildtime"))
    arguments = parser.parse_args()
    if arguments.runs < 1:
        parser.error("--runs takes a positive integer")

    package = os.path.join(arguments.work, "package")
    scratch = os.path.join(arguments.work, "scratch")
    debug_plugin = os.path.join(scratch, "debug", "TrellisMacros-tool")
    if not os.path.exists(debug_plugin):
        raise SystemExit("no measure.py scratch package: run BuildTime/measure.py first")
    prebuilt, release = build_prebuilt_like_plugin(os.path.join(scratch, "plugin-variants"))
    with open(arguments.build_time) as handle:
        noop = {entry["members"]: entry["hand-written"]["noopSeconds"]["median"] for entry in json.load(handle)["results"]}

    plugins = {"debug": debug_plugin, "prebuilt": prebuilt, "release": release}
    rows = []
    counter = 0
    for size in arguments.sizes:
        if size not in noop:
            raise SystemExit(f"{arguments.build_time} has no N = {size}")
        counter += 1
        hand_jobs = record_jobs(package, scratch, f"Hand{size}", counter)
        trellis_jobs = record_jobs(package, scratch, f"Trellis{size}", counter)
        debug_reference = os.path.realpath(debug_plugin) + "#TrellisMacros"
        if not all(debug_reference in job for job in trellis_jobs):
            raise SystemExit("the recorded jobs do not load the debug plug-in by its path")
        if counter == 1:
            check_same_answers(trellis_jobs, package, os.path.join(scratch, "plugin-variants"), debug_reference, plugins)
        variants = {"hand-written": hand_jobs}
        for name, path in plugins.items():
            variants[name] = [job.replace(debug_reference, f"{path}#TrellisMacros") for job in trellis_jobs]
        samples = {name: [] for name in variants}
        for _ in range(arguments.runs):
            for name, jobs in variants.items():
                samples[name].append(timed_jobs(jobs, package))
        medians = {name: statistics.median(values) for name, values in samples.items()}
        rows.append((size, medians, noop[size]))
        print(f"plugin variants N={size}: " + ", ".join(f"{name} {value:.2f}s" for name, value in medians.items()), flush=True)

    with open("/proc/loadavg") as load:
        load_average = " ".join(load.read().split()[:3])
    lines = [
        "# Build time with the plug-in built three ways",
        "",
        f"Generated by `Benchmarks/BuildTime/plugin_variants.py` (method in its header) on "
        f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, median of {arguments.runs} runs; load average at end "
        f"{load_average}.",
        "",
        "Compile = the incremental build's compile and emit-module jobs of the edited container, run together; "
        "estimated incremental = compile + the no-op `swift build` of the hand-written module from build-time.json.",
        "",
        "| N | hand-written compile | Trellis, debug plug-in | with prebuilt (optimised) swift-syntax | release plug-in | estimated incremental ratio: debug / prebuilt / release |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for size, medians, fixed in rows:
        hand = medians["hand-written"]

        def cell(name):
            return f"{medians[name]:.2f} s ({medians[name] / hand:.2f}x)"

        def estimate(name):
            return f"{(medians[name] + fixed) / (hand + fixed):.2f}x"

        lines.append(f"| {size:,} | {hand:.2f} s | {cell('debug')} | {cell('prebuilt')} | {cell('release')} | "
                     f"{estimate('debug')} / **{estimate('prebuilt')}** / {estimate('release')} |")
    with open(arguments.output, "w") as output:
        output.write("\n".join(lines) + "\n")
    print(f"wrote {arguments.output}")


if __name__ == "__main__":
    main()
