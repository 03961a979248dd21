import SwiftSyntax
import TrellisGraph

/// Reads what a container's body holds besides its plain `@Provide` members: the types it
/// declares (which generated code outside the type must qualify), members inside `#if`, and stored
/// properties the generated initializer cannot set. Called by ``ContainerExtractor`` only.
enum DeclarationBodyReader {
    /// The types the body declares with their access levels, and which of them are typealiases of
    /// function types.
    static func nestedTypes(of members: MemberBlockItemListSyntax) -> (
        access: [String: AccessLevel], functionAliases: Set<String>
    ) {
        var access: [String: AccessLevel] = [:]
        var functionAliases = Set<String>()
        for item in members {
            let declaration = item.decl
            if let alias = declaration.as(TypeAliasDeclSyntax.self) {
                access[alias.name.text] = ContainerExtractor.accessLevel(of: alias.modifiers)
                if TypeClassifier.isFunction(alias.initializer.value, functionAliases: []) {
                    functionAliases.insert(alias.name.text)
                }
            } else if let named = declaration.asProtocol(NamedDeclSyntax.self),
                declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
                    || declaration.is(EnumDeclSyntax.self) || declaration.is(ActorDeclSyntax.self)
                    || declaration.is(ProtocolDeclSyntax.self)
            {
                access[named.name.text] = ContainerExtractor.accessLevel(
                    of: declaration.asProtocol(WithModifiersSyntax.self)?.modifiers ?? [])
            }
        }
        return (access, functionAliases)
    }

    /// Records the names each member's type is written with (for ``DeclarationRules``), and the
    /// members of a `public` or `package` container declared less visible than its initializer.
    static func readTypeVisibility(into extraction: inout ContainerExtraction) {
        let container = extraction.container
        let initializerLevel = DeclarationRules.initializerLevel(of: container)
        extraction.container.declaration.nestedTypeAccess = extraction.nestedTypeAccess
        for member in container.members {
            guard let syntax = extraction.members[member.name] else { continue }
            // A member declared `public` in a public container has its type checked by Swift on its
            // own line; one declared less visible does not. (An `@Assisted` function is no parameter.)
            if initializerLevel.visibility > AccessLevel.internal.visibility, syntax.function == nil,
                !(member.scope == .transient && member.type.kind == .opaque),
                member.access.visibility < initializerLevel.visibility
            {
                extraction.membersBelowInitializer.insert(member.name)
            }
            extraction.container.declaration.memberTypeNames[member.name] = syntax.type.tokens(viewMode: .sourceAccurate)
                .compactMap { token in
                    if case .identifier(let name) = token.tokenKind { return name }
                    return nil
                }
        }
    }

    /// Records every name the body declares, `#if` clauses included, for the reserved-name rule
    /// (see ``DeclarationRules/reservedNameDeclarations(of:)``).
    static func readReservedNames(in members: MemberBlockItemListSyntax, into extraction: inout ContainerExtraction) {
        for (name, node, isProvided) in declaredNames(in: members) {
            // Only the names a rule may speak of get an anchor.
            guard
                name == DeclarationRules.inputsTypeName || name == "self" || name.hasPrefix(DeclarationRules.reservedPrefix)
                    || name == ServiceRules.startOrderProperty
            else { continue }
            let anchor = Anchor.containerDetail(container: extraction.container.name, index: extraction.containerDetails)
            extraction.containerDetails += 1
            extraction.anchors[anchor] = node
            extraction.container.declaration.declaredNames.append(DeclaredName(name: name, anchor: anchor, isMember: isProvided))
        }
    }

    /// The names the body declares (types, typealiases, properties, functions), each with its name
    /// node and whether it is a `@Provide` member, in source order, `#if` clauses included.
    private static func declaredNames(in members: MemberBlockItemListSyntax) -> [(String, Syntax, Bool)] {
        var names: [(String, Syntax, Bool)] = []
        for item in members {
            let declaration = item.decl
            if let block = declaration.as(IfConfigDeclSyntax.self) {
                for clause in block.clauses {
                    if case .decls(let nested) = clause.elements { names += declaredNames(in: nested) }
                }
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                let isProvided = ProvideAttributeReader.provideAttribute(of: variable.attributes) != nil
                for binding in variable.bindings {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
                    names.append((MemberName.bare(identifier.memberName), Syntax(identifier), isProvided))
                }
            } else if let function = declaration.as(FunctionDeclSyntax.self) {
                names.append((MemberName.bare(function.name.memberName), Syntax(function.name), false))
            } else if let named = declaration.asProtocol(NamedDeclSyntax.self) {
                names.append((MemberName.bare(named.name.memberName), Syntax(named.name), false))
            }
        }
        return names
    }

