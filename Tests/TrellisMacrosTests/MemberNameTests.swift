import SwiftSyntax
import Testing
import TrellisSyntax

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
}
