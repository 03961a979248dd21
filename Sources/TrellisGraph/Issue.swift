/// A problem found in a program: the rule it breaks, where, and how to fix it.
public struct Issue: Hashable, Sendable {
    /// The rule, with its stable identifier.
    public var code: IssueCode
    /// Error or warning.
    public var severity: Severity
    /// What is wrong, where, and what to do.
    public var message: String
    /// The piece of the declaration the issue points at.
    public var anchor: Anchor
    /// Edits that fix the problem, when the fix is unambiguous.
    public var fixes: [Fix]

    /// Creates an issue; the severity defaults to the code's.
    public init(_ code: IssueCode, _ message: String, at anchor: Anchor, fixes: [Fix] = [], severity: Severity? = nil) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.anchor = anchor
        self.fixes = fixes
    }

    /// Whether the issue stops code generation.
    public var isError: Bool { severity == .error }

    /// `attribute` written again on `declaration` (a container's or a member's name), at the
    /// repetition.
    public static func repeatedAttribute(_ attribute: String, on declaration: String, at anchor: Anchor) -> Issue {
        Issue(
            .repeatedAttribute, "@\(attribute) is written twice on '\(declaration)'; remove this one", at: anchor,
            fixes: [.removeAttribute(attribute)])
    }

    /// `@Provide` on a declaration outside any `@DIContainer`: raised by the macro (which sees its
    /// lexical context) and by the tool (which sees the whole file), with the same words.
    /// `attribute` is `Provide` or `Assisted`; `inExtension` when the declaration is directly in an
    /// extension (of a container, most likely: its members are declared in its own body, which is
    /// all `@DIContainer` sees).
    public static func provideOutsideContainer(at anchor: Anchor, attribute: String = "Provide", inExtension: Bool = false)
        -> Issue
    {
        let message =
            inExtension
            ? "@\(attribute) members are declared in the @DIContainer type's own body, which is all the macro sees, not in an extension; move it there or remove @\(attribute)"
            : "@\(attribute) declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @\(attribute)"
        return Issue(.provideOutsideContainer, message, at: anchor)
    }
}

/// How serious an issue is.
public enum Severity: String, Hashable, Sendable, CaseIterable {
    /// The program is wrong; nothing is generated.
    case error
    /// The program works but something is likely unintended.
    case warning
}

/// The piece of source an issue points at, named through the model so that every front end can map
/// it back: the macro to a syntax node, the tool to `file:line:column`.
public enum Anchor: Hashable, Sendable {
    /// The container's name.
    case container(String)
    /// An argument of `@DIContainer(...)`, by label.
    case containerArgument(container: String, label: String)
    /// A user-written initializer of the container (the n-th, from zero).
    case userInitializer(container: String, index: Int)
    /// A global-actor attribute of the container, by name.
    case containerAttribute(container: String, name: String)
    /// A member's name.
    case member(container: String, member: String)
    /// A member's type annotation.
    case memberType(container: String, member: String)
    /// An argument of a member's `@Provide(...)`.
    case memberArgument(container: String, member: String, argument: ProvideArgument)
    /// The n-th (from zero) dependency of a member, as listed in ``Member/dependencies``.
    case dependency(container: String, member: String, index: Int)
    /// Another syntax node found by the extractor (a binding, a closure parameter, a use of the container
    /// parameter), by an index the extractor assigns within the member.
    case memberDetail(container: String, member: String, index: Int)
    /// The n-th (from zero) parameter of an `@Assisted` function, as listed in ``AssistedSignature/arguments``.
    case argument(container: String, member: String, index: Int)
    /// The n-th (from zero) node of a member's factory closure that a rule points at: a captured
    /// member, a member read without being taken, a use of `self`.
    case factoryDetail(container: String, member: String, index: Int)
    /// An `init` written in an extension of a container (the n-th, from zero, among the initializers of
    /// extensions of that type in one file). Only the whole-program rules of the `trellis` tool use it.
    case extensionInitializer(type: String, index: Int)
    /// Another node of the container's declaration that is not a member (its generic parameters, a
    /// stored property the generated initializer cannot set, an `#if` block), by an index the
    /// extractor assigns within the container.
    case containerDetail(container: String, index: Int)

    /// The member the anchor points into, if it is one's (its name, type, an argument, a read).
    public var memberName: String? {
        switch self {
        case .member(_, let member), .memberType(_, let member), .memberArgument(_, let member, _),
            .dependency(_, let member, _), .memberDetail(_, let member, _), .argument(_, let member, _),
            .factoryDetail(_, let member, _):
            member
        case .container, .containerArgument, .userInitializer, .containerAttribute, .extensionInitializer,
            .containerDetail:
            nil
        }
    }

    /// The container the anchor belongs to.
    public var container: String {
        switch self {
        case .container(let name): name
        case .containerArgument(let container, _), .userInitializer(let container, _),
            .containerAttribute(let container, _), .member(let container, _), .memberType(let container, _),
            .memberArgument(let container, _, _), .dependency(let container, _, _),
            .memberDetail(let container, _, _), .argument(let container, _, _), .factoryDetail(let container, _, _),
            .extensionInitializer(let container, _),
            .containerDetail(let container, _):
            container
        }
    }
}

