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

    /// Reports a member whose type names one of the container's own types that is less visible
    /// than the initializer `@DIContainer` generates, which takes every member.
    static func readTypeVisibility(into extraction: inout ContainerExtraction) {
        let container = extraction.container
        // An initializer without a modifier is internal, or as visible as a less visible container.
        let initializerLevel =
            container.accessLevel.initializerModifier.flatMap(AccessLevel.init(rawValue:))
            ?? (container.accessLevel.visibility < AccessLevel.internal.visibility ? container.accessLevel : .internal)
        for member in container.members {
            guard let syntax = extraction.members[member.name], isInitializerParameter(member) else { continue }
            let type = syntax.type
            // A member declared `public` in a public container has its type checked by Swift on its
            // own line; one declared less visible does not. (An `@Assisted` function is no parameter.)
            if initializerLevel.visibility > AccessLevel.internal.visibility, syntax.function == nil,
                syntax.declaredAccess.visibility < initializerLevel.visibility
            {
                extraction.membersBelowInitializer.insert(member.name)
            }
            let hidden = type.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> (String, AccessLevel)? in
                guard case .identifier(let name) = token.tokenKind, let level = extraction.nestedTypeAccess[name],
                    level.visibility < initializerLevel.visibility
                else { return nil }
                return (name, level)
            }.first
            guard let (name, level) = hidden else { continue }
            extraction.lessVisibleTypeMembers.insert(member.name)
            extraction.problems.append(
                Issue(
                    .memberTypeLessVisible,
                    "'\(member.name)' has the type '\(name)', which is \(level.rawValue), but the initializer @DIContainer generates for '\(container.name)' is \(initializerLevel.rawValue) and takes every member; declare '\(name)' \(initializerLevel.rawValue)",
                    at: .memberType(container: container.name, member: member.name)))
        }
    }

    /// Reports each declaration of the body named as one `@DIContainer` adds to the container:
    /// `Inputs` (every container has that snapshot type), a name with the reserved prefix, and,
    /// beside services, `serviceStartOrder` (a `@Provide` member of that name is reported by the
    /// service rules). Declarations inside `#if` are read too.
    static func readReservedNames(in members: MemberBlockItemListSyntax, into extraction: inout ContainerExtraction) {
        let hasServices = extraction.container.members.contains(where: \.isService)
        for (name, node, isProvided) in declaredNames(in: members) {
            let message: String
            if name == "Inputs" {
                message =
                    "'Inputs' is declared by @DIContainer in every container (the snapshot of what it needs, which 'init(inputs:)' takes); rename this declaration"
            } else if name == "self" && isProvided {
                message =
                    "a member cannot be named 'self': the initializer @DIContainer generates takes each member as a parameter of its name, which would hide 'self'; rename it"
            } else if name.hasPrefix("_trellis_") {
                message = "'\(name)' begins with '_trellis_', which is reserved for the code @DIContainer generates; rename it"
            } else if name == ServiceRules.startOrderProperty && hasServices && !isProvided {
                message =
                    "'\(name)' is declared by @DIContainer in a container with 'service: true' members (the services in start order); rename this declaration"
            } else {
                continue
            }
            extraction.reservedNamesDeclared.insert(name)
            let anchor = Anchor.containerDetail(container: extraction.container.name, index: extraction.containerDetails)
            extraction.containerDetails += 1
            extraction.anchors[anchor] = node
            extraction.problems.append(Issue(.reservedName, message, at: anchor))
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

    /// Whether the generated initializer takes `member` (all but an opaque `.transient`).
    private static func isInitializerParameter(_ member: Member) -> Bool {
        !(member.scope == .transient && member.type.kind == .opaque)
    }

    /// Reports `@Provide` members declared inside `#if` and keeps each clause's members, with its
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
                extraction.problems.append(
                    Issue(
                        .conditionalMember,
                        "'\(member.name)' is declared inside '\(keyword)': a container has one dependency graph in every build configuration; declare '\(member.name)' once, outside '#if', and put the '#if' inside its factory closure",
                        at: anchor))
                // Readers of the member still find it (as a value the container has), so that they
                // are not reported as reading an unknown member too.
                if extraction.container.member(named: member.name) == nil {
                    extraction.container.members.append(Member(name: member.name, type: member.type, scope: .input))
                }
            }
        }
        extraction.conditionalMembers.append(.directive("#endif"))
    }

    /// Reports a stored property without `@Provide` that has no initial value: the generated
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
            extraction.problems.append(
                Issue(
                    .uninitializedStoredProperty,
                    "stored property '\(name)' has no initial value, and the initializer @DIContainer generates sets only @Provide members; give '\(name)' an initial value, or declare it '@Provide(.input)'",
                    at: anchor))
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

    /// Reports a generic container: the needs protocol declared beside it cannot name its generic
    /// parameters, nor could an owner name the container without them.
    static func readGenericParameters(of declaration: some DeclGroupSyntax, into extraction: inout ContainerExtraction) {
        let clause =
            declaration.as(StructDeclSyntax.self)?.genericParameterClause
            ?? declaration.as(ClassDeclSyntax.self)?.genericParameterClause
        guard let clause else { return }
        let name = extraction.container.name
        let anchor = Anchor.containerDetail(container: name, index: extraction.containerDetails)
        extraction.containerDetails += 1
        extraction.anchors[anchor] = Syntax(clause)
        extraction.hasNoNeedsProtocol = true
        extraction.problems.append(
            Issue(
                .genericContainer,
                "@DIContainer does not support generic types: '\(name)\(clause.trimmedDescription)' cannot be owned, overridden or described by one graph; declare a container per concrete type, or give the members that vary an existential type ('any P')",
                at: anchor))
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
    /// Reports what the container's place forbids: a local container (no extension macro may be
    /// attached to a local type) and one nested in a generic type (which makes it generic).
    public static func read(_ context: DeclarationContext, into extraction: inout ContainerExtraction) {
        let name = extraction.container.name
        let anchor = Anchor.container(name)
        if context.isLocal {
            extraction.hasNoNeedsProtocol = true
            extraction.problems.append(
                Issue(
                    .localContainer,
                    "'\(name)' is declared inside a function, and Swift attaches no extension macro to a local type; declare the container at file scope or inside another type",
                    at: anchor))
        } else if let outer = context.genericEnclosingType {
            extraction.hasNoNeedsProtocol = true
            extraction.problems.append(
                Issue(
                    .genericContainer,
                    "'\(name)' is declared inside the generic type '\(outer)', which makes it generic, and @DIContainer does not support generic types; declare it outside '\(outer)'",
                    at: anchor))
        }
    }
}
