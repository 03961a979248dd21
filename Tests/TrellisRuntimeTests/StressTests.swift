import Testing
import Trellis

/// Many tasks hammering the containers, the pool and the loaders at once. Meant to run under the
/// thread sanitizer: `swift test --sanitize=thread --scratch-path .build-tsan --filter RuntimeStressTests`.
@Suite("Runtime stress")
struct RuntimeStressTests {
    static let taskCount = 64
    static let loadsPerTask = 1_000

    /// Synchronous, so the synchronous `load` overloads are used (in an async context Swift
    /// prefers the `async` ones).
    static func loadSynchronously(from container: RuntimeContainer) -> Set<ObjectIdentifier> {
        _ = container.load(MyUseCase.self)
        return [
            ObjectIdentifier(container.load(DatabaseService.self)),
            container.withLoaded(DatabaseService.self) { ObjectIdentifier($0) },
        ]
    }

    static func loadSynchronously(task: Int, from container: MutableContainer) -> Int {
        _ = container.load(DatabaseService.self)
        return container.load(Example1.self, name: "task \(task)").value
    }

    @Test("64 tasks x 1,000 loads, borrowed reads and async loads from an immutable container see one singleton instance each")
    func immutableContainer() async {
        let constructions = Counter()
        let asyncConstructions = Counter()
        let container = ContainerBuilder()
            .registerSingleton { () -> DatabaseService in
                DatabaseService(identifier: constructions.increment())
            }
            .registerSingleton(name: "async") { () async -> DatabaseService in
                await Task.yield()
                return DatabaseService(identifier: asyncConstructions.increment())
            }
            .registerSingleton(HTTPClientImplementation(), as: (any HTTPClient).self)
            .register { resolver in MyDataSource(httpClient: resolver.load()) }
            .register { resolver in MyRepositoryImplementation(myDataSource: resolver.load()) as any MyRepository }
            .register { resolver in MyUseCase(myRepository: resolver.load()) }
            .build()
        let singletonIdentifiers = await withTaskGroup(of: Set<ObjectIdentifier>.self) { group in
            for _ in 0..<Self.taskCount {
                group.addTask {
                    var seen = Set<ObjectIdentifier>()
                    for iteration in 0..<Self.loadsPerTask {
                        seen.formUnion(Self.loadSynchronously(from: container))
                        seen.insert(ObjectIdentifier(await container.load(DatabaseService.self)))
                        if iteration % 100 == 0 {
                            seen.insert(ObjectIdentifier(await container.load(DatabaseService.self, name: "async")))
                        }
                    }
                    return seen
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
        }
        #expect(constructions.value == 1)
        #expect(asyncConstructions.value == 1)
        #expect(singletonIdentifiers.count == 2)
    }

    @Test("64 tasks x 1,000 operations register into and load from a mutable container")
    func mutableContainer() async {
        let constructions = Counter()
        let container = MutableContainer()
        container.registerSingleton { () -> DatabaseService in
            DatabaseService(identifier: constructions.increment())
        }
        let sums = await withTaskGroup(of: Int.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    var sum = 0
                    for iteration in 0..<Self.loadsPerTask {
                        if iteration % 50 == 0 {
                            container.register(Example1(value: task), name: "task \(task)")
                        }
                        sum += Self.loadSynchronously(task: task, from: container)
                    }
                    return sum
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums.sorted() == (0..<Self.taskCount).map { $0 * Self.loadsPerTask })
        #expect(constructions.value == 1)
    }

    @Test("64 tasks x 1,000 lookups read one pool, including cached conformance lookups")
    func pool() async {
        let pool = Pool().appending(Hello()).appending(Example1(value: 1)).appending(SystemRandomNumberGenerator())
        let total = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<Self.taskCount {
                group.addTask {
                    var total = 0
                    for _ in 0..<Self.loadsPerTask {
                        total += pool[Example1.self].value
                        total += pool[(any Greeting).self].text.count == 5 ? 0 : 1
                    }
                    return total
                }
            }
            return await group.reduce(0, +)
        }
        #expect(total == Self.taskCount * Self.loadsPerTask)
    }

    @Test("64 concurrent graph loads each produce the full pool")
    func concurrentLoads() async throws {
        let nodes: [DependencyNode] = (0..<16).map { index in
            let dependencies = index == 0 ? [] : [DependencyId("n\(index / 2)")]
            return .dependency(id: DependencyId("n\(index)"), dependencies: dependencies) { pool in
                await Task.yield()
                return pool.appending(Example1(value: index), name: "n\(index)")
            }
        }
        let loader = ConcurrentLoader(dependencies: nodes, maximumConcurrency: 4)
        let handler = RecordingHandler()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<Self.taskCount {
                group.addTask { try await loader.load(Pool(), handler).count }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 16, count: Self.taskCount))
        #expect(await handler.events.count == Self.taskCount * 16 * 2)
    }
}
