import Foundation
import Testing

/// Every combination of a member's scope, factory form, type and options, each in a container of
/// its own, compiled by the real compiler and plug-in in Swift 6.3's default style. Most are
/// mistakes; whatever each gets, it gets on the user's lines: no diagnostic inside generated code,
/// none without a place. (It found an on-demand member with an `asyncFactory`, one whose factory
/// throws, and an opaque `.input` or factory-less member failing inside the expansion.)
@Suite("Every attribute combination: diagnostics on the user's lines only")
struct AttributeMatrixTests {
    static let scopes = [".input", ".shared", ".transient", ".onDemand"]

    /// Each way of building a member, by what it is; `dep` is an input of every container.
    static let factories: [(name: String, text: String)] = [
        ("none", ""),
        ("expression", ", factory: MatrixImpl()"),
        ("expression reading a member", ", factory: MatrixImpl(dep: dep)"),
        ("closure taking members", ", factory: { (dep: MatrixDep) in MatrixImpl(dep: dep) }"),
        ("closure taking the container", ", factory: { (c: Self) in MatrixImpl(dep: c.dep) }"),
        ("closure that tries", ", factory: { (c: Self) in try MatrixImpl(throwing: c.dep) }"),
        ("async closure", ", asyncFactory: { (dep: MatrixDep) async in MatrixImpl(dep: dep) }"),
        ("closure that awaits", ", asyncFactory: { (dep: MatrixDep) in await MatrixImpl(async: dep) }"),
        ("asyncFactory that does not await", ", asyncFactory: { (dep: MatrixDep) in MatrixImpl(dep: dep) }"),
        (
            "async throwing closure",
            ", asyncFactory: { (dep: MatrixDep) async throws in try await MatrixImpl(asyncThrowing: dep) }"
        ),
        ("AutoWiring", ", MatrixImpl.self, with: [\\Self.dep]"),
        ("AutoWiring without a root", ", MatrixImpl.self, with: [\\.dep]"),
        ("both factories", ", factory: MatrixImpl(), asyncFactory: { () async in MatrixImpl() }"),
        ("async closure as factory", ", factory: { () async in MatrixImpl() }"),
        ("misspelled member", ", factory: { (dpe: MatrixDep) in MatrixImpl(dep: dpe) }"),
        ("function named with its labels", ", factory: MatrixImpl.init(dep:)"),
    ]

    // `any MatrixP?` does not parse (the compiler wants `(any MatrixP)?`): its one error stays the parser's.
    static let types = ["any MatrixP", "MatrixImpl", "some MatrixP", "MatrixImpl?", "(any MatrixP)?", "any MatrixP?"]
    static let options = ["", ", concrete: true, service: true"]

    static let prelude = """
        protocol MatrixP: Sendable {}
        final class MatrixDep: Sendable { init() {} }
        final class MatrixImpl: MatrixP {
            init() {}
            init(dep: MatrixDep) {}
            init(throwing dep: MatrixDep) throws {}
            init(async dep: MatrixDep) async {}
            init(asyncThrowing dep: MatrixDep) async throws {}
            init(dep: Any) {}
            init(thrower: any MatrixP) {}
            init(asyncOne: any MatrixP) {}
        }
        final class MatrixNotSendable { init() {} }
        """

    /// Members of each kind beside the member, for it to read: a throwing transient, an async
    /// member, a collection, a deprecated member; `cycle` reads the member back.
    static let neighbours = [
        "    @Provide(.transient, factory: { () throws in MatrixImpl() }) var thrower: any MatrixP",
        "    @Provide(.shared, asyncFactory: { () async in MatrixImpl() }) var asyncOne: any MatrixP",
        "    @Provide(.collection, allowsEmpty: true) var list: [any MatrixP]",
        "    @available(*, deprecated) @Provide(.shared, factory: MatrixDep(), concrete: true) var old: MatrixDep",
        "    @Provide(.shared, factory: { (member: any MatrixP) in MatrixImpl() }) var cycle: any MatrixP",
    ]

