import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing
import TrellisGraph

@testable import TrellisMacros
@testable import TrellisSyntax

/// The generators hand their code to the compiler as text, without parsing it in the plug-in
/// (`GeneratedSource`). Nothing checks that text until the compiler parses it, so these tests do:
/// it prints exactly as written, and what the macros write for every kind of container parses
/// without a syntax error.
@Suite("Generated source")
struct GeneratedSourceTests {
    /// The syntax errors of `source` parsed as the members of a type, as messages.
    static func syntaxErrors(inMembers source: String) -> [String] {
        let file = Parser.parse(source: "struct Wrapper {\n\(source)\n}")
        return ParseDiagnosticsGenerator.diagnostics(for: file).map(\.message)
    }

    @Test("a declaration prints exactly the text it was given")
    func declarationPrintsItsText() {
        let text = "/// A comment.\nprivate let value: Int\n"
        #expect(GeneratedSource.declaration(text).description == text)
        #expect(GeneratedSource.declaration("").description.isEmpty)
    }

    @Test("the getter written as text is the getter's nodes printed, for every scope, effect and container kind")
    func getterSourceMatchesTheNodes() throws {
        let factories = [
            "", ", factory: { () throws in try S() }", ", asyncFactory: { () async in S() }",
            ", asyncFactory: { () async throws in try await S() }",
        ]
        var compared = 0
        for scope in MemberScope.allCases {
            for factory in factories {
                var parser = Parser("@Provide(.\(scope.rawValue)\(factory))")
                let attribute = ProvideAttributeReader.read(AttributeSyntax.parse(from: &parser))
                for kind in [DeclarationKind.structure, .finalClass] {
                    for name in ["m0", "`default`"] {
                        let nodes = AccessorGenerator.getter(for: name, attribute: attribute, in: kind).description
                        #expect(AccessorGenerator.getterSource(for: name, attribute: attribute, in: kind) == nodes)
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == MemberScope.allCases.count * 16)
    }

    @Test(
        "a getter prints its effects and its indented body and parses back as the same getter",
        arguments: [(false, false), (true, false), (false, true), (true, true)])
    func getterParsesBack(isAsync: Bool, isThrowing: Bool) throws {
        let getter = GeneratedSource.getter(
            async: isAsync, throws: isThrowing, body: "if let value {\n    return value\n}\nreturn 1")
        let effects = (isAsync ? " async" : "") + (isThrowing ? " throws" : "")
        #expect(getter.description == "get\(effects) {\n    if let value {\n        return value\n    }\n    return 1\n}")

        var parser = Parser(getter.description)
        let parsed = AccessorDeclSyntax.parse(from: &parser)
        #expect(!parsed.hasError)
        #expect(parsed.accessorSpecifier.tokenKind == .keyword(.get))
        #expect((parsed.effectSpecifiers?.asyncSpecifier != nil) == isAsync)
        #expect((parsed.effectSpecifiers?.throwsClause != nil) == isThrowing)
        #expect(parsed.body?.statements.count == 2)
    }

    @Test("what @DIContainer writes parses without syntax errors", arguments: GeneratedNamesTests.containers)
    func memberExpansionParses(source: String) throws {
        let (members, _) = try PlaceholderExpansionTests.expandMembers(source)
        #expect(!members.isEmpty)
        #expect(Self.syntaxErrors(inMembers: members) == [])
    }

    @Test("what @Provide writes parses without syntax errors, for every scope and effect")
    func accessorExpansionParses() throws {
        let attributes = [
            "@Provide(.input)", "@Provide(.shared)", "@Provide(.transient)", "@Provide(.onDemand)",
            "@Provide(.child)", "@Provide(.forwardingChild)",
            "@Provide(.shared, asyncFactory: { () async throws in try await Value() })",
            "@Provide(.transient, factory: { () throws in try Value() })",
            "@Provide(.onDemand, asyncFactory: { () async in await Value() })",
        ]
        for attribute in attributes {
            let file = Parser.parse(source: "\(attribute) var value: Value")
            let variable = try #require(file.statements.first?.item.as(VariableDeclSyntax.self))
            let node = try #require(variable.attributes.first?.as(AttributeSyntax.self))
            for kind in [DeclarationKind.structure, .finalClass] {
                let getter = AccessorGenerator.getter(for: "value", attribute: ProvideAttributeReader.read(node), in: kind)
                let errors = Self.syntaxErrors(inMembers: "var value: Value {\n\(getter.description)\n}")
                #expect(errors == [], "\(attribute) in \(kind)")
            }
        }
    }
}
