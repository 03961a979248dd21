import Testing
import Trellis

/// A small deterministic generator (SplitMix64), so property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

func node(_ id: DependencyId, _ dependencies: [DependencyId] = [], log: EventLog? = nil) -> DependencyNode {
    .dependency(id: id, dependencies: dependencies) { pool in
        log?.record(id.rawValue)
        return pool
    }
}

@Suite("Loader validation")
struct LoaderValidationTests {
    static func validationError(_ nodes: [DependencyNode]) -> LoaderError? {
        do {
            try ConcurrentLoader(dependencies: nodes).validate()
            try SerialLoader(dependencies: nodes).validate()
            return nil
        } catch {
            return error
        }
    }

    @Test("a repeated id is reported as duplicateId")
    func duplicateId() {
        guard case .duplicateId(let id) = Self.validationError([node("a"), node("b"), node("a")]) else {
            Issue.record("expected duplicateId")
            return
        }
        #expect(id == "a")
    }

    @Test("a dependency on an unknown id is reported with the node that needs it and similar ids")
    func unknownDependency() {
        let error = Self.validationError([node("strings"), node("greeting", ["strngs"])])
        guard case .unknownDependency(let id, let requiredBy, let suggestions) = error else {
            Issue.record("expected unknownDependency, got \(String(describing: error))")
            return
        }
        #expect(id == "strngs")
        #expect(requiredBy == "greeting")
        #expect(suggestions == ["strings"])
        #expect(error?.description == "'greeting' depends on unknown id 'strngs'; did you mean 'strings'?")
    }

    @Test("a cycle is reported as exactly its path, starting at its first declared node")
    func cyclePath() {
        let error = Self.validationError([
            node("d"), node("e", ["x"]), node("x", ["y"]), node("y", ["z"]), node("z", ["x", "d"]),
        ])
        guard case .cycle(let path) = error else {
            Issue.record("expected cycle, got \(String(describing: error))")
            return
        }
        #expect(path == ["x", "y", "z", "x"])
        #expect(error?.description == "dependency cycle: x -> y -> z -> x; remove one of these dependencies")
    }

    @Test("a node depending on itself is a cycle of one")
    func selfDependency() {
        guard case .cycle(let path) = Self.validationError([node("a", ["a"])]) else {
            Issue.record("expected cycle")
            return
        }
        #expect(path == ["a", "a"])
    }

    @Suite("Equality")
    struct Equality {
        @Test("errors of the same case are equal only with the same values; cycles compare their paths")
        func sameCaseSameValues() {
            #expect(LoaderError.cycle(["a", "b", "a"]) == .cycle(["a", "b", "a"]))
            #expect(LoaderError.cycle(["a", "b", "a"]) != .cycle(["b", "a", "b"]))
            #expect(LoaderError.duplicateId("a") == .duplicateId("a"))
            #expect(LoaderError.duplicateId("a") != .duplicateId("b"))
            #expect(
                LoaderError.unknownDependency("x", requiredBy: "a", suggestions: ["y"])
                    != .unknownDependency("x", requiredBy: "a", suggestions: []))
            #expect(
                LoaderError.conflictingValues(type: "T", firstNode: "a", secondNode: "b")
                    != .conflictingValues(type: "T", firstNode: "b", secondNode: "a"))
            #expect(LoaderError.asynchronousDependency("a") == .asynchronousDependency("a"))
            #expect(LoaderError.asynchronousDependency("a") != .duplicateId("a"))
        }

        @Test("a cycle with an empty path (DIve's notDAG) equals every cycle, from either side, and nothing else")
        func emptyCycleMatchesEveryCycle() {
            let anyCycle = LoaderError.cycle([])
            #expect(anyCycle == .cycle(["a", "b", "a"]))
            #expect(LoaderError.cycle(["x", "x"]) == anyCycle)
            #expect(anyCycle != .duplicateId("a"))
            #expect(anyCycle != .asynchronousDependency("a"))
        }

        @Test("#expect(throws:) with an empty cycle matches the cycle a load throws")
        func expectThrowsMatchesAnyCycle() async {
            let loader = ConcurrentLoader(dependencies: [node("a", ["b"]), node("b", ["a"])])
            await #expect(throws: LoaderError.cycle([])) { try await loader.load() }
            #expect(throws: LoaderError.cycle([])) { try SerialLoader(dependencies: [node("a", ["a"])]).validate() }
        }

        @Test("a cycle with an empty path describes itself as DIve's notDAG did")
        func emptyCycleDescription() {
            #expect(String(describing: LoaderError.cycle([])) == "Not a directed acyclic graph")
        }
    }

    @Test("an invalid graph throws from load before any node runs")
    func invalidGraphRunsNothing() async {
        let log = EventLog()
        let loader = ConcurrentLoader(dependencies: [node("a", log: log), node("b", ["c"], log: log), node("c", ["b"], log: log)])
        await #expect(throws: LoaderError.self) { try await loader.load() }
        await #expect(throws: LoaderError.self) {
            try await SerialLoader(dependencies: [node("a", log: log), node("a", log: log)]).load()
        }
        #expect(log.all.isEmpty)
    }

    @Test("random acyclic graphs validate", arguments: 0..<20)
    func randomAcyclicGraphsValidate(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        let count = Int.random(in: 1...30, using: &generator)
        var nodes: [DependencyNode] = []
        for index in 0..<count {
            let dependencies = (0..<index).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
            nodes.append(node(DependencyId("n\(index)"), dependencies.map { DependencyId("n\($0)") }))
        }
        nodes.shuffle(using: &generator)
        try ConcurrentLoader(dependencies: nodes).validate()
        let order = try SerialLoader(dependencies: nodes).executionOrder()
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        for node in nodes {
            for dependency in node.dependencies {
                #expect(position[dependency]! < position[node.id]!)
            }
        }
    }

    @Test("a cycle injected into a random acyclic graph is reported exactly", arguments: 0..<20)
    func injectedCycleIsReported(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let count = Int.random(in: 1...20, using: &generator)
        let ringSize = Int.random(in: 1...5, using: &generator)
        var nodes: [DependencyNode] = []
        for index in 0..<count {
            var dependencies = (0..<index).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }.map { "n\($0)" }
            // Acyclic nodes may depend on the ring; the ring depends only on itself, so it is the only cycle.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                dependencies.append("r\(Int.random(in: 0..<ringSize, using: &generator))")
            }
            nodes.append(node(DependencyId("n\(index)"), dependencies.map { DependencyId($0) }))
        }
        for index in 0..<ringSize {
            nodes.append(node(DependencyId("r\(index)"), [DependencyId("r\((index + 1) % ringSize)")]))
        }
        nodes.shuffle(using: &generator)
        let ring = (0..<ringSize).map { DependencyId("r\($0)") }
        let first = nodes.first { ring.contains($0.id) }!.id
        let start = ring.firstIndex(of: first)!
        let expected = Array(ring[start...] + ring[..<start]) + [first]
        guard case .cycle(let path) = Self.validationError(nodes) else {
            Issue.record("expected a cycle for seed \(seed)")
            return
        }
        #expect(path == expected)
    }
}