    /// Records `@Provide` members declared inside `#if` and keeps each clause's members, with its
    /// directive, for the placeholder storage (see ``ConditionalLine``).
    static func readConditionalMembers(_ block: IfConfigDeclSyntax, into extraction: inout ContainerExtraction) {
        let containerName = extraction.container.name
        for clause in block.clauses {
            let keyword = clause.poundKeyword.text
            let condition = clause.condition.map { " \($0.trimmedDescription)" } ?? ""
            extraction.conditionalMembers.append(.directive(keyword + condition))
            guard case .decls(let items) = clause.elements else { continue }
            for item in items {
                if let nested = item.decl.as(IfConfigDeclSyntax.self) {
                    readConditionalMembers(nested, into: &extraction)
                    continue
                }
                guard let variable = item.decl.as(VariableDeclSyntax.self),
                    let provide = ProvideAttributeReader.provideAttribute(of: variable.attributes)
                else { continue }
                // Read alone, so that its shape problems do not add to the one below.
                var alone = ContainerExtraction(
                    container: Container(name: containerName, kind: extraction.container.kind), problems: [], anchors: [:],
                    members: [:])
                alone.functionTypeAliases = extraction.functionTypeAliases
                MemberExtractor.extract(variable, attribute: provide, into: &alone)
                guard let member = alone.container.members.first else { continue }
                extraction.conditionalMembers.append(.member(member))
                let anchor = Anchor.containerDetail(container: containerName, index: extraction.containerDetails)
                extraction.containerDetails += 1
                extraction.anchors[anchor] = Syntax(provide)
                extraction.container.declaration.conditionalMembers.append(
                    ConditionalMemberFact(name: member.name, directive: keyword, anchor: anchor))
                // Readers of the member still find it (as a value the container has), so that they
                // are not reported as reading an unknown member too.
                if extraction.container.member(named: member.name) == nil {
                    extraction.container.members.append(Member(name: member.name, type: member.type, scope: .input))
                }
            }
        }
        extraction.conditionalMembers.append(.directive("#endif"))
    }

    /// The names `declaration` declares in the body unless it is a `@Provide` or `@Assisted` member:
    /// each binding of a plain `var` or `let`, a function's name, a nested type's.
    static func plainNames(of declaration: DeclSyntax) -> [String] {
        if let variable = declaration.as(VariableDeclSyntax.self),
            ProvideAttributeReader.provideAttribute(of: variable.attributes) != nil
        {
            return []
        }
        if let function = declaration.as(FunctionDeclSyntax.self),
            ProvideAttributeReader.assistedAttribute(of: function.attributes) != nil
        {
            return []
        }
        return valueNames(of: declaration) ?? declaration.asProtocol(NamedDeclSyntax.self).map { [$0.name.memberName] } ?? []
    }

    /// The names a `var` or `let` (each binding that is a plain name) or a function declares; nil
    /// for any other declaration.
    static func valueNames(of declaration: DeclSyntax) -> [String]? {
        if let variable = declaration.as(VariableDeclSyntax.self) {
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.memberName }
        }
        return declaration.as(FunctionDeclSyntax.self).map { [$0.name.memberName] }
    }

    /// Records a stored property without `@Provide` that has no initial value: the generated
    /// initializer sets only the container's members, so it would fail to initialize it.
    static func readStoredProperty(_ variable: VariableDeclSyntax, into extraction: inout ContainerExtraction) {
        let isStatic = variable.modifiers.contains {
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
        }
        // A property wrapper (an attribute naming a type) may supply the value; leave those alone.
        let isWrapped = variable.attributes.contains { element in
            guard case .attribute(let attribute) = element else { return true }
            return ProvideAttributeReader.attributeName(attribute).first?.isUppercase ?? true
        }
        guard !isStatic, !isWrapped else { return }
        for binding in variable.bindings where binding.initializer == nil && !hasGetter(binding) {
            let defaultsToNil =
                variable.bindingSpecifier.tokenKind == .keyword(.var)
                && (binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
                    || binding.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true)
            guard !defaultsToNil else { continue }
            let name = binding.pattern.trimmedDescription
            let anchor = Anchor.containerDetail(container: extraction.container.name, index: extraction.containerDetails)
            extraction.containerDetails += 1
            extraction.anchors[anchor] = Syntax(binding.pattern)
            extraction.container.declaration.storedPropertiesWithoutValue.append(NamedFact(name: name, anchor: anchor))
        }
    }

    /// Whether the binding is computed (it has a getter rather than only observers).
    private static func hasGetter(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }

    /// Records a generic container's parameters: the needs protocol declared beside it cannot name
    /// them, nor could an owner name the container without them.
    static func readGenericParameters(of declaration: some DeclGroupSyntax, into extraction: inout ContainerExtraction) {
        let clause =
            declaration.as(StructDeclSyntax.self)?.genericParameterClause
            ?? declaration.as(ClassDeclSyntax.self)?.genericParameterClause
        guard let clause else { return }
        let name = extraction.container.name
        let anchor = Anchor.containerDetail(container: name, index: extraction.containerDetails)
        extraction.containerDetails += 1
        extraction.anchors[anchor] = Syntax(clause)
        extraction.container.declaration.genericParameters = NamedFact(name: clause.trimmedDescription, anchor: anchor)
    }
}

