/// One `@Provide` member of a container.
public struct Member: Hashable, Sendable {
    /// The property's name.
    public var name: String
    /// The property's declared type.
    public var type: MemberType
    /// `.input`, `.shared` or `.transient`.
    public var scope: MemberScope
    /// AutoWiring: the type named by `Type.self`, if given.
    public var autoWiringType: String?
    /// The `with:` entries as member names, in order, when `with:` is given.
    public var withEntries: [String]?
    /// The `factory:` argument, if given.
    public var factory: Factory?
    /// The `asyncFactory:` argument, if given.
    public var asyncFactory: Factory?
    /// `concrete: true` was written.
    public var concreteOptIn: Bool
    /// The member is marked `nonisolated`.
    public var isNonisolated: Bool
    /// The members this one reads, in source order (closure parameters, `with:` entries, `c.member` reads).
    public var dependencies: [Dependency]
    /// Type names whose initializers the factory calls; the graph tool links containers through them.
    public var constructedTypes: [String]
    /// An `.input`'s or `.argument`'s initial value as written (`= SystemClock()`): the default of
    /// its initializer parameter.
    public var defaultValue: String?
    /// The global actor an attribute on the member isolates it to (`MainActor` for `@MainActor`).
    public var globalActor: String?
    /// The member is marked deprecated (`@available(*, deprecated)`): generated code reads it
    /// without its accessor, so that only the user's own reads warn.
    public var isDeprecated: Bool
    /// The access level the member is declared with (`internal` when none is written): a scope, another
    /// type, cannot read its parent's `private` member, nor a `fileprivate` one from another file.
    public var access: AccessLevel = .internal
    /// An `@Assisted` member: a function whose caller passes these arguments, built anew on every
    /// call from them and from the members its factory reads. `nil` for a `@Provide` property.
    public var signature: AssistedSignature?
    /// `service: true` (or `shutdown:`) was written: the member has a lifecycle (a server, a
    /// connection pool, a worker) and the container lists it, in start order, in its
    /// `serviceStartOrder`.
    public var isService: Bool
    /// `shutdown:` was written: the member's value is not a service itself, but a resource that its
    /// closure closes once the services that read it have stopped (an HTTP client, an event loop
    /// group). Such a member is a service (``isService``) whose run waits for graceful shutdown.
    public var closesOnShutdown = false
    /// For a `.collection` member (whose scope is ``MemberScope/transient``: it is built on every
    /// read), its shape; `nil` for any other member.
    public var collection: CollectionDeclaration? = nil
    /// The `.collection` member this member contributes to (`into:`, `elementsInto:`), if any.
    public var contribution: Contribution? = nil

    /// Creates a member description.
    public init(
        name: String,
        type: MemberType,
        scope: MemberScope = .shared,
        autoWiringType: String? = nil,
        withEntries: [String]? = nil,
        factory: Factory? = nil,
        asyncFactory: Factory? = nil,
        concreteOptIn: Bool = false,
        isNonisolated: Bool = false,
        dependencies: [Dependency] = [],
        constructedTypes: [String] = [],
        defaultValue: String? = nil,
        isDeprecated: Bool = false,
        globalActor: String? = nil,
        signature: AssistedSignature? = nil,
        isService: Bool = false
    ) {
        self.name = name
        self.type = type
        self.scope = scope
        self.autoWiringType = autoWiringType
        self.withEntries = withEntries
        self.factory = factory
        self.asyncFactory = asyncFactory
        self.concreteOptIn = concreteOptIn
        self.isNonisolated = isNonisolated
        self.dependencies = dependencies
        self.constructedTypes = constructedTypes
        self.defaultValue = defaultValue
        self.isDeprecated = isDeprecated
        self.globalActor = globalActor
        self.signature = signature
        self.isService = isService
    }

    /// The factory that builds the member (`asyncFactory` wins when both are given, which is an error).
    public var effectiveFactory: Factory? { asyncFactory ?? factory }

    /// Whether the member is built by an `asyncFactory`.
    public var isAsync: Bool { asyncFactory != nil && !scope.isSupplied }

    /// Whether reading the member awaits: it is built by an `asyncFactory`, or it is an
    /// `@Assisted` function declared `async`.
    public var readAwaits: Bool { signature?.isAsync ?? isAsync }

    /// Whether building the member can throw: an `@Assisted` function declared `throws`, or a
    /// member built by a factory closure declared `throws`. Never for a supplied member.
    public var buildThrows: Bool {
        !scope.isSupplied && (signature?.isThrowing ?? (effectiveFactory?.isThrowing == true))
    }

