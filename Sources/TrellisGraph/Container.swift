/// Every container found in a program (one file for the macro, a whole source tree for the tool).
public struct Program: Hashable, Sendable {
    /// The containers in the order they were found.
    public var containers: [Container]

    /// Creates a program from its containers.
    public init(containers: [Container]) {
        self.containers = containers
    }
}

/// One `@DIContainer` declaration: its options and its members, free of any syntax.
public struct Container: Hashable, Sendable {
    /// The type's name as written (`AppContainer`).
    public var name: String
    /// What kind of declaration carries the attribute.
    public var kind: DeclarationKind
    /// The access level of the declaration; the generated initializer gets the same.
    public var accessLevel: AccessLevel
    /// The arguments of `@DIContainer(...)`.
    public var options: ContainerOptions
    /// The `@Provide` members in declaration order.
    public var members: [Member]
    /// How many initializers the user wrote in the body or a same-file extension.
    public var userInitializerCount: Int
    /// Global-actor attributes written on the type (for example `MainActor`).
    public var globalActorAttributes: [String]
    /// The protocols and superclasses written in the type's inheritance clause.
    public var declaredConformances: [String]
    /// The global actor the container is isolated to: `MainActor` for `mainActor: true`, otherwise
    /// its first global-actor attribute; nil when it is not isolated. Its providers and function
    /// values could not be called from elsewhere, and its async members start inline.
    public var isolatingActor: String? {
        options.mainActor ? "MainActor" : globalActorAttributes.first
    }
    /// Whether the container's `Provider`, `Lazy` and function values are read on the main actor,
    /// where their calls must be made (`Trellis.MainActorRead`): it is isolated to the main actor.
    public var readsProvidersOnMainActor: Bool { isolatingActor == "MainActor" }
    /// Whether the container can give `Provider`, `Lazy` and function values: it is isolated to no
    /// actor, or to the main actor (``readsProvidersOnMainActor``). Swift has no check that a call
    /// is on another global actor, which a call from elsewhere would leave.
    public var givesProviders: Bool { isolatingActor == nil || readsProvidersOnMainActor }
    /// The first read that makes the container `Sendable` where it does not declare it (the
    /// `@DIContainer` extension adds the conformance): a `Provider`, a `Lazy` or a function value
    /// reaching it through its link, or an `@Assisted` function taken through the container as a
    /// value (`c.scope`), which holds the container; each may be called from any thread. (In a struct
    /// the last also ends, without the conformance, in Swift's "circular reference" on the
    /// container's name: Swift checks the copy the value holds while the macro that adds the
    /// conformance is being resolved.) Nil when no read does.
    public var sendableCause: (member: Member, dependency: Dependency)? {
        for member in members {
            for dependency in member.dependencies
            where dependency.reachesContainerThroughLink || dependency.isFunctionValueThroughContainer {
                return (member, dependency)
            }
        }
        return nil
    }
    /// What the declaration holds besides its members, for ``DeclarationRules``.
    public var declaration = DeclarationFacts()

    /// Creates a container description.
    public init(
        name: String,
        kind: DeclarationKind = .structure,
        accessLevel: AccessLevel = .internal,
        options: ContainerOptions = ContainerOptions(),
        members: [Member] = [],
        userInitializerCount: Int = 0,
        globalActorAttributes: [String] = [],
        declaredConformances: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.accessLevel = accessLevel
        self.options = options
        self.members = members
        self.userInitializerCount = userInitializerCount
        self.globalActorAttributes = globalActorAttributes
        self.declaredConformances = declaredConformances
    }

    /// The name of the protocol listing what this container needs from its owner.
    public var dependenciesProtocolName: String { Self.dependenciesProtocolName(of: name) }

    /// The needs protocol of the container type written `typeName` (`Feature.FeatureContainer`
    /// gives `Feature.FeatureContainerDependencies`, declared beside the type).
    public static func dependenciesProtocolName(of typeName: String) -> String {
        "\(typeName)Dependencies"
    }

    /// The members this container owns as `.forwardingChild`; its needs include theirs, and it can
    /// only be created from an owner.
    public var forwardingChildren: [Member] { members.filter { $0.scope == .forwardingChild } }

    /// The member with this name, if any.
    public func member(named name: String) -> Member? {
        members.first { $0.name == name }
    }

