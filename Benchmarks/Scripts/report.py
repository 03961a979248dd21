#!/usr/bin/env python3
"""Turns results/runtime.json and results/build-time.json into results/latest.md, and compares
them with results/baseline.json.

  report.py markdown --runtime R --build-time B [--build-time-prebuilt P] [--loader L] [--scope S] [--service V]
                     [--concurrent C] [--features F] [--build-instructions I] --output latest.md
  report.py compare  --runtime R --build-time B --baseline baseline.json
  report.py baseline --runtime R --build-time B --output baseline.json
"""

import argparse
import json
import math
import os

LABELS = {
    "hand-written": "hand-written (struct of `let`s)",
    "hand-written-lazy": "hand-written (`lazy var`s)",
    "trellis": "Trellis `@DIContainer`",
    "trellis-on-demand": "Trellis on-demand shared",
    "trellis-runtime": "Trellis runtime container",
    "swinject": "Swinject 2.10.0",
    "swift-dependencies": "swift-dependencies 1.17.1",
}
CONTENDER_ORDER = list(LABELS)
OPERATIONS = [
    ("shared-read", "Read of a `.shared` member", "hand-written"),
    ("on-demand-read", "Read of an on-demand shared member, after its first access", "hand-written"),
    ("transient", "`.transient` resolve (allocates an object that reads 3 shared members)", "hand-written"),
    ("build", "Building the whole container (every shared member; the previous one is released)", "hand-written"),
]
# The on-demand read is compared with the hand-written `let` read (the rule: every figure
# against the hand-written one); the hand-written `lazy var` row shows what on-demand costs by hand.
BASELINE_OPERATION = {"on-demand-read": "shared-read"}



def when(record):
    """When a record was measured: its date, and the commit it measured where it says."""
    commit = record.get("commit")
    return record["date"] + (f" at {commit}" if commit and commit != "?" else "")

def load(path):
    if path and os.path.exists(path):
        with open(path) as handle:
            return json.load(handle)
    return None


def nanoseconds(value):
    if value >= 1e6:
        return f"{value / 1e6:,.2f} ms"
    if value >= 1e3:
        return f"{value / 1e3:,.2f} µs"
    return f"{value:.2f} ns"


def runtime_index(runtime):
    index = {}
    for m in runtime["measurements"]:
        index[(m["members"], m["operation"], m["contender"])] = m
    return index


def runtime_tables(runtime):
    index = runtime_index(runtime)
    sizes = sorted({m["members"] for m in runtime["measurements"]})
    out = []
    for operation, title, reference in OPERATIONS:
        contenders = [c for c in CONTENDER_ORDER if any((n, operation, c) in index for n in sizes)]
        if not contenders:
            continue
        out.append(f"### {title}\n")
        out.append("Median ns/op (minimum) and the median's ratio to hand-written.\n")
        out.append("| contender | " + " | ".join(f"N = {n:,}" for n in sizes) + " |")
        out.append("| --- | " + " | ".join("---:" for _ in sizes) + " |")
        for contender in contenders:
            cells = []
            for n in sizes:
                m = index.get((n, operation, contender))
                if m is None:
                    cells.append("n/a")
                elif m["status"] == "pending":
                    cells.append("pending")
                else:
                    base = index.get((n, BASELINE_OPERATION.get(operation, operation), reference))
                    ratio = ""
                    if base and base["status"] == "measured":
                        ratio = f" **{m['medianNanoseconds'] / base['medianNanoseconds']:.2f}x**"
                    cells.append(f"{nanoseconds(m['medianNanoseconds'])} ({nanoseconds(m['minimumNanoseconds'])}){ratio}")
            out.append(f"| {LABELS.get(contender, contender)} | " + " | ".join(cells) + " |")
        pending = [m for m in runtime["measurements"] if m["operation"] == operation and m["status"] == "pending"]
        reasons = sorted({f"{LABELS.get(m['contender'], m['contender'])}: {m['pendingReason']}" for m in pending})
        for reason in reasons:
            out.append(f"\n_pending — {reason}._")
        out.append("")
    return "\n".join(out)


