import SwiftParser
import SwiftSyntax
import Testing
import TrellisGraph
import TrellisSyntax

@testable import TrellisMacros

@Suite("@Provide read from its text")
struct ProvideAttributeTextTests {
    @Test("the first argument's scope becomes the only argument")
    func standInKeepsTheScope() {
        let cases: [(String, String, String)] = [
            (
                "\n    @Provide(.shared, S0.self, concrete: true)", "@Provide(.shared, S0.self, concrete: true)",
                "@Provide(.shared)"
            ),
            (
                "@Provide(.transient, factory: { (a: A) in B(a: a) })", "@Provide(.transient, factory: { (a: A) in B(a: a) })",
                "@Provide(.transient)"
            ),
            (
                "  /// Uses @Provide(.input) and throws\n  @Trellis.Provide(.onDemand, factory: Catalog())",
                "@Trellis.Provide(.onDemand, factory: Catalog())", "@Trellis.Provide(.onDemand)"
            ),
            ("/* a /* nested */ comment */ @Provide(\n    .input\n)", "@Provide(\n    .input\n)", "@Provide(.input)"),
            ("@Provide(.shared, asyncTask: throws)", "@Provide(.shared, asyncTask: throws)", "@Provide(.shared)"),
            ("\n    @Provide", "@Provide", "@Provide"),
        ]
        for (text, written, standIn) in cases {
            #expect(
                ProvideAttributeText.standIn(forAttribute: text)
                    == ProvideAttributeText.StandIn(written: written, standIn: standIn), "\(text)")
        }
    }

    @Test("nil whenever the text alone cannot tell the scope or the effects")
    func declinesWhatTextCannotProve() {
        let texts = [
            "@Provide(.shared, asyncFactory: { await Store() })",  // an async getter
            "@Provide(.shared, factory: { \"asyncFactory\" })",  // the word, inside a string
            "@Provide(.transient, factory: { () throws in try B() })",  // a throwing getter
            "@Provide(.transient, factory: { (a: A) in try B(a: a) })",  // a throwing getter, inferred
            "@Provide(.transient, factory: { (a: A) in if a.bad { throw E() }; return B() })",  // inferred too
            "@Provide(.transient, factory: B(note: \"throws\"))",  // the word, inside a string
            "@Provide(factory: B(), .transient)",  // the scope is not the first argument
            "@Provide(DIScope.transient)",  // qualified scope
            "@Provide(/* scope */ .shared)",  // a comment before the scope
            "@Provide(.singleton)",  // not a scope
            "@Provide(.shared.self)",  // not just a scope
            "@Provide(.shared) // trailing comment",  // text after the attribute
            "@Provide()",  // no first argument
            "/* unclosed @Provide(.shared)",
            "Provide(.shared)",
            "@Provide<Int>(.shared)",
        ]
        for text in texts {
            #expect(ProvideAttributeText.standIn(forAttribute: text) == nil, "\(text)")
        }
    }

    /// What the getter depends on.
    private struct Essentials: Equatable {
        var scope: MemberScope
        var isAsync: Bool
        var isThrowing: Bool
    }

    private func essentials(_ text: String) throws -> Essentials {
        var parser = Parser(text)
        let attribute = AttributeSyntax.parse(from: &parser)
        let read = ProvideAttributeReader.read(attribute)
        return Essentials(scope: read.scope, isAsync: read.isAsync, isThrowing: read.isThrowing)
    }

    @Test("a stand-in gives the reader the same scope and effects (every combination of the pieces below)")
    func standInAgreesWithTheReader() throws {
        let trivia = [
            "", "\n    ", "\n\n    /// Doc naming @Provide(.input), throws and asyncFactory\n    ", "/* c */ ", "// c\n",
        ]
        let names = ["@Provide", "@Trellis.Provide"]
        let scopes = [
            nil, ".shared", ".transient", ".input", ".onDemand", ".child", ".forwardingChild", ".singleton",
            "DIScope.transient", " .transient ", "\n        .transient", "/* s */ .shared", ".shared.self",
        ]
        let others = [
            "S0.self", "with: [\\Self.a, \\Self.b]", "factory: { (a: A) in B(a: a) }",
            "factory: { (a: A) throws in try B(a: a) }", "factory: { () async throws -> B in try await B() }",
            "asyncFactory: { (a: A) async in await B(a: a) }", "asyncFactory: { () async throws in try await B() }",
            "concrete: true", "factory: B(label: \"throws\")", "factory: { \"asyncFactory\" }",
            "factory: { (x: X) throws(E) -> B in B() }", "factory: B()", ".transient",
            "factory: { (a: A) in try B(a: a) }", "factory: { (a: A) in try? B(a: a) }",
            "factory: { do { return try B() } catch { return C() } }", "asyncFactory: { try await B() }",
        ]
        let trailing = ["", " ", "\n", " // note"]
        // The name alone (no arguments), then every scope followed by every sequence of up to two
        // other arguments; the trivia before, the name and what follows cycle with the index, so
        // every 40 consecutive lists meet every combination of the three.
        var argumentLists = Array(repeating: "", count: trivia.count * names.count * trailing.count)
        for scope in scopes {
            for first in [nil] + others.map(Optional.some) {
                for second in first == nil ? [nil] : [nil] + others.map(Optional.some) {
                    let arguments = [scope, first, second].compactMap { $0 }
                    argumentLists.append("(\(arguments.joined(separator: ", ")))")
                }
            }
        }
        var answered = 0
        var declined = 0
        for (index, arguments) in argumentLists.enumerated() {
            let name = names[(index / trailing.count) % names.count]
            let text = trivia[index % trivia.count] + name + arguments + trailing[index % trailing.count]
            guard let standIn = ProvideAttributeText.standIn(forAttribute: text) else {
                declined += 1
                continue
            }
            answered += 1
            #expect(text.contains(standIn.written) && standIn.written.hasPrefix("@"), "\(text)")
            #expect(try essentials(standIn.standIn) == essentials(standIn.written), "\(text)")
        }
        // Both outcomes are exercised, so the agreement above is not vacuous.
        #expect(answered > 300)
        #expect(declined > 300)
    }
}
