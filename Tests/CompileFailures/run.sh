#!/usr/bin/env bash
# Compiles each broken program here against the built Trellis module and macro plug-in and compares
# everything the compiler prints (what a user sees) with the program's .expected file, whole. A
# program whose first line is `// Compiles, with warnings.` must compile instead (its .expected file
# holds the warnings); one whose second line is `// Swift 5 language mode.` is compiled in it, as a
# package declaring swift-tools-version 5.x is. Run after `swift build --build-tests` (or
# `swift test`). UPDATE=1 rewrites the expected files.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
atomics=.build/checkouts/swift-atomics/Sources/_AtomicsShims/include
status=0
for source in Tests/CompileFailures/*.swift; do
    expected="${source%.swift}.expected"
    mustCompile=0
    if [ "$(head -n 1 "$source")" = "// Compiles, with warnings." ]; then mustCompile=1; fi
    mode=6
    if [ "$(sed -n 2p "$source")" = "// Swift 5 language mode." ]; then mode=5; fi
    if output=$(swiftc -typecheck -swift-version "$mode" -I "$bin/Modules" -Xcc -fmodule-map-file="$atomics/module.modulemap" \
        -load-plugin-executable "$bin/TrellisMacros-tool#TrellisMacros" "$source" 2>&1); then
        compiled=1
    else
        compiled=0
    fi
    # Notes that point into Trellis's own sources name them from the repository's root, wherever it is.
    output=${output//"$PWD/"/}
    if [ "$compiled" != "$mustCompile" ]; then
        if [ "$mustCompile" = "1" ]; then echo "FAIL $source: did not compile, but it must"; else echo "FAIL $source: compiled, but it must not"; fi
        printf '%s\n' "$output"
        status=1
        continue
    fi
    if [ "${UPDATE:-0}" = "1" ]; then
        printf '%s\n' "$output" > "$expected"
        echo "updated $expected"
    elif diff -u "$expected" <(printf '%s\n' "$output"); then
        echo "ok   $source"
    else
        echo "FAIL $source: the compiler's output differs from $expected"
        status=1
    fi
done
exit $status