def runtime_targets(runtime):
    index = runtime_index(runtime)
    sizes = sorted({m["members"] for m in runtime["measurements"]})
    lines = []

    def ratios(operation, contender, reference="hand-written", reference_operation=None):
        """(N, paired ratio, ratio of minimums). The paired ratio is the median over rounds of
        contender / reference within the same round: both ran back to back, so a slow moment of
        the machine hits both and cancels, which single minimums or medians do not guarantee.
        With another `reference_operation` the rounds of two operations are paired by index
        (close in time, not back to back)."""
        result = []
        for n in sizes:
            m, b = index.get((n, operation, contender)), index.get((n, reference_operation or operation, reference))
            if m and b and m["status"] == b["status"] == "measured":
                paired = sorted(x / y for x, y in zip(m["samplesNanoseconds"], b["samplesNanoseconds"]))
                middle = len(paired) // 2
                paired_median = paired[middle] if len(paired) % 2 else (paired[middle - 1] + paired[middle]) / 2
                result.append((n, paired_median, m["minimumNanoseconds"] / b["minimumNanoseconds"]))
        return result

    for operation, limit, text in [("shared-read", 1.1, "static container read within 1.1x of hand-written"),
                                   ("transient", 1.1, "(no target) transient resolve against hand-written"),
                                   ("build", 1.2, "building the container within 1.2x of hand-written")]:
        values = ratios(operation, "trellis")
        if not values:
            continue
        worst = max(r for _, r, _ in values)
        verdict = ("met" if worst <= limit else "missed") if not text.startswith("(no target)") else "for reference"
        detail = ", ".join(f"N={n}: {r:.2f}x (minimums {rm:.2f}x)" for n, r, rm in values)
        lines.append(f"- {text}: **{verdict}** (paired median ratio per round {detail})")
    # On-demand read (no target): against the hand-written `let` read (rounds paired by index) and
    # against the hand-written `lazy var` read (same operation, back to back).
    on_let = ratios("on-demand-read", "trellis-on-demand", "hand-written", "shared-read")
    on_lazy = ratios("on-demand-read", "trellis-on-demand", "hand-written-lazy")
    if on_let:
        lines.append("- (no target) on-demand read after first access: "
                     + "; ".join(f"N={n}: {r:.2f}x a `let` (minimums {rm:.2f}x)" for n, r, rm in on_let)
                     + (" — against `lazy var`: " + ", ".join(f"N={n}: {r:.2f}x" for n, r, _ in on_lazy) if on_lazy else ""))
    # Runtime container against Swinject: Swinject / runtime container, paired per round, for the
    # singleton read and the transient resolve; the verdict takes the worst of both at every N.
    speedups = [(operation, ratios(operation, "swinject", "trellis-runtime")) for operation in ("shared-read", "transient")]
    if any(values for _, values in speedups):
        worst = min(r for _, values in speedups for _, r, _ in values)
        verdict = "met" if worst >= 20 else "missed"
        detail = "; ".join(
            f"{'singleton' if operation == 'shared-read' else 'transient'} "
            + ", ".join(f"N={n}: {r:.1f}x (minimums {rm:.1f}x)" for n, r, rm in values)
            for operation, values in speedups if values)
        lines.append(f"- runtime container resolve at least 20x faster than Swinject: **{verdict}** "
                     f"(paired median ratio Swinject / runtime container per round; {detail})")
        against_hand = [(operation, ratios(operation, "trellis-runtime")) for operation in ("shared-read", "transient", "build")]
        lines.append("- (no target) runtime container against hand-written: " + "; ".join(
            f"{operation} " + ", ".join(f"N={n}: {r:.1f}x" for n, r, _ in values)
            for operation, values in against_hand if values))
    else:
        lines.append("- runtime container resolve at least 20x faster than Swinject: **pending** (no runtime container yet)")
    return "\n".join(lines)