    /// Factories that read the neighbours, or contribute to or close what they build.
    static let readingFactories: [(name: String, text: String)] = [
        ("provider", ", factory: { (dep: Provider<MatrixDep>) in MatrixImpl(dep: dep()) }"),
        ("lazy value", ", factory: { (dep: Lazy<MatrixDep>) in MatrixImpl(dep: dep.value) }"),
        ("provider of a throwing member", ", factory: { (thrower: Provider<any MatrixP>) in MatrixImpl() }"),
        ("reads a throwing member", ", factory: { (thrower: any MatrixP) in MatrixImpl() }"),
        ("reads an async member", ", factory: { (asyncOne: any MatrixP) in MatrixImpl() }"),
        ("awaits an async member", ", asyncFactory: { (c: Self) in _ = await c.asyncOne; return MatrixImpl() }"),
        ("shutdown", ", factory: MatrixImpl(), shutdown: { (value: MatrixImpl) in }"),
        ("into", ", factory: MatrixImpl(), into: \\Self.list"),
        ("into, of another type", ", factory: MatrixDep(), into: \\Self.list"),
        ("elementsInto", ", factory: [MatrixImpl()], elementsInto: \\Self.list"),
        ("passes the container on", ", factory: { (c: Self) in MatrixImpl(dep: c) }"),
        ("reads itself", ", factory: { (member: any MatrixP) in MatrixImpl() }"),
        ("cycle", ", factory: { (cycle: any MatrixP) in MatrixImpl() }"),
        ("reads a deprecated member", ", factory: { (old: MatrixDep) in MatrixImpl(dep: old) }"),
        ("factory of another type", ", factory: MatrixDep()"),
        ("function reading a throwing member", ", factory: MatrixImpl.init(thrower:)"),
        ("function reading an async member", ", factory: MatrixImpl.init(asyncOne:)"),
        ("AutoWiring reading a throwing member", ", MatrixImpl.self, with: [\\Self.thrower]"),
        ("AutoWiring reading an async member", ", MatrixImpl.self, with: [\\Self.asyncOne]"),
    ]

    @Test("no diagnostic inside generated code, for any combination")
    func everyCombination() async throws {
        var declarations: [(name: String, kind: String, lines: [String])] = []
        for scope in Self.scopes {
            for factory in Self.factories {
                for type in Self.types {
                    for option in Self.options {
                        declarations.append(
                            (
                                "\(scope) \(factory.name) \(type)\(option)", "struct",
                                [
                                    "    @Provide(.input) var dep: MatrixDep",
                                    "    @Provide(\(scope)\(factory.text)\(option)) var member: \(type)",
                                ]
                            ))
                    }
                }
            }
        }
        try await Self.check(declarations, count: 768)
    }

    @Test("no diagnostic inside generated code, for members beside others they read, in each kind of container")
    func besideOtherMembers() async throws {
        var declarations: [(name: String, kind: String, lines: [String])] = []
        for kind in ["struct", "final class", "struct, concrete"] {
            for scope in Self.scopes {
                for factory in Self.readingFactories {
                    for type in ["any MatrixP", "MatrixImpl?"] {
                        let option = kind.hasSuffix("concrete") ? ", concrete: true" : ""
                        declarations.append(
                            (
                                "\(kind) \(scope) \(factory.name) \(type)", kind.hasPrefix("final") ? "final class" : "struct",
                                ["    @Provide(.input) var dep: MatrixDep"] + Self.neighbours
                                    + ["    @Provide(\(scope)\(factory.text)\(option)) var member: \(type)"]
                            ))
                    }
                }
            }
        }
        try await Self.check(declarations, count: 456)
    }

