/// Algorithms over a graph whose nodes are numbered `0..<dependencies.count`, `dependencies[i]`
/// listing what node `i` depends on: the runtime's graph loaders use them on their nodes, and
/// TrellisGraph's `CycleFinder` and `TopologicalOrder` on containers' members.
package enum NumberedGraph {
    /// The cycles of the graph: each elementary cycle the depth-first search (in node order) meets,
    /// once, as a closed path starting at its node of lowest `rank` (by default the node's number),
    /// ordered by that node and then by length. Iterative, so that a long chain cannot overflow the
    /// stack.
    package static func cycles(dependencies: [[Int]], rank: [Int]? = nil) -> [[Int]] {
        let rank = rank ?? Array(dependencies.indices)
        enum Mark { case unvisited, onPath, finished }
        var marks = Array(repeating: Mark.unvisited, count: dependencies.count)
        var found: [[Int]] = []
        var seen = Set<[Int]>()
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
                    let loop = Array(path.map(\.node).drop { $0 != next })
                    guard let start = loop.indices.min(by: { rank[loop[$0]] < rank[loop[$1]] }) else { continue }
                    let cycle = Array(loop[start...] + loop[..<start])
                    if seen.insert(cycle).inserted { found.append(cycle + [cycle[0]]) }
                case .unvisited:
                    marks[next] = .onPath
                    path.append((next, 0))
                case .finished:
                    continue
                }
            }
        }
        return found.sorted { (rank[$0[0]], $0.count) < (rank[$1[0]], $1.count) }
    }

    /// The nodes in an order that puts each after what it depends on (repeats count once): Kahn's
    /// algorithm, always taking the ready node numbered lowest, so that ties keep the nodes' order:
    /// O((nodes + edges) log nodes). `nil` when the graph has a cycle or an edge to a node that does
    /// not exist.
    package static func topologicalOrder(dependencies: [[Int]]) -> [Int]? {
        var unbuilt = [Int](repeating: 0, count: dependencies.count)
        var dependents = [[Int]](repeating: [], count: dependencies.count)
        for (index, edges) in dependencies.enumerated() {
            for dependency in Set(edges) {
                guard dependencies.indices.contains(dependency) else { return nil }
                unbuilt[index] += 1
                dependents[dependency].append(index)
            }
        }
        var ready = SmallestFirst(dependencies.indices.filter { unbuilt[$0] == 0 })
        var order: [Int] = []
        order.reserveCapacity(dependencies.count)
        while let index = ready.popSmallest() {
            order.append(index)
            for dependent in dependents[index] {
                unbuilt[dependent] -= 1
                if unbuilt[dependent] == 0 { ready.insert(dependent) }
            }
        }
        return order.count == dependencies.count ? order : nil
    }
}

/// A binary min-heap of node numbers.
private struct SmallestFirst {
    private var heap: [Int] = []

    init(_ values: [Int]) {
        for value in values { insert(value) }
    }

    mutating func insert(_ value: Int) {
        heap.append(value)
        var child = heap.count - 1
        while child > 0, heap[(child - 1) / 2] > heap[child] {
            heap.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func popSmallest() -> Int? {
        guard let smallest = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return smallest }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var next = parent
            if left < heap.count, heap[left] < heap[next] { next = left }
            if right < heap.count, heap[right] < heap[next] { next = right }
            if next == parent { return smallest }
            heap.swapAt(parent, next)
            parent = next
        }
    }
}