/// The arguments of `@Provide(...)`.
public enum ProvideArgument: String, Hashable, Sendable, CaseIterable {
    /// The first, unlabelled argument (`.shared`).
    case scope
    /// The second, unlabelled argument (`Type.self`).
    case type
    /// `with:`.
    case with
    /// `factory:`.
    case factory
    /// `asyncFactory:`.
    case asyncFactory
    /// `concrete:`.
    case concrete
    /// `service:`.
    case service
    /// `shutdown:`.
    case shutdown
    /// `into:`.
    case into
    /// `elementsInto:`.
    case elementsInto
    /// `key:`.
    case key
    /// `allowsEmpty:`.
    case allowsEmpty
    /// The attribute as a whole (used when an argument is missing).
    case attribute
}

/// An edit that fixes an issue, described by intent; each front end turns it into text edits.
public enum Fix: Hashable, Sendable {
    /// Add `concrete: true` to the member's `@Provide`.
    case addConcreteOptIn
    /// Write the member's type as an existential: `any <type>`.
    case makeTypeExistential
    /// Replace `some` by `any` in the member's type.
    case replaceOpaqueWithExistential
    /// Rename the dependency at the anchor to a member that exists.
    case renameDependency(to: String)
    /// Declare the closure parameter at the anchor the container, `(c: Self)`: it is not a member,
    /// and the closure reads members through it.
    case declareContainerParameter(named: String)
    /// Remove the user-written initializer at the anchor.
    case removeInitializer
    /// Remove the declaration modifier at the anchor (`static`, `lazy`, `weak`), named.
    case removeModifier(String)
    /// Remove the attribute at the anchor (a second `@Provide`), named without its `@`.
    case removeAttribute(String)
    /// Mark the closure at the anchor `async`.
    case addAsyncEffect
    /// Mark the member's factory closure `throws`.
    case addThrowsEffect
    /// Make the class `final`.
    case makeFinal
    /// Remove a `@Provide` argument.
    case removeArgument(ProvideArgument)
    /// Write the member's scope as `.transient` (an opaque member, which only a member built on
    /// every read can return).
    case makeTransient
    /// Rename `factory:` to `asyncFactory:`.
    case useAsyncFactoryLabel
    /// Add a protocol to the container's inheritance clause.
    case declareConformance(String)
    /// Write `mainActor: true` in the container's `@DIContainer`.
    case addMainActorOption
    /// Write `concrete: true` in the container's `@DIContainer`, which opts every member in.
    case addContainerConcreteOption
    /// Write `permanent: true` in the container's `@DIContainer`.
    case addPermanentOption
    /// Add the effects an `@Assisted` function's build needs to its declaration.
    case addFunctionEffects(async: Bool, throws: Bool)
    /// Write the type argument of the `Provider<T>` or `Lazy<T>` parameter at the anchor as `type`.
    case replaceProvidedType(String)
    /// Write `allowsEmpty: true` in the member's `@Provide`.
    case allowEmptyCollection
    /// Declare the factory closure's result type: `-> <type>`.
    case addResultType(String)
    /// Return the member's `factory:` closure, its value (a function), from a factory closure of
    /// result type `type`: `{ () -> <type> in <closure> }`.
    case returnFromFactory(type: String)
    /// Pass the member's `factory:` closure as `asyncFactory:`, declared `async` (and `throws`). In
    /// a closure that takes the container, each read of a member in `awaiting` gets `await`, and of
    /// one in `trying` gets `try` (`try await c.store`), where the read has none.
    case makeAsyncFactory(throws: Bool, awaiting: [String] = [], trying: [String] = [])
    /// Write the type of the closure parameter at the anchor as `type`.
    case replaceParameterType(String)
    /// Write the key path at the anchor (`\.member`) with its root: `\Self.member`.
    case writeKeyPathRoot(member: String)
    /// Write the member's `@Provide` arguments in the order of the macro's parameters.
    case orderArguments
    /// Write the factory expression of the argument at the anchor as the body of a closure taking the
    /// members `names`, of types `types` (`types[i]` for `names[i]`), declared `throws` when
    /// `isThrowing`: `{ (session: any Session) in Service(session: session) }`.
    case wrapInParameterClosure(names: [String], types: [String], isThrowing: Bool)
    /// Give the member's factory closure the parameters `names`, of types `types`, after those it
    /// declares, in place of its capture list: `{ [log] in ... }` and `{ () in ... log ... }` become
    /// `{ (log: Log) in ... }`.
    case addClosureParameters(names: [String], types: [String])
    /// Remove the member's initial value (the clause at the anchor) and pass it as `factory:`: as
    /// it is when `names` is empty, otherwise as the body of a closure taking the members `names`,
    /// of types `types`, declared `throws` when `isThrowing`.
    case moveInitialValueToFactory(names: [String], types: [String], isThrowing: Bool)
    /// Write the closure parameters at the anchor (`client in`) with their types:
    /// `(client: HTTPClient) in`.
    case typeClosureParameters(names: [String], types: [String])

