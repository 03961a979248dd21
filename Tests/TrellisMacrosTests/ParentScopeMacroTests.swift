import MacroTesting
import Testing
import TrellisMacros

/// `@DIContainer(parent:)`: a scope that reads what its parent provides without restating it.
@Suite(
    "Scopes reading their parent: expansion and diagnostics",
    .macros(
        ["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self, "Assisted": AssistedMacro.self],
        record: .missing))
struct ParentScopeMacroTests {
    @Test("names the scope does not declare are read from the parent it keeps; an .input is read once, on its line")
    func expansion() {
        assertMacro {
            """
            @DIContainer(parent: App.self, concrete: true)
            final class RequestScope: Sendable {
                @Provide(.argument) var requestID: String
                @Provide(.input) var logger: Logger
                @Provide(.shared, factory: UnitOfWork.init(database:requestID:)) var unitOfWork: UnitOfWork
                @Provide(.transient, Audit.self, with: [\\Self.clock, \\Self.logger]) var audit: Audit
                @Provide(.transient, factory: { (c: Self) in Report(c.unitOfWork, c.clock) }) var report: Report
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
                var logger: Logger {
                get {
                    _trellis_values.logger
                }
                }
                var unitOfWork: UnitOfWork {
                get {
                    _trellis_values.unitOfWork
                }
                }
                var audit: Audit {
                get {
                    _trellis_Builders.audit(self)
                }
                }
                var report: Report {
                get {
                    _trellis_Builders.report(self)
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
                    typealias logger =
                                                 Logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                    typealias unitOfWork =
                                                                                                     UnitOfWork
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    typealias audit =
                                                                                                   Audit
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias report =
                                                                                                              Report
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues: @unchecked Sendable {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 3)
                                        let requestID: _trellis_Types.requestID
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                                     let logger: _trellis_Types.logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                                                                                     let unitOfWork: _trellis_Types.unitOfWork
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                                                                        let audit: _trellis_Types.audit?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                                                                                                  let report: _trellis_Types.report?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 1)
                let _trellis_parent: App
                #sourceLocation()

                    /// Each value's type is `Sendable`, as the container's conformance needs.
                    static func checkSendable() {
                        // Each member's type, on its line:
                #sourceLocation(file: "Test.swift", line: 3)
                                                   _ = Trellis.SendableValue<String>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                                             _ = Trellis.SendableValue<Logger>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                                                                                                 _ = Trellis.SendableValue<UnitOfWork>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                                                                               _ = Trellis.SendableValue<Audit>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                                                                                                          _ = Trellis.SendableValue<Report>.self // 'RequestScope' declares 'Sendable' (drop it if no other task reads the container): make this type Sendable, or build its value in the factory that reads it
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 1)
                                 _ = Trellis.SendableValue<App>.self // 'RequestScope' is Sendable and keeps its parent: declare 'App' Sendable (a container handing out its scope function or a provider is made so), or leave 'Sendable' off 'RequestScope'
                #sourceLocation()
                    }
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 2)
                init(dependencies parent: App,
                                            requestID: String,

                                                                                         unitOfWork: UnitOfWork? = nil,
                                                                                            audit: Audit? = nil,
                                                                                                      report: Report? = nil) {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 4)
                                         let logger: Logger = parent.logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                                                                                     let unitOfWork: UnitOfWork = if let unitOfWork { unitOfWork } else { { () -> UnitOfWork in
                #sourceLocation()
                    // What the factory reads from the parent:
                #sourceLocation(file: "Test.swift", line: 5)
                                         let database = parent.database
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                                        return UnitOfWork.init(database:requestID:)(database, requestID)
                #sourceLocation()
                    }() }
                #sourceLocation(file: "Test.swift", line: 2)
                self._trellis_values = _trellis_StoredValues(
                                            requestID: requestID,
                                         logger: logger,
                                                                                         unitOfWork: unitOfWork,
                                                                                            audit: audit,
                                                                                                      report: report,
                    _trellis_parent: parent
                )
                #sourceLocation()
                }

                /// The parent this container was created from, whose members it reads as its own.
                #sourceLocation(file: "Test.swift", line: 1)
                var _trellis_parent: App {
                #sourceLocation()
                    _trellis_values._trellis_parent
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'audit' from its declaration:
                #sourceLocation(file: "Test.swift", line: 6)
                                                   static func audit(_ container: RequestScope) -> Audit { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_values.audit { value } else { { () -> Audit in
                    let parent = container._trellis_values._trellis_parent
                    // What the factory reads from the parent:
                #sourceLocation(file: "Test.swift", line: 6)
                                               let clock = parent.clock
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                  return Audit(clock: clock, logger: container.logger) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (clock, logger: Logger) in Audit(...) }
                #sourceLocation()
                    }() }
                    }()
                    }

                    // Builds 'report' from its declaration:
                #sourceLocation(file: "Test.swift", line: 7)
                                                                     static func report(_ c: RequestScope) -> Report { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = c._trellis_values.report { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 7)
                                                                 Report(c.unitOfWork, c._trellis_values._trellis_parent.clock)
                #sourceLocation()
                    }
                    }()
                    }
                }
            }
            """
        }
    }

    @Test("a struct scope keeps its parent in its one storage reference")
    func structScope() {
        assertMacro {
            """
            @DIContainer(parent: App.self)
            struct JobScope {
                @Provide(.argument) var jobID: Int
                @Provide(.transient, factory: { (database: any Database, jobID: Int) in Job(database, jobID) }, concrete: true)
                var job: Job
            }
            """
        } expansion: {
            """
            struct JobScope {
                var jobID: Int {
                get {
                    _trellis_storage.values.jobID
                }
                }
                var job: Job {
                get {
                    _trellis_Builders.job(self)
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 2)
                    typealias jobID =
                                                   Int
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                    typealias job =
                             Job
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 3)
                                        let jobID: _trellis_Types.jobID
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    let job: _trellis_Types.job?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 1)
                let _trellis_parent: App
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 2)
                init(dependencies parent: App,
                                            jobID: Int,

                        job: Job? = nil) {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                self._trellis_storage = Trellis.ContainerStorage(_trellis_StoredValues(
                                            jobID: jobID,

                        job: job,
                    _trellis_parent: parent
                ))
                #sourceLocation()
                }

                /// The parent this container was created from, whose members it reads as its own.
                #sourceLocation(file: "Test.swift", line: 1)
                var _trellis_parent: App {
                #sourceLocation()
                    _trellis_storage.values._trellis_parent
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'job' from its declaration:
                #sourceLocation(file: "Test.swift", line: 5)
                static func job(_ container: JobScope) -> Job { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.job { value } else { { () -> Job in
                    let parent = container._trellis_storage.values._trellis_parent
                    // What the factory reads from the parent:
                #sourceLocation(file: "Test.swift", line: 4)
                               let database = parent.database
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                                           return { (database: any Database, jobID: Int) in Job(database, jobID) }(database, container.jobID)
                #sourceLocation()
                    }() }
                    }()
                    }
                }
            }
            """
        }
    }

    @Test("a scope member reading its own name, meant as its parent's, is told to take another name")
    func refiningTheParentsMember() {
        assertMacro {
            """
            @DIContainer(parent: AppContainer.self, concrete: true)
            final class ConnectionScope {
                @Provide(.argument) var name: String
                @Provide(.shared, factory: { (logger: Logger, name: String) in logger.with(user: name) })
                var logger: Logger
            }
            """
        } diagnostics: {
            """
            @DIContainer(parent: AppContainer.self, concrete: true)
            final class ConnectionScope {
                @Provide(.argument) var name: String
                @Provide(.shared, factory: { (logger: Logger, name: String) in logger.with(user: name) })
                                              ┬──────────────
                                              ╰─ 🛑 dependency cycle: logger -> logger; its factory reads 'logger', the member it builds; to build it from the member 'logger' of 'AppContainer', give this member another name (a scope reads a name from its parent only when it does not declare it)
                var logger: Logger
            }
            """
        }
    }

    @Test("'parent:' takes a type written 'Type.self'")
    func parentNotAType() {
        assertMacro {
            """
            @DIContainer(parent: appType)
            struct JobScope {
                @Provide(.argument) var jobID: Int
            }
            """
        } diagnostics: {
            """
            @DIContainer(parent: appType)
                         ┬──────────────
                         ╰─ 🛑 'parent:' takes the parent container's type, written 'Container.self', which the macro reads at compile time
            struct JobScope {
                @Provide(.argument) var jobID: Int
            }
            """
        }
    }

    @Test("a '.forwardingChild' needs a Dependencies protocol, which a container with a parent has not")
    func forwardingChild() {
        assertMacro {
            """
            @DIContainer(parent: App.self)
            struct JobScope {
                @Provide(.argument) var jobID: Int
                @Provide(.forwardingChild) var settings: SettingsContainer
            }
            """
        } diagnostics: {
            """
            @DIContainer(parent: App.self)
            struct JobScope {
                @Provide(.argument) var jobID: Int
                @Provide(.forwardingChild) var settings: SettingsContainer
                                               ┬───────
                                               ╰─ 🛑 'settings' is a '.forwardingChild', whose needs come through 'JobScopeDependencies', which a container with 'parent: App.self' does not declare; make it a '.child'
            }
            """
        }
    }

    @Test("a main-actor member of a scope asks for 'mainActor: true' on the scope and on its parent, which creates it")
    func mainActorMemberOfScope() {
        assertMacro {
            """
            @DIContainer(parent: App.self)
            final class UserScope {
                @Provide(.shared, factory: { MainViewController() }, concrete: true)
                @MainActor var mainViewController: MainViewController
            }
            """
        } diagnostics: {
            """
            @DIContainer(parent: App.self)
            final class UserScope {
                @Provide(.shared, factory: { MainViewController() }, concrete: true)
                @MainActor var mainViewController: MainViewController
                               ┬─────────────────
                               ╰─ 🛑 'mainViewController' is isolated to '@MainActor' but 'UserScope' is not, so the initializer and builders @DIContainer generates cannot build it; add 'mainActor: true' to @DIContainer (and to its parent 'App', which creates it)
                                  ✏️ add 'mainActor: true' to @DIContainer
            }
            """
        } fixes: {
            """
            @DIContainer(parent: App.self, mainActor: true)
            final class UserScope {
                @Provide(.shared, factory: { MainViewController() }, concrete: true)
                @MainActor var mainViewController: MainViewController
            }
            """
        }
    }
}
