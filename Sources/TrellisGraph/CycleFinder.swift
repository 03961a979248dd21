internal import TrellisHostAlgorithms

/// Finds dependency cycles: among a container's members, across containers, and among the nodes
/// of the runtime's graph loaders (which number their nodes).
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

    /// Cycles in any graph given as ordered nodes and their outgoing edges (also used across
    /// containers). Edges to names that are not nodes are ignored.
    public static func cycles(nodes: [String], edges: [String: [String]], order: [String: Int]) -> [[String]] {
        var index: [String: Int] = [:]
        for (position, node) in nodes.enumerated() where index[node] == nil { index[node] = position }
        let dependencies = nodes.map { node in (edges[node] ?? []).compactMap { index[$0] } }
        // Rotation and ordering follow `order`, which may differ from the order of `nodes`.
        let rank = nodes.map { order[$0] ?? 0 }
        return cycles(dependencies: dependencies, rank: rank).map { $0.map { nodes[$0] } }
    }

    /// The cycles of a graph whose nodes are `0..<dependencies.count`, `dependencies[i]` listing
    /// what node `i` depends on: each elementary cycle the depth-first search (in node order) meets,
    /// once, as a closed path starting at its node of lowest `rank` (by default the node's number),
    /// ordered by that node and then by length. Iterative, so that a long chain cannot overflow the
    /// stack.
    public static func cycles(dependencies: [[Int]], rank: [Int]? = nil) -> [[Int]] {
        NumberedGraph.cycles(dependencies: dependencies, rank: rank)
    }
}

/// Orders the nodes of an acyclic graph so that each comes after what it depends on.
public enum TopologicalOrder {
    /// Kahn's algorithm over nodes `0..<dependencies.count` (`dependencies[i]`: the nodes `i`
    /// depends on; repeats count once), always taking the ready node numbered lowest, so that ties
    /// keep the nodes' order: O((nodes + edges) log nodes). `nil` when the graph has a cycle or an
    /// edge to a node that does not exist.
    public static func order(dependencies: [[Int]]) -> [Int]? {
        NumberedGraph.topologicalOrder(dependencies: dependencies)
    }
}