    /// Whether `name`, read by one of this container's members, is read from its parent: the
    /// container declares `parent:` and has no member of that name. (An `@Assisted` function's
    /// factory may also read its own arguments, which are neither.)
    public func readsFromParent(_ name: String, by member: Member) -> Bool {
        options.parent != nil && self.member(named: name) == nil
            && !(member.signature?.arguments.contains { $0.name == name } ?? false)
    }

    /// The names `member` reads from the parent, in source order, without repeats: those of
    /// ``readsFromParent(_:by:)``, and for an `.input` member its own name (it is read from the
    /// parent once, when the container is created).
    public func parentReads(of member: Member) -> [String] {
        guard options.parent != nil else { return [] }
        if member.scope == .input { return [member.name] }
        var seen = Set<String>()
        return member.dependencies.map(\.name).filter { readsFromParent($0, by: member) && seen.insert($0).inserted }
    }
}

/// The arguments of `@DIContainer(root:validateDAG:mainActor:)` that change anything (`validate:`
/// is accepted for the seed's API and changes nothing: every rule always applies).
public struct ContainerOptions: Hashable, Sendable {
    /// Marks the container as a root in graph output.
    public var root: Bool
    /// When `false`, whole-program checks leave the container out.
    public var validateDAG: Bool
    /// Isolates the generated initializer and accessors to the main actor.
    public var mainActor: Bool
    /// Every member may have a concrete type without its own `concrete: true`.
    public var concrete: Bool
    /// `parent: Type.self`: the container that creates this one (through an `@Assisted(.scope)`
    /// function) and whose members it reads without restating them, the type's name as written.
    public var parent: String?
    /// `permanent: true`: the container keeps itself alive through the providers and function values
    /// it gives, so a member it keeps may call them after the program's last reference to it is
    /// gone; it is never released. `nil` when the argument is not written (which is `false`).
    public var permanent: Bool?

    /// Creates options; the defaults are those of `@DIContainer`.
    public init(
        root: Bool = false, validateDAG: Bool = true, mainActor: Bool = false, concrete: Bool = false, parent: String? = nil,
        permanent: Bool? = nil
    ) {
        self.root = root
        self.validateDAG = validateDAG
        self.mainActor = mainActor
        self.concrete = concrete
        self.parent = parent
        self.permanent = permanent
    }
}

/// The kind of declaration an attribute is attached to.
public enum DeclarationKind: String, Hashable, Sendable, CaseIterable {
    /// `struct`.
    case structure = "struct"
    /// `final class`.
    case finalClass = "final class"
    /// A class that is not `final`.
    case openableClass = "class"
    /// `actor`.
    case actor
    /// `enum`.
    case enumeration = "enum"
    /// `protocol`.
    case protocolDeclaration = "protocol"
    /// `extension`.
    case extensionDeclaration = "extension"

    /// Whether `@DIContainer` can be attached to this kind of declaration.
    public var canBeContainer: Bool {
        switch self {
        case .structure, .finalClass: true
        case .openableClass, .actor, .enumeration, .protocolDeclaration, .extensionDeclaration: false
        }
    }
}

/// Swift access levels, ordered from the most to the least visible.
public enum AccessLevel: String, Hashable, Sendable, CaseIterable {
    /// `open`.
    case open
    /// `public`.
    case `public`
    /// `package`.
    case package
    /// `internal` (also when nothing is written).
    case `internal`
    /// `fileprivate`.
    case `fileprivate`
    /// `private`.
    case `private`

    /// How far the level reaches, from `private` (0) to `open` (5), for comparing levels.
    public var visibility: Int {
        switch self {
        case .private: 0
        case .fileprivate: 1
        case .internal: 2
        case .package: 3
        case .public: 4
        case .open: 5
        }
    }

    /// The modifier of a protocol declared beside a type at this level, or `nil` for none.
    public var protocolModifier: String? {
        switch self {
        case .open, .public: "public"
        case .package: "package"
        case .internal: nil
        case .fileprivate, .private: "fileprivate"
        }
    }

    /// The modifier a generated initializer of a type at this level carries, or `nil` for none.
    ///
    /// `open` types get a `public` initializer; `private` and `fileprivate` types get none, so the
    /// initializer is visible wherever the type is.
    public var initializerModifier: String? {
        switch self {
        case .open, .public: "public"
        case .package: "package"
        case .internal, .fileprivate, .private: nil
        }
    }
}
