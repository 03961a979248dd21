import Testing
import Trellis

/// Lets two tasks meet: each `arrive()` waits until `count` arrivals happened.
actor Gate {
    private let count: Int
    private var arrived = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    init(count: Int) { self.count = count }

    func arrive() async {
        arrived += 1
        if arrived >= count {
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }
}

struct DatabaseError: Error, Equatable {}

protocol DatabaseProtocol: Sendable { var name: String { get } }
struct Database: DatabaseProtocol {
    let name: String
    static func connect(config: AppConfig) async throws -> Database {
        if config.environment == "broken" { throw DatabaseError() }
        return Database(name: config.baseURL)
    }
}
protocol CacheProtocol: Sendable { var label: String { get } }
struct Cache: CacheProtocol { let label: String }

final class Repository: Sendable {
    let database: any DatabaseProtocol
    let cache: any CacheProtocol
    init(database: any DatabaseProtocol, cache: any CacheProtocol) {
        self.database = database
        self.cache = cache
    }
}

// InnoDI's READMEs: asyncFactory, async throws, reading an input.
@DIContainer
struct AsyncContainer {
    @Provide(.input)
    var config: AppConfig

    @Provide(.input)
    var gate: Gate

    @Provide(
        .shared,
        asyncFactory: { (config: AppConfig, gate: Gate) async throws in
            await gate.arrive()
            return try await Database.connect(config: config)
        })
    var database: any DatabaseProtocol

    @Provide(
        .shared,
        asyncFactory: { (gate: Gate) async in
            await gate.arrive()
            return Cache(label: "cache")
        })
    var cache: any CacheProtocol

    // Waits only for the two members it reads.
    @Provide(
        .shared,
        asyncFactory: { (database: any DatabaseProtocol, cache: any CacheProtocol) async throws in
            Repository(database: database, cache: cache)
        }, concrete: true)
    var repository: Repository

    @Provide(
        .transient,
        asyncFactory: { (c: Self) async throws in
            Repository(database: try await c.database, cache: await c.cache)
        }, concrete: true)
    var freshRepository: Repository
}

@Suite("Async members")
struct AsyncTests {
    @Test("Two independent async shared members build concurrently (both reach one gate)")
    func concurrentStart() async throws {
        let container = AsyncContainer(config: AppConfig(), gate: Gate(count: 2))
        // Each factory waits at the gate until the other has arrived: run one after the other, they would never finish.
        let database = try await container.database
        let cache = await container.cache
        #expect(database.name == "https://api.example.com")
        #expect(cache.label == "cache")
    }

    @Test("An async shared member is built once; dependents receive that instance")
    func asyncSharedIdentity() async throws {
        let container = AsyncContainer(config: AppConfig(), gate: Gate(count: 2))
        let first = try await container.repository
        let second = try await container.repository
        #expect(first === second)
        #expect(try await container.freshRepository !== container.freshRepository)
    }

    @Test("An async factory's error reaches every reader, including dependents")
    func errorPropagation() async {
        let container = AsyncContainer(config: AppConfig(environment: "broken"), gate: Gate(count: 2))
        await #expect(throws: DatabaseError.self) { try await container.database }
        await #expect(throws: DatabaseError.self) { try await container.repository }
        #expect(await container.cache.label == "cache")
    }

    @Test("Overriding an async member skips its factory")
    func asyncOverride() async throws {
        let container = AsyncContainer(
            config: AppConfig(environment: "broken"), gate: Gate(count: 1), database: Database(name: "mock"))
        #expect(try await container.database.name == "mock")
        #expect(try await container.repository.database.name == "mock")
    }
}

struct ParseError: Error, Equatable {}

/// A parsed setting: its initializer throws, as a configuration parser's does.
struct ParsedSetting: Sendable, Equatable {
    let value: Int
    init(_ text: String) throws {
        guard let value = Int(text) else { throw ParseError() }
        self.value = value
    }
}

// Closures that say neither `async` nor `throws`: Swift infers both from their bodies, and so does
// Trellis (a port of Hummingbird's html-form wrote `asyncFactory: { try await MustacheLibrary(...) }`).
@DIContainer(concrete: true)
struct InferredEffectsContainer {
    @Provide(.input) var text: String
    @Provide(.input) var config: AppConfig

    @Provide(.shared, asyncFactory: { (config: AppConfig) in try await Database.connect(config: config) })
    var database: Database

    @Provide(.shared, factory: { (text: String) in try ParsedSetting(text) })
    var setting: ParsedSetting

    @Provide(.transient, factory: { (text: String) in try ParsedSetting(text + "0") })
    var freshSetting: ParsedSetting

    // Handled inside: the closure does not throw, so its member reads without `try`.
    @Provide(
        .transient,
        factory: { (text: String) in
            do { return try ParsedSetting(text) } catch { return try! ParsedSetting("0") }
        })
    var settingOrZero: ParsedSetting

    @Provide(.transient, factory: { (text: String) in (try? ParsedSetting(text)) ?? ParsedSetting.zero })
    var settingOrZero2: ParsedSetting
}

extension ParsedSetting {
    static let zero = try! ParsedSetting("0")
}

@Suite("Effects Swift infers from a factory's body")
struct InferredEffectsTests {
    @Test("an asyncFactory that awaits without saying 'async', and factories that try without saying 'throws'")
    func inferredEffects() async throws {
        let container = try InferredEffectsContainer(text: "4", config: AppConfig())
        #expect(try await container.database.name == "https://api.example.com")
        #expect(container.setting.value == 4)
        #expect(try container.freshSetting.value == 40)
        #expect(container.settingOrZero.value == 4)
        #expect(container.settingOrZero2.value == 4)
        #expect(throws: ParseError.self) { try InferredEffectsContainer(text: "x", config: AppConfig()) }
        let broken = try InferredEffectsContainer(text: "1", config: AppConfig(environment: "broken"))
        await #expect(throws: DatabaseError.self) { try await broken.database }
    }
}
