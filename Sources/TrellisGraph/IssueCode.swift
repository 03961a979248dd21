/// The catalog of rules. Each code's raw value is its stable identifier (`trellis.dependency-cycle`),
/// used as the diagnostic ID by the macro and printed by the `trellis` tool.
public enum IssueCode: String, Hashable, Sendable, CaseIterable {
    // Container declaration.
    /// `@DIContainer` on something other than a struct or final class.
    case unsupportedContainerKind = "trellis.unsupported-container-kind"
    /// An `init` written by the user in the container or a same-file extension.
    case userDefinedInitializer = "trellis.user-defined-initializer"
    /// `mainActor: true` on a type or member isolated otherwise.
    case mainActorConflict = "trellis.main-actor-conflict"
    /// A `@DIContainer` or `@Provide` argument that is not a literal the macro can read.
    case invalidArgument = "trellis.invalid-argument"
    /// A generic container (`struct Feature<T>`), or one declared inside a generic type, which the
    /// generated code cannot carry.
    case genericContainer = "trellis.generic-container"
    /// A container declared inside a function, where Swift allows no extension macro.
    case localContainer = "trellis.local-container"
    /// A member whose type is one of the container's own types, declared less visible than the
    /// generated initializer that takes it.
    case memberTypeLessVisible = "trellis.member-type-less-visible"
    /// A stored property without `@Provide` that the generated initializer cannot set: no initial value.
    case uninitializedStoredProperty = "trellis.uninitialized-stored-property"
    /// A declaration in the container named as one the macro generates there: `Inputs`, a name
    /// with the `_trellis_` prefix, or `serviceStartOrder` beside services.
    case reservedName = "trellis.reserved-name"

    // Member declaration shape.
    /// `@Provide` on a declaration that is not inside a `@DIContainer`.
    case provideOutsideContainer = "trellis.provide-outside-container"
    /// `@DIContainer`, `@Provide` or `@Assisted` written twice on one declaration.
    case repeatedAttribute = "trellis.repeated-attribute"
    /// `@Provide` on something other than a single stored instance `var` with a type and no value.
    case invalidMemberDeclaration = "trellis.invalid-member-declaration"
    /// `@Provide var a, b: T`.
    case multipleBindings = "trellis.multiple-bindings"
    /// `@Provide var a = ...` with no type annotation.
    case missingTypeAnnotation = "trellis.missing-type-annotation"
    /// A `@Provide` member declared inside `#if`: a container has one graph in every build configuration.
    case conditionalMember = "trellis.conditional-member"

    // Scope and factory rules.
    /// `.shared` or `.transient` with neither factory, asyncFactory nor AutoWiring type.
    case missingFactory = "trellis.missing-factory"
    /// `.input` with `factory:`, `Type.self` or `with:`.
    case inputWithFactory = "trellis.input-with-factory"
    /// `.input` with `asyncFactory:`.
    case asyncFactoryOnInput = "trellis.async-factory-on-input"
    /// Both `factory:` and `asyncFactory:` (or AutoWiring together with a factory).
    case conflictingFactories = "trellis.conflicting-factories"
    /// `asyncFactory:` whose closure is not declared `async`, or which is not a closure literal.
    case asyncFactoryNotAsync = "trellis.async-factory-not-async"
    /// A factory closure without a declared result type whose `return` statements build different
    /// types: Swift infers the closure's result type from its first `return`.
    case factoryResultType = "trellis.factory-result-type"
    /// `factory:` with an `async` closure.
    case asyncClosureInFactory = "trellis.async-closure-in-factory"
    /// `with:` without `Type.self`.
    case withWithoutType = "trellis.with-without-type"
    /// A `with:` entry that is not `\Self.member` or `\Container.member`.
    case invalidWithEntry = "trellis.invalid-with-entry"
    /// A concrete member type without `concrete: true`.
    case concreteTypeWithoutOptIn = "trellis.concrete-type-without-opt-in"
    /// A `some P` member that is not `.transient`.
    case opaqueTypeRequiresTransient = "trellis.opaque-type-requires-transient"

    // Dependencies.
    /// A closure parameter, `with:` entry or `c.member` read naming no member.
    case unknownMember = "trellis.unknown-member"
    /// A `_` closure parameter, which cannot be resolved by name.
    case unnamedClosureParameter = "trellis.unnamed-closure-parameter"
    /// A factory written as an expression that reads members by name (`factory: Service(session:
    /// session)`), which Swift rejects: the attribute is type-checked before any container exists.
    case memberReadInExpression = "trellis.member-read-in-expression"
    /// A cycle of members reading each other.
    case dependencyCycle = "trellis.dependency-cycle"
    /// A synchronous member reading a member built by `asyncFactory`.
    case synchronousReadsAsynchronous = "trellis.synchronous-reads-asynchronous"
    /// A member reading a member whose factory throws, without declaring `throws` itself.
    case readsThrowingWithoutThrows = "trellis.reads-throwing-without-throws"
    /// A member of a container with a parent reading a parent's member declared `private` (or
    /// `fileprivate` in another file), which the container, another type, cannot see.
    case inaccessibleParentMember = "trellis.inaccessible-parent-member"
    /// The container parameter of a factory used other than as `c.member`, or taken beside other
    /// parameters.
    case containerParameterEscapes = "trellis.container-parameter-escapes"
    /// A name declared inside a container-taking factory that hides a member it reads as `c.member`.
    case containerParameterShadowed = "trellis.container-parameter-shadowed"