    /// Ways of building an `@Assisted` function's value, and its declarations.
    static let assistedFactories = [
        "", "(factory: MatrixImpl())", "(factory: { (id: Int, dep: MatrixDep) in MatrixImpl(dep: dep) })",
        "(factory: { (id: String) in MatrixImpl() })", "(factory: { (c: Self) in MatrixImpl(dep: c.dep) })",
        "(factory: { (id: Int) in try MatrixImpl(throwing: MatrixDep()) })",
        "(factory: { (id: Int) async in await MatrixImpl(async: MatrixDep()) })", "(factory: { (idd: Int) in MatrixImpl() })",
        "(MatrixImpl.self, with: [\\Self.dep])",
    ]
    static let assistedDeclarations = [
        "func make(id: Int) -> MatrixImpl", "func make(id: Int) -> any MatrixP", "func make(id: Int) throws -> MatrixImpl",
        "func make(id: Int) async throws -> MatrixImpl", "func make(id: Int)", "func make(id: Int) -> some MatrixP",
        "func make(for id: Int) -> MatrixImpl", "static func make(id: Int) -> MatrixImpl",
        "func make(id: Int) -> MatrixImpl { MatrixImpl() }",
    ]

    @Test("no diagnostic inside generated code, for any @Assisted function")
    func assistedFunctions() async throws {
        var declarations: [(name: String, kind: String, lines: [String])] = []
        for factory in Self.assistedFactories {
            for function in Self.assistedDeclarations {
                for kind in ["struct", "final class"] {
                    declarations.append(
                        (
                            "\(kind) @Assisted\(factory) \(function)", "\(kind)",
                            ["    @Provide(.input) var dep: MatrixDep", "    @Assisted\(factory) \(function)"]
                        ))
                }
            }
        }
        try await Self.check(declarations, count: 162, concrete: true, minimumClean: 10)
    }

    /// What a child container holds: inputs its owner provides (or not, or of another type), and
    /// members built from them, synchronously, asynchronously or by a throwing factory.
    static let childMembers = [
        ["    @Provide(.input) var dep: MatrixDep"],
        ["    @Provide(.input) var dep: Int"],
        ["    @Provide(.input) var elsewhere: MatrixDep"],
        [
            "    @Provide(.input) var dep: MatrixDep",
            "    @Provide(.shared, factory: { (dep: MatrixDep) in MatrixImpl(dep: dep) }) var thing: any MatrixP",
        ],
        [
            "    @Provide(.input) var dep: MatrixDep",
            "    @Provide(.shared, asyncFactory: { (dep: MatrixDep) async in MatrixImpl(dep: dep) }) var thing: any MatrixP",
        ],
        [
            "    @Provide(.input) var dep: MatrixDep",
            "    @Provide(.shared, factory: { (dep: MatrixDep) throws in try MatrixImpl(throwing: dep) }) var thing: any MatrixP",
        ],
        [],
    ]

    @Test("no diagnostic inside generated code, for children and their owners")
    func children() async throws {
        var declarations: [(name: String, kind: String, lines: [String])] = []
        for (index, members) in Self.childMembers.enumerated() {
            for owner in ["final class Owner#: Sendable, Child#Dependencies", "struct Owner#"] {
                for scope in [".child", ".forwardingChild", ".child, factory: Child#()", ".onDemand"] {
                    for reader in [
                        "", "    @Provide(.transient, factory: { (kid: Child#) in MatrixImpl(dep: kid) }) var user: any MatrixP",
                    ] {
                        declarations.append(
                            (
                                "child \(index) owned by \(owner) as \(scope)\(reader.isEmpty ? "" : ", read")", "",
                                ["@DIContainer final class Child#: Sendable {"] + members + ["}"]
                                    + [
                                        "@DIContainer \(owner) {",
                                        "    @Provide(.shared, factory: MatrixDep(), concrete: true) var dep: MatrixDep",
                                        "    @Provide(\(scope)) var kid: Child#",
                                    ] + (reader.isEmpty ? [] : [reader]) + ["}"]
                            ))
                    }
                }
            }
        }
        try await Self.check(declarations, count: 112, minimumClean: 10)
    }

