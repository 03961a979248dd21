import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Scope and factory diagnostics",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct ScopeDiagnosticsTests {
    @Suite("Missing factory")
    struct MissingFactory {
        @Test("a shared member with no way to be built is reported on its name")
        func sharedWithoutFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared)
                    var session: any SessionProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared)
                    var session: any SessionProtocol
                        ┬──────
                        ╰─ 🛑 '.shared' member 'session' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]'
                }
                """
            }
        }

        @Test("a transient member with no way to be built is reported on its name")
        func transientWithoutFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient)
                    var session: any SessionProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient)
                    var session: any SessionProtocol
                        ┬──────
                        ╰─ 🛑 '.transient' member 'session' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]'
                }
                """
            }
        }
    }

    @Suite("Input members")
    struct InputMembers {
        @Test("an input with a factory is reported on 'factory:' and offers to remove it")
        func inputWithFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, factory: "https://example.com")
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, factory: "https://example.com")
                                     ┬─────────────────────────────
                                     ╰─ 🛑 '.input' member 'baseURL' is supplied by the container's creator and takes no 'factory'
                                        ✏️ remove 'factory:'
                    var baseURL: String
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("an input with an AutoWiring type is reported on the type and offers to remove it")
        func inputWithType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, APIClient.self)
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, APIClient.self)
                                     ┬─────────────
                                     ╰─ 🛑 '.input' member 'apiClient' is supplied by the container's creator and takes no 'Type.self'
                                        ✏️ remove 'Type.self'
                    var apiClient: any APIClientProtocol
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

        @Test("an input with 'with:' is reported on 'with:' and offers to remove it")
        func inputWithWith() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.input, with: [\\Self.baseURL])
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.input, with: [\Self.baseURL])
                                     ┬────────────────────
                                     ╰─ 🛑 '.input' member 'apiClient' is supplied by the container's creator and takes no 'with'
                                        ✏️ remove 'with:'
                    var apiClient: any APIClientProtocol
                }
                """#
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.input)
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("an input with an asyncFactory is reported on 'asyncFactory:' and offers to remove it")
        func inputWithAsyncFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, asyncFactory: { () async in APIClient() })
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, asyncFactory: { () async in APIClient() })
                                     ┬────────────────────────────────────────
                                     ╰─ 🛑 '.input' member 'apiClient' is supplied by the container's creator and takes no asyncFactory
                                        ✏️ remove 'asyncFactory:'
                    var apiClient: any APIClientProtocol
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

    @Suite("Conflicting factories")
    struct ConflictingFactories {
        @Test("factory and asyncFactory together are reported on 'asyncFactory:'")
        func factoryAndAsyncFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient(), asyncFactory: { () async in APIClient() })
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient(), asyncFactory: { () async in APIClient() })
                                                            ┬────────────────────────────────────────
                                                            ╰─ 🛑 'apiClient' has both 'factory:' and 'asyncFactory:'; keep one
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("AutoWiring together with a factory is reported on 'factory:'")
        func autoWiringAndFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient.self, factory: APIClient())
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient.self, factory: APIClient())
                                                      ┬───────────────────
                                                      ╰─ 🛑 'apiClient' is built by AutoWiring ('APIClient') and by 'factory'; keep one
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }
    }

    @Suite("Async factories")
    struct AsyncFactories {
        @Test("an asyncFactory closure not declared async offers to add 'async'")
        func asyncFactoryClosureNotAsync() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, asyncFactory: { (baseURL: String) throws in try APIClient(baseURL: baseURL) })
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, asyncFactory: { (baseURL: String) throws in try APIClient(baseURL: baseURL) })
                                      ┬────────────────────────────────────────────────────────────────────────────
                                      ╰─ 🛑 asyncFactory of 'apiClient' must be an async closure; write '{ (...) async in ... }' or use 'factory:'
                                         ✏️ add 'async'
                    var apiClient: any APIClientProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, asyncFactory: { (baseURL: String) async throws in try APIClient(baseURL: baseURL) })
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("an asyncFactory closure without a signature gets one with 'async'")
        func asyncFactoryClosureWithoutSignature() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { APIClient() })
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { APIClient() })
                                      ┬────────────────────────────
                                      ╰─ 🛑 asyncFactory of 'apiClient' must be an async closure; write '{ (...) async in ... }' or use 'factory:'
                                         ✏️ add 'async'
                    var apiClient: any APIClientProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in APIClient() })
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("an asyncFactory that is not a closure literal is reported without a fix-it")
        func asyncFactoryExpression() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: APIClient.make)
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: APIClient.make)
                                      ┬───────────────────────────
                                      ╰─ 🛑 asyncFactory of 'apiClient' must be a closure literal declared 'async'
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("a factory closure returning different types is reported on the closure, with a fix-it writing the member's type")
        func factoryResultType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var inMemory: Bool

                    @Provide(.shared, factory: { (inMemory: Bool) in
                        if inMemory { return MemoryStore() }
                        return PostgresStore()
                    })
                    var store: any TodoStore
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var inMemory: Bool

                    @Provide(.shared, factory: { (inMemory: Bool) in
                                      ╰─ 🛑 the factory closure of 'store' returns 'MemoryStore' and 'PostgresStore'; Swift takes a closure's result type from its first 'return', so declare it: '-> any TodoStore'
                                         ✏️ add '-> any TodoStore'
                        if inMemory { return MemoryStore() }
                        return PostgresStore()
                    })
                    var store: any TodoStore
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var inMemory: Bool

                    @Provide(.shared, factory: { (inMemory: Bool) -> any TodoStore in
                        if inMemory { return MemoryStore() }
                        return PostgresStore()
                    })
                    var store: any TodoStore
                }
                """
            }
        }

        @Test("an async closure passed as 'factory:' offers to use 'asyncFactory:'")
        func asyncClosureInFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { () async in await APIClient.make() })
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { () async in await APIClient.make() })
                                      ┬──────────────────────────────────────────────
                                      ╰─ 🛑 factory of 'apiClient' is async; pass it as 'asyncFactory:' so the accessor can await it
                                         ✏️ use 'asyncFactory:'
                    var apiClient: any APIClientProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in await APIClient.make() })
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }
    }

    @Suite("AutoWiring arguments")
    struct AutoWiringArguments {
        @Test("'with:' without 'Type.self' is reported on 'with:'")
        func withWithoutType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, with: [\\Self.baseURL])
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, with: [\Self.baseURL])
                                      ┬────────────────────
                                      ╰─ 🛑 'with:' of 'apiClient' lists AutoWiring arguments but no type; add 'Type.self' before it
                    var apiClient: any APIClientProtocol
                        ┬────────
                        ╰─ 🛑 '.shared' member 'apiClient' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]'
                }
                """#
            }
        }

        @Test("'with:' entries that are not one-component key paths on the container are reported on each entry")
        func invalidWithEntry() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\\.baseURL, \\Other.baseURL, \\Self.baseURL.count, "baseURL"])
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\.baseURL, \Other.baseURL, \Self.baseURL.count, "baseURL"])
                                                                                                             ┬────────
                                                             │          │               │                    ╰─ 🛑 'with:' entries are key paths to members of this container, written '\Self.member'
                                                                                        ┬──────────────────
                                                             │          │               ╰─ 🛑 'with:' entries are key paths to members of this container, written '\Self.member'
                                                                        ┬─────────────
                                                             │          ╰─ 🛑 'with:' entries are key paths to members of this container, written '\Self.member'
                                                             ┬────────
                                                             ╰─ 🛑 'with:' entries are key paths to members of this container, which Swift cannot infer from '\.baseURL'; write '\Self.baseURL'
                                                                ✏️ write '\Self.baseURL'
                    var apiClient: any APIClientProtocol
                }
                """#
            }
        }

        @Test("a key path written without its root, as the documents write it, gets a fix-it that writes '\\Self.'")
        func rootlessKeyPaths() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\\.baseURL])
                    var apiClient: any APIClientProtocol

                    @Provide(.collection)
                    var routes: [any RouteProtocol]

                    @Provide(.shared, factory: HealthRoute(), into: \\.routes)
                    var health: any RouteProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\.baseURL])
                                                             ┬────────
                                                             ╰─ 🛑 'with:' entries are key paths to members of this container, which Swift cannot infer from '\.baseURL'; write '\Self.baseURL'
                                                                ✏️ write '\Self.baseURL'
                    var apiClient: any APIClientProtocol

                    @Provide(.collection)
                    var routes: [any RouteProtocol]

                    @Provide(.shared, factory: HealthRoute(), into: \.routes)
                                                                    ┬───────
                                                                    ╰─ 🛑 'into:' takes a key path to a '.collection' member of this container, which Swift cannot infer from '\.routes'; write '\Self.routes'
                                                                       ✏️ write '\Self.routes'
                    var health: any RouteProtocol
                }
                """#
            } fixes: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\Self.baseURL])
                    var apiClient: any APIClientProtocol

                    @Provide(.collection)
                    var routes: [any RouteProtocol]

                    @Provide(.shared, factory: HealthRoute(), into: \Self.routes)
                    var health: any RouteProtocol
                }
                """#
            }
        }

        @Test("a factory expression reading members, as the documents write it, gets a fix-it that makes it a closure")
        func expressionReadingMembers() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.input)
                    var baseURL: String

                    @Provide(.transient, factory: { () throws in try Token.load() })
                    var token: any TokenProtocol

                    @Provide(.shared, factory: NetworkService(session: session, baseURL: baseURL, token: token, retries: 3))
                    var networkService: any NetworkServiceProtocol

                    @Provide(.shared, factory: Logger(label: baseURL.uppercased()), concrete: true)
                    var logger: Logger
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.input)
                    var baseURL: String

                    @Provide(.transient, factory: { () throws in try Token.load() })
                    var token: any TokenProtocol

                    @Provide(.shared, factory: NetworkService(session: session, baseURL: baseURL, token: token, retries: 3))
                                      ┬────────────────────────────────────────────────────────────────────────────────────
                                      ╰─ 🛑 the factory of 'networkService' reads 'session', 'baseURL' and 'token', which an attribute cannot read; take them as closure parameters: 'factory: { (session: any URLSessionProtocol, baseURL: String, token: any TokenProtocol) throws in ... }'
                                         ✏️ make it a closure taking 'session', 'baseURL' and 'token'
                    var networkService: any NetworkServiceProtocol

                    @Provide(.shared, factory: Logger(label: baseURL.uppercased()), concrete: true)
                                      ┬────────────────────────────────────────────
                                      ╰─ 🛑 the factory of 'logger' reads 'baseURL', which an attribute cannot read; take it as a closure parameter: 'factory: { (baseURL: String) in ... }'
                                         ✏️ make it a closure taking 'baseURL'
                    var logger: Logger
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.input)
                    var baseURL: String

                    @Provide(.transient, factory: { () throws in try Token.load() })
                    var token: any TokenProtocol

                    @Provide(.shared, factory: { (session: any URLSessionProtocol, baseURL: String, token: any TokenProtocol) throws in NetworkService(session: session, baseURL: baseURL, token: token, retries: 3) })
                    var networkService: any NetworkServiceProtocol

                    @Provide(.shared, factory: { (baseURL: String) in Logger(label: baseURL.uppercased()) }, concrete: true)
                    var logger: Logger
                }
                """
            }
        }

        @Test("an @Assisted factory expression reading its argument and a member gets the closure taking both")
        func assistedExpression() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: MemoryRepository())
                    var repository: any RepositoryProtocol

                    @Assisted(factory: Detail(id: itemID, repository: repository))
                    func detail(itemID: Int) -> Detail
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: MemoryRepository())
                    var repository: any RepositoryProtocol

                    @Assisted(factory: Detail(id: itemID, repository: repository))
                              ┬──────────────────────────────────────────────────
                              ╰─ 🛑 the factory of 'detail(itemID:)' reads 'itemID' and 'repository', which an attribute cannot read; take them as closure parameters: 'factory: { (itemID: Int, repository: any RepositoryProtocol) in ... }'
                                 ✏️ make it a closure taking 'itemID' and 'repository'
                    func detail(itemID: Int) -> Detail
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: MemoryRepository())
                    var repository: any RepositoryProtocol

                    @Assisted(factory: { (itemID: Int, repository: any RepositoryProtocol) in Detail(id: itemID, repository: repository) })
                    func detail(itemID: Int) -> Detail
                }
                """
            }
        }

        @Test("names a closure in the expression declares, and members of other values, are not members' reads")
        func expressionNamesThatAreNotReads() throws {
            let source = """
                @DIContainer struct AppContainer {
                    @Provide(.input) var baseURL: String
                    @Provide(.shared, factory: Client.make { baseURL in Client(baseURL: baseURL) }, concrete: true) var client: Client
                    @Provide(.shared, factory: Defaults.shared.baseURL.map(Client.init(baseURL:)), concrete: true) var other: Client?
                    @Provide(.shared, factory: Client(baseURL: timeout.description), concrete: true) var third: Client
                    @Provide(.input) var timeout: Int
                    static let timeout = 30
                }
                """
            #expect(try FixItRoundTests.diagnostics(source).diagnostics.map(\.message) == [])
        }

        @Test("'with:' that is not an array literal is reported on its value")
        func withNotAnArray() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient.self, with: keyPaths)
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient.self, with: keyPaths)
                                                            ┬───────
                                                            ╰─ 🛑 'with:' takes an array literal of key paths, written '[\Self.member]'
                    var apiClient: any APIClientProtocol
                }
                """#
            }
        }
    }
}