def loader_section(loader):
    """The loader table: wall time of each loader, the LoadReport's critical path, and their ratio."""
    out = ["## Loaders (release)\n"]
    out.append(f"Run {when(loader)}, {loader['configuration']} build; a graph of {loader['nodes']} nodes in "
               f"{loader['layers']} layers ({loader['edges']} edges, fixed seed), each node "
               f"`Task.sleep(for: .milliseconds({loader['sleepMilliseconds']}))` then appends one value; "
               f"{loader['runs']} runs per loader after one warm-up, loaders interleaved; "
               f"{loader['host'].get('processors', '?')} cores, load average at start {loader['host'].get('loadAverageAtStart', '?')}. "
               f"Longest chain: {loader['longestChainNodes']} nodes, so no loader can finish in less than "
               f"{loader['idealSeconds'] * 1000:.0f} ms (the static ideal).\n")
    out.append("Wall time is `ContinuousClock` around `loadWithReport`; the critical path is the `LoadReport`'s "
               "(`criticalPathDuration`: the chain of dependent nodes whose measured durations add up to the most, "
               "measured in the same run). Ratio = wall / critical path (1.00x is the ideal).\n")
    out.append("| loader | wall median (minimum) | critical path median (minimum) | nodes on the critical path | ratio wall / critical path (medians) | speed-up over serial (medians) |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: |")
    serial = next((r for r in loader["results"] if r["loader"] == "SerialLoader"), None)
    for r in loader["results"]:
        name = r["loader"] if r["loader"] == "SerialLoader" else f"{r['loader']} (maximumConcurrency: {r['maximumConcurrency']})"
        nodes = sorted(set(r["criticalPathNodes"]))
        speedup = f"{serial['medianWallSeconds'] / r['medianWallSeconds']:.1f}x" if serial else "–"
        out.append(f"| `{name}` | {r['medianWallSeconds'] * 1000:,.0f} ms ({r['minimumWallSeconds'] * 1000:,.0f} ms) | "
                   f"{r['medianCriticalPathSeconds'] * 1000:,.0f} ms ({r['minimumCriticalPathSeconds'] * 1000:,.0f} ms) | "
                   f"{'-'.join(str(x) for x in (nodes[0], nodes[-1])) if len(nodes) > 1 else nodes[0]} | "
                   f"**{r['medianWallSeconds'] / r['medianCriticalPathSeconds']:.2f}x** | {speedup} |")
    out.append("")
    out.append("For `SerialLoader` the report's critical path is still the longest chain of dependent nodes "
               "(by measured duration), but its wall time is the sum of all nodes, so its ratio shows the "
               "parallelism the graph offers.\n")
    return "\n".join(out)


def growth(points):
    """Log-log slope between consecutive sizes: 1 is linear, 2 quadratic."""
    slopes = []
    for (n1, t1), (n2, t2) in zip(points, points[1:]):
        if t1 > 0 and t2 > 0:
            slopes.append(f"{math.log(t2 / t1) / math.log(n2 / n1):.2f}")
        else:
            slopes.append("–")
    return slopes


def build_time_tables(build):
    results = build["results"]
    out = []
    out.append("| N | hand-written incremental | Trellis incremental | ratio | compile part (minus no-op) hand / Trellis | ratio | "
               "typecheck only hand / Trellis | ratio | macro expansion | plug-in process CPU |")
    out.append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        h, t = r["hand-written"], r["trellis"]
        plugin = t.get("pluginProcessCpuSeconds")
        out.append(
            f"| {r['members']:,} | {h['incrementalSeconds']['median']:.2f} s | {t['incrementalSeconds']['median']:.2f} s | "
            f"**{r['ratioIncremental']:.2f}x** | {h['compileSeconds']:.2f} / {t['compileSeconds']:.2f} s | {r['ratioCompile']:.2f}x | "
            f"{h['typeCheckOnlySeconds']:.2f} / {t['typeCheckOnlySeconds']:.2f} s | {r['ratioTypeCheckOnly']:.2f}x | "
            f"{t['macroExpansionSeconds']:.2f} s | {'%.2f s' % plugin if plugin is not None else 'n/a'} |")
    if len(results) > 1:
        sizes = [r["members"] for r in results]
        extra = [(r["members"], r["trellis"]["typeCheckOnlySeconds"] - r["hand-written"]["typeCheckOnlySeconds"]) for r in results]
        macro = [(r["members"], r["trellis"]["macroExpansionSeconds"]) for r in results]
        incremental = [(r["members"], r["trellis"]["incrementalSeconds"]["median"]) for r in results]
        out.append("")
        out.append("Growth with N (log-log slope between consecutive sizes; 1.0 is linear, 2.0 quadratic):\n")
        out.append("| between | " + " | ".join(f"{a:,}→{b:,}" for a, b in zip(sizes, sizes[1:])) + " |")
        out.append("| --- | " + " | ".join("---:" for _ in sizes[1:]) + " |")
        out.append("| Trellis incremental build | " + " | ".join(growth(incremental)) + " |")
        out.append("| Trellis typecheck minus hand-written typecheck | " + " | ".join(growth(extra)) + " |")
        out.append("| macro expansion requests | " + " | ".join(growth(macro)) + " |")
    out.append("")
    out.append("Macro expansion requests (compiler wall clock, median), Trellis module:\n")
    requests = list(results[0]["trellis"]["macroRequests"]) if results else []
    out.append("| N | " + " | ".join(f"`{r}`" for r in requests) + " |")
    out.append("| ---: | " + " | ".join("---:" for _ in requests) + " |")
    for r in results:
        out.append(f"| {r['members']:,} | " + " | ".join(f"{r['trellis']['macroRequests'][q]:.2f} s" for q in requests) + " |")
    return "\n".join(out)


