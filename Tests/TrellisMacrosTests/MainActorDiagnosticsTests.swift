import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Main actor diagnostics",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct MainActorDiagnosticsTests {
    @Test("'mainActor: true' on a type isolated to another global actor is reported on that attribute")
    func otherGlobalActor() {
        assertMacro {
            """
            @DIContainer(mainActor: true)
            @DatabaseActor
            struct AppContainer {
                @Provide(.input)
                var baseURL: String
            }
            """
        } diagnostics: {
            """
            @DIContainer(mainActor: true)
            @DatabaseActor
            ┬─────────────
            ╰─ 🛑 'AppContainer' is isolated to '@DatabaseActor' but asks for 'mainActor: true'; keep one isolation
            struct AppContainer {
                @Provide(.input)
                var baseURL: String
            }
            """
        }
    }

    @Test("'mainActor: true' on a type already annotated '@MainActor' is accepted")
    func sameGlobalActor() {
        assertMacro {
            """
            @DIContainer(mainActor: true)
            @MainActor
            struct AppContainer {
                @Provide(.input)
                var baseURL: String
            }
            """
        } expansion: {
            """
            @MainActor
            struct AppContainer {
                @MainActor
                var baseURL: String {
                get {
                    _trellis_storage.values.baseURL
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 4)
                    typealias baseURL =
                                 String
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 5)
                    let baseURL: _trellis_Types.baseURL
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 2)
                @MainActor init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        baseURL: String) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(baseURL: baseURL)
                }

                #sourceLocation(file: "Test.swift", line: 1)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) @MainActor private static func _trellis_make(
                    // Each parameter on the line of its member's type
                    // (generated code):
                baseURL: __owned _trellis_Types.baseURL) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 3)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                return Trellis.ContainerStorage(_trellis_StoredValues(
                        baseURL: baseURL
                ))
                #sourceLocation()
                }()
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                #sourceLocation(file: "Test.swift", line: 5)
                    let baseURL: String
                #sourceLocation()
                    /// Reads every value from `dependencies`.
                    @MainActor init(from dependencies: some AppContainerDependencies) {
                        self.baseURL = dependencies.baseURL
                    }
                }

                /// Creates the container from a snapshot of what it needs.
                @MainActor init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make(baseURL: inputs.baseURL)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                @MainActor init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AppContainer` needs from the container that owns it (or whoever creates it).
            @MainActor protocol AppContainerDependencies {
            #sourceLocation(file: "Test.swift", line: 4)
                // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                var baseURL: String { get }
            #sourceLocation()
            }
            """
        }
    }

    @Test("a nonisolated member of a 'mainActor: true' container is reported on its name")
    func nonisolatedMember() {
        assertMacro {
            """
            @DIContainer(mainActor: true)
            struct AppContainer {
                @Provide(.input)
                nonisolated var baseURL: String
            }
            """
        } diagnostics: {
            """
            @DIContainer(mainActor: true)
            struct AppContainer {
                @Provide(.input)
                nonisolated var baseURL: String
                                ┬──────
                                ╰─ 🛑 member 'baseURL' is 'nonisolated' in a 'mainActor: true' container; remove 'nonisolated' or 'mainActor: true'
            }
            """
        }
    }

    @Test("a nonisolated member is accepted when the container is not main-actor isolated")
    func nonisolatedWithoutMainActor() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.input)
                nonisolated var baseURL: String
            }
            """
        } expansion: {
            """
            struct AppContainer {
                nonisolated var baseURL: String {
                get {
                    _trellis_storage.values.baseURL
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias baseURL =
                                             String
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                                let baseURL: _trellis_Types.baseURL
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                                    baseURL: String) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(baseURL: baseURL)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                            baseURL: __owned _trellis_Types.baseURL) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                return Trellis.ContainerStorage(_trellis_StoredValues(
                                    baseURL: baseURL
                ))
                #sourceLocation()
                }()
                }

                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                #sourceLocation(file: "Test.swift", line: 4)
                                let baseURL: String
                #sourceLocation()
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some AppContainerDependencies) {
                        self.baseURL = dependencies.baseURL
                    }
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make(baseURL: inputs.baseURL)
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some AppContainerDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }
            }

            /// What `AppContainer` needs from the container that owns it (or whoever creates it).
            protocol AppContainerDependencies {
            #sourceLocation(file: "Test.swift", line: 3)
                // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                            var baseURL: String { get }
            #sourceLocation()
            }
            """
        }
    }
}
