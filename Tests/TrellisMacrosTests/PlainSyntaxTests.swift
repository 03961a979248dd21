import SwiftParser
import SwiftSyntax
import Testing
import TrellisSyntax

/// ``PlainSyntax`` must give exactly the parser's tree, or nothing.
@Suite("Container trees built without the parser")
struct PlainSyntaxTests {
    /// The first place two trees differ (kind, position in the parent, token kind, trivia or
    /// presence), or `nil` when they are the same tree.
    static func difference(_ built: Syntax, _ parsed: Syntax, at path: String = "") -> String? {
        guard built.kind == parsed.kind else { return "\(path): \(built.kind) against \(parsed.kind)" }
        if let builtToken = built.as(TokenSyntax.self), let parsedToken = parsed.as(TokenSyntax.self) {
            guard builtToken.tokenKind == parsedToken.tokenKind, builtToken.leadingTrivia == parsedToken.leadingTrivia,
                builtToken.trailingTrivia == parsedToken.trailingTrivia, builtToken.presence == parsedToken.presence
            else { return "\(path): token \(builtToken.debugDescription) against \(parsedToken.debugDescription)" }
            return nil
        }
        let builtChildren = Array(built.children(viewMode: .all))
        let parsedChildren = Array(parsed.children(viewMode: .all))
        guard builtChildren.count == parsedChildren.count else {
            return "\(path): \(builtChildren.count) children against \(parsedChildren.count) in \(parsed.kind)"
        }
        for (offset, (builtChild, parsedChild)) in zip(builtChildren, parsedChildren).enumerated() {
            guard builtChild.keyPathInParent == parsedChild.keyPathInParent else {
                return "\(path)/\(offset): in another place of \(parsed.kind)"
            }
            if let difference = difference(builtChild, parsedChild, at: "\(path)/\(parsedChild.kind)") { return difference }
        }
        return nil
    }

    private static func parsed(_ text: String) -> Syntax {
        var parser = Parser(text)
        return Syntax(DeclSyntax.parse(from: &parser))
    }

    static let benchmarkContainer = """


        @DIContainer
        struct Container {
            @Provide(.shared, S0.self, concrete: true)
            var m0: S0

            @Provide(.transient, S1.self, with: [\\Self.m0], concrete: true)
            var m1: S1

            @Provide(.shared, factory: { (m0: S0, m1: S1) in S2(m0: m0, m1: m1) }, concrete: true)
            var m2: S2
        }
        """

    @Test(
        "plain containers give the parser's tree",
        arguments: [
            benchmarkContainer,
            "@DIContainer struct C {}",
            "\n@DIContainer(mainActor: true)\npublic final class AppContainer: Sendable, Service.Owner {\n    @Provide(.input)\n    public var baseURL: URL\n}",
            "@DIContainer\nstruct C {\n\t@Provide(.shared, Api.self, with: [\\.config, \\C.log])\n\tnonisolated var api: any ApiProtocol\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { c in Repo(db: c.db.primary) })\n    var repo: Repo?\n}",
            "@DIContainer\nstruct C {\n    @MainActor @Provide(.child, factory: { (c: Self) in Child(dependencies: c) }, concrete: true)\n    var child: [Child]\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { a, b in Pair(a, b) })\n    private var pair: [K: V]\n\n\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { Clock.system.now() }, concrete: false)\n    var now: some Clock\n}",
            "\n/// The app's graph.\n/// Second line, with \"quotes\" and ünïcode.\n@DIContainer // trailing\nstruct C { /* block */\n    // note\n    @Provide(.input) /** doc block */\n    var a: A /* a /* nested */ comment\n spanning lines */\n    //// four slashes\n    /**/ @Provide(.shared, factory: { (a: A) in B(a: a) /* in */ }) var b: B\n}",
        ])
    func buildsTheParsersTree(text: String) throws {
        let built = try #require(PlainSyntax.declaration(text))
        #expect(built.description == text)
        #expect(Self.difference(Syntax(built), Self.parsed(text)) == nil)
    }

    @Test(
        "anything outside the plain form is left to the parser",
        arguments: [
            "@DIContainer\nstruct C {\n    /* an unterminated comment\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { a / b })\n    var s: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { S(name: \"x\\(y)\") })\n    var s: S\n}",
            "@DIContainer\nstruct C<T> {}",
            "@DIContainer\nactor C {}",
            "@DIContainer\nextension C {}",
            "@DIContainer\nstruct C {\n    init() {}\n}",
            "@DIContainer\nstruct C {\n    var plain: Int\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared)\n    let m: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared)\n    private(set) var m: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared)\n    var m: Result<A, B>\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared)\n    var m: S = S()\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { try? S() })\n    var m: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { S() { 1 } })\n    var m: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, factory: { (a: A) -> S in S(a: a) })\n    var m: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared)\n    var get: S\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared)\n    var m: Any\n}",
            "@DIContainer\nstruct C {\n    @Provide(.shared, with: [\\Self.a,])\n    var m: S\n}",
            "@DIContainer\r\nstruct C {}",
            "@DIContainer\nstruct C {}\n",
            "@DIContainer\nstruct C {}\n// end",
            "@DIContainer (mainActor: true)\nstruct C {}",
            "@DIContainer\nstruct C {\n    @Provide(.shared); var m: S\n}",
            "@DIContainer\nstruct Café {}",
            "",
        ])
    func declinesTheRest(text: String) {
        #expect(PlainSyntax.declaration(text) == nil)
    }

