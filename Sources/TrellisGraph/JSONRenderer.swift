/// Writes a ``ProgramGraph`` as the versioned JSON document described in `Docs/GraphJSON.md`.
/// Written by hand (this target imports nothing): keys in a fixed order, two-space indentation.
public enum JSONRenderer {
    /// The format version; it changes only when a key is removed or changes meaning.
    public static let version = 1

    /// The JSON document, ending with a newline.
    public static func render(_ graph: ProgramGraph) -> String {
        let containers = graph.containers.map { container in
            object([
                ("id", string(container.id)),
                ("name", string(container.name)),
                ("file", string(container.file)),
                ("root", container.isRoot ? "true" : "false"),
                ("validateDAG", container.validatesDAG ? "true" : "false"),
                ("members", array(container.members.map(member))),
            ])
        }
        let memberEdges = graph.memberEdges.map { edge in
            object([("container", string(edge.container)), ("from", string(edge.from)), ("to", string(edge.to))])
        }
        let containerEdges = graph.containerEdges.map { edge in
            object([("from", string(edge.from)), ("to", string(edge.to)), ("member", string(edge.member))])
        }
        let document = object([
            ("version", String(version)),
            ("containers", array(containers)),
            ("memberEdges", array(memberEdges)),
            ("containerEdges", array(containerEdges)),
        ])
        return document + "\n"
    }

    static func member(_ member: ProgramGraph.MemberNode) -> String {
        object([
            ("name", string(member.name)),
            ("type", string(member.type)),
            ("scope", string(member.scope.rawValue)),
            ("async", member.isAsync ? "true" : "false"),
            ("throws", member.isThrowing ? "true" : "false"),
            ("reads", array(member.reads.map(string), inline: true)),
            ("builds", array(member.builds.map(string), inline: true)),
        ])
    }

    /// An object whose values are already-written JSON, nested values indented one level deeper.
    static func object(_ pairs: [(key: String, value: String)]) -> String {
        guard !pairs.isEmpty else { return "{}" }
        let body = pairs.map { "  \(string($0.key)): \(indented($0.value))" }.joined(separator: ",\n")
        return "{\n\(body)\n}"
    }

    static func array(_ elements: [String], inline: Bool = false) -> String {
        guard !elements.isEmpty else { return "[]" }
        if inline { return "[" + elements.joined(separator: ", ") + "]" }
        return "[\n" + elements.map { "  " + indented($0) }.joined(separator: ",\n") + "\n]"
    }

    private static func indented(_ value: String) -> String {
        value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259).
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
