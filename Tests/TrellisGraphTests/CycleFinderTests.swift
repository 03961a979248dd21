import Testing
import TrellisGraph

@Suite("CycleFinder")
struct CycleFinderTests {
    @Suite("Examples")
    struct Examples {
        struct CycleCase: CustomTestStringConvertible, Sendable {
            let description: String
            let container: Container
            let cycles: [[String]]
            var testDescription: String { description }
        }

        static let cases: [CycleCase] = [
            CycleCase(description: "no members, no cycle", container: container(), cycles: []),
            CycleCase(
                description: "a chain has no cycle",
                container: container(input("a"), shared("b", reads: ["a"]), shared("c", reads: ["b"])),
                cycles: []),
            CycleCase(
                description: "a diamond has no cycle",
                container: container(
                    input("a"), shared("b", reads: ["a"]), shared("c", reads: ["a"]), shared("d", reads: ["b", "c"])),
                cycles: []),
            CycleCase(
                description: "a self read is a cycle of one", container: container(shared("a", reads: ["a"])),
                cycles: [["a", "a"]]),
            CycleCase(
                description: "two members reading each other",
                container: container(shared("a", reads: ["b"]), shared("b", reads: ["a"])),
                cycles: [["a", "b", "a"]]),
            CycleCase(
                description: "a ring of three starts at the member declared first",
                container: container(shared("c", reads: ["a"]), shared("a", reads: ["b"]), shared("b", reads: ["c"])),
                cycles: [["c", "a", "b", "c"]]),
            CycleCase(
                description: "two separate cycles are both reported in declaration order",
                container: container(
                    shared("x", reads: ["y"]), shared("a", reads: ["b"]), shared("b", reads: ["a"]), shared("y", reads: ["x"])),
                cycles: [["x", "y", "x"], ["a", "b", "a"]]),
            CycleCase(
                description: "reads of unknown members are ignored", container: container(shared("a", reads: ["zzz"])), cycles: []
            ),
            CycleCase(
                description: "a member read twice in a cycle is reported once",
                container: container(shared("a", reads: ["b", "b"]), shared("b", reads: ["a"])), cycles: [["a", "b", "a"]]),
        ]

        @Test("finds exactly the expected cycles", arguments: cases)
        func cycles(_ testCase: CycleCase) {
            #expect(CycleFinder.cycles(in: testCase.container) == testCase.cycles)
        }
    }

    @Suite("Seeded properties")
    struct Properties {
        static let seeds: [UInt64] = Array(1...60)

        @Test("a random DAG has no cycle and validates without issues", arguments: seeds)
        func randomDAGIsValid(seed: UInt64) {
            let graph = RandomDAG(seed: seed, size: 8 + Int(seed % 17))
            #expect(CycleFinder.cycles(in: graph.container) == [])
            #expect(ContainerValidator.validate(graph.container) == [])
        }

        @Test("a random DAG with one injected back edge reports exactly that cycle", arguments: seeds)
        func injectedCycleIsReported(seed: UInt64) throws {
            let graph = RandomDAG(seed: seed, size: 8 + Int(seed % 17))
            let path = try #require(Self.uniquePath(in: graph, seed: seed))
            // `path` is the only way from its first member to its last; the last now reads the first.
            let broken = graph.addingRead(of: path[0], by: path[path.count - 1])
            let declarationOrder = Dictionary(uniqueKeysWithValues: broken.members.enumerated().map { ($1.name, $0) })
            let start = try #require(path.indices.min { declarationOrder[path[$0]]! < declarationOrder[path[$1]]! })
            let rotated = Array(path[start...] + path[..<start])
            let expected = rotated + [rotated[0]]

            #expect(CycleFinder.cycles(in: broken) == [expected])
            let issues = ContainerValidator.validate(broken)
            #expect(issues.map(\.code) == [.dependencyCycle])
            #expect(issues.map(\.anchor) == [.member(container: "C", member: expected[0])])
        }

        /// The path between two members joined by exactly one path in the DAG, from the reader to the
        /// member it reaches; picked by the seed among all such pairs so each run tests another one.
        static func uniquePath(in graph: RandomDAG, seed: UInt64) -> [String]? {
            var counts: [String: [String: Int]] = [:]
            func pathCount(from: String, to: String) -> Int {
                if from == to { return 1 }
                if let known = counts[from]?[to] { return known }
                let total = (graph.reads[from] ?? []).reduce(0) { $0 + pathCount(from: $1, to: to) }
                counts[from, default: [:]][to] = total
                return total
            }
            let names = graph.rank.keys.sorted { graph.rank[$0]! < graph.rank[$1]! }
            var pairs: [(String, String)] = []
            for reader in names {
                for target in names where graph.rank[target]! < graph.rank[reader]! && pathCount(from: reader, to: target) == 1 {
                    pairs.append((reader, target))
                }
            }
            guard !pairs.isEmpty else { return nil }
            var generator = SplitMix64(seed: seed &* 31)
            let (reader, target) = pairs[Int.random(in: 0..<pairs.count, using: &generator)]
            var path = [reader]
            while path.last != target {
                let next = (graph.reads[path.last!] ?? []).first { pathCount(from: $0, to: target) == 1 }
                guard let next else { return nil }
                path.append(next)
            }
            return path
        }
    }
}