def build_time_target(build):
    for r in build["results"]:
        if r["members"] == 250:
            worst = max(r["ratioIncremental"], r["ratioCompile"])
            verdict = "met" if worst <= 1.5 else "missed"
            return (f"- build time at most 1.5x hand-written at 250 members: **{verdict}** "
                    f"(incremental {r['ratioIncremental']:.2f}x, compile part {r['ratioCompile']:.2f}x, "
                    f"typecheck only {r['ratioTypeCheckOnly']:.2f}x)")
    return "- build time at most 1.5x hand-written at 250 members: not measured in this run"


def instructions_section(counts):
    """The instruction counts of instructions.py: deterministic, so comparable across runs."""
    out = [f"## Build work in instructions (debug, incremental; swift-syntax {counts['swiftSyntax'].split(' (')[0]})\n",
           f"Run {when(counts)}; {counts['swift']}; swift-syntax {counts['swiftSyntax']}. Instructions each compiler job "
           "of the incremental build executes (BuildTime/instructions.py): deterministic, so unlike the wall clock "
           "above they compare across runs and machines with the same compiler; they are work, not time.\n",
           "| N | job | hand-written | Trellis: compiler | Trellis: macro plug-in | Trellis / hand-written |",
           "| ---: | --- | ---: | ---: | ---: | ---: |"]
    for r in counts["results"]:
        for job in ("compile", "emit-module"):
            hand, trellis = r["hand-written"][job], r["trellis"][job]
            out.append(f"| {r['members']:,} | `{'-c' if job == 'compile' else '-emit-module'}` | "
                       f"{(hand['compiler'] + hand['plug-in']) / 1e6:,.0f} M | {trellis['compiler'] / 1e6:,.0f} M | "
                       f"{trellis['plug-in'] / 1e6:,.0f} M | **{r['ratio ' + job]:.2f}x** |")
        out.append(f"| {r['members']:,} | both | | | | **{r['ratio both jobs']:.2f}x** |")
    out.append("")
    return out


