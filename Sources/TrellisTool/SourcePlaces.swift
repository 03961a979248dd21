import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Where each anchor of a scanned file is, kept from the scan so that problems found later (by the
/// whole-program rules) are placed without parsing the file again: the offset of every anchor's
/// syntax, and where each line starts.
struct SourcePlaces {
    /// The UTF-8 offset of each file-level anchor's syntax.
    private var fileAnchors: [Anchor: Int] = [:]
    /// The offsets of each container's anchors, and of the container itself (where an anchor the
    /// extraction does not know is placed), by the container's qualified name.
    private var containers: [String: (anchors: [Anchor: Int], declaration: Int)] = [:]
    /// The UTF-8 offset at which each line starts.
    private var lineStarts: [Int] = [0]
    /// Where the file's first token starts: the place of an anchor the scan did not see.
    private var fileStart = 0

    /// The places of `scan`'s anchors in `tree`, whose text is `source`.
    init(_ scan: SourceFileScan, tree: SourceFileSyntax, source: some Collection<UInt8>) {
        fileStart = Self.offset(Syntax(tree))
        fileAnchors = scan.anchors.mapValues(Self.offset)
        for container in scan.containers {
            let extraction = container.extraction
            let declaration = extraction.node(for: .container(extraction.container.name)).map(Self.offset) ?? fileStart
            containers[container.qualifiedName] = (extraction.anchors.mapValues(Self.offset), declaration)
        }
        // Line breaks as swift-syntax counts them: "\n", "\r\n" and a lone "\r".
        var previous: UInt8 = 0
        for (offset, byte) in source.enumerated() {
            if byte == 0x0A {
                if previous == 0x0D { lineStarts[lineStarts.count - 1] = offset + 1 } else { lineStarts.append(offset + 1) }
            } else if byte == 0x0D {
                lineStarts.append(offset + 1)
            }
            previous = byte
        }
    }

    /// Line and column (both from 1, the column in UTF-8 bytes as compilers print it) of `issue`'s
    /// anchor; the start of the file when the scan did not see it.
    func place(of issue: LocatedIssue) -> (line: Int, column: Int) {
        let offset: Int
        if let name = issue.container, let container = containers[name] {
            offset = container.anchors[issue.issue.anchor] ?? container.declaration
        } else {
            offset = fileAnchors[issue.issue.anchor] ?? fileStart
        }
        // The last line starting at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    private static func offset(_ node: Syntax) -> Int { node.positionAfterSkippingLeadingTrivia.utf8Offset }
}