    /// Whether the member is an `@Assisted(.scope)` function, which creates a scope container.
    public var createsScope: Bool { signature?.createsScope == true }

    /// Whether reading the member throws: an `@Assisted` function declared `throws`, or a member
    /// whose throwing factory runs when it is read (`.transient`, `.onDemand`, async `.shared`).
    public var readThrows: Bool {
        signature?.isThrowing ?? (effectiveFactory?.isThrowing == true && (scope.isBuiltOnRead || isAsync))
    }

    /// Whether the member is an `@Assisted` function, called with arguments.
    public var isAssisted: Bool { signature != nil }

    /// The member as its readers name it: `detail(itemID:)` for an `@Assisted` function, else its name.
    public var displayName: String {
        guard let signature else { return name }
        return "\(name)(\(signature.arguments.map { "\($0.label ?? "_"):" }.joined()))"
    }

    /// The names this member reads, in source order, without repeats.
    public var dependencyNames: [String] {
        var seen = Set<String>()
        return dependencies.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The names this member reads while it is built, in source order, without repeats: its
    /// dependencies but those it receives as a `Provider` or `Lazy`. These order the build and can
    /// close a cycle.
    public var constructionDependencyNames: [String] {
        var seen = Set<String>()
        return dependencies.filter(\.access.readsAtConstruction).map(\.name).filter { seen.insert($0).inserted }
    }

    /// Whether the member receives any other member as a `Provider`, a `Lazy` or a function value
    /// through a factory parameter, which reach the container through its link. A `c.function`
    /// taken as a value is not one: it calls the function on the container its builder is given.
    public var readsThroughProvider: Bool { dependencies.contains(where: \.reachesContainerThroughLink) }
}

/// The signature of an `@Assisted` function: the arguments its caller passes and the effects it declares.
public struct AssistedSignature: Hashable, Sendable {
    /// The parameters, in order.
    public var arguments: [RuntimeArgument]
    /// The function is declared `async`.
    public var isAsync: Bool
    /// The function is declared `throws`.
    public var isThrowing: Bool
    /// `@Assisted(.scope)`: the function creates a scope container of its return type,
    /// `Scope(dependencies: container, <argument>: <argument>...)`, whose `.argument` members are
    /// the function's arguments and whose `.input` members this container provides.
    public var createsScope: Bool

    /// Creates a signature.
    public init(arguments: [RuntimeArgument], isAsync: Bool = false, isThrowing: Bool = false, createsScope: Bool = false) {
        self.arguments = arguments
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.createsScope = createsScope
    }

    /// The argument whose parameter name is `name`, if any.
    public func argument(named name: String) -> RuntimeArgument? {
        arguments.first { $0.name == name }
    }
}

/// One parameter of an `@Assisted` function: a value only its caller knows.
public struct RuntimeArgument: Hashable, Sendable {
    /// The argument label callers write, or `nil` for `_`.
    public var label: String?
    /// The parameter name, which the factory's closure parameter of the same name receives.
    public var name: String
    /// The parameter's type as written.
    public var type: String

    /// Creates an argument.
    public init(label: String?, name: String, type: String) {
        self.label = label
        self.name = name
        self.type = type
    }
}

/// The lifetime of a member, as in `DIScope`.
public enum MemberScope: String, Hashable, Sendable, CaseIterable {
    /// Supplied by the creator of the container.
    case input
    /// Supplied by the creator of a scope container as an argument of its `init(dependencies:…)`
    /// (the parent's `@Assisted(.scope)` function passes its own arguments), and left out of the
    /// container's `<Name>Dependencies`: a value known only where the scope is created.
    case argument
    /// Built once per container.
    case shared
    /// Built on every access.
    case transient
    /// Built once, on first access.
    case onDemand
    /// An owned child container whose needs the owner provides.
    case child
    /// An owned child container whose needs the owner passes up to its own owner.
    case forwardingChild
    /// Built on every access from the members that contribute to it (its details, its shape and
    /// whether it may be empty, are the member's ``Member/collection``).
    case collection

    /// Whether the member is a child container.
    public var isChild: Bool {
        switch self {
        case .child, .forwardingChild: true
        case .input, .argument, .shared, .transient, .onDemand, .collection: false
        }
    }

    /// Whether the member's value is passed in by whoever creates the container (`.input`,
    /// `.argument`): stored as given, never built, a required initializer parameter.
    public var isSupplied: Bool {
        switch self {
        case .input, .argument: true
        case .shared, .transient, .onDemand, .child, .forwardingChild, .collection: false
        }
    }