def scope_section(scope):
    """The scope table: creating and releasing a per-request scope, against the same scope by hand."""
    out = ["## Per-request scopes (release)\n",
           f"Run {when(scope)}, {scope['configuration']} build, {scope['runs']} runs of ~{scope['batchMilliseconds']:g} ms "
           f"batches per figure, contenders interleaved; load average at start {scope['loadAverageAtStart']}. "
           "One operation creates a request scope (2 runtime values, 2 members of the server, 2 members shared "
           "within the request) and releases it: `create` reads one shared member, `create+handler` also builds "
           "the transient handler. `trellis-scope` is created by an `@Assisted(.scope)` function (the request's "
           "values are `.argument` members), `trellis-parent-scope` likewise by a scope that reads the server's "
           "members from its parent (`@DIContainer(parent:)`), `trellis-listed-inputs` by `@Assisted(Type.self, with:)` "
           "listing the server's members (every value an `.input`). In `create` and `create+handler` the scope never "
           "leaves the loop, so the optimizer may keep a hand-written scope's object on the stack; `create, kept` "
           "passes the scope itself to an opaque function, as a server keeping it in the request's context does, and "
           "compares with the hand-written class (its reference, in the last column: a struct kept there holds no "
           "object of its own). Sources: `Sources/ScopeBenchmarks/`. Target: within 1.2x of the hand-written "
           "struct.\n",
           "| operation | contender | median (minimum) | ratio to hand-written struct (medians) |",
           "| --- | --- | --- | --- |"]
    for m in scope["measurements"]:
        out.append(f"| {m['operation']} | {m['contender']} | {nanoseconds(m['medianNanoseconds'])} "
                   f"({nanoseconds(m['minimumNanoseconds'])}) | **{m['ratioToHandWrittenStruct']:.2f}x** |")
    out.append("")
    return "\n".join(out)


CONCURRENT_LABELS = {
    "hand-written": "hand-written (holds the object; the read is used in place)",
    "hand-written-retained": "hand-written read that keeps a reference",
    "trellis-runtime": "`load` (the caller keeps a reference)",
    "trellis-async-load": "`await load` (an async context)",
    "trellis-withLoaded": "`withLoaded { }` (lent, used in place)",
    "swinject": "Swinject 2.10.0, `synchronize()`d resolver",
}


def concurrent_section(concurrent):
    """Many tasks loading from one runtime container against one task doing the same loads (issue 27)."""
    tasks = concurrent["tasks"]
    out = ["## Concurrent loads from one runtime container (release)\n",
           f"Run {when(concurrent)}, {concurrent['configuration']} build, {concurrent['cores']} cores, "
           f"{concurrent['runs']} runs of ~{concurrent['batchMilliseconds']:g} ms batches per figure, contenders "
           f"interleaved; load average at start {concurrent['loadAverageAtStart']}. Each batch performs the same "
           f"number of loads in one task or split over {tasks} tasks of one task group; a figure is the batch's "
           "time per load, so a path that writes no shared memory runs the split batch in about 1/cores of the "
           "time, and one that writes a cache line every core needs (a reference count) takes longer. "
           "Every load's result is used in place (its identity goes to an opaque sink). Sources: "
           "`Sources/ConcurrentLoadBenchmarks/`. Targets: a built singleton read by "
           f"{tasks} tasks within 1.5x of one task doing the same loads; one task's `load` within 1.5x of a "
           "hand-written read that keeps the object.\n",
           f"| operation | contender | one task, median (minimum) | {tasks} tasks, median (minimum) | "
           f"{tasks} tasks / one task | one task / hand-written |",
           "| --- | --- | --- | --- | --- | --- |"]
    rows = {}
    for m in concurrent["measurements"]:
        rows.setdefault((m["operation"], m["contender"]), {})["one" if m["taskCount"] == 1 else "many"] = m
    for (operation, contender), pair in rows.items():
        one, many = pair["one"], pair["many"]
        out.append(f"| {operation} | {CONCURRENT_LABELS.get(contender, contender)} | "
                   f"{nanoseconds(one['medianNanoseconds'])} ({nanoseconds(one['minimumNanoseconds'])}) | "
                   f"{nanoseconds(many['medianNanoseconds'])} ({nanoseconds(many['minimumNanoseconds'])}) | "
                   f"**{many['ratioToOneTask']:.2f}x** | {one['ratioToHandWritten']:.2f}x |")
    kept = rows.get(("singleton", "hand-written-retained"), {}).get("one")
    loaded = rows.get(("singleton", "trellis-runtime"), {}).get("one")
    if kept and loaded:
        out.append(f"\nOne task's `load` of a built singleton against the hand-written read that keeps a reference: "
                   f"**{loaded['medianNanoseconds'] / kept['medianNanoseconds']:.2f}x** (medians). The 8-task figure of "
                   "both is the value's reference count, written by every load; `withLoaded` lends the value "
                   "without writing it.")
    out.append("")
    return "\n".join(out)


