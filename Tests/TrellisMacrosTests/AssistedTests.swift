import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "@Assisted functions: expansion and diagnostics",
    .macros(
        ["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self, "Assisted": AssistedMacro.self],
        record: .missing))
struct AssistedTests {
    @Suite("Expansion")
    struct Expansion {
        @Test("a factory closure receives the caller's arguments and the members it names, through a builder")
        func factoryClosure() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var clock: any Clock
                    @Assisted(factory: { (itemID: Int, clock: any Clock) in DetailModel(id: itemID, clock: clock) })
                    func detail(itemID: Int) -> DetailModel
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var clock: any Clock {
                    get {
                        _trellis_storage.values.clock
                    }
                    }
                    func detail(itemID: Int) -> DetailModel {
                    return _trellis_Builders.detail(self, itemID)
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 2)
                        typealias clock =
                                                    any Clock
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias detail = (AppContainer, Int) ->
                                                    DetailModel
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                         let clock: _trellis_Types.clock
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                        let detail: _trellis_Types.detail?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 2)
                    init(
                                             clock: any Clock,

                    detail: ((AppContainer, Int) -> DetailModel)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(clock: clock, detail: detail)
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                     clock: __owned _trellis_Types.clock,

                                    detail: __owned _trellis_Types.detail? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            clock: clock,
                            detail: detail
                        ))
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 3)
                                         let clock: any Clock
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.clock = dependencies.clock
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(clock: inputs.clock)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'detail' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 5)
                    static func detail(_ container: AppContainer, _ itemID: Int) -> DetailModel {
                    #sourceLocation()
                            // (generated code)
                            if let override = container._trellis_storage.values.detail {
                            return override(container, itemID)
                        }
                    #sourceLocation(file: "Test.swift", line: 4)
                                    return { (itemID: Int, clock: any Clock) in DetailModel(id: itemID, clock: clock) }(itemID, container.clock)
                    #sourceLocation()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 2)
                    // AppContainer needs 'clock: any Clock': the container providing its needs must have a member 'clock' of type 'any Clock'.
                                     var clock: any Clock { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("AutoWiring passes the arguments first, with their labels, then the 'with:' members")
        func autoWiring() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var repository: any Repository
                    @Assisted(DetailModel.self, with: [\\Self.repository])
                    func detail(id: Int, _ title: String) -> DetailModel
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var repository: any Repository {
                    get {
                        _trellis_storage.values.repository
                    }
                    }
                    func detail(id: Int, _ title: String) -> DetailModel {
                    return _trellis_Builders.detail(self, id, title)
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 2)
                        typealias repository =
                                                         any Repository
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias detail = (AppContainer, Int, String) ->
                                                                 DetailModel
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                         let repository: _trellis_Types.repository
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                                     let detail: _trellis_Types.detail?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 2)
                    init(
                                             repository: any Repository,

                         detail: ((AppContainer, Int, String) -> DetailModel)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(repository: repository, detail: detail)
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                     repository: __owned _trellis_Types.repository,

                                                 detail: __owned _trellis_Types.detail? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            repository: repository,
                            detail: detail
                        ))
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 3)
                                         let repository: any Repository
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.repository = dependencies.repository
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(repository: inputs.repository)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'detail' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 5)
                    static func detail(_ container: AppContainer, _ id: Int, _ title: String) -> DetailModel {
                    #sourceLocation()
                            // (generated code)
                            if let override = container._trellis_storage.values.detail {
                            return override(container, id, title)
                        }
                    #sourceLocation(file: "Test.swift", line: 4)
                           return DetailModel(id: id, title, repository: container.repository)
                    #sourceLocation()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 2)
                    // AppContainer needs 'repository: any Repository': the container providing its needs must have a member 'repository' of type 'any Repository'.
                                     var repository: any Repository { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("declared effects are the builder's; the build awaits and tries only what needs it")
        func effects() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, asyncFactory: { () async throws in try await Connection.open() })
                    var connection: any ConnectionProtocol
                    @Assisted(factory: { (query: String, connection: any ConnectionProtocol) in Rows(query, connection) })
                    func rows(for query: String) async throws -> Rows
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var connection: any ConnectionProtocol {
                    get async throws {
                        // Reads 'connection' from the container
                        // (generated code)
                        try await _trellis_Builders.connection(self)
                    }
                    }
                    func rows(for query: String) async throws -> Rows {
                    return try await _trellis_Builders.rows(self, query)
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias connection =
                                        any ConnectionProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                        typealias rows = (AppContainer, String) async throws ->
                                                                     Rows
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let connection: _trellis_Types.connection?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                                                           let rows: _trellis_Types.rows?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           connection: (any ConnectionProtocol)? = nil,

                       rows: ((AppContainer, String) async throws -> Rows)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(connection: connection, rows: rows)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    connection: __owned _trellis_Types.connection? = nil,

                                                       rows: __owned _trellis_Types.rows? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            connection: connection,
                            rows: rows
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

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'connection' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    static func connection(_ container: AppContainer) async throws -> any ConnectionProtocol {
                    #sourceLocation()
                            // (generated code)
                            if let override = container._trellis_storage.values.connection {
                                return override
                            }
                        #sourceLocation(file: "Test.swift", line: 3)
                                          return try await { () async throws in try await Connection.open() }()
                    #sourceLocation()
                        }

                        // Builds 'rows' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 6)
                    static func rows(_ container: AppContainer, _ query: String) async throws -> Rows {
                    #sourceLocation()
                            // (generated code)
                            if let override = container._trellis_storage.values.rows {
                            return try await override(container, query)
                        }
                    #sourceLocation(file: "Test.swift", line: 5)
                          return try await { (query: String, connection: any ConnectionProtocol) in Rows(query, connection) }(query, container.connection)
                    #sourceLocation()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {}
                """
            }
        }

        @Test("a transient member calls an @Assisted function through the container")
        func calledThroughContainer() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.transient, factory: { (c: Self) in c.model(id: 7) }, concrete: true)
                    var first: Model
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    func model(id: Int) -> Model {
                    return _trellis_Builders.model(self, id)
                    }
                    var first: Model {
                    get {
                        _trellis_Builders.first(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias model = (AppContainer, Int) ->
                                               Model
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                        typealias first =
                                   Model
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                                    let model: _trellis_Types.model?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        let first: _trellis_Types.first?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                    model: ((AppContainer, Int) -> Model)? = nil,

                            first: Model? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(model: model, first: first)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                model: __owned _trellis_Types.model? = nil,

                    first: __owned _trellis_Types.first? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            model: model,
                            first: first
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

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'model' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    static func model(_ container: AppContainer, _ id: Int) -> Model {
                    #sourceLocation()
                            // (generated code)
                            if let override = container._trellis_storage.values.model {
                            return override(container, id)
                        }
                    #sourceLocation(file: "Test.swift", line: 3)
                                    return { (id: Int) in Model(id: id) }(id)
                    #sourceLocation()
                        }

                        // Builds 'first' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 6)
                    static func first(_ c: AppContainer) -> Model { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = c._trellis_storage.values.first { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 5)
                                                                     c.model(id: 7)
                    #sourceLocation()
                        }
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {}
                """
            }
        }

        @Test("in a mainActor container the function is isolated to the main actor")
        func mainActor() {
            assertMacro(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self, "Assisted": AssistedMacro.self]) {
                """
                @DIContainer(mainActor: true)
                final class ScreenContainer {
                    @Assisted(factory: { (id: Int) in Screen(id: id) })
                    func screen(id: Int) -> Screen
                }
                """
            } expansion: {
                """
                final class ScreenContainer {
                    @MainActor
                    func screen(id: Int) -> Screen {
                    return _trellis_Builders.screen(self, id)
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias screen = @MainActor (ScreenContainer, Int) ->
                                                Screen
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                                    let screen: _trellis_Types.screen?
                    #sourceLocation()
                    }

                    private let _trellis_values: _trellis_StoredValues

                    #sourceLocation(file: "Test.swift", line: 1)
                    @MainActor convenience init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           screen: (@MainActor (ScreenContainer, Int) -> Screen)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(screen: screen))
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) @MainActor private static func _trellis_make(
                                screen: __owned _trellis_Types.screen? = nil) -> _trellis_StoredValues {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                         return { () -> _trellis_StoredValues in
                    #sourceLocation()
                        return _trellis_StoredValues(
                            screen: screen
                        )
                    }()
                    }

                    @MainActor private init(_trellis_values: _trellis_StoredValues) {
                        self._trellis_values = _trellis_values
                    }

                    /// The values `ScreenContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        @MainActor init(from dependencies: some ScreenContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    @MainActor convenience init(inputs: Inputs) {
                        self.init(_trellis_values: Self._trellis_make())
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    @MainActor convenience init(dependencies: some ScreenContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'screen' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    @MainActor static func screen(_ container: ScreenContainer, _ id: Int) -> Screen {
                    #sourceLocation()
                            // (generated code)
                            if let override = container._trellis_values.screen {
                            return override(container, id)
                        }
                    #sourceLocation(file: "Test.swift", line: 3)
                                    return { (id: Int) in Screen(id: id) }(id)
                    #sourceLocation()
                        }
                    }
                }

                /// What `ScreenContainer` needs from the container that owns it (or whoever creates it).
                @MainActor protocol ScreenContainerDependencies {}
                """
            }
        }
    }

    @Suite("Diagnostics")
    struct Diagnostics {
        @Test("a function returning an opaque type is reported on its return type, with a fix-it writing 'any'")
        func opaqueResult() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> some ModelProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> some ModelProtocol
                                           ┬─────────────────
                                           ╰─ 🛑 'model(id:)' returns the opaque type 'some ModelProtocol', which the container cannot keep a test's replacement of; return an 'any' type
                                              ✏️ replace 'some' with 'any'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> any ModelProtocol
                }
                """
            }
        }

        @Test("an argument named like a member is reported on the parameter")
        func argumentShadowsMember() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var id: Int
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var id: Int
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                               ┬──────
                               ╰─ 🛑 argument 'id' of 'model(id:)' has the name of the member 'id', so the factory could not tell them apart; rename the argument
                }
                """
            }
        }

        @Test("an argument the factory never receives is reported on the parameter")
        func unusedArgument() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int, title: String) -> Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int, title: String) -> Model
                                        ┬────────────
                                        ╰─ 🛑 'model(id:title:)' never passes its argument 'title' to its factory; add a parameter 'title: String' to its factory closure, or remove the argument
                }
                """
            }
        }

        @Test("a factory parameter that is neither a member nor an argument suggests the near miss")
        func missingArgument() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (itemId: Int) in Model(id: itemId) })
                    func model(itemID: Int) -> Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (itemId: Int) in Model(id: itemId) })
                                          ┬──────────
                                          ╰─ 🛑 'model(itemID:)' reads 'itemId', which is neither a member of 'AppContainer' nor one of its arguments; did you mean 'itemID'?
                                             ✏️ rename to 'itemID', and its use in the closure's body
                    func model(itemID: Int) -> Model
                               ┬──────────
                               ╰─ 🛑 'model(itemID:)' never passes its argument 'itemID' to its factory; add a parameter 'itemID: Int' to its factory closure, or remove the argument
                }
                """
            }
        }

        @Test("a factory parameter with no near miss says to add it to the function")
        func missingArgumentWithoutNearMiss() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (title: String) in Model(title: title) })
                    func model() -> Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (title: String) in Model(title: title) })
                                          ┬────────────
                                          ╰─ 🛑 'model()' reads 'title', which is neither a member of 'AppContainer' nor one of its arguments; if the caller passes it, add the parameter 'title' to 'model'
                    func model() -> Model
                }
                """
            }
        }

        @Test("a function whose build awaits and throws must declare both; one fix-it adds them")
        func effectsNotDeclared() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, asyncFactory: { () async throws in try await Connection.open() })
                    var connection: any ConnectionProtocol
                    @Assisted(factory: { (query: String, connection: any ConnectionProtocol) in Rows(query, connection) })
                    func rows(query: String) -> Rows
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, asyncFactory: { () async throws in try await Connection.open() })
                    var connection: any ConnectionProtocol
                    @Assisted(factory: { (query: String, connection: any ConnectionProtocol) in Rows(query, connection) })
                    func rows(query: String) -> Rows
                         ┬───
                         ╰─ 🛑 'rows(query:)' awaits and throws while it builds its value (its factory or a member it reads does), and its callers must see that: declare the function 'async' and 'throws'
                            ✏️ add 'async throws'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, asyncFactory: { () async throws in try await Connection.open() })
                    var connection: any ConnectionProtocol
                    @Assisted(factory: { (query: String, connection: any ConnectionProtocol) in Rows(query, connection) })
                    func rows(query: String) async throws -> Rows
                }
                """
            }
        }

        @Test("a member reading an @Assisted function by parameter name is told to call it, or to take it as a function value")
        func readByParameter() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.transient, factory: { (model: Model) in model }, concrete: true)
                    var first: Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.transient, factory: { (model: Model) in model }, concrete: true)
                                                     ┬───────────
                                                     ╰─ 🛑 'first' reads 'model', which takes arguments ('model(id:)'); call it through the container instead: '{ (c: Self) in ... c.model(id:) ... }', or take it as a function value: a factory parameter '(model: @escaping @Sendable (Int) -> Model)'
                    var first: Model
                }
                """
            }
        }

        @Test(
            "a shared member, built with the container, cannot call an @Assisted function; it may take it as a function value, which a container isolated to a global actor other than the main actor cannot give"
        )
        func calledWhileCreating() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.shared, factory: { (c: Self) in c.model(id: 1) }, concrete: true)
                    var first: Model
                }

                @DIContainer(mainActor: true)
                struct ScreenContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.shared, factory: { (c: Self) in c.model(id: 1) }, concrete: true)
                    var first: Model
                }

                @DIContainer
                @DatabaseActor
                struct StoreContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.shared, factory: { (c: Self) in c.model(id: 1) }, concrete: true)
                    var first: Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.shared, factory: { (c: Self) in c.model(id: 1) }, concrete: true)
                                                              ┬──────
                                                              ╰─ 🛑 'first' is built when the container is created, before 'model(id:)' can be called; make 'first' '.transient' (it then keeps the container alive) or '.onDemand', or, to call it only later, take it as a function value: a factory parameter '(model: @escaping @Sendable (Int) -> Model)', which reaches the container weakly: a call after the container is released stops the program, so keep the container itself for as long as 'first' is used
                    var first: Model
                }

                @DIContainer(mainActor: true)
                struct ScreenContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.shared, factory: { (c: Self) in c.model(id: 1) }, concrete: true)
                                                              ┬──────
                                                              ╰─ 🛑 'first' is built when the container is created, before 'model(id:)' can be called; make 'first' '.transient' (it then keeps the container alive) or '.onDemand', or, to call it only later, take it as a function value: a factory parameter '(model: @escaping @Sendable (Int) -> Model)', which reaches the container weakly: a call after the container is released stops the program, so keep the container itself for as long as 'first' is used
                    var first: Model
                }

                @DIContainer
                @DatabaseActor
                struct StoreContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                    @Provide(.shared, factory: { (c: Self) in c.model(id: 1) }, concrete: true)
                                                              ┬──────
                                                              ╰─ 🛑 'first' is built when the container is created, before 'model(id:)' can be called; make 'first' '.transient' (it then keeps the container alive) or '.onDemand'
                    var first: Model
                }
                """
            }
        }

        @Test("shapes a function cannot have: a body, static, generic parameters, inout, typed throws")
        func invalidShapes() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func withBody(id: Int) -> Model { Model(id: 0) }
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    static func shared(id: Int) -> Model
                    @Assisted(factory: { (id: T) in Model(id: id) })
                    func generic<T>(id: T) -> Model
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func mutate(id: inout Int) -> Model
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func typed(id: Int) throws(ModelError) -> Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func withBody(id: Int) -> Model { Model(id: 0) }
                                                    ┬───────────────
                                                    ╰─ 🛑 'withBody' gets its body from @Assisted, which builds the value with its factory; remove the body
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    static func shared(id: Int) -> Model
                    ┬─────
                    ╰─ 🛑 @Assisted functions are instance methods of the container; remove 'static'
                    @Assisted(factory: { (id: T) in Model(id: id) })
                    func generic<T>(id: T) -> Model
                                ┬──
                                ╰─ 🛑 @Assisted function 'generic' cannot be generic: the container's graph is checked for one type; remove the generic parameters
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func mutate(id: inout Int) -> Model
                                ┬────────────
                                ╰─ 🛑 @Assisted functions take no 'inout' arguments: the value they build is returned
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func typed(id: Int) throws(ModelError) -> Model
                                        ┬─────────────────
                                        ╰─ 🛑 @Assisted functions throw 'any Error' (their factory's and their members' errors); write 'throws'
                }
                """
            }
        }

        @Test("no factory and no AutoWiring type is reported on the name")
        func missingFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted
                    func model(id: Int) -> Model
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Assisted
                    func model(id: Int) -> Model
                         ┬────
                         ╰─ 🛑 'model(id:)' needs a way to be built: add 'factory:' or 'Type.self, with: [...]'
                }
                """
            }
        }

        @Test("@Assisted outside a container is reported on the attribute")
        func outsideContainer() {
            assertMacro {
                """
                struct NotAContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    func model(id: Int) -> Model
                }
                """
            } diagnostics: {
                """
                struct NotAContainer {
                    @Assisted(factory: { (id: Int) in Model(id: id) })
                    ┬─────────────────────────────────────────────────
                    ╰─ 🛑 @Assisted declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @Assisted
                    func model(id: Int) -> Model
                }
                """
            }
        }
    }
}
