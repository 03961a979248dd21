import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing
import TrellisGraph
import TrellisMacros

/// One round to the fix: applying any fix-it Trellis offers removes its diagnostic and never brings
/// a Trellis diagnostic the container did not have. Checked on the catalog's smallest source of
/// every code the macro owns, and on the cases where one mistake once took several rounds.
@Suite("Fix-its: one round to the fix")
struct FixItRoundTests {
    /// Sources where one mistake needs more than one edit.
    static let rounds: [String] = [
        // A synchronous member reading an async throwing one: `asyncFactory:`, `async` and `throws` at once.
        """
        @DIContainer struct C {
            @Provide(.shared, asyncFactory: { () async throws in try await B.connect() }) var b: any P
            @Provide(.shared, factory: { (b: any P) in A(b) }) var a: any P
        }
        """,
        // A transient read through the container that awaits, and a throwing one.
        """
        @DIContainer struct C {
            @Provide(.transient, factory: { () throws in try B() }) var b: any P
            @Provide(.shared, asyncFactory: { () async in B() }) var d: any P
            @Provide(.transient, factory: { (b: any P, d: any P) in A(b, d) }) var a: any P
        }
        """,
        // A function value written as its factory (a WebSocket handler): returned from a factory.
        """
        @DIContainer(concrete: true) struct C {
            @Provide(.shared, factory: { inbound, _ in for try await frame in inbound { print(frame) } }) var handler: Handler
            @Provide(.shared, factory: { (handler: @escaping Handler) in Router(handler) }) var router: Router
        }
        """,
        // A closure returning different types.
        """
        @DIContainer struct C {
            @Provide(.input) var flag: Bool
            @Provide(.shared, factory: { (flag: Bool) in if flag { return A() }; return B() }) var a: any P
        }
        """,
        // An @Assisted function returning an opaque type, which a test's replacement cannot be stored as.
        "@DIContainer struct C { @Assisted(factory: { (id: Int) in A(id) }) func make(id: Int) -> some P }",
        // The container parameter written without its type.
        """
        @DIContainer struct C {
            @Provide(.shared, factory: { B() }) var b: any P
            @Provide(.transient, factory: { c in A(c.b) }) var a: any P
        }
        """,
        // An on-demand member reading an async one: its fix-it builds it asynchronously too.
        """
        @DIContainer struct C {
            @Provide(.onDemand, asyncFactory: { () async in B() }) var b: any P
            @Provide(.onDemand, factory: { (b: any P) in A(b) }) var a: any P
        }
        """,
        // A concrete type without `concrete: true`.
        "@DIContainer struct C { @Provide(.shared, factory: A()) var a: A }",
        // An initial value reading a member, where `factory:` belongs.
        "@DIContainer struct C { @Provide(.input) var b: any P; @Provide(.shared) var a: any P = A(b) }",
        // Arguments out of the macro's order.
        "@DIContainer struct C { @Provide(.shared, concrete: true, factory: A()) var a: A }",
        // A factory expression reading a member whose factory throws: the closure says `throws`.
        """
        @DIContainer struct C {
            @Provide(.transient, factory: { () throws in try B() }) var b: any P
            @Provide(.shared, factory: A(b)) var a: any P
        }
        """,
        // A function named with its labels reading a throwing member, and one reading an async
        // member: each becomes the closure that calls it, with the effects it needs.
        """
        @DIContainer struct C {
            @Provide(.input) var tag: String
            @Provide(.transient, factory: { () throws in try B() }) var b: any P
            @Provide(.shared, factory: A.init(b:tag:)) var a: any P
        }
        """,
        """
        @DIContainer struct C {
            @Provide(.shared, asyncFactory: { () async throws in try await B.connect() }) var b: any P
            @Provide(.shared, factory: Factories.make(b:)) var a: any P
        }
        """,
    ]

