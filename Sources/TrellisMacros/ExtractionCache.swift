import SwiftSyntax
import TrellisGraph
import TrellisHostSupport
import TrellisSyntax

/// The container `@DIContainer` extracted last, kept for its next role.
///
/// The compiler asks for the macro's peer, member and extension roles one after another, each with
/// the container's declaration; swift-syntax's plug-in handler parses that text once and hands every
/// request the same tree (as its `MacroSystem` does in the expansion tests). Extracting a large
/// container is the plug-in's largest cost in a debug build; with this it is paid once per
/// container rather than once per role. The extraction depends only on the declaration and the attribute, and the key is their
/// identity in the tree, so a hit returns exactly what extracting again would. The entry keeps its
/// tree alive, so no other tree can take its identity while it is cached.
enum ExtractionCache {
    /// The extraction of `declaration` with its `@DIContainer` attribute `attribute`.
    static func extraction(of declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> ContainerExtraction {
        let key = Key(declaration: Syntax(declaration), attribute: Syntax(attribute))
        if let hit = last.withLock({ $0.flatMap { $0.key.identifies(key) ? $0.extraction : nil } }) {
            return hit
        }
        let extraction = ContainerExtractor.extract(declaration, attribute: attribute)
        last.withLock { $0 = Entry(key: key, extraction: extraction, issues: nil) }
        return extraction
    }

    /// The issues of `extraction`, made from `declaration` with `attribute` and read in the
    /// declaration's lexical context (the same for each role): the peer role reports them and the
    /// member role decides from them whether to write placeholders, so they are found once.
    static func issues(
        of extraction: ContainerExtraction, declaration: some DeclGroupSyntax, attribute: AttributeSyntax
    ) -> [Issue] {
        let key = Key(declaration: Syntax(declaration), attribute: Syntax(attribute))
        if let hit = last.withLock({ $0.flatMap { $0.key.identifies(key) ? $0.issues : nil } }) {
            return hit
        }
        // While a declaration does not parse, the parser's errors are the only ones worth reading.
        let issues =
            extraction.hasUnparsedDeclarations ? [] : extraction.problems + ContainerValidator.validate(extraction.container)
        // Kept with the extraction they come from; another container's entry is left alone.
        last.withLock { entry in
            if entry?.key.identifies(key) == true { entry?.issues = issues }
        }
        return issues
    }

    /// The nodes an extraction was made from; holding them holds their trees.
    private struct Key: Sendable {
        let declaration: Syntax
        let attribute: Syntax

        func identifies(_ other: Key) -> Bool {
            declaration.id == other.declaration.id && attribute.id == other.attribute.id
        }
    }

    private struct Entry: Sendable {
        let key: Key
        let extraction: ContainerExtraction
        /// The extraction's issues, once a role has found them.
        var issues: [Issue]?
    }

    /// Expansions may run on several threads at once (the tests do).
    private static let last = Locked<Entry?>(nil)
}
