/// Writes a ``ProgramGraph`` as a plain-ASCII tree, for terminals and logs. Pure and deterministic.
public enum AsciiRenderer {
    /// Each container with its members (type, traits, members read, containers built), then the
    /// container edges.
    public static func render(_ graph: ProgramGraph) -> String {
        var lines: [String] = []
        // The reads received as a provider or lazy value, by container, reader and member read.
        var deferred: [String: DependencyAccess] = [:]
        for edge in graph.memberEdges where edge.access != .value {
            deferred["\(edge.container)\u{0}\(edge.from)\u{0}\(edge.to)"] = edge.access
        }
        for container in graph.containers {
            lines.append(container.file.isEmpty ? container.title : "\(container.title)  [\(container.file)]")
            if let parent = container.parent { lines.append("parent: \(parent)") }
            if container.members.isEmpty { lines.append("`-- (no members)") }
            for (index, member) in container.members.enumerated() {
                let isLast = index == container.members.count - 1
                lines.append(
                    "\(isLast ? "`-- " : "|-- ")\(member.name): \(member.type)  [\(member.traits.joined(separator: ", "))]")
                let continuation = isLast ? "      " : "|     "
                if !member.reads.isEmpty {
                    lines.append(
                        "\(continuation)reads: \(readLabels(of: member, in: container.id, edges: deferred).joined(separator: ", "))"
                    )
                }
                let fromParent = graph.parentReads(of: member.name, in: container.id)
                if let parent = container.parent, !fromParent.isEmpty {
                    lines.append("\(continuation)reads from \(parent): \(fromParent.joined(separator: ", "))")
                }
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

    /// `reads` as the tree lists them: one received as a provider or lazy value is followed by that
    /// word (`handler (provider)`).
    static func readLabels(
        of member: ProgramGraph.MemberNode, in container: String, edges: [String: DependencyAccess]
    ) -> [String] {
        member.reads.map { name in
            edges["\(container)\u{0}\(member.name)\u{0}\(name)"].map { "\(name) (\($0.rawValue))" } ?? name
        }
    }
}