def features_section(features):
    """Providers, lazy values, collections and async shared members against the same written by hand."""
    out = ["## Providers, lazy values, collections and async members (release)\n",
           f"Run {when(features)}, {features['configuration']} build, {features['runs']} runs of "
           f"~{features['batchMilliseconds']:g} ms batches per figure, contenders interleaved; load average at start "
           f"{features['loadAverageAtStart']}. Sources: `Sources/ProviderCollectionBenchmarks/`. The hand-written "
           "worker reaches itself through a weak reference set when its initializer ends, as a careful author "
           "avoids a retain cycle; Trellis's providers do the same through a `ContainerLink`. A built lazy value "
           "is compared with a stored reference (a hand-written lazy value that is safe across threads costs "
           "more); the hand-written collection is a computed array not inlined, as a builder is not. An async "
           "`.shared` member is compared with a task the hand-written initializer starts and each read awaits; "
           "each batch of async operations runs in one task the harness waits for.\n",
           "| operation | contender | median (minimum) | ratio to hand-written |",
           "| --- | --- | --- | --- |"]
    for m in features["measurements"]:
        out.append(f"| {m['operation']} | {m['contender']} | {nanoseconds(m['medianNanoseconds'])} "
                   f"({nanoseconds(m['minimumNanoseconds'])}) | {m['ratioToHandWritten']:.2f}x |")
    out.append("")
    return "\n".join(out)


def service_section(service):
    """The service example under load and its request container, against the same service wired by hand."""
    out = ["## The service example (release)\n",
           f"Run {when(service)}, {service['configuration']} build; load average at start {service['loadAverageAtStart']}. "
           "`Examples/Service` wired by Trellis against `HandWiredLibrary`, the same handlers, routes, middleware "
           "and SQLite database wired by hand, both servers in one process on loopback. Sources: "
           "`Sources/ServiceBenchmarks/`. Targets: the CPU time per request within 1.00x ± 0.02 of hand-wired, "
           "measured with noise below 2%; a request container within 1.2x.\n"]
    if service.get("cpu"):
        verdicts = []
        for m in service["cpu"]:
            q1, q3 = m["pairedRatioQuartiles"]
            noise = (q3 - q1) / 2
            if noise > 0.02:
                verdict = "not measured to 2%"
            else:
                verdict = "met" if abs(m["pairedRatioMedian"] - 1) <= 0.02 else "not met"
            verdicts.append(f"{m['route']}: **{verdict}** ({m['pairedRatioMedian']:.3f}x, noise ±{noise * 100:.1f}%)")
        out += ["- CPU per request within 1.00x ± 0.02 of hand-wired, with noise below 2%: " + "; ".join(verdicts) + "\n",
                f"CPU per request: the router answering in-process (HummingbirdTesting's `.router`: the middleware, "
                "the request's container, the handler, SQLite and the JSON encoding; no socket), one request at a time, "
                f"{service['cpuRounds']} rounds per route after a warm-up of two rounds' requests. A round runs eight batches of an eighth of "
                "the requests per contender, the contenders alternating which goes first, and keeps each one's "
                "fastest batch (other processes only ever add CPU time). A figure is the CPU time of the whole "
                "process (every thread: the caller's, NIO's, SQLite's) per request; CPU time leaves out the waits "
                "that make requests per second swing between rounds. The ratio is Trellis's figure over hand-wired's "
                "in the same round: the median over the rounds, and as its noise half the spread between the "
                "quartiles of those ratios.\n",
                "| route | requests per contender and round | hand-wired CPU per request (median) | trellis | paired ratio (median) "
                "| quartiles of the ratios | noise |",
                "| --- | ---: | ---: | ---: | ---: | --- | ---: |"]
        for m in service["cpu"]:
            q1, q3 = m["pairedRatioQuartiles"]
            medians = m["medianMicrosecondsPerRequest"]
            out.append(f"| {m['route']} | {m['requestsPerRound']:,} | {medians['hand-wired']:.2f} µs | "
                       f"{medians['trellis']:.2f} µs | **{m['pairedRatioMedian']:.3f}x** | {q1:.3f}-{q3:.3f} | "
                       f"±{(q3 - q1) / 2 * 100:.1f}% |")
        out.append("")
    if service.get("http"):
        out += [f"HTTP: wrk, 2 threads, {service['connections']} connections, {service['httpSeconds']} s per run, "
                f"{service['httpRounds']} rounds per route, contenders alternating which goes first; request logging "
                "at `warning` for both. The write route commits one SQLite transaction (synchronous = FULL) per request. "
                "The two servers differ only in how each request's container is created (about 2 µs of a request "
                "that takes hundreds), so a ratio away from 1.00x is the spread between rounds on two shared cores "
                "(wrk, both servers and SQLite's thread pool), not a difference of the code: these figures are for "
                "information, the CPU time per request above is the comparison.\n",
                "| route | contender | requests/s (median) | p50 | p99 | ratio to hand-wired (medians) |",
                "| --- | --- | --- | --- | --- | --- |"]
        for m in service["http"]:
            latency = m["medianLatencyMilliseconds"]
            out.append(f"| {m['route']} | {m['contender']} | {m['medianRequestsPerSecond']:,.0f} | "
                       f"{latency.get('50%', float('nan')):.2f} ms | {latency.get('99%', float('nan')):.2f} ms | "
                       f"**{m['ratioToHandWired']:.3f}x** |")
        out.append("")
    if service.get("scope"):
        out += [f"Request container: create one (request id, caller) and release it, reading its unit of work, "
                f"as the middleware does per request; {service['runs']} runs, contenders interleaved.\n",
                "| contender | median (minimum) | ratio to hand-wired (medians) |", "| --- | --- | --- |"]
        for m in service["scope"]:
            out.append(f"| {m['contender']} | {nanoseconds(m['medianNanoseconds'])} ({nanoseconds(m['minimumNanoseconds'])}) "
                       f"| **{m['ratioToHandWired']:.2f}x** |")
        out.append("")
    return "\n".join(out)


