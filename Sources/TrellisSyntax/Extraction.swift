import SwiftSyntax
import TrellisGraph

/// What the extractor read from one `@DIContainer` declaration: the model, the syntax each anchor
/// points at, and the shape problems found while reading.
public struct ContainerExtraction: Sendable {
    /// The container, free of syntax.
    public var container: Container
    /// Problems in the shape of the declaration (arguments the grammar does not accept).
    public var problems: [Issue]
    /// The syntax node each anchor of the container names.
    public var anchors: [Anchor: Syntax]
    /// Per member name: the syntax the generator needs.
    public var members: [String: MemberSyntax]
    /// The types the container's body declares (`struct Settings`, `typealias ID`), with their
    /// access levels: generated code outside the type names them through the container.
    public var nestedTypeAccess: [String: AccessLevel] = [:]
    /// The names of ``nestedTypeAccess``.
    public var nestedTypeNames: Set<String> { Set(nestedTypeAccess.keys) }
    /// Those of them that are typealiases of function types.
    public var functionTypeAliases: Set<String> = []
    /// The `@Provide` members declared inside `#if` blocks (an error), with their directives: the
    /// placeholder storage declares them in the same clauses, so that their accessors still compile.
    public var conditionalMembers: [ConditionalLine] = []
    /// The container can have no needs protocol beside it (it is generic, declared in a generic type
    /// or in a function: all errors), so its placeholders leave out what would name that protocol.
    public var hasNoNeedsProtocol: Bool { container.declaration.hasNoNeedsProtocol }
    /// The members whose type is one of the container's own types, less visible than the
    /// initializer (an error): the placeholders leave them out of every signature. Computed from
    /// every member on each read: read it once, outside any loop over the members.
    public var lessVisibleTypeMembers: Set<String> { Set(DeclarationRules.lessVisibleTypes(of: container).map(\.member)) }
    /// The members declared less visible than the initializer of a `public` or `package`
    /// container, whose types may be too (declared elsewhere, where the macro cannot see them): the
    /// generated signatures that take them are placed on the user's lines, where the compiler
    /// reports such a type.
    public var membersBelowInitializer: Set<String> = []
    /// Members written with an initial value where `@Provide` builds them (`var client: any API =
    /// Client(url: url)`): the problem reporting it (an index into ``problems``) and the value,
    /// which a fix-it moves into `factory:` once every member's type is known.
    var initialValues: [(member: String, problem: Int, value: ExprSyntax)] = []
    /// The names the body declares that `@DIContainer` declares too (an error): the placeholders
    /// leave out their own declaration of `Inputs` and `serviceStartOrder`, which would repeat it.
    public var reservedNamesDeclared: Set<String> {
        Set(DeclarationRules.reservedNameDeclarations(of: container).map(\.name))
    }
    /// Some declaration of the body does not parse (it is being typed): the parser reports it,
    /// the model leaves it out, and the macro reports nothing and generates only what cannot fail
    /// on its own, so that the parser's errors are the only ones.
    public var hasUnparsedDeclarations = false
    /// The names declared by more than one `@Provide` member: the model keeps the first
    /// declaration (the compiler reports the others as redeclarations).
    public var redeclaredMembers: Set<String> = []
    /// The names of the body's declarations that are not `@Provide` or `@Assisted` members
    /// (computed properties, methods, plain stored properties, nested types), outside `#if`: they
    /// tell whether `c.name` in a factory can type-check (see ``readsUndeclaredName(_:)``).
    public var otherDeclaredNames: Set<String> = []
    /// The container is declared `@frozen`: the type of every stored property, the generated
    /// storage's included, must be public or `@usableFromInline`.
    public var isFrozen = false
    /// How many ``Anchor/containerDetail(container:index:)`` anchors the extractor has assigned.
    var containerDetails = 0

    /// Whether `member`'s factory reads through the container parameter (`c.name`) a name that
    /// neither a member nor any other declaration of the body has: Swift then rejects the closure
    /// where `@Provide`'s arguments are type-checked, does not expand `@Provide`, and so nothing
    /// calls the member's builder. False where an `#if` may declare the name, or the parent reads
    /// it; a name declared in an extension is not seen, as the macro sees the declaration alone.
    public func readsUndeclaredName(_ member: Member) -> Bool {
        // Every `#if` of the body leaves its directives here; the names it declares are not read.
        guard conditionalMembers.isEmpty else { return false }
        return member.dependencies.contains { dependency in
            dependency.origin == .containerRead && container.member(named: dependency.name) == nil
                && !otherDeclaredNames.contains(dependency.name) && !container.readsFromParent(dependency.name, by: member)
        }
    }