    /// A stable identifier of the kind of fix (never its title, which may name a member).
    public var identifier: String {
        switch self {
        case .addConcreteOptIn: "add-concrete-opt-in"
        case .makeTypeExistential: "make-type-existential"
        case .replaceOpaqueWithExistential: "replace-opaque-with-existential"
        case .renameDependency: "rename-dependency"
        case .declareContainerParameter: "declare-container-parameter"
        case .removeInitializer: "remove-initializer"
        case .removeModifier: "remove-modifier"
        case .removeAttribute: "remove-attribute"
        case .addAsyncEffect: "add-async-effect"
        case .addThrowsEffect: "add-throws-effect"
        case .makeFinal: "make-final"
        case .removeArgument: "remove-argument"
        case .makeTransient: "make-transient"
        case .useAsyncFactoryLabel: "use-async-factory-label"
        case .declareConformance: "declare-conformance"
        case .addMainActorOption: "add-main-actor-option"
        case .addContainerConcreteOption: "add-container-concrete-option"
        case .addPermanentOption: "add-permanent-option"
        case .addFunctionEffects: "add-function-effects"
        case .replaceProvidedType: "replace-provided-type"
        case .allowEmptyCollection: "allow-empty-collection"
        case .addResultType: "add-result-type"
        case .returnFromFactory: "return-from-factory"
        case .makeAsyncFactory: "make-async-factory"
        case .replaceParameterType: "replace-parameter-type"
        case .writeKeyPathRoot: "write-key-path-root"
        case .orderArguments: "order-arguments"
        case .wrapInParameterClosure: "wrap-in-parameter-closure"
        case .addClosureParameters: "add-closure-parameters"
        case .moveInitialValueToFactory: "move-initial-value-to-factory"
        case .typeClosureParameters: "type-closure-parameters"
        }
    }

    /// The fix-it's title, as an editor shows it.
    public var title: String {
        switch self {
        case .addConcreteOptIn: "add 'concrete: true'"
        case .makeTypeExistential: "write 'any' before the type (if it is a protocol)"
        case .replaceOpaqueWithExistential: "replace 'some' with 'any'"
        case .renameDependency(let name): "rename to '\(name)'"
        case .declareContainerParameter(let name): "declare it '(\(name): Self)'"
        case .removeInitializer: "remove the initializer"
        case .removeModifier(let modifier): "remove '\(modifier)'"
        case .removeAttribute(let name): "remove this '@\(name)'"
        case .addAsyncEffect: "add 'async'"
        case .addThrowsEffect: "add 'throws'"
        case .makeFinal: "make the class 'final'"
        case .removeArgument(.type): "remove 'Type.self'"
        case .removeArgument(let argument): "remove '\(argument.rawValue):'"
        case .makeTransient: "make it '.transient'"
        case .useAsyncFactoryLabel: "use 'asyncFactory:'"
        case .declareConformance(let name): "declare ': \(name)'"
        case .addMainActorOption: "add 'mainActor: true' to @DIContainer"
        case .addContainerConcreteOption: "add 'concrete: true' to @DIContainer, for every member"
        case .addPermanentOption: "add 'permanent: true' to @DIContainer"
        case .addFunctionEffects(let isAsync, let isThrowing):
            "add '\([isAsync ? "async" : nil, isThrowing ? "throws" : nil].compactMap { $0 }.joined(separator: " "))'"
        case .replaceProvidedType(let type): "use the member's type '\(type)'"
        case .allowEmptyCollection: "add 'allowsEmpty: true'"
        case .addResultType(let type): "add '-> \(type)'"
        case .returnFromFactory(let type): "return it from 'factory: { () -> \(type) in ... }'"
        case .makeAsyncFactory(let isThrowing, _, _):
            "use 'asyncFactory:' with an '\(isThrowing ? "async throws" : "async")' closure"
        case .replaceParameterType(let type): "write '\(type)'"
        case .writeKeyPathRoot(let member): "write '\\Self.\(member)'"
        case .orderArguments: "put the arguments in order"
        case .moveInitialValueToFactory: "move the initial value into 'factory:'"
        case .addClosureParameters(let names, _):
            names.count == 1
                ? "take '\(names[0])' as a parameter" : "take \(names.map { "'\($0)'" }.joined(separator: ", ")) as parameters"
        case .typeClosureParameters(let names, let types):
            "write '(\(Self.parameterList(names, types)))'"
        case .wrapInParameterClosure(let names, _, let isThrowing) where names.isEmpty:
            isThrowing ? "make it a closure that throws" : "make it a closure"
        case .wrapInParameterClosure(let names, _, _):
            "make it a closure taking "
                + (names.count == 1
                    ? "'\(names[0])'" : "\(names.dropLast().map { "'\($0)'" }.joined(separator: ", ")) and '\(names.last ?? "")'")
        }
    }
}

extension Fix {
    /// `name: Type, ...`: closure parameters `names` of types `types`, as a fix writes them and its
    /// message quotes them.
    public static func parameterList(_ names: [String], _ types: [String]) -> String {
        zip(names, types).map { "\($0): \($1)" }.joined(separator: ", ")
    }
}
