import SwiftParser
import SwiftSyntax
import TrellisGraph

/// Everything the whole-program rules need from one parsed file, with the syntax each anchor names.
public struct SourceFileScan {
    /// One `@DIContainer` declaration.
    public struct ScannedContainer {
        /// The name with its enclosing types (`Feature.Container`).
        public var qualifiedName: String
        /// What ``ContainerExtractor`` read from it.
        public var extraction: ContainerExtraction
    }

    /// The `@DIContainer` declarations in source order, nested ones included.
    public var containers: [ScannedContainer] = []
    /// The extensions in source order.
    public var extensions: [TypeExtension] = []
    /// Problems found outside any container (`@Provide` on a declaration no `@DIContainer` encloses).
    public var problems: [Issue] = []
    /// The syntax of file-level anchors: extension initializers and the problems above.
    public var anchors: [Anchor: Syntax] = [:]

    /// The file as the model's whole-program rules see it.
    public func programFile(path: String) -> ProgramFile {
        ProgramFile(
            path: path,
            containers: containers.map { DeclaredContainer($0.extraction.container, qualifiedName: $0.qualifiedName) },
            extensions: extensions)
    }
}

/// Finds every `@DIContainer` declaration, every extension and every stray `@Provide` of a file,
/// reading attributes only through ``ContainerExtractor`` and ``ProvideAttributeReader``.
public enum SourceFileScanner {
    /// Parses `source` and scans it.
    public static func scan(source: String) -> (tree: SourceFileSyntax, scan: SourceFileScan) {
        let tree = Parser.parse(source: source)
        return (tree, scan(tree))
    }

    /// Scans a parsed file.
    public static func scan(_ tree: SourceFileSyntax) -> SourceFileScan {
        let visitor = ScanVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.result
    }

    /// Whether a declaration carries `@DIContainer` (also `@Trellis.DIContainer`).
    public static func containerAttribute(of declaration: some DeclGroupSyntax) -> AttributeSyntax? {
        for element in declaration.attributes {
            if case .attribute(let attribute) = element, ProvideAttributeReader.attributeName(attribute) == "DIContainer" {
                return attribute
            }
        }
        return nil
    }
}

/// Walks a file keeping the stack of enclosing type names, so nested containers get qualified names.
private final class ScanVisitor: SyntaxVisitor {
    var result = SourceFileScan()
    private var scopes: [String] = []
    private var extensionInitializers: [String: Int] = [:]
    private var strayProvides = 0

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node, name: node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node, name: node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node, name: node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node, name: node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node, name: node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let typeName = Self.typeName(node.extendedType)
        var count = 0
        for item in node.memberBlock.members {
            guard let initializer = item.decl.as(InitializerDeclSyntax.self) else { continue }
            let index = extensionInitializers[typeName, default: 0]
            extensionInitializers[typeName] = index + 1
            result.anchors[.extensionInitializer(type: typeName, index: index)] = Syntax(initializer)
            count += 1
        }
        result.extensions.append(TypeExtension(typeName: typeName, initializerCount: count))
        // An extension is its own lexical scope; what it nests is qualified by the extended type.
        scopes.append(typeName)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let provide = ProvideAttributeReader.provideAttribute(of: node.attributes) else { return .visitChildren }
        if let group = Self.enclosingGroup(of: node), SourceFileScanner.containerAttribute(of: group) != nil {
            return .visitChildren
        }
        let name = node.bindings.map { $0.pattern.trimmedDescription }.joined(separator: ", ")
        let anchor = Anchor.memberDetail(container: scopes.joined(separator: "."), member: name, index: strayProvides)
        strayProvides += 1
        result.anchors[anchor] = Syntax(provide)
        result.problems.append(
            Issue(
                .provideOutsideContainer,
                "@Provide declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @Provide",
                at: anchor))
        return .visitChildren
    }

    private func enter(_ declaration: some DeclGroupSyntax, name: String) -> SyntaxVisitorContinueKind {
        scopes.append(name)
        if let attribute = SourceFileScanner.containerAttribute(of: declaration) {
            result.containers.append(
                SourceFileScan.ScannedContainer(
                    qualifiedName: scopes.joined(separator: "."),
                    extraction: ContainerExtractor.extract(declaration, attribute: attribute)))
        }
        return .visitChildren
    }

    /// The type or extension whose member block directly holds `variable`.
    private static func enclosingGroup(of variable: VariableDeclSyntax) -> (any DeclGroupSyntax)? {
        guard let item = variable.parent?.as(MemberBlockItemSyntax.self),
            let block = item.parent?.parent?.as(MemberBlockSyntax.self)
        else { return nil }
        return block.parent?.asProtocol(DeclGroupSyntax.self)
    }

    /// The extended type without generic arguments (`Box` for `Box<Int>`), components joined by dots.
    private static func typeName(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return "\(typeName(member.baseType)).\(member.name.text)" }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedDescription
    }
}
