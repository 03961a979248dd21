import Foundation
import Testing
import TrellisGraph

/// What a stranger porting an app meets: each program below is a mistake (or a spelling) seen in
/// real ports and in programs written from the documentation alone, compiled by the real compiler
/// and plug-in in the compiler's default style. Each gets exactly the diagnostics listed, every one
/// on the user's own line, and none inside generated code, in either of the compiler's forms.
@Suite("What users meet, compiled by the real compiler: every diagnostic on the user's line", .serialized)
struct UserLineTests {
    /// Compiles `source` (after the corpus prelude) and returns its diagnostics as
    /// `line: severity: message`, sorted by line, then message; records an issue for any diagnostic
    /// outside the user's file.
    static func diagnostics(of source: String, _ name: String, emitSIL: Bool = false) async throws -> [String] {
        let result = try await DeclarationCorpusTests.compile(
            [CorpusProgram(name: name, source: source, expectedCode: nil)], emitSIL: emitSIL, style: .swift)
        let file = try #require(result.files.first)
        let elsewhere = result.diagnostics.filter { $0.isInGeneratedCode || $0.path != file }
        #expect(elsewhere.isEmpty, "\(name): diagnostics outside the user's file:\n\(result.output.prefix(8000))")
        let unplaced = result.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(unplaced.isEmpty, "\(name): errors without a place:\n\(result.output.prefix(4000))")
        return result.diagnostics.filter { $0.path == file }
            .map { (line: $0.line - 2, text: "\($0.severity): \($0.message)") }
            .sorted { ($0.line, $0.text) < ($1.line, $1.text) }
            .map { "\($0.line): \($0.text)" }
    }

    @Test("the compiler's two forms of a diagnostic inside an expansion are both recognised")
    func bothFormsOfGeneratedCodeAreSeen() {
        let output = """
            macro expansion @DIContainer:40:111: error: cannot convert value of type 'any OtherP' to expected element type 'any RouteP'
            `- /tmp/App.swift:14:1: note: expanded code originates here
               |   `- error: cannot convert value of type 'any OtherP' to expected element type 'any RouteP'
            /tmp/swift-generated-sources/@__swiftmacro_6Corpus3App11DIContainerfMm_.swift:4:9: error: invalid redeclaration of 'token'
            /tmp/App.swift:8:9: error: invalid redeclaration of 'token'
            """
        let diagnostics = RealCompiler.diagnostics(in: output)
        #expect(diagnostics.map(\.isInGeneratedCode) == [true, true, false])
        #expect(diagnostics.map(\.line) == [40, 4, 8])
    }

    @Suite("Values that are not Sendable")
    struct NotSendable {
        @Test(
            "a framework type that is not Sendable beside async members, in a container that does not declare Sendable, compiles")
        func routerBesideAsyncMembers() async throws {
            let source = """
                final class Router { var routes: [String] = []; init() {} }
                final class Client { init() {} }

                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: Router(), concrete: true)
                    var router: Router

                    @Provide(.shared, asyncFactory: { (router: Router) async in router.routes.append("/"); return Client() }, concrete: true)
                    var client: Client

                    @Provide(.shared, asyncFactory: { (client: Client) async throws in Box() }, concrete: true)
                    var migrated: Box
                }

                func start() async throws {
                    let container = AppContainer()
                    _ = await container.client
                    _ = try await container.migrated
                }
                """
            #expect(try await UserLineTests.diagnostics(of: source, "router beside async members", emitSIL: true) == [])
        }

        @Test("a member that is not Sendable, in a container that declares Sendable, is reported once on its type")
        func declaredSendable() async throws {
            let source = """
                final class Router { init() {} }

                @DIContainer
                struct AppContainer: Sendable {
                    @Provide(.shared, factory: Router(), concrete: true)
                    var router: Router

                    @Provide(.shared, asyncFactory: { () async in Box() }, concrete: true)
                    var box: Box
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "declared Sendable")
                    == ["6: error: type 'Router' does not conform to the 'Sendable' protocol"])
        }
    }

    @Suite("Collections")
    struct Collections {
        @Test("a contribution of the wrong type is reported once, at its into: or elementsInto:, naming both types")
        func wrongTypedContributions() async throws {
            let source = """
                protocol Route {}
                protocol Check {}
                struct Health: Route, Check {}
                struct Probe: Check {}

                @DIContainer
                struct ServerContainer {
                    @Provide(.collection)
                    var routes: [any Route]
                    @Provide(.collection)
                    var ports: Set<Int>
                    @Provide(.collection)
                    var checks: [String: any Route]

                    @Provide(.shared, factory: Probe(), into: \\Self.routes)
                    var probe: any Check
                    @Provide(.shared, factory: [Probe()], concrete: true, elementsInto: \\Self.routes)
                    var probes: [Probe]
                    @Provide(.shared, factory: "80", concrete: true, into: \\Self.ports)
                    var port: String
                    @Provide(.shared, factory: ["disk": Probe()], concrete: true, elementsInto: \\Self.checks)
                    var diskChecks: [String: Probe]
                    @Provide(.shared, factory: Health(), into: \\Self.routes)
                    var health: any Route

                    @Provide(.shared, factory: { (routes: [any Route], ports: Set<Int>, checks: [String: any Route]) in routes.count + ports.count + checks.count }, concrete: true)
                    var total: Int
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "wrong-typed contributions") == [
                    "15: error: argument type 'any Check' does not conform to expected type 'Route'",
                    "17: error: argument type 'Probe' does not conform to expected type 'Route'",
                    "19: error: cannot convert value of type 'String' to expected argument type 'Int'",
                    "21: error: cannot convert value of type '[String : Probe]' to expected argument type '[String : any Route]'",
                ])
        }

