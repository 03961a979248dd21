import MacroTesting
import Testing
import TrellisMacros

/// Dependencies are read from the syntax of a factory, never from its text: names that only look
/// like member reads must neither create edges (no false cycle) nor be rewritten in generated code.
@Suite(
    "Dependency extraction reads syntax, not text",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct DependencyExtractionTests {
    @Test("a member name inside a string literal is not a read, but an interpolated read is")
    func stringLiteral() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: { (c: Self) in "c.label reads \\(c.host)" }, concrete: true)
                var label: String

                @Provide(.shared, factory: { (c: Self) in Host(name: "label, c.label") }, concrete: true)
                var host: Host
            }
            """
        } expansion: {
            #"""
            struct AppContainer {
                var label: String {
                get {
                    _trellis_storage.values.label
                }
                }
                var host: Host {
                get {
                    _trellis_storage.values.host
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias label =
                               String
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias host =
                              Host
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let label: _trellis_Types.label
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let host: _trellis_Types.host
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        label: String? = nil,


                        host: Host? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(label: label, host: host)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                label: __owned _trellis_Types.label? = nil,


                host: __owned _trellis_Types.host? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let host: Host = if let host { host } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                                              Host(name: "label, c.label")
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 4)
                    let label: String = if let label { label } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                                              "c.label reads \(host)"
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        label: label,
                        host: host
                    ))
                }()
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AppContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make()
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AppContainer` needs from the container that owns it (or whoever creates it).
            protocol AppContainerDependencies {}
            """#
        }
    }

    @Test("a closure's own local or parameter named like a member is not a read of that member")
    func shadowingLocals() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: { (c: Self) in
                    let logger = Logger(label: "local")
                    return Client(logger: logger, names: c.names.map { client in client.uppercased() })
                })
                var client: any ClientProtocol

                @Provide(.shared, factory: { (prefix: String) in [prefix].map { logger in logger + "x" } }, concrete: true)
                var names: [String]

                @Provide(.shared, factory: { (names: [String]) in Logger(label: names.joined()) }, concrete: true)
                var logger: Logger

                @Provide(.input)
                var prefix: String
            }
            """
        } expansion: {
            """
            struct AppContainer {
                var client: any ClientProtocol {
                get {
                    _trellis_storage.values.client
                }
                }
                var names: [String] {
                get {
                    _trellis_storage.values.names
                }
                }
                var logger: Logger {
                get {
                    _trellis_storage.values.logger
                }
                }
                var prefix: String {
                get {
                    _trellis_storage.values.prefix
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias client =
                                any ClientProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias names =
                               [String]
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                    typealias logger =
                                Logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 15)
                    typealias prefix =
                                String
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 7)
                    let client: _trellis_Types.client
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let names: _trellis_Types.names
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                    let logger: _trellis_Types.logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 16)
                    let prefix: _trellis_Types.prefix
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 4)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       client: (any ClientProtocol)? = nil,


                        names: [String]? = nil,


                        logger: Logger? = nil,


                        prefix: String) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(client: client, names: names, logger: logger, prefix: prefix)
                }

                #sourceLocation(file: "Test.swift", line: 3)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                    // Each parameter on the line of its member's type
                    // (generated code):
                client: __owned _trellis_Types.client? = nil,


                names: __owned _trellis_Types.names? = nil,


                logger: __owned _trellis_Types.logger? = nil,


                prefix: __owned _trellis_Types.prefix) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let names: [String] = if let names { names } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                                                                     [prefix].map { logger in logger + "x" }
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 7)
                    let client: any ClientProtocol = if let client { client } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                               { () in
                        let logger = Logger(label: "local")
                        return Client(logger: logger, names: names.map { client in client.uppercased() })
                    }()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 13)
                    let logger: Logger = if let logger { logger } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                                                                      Logger(label: names.joined())
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 6)
                return Trellis.ContainerStorage(_trellis_StoredValues(
                        client: client,


                        names: names,


                        logger: logger,


                        prefix: prefix
                ))
                #sourceLocation()
                }()
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                #sourceLocation(file: "Test.swift", line: 16)
                    let prefix: String
                #sourceLocation()
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AppContainerDependencies) {
                        self.prefix = dependencies.prefix
                    }
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make(prefix: inputs.prefix)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AppContainer` needs from the container that owns it (or whoever creates it).
            protocol AppContainerDependencies {
            #sourceLocation(file: "Test.swift", line: 15)
                // AppContainer needs 'prefix: String': the container providing its needs must have a member 'prefix' of type 'String'.
                var prefix: String { get }
            #sourceLocation()
            }
            """
        }
    }

    @Test("'other.member' on a base other than the container parameter is not a read")
    func otherBase() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: { (c: Self) in Client(session: Defaults.shared.client, cache: c.cache) })
                var session: any SessionProtocol

                @Provide(.shared, factory: { (c: Self) in Client(session: Session.default.session, other: c.cache.session) })
                var client: any ClientProtocol

                @Provide(.shared, factory: Cache())
                var cache: any CacheProtocol
            }
            """
        } expansion: {
            """
            struct AppContainer {
                var session: any SessionProtocol {
                get {
                    _trellis_storage.values.session
                }
                }
                var client: any ClientProtocol {
                get {
                    _trellis_storage.values.client
                }
                }
                var cache: any CacheProtocol {
                get {
                    _trellis_storage.values.cache
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias session =
                                 any SessionProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias client =
                                any ClientProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias cache =
                               any CacheProtocol
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let session: _trellis_Types.session
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let client: _trellis_Types.client
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let cache: _trellis_Types.cache
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       session: (any SessionProtocol)? = nil,


                       client: (any ClientProtocol)? = nil,


                       cache: (any CacheProtocol)? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(session: session, client: client, cache: cache)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                session: __owned _trellis_Types.session? = nil,


                client: __owned _trellis_Types.client? = nil,


                cache: __owned _trellis_Types.cache? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let cache: any CacheProtocol = if let cache { cache } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                                               Cache()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 4)
                    let session: any SessionProtocol = if let session { session } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                                              Client(session: Defaults.shared.client, cache: cache)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 7)
                    let client: any ClientProtocol = if let client { client } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                                              Client(session: Session.default.session, other: cache.session)
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        session: session,
                        client: client,
                        cache: cache
                    ))
                }()
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AppContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make()
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AppContainer` needs from the container that owns it (or whoever creates it).
            protocol AppContainerDependencies {}
            """
        }
    }

    @Test("a nested closure parameter named like the container parameter is not the container")
    func nestedClosureShadowsContainerParameter() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: { (c: Self) in Clients(c.urls.map { c in Client(url: c.absoluteString) }) })
                var clients: any ClientsProtocol

                @Provide(.input)
                var urls: [URL]
            }
            """
        } expansion: {
            """
            struct AppContainer {
                var clients: any ClientsProtocol {
                get {
                    _trellis_storage.values.clients
                }
                }
                var urls: [URL] {
                get {
                    _trellis_storage.values.urls
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias clients =
                                 any ClientsProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias urls =
                              [URL]
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let clients: _trellis_Types.clients
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let urls: _trellis_Types.urls
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       clients: (any ClientsProtocol)? = nil,


                        urls: [URL]) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(clients: clients, urls: urls)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                clients: __owned _trellis_Types.clients? = nil,


                urls: __owned _trellis_Types.urls) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                    let clients: any ClientsProtocol = if let clients { clients } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                                              Clients(urls.map { c in Client(url: c.absoluteString) })
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        clients: clients,
                        urls: urls
                    ))
                }()
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                #sourceLocation(file: "Test.swift", line: 7)
                    let urls: [URL]
                #sourceLocation()
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AppContainerDependencies) {
                        self.urls = dependencies.urls
                    }
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make(urls: inputs.urls)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AppContainer` needs from the container that owns it (or whoever creates it).
            protocol AppContainerDependencies {
            #sourceLocation(file: "Test.swift", line: 6)
                // AppContainer needs 'urls: [URL]': the container providing its needs must have a member 'urls' of type '[URL]'.
                var urls: [URL] { get }
            #sourceLocation()
            }
            """
        }
    }
}