    /// Whether a read of the member may build it, running its factory: `.transient` and `.collection`
    /// on every read, `.onDemand` on the first (again after a build that threw).
    public var isBuiltOnRead: Bool { isBuiltOnEveryRead || self == .onDemand }

    /// Whether the member is built anew on every access (`.transient`, `.collection`): no value is
    /// kept, only a test's override.
    public var isBuiltOnEveryRead: Bool {
        switch self {
        case .transient, .collection: true
        case .input, .argument, .shared, .onDemand, .child, .forwardingChild: false
        }
    }
}

/// A member's declared type, as written, with what the rules need to know about it.
public struct MemberType: Hashable, Sendable {
    /// The type as written (`any APIClientProtocol`).
    public var text: String
    /// Its shape.
    public var kind: MemberTypeKind
    /// A function type (`@Sendable () -> Date`, possibly through a typealias the container declares):
    /// an initializer parameter of this type is `@escaping`, since the container stores it.
    public var isFunction: Bool

    /// Creates a type description.
    public init(_ text: String, kind: MemberTypeKind, isFunction: Bool = false) {
        self.text = text
        self.kind = kind
        self.isFunction = isFunction
    }

    /// The type as a stored property or a protocol requirement can have it: `some P` is written
    /// `any P`. Only a `.transient` member may have an opaque type (Trellis reports it on any other);
    /// the code generated beside that error stores the existential, so that it compiles and the
    /// error stays the only one.
    public var storableText: String {
        guard kind == .opaque, text.hasPrefix("some"), text.dropFirst(4).first?.isWhitespace == true else { return text }
        return "any" + text.dropFirst(4)
    }

    /// `T` for `T?`, `T!` or `Optional<T>` as written (trimmed, as member types are); any other type
    /// as it is: what a closure given an optional member's value, when present, takes.
    public var unwrappedText: String {
        if text.hasSuffix("?") || text.hasSuffix("!") { return String(text.dropLast()) }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { return String(text.dropFirst("Optional<".count).dropLast()) }
        return text
    }

    /// Whether the type, as written, is an optional (`T?`, `T!`, `Optional<T>`).
    public var isOptional: Bool { unwrappedText != text }

    /// Whether a value of this type can be a factory closure's parameter written as `name: Type`
    /// (not an opaque type, which a parameter cannot have, nor a function type, which needs
    /// `@escaping`).
    public var isPlainParameterType: Bool { kind != .opaque && !isFunction }

    /// Whether the type is written as a type's name (`Feature`, `Module.Feature`), as a container
    /// that another container owns or creates must be.
    public var isContainerTypeName: Bool {
        kind == .concrete
            && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } && text.first?.isLetter == true
    }
}

/// The shape of a member's type, which decides whether `concrete: true` is required.
public enum MemberTypeKind: String, Hashable, Sendable, CaseIterable {
    /// `any P` (also `Any`, `AnyObject`, optional existentials).
    case existential
    /// `some P`.
    case opaque
    /// `P & Q`.
    case composition
    /// Anything else: a struct, class, enum, tuple or function type, or a protocol written without `any`.
    case concrete

    /// Whether a member of this type needs `concrete: true`.
    public var requiresConcreteOptIn: Bool {
        switch self {
        case .existential, .opaque, .composition: false
        case .concrete: true
        }
    }
}

/// A `factory:` or `asyncFactory:` argument, reduced to what the rules and the generator need.
public struct Factory: Hashable, Sendable {
    /// How the factory is written.
    public var form: FactoryForm
    /// The closure's signature says `async`.
    public var isAsync: Bool
    /// The closure's signature says `throws`.
    public var isThrowing: Bool
    /// For a closure that declares no result type: the types its `return` statements build
    /// (`return MemoryStore()`), each once, in order.
    public var returnedTypes: [String]
    /// For a factory written as an expression: the members of the container and the arguments of
    /// its `@Assisted` function that it names, each once, in order (`session` in
    /// `NetworkService(session: session)`). Swift rejects each of them there: the attribute is
    /// type-checked in the type's static context, before any container or call exists.
    public var expressionReads: [String]
    /// For a factory written as an expression: whether it says `try` (`try Store(url: url)`), which
    /// an attribute cannot.
    public var expressionTries = false
    /// For a factory written as an expression: whether it says `await` (`await Store.open()`),
    /// which an attribute cannot.
    public var expressionAwaits = false
    /// For a closure taking members: the members its capture list captures (`{ [log] in ... }`), in
    /// order. Swift resolves a capture in the type's static context, so none can be read.
    public var capturedMembers: [String] = []
    /// For a closure taking members: the members its body names without taking them as parameters
    /// (`{ Svc(log: log) }`), in order, which Swift rejects for the same reason.
    public var untakenReads: [String] = []
    /// The names of members (not of a function type) that the factory calls as functions, in order:
    /// a function of that name declared outside the container (`userRoutes(prefix:)` called in the
    /// factory of `userRoutes`), which the member's name hides wherever the container's members are
    /// in scope, as in its attributes.
    public var hiddenCalls: [String] = []
    /// For a closure: whether its body uses `self`, which a factory, called while the container is
    /// being built, does not have.
    public var usesSelf = false
    /// For a closure: whether it declares a parameter without a type (`{ log in ... }`), beside which
    /// no typed one can be added.
    public var hasUntypedParameters = false
    /// For a function named with its argument labels (`Mail.init(user:)`), called with the members
    /// they name, the function it calls (`Mail.init`): its form is
    /// ``FactoryForm/parameterClosure(parameters:)``, but no closure is written, so nothing can say
    /// `throws` or `async` in it. `nil` for any other factory.
    public var calledFunction: String?

