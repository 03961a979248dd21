import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "service: true: the start order and its diagnostics",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct ServiceTests {
    @Test("services are listed in start order, each after the services it reads through any member")
    func startOrder() {
        assertMacro {
            """
            @DIContainer
            public final class ServerContainer {
                @Provide(.shared, Server.self, with: [\\Self.router], concrete: true, service: true)
                public var server: Server
                @Provide(.shared, Router.self, with: [\\Self.pool], concrete: true)
                public var router: Router
                @Provide(.shared, factory: { Pool() }, concrete: true, service: true)
                public var pool: Pool
                @Provide(.input, service: true)
                public var metrics: Metrics
            }
            """
        } expansion: {
            """
            public final class ServerContainer {
                public var server: Server {
                get {
                    _trellis_values.server
                }
                }
                public var router: Router {
                get {
                    _trellis_values.router
                }
                }
                public var pool: Pool {
                get {
                    _trellis_values.pool
                }
                }
                public var metrics: Metrics {
                get {
                    _trellis_values.metrics
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias server =
                                       Server
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    typealias router =
                                       Router
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    typealias pool =
                                     Pool
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias metrics =
                                        Metrics
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                           let server: _trellis_Types.server
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                           let router: _trellis_Types.router
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                           let pool: _trellis_Types.pool
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                           let metrics: _trellis_Types.metrics
                #sourceLocation()
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 1)
                public convenience init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                               server: Server? = nil,

                               router: Router? = nil,

                               pool: Pool? = nil,

                               metrics: Metrics) {
                #sourceLocation()
                    // (generated code)
                    self.init(_trellis_values: Self._trellis_make(server: server, router: router, pool: pool, metrics: metrics))
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                       server: __owned _trellis_Types.server? = nil,

                       router: __owned _trellis_Types.router? = nil,

                       pool: __owned _trellis_Types.pool? = nil,

                       metrics: __owned _trellis_Types.metrics) -> _trellis_StoredValues {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                            return { () -> _trellis_StoredValues in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                           let pool: Pool = if let pool { pool } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                                                 Pool()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 6)
                           let router: Router = if let router { router } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                                      Router(pool: pool) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (pool: Pool) in Router(...) }
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 4)
                           let server: Server = if let server { server } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                      Server(router: router) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (router: Router) in Server(...) }
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 3)
                return _trellis_StoredValues(
                               server: server,

                               router: router,

                               pool: pool,

                               metrics: metrics
                )
                #sourceLocation()
                }()
                }

                private init(_trellis_values: _trellis_StoredValues) {
                    self._trellis_values = _trellis_values
                }

                /// The values `ServerContainer` is created from: its inputs, and those of the children it forwards.
                public struct Inputs {
                #sourceLocation(file: "Test.swift", line: 10)
                           let metrics: Metrics
                #sourceLocation()
                    /// Reads every value from `dependencies`.
                    public init(from dependencies: some ServerContainerDependencies) {
                        self.metrics = dependencies.metrics
                    }
                }

                /// Creates the container from a snapshot of what it needs.
                public convenience init(inputs: Inputs) {
                    self.init(_trellis_values: Self._trellis_make(metrics: inputs.metrics))
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                public convenience init(dependencies: some ServerContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// The members marked `service: true` (or `shutdown:`), in the order they start: metrics, pool, server.
                public var serviceStartOrder: Trellis.ServiceStartOrder {
                    #sourceLocation(file: "Test.swift", line: 8)
                _ = Trellis.ServiceStartOrder.Check<Metrics>
                                    .conformsToService
                #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                _ = Trellis.ServiceStartOrder.Check<Pool>
                                                                          .conformsToService
                #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 2)
                _ = Trellis.ServiceStartOrder.Check<Server>
                                                                                        .conformsToService
                #sourceLocation()
                    return Trellis.ServiceStartOrder(members: [("metrics", self.metrics as Any), ("pool", self.pool as Any), ("server", self.server as Any)])
                }
            }

            /// What `ServerContainer` needs from the container that owns it (or whoever creates it).
            public protocol ServerContainerDependencies {
            #sourceLocation(file: "Test.swift", line: 9)
                // ServerContainer needs 'metrics: Metrics': the container providing its needs must have a member 'metrics' of type 'Metrics'.
                       var metrics: Metrics { get }
            #sourceLocation()
            }
            """
        }
    }

    @Test(
        "a kept member holding the container's function, in a container with services, is warned of unless permanent: is written")
    func weakLinkWithServices() throws {
        let source = """
            @DIContainer(concrete: true)
            final class AppContainer: Sendable {
                @Assisted(.scope)
                func connection(name: String) -> ConnectionScope

                @Provide(.shared, factory: ConnectionManager(), service: true)
                var manager: ConnectionManager

                @Provide(.shared, factory: { (connection: @escaping @Sendable (String) -> ConnectionScope) in
                    App(connect: connection)
                }, service: true)
                var app: App
            }
            """
        assertMacro {
            source
        } diagnostics: {
            """
            @DIContainer(concrete: true)
            final class AppContainer: Sendable {
                @Assisted(.scope)
                func connection(name: String) -> ConnectionScope

                @Provide(.shared, factory: ConnectionManager(), service: true)
                var manager: ConnectionManager

                @Provide(.shared, factory: { (connection: @escaping @Sendable (String) -> ConnectionScope) in
                                              ┬──────────────────────────────────────────────────────────
                                              ╰─ ⚠️ 'app' is kept by 'AppContainer' and holds the function 'connection', which reaches the container weakly, while the container's services run for as long as the program: declare '@DIContainer(permanent: true)' on a program's root (it is then never released), or 'permanent: false' where the program keeps the container itself (a call after it is released stops the program)
                                                 ✏️ add 'permanent: true' to @DIContainer
                    App(connect: connection)
                }, service: true)
                var app: App
            }
            """
        } fixes: {
            """
            @DIContainer(concrete: true, permanent: true)
            final class AppContainer: Sendable {
                @Assisted(.scope)
                func connection(name: String) -> ConnectionScope

                @Provide(.shared, factory: ConnectionManager(), service: true)
                var manager: ConnectionManager

                @Provide(.shared, factory: { (connection: @escaping @Sendable (String) -> ConnectionScope) in
                    App(connect: connection)
                }, service: true)
                var app: App
            }
            """
        }
        // Said either way, the warning goes.
        for permanent in ["true", "false"] {
            let said = source.replacing(
                "@DIContainer(concrete: true)", with: "@DIContainer(concrete: true, permanent: \(permanent))")
            #expect(try FixItRoundTests.diagnostics(said).diagnostics.isEmpty, "permanent: \(permanent)")
        }
    }

    @Test("an async or throwing service makes the start order an async, throwing property")
    func effects() {
        assertMacro {
            """
            @DIContainer
            struct ServerContainer {
                @Provide(.shared, asyncFactory: { () async throws in try await Pool.connect() }, concrete: true, service: true)
                var pool: Pool
                @Provide(.shared, asyncFactory: { (pool: Pool) async throws in Worker(pool) }, concrete: true, service: true)
                var worker: Worker
                @Provide(.onDemand, factory: { Cache() }, concrete: true, service: true)
                var cache: Cache
            }
            """
        } expansion: {
            """
            struct ServerContainer {
                var pool: Pool {
                get async throws {
                    // Reads 'pool' from the container
                    // (generated code)
                    try await _trellis_storage.values.pool.value { try await _trellis_Builders.pool(self) }
                }
                }
                var worker: Worker {
                get async throws {
                    // Reads 'worker' from the container
                    // (generated code)
                    try await _trellis_storage.values.worker.value { try await _trellis_Builders.worker(self) }
                }
                }
                var cache: Cache {
                get {
                    if let value = _trellis_storage.values.cache.builtValue {
                        return value
                    }
                    return _trellis_storage.values.cache.value { _trellis_Builders.cache(self) }
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias pool =
                              Pool
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    typealias worker =
                                Worker
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    typealias cache =
                               Cache
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                let pool: Trellis.AsyncShared<_trellis_Types.pool, any Error>
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                let worker: Trellis.AsyncShared<_trellis_Types.worker, any Error>
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                let cache: Trellis.OnDemand<_trellis_Types.cache>
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        pool: Pool? = nil,

                        worker: Worker? = nil,

                        cache: Cache? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(pool: pool, worker: worker, cache: cache)
                    let _trellis_starter = Trellis.AsyncStart.starter(for: self)
                    _trellis_starter.start(self._trellis_storage.values.pool) { try await _trellis_Builders.pool($0) }
                    _trellis_starter.start(self._trellis_storage.values.worker) { try await _trellis_Builders.worker($0) }
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                pool: __owned _trellis_Types.pool? = nil,

                worker: __owned _trellis_Types.worker? = nil,

                cache: __owned _trellis_Types.cache? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                let _trellis_cell_pool = Trellis.AsyncShared<_trellis_Types.pool, any Error>(override: pool)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                let _trellis_cell_worker = Trellis.AsyncShared<_trellis_Types.worker, any Error>(override: worker)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                let _trellis_cell_cache = Trellis.OnDemand<_trellis_Types.cache>(override: cache)
                #sourceLocation()
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        pool: _trellis_cell_pool,
                        worker: _trellis_cell_worker,
                        cache: _trellis_cell_cache
                    ))
                }()
                }

                /// The values `ServerContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some ServerContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make()
                    let _trellis_starter = Trellis.AsyncStart.starter(for: self)
                    _trellis_starter.start(self._trellis_storage.values.pool) { try await _trellis_Builders.pool($0) }
                    _trellis_starter.start(self._trellis_storage.values.worker) { try await _trellis_Builders.worker($0) }
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some ServerContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'pool' from its declaration:
                #sourceLocation(file: "Test.swift", line: 4)
                static func pool(_ container: ServerContainer) async throws -> Pool {
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 3)
                                          try await { () async throws in try await Pool.connect() }()
                #sourceLocation()
                    }

                    // Builds 'worker' from its declaration:
                #sourceLocation(file: "Test.swift", line: 6)
                static func worker(_ container: ServerContainer) async throws -> Worker {
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 5)
                                          try await { (pool: Pool) async throws in Worker(pool) }(container.pool)
                #sourceLocation()
                    }

                    // Builds 'cache' from its declaration:
                #sourceLocation(file: "Test.swift", line: 8)
                static func cache(_ container: ServerContainer) -> Cache { return { () in
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 7)
                                                   Cache()
                #sourceLocation()
                    }()
                    }
                }

                /// The members marked `service: true` (or `shutdown:`), in the order they start: cache, pool, worker.
                var serviceStartOrder: Trellis.ServiceStartOrder {
                    get async throws {
                        #sourceLocation(file: "Test.swift", line: 6)
                _ = Trellis.ServiceStartOrder.Check<Cache>
                                                                             .conformsToService
                #sourceLocation()
                        #sourceLocation(file: "Test.swift", line: 2)
                _ = Trellis.ServiceStartOrder.Check<Pool>
                                                                                                                    .conformsToService
                #sourceLocation()
                        #sourceLocation(file: "Test.swift", line: 4)
                _ = Trellis.ServiceStartOrder.Check<Worker>
                                                                                                                  .conformsToService
                #sourceLocation()
                        return try await Trellis.ServiceStartOrder(members: [("cache", self.cache as Any), ("pool", self.pool as Any), ("worker", self.worker as Any)])
                    }
                }
            }

            /// What `ServerContainer` needs from the container that owns it (or whoever creates it).
            protocol ServerContainerDependencies {}
            """
        }
    }

    @Test("a deprecated service is read without its accessor, so that only the user's reads warn")
    func deprecatedService() {
        assertMacro {
            """
            @DIContainer
            struct ServerContainer {
                @available(*, deprecated, message: "use pool")
                @Provide(.shared, factory: { LegacyPool() }, concrete: true, service: true)
                var legacy: LegacyPool
                @Provide(.shared, factory: { Pool() }, concrete: true, service: true)
                var pool: Pool
            }
            """
        } expansion: {
            """
            struct ServerContainer {
                @available(*, deprecated, message: "use pool")
                var legacy: LegacyPool {
                get {
                    _trellis_storage.values.legacy
                }
                }
                var pool: Pool {
                get {
                    _trellis_storage.values.pool
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 4)
                    typealias legacy =
                                LegacyPool
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias pool =
                              Pool
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 5)
                    let legacy: _trellis_Types.legacy
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let pool: _trellis_Types.pool
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 2)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        legacy: LegacyPool? = nil,

                        pool: Pool? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(legacy: legacy, pool: pool)
                }

                #sourceLocation(file: "Test.swift", line: 1)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                    // Each parameter on the line of its member's type
                    // (generated code):
                legacy: __owned _trellis_Types.legacy? = nil,

                pool: __owned _trellis_Types.pool? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    let legacy: LegacyPool = if let legacy { legacy } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                                                 LegacyPool()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 7)
                    let pool: Pool = if let pool { pool } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                                 Pool()
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        legacy: legacy,
                        pool: pool
                    ))
                }()
                }

                /// The values `ServerContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some ServerContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make()
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some ServerContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// The members marked `service: true` (or `shutdown:`), in the order they start: legacy, pool.
                var serviceStartOrder: Trellis.ServiceStartOrder {
                    #sourceLocation(file: "Test.swift", line: 3)
                _ = Trellis.ServiceStartOrder.Check<LegacyPool>
                                                                                .conformsToService
                #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                _ = Trellis.ServiceStartOrder.Check<Pool>
                                                                          .conformsToService
                #sourceLocation()
                    let _trellis_container = self
                    return Trellis.ServiceStartOrder(members: [("legacy", _trellis_container._trellis_storage.values.legacy as Any), ("pool", _trellis_container.pool as Any)])
                }
            }

            /// What `ServerContainer` needs from the container that owns it (or whoever creates it).
            protocol ServerContainerDependencies {}
            """
        }
    }

    @Test(
        "a member with shutdown: is a service that closes its value: its closure is bound on its own lines, an optional one may be absent"
    )
    func shutdownClosure() {
        assertMacro {
            """
            @DIContainer
            final class ProxyContainer: Sendable {
                @Provide(.shared, factory: HTTPClient(), concrete: true,
                         shutdown: { (client: HTTPClient) in try await client.shutdown() })
                var client: HTTPClient
                @Provide(.shared, factory: { () -> Pool? in nil }, concrete: true, shutdown: { (pool: Pool) in await pool.close() })
                var pool: Pool?
                @Provide(.shared, Proxy.self, with: [\\Self.client], concrete: true, service: true)
                var proxy: Proxy
            }
            """
        } expansion: {
            """
            final class ProxyContainer: Sendable {
                var client: HTTPClient {
                get {
                    _trellis_values.client
                }
                }
                var pool: Pool? {
                get {
                    _trellis_values.pool
                }
                }
                var proxy: Proxy {
                get {
                    _trellis_values.proxy
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 4)
                    typealias client =
                                HTTPClient
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias pool =
                              Pool?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                    typealias proxy =
                               Proxy
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues: @unchecked Sendable {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 5)
                    let client: _trellis_Types.client
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let pool: _trellis_Types.pool
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    let proxy: _trellis_Types.proxy
                #sourceLocation()

                    /// Each value's type is `Sendable`, as the container's conformance needs.
                    static func checkSendable() {
                        // Each member's type, on its line:
                #sourceLocation(file: "Test.swift", line: 5)
                            _ = Trellis.SendableValue<HTTPClient>.self // 'ProxyContainer' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                          _ = Trellis.SendableValue<Pool?>.self // 'ProxyContainer' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                           _ = Trellis.SendableValue<Proxy>.self // 'ProxyContainer' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                    }
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 2)
                convenience init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        client: HTTPClient? = nil,

                       pool: (Pool?)? = nil,

                        proxy: Proxy? = nil) {
                #sourceLocation()
                    // (generated code)
                    self.init(_trellis_values: Self._trellis_make(client: client, pool: pool, proxy: proxy))
                }

                #sourceLocation(file: "Test.swift", line: 1)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                    // Each parameter on the line of its member's type
                    // (generated code):
                client: __owned _trellis_Types.client? = nil,

                pool: __owned _trellis_Types.pool? = nil,

                proxy: __owned _trellis_Types.proxy? = nil) -> _trellis_StoredValues {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                     return { () -> _trellis_StoredValues in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    let client: HTTPClient = if let client { client } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                               HTTPClient()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 5)
                let pool: Pool? = pool ??
                                              ({ () -> Pool? in nil }()) as (Pool?)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    let proxy: Proxy = if let proxy { proxy } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                                      Proxy(client: client) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (client: HTTPClient) in Proxy(...) }
                #sourceLocation()
                    }
                    return _trellis_StoredValues(
                        client: client,
                        pool: pool,
                        proxy: proxy
                    )
                }()
                }

                private init(_trellis_values: _trellis_StoredValues) {
                    self._trellis_values = _trellis_values
                }

                /// The values `ProxyContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some ProxyContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                convenience init(inputs: Inputs) {
                    self.init(_trellis_values: Self._trellis_make())
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                convenience init(dependencies: some ProxyContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// The members marked `service: true` (or `shutdown:`), in the order they start: client, pool, proxy.
                var serviceStartOrder: Trellis.ServiceStartOrder {
                    #sourceLocation(file: "Test.swift", line: 7)
                _ = Trellis.ServiceStartOrder.Check<Proxy>
                                                                                       .conformsToService
                #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                let client = Trellis.ServiceStartOrder.Shutdown(self.client,
                                       { (client: HTTPClient) in try await client.shutdown() },
                           of: (HTTPClient).self)
                #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                let pool = Trellis.ServiceStartOrder.Shutdown(self.pool,
                                                                                                 { (pool: Pool) in await pool.close() },
                         of: (Pool).self)
                #sourceLocation()
                    return Trellis.ServiceStartOrder(members: [("client", client as Any), ("pool", pool as Any), ("proxy", self.proxy as Any)])
                }
            }

            /// What `ProxyContainer` needs from the container that owns it (or whoever creates it).
            protocol ProxyContainerDependencies {}
            """
        }
    }

    @Test("'concrete: true' added by its fix-it goes before 'service:' and 'shutdown:', as Swift requires")
    func concreteFixKeepsArgumentOrder() {
        assertMacro {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: { () -> Pool? in nil }, shutdown: { (pool: Pool) in await pool.close() })
                var pool: Pool?
                @Provide(.shared, factory: Worker(), service: true)
                var worker: Worker
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: { () -> Pool? in nil }, shutdown: { (pool: Pool) in await pool.close() })
                var pool: Pool?
                          ┬────
                          ╰─ 🛑 'pool' has the concrete type 'Pool?'; opt in with 'concrete: true', or depend on a protocol
                             ✏️ add 'concrete: true'
                             ✏️ add 'concrete: true' to @DIContainer, for every member
                @Provide(.shared, factory: Worker(), service: true)
                var worker: Worker
                            ┬─────
                            ╰─ 🛑 'worker' has the type 'Worker', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any Worker' if 'Worker' is a protocol
                               ✏️ add 'concrete: true'
                               ✏️ add 'concrete: true' to @DIContainer, for every member
                               ✏️ write 'any' before the type (if it is a protocol)
            }
            """
        } fixes: {
            """
            @DIContainer(concrete: true)
            struct ProxyContainer {
                @Provide(.shared, factory: { () -> Pool? in nil }, concrete: true, shutdown: { (pool: Pool) in await pool.close() })
                var pool: Pool?
                @Provide(.shared, factory: Worker(), concrete: true, service: true)
                var worker: any Worker
            }
            """
        }
    }

    @Test("'shutdown:' with 'service: true' asks to remove the latter; on a transient, to remove 'shutdown:'")
    func shutdownDiagnostics() {
        assertMacro {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: HTTPClient(), concrete: true, service: true, shutdown: { (client: HTTPClient) in try await client.shutdown() })
                var client: HTTPClient
                @Provide(.transient, factory: HTTPClient(), concrete: true, shutdown: { (client: HTTPClient) in try await client.shutdown() })
                var other: HTTPClient
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: HTTPClient(), concrete: true, service: true, shutdown: { (client: HTTPClient) in try await client.shutdown() })
                                                                         ┬─────────────
                                                                         ╰─ 🛑 'shutdown:' makes 'client' a service that closes its value once the services reading it have stopped; remove 'service: true'
                                                                            ✏️ remove 'service:'
                var client: HTTPClient
                @Provide(.transient, factory: HTTPClient(), concrete: true, shutdown: { (client: HTTPClient) in try await client.shutdown() })
                                                                            ┬────────────────────────────────────────────────────────────────
                                                                            ╰─ 🛑 'other' is '.transient', built anew on every read; a value closed on shutdown is one instance that lives as long as the container: make it '.shared' or remove 'shutdown:'
                                                                               ✏️ remove 'shutdown:'
                var other: HTTPClient
            }
            """
        } fixes: {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: HTTPClient(), concrete: true, shutdown: { (client: HTTPClient) in try await client.shutdown() })
                var client: HTTPClient
                @Provide(.transient, factory: HTTPClient(), concrete: true)
                var other: HTTPClient
            }
            """
        }
    }

    @Test("a 'shutdown:' closure whose parameter has no type gets the member's type, unwrapped, from its fix-it")
    func untypedShutdownParameter() {
        assertMacro {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: HTTPClient(), concrete: true, shutdown: { client in try await client.shutdown() })
                var client: HTTPClient
                @Provide(.shared, factory: { () -> HTTPClient? in nil }, concrete: true, shutdown: { (spare) in try await spare.shutdown() })
                var spare: HTTPClient?
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: HTTPClient(), concrete: true, shutdown: { client in try await client.shutdown() })
                                                                                     ┬─────
                                                                                     ╰─ 🛑 'shutdown:' closes the value of 'client', whose type Swift cannot infer in the attribute: write it, '{ (client: HTTPClient) in ... }'
                                                                                        ✏️ write '(client: HTTPClient)'
                var client: HTTPClient
                @Provide(.shared, factory: { () -> HTTPClient? in nil }, concrete: true, shutdown: { (spare) in try await spare.shutdown() })
                                                                                                     ┬──────
                                                                                                     ╰─ 🛑 'shutdown:' closes the value of 'spare', whose type Swift cannot infer in the attribute: write it, '{ (spare: HTTPClient) in ... }'
                                                                                                        ✏️ write '(spare: HTTPClient)'
                var spare: HTTPClient?
            }
            """
        } fixes: {
            """
            @DIContainer
            struct ProxyContainer {
                @Provide(.shared, factory: HTTPClient(), concrete: true, shutdown: { (client: HTTPClient) in try await client.shutdown() })
                var client: HTTPClient
                @Provide(.shared, factory: { () -> HTTPClient? in nil }, concrete: true, shutdown: { (spare: HTTPClient) in try await spare.shutdown() })
                var spare: HTTPClient?
            }
            """
        }
    }

    @Test("a transient service is reported on 'service:', with a fix-it that removes it")
    func transientService() {
        assertMacro {
            """
            @DIContainer
            struct ServerContainer {
                @Provide(.transient, factory: { Worker() }, concrete: true, service: true)
                var worker: Worker
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct ServerContainer {
                @Provide(.transient, factory: { Worker() }, concrete: true, service: true)
                                                                            ┬────────────
                                                                            ╰─ 🛑 'worker' is '.transient', built anew on every read; a service is one instance that runs as long as the container: make it '.shared' or remove 'service:'
                                                                               ✏️ remove 'service:'
                var worker: Worker
            }
            """
        } fixes: {
            """
            @DIContainer
            struct ServerContainer {
                @Provide(.transient, factory: { Worker() }, concrete: true)
                var worker: Worker
            }
            """
        }
    }

    @Test("'service:' takes a literal, and a member cannot take the generated property's name")
    func invalidArguments() {
        assertMacro {
            """
            @DIContainer
            struct ServerContainer {
                @Provide(.shared, factory: { Worker() }, concrete: true, service: isServer)
                var worker: Worker
                @Provide(.shared, factory: { Pool() }, concrete: true, service: true)
                var pool: Pool
                @Provide(.input) var serviceStartOrder: [String]
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct ServerContainer {
                @Provide(.shared, factory: { Worker() }, concrete: true, service: isServer)
                                                                                  ┬───────
                                                                                  ╰─ 🛑 'service:' takes the literal 'true' or 'false'
                var worker: Worker
                @Provide(.shared, factory: { Pool() }, concrete: true, service: true)
                var pool: Pool
                @Provide(.input) var serviceStartOrder: [String]
                                     ┬────────────────
                                     ╰─ 🛑 'serviceStartOrder' is the property @DIContainer generates on a container with services; rename the member
            }
            """
        }
    }
}
