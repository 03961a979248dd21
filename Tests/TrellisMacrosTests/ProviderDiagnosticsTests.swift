import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Provider diagnostics and expansion",
    .macros(
        ["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self, "Assisted": AssistedMacro.self],
        record: .missing))
struct ProviderDiagnosticsTests {
    @Test(
        "a Provider given to a kept member reads the container through its weak link, made once; a Lazy given to a transient holds the container"
    )
    func expansion() {
        assertMacro {
            """
            @DIContainer
            struct JobContainer {
                @Provide(.transient, factory: { () in JobHandler() }, concrete: true)
                var handler: JobHandler

                @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(handler) }, concrete: true)
                var runner: JobRunner

                @Provide(.transient, factory: { (runner: Lazy<JobRunner>) in Handle(runner) }, concrete: true)
                var handle: Handle
            }
            """
        } expansion: {
            """
            struct JobContainer {
                var handler: JobHandler {
                get {
                    _trellis_Builders.handler(self)
                }
                }
                var runner: JobRunner {
                get {
                    _trellis_storage.values.runner
                }
                }
                var handle: Handle {
                get {
                    _trellis_Builders.handle(self)
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias handler =
                                 JobHandler
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias runner =
                                JobRunner
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias handle =
                                Handle
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues: @unchecked Sendable {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let handler: _trellis_Types.handler?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let runner: _trellis_Types.runner
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let handle: _trellis_Types.handle?
                #sourceLocation()
                    let _trellis_link: Trellis.ContainerLink<JobContainer, Trellis.ContainerStorage<_trellis_StoredValues>>

                    /// Each value's type is `Sendable`, as the container's conformance needs.
                    static func checkSendable() {
                        // Each member's type, on its line:
                #sourceLocation(file: "Test.swift", line: 4)
                             _ = Trellis.SendableValue<JobHandler>.self // 'JobContainer' is Sendable as 'runner' takes 'handler' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                            _ = Trellis.SendableValue<JobRunner>.self // 'JobContainer' is Sendable as 'runner' takes 'handler' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                            _ = Trellis.SendableValue<Handle>.self // 'JobContainer' is Sendable as 'runner' takes 'handler' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                    }
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        handler: JobHandler? = nil,


                        runner: JobRunner? = nil,


                        handle: Handle? = nil) {
                #sourceLocation()
                    // (generated code)
                    let _trellis_link = Trellis.ContainerLink<JobContainer, Trellis.ContainerStorage<_trellis_StoredValues>>(make: { JobContainer(_trellis_storage: $0) })
                    self._trellis_storage = Self._trellis_make(handler: handler, runner: runner, handle: handle, _trellis_link)
                    _trellis_link.bind(self._trellis_storage)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                handler: __owned _trellis_Types.handler? = nil,


                runner: __owned _trellis_Types.runner? = nil,


                handle: __owned _trellis_Types.handle? = nil, _ _trellis_link: Trellis.ContainerLink<JobContainer, Trellis.ContainerStorage<_trellis_StoredValues>>) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let runner: JobRunner = if let runner { runner } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                               { (handler: Provider<JobHandler>) in JobRunner(handler) }(Trellis.Provider { [_trellis_link = _trellis_link] in let _trellis_container = _trellis_link.container(providing: "handler", to: "runner"); return _trellis_container.handler })
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        handler: handler,
                        runner: runner,
                        handle: handle,
                        _trellis_link: _trellis_link
                    ))
                }()
                }

                private init(_trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>) {
                    self._trellis_storage = _trellis_storage
                }

                /// The values `JobContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some JobContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    let _trellis_link = Trellis.ContainerLink<JobContainer, Trellis.ContainerStorage<_trellis_StoredValues>>(make: { JobContainer(_trellis_storage: $0) })
                    self._trellis_storage = Self._trellis_make(_trellis_link)
                    _trellis_link.bind(self._trellis_storage)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some JobContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'handler' from its declaration:
                #sourceLocation(file: "Test.swift", line: 4)
                static func handler(_ container: JobContainer) -> JobHandler { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.handler { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 3)
                                                          JobHandler()
                #sourceLocation()
                    }
                    }()
                    }

                    // Builds 'handle' from its declaration:
                #sourceLocation(file: "Test.swift", line: 10)
                static func handle(_ container: JobContainer) -> Handle { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.handle { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 9)
                                                  { (runner: Lazy<JobRunner>) in Handle(runner) }(Trellis.Lazy { [container] in container.runner })
                #sourceLocation()
                    }
                    }()
                    }
                }
            }

            /// What `JobContainer` needs from the container that owns it (or whoever creates it).
            protocol JobContainerDependencies {}
            """
        }
    }