    @Test("no diagnostic inside generated code, for each kind of container holding values that are not Sendable")
    func containerKinds() async throws {
        let members = [
            ["    @Provide(.shared, factory: MatrixNotSendable(), concrete: true) var value: MatrixNotSendable"],
            [
                "    @Provide(.shared, factory: MatrixNotSendable(), concrete: true) var value: MatrixNotSendable",
                "    @Provide(.shared, asyncFactory: { () async in MatrixImpl() }) var later: any MatrixP",
            ],
            ["    @Provide(.shared, factory: MatrixImpl(), service: true) var value: any MatrixP"],
            [
                "    @Provide(.shared, factory: MatrixNotSendable(), concrete: true, shutdown: { (value: MatrixNotSendable) in }) var value: MatrixNotSendable"
            ],
            [
                "    @Provide(.shared, factory: MatrixNotSendable(), concrete: true) var value: MatrixNotSendable",
                "    @Provide(.shared, factory: { (value: Lazy<MatrixNotSendable>) in MatrixImpl() }) var reader: any MatrixP",
            ],
            ["    @Provide(.input) var value: MatrixNotSendable"],
            ["    @Provide(.input) var value: Int = 3"],
        ]
        var declarations: [(name: String, kind: String, lines: [String])] = []
        for kind in ["struct Kind#: Sendable", "struct Kind#", "final class Kind#: Sendable", "final class Kind#", "actor Kind#"]
        {
            for option in ["", "(mainActor: true)"] {
                for (index, lines) in members.enumerated() {
                    declarations.append(
                        ("\(kind)\(option) members \(index)", "", ["@DIContainer\(option) \(kind) {"] + lines + ["}"]))
                }
            }
        }
        try await Self.check(declarations, count: 70, minimumClean: 10)
    }

    /// Compiles each member list in a container of its own kind, and checks that every diagnostic
    /// is on the user's lines, and that some containers compile clean and many do not.
    static func check(
        _ declarations: [(name: String, kind: String, lines: [String])], count: Int, concrete: Bool = false,
        minimumClean: Int = 20
    ) async throws {
        var lines = Self.prelude.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The first line of each container, after the two lines `compile` puts before the program.
        var containers: [(line: Int, name: String)] = []
        for (index, declaration) in declarations.enumerated() {
            containers.append((lines.count + 3, declaration.name))
            // A kind of "" means the lines are whole declarations (a child and its owner, say).
            if declaration.kind.isEmpty {
                lines += declaration.lines.map { $0.replacingOccurrences(of: "#", with: "\(index)") }
                continue
            }
            lines.append("@DIContainer\(concrete ? "(concrete: true)" : "") \(declaration.kind) Matrix\(index) {")
            lines += declaration.lines
            lines.append("}")
        }
        let program = CorpusProgram(name: "attribute matrix", source: lines.joined(separator: "\n"), expectedCode: nil)
        let result = try await DeclarationCorpusTests.compile([program], emitSIL: false, style: .swift)
        let file = try #require(result.files.first)
        let elsewhere = result.diagnostics.filter { $0.isInGeneratedCode || $0.path != file }
        #expect(elsewhere.isEmpty, "diagnostics outside the user's file:\n\(elsewhere.prefix(20).map(\.description))")
        let unplaced = result.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(unplaced.isEmpty, "errors without a place: \(unplaced.prefix(10))")
        let reported = Set(
            result.diagnostics.filter { $0.path == file && $0.severity == "error" }.compactMap { diagnostic in
                containers.last(where: { $0.line <= diagnostic.line })?.name
            })
        #expect(containers.count == count)
        #expect(
            reported.count > count / 4 && reported.count <= containers.count - minimumClean,
            "\(reported.count) of \(containers.count) reported")
    }
}