def markdown(runtime, build, loader=None, prebuilt=None, counts=None, scope=None, service=None, concurrent=None,
             features=None):
    out = ["# Trellis benchmark results", ""]
    out.append("Generated by `Benchmarks/run.sh` (see `Benchmarks/README.md` for the method). "
               "All figures of one table come from one run; never compare figures across runs. "
               "Analysis of the committed run: [analysis.md](analysis.md); where the macro-expansion "
               "time goes: [plugin-profile.md](plugin-profile.md); the build with the plug-in built three "
               "ways (as SwiftPM builds it offline, with prebuilt swift-syntax, in release): "
               "[plugin-variants.md](plugin-variants.md).\n")
    if runtime:
        host = runtime.get("host", {})
        out.append("## Runtime (release)\n")
        out.append(f"Run {when(runtime)}, {runtime['configuration']} build, {runtime['runs']} runs of ~{runtime['batchMilliseconds']:g} ms "
                   f"batches per figure, contenders interleaved; {host.get('processors', '?')} cores, load average at start "
                   f"{host.get('loadAverageAtStart', '?')}.\n")
        out.append("Targets:\n")
        out.append(runtime_targets(runtime))
        out.append("")
        out.append(runtime_tables(runtime))
    if concurrent:
        out.append(concurrent_section(concurrent))
    if features:
        out.append(features_section(features))
    if loader:
        out.append(loader_section(loader))
    if scope:
        out.append(scope_section(scope))
    if service:
        out.append(service_section(service))
    if build:
        out += build_time_section(build, "## Build time (debug, incremental; swift-syntax compiled from source)")
    if prebuilt:
        out += build_time_section(
            prebuilt, "## Build time with prebuilt swift-syntax (debug, incremental; SwiftPM's default when online)")
    for each in counts or []:
        out += instructions_section(each)
    return "\n".join(out)


def build_time_section(build, title):
    swift_syntax = build.get("swiftSyntax", "compiled from source in debug (SwiftPM's fallback when offline)")
    return [title + "\n",
            f"Run {when(build)}, {build['configuration']} configuration, median of {build['runs']} runs; "
            f"{build['host'].get('swift', '')}; swift-syntax {swift_syntax}; "
            f"load average at end {build['host'].get('loadAverageAtEnd', '?')}.\n",
            "Target:\n", build_time_target(build), "", build_time_tables(build), ""]


