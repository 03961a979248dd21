import SwiftParser
import SwiftSyntax
import Testing
import TrellisSyntax

@testable import TrellisMacros

@Suite("Extraction cache")
struct ExtractionCacheTests {
    /// The container declared in `source` and its `@DIContainer` attribute.
    private static func container(_ source: String) throws -> (StructDeclSyntax, AttributeSyntax) {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
        return (declaration, try #require(declaration.attributes.first?.as(AttributeSyntax.self)))
    }

    @Test("gives each container its own extraction, the same as extracting it again, whatever came before")
    func keysOnTheNodes() throws {
        let first = try Self.container("@DIContainer\nstruct A {\n    @Provide(.input) var a: Int\n}")
        let second = try Self.container("@DIContainer\nstruct B {\n    @Provide(.input) var b: String\n}")
        // The same text parsed again is another tree: it must not be mistaken for the first.
        let firstAgain = try Self.container("@DIContainer\nstruct A {\n    @Provide(.input) var a: Int\n}")
        for (declaration, attribute) in [first, first, second, first, firstAgain, second, second] {
            let cached = ExtractionCache.extraction(of: declaration, attribute: attribute)
            let fresh = ContainerExtractor.extract(declaration, attribute: attribute)
            #expect(cached.container == fresh.container)
            #expect(cached.anchors == fresh.anchors)
        }
        let a = ExtractionCache.extraction(of: firstAgain.0, attribute: firstAgain.1)
        #expect(a.anchors[.container("A")]?.id == Syntax(firstAgain.1).id)
    }
}
