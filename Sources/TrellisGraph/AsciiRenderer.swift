/// Writes a ``ProgramGraph`` as a plain-ASCII tree, for terminals and logs. Pure and deterministic.
public enum AsciiRenderer {
    /// Each container with its members (type, traits, members read, containers built), then the
    /// container edges.
    public static func render(_ graph: ProgramGraph) -> String {
        var lines: [String] = []
        for container in graph.containers {
            lines.append(container.file.isEmpty ? container.title : "\(container.title)  [\(container.file)]")
            if container.members.isEmpty { lines.append("`-- (no members)") }
            for (index, member) in container.members.enumerated() {
                let isLast = index == container.members.count - 1
                lines.append(
                    "\(isLast ? "`-- " : "|-- ")\(member.name): \(member.type)  [\(member.traits.joined(separator: ", "))]")
                let continuation = isLast ? "      " : "|     "
                if !member.reads.isEmpty { lines.append("\(continuation)reads: \(member.readLabels.joined(separator: ", "))") }
                if !member.builds.isEmpty { lines.append("\(continuation)builds: \(member.builds.joined(separator: ", "))") }
            }
            if !container.startOrder.isEmpty {
                lines.append("start order: \(container.startOrder.joined(separator: " -> "))  (stop: reverse)")
            }
            lines.append("")
        }
        lines.append("Container edges:")
        if graph.containerEdges.isEmpty { lines.append("  (none)") }
        for edge in graph.containerEdges {
            switch edge.kind {
            case .builds: lines.append("  \(edge.from) --\(edge.member)--> \(edge.to)")
            case .owns: lines.append("  \(edge.from) ==owns \(edge.member)==> \(edge.to)")
            case .createsScope: lines.append("  \(edge.from) ..scope \(edge.member)..> \(edge.to)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