    /// The Trellis diagnostics `@DIContainer` (its peer role) reports for the container in `source`, each
    /// with its fix-its.
    static func diagnostics(_ source: String) throws -> (file: SourceFileSyntax, diagnostics: [Diagnostic]) {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.asProtocol(DeclGroupSyntax.self))
        let context = BasicMacroExpansionContext(lexicalContext: [Syntax(declaration)])
        if let attribute = declaration.attributes.first?.as(AttributeSyntax.self) {
            _ = try DIContainerMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        }
        return (file, context.diagnostics)
    }

    /// `source` with `fixIt`'s edits made, the last first, so that each offset still holds.
    static func applying(_ fixIt: FixIt, to source: String) -> String {
        applying(fixIt.edits, to: source)
    }

    /// `source` with `edits` made, the last first (they must not overlap).
    static func applying(_ edits: [SourceEdit], to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound.utf8Offset > $1.range.lowerBound.utf8Offset }) {
            bytes.replaceSubrange(
                edit.range.lowerBound.utf8Offset..<edit.range.upperBound.utf8Offset, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static var sources: [String] {
        rounds
            + DiagnosticCatalogTests.sources.filter { DiagnosticCatalogTests.enclosingDeclarations[$0.key] == nil }
            .sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
    }

    @Test("applying a fix-it removes its diagnostic and adds none the container did not have", arguments: sources)
    func oneRound(_ source: String) throws {
        let (file, before) = try Self.diagnostics(source)
        let codes = before.map(\.diagMessage.diagnosticID)
        for diagnostic in before {
            for fixIt in diagnostic.fixIts {
                let fixed = Self.applying(fixIt, to: file.description)
                let after = try Self.diagnostics(fixed).diagnostics.map(\.diagMessage.diagnosticID)
                let introduced = after.filter { !codes.contains($0) }
                #expect(introduced.isEmpty, "'\(fixIt.message.message)' on:\n\(source)\ngives:\n\(fixed)\nnew: \(introduced)")
                #expect(
                    after.filter { $0 == diagnostic.diagMessage.diagnosticID }.count
                        < codes.filter { $0 == diagnostic.diagMessage.diagnosticID }.count,
                    "'\(fixIt.message.message)' leaves '\(diagnostic.message)' in:\n\(fixed)")
            }
        }
    }

    @Test("on the random corpus's misuses, every fix-it removes its diagnostic and brings none")
    func randomMisuses() throws {
        var applied = 0
        for container in DeclarationCorpusTests.randomContainers() {
            for mutation in Mutation.allCases {
                guard let target = container.targets(of: mutation).first else { continue }
                let source = container.render((mutation, target))
                let (file, before) = try Self.diagnostics(source)
                let codes = before.map(\.diagMessage.diagnosticID)
                for diagnostic in before {
                    for fixIt in diagnostic.fixIts {
                        applied += 1
                        let fixed = Self.applying(fixIt, to: file.description)
                        let after = try Self.diagnostics(fixed).diagnostics.map(\.diagMessage.diagnosticID)
                        #expect(
                            after.allSatisfy(codes.contains)
                                && after.filter { $0 == diagnostic.diagMessage.diagnosticID }.count
                                    < codes.filter { $0 == diagnostic.diagMessage.diagnosticID }.count,
                            "'\(fixIt.message.message)' on \(container.name(mutation)) gives \(after)")
                    }
                }
            }
        }
        #expect(applied > 50, "only \(applied) fix-its applied")
    }

    @Test("each of the round cases is clean after one fix-it: every diagnostic of it carries the whole fix")
    func roundCasesTakeOneRound() throws {
        for source in Self.rounds {
            let (file, before) = try Self.diagnostics(source)
            #expect(!before.isEmpty && before.allSatisfy { !$0.fixIts.isEmpty }, "\(source): \(before.map(\.message))")
            guard let fixIt = before.first?.fixIts.first else { continue }
            let fixed = Self.applying(fixIt, to: file.description)
            #expect(try Self.diagnostics(fixed).diagnostics.map(\.message) == [], "\(fixed)")
        }
    }

    /// Hummingbird's html-form, ported: the router reads the async library, the app the router; the
    /// library built by an `asyncFactory`, or by an async closure passed as `factory:`.
    static let asyncChains = [
        """
        @DIContainer struct C {
            @Provide(.shared, asyncFactory: { try await Library() }) var library: any P
            @Provide(.shared, factory: { (library: any P) in Router(library) }) var router: any P
            @Provide(.transient, factory: { (router: any P) in App(router) }) var app: any P
            @Provide(.shared, factory: { (app: any P) in Holder(app) }) var holder: any P
        }
        """,
        """
        @DIContainer struct C {
            @Provide(.shared, factory: { try await Library() }) var library: any P
            @Provide(.shared, factory: { (library: any P) in Router(library) }) var router: any P
            @Provide(.transient, factory: { (router: any P) in App(router) }) var app: any P
        }
        """,
    ]

    @Test(
        "a chain of synchronous readers of an async member is reported in one round, each with its fix-it",
        arguments: asyncChains)
    func asyncChainTakesOneRound(source: String) throws {
        let (file, before) = try Self.diagnostics(source)
        #expect(before.count == 3 && before.allSatisfy { $0.fixIts.count == 1 }, "\(before.map(\.message))")
        let fixed = Self.applying(before.flatMap { $0.fixIts.first?.edits ?? [] }, to: file.description)
        #expect(try Self.diagnostics(fixed).diagnostics.map(\.message) == [], "\(fixed)")
        #expect(fixed.contains("asyncFactory: { (router: any P) async throws in"), "\(fixed)")
    }

    @Test("members of concrete types, fixed by the container's option at once")
    func containerConcreteOptionTakesOneRound() throws {
        let source = """
            @DIContainer(parent: AppContainer.self, mainActor: true) struct C {
                @Provide(.shared, factory: Store()) var store: Store
                @Provide(.transient, factory: { (store: Store) in Model(store: store) }) var model: Model
                @Provide(.shared, factory: { () -> any Logging in Logger() }) var logger: any Logging
            }
            """
        let (file, before) = try Self.diagnostics(source)
        #expect(before.count == 2, "\(before.map(\.message))")
        let option = try #require(
            before.first?.fixIts.first {
                $0.message.fixItID == MessageID(domain: "Trellis", id: "fix.add-container-concrete-option")
            })
        let fixed = Self.applying(option, to: file.description)
        #expect(fixed.hasPrefix("@DIContainer(parent: AppContainer.self, concrete: true, mainActor: true)"), "\(fixed)")
        #expect(try Self.diagnostics(fixed).diagnostics.map(\.message) == [], "\(fixed)")
    }
}