        @Test("many contributions and one of the wrong type are type-checked quickly, the wrong one reported")
        func manyContributions() async throws {
            let arrays = (0..<8).map { index in
                """
                    @Provide(.shared, factory: [\(index), \(index + 1)], concrete: true, elementsInto: \\Self.numbers)
                    var batch\(index): [Int]
                    @Provide(.shared, factory: \(index), concrete: true, into: \\Self.numbers)
                    var single\(index): Int
                """
            }
            let source = """
                @DIContainer
                struct Numbers {
                    @Provide(.collection)
                    var numbers: Set<Int>
                \(arrays.joined(separator: "\n"))
                    @Provide(.shared, factory: "nine", concrete: true, into: \\Self.numbers)
                    var wrong: String
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "many contributions") == [
                    "37: error: cannot convert value of type 'String' to expected argument type 'Int'"
                ])
        }
    }

    @Suite("Declarations as they are typed, and their slips")
    struct Declarations {
        @Test("a static, lazy, weak or type-less member gets Trellis's error; the compiler adds only its own word on 'lazy'")
        func membersThatAreNotStoredInstanceProperties() async throws {
            let source = """
                final class Handler: Sendable { init() {} }

                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: Handler(), concrete: true) static var shared: Handler
                    @Provide(.input) lazy var port: Int = 8080
                    @Provide(.input) weak var handler: Handler?
                    @Provide(.input) var host = "127.0.0.1"
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "not stored instance properties", emitSIL: true)
            #expect(
                diagnostics == [
                    "5: error: @Provide members are stored instance properties; remove 'static' (from macro 'DIContainer')",
                    "6: error: 'lazy' cannot be used on a computed property",
                    "6: error: @Provide members are stored instance properties; remove 'lazy' (from macro 'DIContainer')",
                    "7: error: the container keeps 'handler' strongly, as it keeps every member; remove 'weak' (a value that must not keep another holds it weakly itself) (from macro 'DIContainer')",
                    "8: error: @Provide member 'host' needs a type annotation ('var host: SomeType') (from macro 'DIContainer')",
                ], "\(diagnostics)")
        }

        @Test("@Provide outside a container, in an extension of one or in a plain type, gets Trellis's error alone")
        func provideOutsideContainer() async throws {
            let source = """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var port: Int
                }

                extension AppContainer {
                    @Provide(.input) var host: String
                }

                struct Settings {
                    @Provide(.input) var name: String
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "outside a container", emitSIL: true)
            #expect(
                diagnostics == [
                    "7: error: @Provide members are declared in the @DIContainer type's own body, which is all the macro sees, not in an extension; move it there or remove @Provide (from macro 'Provide')",
                    "11: error: @Provide declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @Provide (from macro 'Provide')",
                ], "\(diagnostics)")
        }

        @Test("an @Assisted function taking an inout argument gets Trellis's error alone")
        func assistedInout() async throws {
            let source = """
                final class Tally: Sendable { init(start: Int) {} }

                @DIContainer
                struct AppContainer {
                    @Assisted(factory: { (start: Int) in Tally(start: start) })
                    func tally(start: inout Int) -> Tally
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "assisted inout", emitSIL: true)
            #expect(
                diagnostics == [
                    "6: error: @Assisted functions take no 'inout' arguments: the value they build is returned (from macro 'DIContainer')"
                ], "\(diagnostics)")
        }

        @Test("@DIContainer written twice gets Trellis's error alone; @Provide twice, beside it, the compiler's on the second")
        func repeatedAttributes() async throws {
            let source = """
                @DIContainer @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    @Provide(.input)
                    var port: Int
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "repeated attributes", emitSIL: true)
            let from = " (from macro 'DIContainer ')"
            let provide =
                "Provide(_:_:with:factory:asyncFactory:concrete:service:shutdown:into:elementsInto:key:allowsEmpty:)"
            // Each accessor macro must give a getter, and a second getter would be an error inside its
            // expansion: the second `@Provide` gives none, which the compiler reports on the member.
            #expect(
                diagnostics == [
                    "1: error: @DIContainer is written twice on 'AppContainer'; remove this one" + from,
                    "4: error: @Provide is written twice on 'port'; remove this one" + from,
                    "5: error: expansion of macro '\(provide)' did not produce a non-observing accessor (such as 'get') as expected",
                ], "\(diagnostics)")
        }

        @Test("an input's default of the wrong type is reported on the user's lines, also in a container with another error")
        func inputDefaultOfTheWrongType() async throws {
            let source = """
                @DIContainer
                struct Settings {
                    @Provide(.input) var port: Int = "8080"
                }

                @DIContainer(concrete: true)
                struct Broken {
                    @Provide(.input) var port: Int = "8080"
                    @Provide(.shared) var name: String
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "input default", emitSIL: true)
            let conversion = "cannot convert value of type 'String' to specified type 'Int'"
            let defaultArgument = "default argument value of type 'String' cannot be converted to type 'Int'"
            #expect(
                // The initializer's parameter is on its member's line, its default beside the member's.
                diagnostics == [
                    "3: error: \(conversion)", "3: error: \(defaultArgument)", "8: error: \(conversion)",
                    "8: error: \(defaultArgument)",
                    "9: error: '.shared' member 'name' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]' (from macro 'DIContainer')",
                ], "\(diagnostics)")
        }

        @Test("an actor or an open class gets Trellis's error alone: its members still have getters, the actor stays Sendable")
        func containerOfTheWrongKind() async throws {
            let source = """
                final class Handler: Sendable { init() {} }
                final class Holder: Sendable { init(handler: Provider<Handler>) {} }

                @DIContainer
                actor Registry {
                    @Provide(.input)
                    var name: String

                    @Provide(.transient, factory: Handler(), concrete: true)
                    var handler: Handler

                    @Provide(.transient, factory: { (handler: Provider<Handler>) in Holder(handler: handler) }, concrete: true)
                    var holder: Holder
                }

                @DIContainer
                class Services {
                    @Provide(.transient, factory: Handler(), concrete: true)
                    var handler: Handler
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "wrong kind", emitSIL: true)
            #expect(
                diagnostics == [
                    "4: error: @DIContainer applies to a struct or a final class, not to an actor 'Registry' (from macro 'DIContainer')",
                    "16: error: @DIContainer applies to a struct or a final class, not to an open (non-final) class 'Services' (from macro 'DIContainer')",
                ], "\(diagnostics)")
        }

        @Test("a member declared twice gets only the compiler's redeclaration error, on the second")
        func declaredTwice() async throws {
            let source = """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var token: String

                    @Provide(.input)
                    var token: String
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "declared twice") == [
                    "7: error: invalid redeclaration of 'token'"
                ])
        }

        @Test("a name declared twice with other scopes leaves the container's callers without an error of their own")
        func declaredTwiceWithOtherScopes() async throws {
            // A stranger's port of websocket-echo: an input `logger` added beside the shared one.
            // The initializer took the first declaration's required parameter, so the call that
            // compiled before got "missing argument for parameter 'logger' in call", with a note on
            // the generated initializer.
            let source = """
                struct Logger: Sendable { init(label: String) {} }
                struct Server: Sendable { init(logger: Logger, port: Int) {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.input) var port: Int
                    @Provide(.input) var logger: Logger
                    @Provide(.shared, factory: { Logger(label: "app") })
                    var logger: Logger
                    @Provide(.shared, factory: { (port: Int) in Server(logger: Logger(label: "server"), port: port) })
                    var server: Server
                }

                func build(port: Int) -> Server { AppContainer(port: port).server }
                func build(port: Int, logger: Logger) -> Server { AppContainer(port: port, logger: logger).server }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "declared twice, other scopes")
            #expect(diagnostics == ["9: error: invalid redeclaration of 'logger'"], "\(diagnostics)")
        }

        @Test("a member type that does not exist (a missing import) is reported only where it is written")
        func unknownMemberType() async throws {
            // The types of a framework whose import the container's file lacks; `Router` is read by
            // a shared member and a transient, and stored as an input.
            let source = """
                final class Handler: Sendable { init() {} }

                @DIContainer
                struct AppContainer {
                    @Provide(.input) var router: Router
                    @Provide(.shared, factory: { () in HTTPClient() }, concrete: true)
                    var client: HTTPClient
                    @Provide(.transient, factory: Handler(), concrete: true) var handler: Handler
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "unknown member type")
            // Once for the declaration, once for its alias, which the storage names it through
            // (MemberTypeAliases), and once for each place where the container's API or the user's
            // code meets the type: the initializer's parameter, and for an input `Inputs` and the
            // needs protocol, for a shared member the local its factory's value is kept in. The
            // factory's own `HTTPClient()` twice: where Swift checks the attribute's argument, and
            // where the copied code is.
            #expect(
                diagnostics == Array(repeating: "5: error: cannot find type 'Router' in scope", count: 5)
                    + Array(repeating: "6: error: cannot find 'HTTPClient' in scope", count: 2)
                    + Array(repeating: "7: error: cannot find type 'HTTPClient' in scope", count: 4),
                "\(diagnostics)")
            // And no excerpt Swift prints under them shows a name the user never wrote.
            let result = try await DeclarationCorpusTests.compile(
                [CorpusProgram(name: "unknown member type", source: source, expectedCode: nil)], emitSIL: false,
                style: .swift)
            #expect(!result.output.contains(DeclarationRules.reservedPrefix), "\(result.output.prefix(8000))")
        }

        @Test(
            "a 'shutdown:' member: its closure's error is on the closure, its unknown type on the type, and no excerpt names a generated declaration"
        )
        func shutdownClosureAndType() async throws {
            // AsyncHTTPClient's `shutdown()` throws; the port forgot `try`. The pool's type is
            // misspelt. A closure naming a member it does not take (`client`) fails in `@Provide`'s
            // arguments, and the local holding that member's closure keeps a name it cannot read.
            let source = """
                final class HTTPClient: Sendable { func shutdown() async throws {} }
                final class Pool: Sendable { func close() async {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: HTTPClient(),
                             shutdown: { (http: HTTPClient) in await http.shutdown() })
                    var client: HTTPClient
                    @Provide(.shared, factory: Pool(), shutdown: { (pool: Pool) in await pool.close() })
                    var pool: Poool
                    @Provide(.shared, factory: Pool(), shutdown: { (pool: Pool) in _ = client; await pool.close() })
                    var spare: Pool
                }
                """
            let result = try await DeclarationCorpusTests.compile(
                [CorpusProgram(name: "shutdown slips", source: source, expectedCode: nil)], emitSIL: false, style: .swift)
            let file = try #require(result.files.first)
            #expect(result.diagnostics.allSatisfy { $0.path == file && !$0.isInGeneratedCode }, "\(result.output.prefix(8000))")
            let placed = Set(
                result.diagnostics.filter { $0.severity == "error" }.map { "\($0.line - 2):\($0.column ?? 0): \($0.message)" })
            #expect(
                placed == [
                    "7:54: call can throw, but it is not marked with 'try' and the error is not handled",
                    "10:15: cannot find type 'Poool' in scope",
                    "10:15: cannot find 'Poool' in scope",
                    "10:37: cannot find type 'Poool' in scope",
                    "11:72: instance member 'client' cannot be used on type 'AppContainer'; did you mean to use a value of this type instead?",
                ],
                "\(placed)")
            #expect(!result.output.contains(DeclarationRules.reservedPrefix), "\(result.output.prefix(8000))")
        }

        @Test("a contribution to a collection whose type does not exist is reported only where it is written")
        func unknownContributionType() async throws {
            // The collection's assembler takes each contribution as a parameter of its type.
            let source = """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: 7, concrete: true, into: \\Self.counts)
                    var answer: Answr
                    @Provide(.collection)
                    var counts: [Int]
                }
                """
            // Once for the declaration, once for its alias, and once for each place the generated
            // code spells the type: the initializer's parameter, the builder's result, the
            // assembler's parameter.
            let diagnostics = try await UserLineTests.diagnostics(of: source, "unknown contribution type")
            #expect(
                diagnostics == Array(repeating: "4: error: cannot find type 'Answr' in scope", count: 5), "\(diagnostics)")
        }

        @Test("an async member of a type that does not exist, in a main-actor container: only Swift's getter error is elsewhere")
        func unknownAsyncMemberTypeOnTheMainActor() async throws {
            // A main-actor container starts its async members' tasks in its initializer; the task's
            // result was `.init(...)` of a type taken from the member's cell, which Swift could not
            // infer from a type that does not exist ("cannot infer contextual base").
            let source = """
                struct Settings: Sendable { init() {} }

                @DIContainer(mainActor: true)
                struct ScreenContainer {
                    @Provide(.shared, asyncFactory: { () async in Settings() }, concrete: true)
                    var settings: Settin
                }
                """
            let result = try await DeclarationCorpusTests.compile(
                [CorpusProgram(name: "unknown async member type", source: source, expectedCode: nil)], emitSIL: true,
                style: .swift)
            let file = try #require(result.files.first)
            let user = result.diagnostics.filter { $0.path == file && !$0.isInGeneratedCode }
            #expect(
                user.map { "\($0.line): \($0.message)" }
                    == Array(repeating: "8: cannot find type 'Settin' in scope", count: 4), "\(result.output.prefix(6000))")
            // Swift takes the unknown type for a noncopyable one and reports the getter `@Provide`
            // writes, as it does for the same getter written by hand; an accessor's expansion cannot
            // be placed on the user's line. Nothing else is reported inside an expansion.
            let elsewhere = result.diagnostics.filter { $0.isInGeneratedCode || $0.path != file }
            #expect(
                elsewhere.map(\.message) == ["getter of noncopyable type cannot be 'async' or 'throws'"],
                "\(result.output.prefix(6000))")
        }

        @Test("an opaque member that is not transient gets Trellis's error alone, with and without service: true")
        func opaqueMember() async throws {
            let source = """
                protocol ApplicationProtocol {}
                struct Application: ApplicationProtocol { init(port: Int) {} }

                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var port: Int

                    @Provide(.shared, factory: { (port: Int) in Application(port: port) })
                    var app: some ApplicationProtocol

                    @Provide(.transient, factory: { (port: Int) in Application(port: port) }, service: true)
                    var server: some ApplicationProtocol
                }

                // The initializer takes no override of 'app': a parameter '(some ApplicationProtocol)?'
                // made it generic, and this call "generic parameter could not be inferred".
                func buildApplication(port: Int) -> some ApplicationProtocol { AppContainer(port: port).server }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "opaque member") == [
                    "10: error: 'app' has the opaque type 'some ApplicationProtocol', which only a '.transient' member can return; make it '.transient' (built on every read; not a service, which is one instance), or give it a type the container can store: the type its factory builds (with its generic arguments), or an 'any' type (the only one when the factory itself returns an opaque type) (from macro 'DIContainer')",
                    "12: error: 'server' is '.transient', built anew on every read; a service is one instance that runs as long as the container: make it '.shared' or remove 'service:' (from macro 'DIContainer')",
                ])
        }

        @Test("an opaque member building a generic type gets no error of its own beside another member's error")
        func opaqueGenericBesideAnError() async throws {
            // Hummingbird's html-form, ported: `app` is fine, `router` reads an async member synchronously.
            let source = """
                protocol ApplicationProtocol {}
                struct Configuration { init(name: String) {} }
                struct Router<Context> { init() {} }
                struct Library { init() async throws {} }
                struct Application<Responder>: ApplicationProtocol {
                    init(router: Responder, configuration: Configuration, logger: Int) {}
                }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.input) var name: String
                    @Provide(.shared, asyncFactory: { try await Library() }) var library: Library
                    @Provide(.shared, factory: { (library: Library) in Router<Int>() }) var router: Router<Int>
                    @Provide(.transient, factory: { (router: Router<Int>, name: String) in
                        Application(router: router, configuration: Configuration(name: name), logger: 0)
                    })
                    var app: some ApplicationProtocol
                    @Provide(.transient, factory: { (name: String) in
                        Application(router: name, configuration: Configuration(name: name), logger: 0)
                    })
                    var named: some ApplicationProtocol
                    @Provide(.shared, factory: { (router: Router<Int>) throws in
                        Application(router: router, configuration: Configuration(name: ""), logger: 0)
                    })
                    var kept: some ApplicationProtocol
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "opaque generic beside an error") == [
                    "13: error: 'router' is built synchronously but reads 'library', which is built by an asyncFactory; build 'router' with an asyncFactory declared 'async throws' (from macro 'DIContainer')",
                    "14: error: 'app' is built synchronously but reads 'router', which must be built by an asyncFactory too, as it reads 'library'; build 'app' with an asyncFactory declared 'async throws' (from macro 'DIContainer')",
                    "22: error: 'kept' is built synchronously but reads 'router', which must be built by an asyncFactory too, as it reads 'library'; build 'kept' with an asyncFactory declared 'async throws' (from macro 'DIContainer')",
                    "25: error: 'kept' has the opaque type 'some ApplicationProtocol', which only a '.transient' member can return; make it '.transient' (built on every read; not a service, which is one instance), or give it a type the container can store: the type its factory builds (with its generic arguments), or an 'any' type (the only one when the factory itself returns an opaque type) (from macro 'DIContainer')",
                ])
        }

        @Test("an @Assisted function without a return type gets Trellis's errors alone")
        func assistedWithoutReturnType() async throws {
            let source = """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var name: String

                    @Assisted(factory: { (id: Int, name: String) in Box() })
                    func make(id: Int)
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: source, "assisted without return type") == [
                    "7: error: @Assisted function 'make' needs a return type ('-> SomeType'): the value it builds (from macro 'DIContainer')"
                ])
        }

        @Test(
            "a declaration being typed gets the parser's error alone",
            arguments: [
                ("var token:", "8: error: expected type"),
                ("var token: [Str", "7: error: expected ']' in array type"),
                ("var token: any", "7: error: expected type"),
                ("var token: Int =", "7: error: expected initial value after '='"),
                ("var token: (Int, ", "8: error: expected type"),
            ])
        func beingTyped(declaration: String, expected: String) async throws {
            let source = """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: Box(), concrete: true)
                    var box: Box

                    @Provide(.input)
                    \(declaration)
                    @Provide(.shared, factory: { (box: Box) in box }, concrete: true)
                    var copy: Box
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, declaration)
            #expect(diagnostics.first == expected)
            #expect(diagnostics.allSatisfy { !$0.contains("macro") && !$0.contains("_trellis") }, "\(diagnostics)")
        }
    }

    @Suite("Effects")
    struct Effects {
        @Test(
            "a throwing transient read through the container is written 'try c.member', with no warning, built at creation or later"
        )
        func tryContainerRead() async throws {
            let source = """
                struct Part: Sendable { init() throws {} }
                struct Assembly: Sendable { init(part: Part) {} }

                @DIContainer
                struct Plant {
                    @Provide(.transient, factory: { () throws in try Part() }, concrete: true)
                    var part: Part
                    @Provide(.shared, factory: { (c: Self) throws in Assembly(part: try c.part) }, concrete: true)
                    var assembly: Assembly
                    @Provide(.transient, factory: { (c: Self) throws in Assembly(part: try c.part) }, concrete: true)
                    var another: Assembly
                }
                """
            #expect(try await UserLineTests.diagnostics(of: source, "try c.member", emitSIL: true) == [])
        }

        @Test(
            "an on-demand member with an asyncFactory compiles; one that is not async, or read synchronously, gets Trellis's errors alone, and compiles with their fix-its applied"
        )
        func asyncOnDemand() async throws {
            let source = """
                final class Report: Sendable { init() {} }
                struct Summary { let report: Report }

                @DIContainer(concrete: true)
                struct Reports {
                    @Provide(.onDemand, asyncFactory: { () async in Report() })
                    var declared: Report
                    @Provide(.onDemand, asyncFactory: { Report() })
                    var notAsync: Report
                    @Provide(.onDemand, factory: { (declared: Report) in Summary(report: declared) })
                    var summary: Summary
                }

                func read(_ reports: Reports) async {
                    _ = await reports.declared
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "async on demand")
            #expect(
                diagnostics == [
                    "8: error: asyncFactory of 'notAsync' must be an async closure; write '{ (...) async in ... }' or use 'factory:' (from macro 'DIContainer')",
                    "10: error: 'summary' is built synchronously but reads 'declared', which is built by an asyncFactory; build 'summary' with an asyncFactory declared 'async' (from macro 'DIContainer')",
                ], "\(diagnostics)")
            // What the two fix-its write.
            let edits = [
                ("asyncFactory: { Report() }", "asyncFactory: { () async in Report() }"),
                ("factory: { (declared: Report) in", "asyncFactory: { (declared: Report) async in"),
                ("_ = await reports.declared", "_ = await reports.declared\n    _ = await reports.summary"),
            ]
            let fixed = edits.reduce(source) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            #expect(try await UserLineTests.diagnostics(of: fixed, "async on demand, fixed", emitSIL: true) == [])
        }

        @Test("the article's container of values that are not Sendable compiles as printed, with Hummingbird's shapes")
        func articleNotSendableSample() async throws {
            // ScopesAndFactories, "Values that are not Sendable", after stand-ins of Hummingbird's
            // generic router and application. A stranger copied it and met "'router' reads 'store',
            // whose factory throws" when `router` did not say `throws`.
            let standIns = """
                struct BasicRequestContext {}
                final class RouterGroup<Context> {}
                final class Router<Context> {
                    init(context: Context.Type = BasicRequestContext.self) {}
                    func group(_ path: String) -> RouterGroup<Context> { RouterGroup() }
                }
                struct RouterResponder<Context> {}
                protocol ApplicationProtocol {}
                struct ApplicationConfiguration {
                    enum Address { case hostname(String, port: Int) }
                    init(address: Address) {}
                }
                struct Application<Responder>: ApplicationProtocol {
                    init<Context>(router: Router<Context>, configuration: ApplicationConfiguration)
                    where Responder == RouterResponder<Context> {}
                }
                struct Configuration: Sendable { var databaseURL = ""; var host = "127.0.0.1"; var port = 0 }
                struct TodoStore: Sendable { static func connect(_ url: String) async throws -> TodoStore { TodoStore() } }
                struct TodoController {
                    let store: TodoStore
                    func addRoutes(to group: RouterGroup<BasicRequestContext>) {}
                }

                """
            let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let article = try String(
                contentsOf: root.appending(path: "Sources/Trellis/Trellis.docc/ScopesAndFactories.md"), encoding: .utf8)
            let section = try #require(article.range(of: "### Values that are not Sendable"))
            let block = try #require(article[section.upperBound...].range(of: "```swift\n"))
            let end = try #require(article[block.upperBound...].range(of: "```"))
            let sample = String(article[block.upperBound..<end.lowerBound])
            #expect(try await UserLineTests.diagnostics(of: standIns + sample, "article sample", emitSIL: true) == [])
        }

        @Test(
            "a factory calling an async initializer without 'await' gets Swift's errors on its line, and no note naming generated code"
        )
        func asyncCallInFactory() async throws {
            let source = """
                struct Library: Sendable { init(directory: String) async throws {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: { Library(directory: "/tmp") })
                    var library: Library
                    @Provide(.transient, factory: { Library(directory: "/tmp") })
                    var fresh: Library
                }
                """
            let result = try await DeclarationCorpusTests.compile(
                [CorpusProgram(name: "async call in factory", source: source, expectedCode: nil)], emitSIL: false,
                style: .swift)
            let file = try #require(result.files.first)
            let own = result.diagnostics.filter { $0.path == file && $0.severity == "error" }
            #expect(
                own.map { "\($0.line - 2): \($0.message)" }.sorted() == [
                    "5: 'async' call in a function that does not support concurrency",
                    "5: call can throw, but it is not marked with 'try' and the error is not handled",
                    "7: 'async' call in a function that does not support concurrency",
                    "7: call can throw, but it is not marked with 'try' and the error is not handled",
                ], "\(result.output.prefix(6000))")
            // Swift asked to make the initializer's builder async when the copy sat in a function,
            // and the transient's builder, named like the member ("add 'async' to function 'fresh'").
            // Nor does the excerpt of the expansion Swift prints under each error name generated
            // code: the transient's override check, read from the container's storage, sits above a
            // comment line, out of the excerpt's two lines.
            #expect(!result.output.contains("_trellis_"), "\(result.output.prefix(6000))")
            #expect(!result.output.contains("asynchronous"), "\(result.output.prefix(6000))")
        }

        @Test(
            "the container parameter written without its type: Trellis says to declare it '(c: Self)', and the program compiles so"
        )
        func untypedContainerParameter() async throws {
            // Hummingbird's html-form as a new user first wrote it.
            let source = """
                protocol ApplicationProtocol {}
                struct Router {}
                struct Application: ApplicationProtocol { init(router: Router, port: Int) {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.input) var port: Int
                    @Provide(.shared, factory: { Router() })
                    var router: Router
                    @Provide(.transient, factory: { c in
                        Application(router: c.router, port: c.port)
                    })
                    var app: some ApplicationProtocol
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "untyped container parameter")
            #expect(
                diagnostics == [
                    "10: error: 'app' reads 'c', which is not a member of 'AppContainer'; to read the container's members through it ('c.router'), declare it '(c: Self)' (from macro 'DIContainer')",
                    // Swift's own, once (the placeholders' copy of the closure types 'c'), and its
                    // cascade while the attribute does not type-check (Troubleshooting).
                    "10: error: cannot infer type of closure parameter 'c' without a type annotation",
                    "13: error: property declares an opaque return type, but has no initializer expression from which to infer an underlying type [#OpaqueTypeInference]",
                ], "\(diagnostics)")
            let fixed = source.replacingOccurrences(of: "factory: { c in", with: "factory: { (c: Self) in")
            #expect(try await UserLineTests.diagnostics(of: fixed, "container parameter declared", emitSIL: true) == [])
        }

        @Test("closures reading the container, made async by Trellis's fix-its, compile: each read gets its 'try await'")
        func containerReadsMarkedByFixIts() async throws {
            // Hummingbird's html-form, written with `(c: Self)`: the router reads the async library
            // and the app the router; `status` reads a throwing transient and says no `throws`.
            let source = """
                @DIContainer(concrete: true)
                struct Site {
                    @Provide(.shared, asyncFactory: { try await Library() }) var library: Library
                    @Provide(.shared, factory: { (c: Self) in Router(c.library, name: c.name) }) var router: Router
                    @Provide(.transient, factory: { (c: Self) in App(c.router) }) var app: App
                    @Provide(.transient, factory: { () throws in try Check() }) var check: Check
                    @Provide(.transient, factory: { (c: Self) in Status(c.check) }) var status: Status
                    @Provide(.shared, factory: "site") var name: String
                }

                final class Library: Sendable { init() async throws {} }
                final class Router: Sendable { init(_ library: Library, name: String) {} }
                final class App: Sendable { init(_ router: Router) {} }
                final class Check: Sendable { init() throws {} }
                final class Status: Sendable { init(_ check: Check) {} }

                func serve(_ site: Site) async throws {
                    _ = try await site.app
                    _ = try site.status
                }
                """
            let (file, before) = try FixItRoundTests.diagnostics(source)
            #expect(before.count == 3 && before.allSatisfy { $0.fixIts.count == 1 }, "\(before.map(\.message))")
            let fixed = FixItRoundTests.applying(before.flatMap { $0.fixIts.first?.edits ?? [] }, to: file.description)
            #expect(fixed.contains("{ (c: Self) async throws in Router(try await c.library, name: c.name) }"), "\(fixed)")
            #expect(fixed.contains("{ (c: Self) async throws in App(try await c.router) }"), "\(fixed)")
            #expect(fixed.contains("{ (c: Self) throws in Status(try c.check) }"), "\(fixed)")
            #expect(try await UserLineTests.diagnostics(of: fixed, "container reads, fixed", emitSIL: true) == [])
        }

        @Test("factories that try or await without saying 'throws' or 'async' compile as Swift infers them")
        func inferredEffects() async throws {
            let source = """
                struct Part: Sendable { init() throws {} }
                struct Library: Sendable { init() async throws {} }
                struct Assembly: Sendable { init(part: Part) {} }

                @DIContainer
                struct Plant {
                    @Provide(.shared, asyncFactory: { try await Library() }, concrete: true)
                    var library: Library
                    @Provide(.transient, factory: { try Part() }, concrete: true)
                    var part: Part
                    @Provide(.shared, factory: { (c: Self) in Assembly(part: try c.part) }, concrete: true)
                    var assembly: Assembly
                    @Provide(.transient, factory: { do { return try Part() } catch { return try! Part() } }, concrete: true)
                    var handled: Part
                    @Provide(.transient, factory: { (try? Part()) ?? (try! Part()) }, concrete: true)
                    var optional: Part
                    @Provide(.transient, factory: { () -> Part in
                        let make = { () throws in try Part() }
                        return try! make()
                    }, concrete: true)
                    var nested: Part
                }

                func use(_ plant: Plant) async throws {
                    _ = try await plant.library
                    _ = try plant.part
                    _ = plant.assembly
                    _ = plant.handled
                    _ = plant.optional
                    _ = plant.nested
                }
                """
            #expect(try await UserLineTests.diagnostics(of: source, "inferred effects", emitSIL: true) == [])
        }

        @Test("a Provider of a shared member whose factory throws compiles: reading it never throws")
        func providerOfThrowingShared() async throws {
            let source = """
                struct Connection: Sendable { init() throws {} }
                struct Pool: Sendable { init(make: Provider<Connection>) {} }

                @DIContainer
                struct Database {
                    @Provide(.shared, factory: { () throws in try Connection() }, concrete: true)
                    var connection: Connection
                    @Provide(.shared, factory: { (connection: Provider<Connection>) in Pool(make: connection) }, concrete: true)
                    var pool: Pool
                }
                """
            #expect(try await UserLineTests.diagnostics(of: source, "provider of a throwing shared member", emitSIL: true) == [])
        }
    }

    @Suite("Factories")
    struct Factories {
        @Test("a factory closure using '$0' gets Trellis's error alone, on the '$0'")
        func anonymousArgument() async throws {
            let source = """
                final class Handler: Sendable { init() {} }
                final class Runner: Sendable { init(handler: Handler) {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: Handler()) var handler: Handler
                    @Provide(.transient, factory: { Runner(handler: $0) }) var runner: Runner
                }
                """
            let diagnostics = try await UserLineTests.diagnostics(of: source, "anonymous argument", emitSIL: true)
            #expect(
                diagnostics == [
                    "7: error: factory parameters are resolved by member name, which '$0' has none of; declare the parameter named after the member it receives ('{ (member: Type) in ... }') (from macro 'DIContainer')"
                ], "\(diagnostics)")
        }

        @Test("a closure returning different types gets Trellis's fix-it beside the compiler's error, and compiles once fixed")
        func closureResultType() async throws {
            let written = """
                protocol Store: Sendable {}
                struct MemoryStore: Store {}
                struct RemoteStore: Store { let url: String }

                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var inMemory: Bool
                    @Provide(.input)
                    var url: String

                    @Provide(.shared, factory: { (inMemory: Bool, url: String) in
                        if inMemory { return MemoryStore() }
                        return RemoteStore(url: url)
                    })
                    var store: any Store
                }
                """
            #expect(
                try await UserLineTests.diagnostics(of: written, "closure result type") == [
                    "12: error: the factory closure of 'store' returns 'MemoryStore' and 'RemoteStore'; Swift takes a closure's result type from its first 'return', so declare it: '-> any Store' (from macro 'DIContainer')",
                    "14: error: cannot convert value of type 'RemoteStore' to closure result type 'MemoryStore'",
                ])
            let fixed = written.replacingOccurrences(
                of: "(inMemory: Bool, url: String) in", with: "(inMemory: Bool, url: String) -> any Store in")
            #expect(try await UserLineTests.diagnostics(of: fixed, "closure result type, fixed", emitSIL: true) == [])
        }

        @Test("a key path written '\\.member', as the documents write it, gets Trellis's fix-it beside the compiler's error")
        func rootlessKeyPath() async throws {
            let written = """
                protocol Route: Sendable {}
                struct Health: Route {}
                struct Client: Sendable { let baseURL: String }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.input) var baseURL: String
                    @Provide(.shared, Client.self, with: [\\.baseURL]) var client: Client
                    @Provide(.collection) var routes: [any Route]
                    @Provide(.shared, factory: Health(), into: \\.routes) var health: any Route
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "rootless key paths")
            #expect(
                found == [
                    "8: error: 'with:' entries are key paths to members of this container, which Swift cannot infer from '\\.baseURL'; write '\\Self.baseURL' (from macro 'DIContainer')",
                    "8: error: cannot infer key path type from context; consider explicitly specifying a root type",
                    "10: error: 'into:' takes a key path to a '.collection' member of this container, which Swift cannot infer from '\\.routes'; write '\\Self.routes' (from macro 'DIContainer')",
                    "10: error: cannot infer key path type from context; consider explicitly specifying a root type",
                ], "\(found)")
            let fixed = written.replacingOccurrences(of: "\\.", with: "\\Self.")
            #expect(try await UserLineTests.diagnostics(of: fixed, "rootless key paths, fixed", emitSIL: true) == [])
        }

        @Test("a factory expression reading members gets Trellis's fix-it beside the compiler's errors, and compiles once fixed")
        func expressionReadingMembers() async throws {
            let written = """
                protocol Session: Sendable {}
                struct URLSession: Session {}
                protocol Network: Sendable {}
                struct NetworkService: Network { let session: any Session; let baseURL: String }

                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: URLSession()) var session: any Session
                    @Provide(.input) var baseURL: String
                    @Provide(.shared, factory: NetworkService(session: session, baseURL: baseURL))
                    var network: any Network
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "expression reading members")
            #expect(
                found == [
                    "10: error: instance member 'baseURL' cannot be used on type 'AppContainer'; did you mean to use a value of this type instead?",
                    "10: error: instance member 'session' cannot be used on type 'AppContainer'; did you mean to use a value of this type instead?",
                    "10: error: the factory of 'network' reads 'session' and 'baseURL', which an attribute cannot read; take them as closure parameters: 'factory: { (session: any Session, baseURL: String) in ... }' (from macro 'DIContainer')",
                ], "\(found)")
            let fixed = written.replacingOccurrences(
                of: "factory: NetworkService(session: session, baseURL: baseURL)",
                with: "factory: { (session: any Session, baseURL: String) in NetworkService(session: session, baseURL: baseURL) }"
            )
            #expect(try await UserLineTests.diagnostics(of: fixed, "expression reading members, fixed", emitSIL: true) == [])
        }

        @Test(
            "a factory closure capturing members, or naming them without taking them, compiles once Trellis's fix-its are applied"
        )
        func closureReadingMembersItDoesNotTake() async throws {
            let written = """
                final class Log: Sendable { init() {} }
                final class Mailer: Sendable { init(log: Log, port: Int) {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: Log()) var log: Log
                    @Provide(.input) var port: Int
                    @Provide(.shared, factory: { [log, port] in Mailer(log: log, port: port) }) var captured: Mailer
                    @Provide(.shared, factory: { () throws in
                        let extra = 1
                        return Mailer(log: log, port: port + extra)
                    })
                    var named: Mailer
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "closure reading members it does not take")
            let instance = "cannot be used on type 'AppContainer'; did you mean to use a value of this type instead?"
            #expect(
                found == [
                    "8: error: a factory closure receives the members it reads as its parameters, named after them, not by capturing them: write '(log: Log, port: Int) in' for the capture of 'log', 'port' (from macro 'DIContainer')",
                    "8: error: instance member 'log' \(instance)", "8: error: instance member 'port' \(instance)",
                    "11: error: instance member 'log' \(instance)", "11: error: instance member 'port' \(instance)",
                    "11: error: the factory of 'named' reads 'log' and 'port' without taking them; add them to the closure's parameters: '(log: Log, port: Int) in' (from macro 'DIContainer')",
                ], "\(found.joined(separator: "\n"))")
            // What the two fix-its write.
            let fixed =
                written
                .replacingOccurrences(of: "{ [log, port] in", with: "{ (log: Log, port: Int) in")
                .replacingOccurrences(of: "{ () throws in", with: "{ (log: Log, port: Int) throws in")
            #expect(try await UserLineTests.diagnostics(of: fixed, "closure reading members, fixed", emitSIL: true) == [])
        }

        @Test(
            "a function value written as its own factory gets one Trellis error, whose fix-it returns it from a factory and compiles"
        )
        func functionValueAsItsFactory() async throws {
            // Hummingbird's WebSocket upgrade handler, ported: the closure is the member's value.
            // Its `for try await` is the value's, not the factory's: neither the member nor the
            // router reading it is taken for an async one, and its parameters read no member.
            let written = """
                typealias Handler = @Sendable (AsyncStream<Int>, String, Int) async throws -> Void
                final class Router: Sendable { init(handler: @escaping Handler) {} }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: { inbound, text, _ in
                        for await number in inbound { print(text, number) }
                    })
                    var handler: Handler
                    @Provide(.shared, factory: { (handler: @escaping Handler) in Router(handler: handler) })
                    var router: Router
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "function value as its factory")
            let infer = "cannot infer type of closure parameter"
            #expect(
                found == [
                    "6: error: \(infer) '_' without a type annotation",
                    "6: error: \(infer) 'inbound' without a type annotation",
                    "6: error: \(infer) 'text' without a type annotation",
                    "6: error: factory parameters are resolved by member name; name this parameter after the member it receives, or, if this closure is the value of 'handler', return it from a factory: 'factory: { () -> Handler in { ... } }' (from macro 'DIContainer')",
                ], "\(found.joined(separator: "\n"))")
            // What the fix-it writes.
            let fixed =
                written
                .replacingOccurrences(
                    of: "factory: { inbound, text, _ in", with: "factory: { () -> Handler in { inbound, text, _ in"
                )
                .replacingOccurrences(of: "    })\n    var handler", with: "    } })\n    var handler")
            #expect(fixed.contains("} })"))
            #expect(try await UserLineTests.diagnostics(of: fixed, "function value, fixed", emitSIL: true) == [])
        }

        @Test("a factory expression saying 'try' or 'await' gets Trellis's error alone, and compiles once fixed")
        func expressionWithEffects() async throws {
            let written = """
                final class Store: Sendable {
                    init(path: String) throws {}
                    static func open() async -> Store { try! Store(path: "") }
                }

                @DIContainer(concrete: true)
                struct AppContainer {
                    @Provide(.shared, factory: try Store(path: "/tmp/store"))
                    var store: Store
                    @Provide(.shared, factory: await Store.open())
                    var opened: Store
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "expression with effects", emitSIL: true)
            #expect(
                found == [
                    "8: error: the factory of 'store' says 'try', which an attribute cannot; build it in a closure: 'factory: { () throws in ... }' (from macro 'DIContainer')",
                    "10: error: the factory of 'opened' says 'await', which an attribute cannot; build it in a closure: 'asyncFactory: { () async in ... }' (from macro 'DIContainer')",
                ], "\(found)")
            // The fix-it's closure for the first, the message's for the second.
            let fixed =
                written
                .replacingOccurrences(
                    of: "factory: try Store(path: \"/tmp/store\")",
                    with: "factory: { () throws in try Store(path: \"/tmp/store\") }"
                )
                .replacingOccurrences(of: "factory: await Store.open()", with: "asyncFactory: { () async in await Store.open() }")
            #expect(try await UserLineTests.diagnostics(of: fixed, "expression with effects, fixed", emitSIL: true) == [])
        }

        @Test("an @Assisted factory expression reading its argument gets Trellis's fix-it, and compiles once fixed")
        func assistedExpression() async throws {
            let written = """
                protocol Repository: Sendable {}
                struct MemoryRepository: Repository {}
                struct Detail { let id: Int; let repository: any Repository }

                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: MemoryRepository()) var repository: any Repository
                    @Assisted(factory: Detail(id: itemID, repository: repository))
                    func detail(itemID: Int) -> Detail
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "assisted expression")
            #expect(
                found == [
                    "8: error: cannot find 'itemID' in scope",
                    "8: error: instance member 'repository' cannot be used on type 'AppContainer'; did you mean to use a value of this type instead?",
                    "8: error: the factory of 'detail(itemID:)' reads 'itemID' and 'repository', which an attribute cannot read; take them as closure parameters: 'factory: { (itemID: Int, repository: any Repository) in ... }' (from macro 'DIContainer')",
                    "9: error: expected '{' in body of function declaration",
                ], "\(found)")
            let fixed = written.replacingOccurrences(
                of: "factory: Detail(id: itemID, repository: repository)",
                with: "factory: { (itemID: Int, repository: any Repository) in Detail(id: itemID, repository: repository) }")
            #expect(try await UserLineTests.diagnostics(of: fixed, "assisted expression, fixed", emitSIL: true) == [])
        }

        @Test("an initial value reading a member gets one Trellis error with the factory that builds it, and compiles once moved")
        func initialValueAsFactory() async throws {
            let written = """
                protocol API: Sendable {}
                struct Client: API { let baseURL: String }

                @DIContainer
                struct AppContainer {
                    @Provide(.input) var baseURL: String
                    @Provide(.shared) var client: any API = Client(baseURL: baseURL)
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "initial value")
            #expect(
                found == [
                    "7: error: 'client' is built by its @Provide arguments; remove the initial value and use 'factory:' (only an '.input' or '.argument' takes an initial value, as its default) (from macro 'DIContainer')",
                    "7: error: cannot use instance member 'baseURL' within property initializer; property initializers run before 'self' is available",
                ], "\(found)")
            let fixed = written.replacingOccurrences(
                of: "@Provide(.shared) var client: any API = Client(baseURL: baseURL)",
                with: "@Provide(.shared, factory: { (baseURL: String) in Client(baseURL: baseURL) }) var client: any API")
            #expect(try await UserLineTests.diagnostics(of: fixed, "initial value, fixed", emitSIL: true) == [])
        }

        @Test("arguments out of order get Trellis's fix-it beside the compiler's error, and compile once ordered")
        func argumentsOutOfOrder() async throws {
            let written = """
                struct APIClient: Sendable {}

                @DIContainer
                struct AppContainer {
                    @Provide(.shared, concrete: true, factory: APIClient())
                    var apiClient: APIClient
                }
                """
            let found = try await UserLineTests.diagnostics(of: written, "arguments out of order")
            #expect(
                found == [
                    "5: error: @Provide takes 'factory:' before 'concrete:'; Swift takes a macro's arguments in the order of its declaration (from macro 'DIContainer')",
                    "5: error: argument 'factory' must precede argument 'concrete'",
                ], "\(found)")
            let fixed = written.replacingOccurrences(
                of: "concrete: true, factory: APIClient()", with: "factory: APIClient(), concrete: true")
            #expect(try await UserLineTests.diagnostics(of: fixed, "arguments out of order, fixed", emitSIL: true) == [])
        }

        @Test("a function named with its labels is called with the members of those names")
        func functionReference() async throws {
            let source = """
                protocol Store: Sendable {}
                struct RemoteStore: Store { init(url: String, poolSize: Int) {} }
                enum Stores { static func make(url: String) -> any Store { RemoteStore(url: url, poolSize: 1) } }

                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var url: String
                    @Provide(.input)
                    var poolSize: Int
                    @Provide(.shared, factory: Stores.make(url:))
                    var store: any Store
                    @Provide(.transient, factory: RemoteStore.init(url:poolSize:))
                    var pooled: any Store
                }
                """
            #expect(try await UserLineTests.diagnostics(of: source, "function reference", emitSIL: true) == [])
        }
    }

    @Suite("Scopes reading their parent")
    struct ParentReads {
        static let parent = """
            protocol Database: Sendable {}
            struct SQL: Database {}
            struct Work: Sendable { init(database: any Database, requestID: String) {} }

            @DIContainer(root: true)
            final class App: Sendable {
                @Provide(.shared, factory: SQL()) var database: any Database
                @Assisted(.scope) func request(id requestID: String) -> RequestScope
            }

            """

        @Test("a scope reading its parent by parameter, key path, c.member and .input compiles")
        func clean() async throws {
            let source =
                Self.parent + """
                    @DIContainer(parent: App.self, concrete: true)
                    final class RequestScope: Sendable {
                        @Provide(.argument) var requestID: String
                        @Provide(.input) var database: any Database
                        @Provide(.shared, factory: Work.init(database:requestID:)) var work: Work
                        @Provide(.transient, Work.self, with: [\\Self.database, \\Self.requestID]) var other: Work
                        @Provide(.transient, factory: { (c: Self) in Work(database: c.database, requestID: c.requestID) }) var third: Work
                    }
                    """
            #expect(try await UserLineTests.diagnostics(of: source, "parent reads", emitSIL: true) == [])
        }

        @Test("a public scope whose parent is internal is reported on the scope's lines")
        func lessVisibleParent() async throws {
            let source =
                Self.parent + """
                    @DIContainer(parent: App.self, concrete: true)
                    public final class RequestScope: Sendable {
                        @Provide(.argument) public var requestID: String
                    }
                    """
            let found = try await UserLineTests.diagnostics(of: source, "less visible parent")
            #expect(
                found == [
                    "10: error: property cannot be declared public because its type uses an internal type",
                    "11: error: initializer cannot be declared public because its parameter uses an internal type",
                ], "\(found)")
        }

        @Test("a name the parent lacks, or of another type, is reported on the line that reads it")
        func misspelled() async throws {
            let source =
                Self.parent + """
                    @DIContainer(parent: App.self, concrete: true)
                    final class RequestScope: Sendable {
                        @Provide(.argument) var requestID: String
                        @Provide(.input) var databse: any Database
                        @Provide(.shared, factory: { (database: Int, requestID: String) in requestID }) var work: String
                        @Provide(.transient, factory: { (c: Self) in c.dtabase }) var other: any Database
                    }
                    """
            let found = try await UserLineTests.diagnostics(of: source, "parent reads misspelled")
            #expect(
                found
                    == [
                        "13: error: value of type 'App' has no member 'databse'",
                        "14: error: cannot convert value of type 'any Database' to expected argument type 'Int'",
                        // The compiler expands no accessor for a member whose attribute does not
                        // type-check, so the declaration stays a stored `var` (see Troubleshooting).
                        "15: error: stored property 'other' of 'Sendable'-conforming class 'RequestScope' is mutable",
                        "15: error: value of type 'App' has no member 'dtabase'",
                        "15: error: value of type 'Self' has no dynamic member 'dtabase' using key path from root type 'App'",
                    ], "\(found)")
        }
    }

    @Suite("Services")
    struct Services {
        @Test(
            "where TrellisServiceLifecycle is imported, a service whose type is not a Service is warned of on its 'service:'; one that is, an optional one and an existential are not"
        )
        func serviceTypes() async throws {
            let source = """
                import TrellisServiceLifecycle

                // The corpus's prelude declares a `Service` of its own: this one is ServiceLifecycle's.
                struct Database: ServiceLifecycle.Service { func run() async throws {} }
                final class Cache: Sendable { init() {} }
                protocol Worker: Sendable {}
                struct Sweeper: Worker, ServiceLifecycle.Service { func run() async throws {} }

                @DIContainer(concrete: true)
                struct Services {
                    @Provide(.shared, factory: Database(), service: true)
                    var database: Database
                    @Provide(.shared, factory: Cache(),
                             service: true)
                    var cache: Cache
                    @Provide(.shared, factory: { () -> Database? in nil }, service: true)
                    var replica: Database?
                    @Provide(.shared, factory: { () -> any Worker in Sweeper() }, service: true)
                    var sweeper: any Worker
                }
                """
            let found = try await UserLineTests.diagnostics(of: source, "service types")
            #expect(
                found == [
                    "14: warning: 'conformsToService' is deprecated: the member is marked 'service: true' but its type does not conform to ServiceLifecycle's 'Service', so ServiceGroup(services:) would throw NotAServiceError; conform the type to 'Service' (a protocol is written 'any P'), or remove 'service:' [#DeprecatedDeclaration]"
                ], "\(found)")
        }

        @Test("a value closed on shutdown compiles quietly; a closure taking another type is reported on the closure")
        func shutdownClosures() async throws {
            let source = """
                final class Client: Sendable {
                    init() {}
                    func shutdown() async throws {}
                }

                @DIContainer(concrete: true)
                final class Clients: Sendable {
                    @Provide(.shared, factory: Client(),
                             shutdown: { (client: Client) in try await client.shutdown() })
                    var client: Client
                    @Provide(.shared, factory: { () -> Client? in nil }, shutdown: { (client: Client) in try await client.shutdown() })
                    var spare: Client?
                    @Provide(.shared, asyncFactory: { () async in Client() }, shutdown: { (other: Int) in print(other) })
                    var late: Client
                }
                """
            let found = try await UserLineTests.diagnostics(of: source, "shutdown closures")
            #expect(
                found == [
                    "13: error: cannot convert value of type '@Sendable (Int) -> ()' to expected argument type '@Sendable (Client) async throws -> Void'"
                ], "\(found)")
            let clean = source.replacingOccurrences(
                of: "{ (other: Int) in print(other) }", with: "{ (client: Client) in try await client.shutdown() }")
            #expect(try await UserLineTests.diagnostics(of: clean, "shutdown closures, clean", emitSIL: true) == [])
        }

        @Test("a value closed on shutdown that is not Sendable is reported once, on its type, in either kind of container")
        func shutdownOfNonSendable() async throws {
            let source = """
                final class Router { init() {}; func close() {} }

                @DIContainer(concrete: true)
                struct Plain {
                    @Provide(.shared, factory: Router(), shutdown: { (router: Router) in router.close() })
                    var router: Router
                }

                @DIContainer(concrete: true)
                final class Shared: Sendable {
                    @Provide(.shared, factory: Router(), shutdown: { (router: Router) in router.close() })
                    var router: Router
                }
                """
            let found = try await UserLineTests.diagnostics(of: source, "shutdown of a non-Sendable value")
            #expect(
                found == [
                    "6: error: type 'Router' does not conform to the 'Sendable' protocol",
                    "12: error: type 'Router' does not conform to the 'Sendable' protocol",
                ], "\(found)")
        }

        @Test("without TrellisServiceLifecycle, Trellis cannot name Service: the same container compiles quietly")
        func withoutServiceLifecycle() async throws {
            let source = """
                final class Cache: Sendable { init() {} }

                @DIContainer(concrete: true)
                struct Services {
                    @Provide(.shared, factory: Cache(), service: true)
                    var cache: Cache
                }
                """
            #expect(try await UserLineTests.diagnostics(of: source, "service without the library") == [])
        }
    }
}
