/// Finds dependency cycles among a container's members.
public enum CycleFinder {
    /// Each elementary cycle reachable by depth-first search, reported once, as a closed path
    /// (`["a", "b", "a"]`) starting at its member declared first. Ordered by that member.
    public static func cycles(in container: Container) -> [[String]] {
        let order = Dictionary(container.members.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let edges = Dictionary(
            container.members.map { member in (member.name, member.constructionDependencyNames.filter { order[$0] != nil }) },
            uniquingKeysWith: { first, _ in first })
        return cycles(nodes: container.members.map(\.name), edges: edges, order: order)
    }

    /// Cycles in any graph given as ordered nodes and their outgoing edges (also used across containers).
    public static func cycles(nodes: [String], edges: [String: [String]], order: [String: Int]) -> [[String]] {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var stack: [String] = []
        var found: [[String]] = []
        var seen = Set<[String]>()

        func visit(_ node: String) {
            marks[node] = .visiting
            stack.append(node)
            for next in edges[node] ?? [] {
                switch marks[next] {
                case .visiting:
                    guard let start = stack.lastIndex(of: next) else { continue }
                    let cycle = canonical(Array(stack[start...]), order: order)
                    if seen.insert(cycle).inserted { found.append(cycle + [cycle[0]]) }
                case .done:
                    continue
                case nil:
                    visit(next)
                }
            }
            stack.removeLast()
            marks[node] = .done
        }

        for node in nodes where marks[node] == nil { visit(node) }
        return found.sorted { (order[$0[0]] ?? 0, $0.count) < (order[$1[0]] ?? 0, $1.count) }
    }

    /// Rotates a cycle so it starts at its earliest-declared node.
    private static func canonical(_ cycle: [String], order: [String: Int]) -> [String] {
        guard let first = cycle.indices.min(by: { (order[cycle[$0]] ?? 0) < (order[cycle[$1]] ?? 0) }) else { return cycle }
        return Array(cycle[first...] + cycle[..<first])
    }
}