    /// Creates a factory description.
    public init(
        form: FactoryForm, isAsync: Bool = false, isThrowing: Bool = false, returnedTypes: [String] = [],
        expressionReads: [String] = []
    ) {
        self.form = form
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.returnedTypes = returnedTypes
        self.expressionReads = expressionReads
    }
}

/// The ways a factory can be written.
public enum FactoryForm: Hashable, Sendable {
    /// An expression evaluated each time the member is built (`APIClient()`, `URLSession.shared`).
    case expression
    /// A closure whose parameters name the members they receive (`{ (baseURL: String) in ... }`).
    case parameterClosure(parameters: [String])
    /// A closure taking the container (`{ (c: Self) in ... c.session ... }`).
    case containerClosure(parameter: String)

    /// Whether the factory is a closure literal.
    public var isClosure: Bool {
        switch self {
        case .expression: false
        case .parameterClosure, .containerClosure: true
        }
    }
}

/// One read of another member.
public struct Dependency: Hashable, Sendable {
    /// The member name read.
    public var name: String
    /// Where the read is written.
    public var origin: DependencyOrigin
    /// Whether the value is read while the member is built, or handed over to be got later.
    public var access: DependencyAccess
    /// For a ``DependencyAccess/provider`` or ``DependencyAccess/lazy`` read, the type argument
    /// written (`any Handler` in `Provider<any Handler>`), which must be the member's type.
    public var valueType: String?
    /// For a factory parameter of a function type (a ``DependencyAccess/function`` read): the
    /// shape of that type.
    public var functionShape: FunctionShape?
    /// For the lone parameter of a factory closure, written without a type (`{ c in ... }`): the
    /// names its body reads from it as `c.name`, in source order. A parameter that is not a member
    /// but reads members so was meant to be the container, `(c: Self)`.
    public var namesReadThrough: [String]

    /// Creates a dependency.
    public init(
        _ name: String, origin: DependencyOrigin, access: DependencyAccess = .value, valueType: String? = nil,
        functionShape: FunctionShape? = nil, namesReadThrough: [String] = []
    ) {
        self.name = name
        self.origin = origin
        self.access = access
        self.valueType = valueType
        self.functionShape = functionShape
        self.namesReadThrough = namesReadThrough
    }

    /// Whether the read hands the reader a `Provider`, a `Lazy` or a function value through a
    /// factory parameter, which reaches the container through its link (weakly from a member the
    /// container keeps).
    public var reachesContainerThroughLink: Bool { !access.readsAtConstruction && origin != .containerRead }

    /// Whether the read takes an `@Assisted` function through the container as a value (`c.scope`,
    /// not called): a closure calling it on the container a builder is given, which needs no link.
    public var isFunctionValueThroughContainer: Bool { origin == .containerRead && access == .function }
}

/// A function type as a factory parameter declares it: how many parameters it takes and its effects.
public struct FunctionShape: Hashable, Sendable {
    /// The number of parameters.
    public var parameterCount: Int
    /// The type says `async`.
    public var isAsync: Bool
    /// The type says `throws`.
    public var isThrowing: Bool

    /// Creates a shape.
    public init(parameterCount: Int, isAsync: Bool = false, isThrowing: Bool = false) {
        self.parameterCount = parameterCount
        self.isAsync = isAsync
        self.isThrowing = isThrowing
    }
}

