import Testing
import TrellisGraph

/// The index-based algorithms the runtime's loaders share with the macro and the tool.
@Suite("Graph algorithms over numbered nodes")
struct GraphAlgorithmTests {
    @Suite("CycleFinder.cycles(dependencies:)")
    struct Cycles {
        @Test("finds each cycle once, closed, starting at its lowest node, ordered by that node and length")
        func cyclesAreCanonical() {
            // 0 -> 1 -> 2 -> 1 (a cycle not through 0), 3 -> 4 -> 3, 5 alone.
            let dependencies = [[1], [2], [1], [4], [3], []]
            #expect(CycleFinder.cycles(dependencies: dependencies) == [[1, 2, 1], [3, 4, 3]])
        }

        @Test("an acyclic graph and a self-read")
        func acyclicAndSelfRead() {
            #expect(CycleFinder.cycles(dependencies: [[], [0], [0, 1]]).isEmpty)
            #expect(CycleFinder.cycles(dependencies: [[], [1]]) == [[1, 1]])
        }

        @Test("a chain of 100,000 nodes closing on itself does not overflow the stack")
        func longChain() {
            let count = 100_000
            let dependencies = (0..<count).map { [($0 + 1) % count] }
            let cycles = CycleFinder.cycles(dependencies: dependencies)
            #expect(cycles.count == 1)
            #expect(cycles.first?.first == 0 && cycles.first?.count == count + 1)
        }

        @Test("the named form agrees with the numbered one, rotated by the given order")
        func namedFormAgrees() {
            let cycles = CycleFinder.cycles(
                nodes: ["a", "b", "c"], edges: ["a": ["b"], "b": ["c"], "c": ["b", "missing"]],
                order: ["a": 0, "b": 2, "c": 1])
            #expect(cycles == [["c", "b", "c"]])
        }
    }

    @Suite("TopologicalOrder")
    struct Order {
        @Test("dependencies first, ties by number")
        func dependenciesFirst() {
            #expect(TopologicalOrder.order(dependencies: [[2], [], [1], []]) == [1, 2, 0, 3])
            #expect(TopologicalOrder.order(dependencies: [[1, 1], []]) == [1, 0])
        }

        @Test("nil for a cycle or an unknown node")
        func noOrder() {
            #expect(TopologicalOrder.order(dependencies: [[1], [0]]) == nil)
            #expect(TopologicalOrder.order(dependencies: [[7]]) == nil)
        }

        @Test("every edge goes forward in the order of a random DAG", arguments: 0..<20)
        func randomDAG(seed: UInt64) {
            var generator = SplitMix64(seed: seed)
            let count = Int.random(in: 1..<60, using: &generator)
            // Edges only to lower numbers make a DAG; a shuffled numbering hides that from the algorithm.
            let numbering = Array(0..<count).shuffled(using: &generator)
            var dependencies = [[Int]](repeating: [], count: count)
            for node in 1..<max(count, 1) {
                for _ in 0..<Int.random(in: 0..<4, using: &generator) {
                    dependencies[numbering[node]].append(numbering[Int.random(in: 0..<node, using: &generator)])
                }
            }
            let order = TopologicalOrder.order(dependencies: dependencies)
            #expect(order?.count == count)
            var position = [Int: Int]()
            for (rank, node) in (order ?? []).enumerated() { position[node] = rank }
            for (node, edges) in dependencies.enumerated() {
                for dependency in edges { #expect(position[dependency]! < position[node]!) }
            }
        }
    }

    @Suite("NameSuggester.similar(to:among:)")
    struct Similar {
        @Test("compares last components, so a type from another module or a near miss is found")
        func lastComponents() {
            let candidates = ["App.HTTPClient", "Tests.HTTPClient", "App.Cache", "App.HTTPClientImplementation", "Other"]
            #expect(
                NameSuggester.similar(to: "Mocks.HTTPClient", among: candidates)
                    == ["App.HTTPClient", "App.HTTPClientImplementation", "Tests.HTTPClient"])
            #expect(NameSuggester.similar(to: "App.Cach", among: candidates) == ["App.Cache"])
            #expect(NameSuggester.similar(to: "Dictionary<String, App.Cache>", among: candidates).isEmpty)
        }

        @Test("leaves out the name itself, and finds nothing for an empty last component")
        func itselfAndEmpty() {
            #expect(NameSuggester.similar(to: "App.Cache", among: ["App.Cache"]).isEmpty)
            #expect(NameSuggester.similar(to: "App.", among: ["App.Cache"]).isEmpty)
        }
    }
}
