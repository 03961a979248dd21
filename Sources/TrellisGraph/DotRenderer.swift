/// Writes a ``ProgramGraph`` as a Graphviz digraph. Pure and deterministic.
public enum DotRenderer {
    /// The digraph text: one cluster per container holding a node for the container itself and one
    /// per member; member edges, then bold container edges labelled with the member that builds.
    public static func render(_ graph: ProgramGraph) -> String {
        var lines = [
            "digraph Trellis {",
            "    rankdir=LR;",
            "    node [shape=box, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\"];",
        ]
        for container in graph.containers {
            lines.append("    subgraph \(quote("cluster_" + container.id)) {")
            lines.append("        label=\(quote(container.title));")
            let periphery = container.isRoot ? ", peripheries=2" : ""
            lines.append(
                "        \(quote(containerNode(container.id))) [label=\(quote(container.name)), shape=tab, style=bold\(periphery)];"
            )
            for member in container.members {
                let label = "\(member.name): \(member.type)\n\(member.traits.joined(separator: ", "))"
                let style = member.scope.isSupplied ? ", style=dashed" : ""
                lines.append("        \(quote(memberNode(container.id, member.name))) [label=\(quote(label))\(style)];")
            }
            lines.append("    }")
        }
        for edge in graph.memberEdges {
            // A provider or lazy read happens after construction: dashed, and labelled.
            let style = edge.access == .value ? "" : " [label=\(quote(edge.access.rawValue)), style=dashed]"
            lines.append(
                "    \(quote(memberNode(edge.container, edge.from))) -> \(quote(memberNode(edge.container, edge.to)))\(style);")
        }
        for read in graph.parentReads {
            // A read of the parent's member, across the two clusters.
            lines.append(
                "    \(quote(memberNode(read.container, read.from))) -> \(quote(memberNode(read.parent, read.to))) [label=\"parent\", style=dotted];"
            )
        }
        for edge in graph.containerEdges {
            switch edge.kind {
            case .builds:
                lines.append(
                    "    \(quote(containerNode(edge.from))) -> \(quote(containerNode(edge.to))) [label=\(quote(edge.member)), style=bold];"
                )
            case .owns:
                lines.append(
                    "    \(quote(containerNode(edge.from))) -> \(quote(containerNode(edge.to))) [label=\(quote("owns \(edge.member)")), style=bold, arrowtail=diamond, dir=both];"
                )
            case .createsScope:
                lines.append(
                    "    \(quote(containerNode(edge.from))) -> \(quote(containerNode(edge.to))) [label=\(quote("scope \(edge.member)")), style=dashed];"
                )
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func containerNode(_ id: String) -> String { id }

    static func memberNode(_ container: String, _ member: String) -> String { "\(container).\(member)" }

    /// A DOT quoted string; a newline becomes DOT's `\n` line break.
    static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