/// How a member receives another member it reads.
public enum DependencyAccess: String, Hashable, Sendable, CaseIterable {
    /// The value, read while the member is built.
    case value
    /// A `Provider<T>`: the member's value on each call (a new one for a `.transient` member, the
    /// container's one otherwise), got when the reader chooses, or never.
    case provider
    /// A `Lazy<T>`: the member's value got on the first call and kept by the `Lazy`.
    case lazy
    /// An `@Assisted` function taken as a function value (a parameter of a function type named
    /// after it, `(request: @escaping @Sendable (String) -> RequestScope)`): each call of the value
    /// calls the function on the container.
    case function

    /// Whether the value is read while the reader is built; a provider, lazy value or function
    /// defers the read, so it orders nothing at construction and closes no cycle.
    public var readsAtConstruction: Bool { self == .value }

    /// The Trellis type a factory parameter declares to receive this access (`Provider`, `Lazy`).
    public var typeName: String? {
        switch self {
        case .value, .function: nil
        case .provider: "Provider"
        case .lazy: "Lazy"
        }
    }
}

/// Where a dependency is written.
public enum DependencyOrigin: String, Hashable, Sendable, CaseIterable {
    /// A parameter of a factory closure.
    case closureParameter
    /// An entry of `with:`.
    case withEntry
    /// A `c.member` read in a closure that takes the container.
    case containerRead
    /// A member contributing to a `.collection` member (`into:` or `elementsInto:` on the contributor).
    case contribution
    /// A member named in a factory written as an expression (`session` in `factory:
    /// NetworkService(session: session)`). Swift rejects the read (the attribute is type-checked
    /// before any container exists) and Trellis reports it, but it is the edge the user meant, so the
    /// graph and its cycles are the intended ones from the first round.
    case expressionRead
}

/// A `.collection` member: what its type is and whether it may be empty.
public struct CollectionDeclaration: Hashable, Sendable {
    /// The shape of the collection.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `[T]`: the contributions in declaration order.
        case array
        /// `Set<T>`.
        case set
        /// `[Key: T]`: one entry per `into:` contribution, under its `key:`.
        case dictionary
    }

    /// The shape, or `nil` when the declared type is none of `[T]`, `Set<T>`, `[Key: T]`.
    public var kind: Kind?
    /// `allowsEmpty: true` was written.
    public var allowsEmpty: Bool

    /// Creates a collection declaration.
    public init(kind: Kind?, allowsEmpty: Bool = false) {
        self.kind = kind
        self.allowsEmpty = allowsEmpty
    }
}

/// A member's contribution to a `.collection` member of its container.
public struct Contribution: Hashable, Sendable {
    /// The collection member's name.
    public var collection: String
    /// The key of a dictionary entry, as written.
    public var key: String?
    /// `elementsInto:`: every element of the member (an array or set) rather than the member itself.
    public var elements: Bool

    /// Creates a contribution.
    public init(collection: String, key: String? = nil, elements: Bool = false) {
        self.collection = collection
        self.key = key
        self.elements = elements
    }
}

extension Member {
    /// For a member built by a call that names the members it passes, with no closure written to
    /// say `throws` or `async`: the function called and those members, in order. AutoWiring
    /// (`TokenVerifier.self, with: [\\Self.keys]` calls `TokenVerifier(keys:)`), or a function named
    /// with its labels (`Mail.init(user:)`). `nil` for any other member.
    public var callByName: (function: String, members: [String])? {
        guard signature == nil else { return nil }
        if let factory = effectiveFactory {
            guard let function = factory.calledFunction, case .parameterClosure(let names) = factory.form else { return nil }
            return (function, names)
        }
        return autoWiringType.map { ($0, withEntries ?? []) }
    }
}

extension Container {
    /// The factory closure that makes `member`'s call by name (``Member/callByName``), saying
    /// `effects` (`"async throws"`), which the call cannot: `{ (keys: Keys) async in
    /// TokenVerifier(keys: keys) }`. `isWritable` is false when a member it passes has a type a
    /// closure parameter cannot take as written (an opaque or a function type), as for every
    /// fix-it that writes parameters. `nil` for a member built otherwise.
    public func callingClosure(of member: Member, effects: String) -> (text: String, isWritable: Bool)? {
        guard let call = member.callByName else { return nil }
        let types = call.members.map { self.member(named: $0)?.type }
        let parameters = zip(call.members, types).map { "\($0): \($1?.text ?? "_")" }.joined(separator: ", ")
        let arguments = call.members.map { "\($0): \($0)" }.joined(separator: ", ")
        let head = "(\(parameters))" + (effects.isEmpty ? "" : " \(effects)")
        return ("{ \(head) in \(call.function)(\(arguments)) }", types.allSatisfy { $0?.isPlainParameterType == true })
    }
}
