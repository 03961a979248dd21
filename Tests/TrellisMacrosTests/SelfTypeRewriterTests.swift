import SwiftParser
import SwiftSyntax
import Testing

@testable import TrellisMacros

@Suite("Self in factories moved into builders")
struct SelfTypeRewriterTests {
    static func rewritten(_ source: String) -> String {
        let expression = ExprSyntax(stringLiteral: source)
        return SelfTypeRewriter(typeName: "AppContainer").rewrite(expression).description
    }

    @Test("the type Self becomes the container's name; self and nested types' Self do not")
    func rewritesOnlyTheContainersSelf() {
        #expect(Self.rewritten("Self.make(Self.prefix)") == "AppContainer.make(AppContainer.prefix)")
        #expect(
            Self.rewritten("{ (c: Self) in c.value + Self.offset }")
                == "{ (c: AppContainer) in c.value + AppContainer.offset }")
        #expect(Self.rewritten("{ self.value }") == "{ self.value }")
        #expect(
            Self.rewritten("{ struct Local { static func make() -> Self { Self() } }; return Self.wrap(Local.make()) }")
                == "{ struct Local { static func make() -> Self { Self() } }; return AppContainer.wrap(Local.make()) }")
    }
}
