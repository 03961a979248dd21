/// Writes a ``ProgramGraph`` as a Mermaid flowchart. Pure and deterministic.
public enum MermaidRenderer {
    /// The flowchart text: one subgraph per container holding its members, then member edges, then
    /// container edges labelled with the member that builds the container.
    public static func render(_ graph: ProgramGraph) -> String {
        var lines = ["graph TD"]
        for container in graph.containers {
            let containerID = identifier(container.id)
            lines.append("    subgraph \(containerID)[\"\(escape(container.title))\"]")
            for member in container.members {
                let label = "\(member.name): \(member.type)<br/>\(member.traits.joined(separator: ", "))"
                lines.append("        \(memberIdentifier(container.id, member.name))[\"\(escape(label))\"]")
            }
            lines.append("    end")
        }
        for edge in graph.memberEdges {
            let arrow = edge.access == .value ? "-->" : "-.->|\(edge.access.rawValue)|"
            lines.append(
                "    \(memberIdentifier(edge.container, edge.from)) \(arrow) \(memberIdentifier(edge.container, edge.to))")
        }
        for read in graph.parentReads {
            lines.append(
                "    \(memberIdentifier(read.container, read.from)) -.->|parent| \(memberIdentifier(read.parent, read.to))")
        }
        for edge in graph.containerEdges {
            switch edge.kind {
            case .builds: lines.append("    \(identifier(edge.from)) -->|\(escape(edge.member))| \(identifier(edge.to))")
            case .owns: lines.append("    \(identifier(edge.from)) ==>|owns \(escape(edge.member))| \(identifier(edge.to))")
            case .createsScope:
                lines.append("    \(identifier(edge.from)) -.->|scope \(escape(edge.member))| \(identifier(edge.to))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid identifiers are letters, digits and underscores; everything else becomes `_`.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    static func memberIdentifier(_ container: String, _ member: String) -> String {
        "\(identifier(container))__\(identifier(member))"
    }

    /// Label text inside `"..."`: Mermaid's entity codes for the characters it would read as syntax,
    /// keeping the `<br/>` line breaks this renderer writes itself.
    static func escape(_ text: String) -> String {
        var result = ""
        var remaining = Substring(text)
        while let character = remaining.first {
            if remaining.hasPrefix("<br/>") {
                result += "<br/>"
                remaining = remaining.dropFirst(5)
                continue
            }
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "|": result += "#124;"
            default: result.append(character)
            }
            remaining = remaining.dropFirst()
        }
        return result
    }
}
