#!/usr/bin/env python3
"""Generates a source tree for the `trellis` tool benchmark.

usage: generate.py OUTPUT_FOLDER FILE_COUNT

Half the files declare one @DIContainer of 20 members (input, shared, transient, async, AutoWiring,
closure and container-closure factories); the other half hold the protocols and services those
members use plus an extension of a container, so both kinds of file are parsed and scanned. At
2,000 files that is 1,000 containers and 20,000 members. Container k builds container k+1, so the
container graph is a long chain with no cycle, and `trellis validate` finds nothing.
Deterministic: the same arguments always write the same files.
"""
import os
import sys

MEMBERS_PER_CONTAINER = 20
FILES_PER_FOLDER = 100


def container_file(index, container_count):
    name = f"Container{index:05d}"
    lines = ["import Trellis", "", f"@DIContainer(root: {'true' if index == 0 else 'false'})",
             f"struct {name} {{"]
    for m in range(MEMBERS_PER_CONTAINER):
        member = f"member{m:02d}"
        service = f"Service{index:05d}x{m:02d}"
        previous = f"member{m - 1:02d}"
        kind = m % 5
        if m == 0:
            lines += ["    @Provide(.input)", f"    var {member}: String"]
        elif m == MEMBERS_PER_CONTAINER - 1 and index + 1 < container_count:
            child = f"Container{index + 1:05d}"
            lines += [f"    @Provide(.transient, factory: {{ (member00: String) in {child}(member00: member00) }}, concrete: true)",
                      f"    var {member}: {child}"]
        elif m == MEMBERS_PER_CONTAINER - 2:
            lines += [f"    @Provide(.shared, asyncFactory: {{ (c: Self) async in {service}(dependency: c.{previous}) }})",
                      f"    var {member}: any {service}Protocol"]
        elif kind == 1:
            lines += [f"    @Provide(.shared, {service}.self, with: [\\Self.{previous}])",
                      f"    var {member}: any {service}Protocol"]
        elif kind == 2:
            lines += [f"    @Provide(.shared, factory: {{ ({previous}: any Service{index:05d}x{m - 1:02d}Protocol) in {service}(dependency: {previous}) }})",
                      f"    var {member}: any {service}Protocol"]
        elif kind == 3:
            lines += [f"    @Provide(.transient, factory: {{ (c: Self) in {service}(dependency: c.{previous}) }})",
                      f"    var {member}: any {service}Protocol"]
        else:
            lines += [f"    @Provide(.shared, factory: {service}())",
                      f"    var {member}: any {service}Protocol"]
        lines.append("")
    lines[-1] = "}"
    return "\n".join(lines) + "\n"


def support_file(index):
    container = f"Container{index:05d}"
    lines = ["import Foundation", ""]
    for m in range(MEMBERS_PER_CONTAINER):
        service = f"Service{index:05d}x{m:02d}"
        lines += [
            f"protocol {service}Protocol: Sendable {{",
            "    func perform(_ input: Int) -> Int",
            "}",
            "",
            f"final class {service}: {service}Protocol {{",
            "    private let offset: Int",
            "    init(dependency: Any? = nil) { self.offset = " + str(m) + " }",
            "    func perform(_ input: Int) -> Int {",
            "        let values = (0..<input).map { $0 * offset }",
            "        return values.reduce(0, +)",
            "    }",
            "}",
            "",
        ]
    lines += [f"extension {container} {{", "    var summary: String { \"" + container + "\" }", "}"]
    return "\n".join(lines) + "\n"


def main():
    output, file_count = sys.argv[1], int(sys.argv[2])
    container_count = file_count // 2
    for file_index in range(file_count):
        folder = os.path.join(output, "Sources", f"Module{file_index // FILES_PER_FOLDER:03d}")
        os.makedirs(folder, exist_ok=True)
        container_index = file_index // 2
        if file_index % 2 == 0:
            path, text = f"{folder}/Container{container_index:05d}.swift", container_file(container_index, container_count)
        else:
            path, text = f"{folder}/Support{container_index:05d}.swift", support_file(container_index)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
