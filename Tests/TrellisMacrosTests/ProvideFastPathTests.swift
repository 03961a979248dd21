import Testing

@testable import TrellisMacros

/// The fast path must answer exactly as swift-syntax's own message handler does, byte for byte
/// (``PluginReference``), or leave the request to it.
@Suite("@Provide fast path")
struct ProvideFastPathTests {
    /// A compiler-shaped request for the getter of `declaration` (whose first attribute is the
    /// `@Provide` one), inside `context`.
    private static func request(
        declaration: String, attribute: String, context: String = "\n\n@DIContainer\nstruct Container {}",
        typeName: String = "ProvideMacro", role: String = "accessor"
    ) -> [UInt8] {
        func syntax(_ kind: String, _ source: String) -> String {
            let quoted = String(decoding: PluginMessageJSON.quoted(source), as: UTF8.self)
            return
                #"{"kind":"\#(kind)","location":{"column":5,"fileID":"M/C.swift","fileName":"/p/C.swift","line":6,"offset":130},"source":\#(quoted)}"#
        }
        let configuration = String(
            decoding: PluginMessageJSON.quoted(#"{"attributes":["main"],"customConditions":["DEBUG"]}"#), as: UTF8.self)
        let text =
            #"{"expandAttachedMacro":{"attributeSyntax":\#(syntax("attribute", attribute)),"declSyntax":\#(syntax("declaration", declaration)),"discriminator":"$s1M9ContainerV2m07ProvidefMa_","lexicalContext":[\#(syntax("declaration", context))],"macro":{"moduleName":"TrellisMacros","name":"Provide","typeName":"\#(typeName)"},"macroRole":"\#(role)","staticBuildConfiguration":\#(configuration)}}"#
        return Array(text.utf8)
    }

    private static let capability = Array(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#.utf8)

    /// swift-syntax's answer to `message`, after the same capability exchange.
    private static func reference(_ message: [UInt8]) throws -> [UInt8] {
        try PluginReference.answers(to: [capability, message])[1]
    }

    /// Whether this build answers getters at all (not with a swift-syntax it was not checked against).
    static var answersGetters: Bool {
        if case .known = PluginFastPath.getterIndentation { return true }
        return false
    }

    private static func fast(_ message: [UInt8]) -> [UInt8]? {
        let fastPath = PluginFastPath()
        #expect(fastPath.response(to: capability) == nil)
        return fastPath.response(to: message)
    }

    /// Members, split as the compiler sees them (what precedes the `@Provide` attribute, the
    /// attribute with its leading trivia, the rest), and whether the fast path answers them itself.
    static let members: [(before: String, attribute: String, after: String, answered: Bool)] = [
        ("", "\n    @Provide(.shared, S0.self, concrete: true)", "\n    var m0: S0", true),
        ("", "\n    @Provide(.input)", "\n    var baseURL: String", true),
        ("", "\n    @Provide(.argument)", "\n    var requestID: String", true),
        ("", "\n    @Provide(.shared, factory: { Pool() }, concrete: true, service: true)", "\n    var pool: Pool", true),
        (
            "",
            "\n\n    /// The API client, built from @Provide(.input) values.\n    @Provide(.shared, APIClient.self, with: [\\Self.config, \\Self.logger])",
            "\n    public var apiClient: any APIClientProtocol", true
        ),
        (
            "", "\n    @Provide(.transient, factory: { (catalog: Catalog) in Page(catalog: catalog) }, concrete: true)",
            "\n    var page: Page", true
        ),
        (
            "", "\n    @Provide(.onDemand, factory: { (baseURL: String) in Catalog(url: baseURL) }, concrete: true)",
            "\n    var catalog: Catalog", true
        ),
        (
            "", "\n    @Provide(.child, factory: { (c: Self) in Child(dependencies: c) }, concrete: true)",
            "\n    var child: Child", true
        ),
        ("", "\n    @Provide(.forwardingChild, concrete: true)", "\n    var forwarded: Forwarded", true),
        ("", "\n    @Provide(.shared, factory: HealthRoute(), into: \\Self.routes)", "\n    var health: any Route", true),
        (
            "", "\n    @Provide(.transient, factory: { [BookRoute()] }, concrete: true, elementsInto: \\Self.routes)",
            "\n    var books: [any Route]", true
        ),
        (
            "", "\n    @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: \"disk\")", "\n    var disk: any Check",
            true
        ),
        ("", "\n    @Provide(.collection)", "\n    var routes: [any Route]", false),
        ("", "\n    @Provide(.collection, allowsEmpty: true)", "\n    var plugins: [any Plugin]", false),
        (
            "", "\n    @Provide(.shared, factory: { (handler: Provider<Handler>) in Runner(handler) }, concrete: true)",
            "\n    var runner: Runner", true
        ),
        ("\n    @MainActor", " @Provide(.shared, factory: Model(), concrete: true)", " var `default`: Model", true),
        (
            "", "\n    @Trellis.Provide(.shared, factory: Logger(label: \"throws\"), concrete: true)", "\n    var logger: Logger",
            true
        ),
        ("", "\n    @Provide", "\n    var session: any SessionProtocol", true),
        // Plain declarations, whose name is read from the text (ProvideDeclarationText).
        ("", "\n    @Provide(.onDemand, factory: Catalog())", "\n    nonisolated public var `class`: Catalog", true),
        ("", "\n    @Provide(.transient, Handler.self)", "\n    var handler: (Request, Int) -> Response?\n", true),
        ("", "\n    @Provide(.input)", " var\n        table: [String: [Int]]", true),
        // An initial value (an `.input`'s default; `@DIContainer` reports it elsewhere): parsed.
        ("", "\n    @Provide(.shared, factory: S(), concrete: true)", "\n    var initialised: S = S()", true),
        ("", "\n    @Provide(.input)", "\n    var clock: any Clock = SystemClock()", true),
        // Effects the text cannot settle: swift-syntax parses the attribute.
        (
            "", "\n    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })",
            "\n    var database: any DatabaseProtocol", false
        ),
        (
            "", "\n    @Provide(.transient, factory: { () throws in try Token() }, concrete: true)", "\n    var token: Token",
            false
        ),
        ("", "\n    @Provide(factory: { URLSessionStandIn() })", "\n    var session: any SessionProtocol", false),
        // Declarations the macro skips.
        ("", "\n    @Provide(.shared, factory: S(), concrete: true)", "\n    static var shared: S", false),
        ("", "\n    @Provide(.shared, factory: S(), concrete: true)", "\n    lazy var lazyOne: S", false),
        ("", "\n    @Provide(.shared, factory: S(), concrete: true)", "\n    var a: S, b: S", false),
        ("", "\n    @Provide(.shared, factory: S(), concrete: true)", "\n    var untyped = S()", false),
        ("", "\n    @Provide(.shared)", "\n    var _: S", false),
        // The same attribute twice: which one the compiler means cannot be told from the text.
        ("", "\n    @Provide(.shared)", " @Provide(.shared)\n    var twice: S", false),
    ]

    @Test("answers exactly as swift-syntax's handler, or leaves the request to it", arguments: members.indices)
    func matchesTheReference(index: Int) throws {
        let member = Self.members[index]
        let declaration = member.before + member.attribute + member.after
        let message = Self.request(declaration: declaration, attribute: member.attribute)
        let answer = Self.fast(message)
        #expect((answer != nil) == (member.answered && Self.answersGetters), "\(declaration)")
        if let answer {
            #expect(answer == (try Self.reference(message)), "\(declaration)")
        }
    }

    @Test("answers a sample of declarations, plain and not, exactly as swift-syntax's handler or not at all")
    func matchesTheReferenceOnSamples() throws {
        let attributes = [
            "\n    @Provide(.shared, S0.self, concrete: true)", "\n    @Provide(.transient, factory: { (a: A) in B(a: a) })",
            "\n    @Provide(.onDemand)", "\n    @Provide",
        ]
        var answered = 0
        for (index, rest) in ProvideDeclarationTextTests.sampleRests(count: 300).enumerated() {
            let attribute = attributes[index % attributes.count]
            let message = Self.request(declaration: attribute + rest, attribute: attribute)
            guard let answer = Self.fast(message) else { continue }
            answered += 1
            #expect(answer == (try Self.reference(message)), "\(attribute + rest)")
        }
        #expect(answered > 50 || !Self.answersGetters)
    }

    @Test("leaves diagnostics, other macros and roles, and hosts without the capability exchange to swift-syntax")
    func declinesOtherRequests() {
        let declaration = "\n    @Provide(.shared, S0.self, concrete: true)\n    var m0: S0"
        let attribute = "\n    @Provide(.shared, S0.self, concrete: true)"
        // Outside a container @Provide reports an error; inside an actor it adds nothing.
        #expect(Self.fast(Self.request(declaration: declaration, attribute: attribute, context: "\n\nstruct Plain {}")) == nil)
        #expect(
            Self.fast(Self.request(declaration: declaration, attribute: attribute, context: "\n\n@DIContainer\nactor A {}"))
                == nil)
        #expect(Self.fast(Self.request(declaration: declaration, attribute: attribute, typeName: "DIContainerMacro")) == nil)
        #expect(Self.fast(Self.request(declaration: declaration, attribute: attribute, role: "peer")) == nil)
        // Before the host has said which protocol it speaks, nothing is answered.
        #expect(PluginFastPath().response(to: Self.request(declaration: declaration, attribute: attribute)) == nil)
        #expect(Self.fast(Array("not json".utf8)) == nil)
    }

    @Test("the reference agrees: what the fast path leaves, swift-syntax still answers")
    func referenceAnswersDeclinedRequests() throws {
        let message = Self.request(
            declaration: "\n    @Provide(.shared, factory: S(), concrete: true)\n    static var shared: S",
            attribute: "\n    @Provide(.shared, factory: S(), concrete: true)")
        let reference = try Self.reference(message)
        #expect(String(decoding: reference, as: UTF8.self).hasPrefix(#"{"expandMacroResult""#))
    }
}