    @Test("attributes alone, as the compiler sends them")
    func buildsAttributes() throws {
        for text in ["\n\n@DIContainer", "@DIContainer(mainActor: true, validate: false)", "\n    @Provide(.shared, S0.self)"] {
            let built = try #require(PlainSyntax.attribute(text), "\(text)")
            var parser = Parser(text)
            #expect(Self.difference(Syntax(built), Syntax(AttributeSyntax.parse(from: &parser))) == nil, "\(text)")
        }
        #expect(PlainSyntax.attribute("@DIContainer(\"x\\(y)\")") == nil)
        #expect(PlainSyntax.attribute("@DIContainer struct") == nil)
    }

    /// One piece of a sampled container: spellings in the plain form, and spellings that are
    /// odd (most of them outside it, some inside it in an unusual way).
    private struct Piece {
        var plain: [String]
        var odd: [String]
    }

    private static let containerPieces = [
        Piece(plain: ["", "\n\n", "\n", "// c\n", "/* c */", "\n/// The graph.\n"], odd: ["\r\n", "/* c", "/ c\n"]),
        Piece(
            plain: [
                "@DIContainer", "@DIContainer(mainActor: true)", "@DIContainer(validate: false, root: true)",
                "@DIContainer @MainActor",
            ],
            odd: [
                "@DIContainer(\"x\")", "@DIContainer (root: true)", "@DIContainer()", "@DIContainer(root: !x)", "@ DIContainer",
            ]),
        Piece(plain: ["\n", "\n", " "], odd: ["\n\t ", "  \n"]),
        Piece(plain: ["", "public ", "final ", "public final "], odd: ["private(set) ", "open ", "static ", "final public "]),
        Piece(plain: ["struct", "class"], odd: ["actor", "enum", "extension", "protocol"]),
        Piece(plain: [" Container", " App", " C"], odd: [" `C`", " C<T>", " Self", " any", " C.D", "  C"]),
        Piece(
            plain: ["", ": Sendable", ": Sendable, P", ": A.B", " : P"],
            odd: [":Sendable", ": P,", ": P?", ": any P", ": P where T: Q"]),
        Piece(plain: [" {", " { // c\n", " {  ", " /* c */ {"], odd: ["{", "{/**/"]),
    ]