def compare(runtime, build, baseline):
    print("Change against results/baseline.json (median; + is slower):")
    if runtime and baseline.get("runtime"):
        old = runtime_index(baseline["runtime"])
        print(f"\nruntime (baseline {baseline['runtime']['date']})")
        print(f"{'N':>6}  {'operation':<15} {'contender':<20} {'baseline':>12} {'now':>12} {'change':>8}")
        for m in runtime["measurements"]:
            if m["status"] != "measured":
                continue
            before = old.get((m["members"], m["operation"], m["contender"]))
            if not before or before["status"] != "measured":
                print(f"{m['members']:>6}  {m['operation']:<15} {m['contender']:<20} {'new':>12} {nanoseconds(m['medianNanoseconds']):>12}")
                continue
            change = (m["medianNanoseconds"] / before["medianNanoseconds"] - 1) * 100
            print(f"{m['members']:>6}  {m['operation']:<15} {m['contender']:<20} {nanoseconds(before['medianNanoseconds']):>12} "
                  f"{nanoseconds(m['medianNanoseconds']):>12} {change:>+7.1f}%")
    if build and baseline.get("buildTime"):
        old = {r["members"]: r for r in baseline["buildTime"]["results"]}
        print(f"\nbuild time (baseline {baseline['buildTime']['date']})")
        print(f"{'N':>6}  {'measure':<34} {'baseline':>10} {'now':>10} {'change':>8}")
        for r in build["results"]:
            before = old.get(r["members"])
            if not before:
                continue
            for label, get in [
                ("Trellis incremental (s)", lambda x: x["trellis"]["incrementalSeconds"]["median"]),
                ("hand-written incremental (s)", lambda x: x["hand-written"]["incrementalSeconds"]["median"]),
                ("ratio Trellis / hand-written", lambda x: x["ratioIncremental"]),
                ("Trellis macro expansion (s)", lambda x: x["trellis"]["macroExpansionSeconds"]),
            ]:
                a, b = get(before), get(r)
                print(f"{r['members']:>6}  {label:<34} {a:>10.2f} {b:>10.2f} {(b / a - 1) * 100 if a else 0:>+7.1f}%")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["markdown", "compare", "baseline"])
    parser.add_argument("--runtime")
    parser.add_argument("--build-time")
    parser.add_argument("--build-time-prebuilt", help="build-time results measured with prebuilt swift-syntax")
    parser.add_argument("--loader")
    parser.add_argument("--scope", help="results of ScopeBenchmarks")
    parser.add_argument("--service", help="results of ServiceBenchmarks")
    parser.add_argument("--concurrent", help="results of ConcurrentLoadBenchmarks")
    parser.add_argument("--features", help="results of ProviderCollectionBenchmarks")
    parser.add_argument("--build-instructions", nargs="*", default=[],
                        help="instruction counts of BuildTime/instructions.py (one file per swift-syntax build)")
    parser.add_argument("--baseline")
    parser.add_argument("--output")
    arguments = parser.parse_args()
    runtime, build = load(arguments.runtime), load(arguments.build_time)
    if arguments.action == "markdown":
        with open(arguments.output, "w") as output:
            output.write(markdown(runtime, build, load(arguments.loader), load(arguments.build_time_prebuilt),
                                  [load(path) for path in arguments.build_instructions], load(arguments.scope),
                                  load(arguments.service), load(arguments.concurrent), load(arguments.features)))
        print(f"wrote {arguments.output}")
    elif arguments.action == "baseline":
        with open(arguments.output, "w") as output:
            json.dump({"runtime": runtime, "buildTime": build}, output, indent=2, sort_keys=True)
            output.write("\n")
        print(f"wrote {arguments.output}")
    else:
        baseline = load(arguments.baseline)
        if baseline is None:
            raise SystemExit(f"no baseline at {arguments.baseline}")
        compare(runtime, build, baseline)


if __name__ == "__main__":
    main()
