/// A validated dependency graph, with what the executor needs precomputed.
///
/// Nodes are referred to by their index in declaration order; every ordering choice breaks ties by
/// that index, so validation errors, serial execution order and reports are deterministic.
struct LoadPlan: Sendable {
    let nodes: [DependencyNode]
    /// The direct dependencies of each node, in declared order.
    let dependencies: [[Int]]
    /// The nodes that depend directly on each node, ascending.
    let dependents: [[Int]]
    /// The node indices in a topological order (dependencies first, ties by declaration order).
    let topologicalOrder: [Int]
    /// The direct and transitive dependencies of each node, in topological order.
    let transitiveDependencies: [[Int]]

    /// Validates `nodes`: duplicate ids, then unknown dependencies, then cycles, each reported in
    /// declaration order.
    init(nodes: [DependencyNode]) throws(LoaderError) {
        var indexById: [DependencyId: Int] = [:]
        for (index, node) in nodes.enumerated() {
            guard indexById[node.id] == nil else { throw .duplicateId(node.id) }
            indexById[node.id] = index
        }
        var dependencies: [[Int]] = []
        for node in nodes {
            var indices: [Int] = []
            for dependency in node.dependencies {
                guard let index = indexById[dependency] else {
                    let suggestions = SimilarNames.similar(to: dependency.rawValue, among: nodes.map(\.id.rawValue))
                    throw .unknownDependency(
                        dependency, requiredBy: node.id, suggestions: suggestions.map { DependencyId(rawValue: $0) })
                }
                indices.append(index)
            }
            dependencies.append(indices)
        }
        if let cycle = GraphCycles.firstCycle(dependencies: dependencies) {
            throw .cycle(cycle.map { nodes[$0].id })
        }
        var dependents = Array(repeating: [Int](), count: nodes.count)
        for (index, indices) in dependencies.enumerated() {
            for dependency in indices { dependents[dependency].append(index) }
        }
        let order = GraphCycles.topologicalOrder(dependencies: dependencies, dependents: dependents)
        var position = Array(repeating: 0, count: nodes.count)
        for (rank, index) in order.enumerated() { position[index] = rank }
        var transitive = Array(repeating: [Int](), count: nodes.count)
        for index in order {
            var closure = Set<Int>()
            for dependency in dependencies[index] {
                closure.insert(dependency)
                closure.formUnion(transitive[dependency])
            }
            transitive[index] = closure.sorted { position[$0] < position[$1] }
        }
        self.nodes = nodes
        self.dependencies = dependencies
        self.dependents = dependents
        self.topologicalOrder = order
        self.transitiveDependencies = transitive
    }
}

/// Small graph algorithms over nodes numbered `0..<count`, where `dependencies[i]` lists the
/// nodes `i` depends on.
enum GraphCycles {
    /// The first cycle found by a depth-first search in declaration order, rotated to start at
    /// its earliest-declared node, with that node repeated at the end: `[0, 2, 1, 0]`.
    ///
    /// Iterative, so that a long chain cannot overflow the stack.
    static func firstCycle(dependencies: [[Int]]) -> [Int]? {
        enum Mark { case unvisited, onPath, finished }
        var marks = Array(repeating: Mark.unvisited, count: dependencies.count)
        for root in dependencies.indices where marks[root] == .unvisited {
            var path: [(node: Int, nextEdge: Int)] = [(root, 0)]
            marks[root] = .onPath
            while let top = path.last {
                guard top.nextEdge < dependencies[top.node].count else {
                    marks[top.node] = .finished
                    path.removeLast()
                    continue
                }
                let next = dependencies[top.node][top.nextEdge]
                path[path.count - 1].nextEdge += 1
                switch marks[next] {
                case .onPath:
                    let loop = path.map(\.node).drop { $0 != next }
                    let start = loop.firstIndex(of: loop.min()!)!
                    let rotated = Array(loop[start...] + loop[..<start])
                    return rotated + [rotated[0]]
                case .unvisited:
                    marks[next] = .onPath
                    path.append((next, 0))
                case .finished:
                    continue
                }
            }
        }
        return nil
    }

    /// Kahn's algorithm, always taking the lowest-numbered ready node. The graph must be acyclic.
    static func topologicalOrder(dependencies: [[Int]], dependents: [[Int]]) -> [Int] {
        var remaining = dependencies.map(\.count)
        var ready = remaining.indices.filter { remaining[$0] == 0 }
        var order: [Int] = []
        order.reserveCapacity(dependencies.count)
        while !ready.isEmpty {
            let index = ready.removeFirst()
            order.append(index)
            for dependent in dependents[index] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 {
                    ready.insert(dependent, at: ready.firstIndex { $0 > dependent } ?? ready.endIndex)
                }
            }
        }
        return order
    }
}
