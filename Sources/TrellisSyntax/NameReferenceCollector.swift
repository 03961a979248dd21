import SwiftSyntax
import TrellisGraph

/// Reads which names a file reads, for ``UnusedMemberRule``: every name after a dot or in a key
/// path, and every bare name inside a type's body or an extension, under the type's qualified name.
/// Names are spelled as members are (``MemberName``), so `` `default` `` and `default` match.
public enum NameReferenceCollector {
    /// The references of a parsed file.
    public static func references(in tree: SourceFileSyntax) -> NameReferences {
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.references
    }

    private final class Visitor: SyntaxVisitor {
        var references = NameReferences()
        /// The qualified names of the enclosing types and extensions, innermost last.
        private var types: [String] = []

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            references.memberReads.insert(node.declName.baseName.memberName)
            return .visitChildren
        }

        override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
            references.memberReads.insert(node.declName.baseName.memberName)
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            // The name after a dot was counted by its member access; `self` and `Self` read nothing.
            if let type = types.last, node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
                references.bareReads[type, default: []].insert(node.baseName.memberName)
            }
            return .skipChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            // An extension is its own lexical scope, named by the type it extends.
            types.append(SourceFileScanner.typeName(node.extendedType))
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.append(types.last.map { "\($0).\(name)" } ?? name)
            return .visitChildren
        }
    }
}
