import MacroTesting
import SwiftDiagnostics
import Testing
import TrellisGraph
import TrellisMacros

@Suite(
    "Dependency diagnostics",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct DependencyDiagnosticsTests {
    @Suite("Unknown member")
    struct UnknownMember {
        @Test("a misspelt closure parameter suggests the near member and renames it with its uses")
        func closureParameterTypo() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (sesion: any URLSessionProtocol) in NetworkService(session: sesion) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (sesion: any URLSessionProtocol) in NetworkService(session: sesion) })
                                                  ┬─────────────────────────────
                                                  ╰─ 🛑 'networkService' reads 'sesion', which is not a member of 'AppContainer'; did you mean 'session'?
                                                     ✏️ rename to 'session', and its use in the closure's body
                    var networkService: any NetworkServiceProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (session: any URLSessionProtocol) in NetworkService(session: session) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("a misspelt 'with:' key path suggests the near member and renames it")
        func withEntryTypo() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\\Self.baseUrl])
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\Self.baseUrl])
                                                             ┬────────────
                                                             ╰─ 🛑 'apiClient' reads 'baseUrl', which is not a member of 'AppContainer'; did you mean 'baseURL'?
                                                                ✏️ rename to 'baseURL'
                    var apiClient: any APIClientProtocol
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
                }
                """#
            }
        }

        @Test("a misspelt container read suggests the near member and renames it")
        func containerReadTypo() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(session: c.sessoin) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(session: c.sessoin) })
                                                                                      ┬────────
                                                                                      ╰─ 🛑 'networkService' reads 'sessoin', which is not a member of 'AppContainer'; did you mean 'session'?
                                                                                         ✏️ rename to 'session'
                    var networkService: any NetworkServiceProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(session: c.session) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("a name close to no member is reported with the naming rule and no fix-it")
        func noSuggestion() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (timeout: Double) in NetworkService(timeout: timeout) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (timeout: Double) in NetworkService(timeout: timeout) })
                                                  ┬──────────────
                                                  ╰─ 🛑 'networkService' reads 'timeout', which is not a member of 'AppContainer'; factory closure parameters are resolved by member name
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("an untyped parameter that is no member but reads members is the container: a fix-it declares it '(c: Self)'")
        func untypedContainerParameter() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { c in NetworkService(session: c.session) })
                    var network: any NetworkServiceProtocol

                    @Provide(.transient, factory: { (container) in NetworkService(session: container.session) })
                    var another: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { c in NetworkService(session: c.session) })
                                                 ┬
                                                 ╰─ 🛑 'network' reads 'c', which is not a member of 'AppContainer'; to read the container's members through it ('c.session'), declare it '(c: Self)'
                                                    ✏️ declare it '(c: Self)'
                    var network: any NetworkServiceProtocol

                    @Provide(.transient, factory: { (container) in NetworkService(session: container.session) })
                                                     ┬────────
                                                     ╰─ 🛑 'another' reads 'container', which is not a member of 'AppContainer'; to read the container's members through it ('container.session'), declare it '(container: Self)'
                                                        ✏️ declare it '(container: Self)'
                    var another: any NetworkServiceProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(session: c.session) })
                    var network: any NetworkServiceProtocol

                    @Provide(.transient, factory: { (container: Self) in NetworkService(session: container.session) })
                    var another: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("an untyped container parameter reading an async member gets the advice without a fix-it, which would need 'await'")
        func untypedContainerParameterReadingAsync() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in Cache() })
                    var cache: any CacheProtocol

                    @Provide(.transient, factory: { c in Client(cache: c.cache) })
                    var client: any ClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in Cache() })
                    var cache: any CacheProtocol

                    @Provide(.transient, factory: { c in Client(cache: c.cache) })
                                                    ┬
                                                    ╰─ 🛑 'client' reads 'c', which is not a member of 'AppContainer'; to read the container's members through it ('c.cache'), declare it '(c: Self)'
                    var client: any ClientProtocol
                }
                """
            }
        }

        @Test("a closure using '$0' is reported on it: its parameter has no name to resolve")
        func anonymousArgument() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { NetworkService(session: $0) })
                    var network: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { NetworkService(session: $0) })
                                                                         ┬─
                                                                         ╰─ 🛑 factory parameters are resolved by member name, which '$0' has none of; declare the parameter named after the member it receives ('{ (member: Type) in ... }')
                    var network: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("a factory expression saying 'try' is reported on 'factory:', with a fix-it writing the closure")
        func expressionThatTries() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: try DiskStore(path: "/tmp"))
                    var store: any Store
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: try DiskStore(path: "/tmp"))
                                      ┬───────────────────────────────────
                                      ╰─ 🛑 the factory of 'store' says 'try', which an attribute cannot; build it in a closure: 'factory: { () throws in ... }'
                                         ✏️ make it a closure that throws
                    var store: any Store
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { () throws in try DiskStore(path: "/tmp") })
                    var store: any Store
                }
                """
            }
        }

        @Test("a factory calling a function that a member's name hides is told so, not to take the member")
        func callOfHiddenFunction() {
            assertMacro {
                """
                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.input)
                    var prefix: String

                    @Provide(.shared, factory: { (prefix: String) in userRoutes(prefix: prefix) })
                    var userRoutes: Routes

                    @Provide(.shared, factory: { (c: Self) in Handler(routes: userRoutes(prefix: c.prefix)) })
                    var handler: Handler

                    @Provide(.shared, factory: prefix("/admin"))
                    var admin: Routes

                    @Provide(.shared, factory: { (prefix: String) in Routes(prefix: prefix(prefix)) })
                    var takenParameter: Routes
                }
                """
            } diagnostics: {
                """
                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.input)
                    var prefix: String

                    @Provide(.shared, factory: { (prefix: String) in userRoutes(prefix: prefix) })
                                                                     ┬─────────
                                                                     ╰─ 🛑 'userRoutes' is the member this factory builds, whose name hides any function 'userRoutes' declared outside the container, so the factory cannot call that function here; rename the function, or call it with its module's name ('MyModule.userRoutes(...)')
                    var userRoutes: Routes

                    @Provide(.shared, factory: { (c: Self) in Handler(routes: userRoutes(prefix: c.prefix)) })
                                                                              ┬─────────
                                                                              ╰─ 🛑 'userRoutes' is a member of 'AppContainer', whose name hides any function 'userRoutes' declared outside the container, so the factory cannot call that function here; rename the function, or call it with its module's name ('MyModule.userRoutes(...)')
                    var handler: Handler

                    @Provide(.shared, factory: prefix("/admin"))
                                               ┬─────
                                               ╰─ 🛑 'prefix' is a member of 'AppContainer', whose name hides any function 'prefix' declared outside the container, so the factory cannot call that function here; rename the function, or call it with its module's name ('MyModule.prefix(...)')
                    var admin: Routes

                    @Provide(.shared, factory: { (prefix: String) in Routes(prefix: prefix(prefix)) })
                    var takenParameter: Routes
                }
                """
            }
        }

        @Test("a closure naming a member it does not take is reported on the name, with the parameter to add")
        func memberReadWithoutParameter() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { () in
                        let retries = 3
                        return NetworkService(session: session, retries: retries)
                    })
                    var network: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { () in
                        let retries = 3
                        return NetworkService(session: session, retries: retries)
                                                       ┬──────
                                                       ╰─ 🛑 the factory of 'network' reads 'session' without taking it; add it to the closure's parameters: '(session: any URLSessionProtocol) in'
                                                          ✏️ take 'session' as a parameter
                    })
                    var network: any NetworkServiceProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (session: any URLSessionProtocol) in
                        let retries = 3
                        return NetworkService(session: session, retries: retries)
                    })
                    var network: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("a closure using 'self' is reported on it: a factory is called before the container exists")
        func selfInFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { NetworkService(session: self.session) })
                    var network: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { NetworkService(session: self.session) })
                                                                         ┬───
                                                                         ╰─ 🛑 a factory has no 'self': it is called while the container is being built; take the container as its one parameter ('{ (c: Self) in ... c.member ... }'), or each member it reads as a parameter named after it
                    var network: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("a closure capturing a member is reported on the capture, with the parameter to write instead")
        func capturedMember() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { [session] in NetworkService(session: session) })
                    var network: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { [session] in NetworkService(session: session) })
                                                  ┬──────
                                                  ╰─ 🛑 a factory closure receives the members it reads as its parameters, named after them, not by capturing them: write '(session: any URLSessionProtocol) in' for the capture of 'session'
                                                     ✏️ take 'session' as a parameter
                    var network: any NetworkServiceProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (session: any URLSessionProtocol) in NetworkService(session: session) })
                    var network: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("a function named with a '_' label is reported on the label, with no word of a closure value")
        func unnamedFunctionLabel() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var count: Int
                    @Provide(.shared, factory: Summary.init(_:), concrete: true)
                    var summary: Summary
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var count: Int
                    @Provide(.shared, factory: Summary.init(_:), concrete: true)
                                                            ┬─
                                                            ╰─ 🛑 factory parameters are resolved by member name; name this parameter after the member it receives
                    var summary: Summary
                }
                """
            }
        }

        @Test("an unnamed closure parameter is reported on the parameter")
        func unnamedParameter() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (_: any URLSessionProtocol) in NetworkService() })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (_: any URLSessionProtocol) in NetworkService() })
                                                  ┬────────────────────────
                                                  ╰─ 🛑 factory parameters are resolved by member name; name this parameter after the member it receives
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }
        @Test(
            "a function value written as its own factory gets one error, whose fix-it returns it from a factory; it makes no member async"
        )
        func functionValueAsItsFactory() {
            assertMacro {
                """
                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: { inbound, _ in
                        for try await frame in inbound { print(frame) }
                    })
                    var handler: Handler
                    @Provide(.shared, factory: { (handler: @escaping Handler) in Router(handler) })
                    var router: Router
                }
                """
            } diagnostics: {
                """
                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: { inbound, _ in
                                                          ┬
                                                          ╰─ 🛑 factory parameters are resolved by member name; name this parameter after the member it receives, or, if this closure is the value of 'handler', return it from a factory: 'factory: { () -> Handler in { ... } }'
                                                             ✏️ return it from 'factory: { () -> Handler in ... }'
                        for try await frame in inbound { print(frame) }
                    })
                    var handler: Handler
                    @Provide(.shared, factory: { (handler: @escaping Handler) in Router(handler) })
                    var router: Router
                }
                """
            } fixes: {
                """
                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: { () -> Handler in { inbound, _ in
                        for try await frame in inbound { print(frame) }
                    } })
                    var handler: Handler
                    @Provide(.shared, factory: { (handler: @escaping Handler) in Router(handler) })
                    var router: Router
                }
                """
            }
        }
    }

    @Suite("Cycles")
    struct Cycles {
        @Test("two members reading each other are reported once, on the first declared")
        func twoMembers() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { (b: any B) in A(b: b) })
                    var a: any A

                    @Provide(.shared, factory: { (a: any A) in B(a: a) })
                    var b: any B
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { (b: any B) in A(b: b) })
                    var a: any A
                        ┬
                        ╰─ 🛑 dependency cycle: a -> b -> a; break it by declaring the parameter 'b' of 'a' as 'Lazy<any B>' (read when first called, after the container exists), with an .input or a factory that does not read 'b'

                    @Provide(.shared, factory: { (a: any A) in B(a: a) })
                    var b: any B
                }
                """
            }
        }

        @Test("the documents' cycle, written as factory expressions, is reported with the fix-it of each expression")
        func expressionCycle() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: ServiceA(serviceB: serviceB), concrete: true)
                    var serviceA: ServiceA

                    @Provide(.shared, factory: ServiceB(serviceA: serviceA), concrete: true)
                    var serviceB: ServiceB
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: ServiceA(serviceB: serviceB), concrete: true)
                                      ┬─────────────────────────────────────
                                      ╰─ 🛑 the factory of 'serviceA' reads 'serviceB', which an attribute cannot read; take it as a closure parameter: 'factory: { (serviceB: ServiceB) in ... }'
                                         ✏️ make it a closure taking 'serviceB'
                    var serviceA: ServiceA
                        ┬───────
                        ╰─ 🛑 dependency cycle: serviceA -> serviceB -> serviceA; break it with an .input or a factory that does not read 'serviceB'

                    @Provide(.shared, factory: ServiceB(serviceA: serviceA), concrete: true)
                                      ┬─────────────────────────────────────
                                      ╰─ 🛑 the factory of 'serviceB' reads 'serviceA', which an attribute cannot read; take it as a closure parameter: 'factory: { (serviceA: ServiceA) in ... }'
                                         ✏️ make it a closure taking 'serviceA'
                    var serviceB: ServiceB
                }
                """
            }
        }

        @Test("three members reading each other in a ring are reported as one cycle")
        func threeMembers() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { (b: any B) in A(b: b) })
                    var a: any A

                    @Provide(.transient, B.self, with: [\\Self.c])
                    var b: any B

                    @Provide(.shared, factory: { (c: Self) in C(a: c.a) })
                    var c: any C
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { (b: any B) in A(b: b) })
                    var a: any A
                        ┬
                        ╰─ 🛑 dependency cycle: a -> b -> c -> a; break it by declaring the parameter 'b' of 'a' as 'Lazy<any B>' (read when first called, after the container exists), with an .input or a factory that does not read 'b'

                    @Provide(.transient, B.self, with: [\Self.c])
                    var b: any B

                    @Provide(.shared, factory: { (c: Self) in C(a: c.a) })
                    var c: any C
                }
                """#
            }
        }

        @Test("a member reading itself is a cycle")
        func selfCycle() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { (a: any A) in A(parent: a) })
                    var a: any A
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { (a: any A) in A(parent: a) })
                                                  ┬───────
                                                  ╰─ 🛑 dependency cycle: a -> a; its factory reads 'a', the member it builds; read another member, or make 'a' an .input
                    var a: any A
                }
                """
            }
        }

        @Test("a function's label naming the member it builds is reported on the label, with the member meant")
        func labelNamingItself() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { Billing() }) var billingService: any BillingService
                    @Provide(.transient, factory: Handlers.init(billing:), concrete: true)
                    var billing: Handlers
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { Billing() }) var billingService: any BillingService
                    @Provide(.transient, factory: Handlers.init(billing:), concrete: true)
                                                                ┬───────
                                                                ╰─ 🛑 dependency cycle: billing -> billing; its factory reads 'billing', the member it builds; did you mean 'billingService'?
                    var billing: Handlers
                }
                """
            }
        }
    }

    @Suite("Effects")
    struct Effects {
        @Test("a synchronous member reading an async member is reported on the read")
        func synchronousReadsAsynchronous() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.shared, factory: { (database: any DatabaseProtocol) in Repository(database: database) })
                    var repository: any RepositoryProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.shared, factory: { (database: any DatabaseProtocol) in Repository(database: database) })
                                                  ┬─────────────────────────────
                                                  ╰─ 🛑 'repository' is built synchronously but reads 'database', which is built by an asyncFactory; build 'repository' with an asyncFactory declared 'async'
                                                     ✏️ use 'asyncFactory:' with an 'async' closure
                    var repository: any RepositoryProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.shared, asyncFactory: { (database: any DatabaseProtocol) async in Repository(database: database) })
                    var repository: any RepositoryProtocol
                }
                """
            }
        }

        @Test("a synchronous reader of a member that must become async is reported in the same round")
        func synchronousReadsBecomingAsynchronous() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, factory: { (library: any LibraryProtocol) in Router(library: library) })
                    var router: any RouterProtocol

                    @Provide(.transient, factory: { (router: any RouterProtocol) in App(router: router) })
                    var app: any AppProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, factory: { (library: any LibraryProtocol) in Router(library: library) })
                                                  ┬───────────────────────────
                                                  ╰─ 🛑 'router' is built synchronously but reads 'library', which is built by an asyncFactory; build 'router' with an asyncFactory declared 'async throws'
                                                     ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var router: any RouterProtocol

                    @Provide(.transient, factory: { (router: any RouterProtocol) in App(router: router) })
                                                     ┬─────────────────────────
                                                     ╰─ 🛑 'app' is built synchronously but reads 'router', which must be built by an asyncFactory too, as it reads 'library'; build 'app' with an asyncFactory declared 'async throws'
                                                        ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var app: any AppProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, asyncFactory: { (library: any LibraryProtocol) async throws in Router(library: library) })
                    var router: any RouterProtocol

                    @Provide(.transient, asyncFactory: { (router: any RouterProtocol) async throws in App(router: router) })
                    var app: any AppProtocol
                }
                """
            }
        }

        @Test("the readers of a member whose async closure is passed as 'factory:' are reported in the same round as it")
        func readersOfAsyncClosureInFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, factory: { (library: any LibraryProtocol) in Router(library: library) })
                    var router: any RouterProtocol

                    @Provide(.transient, factory: { (router: any RouterProtocol) in App(router: router) })
                    var app: any AppProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { try await Library() })
                                      ┬───────────────────────────────
                                      ╰─ 🛑 factory of 'library' is async; pass it as 'asyncFactory:' so the accessor can await it
                                         ✏️ use 'asyncFactory:'
                    var library: any LibraryProtocol

                    @Provide(.shared, factory: { (library: any LibraryProtocol) in Router(library: library) })
                                                  ┬───────────────────────────
                                                  ╰─ 🛑 'router' is built synchronously but reads 'library', which is built by an async closure (its own fix-it passes it as 'asyncFactory:'); build 'router' with an asyncFactory declared 'async throws'
                                                     ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var router: any RouterProtocol

                    @Provide(.transient, factory: { (router: any RouterProtocol) in App(router: router) })
                                                     ┬─────────────────────────
                                                     ╰─ 🛑 'app' is built synchronously but reads 'router', which must be built by an asyncFactory too, as it reads 'library'; build 'app' with an asyncFactory declared 'async throws'
                                                        ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var app: any AppProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, asyncFactory: { (library: any LibraryProtocol) async throws in Router(library: library) })
                    var router: any RouterProtocol

                    @Provide(.transient, asyncFactory: { (router: any RouterProtocol) async throws in App(router: router) })
                    var app: any AppProtocol
                }
                """
            }
        }

        @Test("readers of a member that must declare 'throws' are reported in the same round, their 'await' reads tried")
        func readsBecomingThrowing() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, asyncFactory: { (library: any LibraryProtocol) async in Controller(library: library) })
                    var controller: any ControllerProtocol

                    @Provide(.transient, asyncFactory: { (c: Self) async in Router(controller: await c.controller) })
                    var router: any RouterProtocol

                    @Provide(.shared, asyncFactory: { (router: any RouterProtocol) async in App(router: router) })
                    var app: any AppProtocol

                    @Provide(.shared, factory: { () throws in try Settings() })
                    var settings: any SettingsProtocol

                    @Provide(.transient, factory: { (settings: any SettingsProtocol) in Status(settings: settings) })
                    var status: any StatusProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, asyncFactory: { (library: any LibraryProtocol) async in Controller(library: library) })
                                                       ┬───────────────────────────
                                                       ╰─ 🛑 'controller' reads 'library', whose factory throws; declare its factory closure 'throws'
                                                          ✏️ add 'throws'
                    var controller: any ControllerProtocol

                    @Provide(.transient, asyncFactory: { (c: Self) async in Router(controller: await c.controller) })
                                                                                                     ┬───────────
                                                                                                     ╰─ 🛑 'router' reads 'controller', which must declare 'throws' to read 'library' and then throws when read; declare its factory closure 'throws'
                                                                                                        ✏️ add 'throws'
                    var router: any RouterProtocol

                    @Provide(.shared, asyncFactory: { (router: any RouterProtocol) async in App(router: router) })
                                                       ┬─────────────────────────
                                                       ╰─ 🛑 'app' reads 'router', which must declare 'throws' to read 'library' and then throws when read; declare its factory closure 'throws'
                                                          ✏️ add 'throws'
                    var app: any AppProtocol

                    @Provide(.shared, factory: { () throws in try Settings() })
                    var settings: any SettingsProtocol

                    @Provide(.transient, factory: { (settings: any SettingsProtocol) in Status(settings: settings) })
                    var status: any StatusProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, asyncFactory: { (library: any LibraryProtocol) async throws in Controller(library: library) })
                    var controller: any ControllerProtocol

                    @Provide(.transient, asyncFactory: { (c: Self) async throws in Router(controller: try await c.controller) })
                    var router: any RouterProtocol

                    @Provide(.shared, asyncFactory: { (router: any RouterProtocol) async throws in App(router: router) })
                    var app: any AppProtocol

                    @Provide(.shared, factory: { () throws in try Settings() })
                    var settings: any SettingsProtocol

                    @Provide(.transient, factory: { (settings: any SettingsProtocol) in Status(settings: settings) })
                    var status: any StatusProtocol
                }
                """
            }
        }

        @Test("in closures reading the container, the fix-its also write 'try await' and 'try' on the reads")
        func containerReadsMarked() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, factory: { (c: Self) in Router(library: c.library, fallback: try! c.library) })
                    var router: any RouterProtocol

                    @Provide(.transient, factory: { (c: Self) in App(router: c.router, port: c.port) })
                    var app: any AppProtocol

                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.transient, factory: { (c: Self) in Status(port: c.port) })
                    var status: any StatusProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, factory: { (c: Self) in Router(library: c.library, fallback: try! c.library) })
                                                                                                        ┬────────
                                                                              │                         ╰─ 🛑 'router' is built synchronously but reads 'library', which is built by an asyncFactory; build 'router' with an asyncFactory declared 'async throws'
                                                                              │                            ✏️ use 'asyncFactory:' with an 'async throws' closure
                                                                              ┬────────
                                                                              ╰─ 🛑 'router' is built synchronously but reads 'library', which is built by an asyncFactory; build 'router' with an asyncFactory declared 'async throws'
                                                                                 ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var router: any RouterProtocol

                    @Provide(.transient, factory: { (c: Self) in App(router: c.router, port: c.port) })
                                                                             ┬───────
                                                                             ╰─ 🛑 'app' is built synchronously but reads 'router', which must be built by an asyncFactory too, as it reads 'library'; build 'app' with an asyncFactory declared 'async throws'
                                                                                ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var app: any AppProtocol

                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.transient, factory: { (c: Self) in Status(port: c.port) })
                                                                              ┬─────
                                                                              ╰─ 🛑 'status' reads 'port', whose factory throws; declare its factory closure 'throws'
                                                                                 ✏️ add 'throws'
                    var status: any StatusProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { try await Library() })
                    var library: any LibraryProtocol

                    @Provide(.shared, asyncFactory: { (c: Self) async throws in Router(library: try await c.library, fallback: try! await c.library) })
                    var router: any RouterProtocol

                    @Provide(.transient, asyncFactory: { (c: Self) async throws in App(router: try await c.router, port: try c.port) })
                    var app: any AppProtocol

                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.transient, factory: { (c: Self) throws in Status(port: try c.port) })
                    var status: any StatusProtocol
                }
                """
            }
        }

        @Test("a closure reading a throwing transient without 'throws' offers to add it")
        func readsThrowingClosure() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.shared, factory: { (port: Int) in "localhost:\\(port)" }, concrete: true)
                    var address: String
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.shared, factory: { (port: Int) in "localhost:\(port)" }, concrete: true)
                                                  ┬────────
                                                  ╰─ 🛑 'address' reads 'port', whose factory throws; declare its factory closure 'throws'
                                                     ✏️ add 'throws'
                    var address: String
                }
                """#
            } fixes: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.shared, factory: { (port: Int) throws in "localhost:\(port)" }, concrete: true)
                    var address: String
                }
                """#
            }
        }

        @Test("a function named with its labels reading a throwing transient becomes the throwing closure calling it")
        func readsThrowingFunctionReference() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var host: String
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.shared, factory: Address.init(host:port:), concrete: true)
                    var address: Address
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var host: String
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.shared, factory: Address.init(host:port:), concrete: true)
                                                                 ┬────
                                                                 ╰─ 🛑 'address' reads 'port', whose factory throws; a function named with its labels cannot say 'throws', so call it from a factory closure that does: 'factory: { (host: String, port: Int) throws in Address.init(host: host, port: port) }'
                                                                    ✏️ make it a closure taking 'host' and 'port'
                    var address: Address
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var host: String
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.shared, factory: { (host: String, port: Int) throws in Address.init(host: host, port: port) }, concrete: true)
                    var address: Address
                }
                """
            }
        }

        @Test("a function named with its labels reading an async member becomes an async closure that calls it")
        func readsAsyncFunctionReference() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() }, concrete: true)
                    var database: Database

                    @Provide(.shared, factory: Factories.repository(database:), concrete: true)
                    var repository: Repository
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() }, concrete: true)
                    var database: Database

                    @Provide(.shared, factory: Factories.repository(database:), concrete: true)
                                                                    ┬────────
                                                                    ╰─ 🛑 'repository' is built synchronously but reads 'database', which is built by an asyncFactory; build 'repository' with an asyncFactory declared 'async throws'
                                                                       ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var repository: Repository
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() }, concrete: true)
                    var database: Database

                    @Provide(.shared, asyncFactory: { (database: Database) async throws in Factories.repository(database: database) }, concrete: true)
                    var repository: Repository
                }
                """
            }
        }

        @Test("AutoWiring that reads a throwing or an async member becomes the closure calling the type's initializer")
        func autoWiringReadingEffects() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var secret: String
                    @Provide(.shared, asyncFactory: { (secret: String) async in await Keys.load(secret) }, concrete: true)
                    var keys: Keys
                    @Provide(.transient, factory: { () throws in try Clock.read() }, concrete: true)
                    var clock: Clock

                    @Provide(.shared, TokenVerifier.self, with: [\\Self.keys, \\Self.secret], concrete: true)
                    var verifier: TokenVerifier
                    @Provide(.transient, Stamp.self, with: [\\Self.clock], concrete: true)
                    var stamp: Stamp
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var secret: String
                    @Provide(.shared, asyncFactory: { (secret: String) async in await Keys.load(secret) }, concrete: true)
                    var keys: Keys
                    @Provide(.transient, factory: { () throws in try Clock.read() }, concrete: true)
                    var clock: Clock

                    @Provide(.shared, TokenVerifier.self, with: [\Self.keys, \Self.secret], concrete: true)
                                                                 ┬─────────
                                                                 ╰─ 🛑 'verifier' is built synchronously but reads 'keys', which is built by an asyncFactory; AutoWiring cannot read it (a key path cannot name a member read with 'await'), so build 'verifier' with an asyncFactory: 'asyncFactory: { (keys: Keys, secret: String) async in TokenVerifier(keys: keys, secret: secret) }'
                                                                    ✏️ use 'asyncFactory:' with an 'async' closure
                    var verifier: TokenVerifier
                    @Provide(.transient, Stamp.self, with: [\Self.clock], concrete: true)
                                                            ┬──────────
                                                            ╰─ 🛑 'stamp' reads 'clock', whose factory throws; AutoWiring cannot read it (a key path cannot name a member read with 'try'), so build 'stamp' with a factory closure that throws: 'factory: { (clock: Clock) throws in Stamp(clock: clock) }'
                                                               ✏️ make it a closure taking 'clock'
                    var stamp: Stamp
                }
                """#
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var secret: String
                    @Provide(.shared, asyncFactory: { (secret: String) async in await Keys.load(secret) }, concrete: true)
                    var keys: Keys
                    @Provide(.transient, factory: { () throws in try Clock.read() }, concrete: true)
                    var clock: Clock

                    @Provide(.shared, asyncFactory: { (keys: Keys, secret: String) async in TokenVerifier(keys: keys, secret: secret) }, concrete: true)
                    var verifier: TokenVerifier
                    @Provide(.transient, factory: { (clock: Clock) throws in Stamp(clock: clock) }, concrete: true)
                    var stamp: Stamp
                }
                """
            }
        }

        @Test("a shorthand-parameter closure reading a throwing transient gets 'throws' after its parameters")
        func readsThrowingShorthandClosure() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.transient, factory: { port in "localhost:\\(port)" }, concrete: true)
                    var address: String
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.transient, factory: { port in "localhost:\(port)" }, concrete: true)
                                                    ┬───
                                                    ╰─ 🛑 'address' reads 'port', whose factory throws; declare its factory closure 'throws'
                                                       ✏️ add 'throws'
                    var address: String
                }
                """#
            } fixes: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () throws in try Port.next() }, concrete: true)
                    var port: Int

                    @Provide(.transient, factory: { port throws in "localhost:\(port)" }, concrete: true)
                    var address: String
                }
                """#
            }
        }

        @Test("an async closure reading a throwing async member gets 'throws' after 'async'")
        func readsThrowingAsyncClosure() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.shared, asyncFactory: { (database: any DatabaseProtocol) async in Repository(database: database) })
                    var repository: any RepositoryProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.shared, asyncFactory: { (database: any DatabaseProtocol) async in Repository(database: database) })
                                                       ┬─────────────────────────────
                                                       ╰─ 🛑 'repository' reads 'database', whose factory throws; declare its factory closure 'throws'
                                                          ✏️ add 'throws'
                    var repository: any RepositoryProtocol
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.shared, asyncFactory: { (database: any DatabaseProtocol) async throws in Repository(database: database) })
                    var repository: any RepositoryProtocol
                }
                """
            }
        }

        @Test("AutoWiring reading a throwing async member becomes an async throwing closure")
        func readsThrowingAutoWiring() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.transient, Repository.self, with: [\\Self.database])
                    var repository: any RepositoryProtocol
                }
                """
            } diagnostics: {
                #"""
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.transient, Repository.self, with: [\Self.database])
                                                                 ┬─────────────
                                                                 ╰─ 🛑 'repository' is built synchronously but reads 'database', which is built by an asyncFactory; AutoWiring cannot read it (a key path cannot name a member read with 'await'), so build 'repository' with an asyncFactory: 'asyncFactory: { (database: any DatabaseProtocol) async throws in Repository(database: database) }'
                                                                    ✏️ use 'asyncFactory:' with an 'async throws' closure
                    var repository: any RepositoryProtocol
                }
                """#
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                    var database: any DatabaseProtocol

                    @Provide(.transient, asyncFactory: { (database: any DatabaseProtocol) async throws in Repository(database: database) })
                    var repository: any RepositoryProtocol
                }
                """
            }
        }
    }

    @Suite("Container parameter")
    struct ContainerParameter {
        @Test("passing the container on is reported on the use")
        func escapes() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(container: c, session: c.session) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(container: c, session: c.session) })
                                                                                        ┬
                                                                                        ╰─ 🛑 'c' stands for the container's members, which a factory may read while the container is still being created; read them as 'c.member' and do not pass 'c' on (to hand the container itself to a type, write a method in an extension of the container)
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("the container beside other parameters is reported on it, not as a member named 'c'")
        func besideOtherParameters() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol
                    @Provide(.input) var retries: Int

                    @Provide(.shared, factory: { (retries: Int, c: AppContainer) in NetworkService(retries: retries, session: c.session) })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol
                    @Provide(.input) var retries: Int

                    @Provide(.shared, factory: { (retries: Int, c: AppContainer) in NetworkService(retries: retries, session: c.session) })
                                                                ┬──────────────
                                                                ╰─ 🛑 'c' takes the container, which a factory closure takes only as its one parameter; read every member through it ('c.member'), or name each parameter after the member it receives
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }

        @Test("capturing the container in a nested closure is reported on the capture")
        func captured() {
            assertMacro {
                """
                @DIContainer
                final class AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.onDemand, factory: { (c: Self) in Retrier(fetch: { [unowned c] in c.session }) }, concrete: true)
                    var retrier: Retrier
                }
                """
            } diagnostics: {
                """
                @DIContainer
                final class AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.onDemand, factory: { (c: Self) in Retrier(fetch: { [unowned c] in c.session }) }, concrete: true)
                                                                                  ┬────────
                                                                                  ╰─ 🛑 'c' stands for the container's members, which a factory may read while the container is still being created; read them as 'c.member' and do not pass 'c' on (to hand the container itself to a type, write a method in an extension of the container)
                    var retrier: Retrier
                }
                """
            }
        }

        @Test("a local hiding a member the factory reads is reported on the local")
        func shadowed() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in
                        let session = StandInURLSession.shared
                        return NetworkService(session: session, fallback: c.session)
                    })
                    var networkService: any NetworkServiceProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in
                        let session = StandInURLSession.shared
                            ┬──────
                            ╰─ 🛑 'session' hides the member 'c.session' this factory reads; rename the local
                        return NetworkService(session: session, fallback: c.session)
                    })
                    var networkService: any NetworkServiceProtocol
                }
                """
            }
        }

        /// A body for `{ (c: Self) in ... }` in a container whose members are `store` and `other`.
        static func shadowingVerdict(_ body: String) throws -> Bool {
            let source = """
                @DIContainer struct C {
                    @Provide(.input) var store: any Store
                    @Provide(.input) var other: any Store
                    @Provide(.shared, factory: { (c: Self) in
                \(body)
                    }) var user: any Store
                }
                """
            return try FixItRoundTests.diagnostics(source).diagnostics.contains {
                $0.diagMessage.diagnosticID == MessageID(domain: "Trellis", id: IssueCode.containerParameterShadowed.rawValue)
            }
        }

        @Test(
            "a local named like a member hides its reads only where it is in scope",
            arguments: [
                // Read before the local exists: the member.
                ("let store = c.store\nreturn store", false),
                ("if let store = c.store as? Disk { return store }\nreturn c.store", false),
                ("guard let store = c.store as? Disk else { return c.store }\nreturn store", false),
                ("for store in [c.store] { print(store) }\nreturn c.store", false),
                ("let names = [c.other].map { store in store.name }\nreturn c.store", false),
                ("if true { let store = Disk() }\nreturn c.store", false),
                ("switch c.other { case let store as Disk: return store\ndefault: return c.store }", false),
                // Read where the local is in scope: hidden.
                ("let store = Disk()\nreturn c.store", true),
                ("if let store = c.other as? Disk { return c.store }\nreturn store", true),
                ("guard let store = c.other as? Disk else { return c.other }\nreturn c.store", true),
                ("for store in [c.other] { print(c.store) }\nreturn c.other", true),
                ("let names = [c.other].map { store in c.store.name }\nreturn c.other", true),
                ("switch c.other { case let store as Disk: return c.store\ndefault: return c.other }", true),
                ("do { return try load() } catch let store { print(store); return c.store }", true),
            ])
        func shadowingScope(body: String, hides: Bool) throws {
            #expect(try Self.shadowingVerdict(body) == hides, "\(body)")
        }
    }
}
