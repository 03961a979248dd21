internal import TrellisAlgorithms

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
                    let suggestions = NearMisses.similar(to: dependency.rawValue, among: nodes.map(\.id.rawValue))
                    throw .unknownDependency(
                        dependency, requiredBy: node.id, suggestions: suggestions.map { DependencyId(rawValue: $0) })
                }
                indices.append(index)
            }
            dependencies.append(indices)
        }
        // The algorithms the model runs on containers' members (TrellisAlgorithms), run on the nodes.
        if let cycle = NumberedGraph.cycles(dependencies: dependencies).first {
            throw .cycle(cycle.map { nodes[$0].id })
        }
        var dependents = Array(repeating: [Int](), count: nodes.count)
        for (index, indices) in dependencies.enumerated() {
            for dependency in indices { dependents[dependency].append(index) }
        }
        guard let order = NumberedGraph.topologicalOrder(dependencies: dependencies) else {
            preconditionFailure("an acyclic graph of known nodes has a topological order")
        }
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
