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
    /// The access level of each type and typealias declared at the file's top level, by name.
    public var typeAccess: [String: AccessLevel] = [:]

    /// An empty scan.
    public init() {}

    /// The file as the model's whole-program rules see it.
    public func programFile(path: String) -> ProgramFile {
        ProgramFile(
            path: path,
            containers: containers.map { DeclaredContainer($0.extraction.container, qualifiedName: $0.qualifiedName) },
            extensions: extensions, typeAccess: typeAccess)
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
        var walker = DeclarationWalker()
        walker.walk(statements: tree.statements)
        return walker.result
    }

    /// The extended type without generic arguments (`Box` for `Box<Int>`), components joined by dots.
    static func typeName(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return "\(typeName(member.baseType)).\(member.name.text)" }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedDescription
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

/// Walks a file's declarations (never into expressions, which hold none the scan needs, so a file
/// costs about as much to scan as to parse), keeping the stack of enclosing type names so nested
/// containers get qualified names. Function bodies are walked for local types.
private struct DeclarationWalker {
    var result = SourceFileScan()
    private var scopes: [String] = []
    /// Whether the declarations walked are directly in an extension.
    private var inExtension = false
    private var extensionInitializers: [String: Int] = [:]
    private var strayProvides = 0
    /// How many function or initializer bodies enclose the walk.
    private var localDepth = 0
    /// The enclosing types with generic parameters, innermost last.
    private var genericTypes: [String] = []

    mutating func walk(statements: CodeBlockItemListSyntax) {
        for item in statements {
            if case .decl(let declaration) = item.item { walk(declaration, insideContainer: false) }
        }
    }

    private mutating func walk(members: MemberBlockItemListSyntax, insideContainer: Bool) {
        for member in members { walk(member.decl, insideContainer: insideContainer) }
    }

    private mutating func walk(_ declaration: DeclSyntax, insideContainer: Bool) {
        if let group = declaration.asProtocol(DeclGroupSyntax.self) {
            if let extensionDeclaration = group.as(ExtensionDeclSyntax.self) {
                walk(extension: extensionDeclaration)
            } else if let named = group.asProtocol(NamedDeclSyntax.self) {
                walk(type: group, name: named.name.text)
            }
        } else if let alias = declaration.as(TypeAliasDeclSyntax.self) {
            recordAccess(of: alias.name.text, modifiers: alias.modifiers)
        } else if let variable = declaration.as(VariableDeclSyntax.self) {
            if !insideContainer { reportStrayProvide(variable) }
        } else if let function = declaration.as(FunctionDeclSyntax.self) {
            if !insideContainer, let assisted = ProvideAttributeReader.assistedAttribute(of: function.attributes) {
                reportStray(assisted, named: function.name.text, attribute: "Assisted")
            }
            if let body = function.body { walk(localStatements: body.statements) }
        } else if let initializer = declaration.as(InitializerDeclSyntax.self) {
            if let body = initializer.body { walk(localStatements: body.statements) }
        } else if let conditional = declaration.as(IfConfigDeclSyntax.self) {
            for clause in conditional.clauses {
                switch clause.elements {
                case .statements(let statements): walk(statements: statements)
                case .decls(let members): walk(members: members, insideContainer: insideContainer)
                default: continue
                }
            }
        }
    }

    private mutating func walk(localStatements statements: CodeBlockItemListSyntax) {
        localDepth += 1
        defer { localDepth -= 1 }
        walk(statements: statements)
    }

    /// Records the access level of a type or typealias declared at the file's top level.
    private mutating func recordAccess(of name: String, modifiers: DeclModifierListSyntax) {
        guard scopes.isEmpty, localDepth == 0 else { return }
        let level = ContainerExtractor.accessLevel(of: modifiers)
        // A `private` declaration at the top level is visible in its file, as a `fileprivate` one is.
        result.typeAccess[name] = level == .private ? .fileprivate : level
    }

    private mutating func walk(type declaration: some DeclGroupSyntax, name: String) {
        recordAccess(of: name, modifiers: declaration.modifiers)
        let context = DeclarationContext(isLocal: localDepth > 0, genericEnclosingType: genericTypes.last)
        scopes.append(name)
        let wasInExtension = inExtension
        inExtension = false
        defer {
            scopes.removeLast()
            inExtension = wasInExtension
        }
        let attribute = SourceFileScanner.containerAttribute(of: declaration)
        if let attribute {
            var extraction = ContainerExtractor.extract(declaration, attribute: attribute)
            ContainerExtractor.read(context, into: &extraction)
            result.containers.append(
                SourceFileScan.ScannedContainer(qualifiedName: scopes.joined(separator: "."), extraction: extraction))
        }
        let generic = DeclarationContext.genericTypeName(Syntax(declaration))
        if let generic { genericTypes.append(generic) }
        defer { if generic != nil { genericTypes.removeLast() } }
        walk(members: declaration.memberBlock.members, insideContainer: attribute != nil)
    }

    private mutating func walk(extension declaration: ExtensionDeclSyntax) {
        let typeName = SourceFileScanner.typeName(declaration.extendedType)
        var count = 0
        for item in declaration.memberBlock.members {
            guard let initializer = item.decl.as(InitializerDeclSyntax.self) else { continue }
            let index = extensionInitializers[typeName, default: 0]
            extensionInitializers[typeName] = index + 1
            result.anchors[.extensionInitializer(type: typeName, index: index)] = Syntax(initializer)
            count += 1
        }
        result.extensions.append(TypeExtension(typeName: typeName, initializerCount: count))
        // An extension is its own lexical scope; what it nests is qualified by the extended type.
        scopes.append(typeName)
        let wasInExtension = inExtension
        inExtension = true
        defer {
            scopes.removeLast()
            inExtension = wasInExtension
        }
        walk(members: declaration.memberBlock.members, insideContainer: false)
    }

    private mutating func reportStrayProvide(_ variable: VariableDeclSyntax) {
        guard let provide = ProvideAttributeReader.provideAttribute(of: variable.attributes) else { return }
        let name = variable.bindings.map { $0.pattern.trimmedDescription }.joined(separator: ", ")
        reportStray(provide, named: name, attribute: "Provide")
    }

    /// `@Provide` or `@Assisted` (`attribute`) on a declaration outside any container.
    private mutating func reportStray(_ node: AttributeSyntax, named name: String, attribute: String) {
        let anchor = Anchor.memberDetail(container: scopes.joined(separator: "."), member: name, index: strayProvides)
        strayProvides += 1
        result.anchors[anchor] = Syntax(node)
        result.problems.append(.provideOutsideContainer(at: anchor, attribute: attribute, inExtension: inExtension))
    }
}