    // Hierarchies.
    /// A child container member with a factory, `Type.self` or `with:`.
    case childWithFactory = "trellis.child-with-factory"
    /// A child container member whose type is not a container type name.
    case invalidChildType = "trellis.invalid-child-type"
    /// A container that owns its own type.
    case containerOwnsItself = "trellis.container-owns-itself"
    /// A `.child` whose owner does not declare `: <Child>Dependencies`.
    case childNeedsNotDeclared = "trellis.child-needs-not-declared"
    /// A member built when the container is created reading a child container, which is built on
    /// first access.
    case eagerReadsChild = "trellis.eager-reads-child"
    /// A member isolated to a global actor (`@MainActor var model`) that the container, not isolated
    /// to it, would build in its nonisolated initializer or builders.
    case memberIsolationMismatch = "trellis.member-isolation-mismatch"
    /// `service: true` on a member that is not one instance for the container's life (a
    /// `.transient` member or a child container).
    case serviceNotSingleInstance = "trellis.service-not-single-instance"

    // Providers and lazy values.
    /// A `Provider<T>` or `Lazy<T>` factory parameter whose `T` is not the type of the member it names.
    case providerTypeMismatch = "trellis.provider-type-mismatch"
    /// A `Provider<T>` or `Lazy<T>` of a member it cannot give: one that awaits, throws or takes
    /// arguments, or any member of a container isolated to a global actor.
    case unsupportedProvider = "trellis.unsupported-provider"

    // Collections (multibindings).
    /// A `.collection` member whose type is not `[T]`, `Set<T>` or `[Key: T]`.
    case invalidCollectionType = "trellis.invalid-collection-type"
    /// A `.collection` member with a factory, `Type.self` or `with:`: it is built from its contributions.
    case collectionWithFactory = "trellis.collection-with-factory"
    /// A `.collection` member nothing contributes to, not declared `allowsEmpty: true`.
    case emptyCollection = "trellis.empty-collection"
    /// `into:` or `elementsInto:` naming no `.collection` member of the container.
    case unknownCollection = "trellis.unknown-collection"
    /// A contribution's `key:` missing (one entry of a dictionary), or present where it has no use (an array or a
    /// set, or `elementsInto:`, whose entries bring their own keys).
    case contributionKey = "trellis.contribution-key"
    /// Two contributions to one dictionary under the same key.
    case duplicateContributionKey = "trellis.duplicate-contribution-key"
    /// A contribution the collection, read synchronously and without `try`, cannot take: an async
    /// member or one whose read throws.
    case unsupportedContribution = "trellis.unsupported-contribution"

    // Runtime arguments (`@Assisted`).
    /// An argument of an `@Assisted` function named like a member of the container.
    case argumentShadowsMember = "trellis.argument-shadows-member"
    /// An argument of an `@Assisted` function that its factory never receives.
    case unusedArgument = "trellis.unused-argument"
    /// An `@Assisted` function whose factory awaits or throws without the function declaring it.
    case assistedEffectNotDeclared = "trellis.assisted-effect-not-declared"
    /// A member reading an `@Assisted` function other than by calling it through the container from
    /// a member built after the container exists.
    case readsAssistedMember = "trellis.reads-assisted-member"

    // Whole program (the `trellis` tool).
    /// Containers that build each other in a cycle.
    case containerCycle = "trellis.container-cycle"
    /// Two containers declared with the same name.
    case ambiguousContainer = "trellis.ambiguous-container"
    /// An owner lacking a member that a `.child` (or a child it forwards to) needs.
    case missingChildDependency = "trellis.missing-child-dependency"
    /// An `init` in an extension of a container in another file.
    case crossFileInitializer = "trellis.cross-file-initializer"
    /// An `@Assisted(.scope)` function whose parameters are not its scope's `.argument` members.
    case scopeArgumentMismatch = "trellis.scope-argument-mismatch"
    /// A `.child` or `.forwardingChild` whose container has `.argument` members, which its owner
    /// cannot pass.
    case childTakesArguments = "trellis.child-takes-arguments"
    /// A member nothing reads: no other member, no child or scope it provides for, no service group,
    /// and no scanned source (`trellis validate --unused`; a warning unless `--unused-as-errors`).
    case unusedMember = "trellis.unused-member"

    /// A member the container keeps holding a provider or function value of it (reached weakly), in
    /// a container with services that does not say whether it is permanent (a warning).
    case weakContainerLink = "trellis.weak-container-link"

    /// The severity issues of this code have unless a rule says otherwise.
    public var defaultSeverity: Severity { self == .unusedMember || self == .weakContainerLink ? .warning : .error }
}
