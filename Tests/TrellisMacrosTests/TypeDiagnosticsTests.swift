import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Type diagnostics",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct TypeDiagnosticsTests {
    @Suite("Concrete type without opt-in")
    struct ConcreteWithoutOptIn {
        @Test("a named concrete type is reported on the type with both fix-its")
        func namedType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient())
                    var apiClient: APIClient
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient())
                    var apiClient: APIClient
                                   ┬────────
                                   ╰─ 🛑 'apiClient' has the type 'APIClient', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any APIClient' if 'APIClient' is a protocol
                                      ✏️ add 'concrete: true'
                                      ✏️ write 'any' before the type (if it is a protocol)
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient(), concrete: true)
                    var apiClient: any APIClient
                }
                """
            }
        }

        @Test("a member of a standard type that is no protocol ('Void', 'URL') is not told to write 'any'")
        func standardType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { LoggingSystem.bootstrap(StreamLogHandler.standardOutput) })
                    var loggingSystem: Void
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { LoggingSystem.bootstrap(StreamLogHandler.standardOutput) })
                    var loggingSystem: Void
                                       ┬───
                                       ╰─ 🛑 'loggingSystem' has the concrete type 'Void'; opt in with 'concrete: true', or depend on a protocol
                                          ✏️ add 'concrete: true'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { LoggingSystem.bootstrap(StreamLogHandler.standardOutput) }, concrete: true)
                    var loggingSystem: Void
                }
                """
            }
        }

        @Test("a bare @Provide of a concrete type reports the missing factory and the concrete type")
        func attributeWithoutArguments() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide
                    var apiClient: APIClient
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide
                    var apiClient: APIClient
                                   ┬────────
                        │          ╰─ 🛑 'apiClient' has the type 'APIClient', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any APIClient' if 'APIClient' is a protocol
                        │             ✏️ add 'concrete: true'
                        │             ✏️ write 'any' before the type (if it is a protocol)
                        ┬────────
                        ╰─ 🛑 '.shared' member 'apiClient' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]'
                }
                """
            }
        }

        @Test("'concrete: false' is reported and its fix-it sets it to true")
        func concreteFalse() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: APIClient(), concrete: false)
                    var apiClient: APIClient
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: APIClient(), concrete: false)
                    var apiClient: APIClient
                                   ┬────────
                                   ╰─ 🛑 'apiClient' has the type 'APIClient', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any APIClient' if 'APIClient' is a protocol
                                      ✏️ add 'concrete: true'
                                      ✏️ write 'any' before the type (if it is a protocol)
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: APIClient(), concrete: true)
                    var apiClient: any APIClient
                }
                """
            }
        }

        @Test("an array type offers only the concrete fix-it")
        func arrayType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: [], concrete: false)
                    var clients: [any APIClientProtocol]
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: [], concrete: false)
                    var clients: [any APIClientProtocol]
                                 ┬──────────────────────
                                 ╰─ 🛑 'clients' has the concrete type '[any APIClientProtocol]'; opt in with 'concrete: true', or depend on a protocol
                                    ✏️ add 'concrete: true'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: [], concrete: true)
                    var clients: [any APIClientProtocol]
                }
                """
            }
        }

        @Test("existential, composition and optional existential types need no opt-in")
        func protocolTypes() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var client: any APIClientProtocol

                    @Provide(.input)
                    var both: APIClientProtocol & Sendable

                    @Provide(.input)
                    var maybe: (any APIClientProtocol)?

                    @Provide(.input)
                    var anything: Any
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var client: any APIClientProtocol {
                    get {
                        _trellis_storage.values.client
                    }
                    }
                    var both: APIClientProtocol & Sendable {
                    get {
                        _trellis_storage.values.both
                    }
                    }
                    var maybe: (any APIClientProtocol)? {
                    get {
                        _trellis_storage.values.maybe
                    }
                    }
                    var anything: Any {
                    get {
                        _trellis_storage.values.anything
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias client =
                                    any APIClientProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias both =
                                  APIClientProtocol & Sendable
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias maybe =
                                   (any APIClientProtocol)?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 12)
                        typealias anything =
                                      Any
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let client: _trellis_Types.client
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let both: _trellis_Types.both
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let maybe: _trellis_Types.maybe
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 13)
                        let anything: _trellis_Types.anything
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            client: any APIClientProtocol,


                            both: APIClientProtocol & Sendable,


                            maybe: (any APIClientProtocol)?,


                            anything: Any) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(client: client, both: both, maybe: maybe, anything: anything)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    client: __owned _trellis_Types.client,


                    both: __owned _trellis_Types.both,


                    maybe: __owned _trellis_Types.maybe,


                    anything: __owned _trellis_Types.anything) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            client: client,


                            both: both,


                            maybe: maybe,


                            anything: anything
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let client: any APIClientProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let both: APIClientProtocol & Sendable
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let maybe: (any APIClientProtocol)?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 13)
                        let anything: Any
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.client = dependencies.client
                            self.both = dependencies.both
                            self.maybe = dependencies.maybe
                            self.anything = dependencies.anything
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(client: inputs.client, both: inputs.both, maybe: inputs.maybe, anything: inputs.anything)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'client: any APIClientProtocol': the container providing its needs must have a member 'client' of type 'any APIClientProtocol'.
                    var client: any APIClientProtocol { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    // AppContainer needs 'both: APIClientProtocol & Sendable': the container providing its needs must have a member 'both' of type 'APIClientProtocol & Sendable'.
                    var both: APIClientProtocol & Sendable { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    // AppContainer needs 'maybe: (any APIClientProtocol)?': the container providing its needs must have a member 'maybe' of type '(any APIClientProtocol)?'.
                    var maybe: (any APIClientProtocol)? { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                    // AppContainer needs 'anything: Any': the container providing its needs must have a member 'anything' of type 'Any'.
                    var anything: Any { get }
                #sourceLocation()
                }
                """
            }
        }
    }

    @Suite("Opaque types")
    struct OpaqueTypes {
        @Test("an opaque shared member is reported on its type and offers 'any'")
        func opaqueShared() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient())
                    var apiClient: some APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient())
                    var apiClient: some APIClientProtocol
                                   ┬─────────────────────
                                   ╰─ 🛑 'apiClient' has the opaque type 'some APIClientProtocol', which only a '.transient' member can return; make it '.transient' (built on every read; not a service, which is one instance), or give it a type the container can store: the type its factory builds (with its generic arguments), or an 'any' type (the only one when the factory itself returns an opaque type)
                                      ✏️ make it '.transient'
                                      ✏️ replace 'some' with 'any'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: APIClient())
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("an opaque input is reported on its type and offers 'any'")
        func opaqueInput() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var apiClient: some APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var apiClient: some APIClientProtocol
                                   ┬─────────────────────
                                   ╰─ 🛑 'apiClient' has the opaque type 'some APIClientProtocol', which an '.input' cannot have: the container stores the value its creator passes; give it a type the creator can name, or an 'any' type
                                      ✏️ replace 'some' with 'any'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }
    }

    @Test("where several members need 'concrete: true', each offers the container's option too, in its place")
    func containerConcreteOption() {
        assertMacro {
            """
            @DIContainer(validateDAG: true, mainActor: true)
            final class ScreenContainer {
                @Provide(.shared, factory: Store())
                var store: Store

                @Provide(.transient, factory: { (store: Store) in Model(store: store) })
                var model: Model
            }
            """
        } diagnostics: {
            """
            @DIContainer(validateDAG: true, mainActor: true)
            final class ScreenContainer {
                @Provide(.shared, factory: Store())
                var store: Store
                           ┬────
                           ╰─ 🛑 'store' has the type 'Store', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any Store' if 'Store' is a protocol
                              ✏️ add 'concrete: true'
                              ✏️ add 'concrete: true' to @DIContainer, for every member
                              ✏️ write 'any' before the type (if it is a protocol)

                @Provide(.transient, factory: { (store: Store) in Model(store: store) })
                var model: Model
                           ┬────
                           ╰─ 🛑 'model' has the type 'Model', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any Model' if 'Model' is a protocol
                              ✏️ add 'concrete: true'
                              ✏️ add 'concrete: true' to @DIContainer, for every member
                              ✏️ write 'any' before the type (if it is a protocol)
            }
            """
        } fixes: {
            """
            @DIContainer(validateDAG: true, concrete: true, mainActor: true)
            final class ScreenContainer {
                @Provide(.shared, factory: Store(), concrete: true)
                var store: any Store

                @Provide(.transient, factory: { (store: Store) in Model(store: store) }, concrete: true)
                var model: any Model
            }
            """
        }
    }
}