    @Test("a member reading another through a Provider closes no cycle: the read happens after construction")
    func noCycle() {
        assertMacro {
            """
            @DIContainer
            final class AuthContainer {
                @Provide(.shared, factory: { (authenticator: any Authenticator) in Session(authenticator) })
                var session: any SessionProtocol

                @Provide(.shared, factory: { (session: Provider<any SessionProtocol>) in TokenAuthenticator(session) })
                var authenticator: any Authenticator
            }
            """
        } expansion: {
            """
            final class AuthContainer {
                var session: any SessionProtocol {
                get {
                    _trellis_values.session
                }
                }
                var authenticator: any Authenticator {
                get {
                    _trellis_values.authenticator
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
                    typealias authenticator =
                                       any Authenticator
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues: @unchecked Sendable {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let session: _trellis_Types.session
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let authenticator: _trellis_Types.authenticator
                #sourceLocation()
                    let _trellis_link: Trellis.ContainerLink<AuthContainer, AuthContainer>

                    /// Each value's type is `Sendable`, as the container's conformance needs.
                    static func checkSendable() {
                        // Each member's type, on its line:
                #sourceLocation(file: "Test.swift", line: 4)
                             _ = Trellis.SendableValue<any SessionProtocol>.self // 'AuthContainer' is Sendable as 'authenticator' takes 'session' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                                   _ = Trellis.SendableValue<any Authenticator>.self // 'AuthContainer' is Sendable as 'authenticator' takes 'session' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                    }
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 1)
                convenience init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       session: (any SessionProtocol)? = nil,


                       authenticator: (any Authenticator)? = nil) {
                #sourceLocation()
                    // (generated code)
                    let _trellis_link = Trellis.ContainerLink<AuthContainer, AuthContainer>(make: { $0 })
                    self.init(_trellis_values: Self._trellis_make(session: session, authenticator: authenticator, _trellis_link))
                    _trellis_link.bind(self)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                session: __owned _trellis_Types.session? = nil,


                authenticator: __owned _trellis_Types.authenticator? = nil, _ _trellis_link: Trellis.ContainerLink<AuthContainer, AuthContainer>) -> _trellis_StoredValues {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                     return { () -> _trellis_StoredValues in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let authenticator: any Authenticator = if let authenticator { authenticator } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                               { (session: Provider<any SessionProtocol>) in TokenAuthenticator(session) }(Trellis.Provider { [_trellis_link = _trellis_link] in let _trellis_container = _trellis_link.container(providing: "session", to: "authenticator"); return _trellis_container.session })
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 4)
                    let session: any SessionProtocol = if let session { session } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                                                                       Session(authenticator)
                #sourceLocation()
                    }
                    return _trellis_StoredValues(
                        session: session,
                        authenticator: authenticator,
                        _trellis_link: _trellis_link
                    )
                }()
                }

                private init(_trellis_values: _trellis_StoredValues) {
                    self._trellis_values = _trellis_values
                }

                /// The values `AuthContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AuthContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                convenience init(inputs: Inputs) {
                    let _trellis_link = Trellis.ContainerLink<AuthContainer, AuthContainer>(make: { $0 })
                    self.init(_trellis_values: Self._trellis_make(_trellis_link))
                    _trellis_link.bind(self)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                convenience init(dependencies: some AuthContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AuthContainer` needs from the container that owns it (or whoever creates it).
            protocol AuthContainerDependencies {}
            """
        }
    }