    /// The syntax an anchor points at, falling back to the container's attribute.
    public func node(for anchor: Anchor) -> Syntax? {
        anchors[anchor] ?? anchors[.container(container.name)]
    }

    /// `typeText` with every type the container declares named through the container
    /// (`Settings` becomes `AppContainer.Settings`), for generated code outside the type.
    public func qualified(_ type: TypeSyntax) -> String {
        guard !nestedTypeNames.isEmpty else { return type.trimmedText }
        return NestedTypeQualifier(containerName: container.name, nestedTypeNames: nestedTypeNames)
            .rewrite(type.trimmed, detach: true).description
    }
}

/// Names the container's own types through the container.
private final class NestedTypeQualifier: SyntaxRewriter {
    let containerName: String
    let nestedTypeNames: Set<String>

    init(containerName: String, nestedTypeNames: Set<String>) {
        self.containerName = containerName
        self.nestedTypeNames = nestedTypeNames
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        let visited = super.visit(node)
        guard nestedTypeNames.contains(node.name.text), let identifier = visited.as(IdentifierTypeSyntax.self) else {
            return visited
        }
        return TypeSyntax(
            MemberTypeSyntax(
                leadingTrivia: identifier.leadingTrivia,
                baseType: IdentifierTypeSyntax(name: .identifier(containerName)),
                name: identifier.name.with(\.leadingTrivia, []),
                genericArgumentClause: identifier.genericArgumentClause,
                trailingTrivia: identifier.trailingTrivia))
    }
}

/// The syntax of one `@Provide` member that code generation reuses.
public struct MemberSyntax: Sendable {
    /// The `@Provide` attribute.
    public var attribute: AttributeSyntax
    /// The member's declared type.
    public var type: TypeSyntax
    /// The `factory:` or `asyncFactory:` expression, whichever builds the member.
    public var factory: ExprSyntax?
    /// The type named by `Type.self` (AutoWiring).
    public var autoWiringType: ExprSyntax?
    /// The function an `@Assisted` member is declared by.
    public var function: FunctionDeclSyntax?
    /// The `shutdown:` closure, which closes the member's value when the services stop.
    public var shutdown: ExprSyntax?
}

/// The result of reading a `@Provide` attribute alone.
public struct ProvideAttribute {
    /// The scope; `.shared` when none is written.
    public var scope: MemberScope = .shared
    /// `@Assisted(.scope)`: the function creates a scope container.
    public var createsScope = false
    /// `Type.self`'s base expression, if given.
    public var autoWiringType: ExprSyntax?
    /// The `with:` array, if given.
    public var withArgument: LabeledExprSyntax?
    /// The `factory:` argument, if given.
    public var factory: LabeledExprSyntax?
    /// The `asyncFactory:` argument, if given.
    public var asyncFactory: LabeledExprSyntax?
    /// `concrete: true`.
    public var concrete: Bool = false
    /// `service: true`.
    public var service: Bool = false
    /// The `shutdown:` argument, if given: the closure that closes the member's value.
    public var shutdown: LabeledExprSyntax?
    /// `.collection`: the member is a collection, built on every read from its contributions.
    public var isCollection: Bool { scope == .collection }
    /// `allowsEmpty: true`.
    public var allowsEmpty = false
    /// The `into:` or `elementsInto:` argument, and which of the two was written.
    public var contribution: (keyPath: LabeledExprSyntax, elements: Bool)?
    /// The `key:` expression, as written.
    public var key: String?
    /// Each argument by role.
    public var arguments: [ProvideArgument: LabeledExprSyntax] = [:]
    /// Arguments the grammar does not accept, with a reason.
    public var invalidArguments: [(node: Syntax, message: String)] = []

    /// The factory that builds the member (`asyncFactory:` wins).
    public var effectiveFactory: ExprSyntax? { (asyncFactory ?? factory)?.expression }

    /// Whether the member's accessor is `async`.
    public var isAsync: Bool { !scope.isSupplied && asyncFactory != nil }

    /// Whether the member's accessor `throws`: its factory closure says so and the accessor builds
    /// the member (`.transient`, `.onDemand`, async `.shared`). A synchronous `.shared` member is
    /// built by the initializer, which throws instead; reading its stored value cannot fail.
    public var isThrowing: Bool {
        guard scope.isBuiltOnRead || isAsync, let closure = effectiveFactory?.as(ClosureExprSyntax.self) else {
            return false
        }
        return FactoryReader.effects(of: closure).isThrowing
    }
}
