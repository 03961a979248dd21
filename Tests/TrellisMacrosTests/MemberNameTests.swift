import SwiftParser
import SwiftSyntax
import Testing

@testable import TrellisSyntax

@Suite("Member name spellings")
struct MemberNameTests {
    @Test("backticks exactly where a declared name needs them")
    func canonicalSpelling() {
        #expect(TokenSyntax.identifier("`default`").memberName == "`default`")
        #expect(TokenSyntax.identifier("default").memberName == "`default`")
        #expect(TokenSyntax.keyword(.class).memberName == "`class`")
        #expect(TokenSyntax.identifier("`logger`").memberName == "logger")
        #expect(TokenSyntax.identifier("logger").memberName == "logger")
        #expect(TokenSyntax.identifier("_").memberName == "_")
    }

    @Test("labels: bare, except where a parameter declaration needs backticks")
    func labels() {
        #expect(MemberName.bare("`default`") == "default")
        #expect(MemberName.bare("logger") == "logger")
        #expect(MemberName.parameterLabel("`default`") == "default")
        #expect(MemberName.parameterLabel("`var`") == "`var`")
    }

    @Test("a node's text read from its token is exactly its printed text")
    func trimmedTextMatchesDescription() throws {
        let types = ["Client", "`Type`", "[Int]", "Result<A, B>", "any P", "Swift.Int", "Client?", "/* c */ Client /* d */"]
        for type in types {
            let file = Parser.parse(source: "let value:  \(type)  = x")
            let variable = try #require(file.statements.first?.item.as(VariableDeclSyntax.self))
            let syntax = try #require(variable.bindings.first?.typeAnnotation?.type)
            #expect(syntax.trimmedText == syntax.trimmedDescription, "\(type)")
        }
        for expression in ["S0", "`S0`", "Outer.Inner", "f(a:)", "/* c */ S0"] {
            let file = Parser.parse(source: "_ = \(expression).self")
            let assignment = try #require(file.statements.first?.item.as(SequenceExprSyntax.self))
            let base = try #require(assignment.elements.last?.as(MemberAccessExprSyntax.self)?.base)
            #expect(base.trimmedText == base.trimmedDescription, "\(expression)")
        }
    }
}
