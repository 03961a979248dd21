#!/usr/bin/env python3
"""Checks that the modules Trellis's macro and plugins use are not also used by an app's code.

SwiftPM (6.2 and later) builds a macro against the prebuilt, release-built swift-syntax it downloads
by default only when every module the macro (or a plugin's tool) reaches is built for the host
alone. A module that the runtime an app links also reaches is built for the app too, so SwiftPM
gives up on the prebuilt for the whole graph: every user then compiles swift-syntax from source in
debug (a minute or more on a first build, and a plug-in several times slower), and a package whose
targets reach Trellis outside any product fails to build ("no such module"). The runtime and the
plug-in therefore share code only as files (TrellisHostSupport and TrellisHostAlgorithms are
symbolic links to TrellisSupport's and TrellisAlgorithms' files), never as modules.

Reads `swift package dump-package`; exits 1, naming each shared module, when a library product
that is not itself part of the tooling reaches a module that a macro or plugin reaches.
Usage: Scripts/check-host-modules.py [package folder, default: the repository]
"""

import json
import os
import subprocess
import sys


def local_dependencies(target, names):
    """The package's own targets `target` depends on (external products are left out)."""
    found = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in names:
                found.append(dependency[kind][0])
    return found


def closure(starts, targets, stop=lambda name: False):
    seen = set()
    pending = list(starts)
    while pending:
        name = pending.pop()
        if name in seen or stop(name):
            continue
        seen.add(name)
        pending += local_dependencies(targets[name], targets)
    return seen


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    manifest = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=folder, check=True, capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in manifest["targets"]}
    host_roots = [name for name, target in targets.items() if target["type"] in ("macro", "plugin")]
    host = closure(host_roots, targets) - set(host_roots)
    problems = []
    for product in manifest["products"]:
        if "library" not in product["type"] or set(product["targets"]) & host:
            continue  # an executable or plugin, or a library of the tooling itself (TrellisGraph)
        # The app's side stops at macros: SwiftPM builds those (and what they use) for the host.
        app = closure(product["targets"], targets, stop=lambda name: targets[name]["type"] == "macro")
        for shared in sorted(app & host):
            problems.append(f"product '{product['name']}' reaches '{shared}', which a macro or plugin also uses")
    for problem in problems:
        print(f"error: {problem}; give the tooling its own module (see {os.path.basename(__file__)})", file=sys.stderr)
    if problems:
        return 1
    print(f"host modules: none of {len(host)} is used by the app-facing products")
    return 0


if __name__ == "__main__":
    sys.exit(main())