    private static let memberPieces = [
        Piece(
            plain: [
                "\n    ", "\n\n    ", "\n\t", "\n    // c\n    ", "\n    \n    ", "\n    /// Doc, \"quoted\" é.\n    ",
                "\n    /** doc */ ",
            ],
            odd: [" ", "; ", "\n    /* unterminated", "\n    /// \r\n    "]),
        Piece(
            plain: ["@Provide(%)", "@MainActor @Provide(%)"],
            odd: ["@Provide", "@ Provide(%)", "@Provide (%)", "@Trellis.Provide(%)", "@Provide(%) @MainActor"]),
        Piece(
            plain: [
                ".shared", ".input", ".transient", ".shared, S0.self, concrete: true",
                ".shared, S0.self, with: [\\Self.m0, \\Self.m1], concrete: true", ".shared, Api.self, with: [\\.config]",
                ".transient, factory: { (m1: S1, m2: S2) in S3(m1: m1, m2: m2) }, concrete: true",
                ".shared, factory: { Clock() }", ".shared, factory: { c in Repo(db: c.db) }",
                ".shared, factory: { c, d in Repo(db: c.db) }", ".onDemand, factory: { (a: A) in a.b.c }",
                ".shared, factory: { (a: A?) in B(a: a) }", ".shared, factory: { B()\n    }", ".shared,factory:{B()}",
                ".shared, with: [\\Self.a.b]", ".shared, with: [\\C.a]", ".shared, with: []", ".shared, with: [ \\Self.a ]",
                ".child, factory: { (c: Self) in Child(dependencies: c) }", "", ".shared, factory: { B(x: .y) }",
                ".shared, factory: { (a: any P) in B(a: a) }", ".shared, factory: { (a: [A]) in B(a: a) }",
                ".shared, factory: { (a: [A: B]) in B(a: a) }", ".shared, factory: { a in a }", ".shared,\n        S0.self",
                ".shared, factory: { B(a: true, b: false) }", ".shared, factory: { B.C.d(e: f.g) }", "factory: { B() }",
                ".shared, asyncFactory: { (a: A) async throws in try await B(a: a) }",
                ".transient, factory: { () throws in try B() }",
                ".shared, asyncFactory: { c async in await c.a.make() }", ".shared, asyncFactory: { () async in B() }",
                ".shared, factory: { Logger(label: \"app.é\", level: 3) }", ".shared, factory: Port(8080)",
                ".shared, factory: { S(\"a // b /* c\") }",
            ],
            odd: [
                ".shared, factory: { \"s\" }", ".shared, factory: { 1 + 2 }", ".shared, factory: { try B() }",
                ".shared, factory: { (a: A) -> B in B(a: a) }", ".shared, factory: { B() }, concrete: true,", "(.shared)",
                ".shared, factory: B.init", ".shared, factory: { B { 1 } }", ".shared, factory: { [a] in B(a: a) }",
                ".shared, factory: { _ in B() }", ".shared, S0 .self", ".shared, factory: { (a: A, ) in B(a: a) }",
                ".shared, factory: { (a) in B(a: a) }", ".shared, with: [\\Self.a?.b]", ".shared, factory: { B() }()",
                ".shared, factory: { B(a: nil) }", ".shared, factory: { self.b }", ".shared, factory: { B(a:) }",
                ".shared, factory: { B<C>() }", ".shared, with: [\\Self]", ".shared, factory: { }", ". shared",
                ".shared, factory: { () throws async in B() }", ".shared, factory: { () rethrows in B() }",
                ".shared, factory: { try? B() }", ".shared, factory: { () throws(E) in B() }", ".shared, factory: { try }",
                ".shared, factory: { S(\"\") }", ".shared, factory: { S(\"a\\(b)\") }",
                ".shared, factory: { S(\"\"\"\\n\"\"\") }",
                ".shared, factory: { S(#\"a\"#) }", ".shared, factory: { S(1.5) }", ".shared, factory: { S(0x1F) }",
                ".shared, factory: { S(1_000) }", ".shared, factory: { S(-1) }", ".shared, factory: { S(\"a\nb\") }",
                ".shared, factory: { S(1.x) }", ".shared, factory: { S(1a) }", ".shared, factory: { S(\"open) }",
            ]),
        Piece(plain: ["\n    ", "\n    ", " ", "\n    // c\n    ", "\n\n    ", " /* c */ "], odd: [" /* c ", "/*/"]),
        Piece(
            plain: ["", "public ", "nonisolated ", "private "], odd: ["private(set) ", "static ", "lazy ", "final ", "weak "]),
        Piece(plain: ["var"], odd: ["let", "var var"]),
        Piece(plain: [" m0", " apiClient", " m_1"], odd: [" `default`", " get", " self", " Type", " _", "  m0"]),
        Piece(plain: [": ", ": "], odd: [":", " : ", ":  ", " :"]),
        Piece(
            plain: [
                "S0", "S0?", "[S0]", "[K: V]", "any P", "some P", "A.B", "S0??", "[S0]?", "A.B.C", "any A.B", "Self",
                "any Sendable", "Sendable", "A.Sendable",
            ],
            odd: [
                "Result<A, B>", "(A) -> B", "any P?", "S0 = S0()", "Any", "S0 ?", "S0!", "S0 { S0() }", "inout S0", "S0, b: S1",
                "A.Type", "A.Protocol", "any Any",
            ]),
    ]

    private static let endPiece = Piece(
        plain: ["\n}", "\n\n}", "}", " // end\n}", "\n    /* a /* nested */ one */\n}", "\n    ///\n}"],
        odd: ["\n}\n", " } ", "\n};", "\n} // end", "\n    /* a /* nested one */\n}"])

    /// Containers of zero to three members assembled from the pieces above, drawn with a fixed
    /// seed so that a failure reproduces: half of them plain throughout, half with one odd piece.
    static func sampleContainers(count: Int) -> [(text: String, plain: Bool)] {
        // A linear congruential generator (Knuth's MMIX constants), seeded: a fixed, well spread sample.
        var state: UInt64 = 0x7EE1_1150
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in
            let memberCount = draw(4)
            let pieceCount = containerPieces.count + memberCount * memberPieces.count + 1
            let oddPiece = draw(2) == 0 ? draw(pieceCount) : -1
            var position = 0
            func pick(_ piece: Piece) -> String {
                defer { position += 1 }
                let list = position == oddPiece ? piece.odd : piece.plain
                return list[draw(list.count)]
            }
            var text = containerPieces.map(pick).joined()
            for _ in 0..<memberCount {
                // Lead, attribute form, its arguments, then the declaration.
                var parts = memberPieces.map(pick)
                parts[1] = parts[1].replacingOccurrences(of: "%", with: parts[2])
                parts.remove(at: 2)
                text += parts.joined()
            }
            return (text + pick(endPiece), oddPiece < 0)
        }
    }

    @Test("on a seeded sample, every tree built is the parser's, and every plain container is built")
    func agreesWithTheParserOnSamples() {
        var built = 0
        var declined = 0
        for (text, plain) in Self.sampleContainers(count: 2_000) {
            guard let tree = PlainSyntax.declaration(text) else {
                #expect(!plain, "a container of plain pieces is declined: \(text)")
                declined += 1
                continue
            }
            built += 1
            #expect(Self.difference(Syntax(tree), Self.parsed(text)) == nil, "\(text)")
        }
        // Both outcomes are exercised, so the agreement above is not vacuous.
        #expect(built > 200)
        #expect(declined > 200)
    }
}
