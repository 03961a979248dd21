import MacroTesting
import Testing
import TrellisMacros

/// Scope containers: `.argument` members, which the creator passes beside the value providing the
/// scope's needs, and `@Assisted(.scope)` functions, which create a scope from their container.
@Suite(
    "Scope containers: expansion and diagnostics",
    .macros(
        ["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self, "Assisted": AssistedMacro.self],
        record: .missing))
struct ScopeCreationTests {
    @Suite("Expansion")
    struct Expansion {
        @Test("'.argument' members are stored like inputs, left out of the needs protocol, and follow 'dependencies:'")
        func argumentMembers() {
            assertMacro {
                """
                @DIContainer
                final class RequestScope: Sendable {
                    @Provide(.argument) var requestID: String
                    @Provide(.input) var log: RequestLog
                    @Provide(.argument) var attempt: Int = 1
                    @Provide(.shared, factory: { (requestID: String, log: RequestLog) in Work(requestID, log) }, concrete: true)
                    var work: Work
                }
                """
            } expansion: {
                """
                final class RequestScope: Sendable {
                    var requestID: String {
                    get {
                        _trellis_values.requestID
                    }
                    }
                    var log: RequestLog {
                    get {
                        _trellis_values.log
                    }
                    }
                    var attempt: Int {
                    get {
                        _trellis_values.attempt
                    }
                    }
                    var work: Work {
                    get {
                        _trellis_values.work
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 2)
                        typealias requestID =
                                                           String
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias log =
                                                  RequestLog
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias attempt =
                                                         Int
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias work =
                                  Work
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues: @unchecked Sendable {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                            let requestID: _trellis_Types.requestID
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                                         let log: _trellis_Types.log
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                            let attempt: _trellis_Types.attempt
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let work: _trellis_Types.work
                    #sourceLocation()

                        /// Each value's type is `Sendable`, as the container's conformance needs.
                        static func checkSendable() {
                            // Each member's type, on its line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                                       _ = Trellis.SendableValue<String>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                                              _ = Trellis.SendableValue<RequestLog>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                                     _ = Trellis.SendableValue<Int>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                              _ = Trellis.SendableValue<Work>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                    #sourceLocation()
                        }
                    }

                    private let _trellis_values: _trellis_StoredValues

                    #sourceLocation(file: "Test.swift", line: 2)
                    convenience init(
                                                requestID: String,
                                             log: RequestLog,
                                                attempt: Int = 1,

                            work: Work? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(requestID: requestID, log: log, attempt: attempt, work: work))
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                        requestID: __owned _trellis_Types.requestID,
                                     log: __owned _trellis_Types.log,
                                        attempt: __owned _trellis_Types.attempt,

                    work: __owned _trellis_Types.work? = nil) -> _trellis_StoredValues {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                         return { () -> _trellis_StoredValues in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let work: Work = if let work { work } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                                                                                             Work(requestID, log)
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 2)
                    return _trellis_StoredValues(
                                                requestID: requestID,
                                             log: log,
                                                attempt: attempt,

                            work: work
                    )
                    #sourceLocation()
                    }()
                    }

                    private init(_trellis_values: _trellis_StoredValues) {
                        self._trellis_values = _trellis_values
                    }

                    /// The values `RequestScope` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                                         let log: RequestLog
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some RequestScopeDependencies) {
                            self.log = dependencies.log
                        }
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from a snapshot of what it needs.
                    convenience init(inputs: Inputs,
                                                requestID: String,

                                                attempt: Int = 1) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(requestID: requestID, log: inputs.log, attempt: attempt))
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    convenience init(dependencies: some RequestScopeDependencies,
                                                requestID: String,

                                                attempt: Int = 1,

                            work: Work? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(requestID: requestID, log: dependencies.log, attempt: attempt, work: work))
                    }
                }

                /// What `RequestScope` needs from the container that owns it (or whoever creates it).
                protocol RequestScopeDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // RequestScope needs 'log: RequestLog': the container providing its needs must have a member 'log' of type 'RequestLog'.
                                     var log: RequestLog { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("@Assisted(.scope) creates the scope from the container and the function's arguments, with its 'throws'")
        func scopeFunction() {
            assertMacro {
                """
                @DIContainer
                final class ServerContainer: Sendable, RequestScopeDependencies, JobScopeDependencies {
                    @Provide(.shared, factory: { RequestLog() }, concrete: true) var log: RequestLog
                    @Assisted(.scope)
                    func request(id requestID: String, attempt: Int) -> RequestScope
                    @Assisted(AssistedKind.scope)
                    func job(_ jobID: Int) throws -> JobScope
                }
                """
            } expansion: {
                """
                final class ServerContainer: Sendable, RequestScopeDependencies, JobScopeDependencies {
                    var log: RequestLog {
                    get {
                        _trellis_values.log
                    }
                    }
                    func request(id requestID: String, attempt: Int) -> RequestScope {
                    return _trellis_Builders.request(self, requestID, attempt)
                    }
                    func job(_ jobID: Int) throws -> JobScope {
                    return try _trellis_Builders.job(self, jobID)
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 2)
                        typealias log =
                                                                                              RequestLog
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias request = @Sendable (ServerContainer, String, Int) ->
                                                                            RequestScope
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias job = @Sendable (ServerContainer, Int) throws ->
                                                         JobScope
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues: @unchecked Sendable {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                                                                     let log: _trellis_Types.log
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                                               let request: _trellis_Types.request?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                                                let job: _trellis_Types.job?
                    #sourceLocation()

                        /// Each value's type is `Sendable`, as the container's conformance needs.
                        static func checkSendable() {
                            // Each member's type, on its line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                                                                          _ = Trellis.SendableValue<RequestLog>.self // 'ServerContainer' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                    #sourceLocation()
                        }
                    }

                    private let _trellis_values: _trellis_StoredValues

                    #sourceLocation(file: "Test.swift", line: 2)
                    convenience init(
                                                                                         log: RequestLog? = nil,

                      request: (@Sendable (ServerContainer, String, Int) -> RequestScope)? = nil,

                    job: (@Sendable (ServerContainer, Int) throws -> JobScope)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(log: log, request: request, job: job))
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                                                                 log: __owned _trellis_Types.log? = nil,

                                                           request: __owned _trellis_Types.request? = nil,

                                            job: __owned _trellis_Types.job? = nil) -> _trellis_StoredValues {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                         return { () -> _trellis_StoredValues in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                                                                     let log: RequestLog = if let log { log } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                                     RequestLog()
                    #sourceLocation()
                        }
                        return _trellis_StoredValues(
                            log: log,
                            request: request,
                            job: job
                        )
                    }()
                    }

                    private init(_trellis_values: _trellis_StoredValues) {
                        self._trellis_values = _trellis_values
                    }

                    /// The values `ServerContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some ServerContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    convenience init(inputs: Inputs) {
                        self.init(_trellis_values: Self._trellis_make())
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    convenience init(dependencies: some ServerContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'request' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 5)
                    static func request(_ c: ServerContainer, _ requestID: String, _ attempt: Int) -> RequestScope {
                    #sourceLocation()
                            // (generated code)
                            if let override = c._trellis_values.request {
                            return override(c, requestID, attempt)
                        }
                    #sourceLocation(file: "Test.swift", line: 2)
                    return .init(dependencies: (c
                        // Each parameter on the line of its member's type
                        // (generated code):
                                     ), requestID: requestID, attempt: attempt) // an @Assisted(.scope) function passes its parameters as the scope's '.argument' members of the same names
                    #sourceLocation()
                        }

                        // Builds 'job' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    static func job(_ c: ServerContainer, _ jobID: Int) throws -> JobScope {
                    #sourceLocation()
                            // (generated code)
                            if let override = c._trellis_values.job {
                            return try override(c, jobID)
                        }
                    #sourceLocation(file: "Test.swift", line: 4)
                    return try Trellis.AssistedKind.created(.init(dependencies: (c
                        // Each parameter on the line of its member's type
                        // (generated code):
                                ), jobID: jobID)) // an @Assisted(.scope) function passes its parameters as the scope's '.argument' members of the same names
                    #sourceLocation()
                        }
                    }
                }

                /// What `ServerContainer` needs from the container that owns it (or whoever creates it).
                protocol ServerContainerDependencies {}
                """
            }
        }

        @Test("a scope with a forwarding child takes its arguments before its overrides")
        func argumentsWithForwardingChild() {
            assertMacro {
                """
                @DIContainer
                struct SessionScope {
                    @Provide(.argument) var user: String
                    @Provide(.forwardingChild) var settings: SettingsContainer
                    @Provide(.shared, factory: { (user: String) in Greeting(user) }, concrete: true) var greeting: Greeting
                }
                """
            } expansion: {
                """
                struct SessionScope {
                    var user: String {
                    get {
                        _trellis_storage.values.user
                    }
                    }
                    var settings: SettingsContainer {
                    get {
                        if let value = _trellis_storage.values.settings.builtValue {
                            return value
                        }
                        return _trellis_storage.values.settings.value { _trellis_Builders.settings(self) }
                    }
                    }
                    var greeting: Greeting {
                    get {
                        _trellis_storage.values.greeting
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 2)
                        typealias user =
                                                      String
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias greeting =
                                                                                                                       Greeting
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                            let user: _trellis_Types.user
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                                  let settings: Trellis.OnDemand<SettingsContainer>
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                                                                                         let greeting: _trellis_Types.greeting
                    #sourceLocation()
                        let _trellis_inputs_settings: SettingsContainer.Inputs
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 2)
                    private init(
                                                user: String,
                                                       settings: SettingsContainer? = nil,
                                                                                                             greeting: Greeting? = nil, _trellis_inputs_settings: SettingsContainer.Inputs) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(user: user, settings: settings, greeting: greeting, _trellis_inputs_settings: _trellis_inputs_settings)
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                        user: __owned _trellis_Types.user,
                                               settings: __owned SettingsContainer? = nil,
                                                                                                     greeting: __owned _trellis_Types.greeting? = nil, _trellis_inputs_settings: __owned SettingsContainer.Inputs) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                                                                                         let greeting: Greeting = if let greeting { greeting } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                                                       Greeting(user)
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 4)
                    let _trellis_cell_settings = Trellis.OnDemand<SettingsContainer>(override: settings)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 2)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                                                user: user,
                                                       settings: _trellis_cell_settings,
                                                                                                             greeting: greeting,
                        _trellis_inputs_settings: _trellis_inputs_settings
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `SessionScope` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let settings: SettingsContainer.Inputs
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some SessionScopeDependencies) {
                            self.settings = SettingsContainer.Inputs(from: dependencies)
                        }
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs,
                                                user: String) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(user: user, _trellis_inputs_settings: inputs.settings)
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some SessionScopeDependencies,
                                                user: String,
                                                       settings: SettingsContainer? = nil,
                                                                                                             greeting: Greeting? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(user: user, settings: settings, greeting: greeting, _trellis_inputs_settings: SettingsContainer.Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'settings' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    static func settings(_ container: SessionScope) -> SettingsContainer {
                    #sourceLocation()
                            // (generated code)
                        #sourceLocation(file: "Test.swift", line: 4)
                                                                 SettingsContainer(inputs: container._trellis_storage.values._trellis_inputs_settings)
                    #sourceLocation()
                        }
                    }
                }

                /// What `SessionScope` needs from the container that owns it (or whoever creates it).
                protocol SessionScopeDependencies: SettingsContainerDependencies {}
                """
            }
        }
    }

    @Suite("Diagnostics")
    struct Diagnostics {
        // Whether the creator declares `: RequestScopeDependencies` depends on the scope's declaration
        // (a scope with `parent:` takes its creator itself), which this macro does not see: the
        // compiler reports a missing conformance on the function ("requires that 'ServerContainer'
        // conform to 'RequestScopeDependencies'"), and `trellis validate` in Trellis's words
        // (ScopeProgramRulesTests).
        @Test("a container creating a scope gets no diagnostic of the macro about the scope's needs")
        func needsNotDeclared() {
            assertMacro {
                """
                @DIContainer
                final class ServerContainer: Sendable {
                    @Provide(.shared, factory: { RequestLog() }, concrete: true) var log: RequestLog
                    @Assisted(.scope)
                    func request(requestID: String) -> RequestScope
                }
                """
            } expansion: {
                """
                final class ServerContainer: Sendable {
                    var log: RequestLog {
                    get {
                        _trellis_values.log
                    }
                    }
                    func request(requestID: String) -> RequestScope {
                    return _trellis_Builders.request(self, requestID)
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 2)
                        typealias log =
                                                                                              RequestLog
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias request = @Sendable (ServerContainer, String) ->
                                                           RequestScope
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues: @unchecked Sendable {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                                                                     let log: _trellis_Types.log
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                                              let request: _trellis_Types.request?
                    #sourceLocation()

                        /// Each value's type is `Sendable`, as the container's conformance needs.
                        static func checkSendable() {
                            // Each member's type, on its line:
                    #sourceLocation(file: "Test.swift", line: 3)
                                                                                          _ = Trellis.SendableValue<RequestLog>.self // 'ServerContainer' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                    #sourceLocation()
                        }
                    }

                    private let _trellis_values: _trellis_StoredValues

                    #sourceLocation(file: "Test.swift", line: 2)
                    convenience init(
                                                                                         log: RequestLog? = nil,

                    request: (@Sendable (ServerContainer, String) -> RequestScope)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(log: log, request: request))
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                                                                                 log: __owned _trellis_Types.log? = nil,

                                          request: __owned _trellis_Types.request? = nil) -> _trellis_StoredValues {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                         return { () -> _trellis_StoredValues in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                                                                     let log: RequestLog = if let log { log } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                                     RequestLog()
                    #sourceLocation()
                        }
                        return _trellis_StoredValues(
                            log: log,
                            request: request
                        )
                    }()
                    }

                    private init(_trellis_values: _trellis_StoredValues) {
                        self._trellis_values = _trellis_values
                    }

                    /// The values `ServerContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some ServerContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    convenience init(inputs: Inputs) {
                        self.init(_trellis_values: Self._trellis_make())
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    convenience init(dependencies: some ServerContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'request' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 5)
                    static func request(_ c: ServerContainer, _ requestID: String) -> RequestScope {
                    #sourceLocation()
                            // (generated code)
                            if let override = c._trellis_values.request {
                            return override(c, requestID)
                        }
                    #sourceLocation(file: "Test.swift", line: 2)
                    return .init(dependencies: (c
                        // Each parameter on the line of its member's type
                        // (generated code):
                                  ), requestID: requestID) // an @Assisted(.scope) function passes its parameters as the scope's '.argument' members of the same names
                    #sourceLocation()
                        }
                    }
                }

                /// What `ServerContainer` needs from the container that owns it (or whoever creates it).
                protocol ServerContainerDependencies {}
                """
            }
        }

        @Test("a scope function returns a container's type, written by name")
        func notAContainerType() {
            assertMacro {
                """
                @DIContainer
                struct ServerContainer {
                    @Assisted(.scope)
                    func request(requestID: String) -> any RequestHandling
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct ServerContainer {
                    @Assisted(.scope)
                    func request(requestID: String) -> any RequestHandling
                                                       ┬──────────────────
                                                       ╰─ 🛑 'request(requestID:)' creates a scope container, so it must return the type of a @DIContainer, written by name (not 'any RequestHandling')
                }
                """
            }
        }

        @Test("@Assisted(.scope) takes no factory, type or 'with:'")
        func scopeWithFactory() {
            assertMacro {
                """
                @DIContainer
                struct ServerContainer: RequestScopeDependencies {
                    @Assisted(.scope, factory: { RequestScope() })
                    func request(requestID: String) -> RequestScope
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct ServerContainer: RequestScopeDependencies {
                    @Assisted(.scope, factory: { RequestScope() })
                                      ┬──────────────────────────
                                      ╰─ 🛑 @Assisted(.scope) creates the scope from this container and the function's arguments; remove this argument
                    func request(requestID: String) -> RequestScope
                }
                """
            }
        }

        @Test("an '.argument' takes no factory, like an '.input'")
        func argumentWithFactory() {
            assertMacro {
                """
                @DIContainer
                struct RequestScope {
                    @Provide(.argument, factory: { UUID().uuidString }) var requestID: String
                    @Provide(.argument, asyncFactory: { () async in 1 }) var attempt: Int
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct RequestScope {
                    @Provide(.argument, factory: { UUID().uuidString }) var requestID: String
                                        ┬─────────────────────────────
                                        ╰─ 🛑 '.argument' member 'requestID' is supplied by the container's creator and takes no 'factory'
                                           ✏️ remove 'factory:'
                    @Provide(.argument, asyncFactory: { () async in 1 }) var attempt: Int
                                        ┬──────────────────────────────
                                        ╰─ 🛑 '.argument' member 'attempt' is supplied by the container's creator and takes no asyncFactory
                                           ✏️ remove 'asyncFactory:'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct RequestScope {
                    @Provide(.argument) var requestID: String
                    @Provide(.argument) var attempt: Int
                }
                """
            }
        }
    }
}