    @Test("a permanent container binds its link keeping itself; a permanent scope is refused on the argument")
    func permanentContainer() {
        assertMacro {
            """
            @DIContainer(permanent: true)
            final class AppContainer {
                @Provide(.transient, factory: { Handler() })
                var handler: any HandlerProtocol

                @Provide(.shared, factory: { (handler: Provider<any HandlerProtocol>) in Runner(handler: handler) })
                var runner: any RunnerProtocol
            }
            """
        } expansion: {
            """
            final class AppContainer {
                var handler: any HandlerProtocol {
                get {
                    _trellis_Builders.handler(self)
                }
                }
                var runner: any RunnerProtocol {
                get {
                    _trellis_values.runner
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias handler =
                                 any HandlerProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias runner =
                                any RunnerProtocol
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues: @unchecked Sendable {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let handler: _trellis_Types.handler?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let runner: _trellis_Types.runner
                #sourceLocation()
                    let _trellis_link: Trellis.ContainerLink<AppContainer, AppContainer>

                    /// Each value's type is `Sendable`, as the container's conformance needs.
                    static func checkSendable() {
                        // Each member's type, on its line:
                #sourceLocation(file: "Test.swift", line: 4)
                             _ = Trellis.SendableValue<any HandlerProtocol>.self // 'AppContainer' is Sendable as 'runner' takes 'handler' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                            _ = Trellis.SendableValue<any RunnerProtocol>.self // 'AppContainer' is Sendable as 'runner' takes 'handler' as a Provider, callable from any thread: make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                    }
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 1)
                convenience init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       handler: (any HandlerProtocol)? = nil,


                       runner: (any RunnerProtocol)? = nil) {
                #sourceLocation()
                    // (generated code)
                    let _trellis_link = Trellis.ContainerLink<AppContainer, AppContainer>(make: { $0 })
                    self.init(_trellis_values: Self._trellis_make(handler: handler, runner: runner, _trellis_link))
                    _trellis_link.bindKeeping(self)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                handler: __owned _trellis_Types.handler? = nil,


                runner: __owned _trellis_Types.runner? = nil, _ _trellis_link: Trellis.ContainerLink<AppContainer, AppContainer>) -> _trellis_StoredValues {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                     return { () -> _trellis_StoredValues in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let runner: any RunnerProtocol = if let runner { runner } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                               { (handler: Provider<any HandlerProtocol>) in Runner(handler: handler) }(Trellis.Provider { [_trellis_link = _trellis_link] in let _trellis_container = _trellis_link.container(providing: "handler", to: "runner"); return _trellis_container.handler })
                #sourceLocation()
                    }
                    return _trellis_StoredValues(
                        handler: handler,
                        runner: runner,
                        _trellis_link: _trellis_link
                    )
                }()
                }

                private init(_trellis_values: _trellis_StoredValues) {
                    self._trellis_values = _trellis_values
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AppContainerDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                convenience init(inputs: Inputs) {
                    let _trellis_link = Trellis.ContainerLink<AppContainer, AppContainer>(make: { $0 })
                    self.init(_trellis_values: Self._trellis_make(_trellis_link))
                    _trellis_link.bindKeeping(self)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                convenience init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'handler' from its declaration:
                #sourceLocation(file: "Test.swift", line: 4)
                static func handler(_ container: AppContainer) -> any HandlerProtocol { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_values.handler { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 3)
                                                    Handler()
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
        assertMacro {
            """
            @DIContainer(parent: AppContainer.self, permanent: true)
            final class RequestScope {
                @Provide(.argument)
                var id: String
            }
            """
        } diagnostics: {
            """
            @DIContainer(parent: AppContainer.self, permanent: true)
                                                    ┬──────────────
                                                    ╰─ 🛑 a container with 'parent:' is created for each unit of work, and a permanent one is never released; remove 'permanent:', which is for a container that lives as long as the program
            final class RequestScope {
                @Provide(.argument)
                var id: String
            }
            """
        }
    }

    @Test("a Provider whose type argument is not the member's type is rewritten to it")
    func typeMismatch() {
        assertMacro {
            """
            @DIContainer
            struct JobContainer {
                @Provide(.transient, factory: { () in JobHandler() })
                var handler: any Handler

                @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(handler) }, concrete: true)
                var runner: JobRunner
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct JobContainer {
                @Provide(.transient, factory: { () in JobHandler() })
                var handler: any Handler

                @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(handler) }, concrete: true)
                                              ┬────────────────────────────
                                              ╰─ 🛑 'runner' receives 'handler' as 'Provider<JobHandler>', but 'handler' has the type 'any Handler'; write 'Provider<any Handler>'
                                                 ✏️ use the member's type 'any Handler'
                var runner: JobRunner
            }
            """
        } fixes: {
            """
            @DIContainer
            struct JobContainer {
                @Provide(.transient, factory: { () in JobHandler() })
                var handler: any Handler

                @Provide(.shared, factory: { (handler: Provider<any Handler>) in JobRunner(handler) }, concrete: true)
                var runner: JobRunner
            }
            """
        }
    }

    @Test("a Provider of an async member, of a throwing member or of an @Assisted function is refused, each saying why")
    func unsupportedTargets() {
        assertMacro {
            """
            @DIContainer
            struct JobContainer {
                @Provide(.shared, asyncFactory: { () async in await Store.open() }, concrete: true)
                var store: Store

                @Provide(.transient, factory: { () throws in try Parser() }, concrete: true)
                var parser: Parser

                @Assisted(factory: { (id: Int) in Job(id) })
                func job(id: Int) -> Job

                @Provide(.shared, factory: { (store: Provider<Store>, parser: Lazy<Parser>, job: Provider<Job>) in Runner(store, parser, job) }, concrete: true)
                var runner: Runner
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct JobContainer {
                @Provide(.shared, asyncFactory: { () async in await Store.open() }, concrete: true)
                var store: Store

                @Provide(.transient, factory: { () throws in try Parser() }, concrete: true)
                var parser: Parser

                @Assisted(factory: { (id: Int) in Job(id) })
                func job(id: Int) -> Job

                @Provide(.shared, factory: { (store: Provider<Store>, parser: Lazy<Parser>, job: Provider<Job>) in Runner(store, parser, job) }, concrete: true)
                                                                                            ┬─────────────────
                                              │                       │                     ╰─ 🛑 'runner' receives 'job(id:)' as a Provider, but 'job(id:)' is called with arguments, which a Provider cannot pass; take the container ('c: Self') and call 'c.job(...)' when needed
                                                                      ┬────────────────────
                                              │                       ╰─ 🛑 'runner' receives 'parser' as a Lazy, but 'parser' has a throwing factory, whose error a Lazy cannot pass on; read it directly from a factory declared 'throws'
                                              ┬──────────────────────
                                              ╰─ 🛑 'runner' receives 'store' as a Provider, but 'store' is built by an asyncFactory, which a Provider cannot await; read it directly from an asyncFactory
                var runner: Runner
            }
            """
        }
    }

    @Test(
        "a Provider, Lazy or function in a container isolated to a global actor other than the main actor is refused; a .transient reader is not told to be .transient"
    )
    func globalActorContainer() {
        assertMacro {
            """
            @DIContainer
            @DatabaseActor
            struct StoreContainer {
                @Provide(.transient, factory: { () in Cursor() }, concrete: true)
                var cursor: Cursor

                @Provide(.shared, factory: { (cursor: Provider<Cursor>) in Reader(cursor) }, concrete: true)
                var reader: Reader

                @Provide(.transient, factory: { (reader: Lazy<Reader>) in Manager(reader) }, concrete: true)
                var manager: Manager

                @Assisted(factory: { (id: Int) in Row(id) })
                func row(id: Int) -> Row

                @Provide(.shared, factory: { (row: @escaping @Sendable (Int) -> Row) in Table(row) }, concrete: true)
                var table: Table
            }
            """
        } diagnostics: {
            """
            @DIContainer
            @DatabaseActor
            struct StoreContainer {
                @Provide(.transient, factory: { () in Cursor() }, concrete: true)
                var cursor: Cursor

                @Provide(.shared, factory: { (cursor: Provider<Cursor>) in Reader(cursor) }, concrete: true)
                                              ┬───────────────────────
                                              ╰─ 🛑 'reader' receives 'cursor' as a Provider, which Trellis cannot give in a container isolated to '@DatabaseActor' (calling it would leave the actor); read 'cursor' directly, or make 'reader' '.transient' so it is built when read
                var reader: Reader

                @Provide(.transient, factory: { (reader: Lazy<Reader>) in Manager(reader) }, concrete: true)
                                                 ┬───────────────────
                                                 ╰─ 🛑 'manager' receives 'reader' as a Lazy, which Trellis cannot give in a container isolated to '@DatabaseActor' (calling it would leave the actor); read 'reader' directly
                var manager: Manager

                @Assisted(factory: { (id: Int) in Row(id) })
                func row(id: Int) -> Row

                @Provide(.shared, factory: { (row: @escaping @Sendable (Int) -> Row) in Table(row) }, concrete: true)
                                              ┬────────────────────────────────────
                                              ╰─ 🛑 'table' takes 'row(id:)' as a function, which Trellis cannot give in a container isolated to '@DatabaseActor' (calling it would leave the actor); take the container ('c: Self') and call 'c.row(id:)' from a '.transient' member
                var table: Table
            }
            """
        }
    }

    @Test("a main-actor container gives a Provider, a Lazy and a function value, each read on the main actor")
    func mainActorContainer() {
        assertMacro {
            """
            @DIContainer(mainActor: true)
            final class ScreenContainer {
                @Provide(.transient, factory: { () in DetailModel() }, concrete: true)
                var detail: DetailModel

                @Provide(.shared, factory: { (detail: Provider<DetailModel>, view: Lazy<View>) in ListModel(detail, view) }, concrete: true)
                var list: ListModel

                @Provide(.shared, factory: { View() }, concrete: true)
                var view: View

                @Assisted(factory: { (id: Int) throws in try Row(id) })
                func row(id: Int) throws -> Row

                @Provide(.shared, factory: { (row: @escaping (Int) throws -> Row) in Table(row) }, concrete: true)
                var table: Table
            }
            """
        } expansion: {
            """
            final class ScreenContainer {
                @MainActor
                var detail: DetailModel {
                get {
                    _trellis_Builders.detail(self)
                }
                }
                @MainActor
                var list: ListModel {
                get {
                    _trellis_values.list
                }
                }
                @MainActor
                var view: View {
                get {
                    _trellis_values.view
                }
                }
                @MainActor
                func row(id: Int) throws -> Row {
                return try _trellis_Builders.row(self, id)
                }
                @MainActor
                var table: Table {
                get {
                    _trellis_values.table
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias detail =
                                DetailModel
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias list =
                              ListModel
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias view =
                              View
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                    typealias row = @MainActor (ScreenContainer, Int) throws ->
                                                Row
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 15)
                    typealias table =
                               Table
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let detail: _trellis_Types.detail?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let list: _trellis_Types.list
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let view: _trellis_Types.view
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                                       let row: _trellis_Types.row?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 16)
                    let table: _trellis_Types.table
                #sourceLocation()
                    let _trellis_link: Trellis.ContainerLink<ScreenContainer, ScreenContainer>
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 1)
                @MainActor convenience init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        detail: DetailModel? = nil,


                        list: ListModel? = nil,


                        view: View? = nil,


                row: (@MainActor (ScreenContainer, Int) throws -> Row)? = nil,


                        table: Table? = nil) {
                #sourceLocation()
                    // (generated code)
                    let _trellis_link = Trellis.ContainerLink<ScreenContainer, ScreenContainer>(make: { $0 })
                    self.init(_trellis_values: Self._trellis_make(detail: detail, list: list, view: view, row: row, table: table, _trellis_link))
                    _trellis_link.bind(self)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) @MainActor private static func _trellis_make(
                detail: __owned _trellis_Types.detail? = nil,


                list: __owned _trellis_Types.list? = nil,


                view: __owned _trellis_Types.view? = nil,


                                   row: __owned _trellis_Types.row? = nil,


                table: __owned _trellis_Types.table? = nil, _ _trellis_link: Trellis.ContainerLink<ScreenContainer, ScreenContainer>) -> _trellis_StoredValues {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                     return { () -> _trellis_StoredValues in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let list: ListModel = if let list { list } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                               { (detail: Provider<DetailModel>, view: Lazy<View>) in ListModel(detail, view) }(Trellis.Provider { [_trellis_link = _trellis_link] in Trellis.MainActorRead.value(of: "detail") { let _trellis_container = _trellis_link.container(providing: "detail", to: "list"); return _trellis_container.detail } }, Trellis.Lazy { [_trellis_link = _trellis_link] in Trellis.MainActorRead.value(of: "view") { let _trellis_container = _trellis_link.container(providing: "view", to: "list"); return _trellis_container.view } })
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 10)
                    let view: View = if let view { view } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                                                 View()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 16)
                    let table: Table = if let table { table } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 15)
                                               { (row: @escaping (Int) throws -> Row) in Table(row) }({ [_trellis_link = _trellis_link] argument0 in try Trellis.MainActorRead.value(of: "row") { try _trellis_link.container(providing: "row", to: "table").row(id: argument0) } })
                #sourceLocation()
                    }
                    return _trellis_StoredValues(
                        detail: detail,
                        list: list,
                        view: view,
                        row: row,
                        table: table,
                        _trellis_link: _trellis_link
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
                    let _trellis_link = Trellis.ContainerLink<ScreenContainer, ScreenContainer>(make: { $0 })
                    self.init(_trellis_values: Self._trellis_make(_trellis_link))
                    _trellis_link.bind(self)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                @MainActor convenience init(dependencies: some ScreenContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'detail' from its declaration:
                #sourceLocation(file: "Test.swift", line: 4)
                @MainActor static func detail(_ container: ScreenContainer) -> DetailModel { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_values.detail { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 3)
                                                          DetailModel()
                #sourceLocation()
                    }
                    }()
                    }

                    // Builds 'row' from its declaration:
                #sourceLocation(file: "Test.swift", line: 13)
                @MainActor static func row(_ container: ScreenContainer, _ id: Int) throws -> Row {
                #sourceLocation()
                        // (generated code)
                        if let override = container._trellis_values.row {
                        return try override(container, id)
                    }
                #sourceLocation(file: "Test.swift", line: 12)
                            return try { (id: Int) throws in try Row(id) }(id)
                #sourceLocation()
                    }
                }
            }

            /// What `ScreenContainer` needs from the container that owns it (or whoever creates it).
            @MainActor protocol ScreenContainerDependencies {}
            """
        }
    }

    @Test("an @Assisted function taken as a function of another arity or without its effects gets the type to write")
    func functionValueShape() {
        assertMacro {
            """
            @DIContainer
            final class Server: Sendable {
                @Assisted(factory: { (id: Int) throws in try Page(id) })
                func page(id: Int) throws -> Page

                @Provide(.shared, factory: { (page: @escaping @Sendable (Int, Int) -> Page) in Router(page) }, concrete: true)
                var router: Router
            }
            """
        } diagnostics: {
            """
            @DIContainer
            final class Server: Sendable {
                @Assisted(factory: { (id: Int) throws in try Page(id) })
                func page(id: Int) throws -> Page

                @Provide(.shared, factory: { (page: @escaping @Sendable (Int, Int) -> Page) in Router(page) }, concrete: true)
                                              ┬───────────────────────────────────────────
                                              ╰─ 🛑 'router' takes 'page(id:)' as a function, but 'page(id:)' takes 1 argument, not 2, and throws; declare the parameter '@escaping @Sendable (Int) throws -> Page'
                                                 ✏️ write '@escaping @Sendable (Int) throws -> Page'
                var router: Router
            }
            """
        } fixes: {
            """
            @DIContainer
            final class Server: Sendable {
                @Assisted(factory: { (id: Int) throws in try Page(id) })
                func page(id: Int) throws -> Page

                @Provide(.shared, factory: { (page: @escaping @Sendable (Int) throws -> Page) in Router(page) }, concrete: true)
                var router: Router
            }
            """
        }
    }
}