/// One line of the members declared inside `#if` blocks, in source order: a directive
/// (`#if DEBUG`, `#else`, `#endif`) or a member of the clause it belongs to.
public enum ConditionalLine: Sendable {
    /// `#if`, `#elseif`, `#else` (with its condition) or `#endif`.
    case directive(String)
    /// A member declared in the current clause.
    case member(Member)

    /// The member on this line, if it is one.
    public var member: Member? {
        if case .member(let member) = self { return member }
        return nil
    }
}

/// Where a container is declared, as far as its rules care: the macro reads it from its lexical
/// context, the `trellis` tool from the enclosing declarations it walks.
public struct DeclarationContext: Equatable, Sendable {
    /// Inside a function, initializer, accessor or closure.
    public var isLocal: Bool
    /// The innermost enclosing type with generic parameters, if any.
    public var genericEnclosingType: String?

    /// A context at file scope or in non-generic types.
    public init(isLocal: Bool = false, genericEnclosingType: String? = nil) {
        self.isLocal = isLocal
        self.genericEnclosingType = genericEnclosingType
    }

    /// The context of `declaration`, whose enclosing scopes, innermost first, are `lexicalContext`
    /// (a list that may begin with a copy of the declaration itself, which is skipped).
    public init(lexicalContext: [Syntax], of declaration: some DeclGroupSyntax) {
        self.init()
        var scopes = lexicalContext[...]
        if let first = scopes.first?.asProtocol(DeclGroupSyntax.self), first.kind == declaration.kind,
            first.asProtocol(NamedDeclSyntax.self)?.name.text == declaration.asProtocol(NamedDeclSyntax.self)?.name.text
        {
            scopes = scopes.dropFirst()
        }
        for scope in scopes {
            if scope.is(FunctionDeclSyntax.self) || scope.is(InitializerDeclSyntax.self)
                || scope.is(AccessorDeclSyntax.self) || scope.is(ClosureExprSyntax.self)
                || scope.is(DeinitializerDeclSyntax.self) || scope.is(SubscriptDeclSyntax.self)
            {
                isLocal = true
            } else if genericEnclosingType == nil, let name = Self.genericTypeName(scope) {
                genericEnclosingType = name
            }
        }
    }

    /// The name of `scope` when it is a type declaration with generic parameters.
    static func genericTypeName(_ scope: Syntax) -> String? {
        if let type = scope.as(StructDeclSyntax.self), type.genericParameterClause != nil { return type.name.text }
        if let type = scope.as(ClassDeclSyntax.self), type.genericParameterClause != nil { return type.name.text }
        if let type = scope.as(EnumDeclSyntax.self), type.genericParameterClause != nil { return type.name.text }
        if let type = scope.as(ActorDeclSyntax.self), type.genericParameterClause != nil { return type.name.text }
        return nil
    }
}

extension ContainerExtractor {
    /// Records where the container is declared, which ``DeclarationRules`` judge: in a function (no
    /// extension macro may be attached to a local type) or in a generic type (which makes it generic).
    public static func read(_ context: DeclarationContext, into extraction: inout ContainerExtraction) {
        extraction.container.declaration.isLocal = context.isLocal
        extraction.container.declaration.genericEnclosingType = context.genericEnclosingType
    }
}
